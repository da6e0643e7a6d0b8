export const id = 957;
export const ids = [957];
export const modules = {

/***/ 9957:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  pullRequestCommentPort: () => (/* binding */ pullRequestCommentPort),
  recordPullRequestComment: () => (/* binding */ recordPullRequestComment)
});

// EXTERNAL MODULE: ./src/inputs/parse.ts + 13 modules
var parse = __webpack_require__(7955);
// EXTERNAL MODULE: ./src/records/lifecycle.ts + 1 modules
var lifecycle = __webpack_require__(7128);
// EXTERNAL MODULE: ./src/records/run-record.ts
var run_record = __webpack_require__(7649);
// EXTERNAL MODULE: ./src/records/failure.ts
var failure = __webpack_require__(2516);
// EXTERNAL MODULE: ./src/records/listing.ts
var listing = __webpack_require__(5474);
// EXTERNAL MODULE: ./src/records/heads.ts
var heads = __webpack_require__(541);
;// CONCATENATED MODULE: ./src/records/twins.ts
/**
 * What a run sent and saw of its comment or note (one per step), told by the port as it writes,
 * and what stands after an "in progress" write whose answer was lost (a `ReadBack`).
 */
function twinStory() {
    let story = { opened: { sent: 'nothing' }, closed: { sent: 'nothing' }, elsewhere: false, seen: false, twinLeft: undefined };
    const sent = () => story.opened.sent;
    const openBody = () => (story.opened.sent === 'nothing' ? undefined : story.opened.body);
    const closeBody = () => (story.closed.sent === 'nothing' ? undefined : story.closed.body);
    const closeSent = () => story.closed.sent;
    const seen = () => {
        story = { ...story, seen: true };
    };
    /**
     * A mark only this run writes, below its "in progress" body: another run of the step (a re-run,
     * a second step, a leg with the same marker) writes the same words, and a creation of its that
     * lands late is not this run's lost one. Hidden in the rendered Markdown; not a marker.
     */
    const mark = `<!-- run ${Math.random().toString(16).slice(2, 10).padEnd(8, '0')} -->`;
    const same = (a, b) => a !== undefined && b !== undefined && a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();
    /** The open sent a creation, and the close went to a record it did not find as that one: the creation landing late is a second record. */
    const secondIfLate = () => sent() === 'creation' && story.elsewhere;
    /**
     * What a lost "in progress" write shows if it lands late, as its warning's kind: a second record
     * (`late-twin`); the step's one record, or a second beside another run's (`late-waiting-or-twin`:
     * a creation the close neither found nor wrote beside, found by the explorer); or the record
     * saying "in progress" until the next run (no kind of its own).
     */
    const lateOpenKind = () => secondIfLate() ? 'late-twin' : sent() === 'creation' && closeSent() === 'nothing' && !story.seen ? 'late-waiting-or-twin' : undefined;
    /** `lateOpen`, below: the words of `lateOpenKind`. */
    const lateOpen = (what) => {
        const second = `a second ${what} of this step appears saying "\u23f3 Waiting", which the next run of this step removes`;
        const kind = lateOpenKind();
        if (kind === 'late-twin')
            return second;
        if (kind === 'late-waiting-or-twin')
            return `the ${what} says "\u23f3 Waiting" until the next run, or, if another run of this step wrote its own meanwhile, ${second}`;
        return `the ${what} says "\u23f3 Waiting" until the next run`;
    };
    /** What a failed close adds (`twinStands`): a second record beside an older one; the open's lost creation landing as a second. */
    const besideOlder = () => story.twinLeft !== undefined;
    const lostCreationLate = (opened) => opened === 'lost' && !story.seen && secondIfLate();
    return {
        /**
         * What the lost "in progress" write shows if it lands after the step: a creation the close
         * could not find (it made the record anew, or wrote to another run's) is a second one of the
         * step, which no later run takes for its own; one the close neither found nor wrote beside
         * (it wrote nothing) is the step's record, or a second beside another run's made meanwhile;
         * an update shows "in progress" until the next run writes over it.
         */
        lateOpen,
        lateOpenKind,
        /**
         * What a close that failed adds while this run's record stands where an older one of the step
         * may stand that could not be looked for or removed: a second one may stand, whatever it
         * says; and, while the open's creation whose answer was lost (`opened` 'lost') is unseen and
         * the close went to another record (another run's, found; or one it made), that the creation
         * may land as a second one. '' else; with "; " before each.
         */
        twinStands(what, opened) {
            const beside = besideOlder()
                ? `; a second ${what} of this step may stand beside an older one (it could not be looked for, or removed), which the next run of this step removes`
                : '';
            const late = lostCreationLate(opened) ? `; if its "in progress" creation, whose answer was lost, lands later, ${lateOpen(what)}` : '';
            return `${beside}${late}`;
        },
        /** The kinds of what `twinStands` says. */
        twinStandsKinds(opened) {
            return [...(besideOlder() ? ['twin-left'] : []), ...(lostCreationLate(opened) ? ['late-twin'] : [])];
        },
        /** The close's write went to this run's record made beside an older one that could not be looked for then: `keepOldest` again. */
        leftBeside(where) {
            return where === story.twinLeft;
        },
        /**
         * After this run created the record `created`, the oldest of the step's records is the one
         * kept: two runs of the step at once (two pushes in quick succession, a re-run while the first
         * still waits) may each have found none and created one. Ids only grow, so every run that
         * lists them agrees on the oldest whatever their timing (the newest moves each time one more
         * is created), and a lost creation that lands late is a newer one, the one removed. This
         * run's record is deleted first, then `body` written to the oldest: a delete that fails leaves
         * this run's record in place, as it was (and the close tries again). `at` is told the oldest
         * before it is written. Resolves with where the body stands.
         */
        async keepOldest(created, body, io, at) {
            const older = await io
                .list()
                .then(async (listed) => {
                const found = listed.find((record) => record.id < created);
                story = { ...story, twinLeft: undefined };
                if (found)
                    await io.remove(created);
                return found;
            }, () => 'unread')
                .catch(() => 'unread');
            // Not listed or not deleted: this run's record stands, as a lookup that failed leaves it.
            if (older === 'unread') {
                story = { ...story, twinLeft: created };
                return created;
            }
            if (!older)
                return created;
            // A close that created a record went to an older one: the lost creation, if it holds the open's body.
            if (closeBody() !== undefined && same(older.body, openBody()))
                seen();
            at?.(older.id);
            await io.write(older.id, body);
            return older.id;
        },
        /** The "in progress" body this run sends: `rendered` with this run's mark after it. */
        own(rendered) {
            return rendered.endsWith(mark) ? rendered : `${rendered}${rendered.endsWith('\n') ? '' : '\n'}${mark}`;
        },
        opening(write, body) {
            story = { ...story, opened: { sent: write, body } };
        },
        /** The open's write was answered without being applied (refused, a rate limit), or never sent: nothing of it can land. */
        openingUnsent() {
            story = { ...story, opened: { sent: 'nothing' } };
        },
        closing(body, write) {
            story = { ...story, closed: { sent: write, body } };
        },
        created() {
            // What the close writes from here on goes to a record that stands, one the open's creation is not.
            story = { ...story, elsewhere: true, closed: { sent: 'update', body: closeBody() } };
        },
        /**
         * What the close's creation shows if its answer was lost and it lands after the step: the
         * record itself, late (with its "in progress" one too, when the open's creation went
         * unanswered before it); beside another run's, a second one, which the next run removes.
         * Undefined when the close sent no creation.
         */
        lateCreation(what) {
            if (closeSent() !== 'creation')
                return undefined;
            const waiting = sent() === 'creation' && !story.seen ? `, and so may its "\u23f3 Waiting" one` : '';
            return `the ${what} may still appear after the step${waiting}; if a second ${what} of this step appears, the next run of this step removes it`;
        },
        /**
         * The close found a record of the step where the open went nowhere known: this run's lost
         * creation when it holds the open's body (this run's mark), else another run's, beside which
         * the lost creation may still land.
         */
        closeFound(body) {
            if (same(body, openBody()))
                seen();
            else
                story = { ...story, elsewhere: true };
        },
        /**
         * `listed`: the step's own records with the current marker (never anyone else's, nor an
         * earlier version's). Every one but `where` is a twin, made by a lost creation that landed (or
         * by another run of the step at once, which keeps `where`, the oldest, too): it is removed
         * with `remove`. Then `where` holding anything but the outcome last written is 'stale' (the
         * lifecycle writes it again); else the lost write is accounted for ('outcome') when it was
         * seen landed, when it was a creation the close found rather than made (this run's, by its
         * mark), or when the open sent no write at all; else it may still land ('unseen').
         */
        async readBack(where, listed, remove, lost = 'open') {
            const stands = listed.find((record) => record.id === where);
            // Gone (deleted by someone): written anew by the lifecycle, and nothing else is taken for a twin of it.
            if (!stands)
                return 'stale';
            for (const twin of listed) {
                if (twin.id === where)
                    continue;
                await remove(twin.id);
                if (same(twin.body, openBody()))
                    seen();
            }
            if (!same(stands.body, closeBody())) {
                if (same(stands.body, openBody()))
                    seen();
                return 'stale';
            }
            // A lost write of the outcome, sent again since, lands as the same outcome: nothing to say.
            if (lost === 'close')
                return 'outcome';
            return story.seen || sent() === 'nothing' || (sent() === 'creation' && !story.elsewhere) ? 'outcome' : 'unseen';
        }
    };
}

