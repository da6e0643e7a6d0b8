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

// EXTERNAL MODULE: ./src/inputs/parse.ts + 14 modules
var parse = __webpack_require__(7956);
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
function twinStory() {
    let story = { opened: { sent: 'nothing' }, closed: { sent: 'nothing' }, elsewhere: false, seen: false, twinLeft: undefined };
    const sent = () => story.opened.sent;
    const openBody = () => (story.opened.sent === 'nothing' ? undefined : story.opened.body);
    const closeBody = () => (story.closed.sent === 'nothing' ? undefined : story.closed.body);
    const closeSent = () => story.closed.sent;
    const seen = () => {
        story = { ...story, seen: true };
    };
    const mark = `<!-- run ${Math.random().toString(16).slice(2, 10).padEnd(8, '0')} -->`;
    const same = (a, b) => a !== undefined && b !== undefined && a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();
    const secondIfLate = () => sent() === 'creation' && story.elsewhere;
    const lateOpenKind = () => secondIfLate() ? 'late-twin' : sent() === 'creation' && closeSent() === 'nothing' && !story.seen ? 'late-waiting-or-twin' : undefined;
    const lateOpen = (what) => {
        const second = `a second ${what} of this step appears saying "\u23f3 Waiting", which the next run of this step removes`;
        const kind = lateOpenKind();
        if (kind === 'late-twin')
            return second;
        if (kind === 'late-waiting-or-twin')
            return `the ${what} says "\u23f3 Waiting" until the next run, or, if another run of this step wrote its own meanwhile, ${second}`;
        return `the ${what} says "\u23f3 Waiting" until the next run`;
    };
    const besideOlder = () => story.twinLeft !== undefined;
    const lostCreationLate = (opened) => opened === 'lost' && !story.seen && secondIfLate();
    return {
        lateOpen,
        lateOpenKind,
        twinStands(what, opened) {
            const beside = besideOlder()
                ? `; a second ${what} of this step may stand beside an older one (it could not be looked for, or removed), which the next run of this step removes`
                : '';
            const late = lostCreationLate(opened) ? `; if its "in progress" creation, whose answer was lost, lands later, ${lateOpen(what)}` : '';
            return `${beside}${late}`;
        },
        twinStandsKinds(opened) {
            return [...(besideOlder() ? ['twin-left'] : []), ...(lostCreationLate(opened) ? ['late-twin'] : [])];
        },
        leftBeside(where) {
            return where === story.twinLeft;
        },
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
            if (older === 'unread') {
                story = { ...story, twinLeft: created };
                return created;
            }
            if (!older)
                return created;
            if (closeBody() !== undefined && same(older.body, openBody()))
                seen();
            at?.(older.id);
            await io.write(older.id, body);
            return older.id;
        },
        own(rendered) {
            return rendered.endsWith(mark) ? rendered : `${rendered}${rendered.endsWith('\n') ? '' : '\n'}${mark}`;
        },
        opening(write, body) {
            story = { ...story, opened: { sent: write, body } };
        },
        openingUnsent() {
            story = { ...story, opened: { sent: 'nothing' } };
        },
        closing(body, write) {
            story = { ...story, closed: { sent: write, body } };
        },
        created() {
            story = { ...story, elsewhere: true, closed: { sent: 'update', body: closeBody() } };
        },
        lateCreation(what) {
            if (closeSent() !== 'creation')
                return undefined;
            const waiting = sent() === 'creation' && !story.seen ? `, and so may its "\u23f3 Waiting" one` : '';
            return `the ${what} may still appear after the step${waiting}; if a second ${what} of this step appears, the next run of this step removes it`;
        },
        closeFound(body) {
            if (same(body, openBody()))
                seen();
            else
                story = { ...story, elsewhere: true };
        },
        async readBack(where, listed, remove, lost = 'open') {
            const stands = listed.find((record) => record.id === where);
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
            if (lost === 'close')
                return 'outcome';
            return story.seen || sent() === 'nothing' || (sent() === 'creation' && !story.elsewhere) ? 'outcome' : 'unseen';
        }
    };
}

;// CONCATENATED MODULE: ./src/records/message-record.ts