;// CONCATENATED MODULE: ./src/records/message-record.ts




/** The message of one run of the step, as a port of the lifecycle, over `platform`: its id is where it is. */
function messageRecordPort(platform) {
    const { what } = platform;
    // What this run sent and saw of its message, for the read back of an "in progress" write whose answer was lost.
    const story = twinStory();
    // Until when a rate limit on a removal of a twin (which the port makes on its own) holds the record's next write.
    const paused = { until: 0 };
    /** Removes `id`; a rate limit it meets holds the next write of the record (`pausedUntil`), found by the explorer. */
    const removing = (io, id) => io.remove(id).catch((error) => {
        const asked = platform.retryAfterMs(error);
        if (asked !== undefined)
            paused.until = Math.max(paused.until, Date.now() + asked);
        throw error;
    });
    /** After this run created the message `created`, the oldest of the step's is kept (twins.ts `keepOldest`). */
    const oldestKept = (io, signals, created, body, at) => story.keepOldest(created, body, {
        // A lookup with a time of its own: the creation may have taken all of the first one's.
        list: async () => (await platform.connect({ ...signals, lookup: signals.nextLookup() })).ours(),
        remove: (id) => removing(io, id),
        write: (id, text) => io.write(id, text)
    }, at);
    /** Throws `RecordSkipped` when the message, showing `shown`, is a newer head's to write: this run's commit is no longer the head (heads.ts). */
    const leaveToNewerHead = async (io, shown) => {
        const own = io.ownCommit;
        const head = await (0,heads/* leftToNewerHead */.Y9)(own, (0,heads/* shownCommit */.jW)(shown), () => io.head());
        if (head)
            throw new lifecycle/* RecordSkipped */.CU((0,heads/* newerHeadSaid */.zx)(platform.words.named(), (0,heads/* shownCommit */.jW)(shown) ?? '', own ?? '', head, platform.on), `${platform.what}.skipped`, 'info');
    };
    /** The outcome written where the open went, or where an earlier run's message is, or anew (the port's `close` before the head is read again). */
    const writeOutcome = async (outcome, where, opened, signals, found) => {
        const io = await platform.connect(signals);
        // Where the open went; else the message of an earlier run, or of an open whose answer was lost.
        const known = where === undefined ? await io.find() : undefined;
        const id = where ?? known?.id;
        if (id === undefined && opened === 'unanswered')
            throw new lifecycle/* NotFoundYet */.O_();
        // The message of a newer head's run is left to it: what it shows now is read first.
        if (id !== undefined)
            await leaveToNewerHead(io, known?.body ?? (await io.bodyOf(id).catch(() => undefined)));
        if (where === undefined && id !== undefined) {
            story.closeFound(known?.body);
            found?.(id);
        }
        const body = io.outcome(outcome);
        story.closing(body, id === undefined ? 'creation' : 'update');
        const written = await io.write(id, body);
        // The outcome went to this run's message, made beside an older one of the step that the open
        // could not look for or remove: the oldest is kept now, so that one message stands.
        if (written.done === 'updated' && story.leftBeside(written.where))
            return { where: await oldestKept(io, signals, written.where, body, found), done: written.done };
        if (written.done === 'updated')
            return written;
        story.created();
        const kept = await oldestKept(io, signals, written.where, body, found);
        return { where: kept, done: kept === written.where ? 'created' : 'updated' };
    };
    /**
     * After this run wrote its outcome: the head may have moved on while it did, and the newer
     * head's run written its outcome before this write landed (heads.ts). When the head moved and
     * the message still shows this run's commit, it is left to that run: written once more to say
     * so. What this run could not tell or mark is its warning (`older-head`).
     */
    const leftAfterWrite = async (signals, where, result) => {
        // Lookups with a time of their own: the write may have taken all of the first one's.
        const io = await platform.connect({ ...signals, lookup: signals.nextLookup() });
        const own = io.ownCommit;
        if (!own)
            return undefined;
        const short = (sha) => sha.slice(0, 7);
        const read = await io.head().then((sha) => ({ sha }), (error) => ({ error }));
        // Refused (a token that may not read it), the head is not known, as before the write: the rule does not hold the run (heads.ts).
        if ('error' in read && (0,failure/* failureOf */.g5)(read.error, false) === 'refused')
            return undefined;
        if ('error' in read)
            return mayStand((why) => `the ${platform.on}'s head could not be read after it was written (${why})`, read.error, own);
        const head = read.sha;
        if (head === undefined)
            return mayStand(() => `the ${platform.on}'s head read after it was written named no commit`, undefined, own);
        if ((0,heads/* sameCommit */.Kd)(head, own))
            return undefined;
        const shown = await io.bodyOf(where).then((body) => ({ body }), (error) => ({ error }));
        if ('error' in shown)
            return mayStand((why) => `the ${platform.on}'s head moved to ${short(head)} while it was written, and what the ${what} shows now could not be read (${why})`, shown.error, own);
        const now = (0,heads/* shownCommit */.jW)(shown.body);
        // The newer head's run wrote after this run did: the message is its own.
        if (now === undefined || !(0,heads/* sameCommit */.Kd)(now, own))
            return undefined;
        const body = io.leftTo(head, result);
        const left = await io.write(where, body).then(() => undefined, (error) => ({ error }));
        if (left)
            return mayStand((why) => `the ${platform.on}'s head moved to ${short(head)} while it was written, and leaving the ${what} to that commit's run failed (${why})`, left.error, own);
        // What the close wrote last: a read back of a lost write finds it standing as this run's last word.
        story.closing(body, 'update');
        return {
            level: 'info',
            code: `${what}.skipped`,
            sentence: () => `${platform.words.named()} was left to the run of the ${platform.on}'s head ${short(head)}: the head moved there while this run wrote its outcome for commit ${short(own)}, so the ${what} now says that run writes it. This run's outcome is in its own log and reports.`
        };
    };
    /** The warning that this run's outcome may stand in the newer head's place: `why` it could not tell or mark it, worded by the lifecycle from `failed`. */
    const mayStand = (why, failed, own) => ({
        level: 'warning',
        code: `${what}.older-head`,
        failed,
        sentence: (reason) => `${platform.words.named()} holds this run's outcome${own ? ` for commit ${own.slice(0, 7)}` : ''}, but ${why(reason)}. If the head moved on meanwhile, the ${what} may show this outcome in place of the newer head's: re-run the newest commit's ${platform.on === 'pull request' ? 'workflow' : 'pipeline'} to write it again.`
    });
    return {
        api: platform.api,
        record: platform.what,
        async open(signals, at) {
            const io = await platform.connect(signals);
            const { id, twins, body: shown } = await io.find();
            // The message of a newer head's run is left to it.
            if (id !== undefined)
                await leaveToNewerHead(io, shown);
            // An earlier run's message is where this one goes: a close after a cancel need not wait on the update.
            if (id !== undefined)
                at(id);
            // A second one of the step that an earlier run's lost creation left after it ended: removed (best effort).
            for (const twin of twins)
                await removing(io, twin).catch(() => undefined);
            const body = story.own(io.inProgress());
            story.opening(id === undefined ? 'creation' : 'update', body);
            const written = await io.write(id, body).catch((error) => {
                // Answered without being applied (refused, a rate limit), or never sent: nothing of it can land later.
                if (['refused', 'rate-limited', 'never-sent'].includes((0,failure/* failureOf */.g5)(error, signals.write.aborted)))
                    story.openingUnsent();
                throw error;
            });
            if (written.done === 'updated')
                return written.where;
            // The write that may be lost from here on is the one to the oldest message.
            return oldestKept(io, signals, written.where, body, (older) => {
                story.opening('update', body);
                at(older);
            });
        },
        async close(outcome, where, opened, signals, found) {
            const done = await writeOutcome(outcome, where, opened, signals, found);
            const after = await leftAfterWrite(signals, done.where, outcome.result).catch((error) => mayStand((why) => `whether the ${platform.on}'s head moved on while it was written could not be told (${why})`, error, undefined));
            return after ? { ...done, after } : done;
        },
        async readBack(where, signals, lost) {
            const io = await platform.connect(signals);
            return story.readBack(where, await io.ours(), (twin) => removing(io, twin), lost);
        },
        pausedUntil: () => paused.until,
        explain: platform.explain,
        ...(platform.refused ? { refused: platform.refused } : {}),
        gone: platform.gone,
        retryAfterMs: platform.retryAfterMs,
        words: {
            opened: platform.words.opened,
            closed: platform.words.closed,
            openFailed: platform.words.openFailed,
            closeFailed: (why, _where, opened) => platform.words.closeFailed(`${why}${story.twinStands(what, opened)}`),
            deleted: platform.words.deleted,
            mayNotHold: platform.words.mayNotHold,
            lateOpen: () => story.lateOpen(what),
            lateCreation: () => story.lateCreation(what),
            lateOpenCode: () => {
                const kind = story.lateOpenKind();
                return kind && `${what}.${kind}`;
            },
            lateCreationCode: () => `${what}.late-creation`,
            closeFailedCodes: (opened) => story.twinStandsKinds(opened).map((kind) => `${what}.${kind}`)
        }
    };
}

// EXTERNAL MODULE: ./src/report/comment.ts
var comment = __webpack_require__(4231);
// EXTERNAL MODULE: ./src/report/titles.ts
var titles = __webpack_require__(6023);
// EXTERNAL MODULE: ./src/github/comment-api.ts
var comment_api = __webpack_require__(1691);
// EXTERNAL MODULE: ./src/github/run-commit.ts
var run_commit = __webpack_require__(5886);
;// CONCATENATED MODULE: ./src/github/pr-comment.ts
// The sticky pull request comment (pr-comment) as GitHub's port of the shared message record
// (records/message-record.ts): where it goes, its calls, its bodies and its words. What is
// written when is the message record's; for how long, and what a cancel does, the lifecycle's.










/** Where the comment goes and what it says it reflects; throws `RecordSkipped` when it has nowhere to go. */
async function commentPlace(settings) {
    // Loaded only when a comment is asked for, to keep start-up fast.
    const github = await __webpack_require__.e(/* import() */ 157).then(__webpack_require__.bind(__webpack_require__, 157));
    const { context } = github;
    const target = (0,comment_api/* commentTarget */.lt)(context, settings.prNumberTarget);
    if ('skip' in target)
        throw new lifecycle/* RecordSkipped */.CU(`pr-comment is set, but ${target.skip}. No comment was written.`, 'comment.skipped');
    // The workflow is named by its file (GITHUB_WORKFLOW_REF); by its name only where the file is unknown.
    const place = {
        workflow: context.workflow,
        workflowFile: (0,comment_api/* workflowFileOf */.hr)(process.env.GITHUB_WORKFLOW_REF),
        job: context.job,
        step: context.action,
        key: settings.key
    };
    return {
        github,
        target,
        marker: (0,comment/* commentMarker */.Ql)(settings.kinds, place),
        // The earlier versions' comment this step is the one heir of, if any.
        legacyMarker: (0,comment/* earlierMarkers */.iZ)(settings.kinds, place),
        source: { runUrl: (0,comment_api/* runUrlOf */.Qm)(context, target.owner, target.repo), sha: (0,comment_api/* commentCommit */.hx)(context), mergeQueue: target.mergeQueue }
    };
}
/**
 * A client whose lookups (GETs and the GraphQL query of who the token is, which change nothing)
 * end with `signals.lookup`, and whose writes end only with `signals.write`.
 */