function messageRecordPort(platform) {
    const { what } = platform;
    const story = twinStory();
    const paused = { until: 0 };
    const removing = (io, id) => io.remove(id).catch((error) => {
        const asked = platform.retryAfterMs(error);
        if (asked !== undefined)
            paused.until = Math.max(paused.until, Date.now() + asked);
        throw error;
    });
    const oldestKept = (io, signals, created, body, at) => story.keepOldest(created, body, {
        list: async () => (await platform.connect({ ...signals, lookup: signals.nextLookup() })).ours(),
        remove: (id) => removing(io, id),
        write: (id, text) => io.write(id, text)
    }, at);
    const leaveToNewerHead = async (io, shown) => {
        const own = io.ownCommit;
        const head = await (0,heads/* leftToNewerHead */.Y9)(own, (0,heads/* shownCommit */.jW)(shown), () => io.head());
        if (head)
            throw new lifecycle/* RecordSkipped */.CU((0,heads/* newerHeadSaid */.zx)(platform.words.named(), (0,heads/* shownCommit */.jW)(shown) ?? '', own ?? '', head, platform.on), `${platform.what}.skipped`, 'info');
    };
    const writeOutcome = async (outcome, where, opened, signals, found) => {
        const io = await platform.connect(signals);
        const known = where === undefined ? await io.find() : undefined;
        const id = where ?? known?.id;
        if (id === undefined && opened === 'unanswered')
            throw new lifecycle/* NotFoundYet */.O_();
        if (id !== undefined)
            await leaveToNewerHead(io, known?.body ?? (await io.bodyOf(id).catch(() => undefined)));
        if (where === undefined && id !== undefined) {
            story.closeFound(known?.body);
            found?.(id);
        }
        const body = io.outcome(outcome);
        story.closing(body, id === undefined ? 'creation' : 'update');
        const written = await io.write(id, body);
        if (written.done === 'updated' && story.leftBeside(written.where))
            return { where: await oldestKept(io, signals, written.where, body, found), done: written.done };
        if (written.done === 'updated')
            return written;
        story.created();
        const kept = await oldestKept(io, signals, written.where, body, found);
        return { where: kept, done: kept === written.where ? 'created' : 'updated' };
    };
    const leftAfterWrite = async (signals, where, result) => {
        const io = await platform.connect({ ...signals, lookup: signals.nextLookup() });
        const own = io.ownCommit;
        if (!own)
            return undefined;
        const short = (sha) => sha.slice(0, 7);
        const read = await io.head().then((sha) => ({ sha }), (error) => ({ error }));
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
        if (now === undefined || !(0,heads/* sameCommit */.Kd)(now, own))
            return undefined;
        const body = io.leftTo(head, result);
        const left = await io.write(where, body).then(() => undefined, (error) => ({ error }));
        if (left)
            return mayStand((why) => `the ${platform.on}'s head moved to ${short(head)} while it was written, and leaving the ${what} to that commit's run failed (${why})`, left.error, own);
        story.closing(body, 'update');
        return {
            level: 'info',
            code: `${what}.skipped`,
            sentence: () => `${platform.words.named()} was left to the run of the ${platform.on}'s head ${short(head)}: the head moved there while this run wrote its outcome for commit ${short(own)}, so the ${what} now says that run writes it. This run's outcome is in its own log and reports.`
        };
    };
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
            if (id !== undefined)
                await leaveToNewerHead(io, shown);
            if (id !== undefined)
                at(id);
            for (const twin of twins)
                await removing(io, twin).catch(() => undefined);
            const body = story.own(io.inProgress());
            story.opening(id === undefined ? 'creation' : 'update', body);
            const written = await io.write(id, body).catch((error) => {
                if (['refused', 'rate-limited', 'never-sent'].includes((0,failure/* failureOf */.g5)(error, signals.write.aborted)))
                    story.openingUnsent();
                throw error;
            });
            if (written.done === 'updated')
                return written.where;
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










async function commentPlace(settings) {
    const github = await __webpack_require__.e(/* import() */ 157).then(__webpack_require__.bind(__webpack_require__, 157));
    const { context } = github;
    const target = (0,comment_api/* commentTarget */.lt)(context, settings.prNumberTarget);
    if ('skip' in target)
        throw new lifecycle/* RecordSkipped */.CU(`pr-comment is set, but ${target.skip}. No comment was written.`, 'comment.skipped');
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
        legacyMarker: (0,comment/* earlierMarkers */.iZ)(settings.kinds, place),
        source: { runUrl: (0,comment_api/* runUrlOf */.Qm)(context, target.owner, target.repo), sha: (0,comment_api/* commentCommit */.hx)(context), mergeQueue: target.mergeQueue }
    };
}
function clientFor(place, token, signals, clean) {
    const octokit = (0,comment_api/* guardedClient */.S2)(place.github.getOctokit(token), token, clean);
    octokit.hook.before('request', (options) => {
        const changesNothing = options.method === 'GET' || /\/graphql$/.test(options.url);
        options.request = { ...options.request, signal: changesNothing ? signals.lookup : signals.write };
    });
    return octokit;
}
function pullRequestCommentPort(settings, clean, opening) {
    const known = {};
    const placeOnce = () => {
        const place = known.place ?? commentPlace(settings);
        known.place = place;
        place.catch(() => {
            if (known.place === place)
                known.place = undefined;
        });
        return place.then((found) => {
            known.number = found.target.number;
            return found;
        });
    };
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
            ownCommit: found.source.mergeQueue ? undefined : found.source.sha,
            inProgress: () => {
                const { targets = [], search } = opening() ?? {};
                return clean((0,comment/* renderInProgressComment */.SB)(found.marker, targets, found.source, (0,titles/* describeWork */.FG)({ targets: targets.map((ref) => ({ ref })), search })));
            },
            outcome: (outcome) => {
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