function clientFor(place, token, signals, clean) {
    const octokit = (0,comment_api/* guardedClient */.S2)(place.github.getOctokit(token), token, clean);
    // Set in a hook, the signal reaches every request, pages of the listing included, and the
    // proxy-aware fetch of the defaults stays in place (a `request` option would replace it).
    octokit.hook.before('request', (options) => {
        const changesNothing = options.method === 'GET' || /\/graphql$/.test(options.url);
        options.request = { ...options.request, signal: changesNothing ? signals.lookup : signals.write };
    });
    return octokit;
}
/** The pull request comment as a record (records/message-record.ts): its id is where it is. */
function pullRequestCommentPort(settings, clean, opening) {
    const known = {};
    const placeOnce = () => {
        const place = known.place ?? commentPlace(settings);
        known.place = place;
        // Asked again if it failed (a chunk that did not load).
        place.catch(() => {
            if (known.place === place)
                known.place = undefined;
        });
        return place.then((found) => {
            known.number = found.target.number;
            return found;
        });
    };
    /** The token's login, asked once per run; again only if asking failed. */
    const loginOf = async (octokit, signals) => {
        known.login ??= await (0,lifecycle/* withinBudget */.xV)((0,comment_api/* tokenLogin */.nu)(octokit), signals.lookup);
        return known.login;
    };
    const pr = () => `pull request #${known.number ?? '?'}`;
    const connect = async (signals) => {
        const found = await placeOnce();
        const octokit = clientFor(found, settings.githubToken, signals, clean);
        const listed = async (list) => {
            const login = await loginOf(octokit, signals);
            const tally = new listing/* PageTally */.S(comment_api/* COMMENTS */.r_);
            const result = await (0,lifecycle/* withinBudget */.xV)(list(login, tally), signals.lookup).catch((error) => {
                throw tally.cut(error);
            });
            if (signals.lookup.aborted)
                throw signals.lookup.reason;
            return result;
        };
        return {
            find: () => listed((login, tally) => (0,comment_api/* findCommentAndTwins */.hZ)(octokit, found.target, { marker: found.marker, legacyMarker: found.legacyMarker, login }, tally)),
            ours: () => listed((login, tally) => (0,comment_api/* stepComments */.nP)(octokit, found.target, { marker: found.marker, login }, tally)),
            bodyOf: (id) => (0,lifecycle/* withinBudget */.xV)((0,comment_api/* commentBody */.I2)(octokit, found.target, id), signals.lookup),
            head: () => (0,lifecycle/* withinBudget */.xV)((0,comment_api/* pullRequestHead */.Ju)(octokit, found.target), signals.lookup),
            write: async (id, body) => {
                const written = await (0,lifecycle/* withinBudget */.xV)((0,comment_api/* writeComment */.HF)(octokit, found.target, id, body), signals.write);
                return { where: written.id, done: written.done };
            },
            remove: (id) => (0,lifecycle/* withinBudget */.xV)((0,comment_api/* deleteComment */.Tu)(octokit, found.target, id), signals.write),
            // A merge queue's run is never held to the head (its commit never is the pull request's).
            ownCommit: found.source.mergeQueue ? undefined : found.source.sha,
            inProgress: () => {
                const { targets = [], search } = opening() ?? {};
                return clean((0,comment/* renderInProgressComment */.SB)(found.marker, targets, found.source, (0,titles/* describeWork */.FG)({ targets: targets.map((ref) => ({ ref })), search })));
            },
            outcome: (outcome) => {
                // expect-sha as the merge commit of a pull request's event is said so, as in the summary and the step's error.
                const source = { ...found.source, expectedCommit: (0,run_commit.expectedCommitAdvice)(opening()?.expectSha, found.github.context) };
                return clean((0,comment/* renderComment */.wQ)(outcome, found.marker, source));
            },
            leftTo: (head, result) => clean((0,comment/* renderLeftToNewerHead */.Y5)(found.marker, found.source, head, result, { what: 'comment', on: 'pull request' }))
        };
    };
    return messageRecordPort({
        api: 'GitHub API',
        what: 'comment',
        on: 'pull request',
        connect,
        refused: comment_api/* refusedByGitHub */.Z2,
        gone: (error) => (0,failure/* statusOf */.c2)(error) === 404,
        explain: comment_api/* explainCommentError */.Fu,
        retryAfterMs: (error) => (0,comment_api/* retryAfterMs */.Vs)(error),
        words: {
            named: () => `The comment on ${pr()}`,
            opened: () => `Posted "in progress" on ${pr()}.`,
            closed: (_where, done) => `${done === 'created' ? 'Commented' : 'Updated the comment'} on ${pr()}.`,
            openFailed: (why) => `The "in progress" comment could not be written (${why}); the outcome will still be commented.`,
            closeFailed: (why) => `The pull request comment could not be written: ${why}. The step's result does not depend on it.`,
            deleted: (id) => `The comment on ${pr()} was deleted during the run (GitHub answered 404 to its update of comment ${id}); writing the outcome in a new comment.`,
            mayNotHold: (why) => `The pull request comment holds the outcome, but ${why}. The step's result does not depend on it.`
        }
    });
}
/**
 * The step's pull request comment (pr-comment): "in progress" while the wait runs, then the
 * outcome in its place; also when the other inputs are invalid, if the comment's own are sound.
 */
function recordPullRequestComment(options) {
    return (0,run_record/* keptRecord */.u)(({ settings, targets }) => {
        const comment = settings ? settings.comment : (0,parse/* commentOf */.vm)(options.raw);
        if (comment)
            return {
                port: pullRequestCommentPort(comment, options.clean, () => ({ targets, search: settings?.search, expectSha: settings?.expectSha })),
                requestTimeoutMs: comment.requestTimeoutMs
            };
        if ((0,parse/* commentWithoutToken */.Do)(options.raw))
            return {
                say: "pr-comment is set, but github-token is empty (a secret that is not set?). No comment was written; the step's result does not depend on it.",
                level: 'warning',
                code: 'comment.no-token'
            };
        return undefined;
    }, options);
}


/***/ })

};
