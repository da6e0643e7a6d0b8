export const id = 393;
export const ids = [393];
export const modules = {

/***/ 7393:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createMergeRequestNote: () => (/* binding */ createMergeRequestNote),
  explainNoteError: () => (/* binding */ explainNoteError),
  forkPipeline: () => (/* binding */ forkPipeline),
  mergeRequestNotePort: () => (/* binding */ mergeRequestNotePort),
  notePlace: () => (/* binding */ notePlace),
  noteSettings: () => (/* binding */ noteSettings),
  writeMergeRequestNote: () => (/* binding */ writeMergeRequestNote)
});

// EXTERNAL MODULE: ./src/durations.ts
var durations = __webpack_require__(5534);
// EXTERNAL MODULE: ./src/inputs/parse.ts + 1 modules
var parse = __webpack_require__(1102);
// EXTERNAL MODULE: ./src/records/lifecycle.ts + 1 modules
var lifecycle = __webpack_require__(7128);
;// CONCATENATED MODULE: ./src/records/heads.ts
// Runs of two heads of one pull or merge request share its comment or note (one marker), and
// the run of the older head may end last: it must not put the older head's outcome over the
// newer head's record ("\u{274c} \u{2026} fix the docs source" for a head whose docs deployed). The record
// names the commit it reflects on its second line, which this run reads before it writes there.
/** The hidden line under the marker that names the commit a comment or note reflects. */
function commitLine(sha) {
    return `<!-- wait-for-docs commit ${sha.toLowerCase()} -->`;
}
const COMMIT_LINE = /^<!-- wait-for-docs commit ([0-9a-f]{7,64}) -->$/;
/**
 * The commit a record's body reflects, from its second line (the renderer's, under the marker;
 * no server text can write a line that reads as one there), or undefined (a body of an earlier
 * version, or of another writer).
 */
function shownCommit(body) {
    const second = body?.split('\n', 2)[1]?.replace(/\r$/, '');
    return second === undefined ? undefined : COMMIT_LINE.exec(second)?.[1];
}
/** Whether two commit ids (a full SHA, or a short one) name the same commit. */
const sameCommit = (a, b) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x.startsWith(y) || y.startsWith(x);
};
/**
 * The rule for runs of different heads that share a record: a run leaves the record as it is
 * when the record shows another commit than its own and its own commit is no longer the pull or
 * merge request's head (the head's run writes the record, or wrote it). The head is read only
 * when the record shows another commit (`head` is then asked for); unknown, the run writes, as
 * it would without this rule. Resolves with the head that the record is left to, or undefined.
 */
async function leftToNewerHead(own, shown, head) {
    if (!own || !shown || sameCommit(own, shown))
        return undefined;
    const current = await head().catch(() => undefined);
    return current && !sameCommit(current, own) ? current : undefined;
}
/** What a run says when it leaves the record to the newer head's run. */
function newerHeadSaid(record, shown, own, head, request) {
    const short = (sha) => sha.slice(0, 7);
    return `${record} was left as it is: it shows commit ${short(shown)}, and this run's commit ${short(own)} is no longer the ${request}'s head (${short(head)} is), whose run writes it. This run's outcome is in its own log and reports.`;
}

// EXTERNAL MODULE: ./src/records/failure.ts
var failure = __webpack_require__(2516);
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
        const head = await leftToNewerHead(own, shownCommit(shown), () => io.head());
        if (head)
            throw new lifecycle/* RecordSkipped */.CU(newerHeadSaid(platform.words.named(), shownCommit(shown) ?? '', own ?? '', head, platform.on), `${platform.what}.skipped`, 'info');
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
        if (sameCommit(head, own))
            return undefined;
        const shown = await io.bodyOf(where).then((body) => ({ body }), (error) => ({ error }));
        if ('error' in shown)
            return mayStand((why) => `the ${platform.on}'s head moved to ${short(head)} while it was written, and what the ${what} shows now could not be read (${why})`, shown.error, own);
        const now = shownCommit(shown.body);
        // The newer head's run wrote after this run did: the message is its own.
        if (now === undefined || !sameCommit(now, own))
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

// EXTERNAL MODULE: ./src/records/run-record.ts
var run_record = __webpack_require__(7649);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/engine/wait.ts + 6 modules
var wait = __webpack_require__(4891);
// EXTERNAL MODULE: ./src/report/advice.ts
var advice = __webpack_require__(2296);
// EXTERNAL MODULE: ./src/report/evidence.ts
var evidence = __webpack_require__(3877);
// EXTERNAL MODULE: ./src/report/explain.ts
var report_explain = __webpack_require__(7389);
// EXTERNAL MODULE: ./src/report/place.ts
var place = __webpack_require__(8141);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/report/facts.ts
var report_facts = __webpack_require__(1349);
// EXTERNAL MODULE: ./src/report/started.ts
var report_started = __webpack_require__(4439);
// EXTERNAL MODULE: ./src/report/titles.ts
var titles = __webpack_require__(6023);
// EXTERNAL MODULE: ./src/report/outputs.ts
var outputs = __webpack_require__(5468);
;// CONCATENATED MODULE: ./src/report/comment.ts














const WORKFLOW_RUN = { label: 'workflow run', annotates: true };
function footer(source, extra) {
    const parts = [
        ...(source.sha ? [`commit ${(0,markdown/* codeSpan */.SS)(source.sha.slice(0, 7))}`] : []),
        ...(source.runUrl ? [`[${(source.run ?? WORKFLOW_RUN).label}](${source.runUrl})`] : []),
        ...(source.mergeQueue ? [`ran in the merge queue (into ${(0,markdown/* codeSpan */.SS)(source.mergeQueue.base, 100)})`] : []),
        ...(extra ? [extra] : [])
    ];
    return `<sub>${parts.join(' \u00b7 ')}</sub>`;
}
const MAX_COMMENT_TARGETS = 50;
/** The comment posted when the wait starts; the outcome replaces it when the wait ends. */
function renderInProgressComment(marker, targets, source, work) {
    const listed = targets.slice(0, MAX_COMMENT_TARGETS).map((ref) => `- ${(0,wait/* describeRef */.Ro)(ref).replace(/ \S+$/, '')} ${(0,markdown/* codeSpan */.SS)(ref.id, 80)}`);
    if (targets.length > MAX_COMMENT_TARGETS)
        listed.push(`- \u2026 and ${targets.length - MAX_COMMENT_TARGETS} more`);
    const lines = [`### \u23f3 Waiting for the ${work}`, '', 'The outcome will replace this comment when the wait ends.', ''];
    if (listed.length > 0)
        lines.push(...listed, '');
    lines.push(footer(source, 'in progress'));
    return withMarker(marker, lines, source.sha);
}
/**
 * What the comment or note says when this run's outcome, of a commit that is no longer the head,
 * was written while the head moved on: the newer head's run writes it (records/heads.ts). It names
 * this run's commit on its second line, so that run, reading it, writes over it.
 */
function renderLeftToNewerHead(marker, source, head, result, where) {
    const own = `${source.sha ? ` for commit ${(0,markdown/* codeSpan */.SS)(source.sha.slice(0, 7))}` : ''} (${(0,titles/* resultMark */.nV)(result)} ${result})`;
    const newer = (0,markdown/* codeSpan */.SS)(head.slice(0, 7));
    const lines = [
        `### \u23ed\ufe0f Left to the run of the ${where.on}'s head, ${newer}`,
        '',
        `This ${where.what} showed the outcome${own}, whose run ended after the ${where.on}'s head moved to ${newer}. The run of ${newer} writes its outcome here; until it does, look at that commit's ${where.on === 'pull request' ? 'checks' : 'pipeline'}.`,
        '',
        footer(source, `left to ${newer}`)
    ];
    return withMarker(marker, lines, source.sha);
}
const MAX_COMMENT_FILES = 20;
const MAX_COMMENT_PAGES = 20;
/** Each character outside [A-Za-z0-9_.-] as its UTF-8 bytes in %XX: two texts, two parts, and nothing that ends an HTML comment. */
const encoded = (text) => [...new TextEncoder().encode(text)]
    .map((byte) => (/[A-Za-z0-9_.-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
const kindsPart = (kinds) => kinds.join('+') || 'none';
/**
 * The step's whole identity as one text, every part encoded whole (never folded, never cut) and
 * joined by `/`: two steps that differ in any part, by a single character, differ here.
 */
function commentIdentity(kinds, place) {
    const parts = place.ci === 'gitlab'
        ? ['gitlab', place.job, place.key]
        : ['github', place.workflowFile !== undefined ? 'file' : 'name', place.workflowFile ?? place.workflow, place.job, place.step, place.key];
    return [...parts.map((part) => encoded(part ?? '')), kindsPart(kinds)].join('/');
}
/** An identity longer than this is named by its SHA-256 in the marker, never cut. */
const MAX_MARKER_IDENTITY = 200;
const MARKER_OPENING = '<!-- wait-for-docs/3 ';
/**
 * The hidden marker that finds this step's comment (or this job's note) again on later runs, on
 * the comment's first line: one per workflow file, job, step, pr-comment-key and kinds of target,
 * so two steps of one job, two legs of a matrix with their own keys, and two workflows however
 * alike their names keep a comment each.
 */
function commentMarker(kinds, place) {
    const identity = commentIdentity(kinds, place);
    const named = identity.length <= MAX_MARKER_IDENTITY ? identity : `sha256-${(0,external_node_crypto_.createHash)('sha256').update(identity).digest('hex')}`;
    return `${MARKER_OPENING}${named} -->`;
}
/** How earlier versions wrote a part: every run of other characters as `_`, cut at 80 characters. */
const FOLDED_MAX = 80;
const folded = (text) => (text ?? '').replace(/[^A-Za-z0-9_.-]+/g, '_');
/**
 * The markers of earlier versions whose comment this step takes over, newest first: each is
 * taken by the one step that could have written it, never by two siblings at once.
 * - The previous marker (GitHub: the workflow's name, the job and the step folded to
 *   [A-Za-z0-9_.-], the key encoded; GitLab: the job's name folded, no key), by the step whose
 *   marker it was; a GitLab job only without a key, since the previous note did not hold it.
 * - The first marker (workflow and job only, before steps and keys were in it), by a step
 *   without pr-comment-key: legs of a matrix, which run at once, all have keys; steps of one job
 *   without a key run one after the other, so the first takes it and the next finds none.
 * A marker whose parts were cut at 80 characters is nobody's alone (legs named alike shared it),
 * so none takes it over.
 */
function earlierMarkers(kinds, place) {
    const github = place.ci !== 'gitlab';
    const workflow = github ? folded(place.workflow) : 'gitlab';
    const parts = [workflow, folded(place.job), ...(github && place.step !== undefined ? [folded(place.step)] : [])];
    if (parts.some((part) => part.length > FOLDED_MAX))
        return [];
    const kind = kindsPart(kinds);
    const markers = [];
    if (github)
        markers.push(`<!-- wait-for-docs:${parts.join('/')}${place.key ? `/${encoded(place.key)}` : ''}:${kind} -->`);
    if (!place.key)
        markers.push(`<!-- wait-for-docs:${workflow}/${folded(place.job)}:${kind} -->`);
    return [...new Set(markers)];
}
/**
 * Which marker heads a comment's body, where the renderer puts it (the first line): its index in
 * `markers` (this step's first, then earlier versions' it takes over), or undefined. A marker
 * anywhere else in the body (quoted, or printed in server text) never makes it the step's.
 */
function markerRank(body, markers) {
    const first = body.split('\n', 1)[0]?.replace(/\r$/, '') ?? '';
    const index = markers.indexOf(first);
    return index === -1 ? undefined : index;
}
const ZWSP = '\u200b';
/**
 * The lines below the marker, where server text is: every `<!--` broken by a zero-width space,
 * so nothing there reads as a marker to any version's finder, even one that looks everywhere.
 */
function withMarker(marker, lines, sha) {
    // The commit it reflects, under the marker: a run of an older head reads it before it writes (records/heads.ts).
    const commit = sha && /^[0-9a-f]{7,64}$/i.test(sha) ? `${commitLine(sha)}\n` : '';
    return `${marker}\n${commit}${lines.join('\n').replace(/<!--/g, `<${ZWSP}!--`)}\n`;
}
/** The comment: the outcome in short, with every piece of server text escaped. */
function renderComment(outcome, marker, source) {
    const from = typeof source === 'string' ? { runUrl: source } : (source ?? {});
    // A run that annotates nothing is the command's under GitLab (the merge request note): its words.
    const explain = { place: from.run && !from.run.annotates ? (0,place/* commandPlace */.N4)('gitlab') : place/* GITHUB_ACTIONS_PLACE */.ME, expectedCommit: from.expectedCommit };
    const { lead, next } = (0,report_explain.explainRun)(outcome, explain);
    const lines = [`### ${(0,titles/* titleFor */.Q$)(outcome)}`, '', `**${(0,markdown/* escapeText */.X1)(lead[0] ?? '', 600)}**`, ''];
    const deployed = deployedLine(outcome, from.sha);
    if (deployed)
        lines.push(deployed, '');
    const started = (0,report_started/* startedMarkdown */.f)(outcome);
    if (started)
        lines.push(started, '');
    if (outcome.problems.length > 0)
        lines.push(...outcome.problems.slice(0, 20).map((problem) => `- ${(0,markdown/* escapeText */.X1)(problem, 300)}`), '');
    if (next)
        lines.push(`**Next:** ${(0,markdown/* escapeWithCode */.HY)((0,src_text/* sentence */.em)(next).slice(0, -1), 400)}.`, '');
    // The log lines are not quoted here: the files they name are, with the run that annotates them.
    const named = (0,evidence/* fileAnnotations */.fM)(outcome);
    if (named.length > 0) {
        const run = from.run ?? WORKFLOW_RUN;
        const where = !from.runUrl ? '' : run.annotates ? ` (annotated in the ${(0,markdown/* link */.nf)(run.label, from.runUrl)})` : ` (see the ${(0,markdown/* link */.nf)(run.label, from.runUrl)})`;
        lines.push(`**Files named in the update log:** ${named.map((note) => (0,markdown/* codeSpan */.SS)((0,evidence/* fileRefText */.X)(note), 150)).join(', ')}${where}`, '');
    }
    if (outcome.targets.length > 0) {
        const withPr = outcome.targets.some((t) => t.ref.kind === 'job');
        // One target's reason is the lead above; several each get theirs.
        const withReason = outcome.targets.length > 1;
        const rows = outcome.targets.slice(0, MAX_COMMENT_TARGETS).map((t) => {
            const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined;
            const row = [`${titles/* TARGET_NOUNS */.gg[t.ref.kind]} ${(0,markdown/* codeSpan */.SS)(t.ref.id, 80)}`, `${(0,titles/* resultMark */.nV)(t.result)} ${t.result}`];
            if (withReason)
                row.push((0,markdown/* escapeText */.X1)((0,advice/* explainTarget */.PP)(t, explain).reason, 300));
            return withPr ? [...row, prLink ? (0,markdown/* link */.nf)('pull request', prLink) : ''] : row;
        });
        lines.push((0,markdown/* table */.tp)(['Target', 'Result', ...(withReason ? ['Reason'] : []), ...(withPr ? ['Pull request'] : [])], rows));
        if (outcome.targets.length > MAX_COMMENT_TARGETS)
            lines.push('', `\u2026 and ${outcome.targets.length - MAX_COMMENT_TARGETS} more targets.`);
        lines.push('');
        const checkUrl = (0,outputs/* platformCheckUrl */.hV)(outcome);
        if (checkUrl)
            lines.push(`**Platform deploy:** ${(0,markdown/* link */.nf)('open what the platform reported', checkUrl)}`, '');
    }
    const facts = (0,report_facts/* runFacts */.p)(outcome);
    const files = facts.files.changed;
    if (files.length > 0) {
        const shown = files
            .slice(0, MAX_COMMENT_FILES)
            .map((f) => (0,markdown/* codeSpan */.SS)(f, 150))
            .join(', ');
        lines.push(`**Files changed (${files.length}):** ${shown}${files.length > MAX_COMMENT_FILES ? `, \u2026 and ${files.length - MAX_COMMENT_FILES} more` : ''}`, '');
    }
    if (outcome.pages && !outcome.pages.skipped) {
        lines.push('**Pages:**', '');
        for (const page of outcome.pages.pages.slice(0, MAX_COMMENT_PAGES)) {
            const [found, holds, when] = (0,report_facts/* pageFacts */.P)(page);
            lines.push(`- ${(0,titles/* resultMark */.nV)(page.result)} ${(0,markdown/* codeSpan */.SS)(page.path, 150)}: found ${found}, holds the text ${holds}, ${when}`);
        }
        if (outcome.pages.pages.length > MAX_COMMENT_PAGES)
            lines.push(`- \u2026 and ${outcome.pages.pages.length - MAX_COMMENT_PAGES} more (see the job summary)`);
        lines.push('');
    }
    if (outcome.search && !outcome.search.skipped) {
        const count = facts.searchResults;
        lines.push(`**Search check:** ${outcome.search.result}, ${(0,src_text/* counted */.hS)(outcome.search.queries.length, 'query', 'queries')}, ${count} results`, '');
    }
    lines.push(footer(from, `took ${(0,durations/* formatDuration */.a)(outcome.elapsedMs)}`));
    return withMarker(marker, lines, from.sha);
}
/** Deployed commits listed one by one; the summary has every update. */
const MAX_DEPLOYED_LISTED = 5;
/**
 * The commit each update deployed (its record's `commit.sha`, once the platform says `success`),
 * which may not be the run's commit (a deploy branch, a re-run): said beside it when it differs.
 */
function deployedLine(outcome, runSha) {
    const deployed = outcome.targets.flatMap((t) => t.parsed?.kind === 'update' && t.parsed.data.status === 'success' && t.parsed.data.commit?.sha?.trim()
        ? [{ id: t.ref.id, sha: t.parsed.data.commit.sha.trim() }]
        : []);
    if (deployed.length === 0)
        return undefined;
    const shas = [...new Set(deployed.map((d) => d.sha))];
    const short = (sha) => (0,markdown/* codeSpan */.SS)(sha.slice(0, 7));
    const listed = shas.length === 1
        ? short(shas[0] ?? '')
        : deployed
            .slice(0, MAX_DEPLOYED_LISTED)
            .map((d) => `${short(d.sha)} (update ${(0,markdown/* codeSpan */.SS)(d.id, 80)})`)
            .join(', ') + (deployed.length > MAX_DEPLOYED_LISTED ? `, \u2026 and ${deployed.length - MAX_DEPLOYED_LISTED} more` : '');
    const run = runSha?.toLowerCase();
    const other = run !== undefined && shas.some((sha) => !(sha.toLowerCase().startsWith(run) || run.startsWith(sha.toLowerCase())));
    return `**Deployed commit${shas.length === 1 ? '' : 's'}:** ${listed}${other ? ` \u2014 not the commit of this run, ${short(runSha ?? '')}` : ''}`;
}

// EXTERNAL MODULE: ./src/step/limits.ts
var limits = __webpack_require__(2372);
// EXTERNAL MODULE: ./src/gitlab/api.ts
var api = __webpack_require__(4175);
// EXTERNAL MODULE: ./src/gitlab/context.ts
var context = __webpack_require__(2980);
;// CONCATENATED MODULE: ./src/gitlab/mr-note.ts
// The sticky note on the pipeline's GitLab merge request (--mr-comment), as pr-comment keeps one
// comment on a GitHub pull request: "in progress" when the wait starts, replaced in place by the
// outcome. Its Markdown is the comment's; only where it goes and how it is written differ.












const CREATE_TOKEN = `Create a project access token with the api scope and at least the Reporter role (the project's Settings \u203a Access tokens), or a personal access token with the api scope, and store it as a masked CI/CD variable named ${context/* GITLAB_TOKEN_VARIABLE */.tS}`;
const DEFAULT_REQUEST_TIMEOUT_MS = (0,durations/* parseDuration */.E)(parse/* INPUT_DEFAULTS */.WJ['request-timeout']) ?? 30_000;
const isSha = (text) => text !== undefined && /^[0-9a-f]{7,64}$/i.test(text);
/** A project's path as GitLab spells it (groups and subgroups), for the words; anything else is not shown. */
const PROJECT_PATH = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+){1,20}$/;
/** A project named by its path when it is a plain one, else by its id. */
const projectNamed = (id, path) => {
    const given = path?.trim();
    return given && given.length <= 100 && PROJECT_PATH.test(given) ? given : `project ${(0,src_text/* oneLine */.TN)(id, 40)}`;
};
/**
 * The merge request of the pipeline (CI_API_V4_URL, CI_MERGE_REQUEST_IID in the merge request's
 * own project, CI_MERGE_REQUEST_PROJECT_ID), the marker of this job's note (one per whole job
 * name, --pr-comment-key and kinds of work, as the comment has one per workflow file, job, step
 * and key), the job's URL and the commit the pipeline runs on. A pipeline of a fork's merge
 * request runs in the fork (CI_PROJECT_ID), where the same number is another merge request or
 * none: the note goes to the merge request's own project, and CI_PROJECT_ID stands in only when
 * GitLab does not say which that is.
 */
function notePlace(env, settings) {
    const mergeRequest = env.CI_MERGE_REQUEST_IID?.trim();
    if (!mergeRequest) {
        if (env.GITLAB_CI !== 'true')
            return { skip: 'this is not a GitLab CI job (GITLAB_CI is not set), so there is no merge request to write on' };
        return {
            skip: `this pipeline is not for a merge request (CI_MERGE_REQUEST_IID is not set; GitLab sets it in merge request pipelines, run with rules: - if: $CI_PIPELINE_SOURCE == "merge_request_event")`
        };
    }
    if (!/^\d{1,12}$/.test(mergeRequest))
        return { skip: 'CI_MERGE_REQUEST_IID is not a number' };
    const pipelineProject = env.CI_PROJECT_ID?.trim();
    const project = env.CI_MERGE_REQUEST_PROJECT_ID?.trim() || pipelineProject;
    if (!project)
        return { skip: "the merge request's project is unknown (neither CI_MERGE_REQUEST_PROJECT_ID nor CI_PROJECT_ID is set)" };
    const fork = pipelineProject && pipelineProject !== project ? { project: pipelineProject, name: projectNamed(pipelineProject, env.CI_PROJECT_PATH) } : undefined;
    const api = env.CI_API_V4_URL?.trim() ?? '';
    if (!URL.canParse(api) || !/^https?:$/.test(new URL(api).protocol))
        return { skip: 'CI_API_V4_URL is not set to the http(s) URL of the GitLab API' };
    const pipelineSha = [env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA, env.CI_COMMIT_SHA].map((sha) => sha?.trim()).find(isSha);
    const place = { ci: 'gitlab', job: env.CI_JOB_NAME, key: settings.key };
    const marker = commentMarker(settings.kinds, place);
    const markers = [marker, ...earlierMarkers(settings.kinds, place)];
    return {
        apiUrl: new URL(api),
        project,
        mergeRequest,
        projectName: projectNamed(project, env.CI_MERGE_REQUEST_PROJECT_PATH),
        fork,
        marker,
        rank: (body) => markerRank(body, markers),
        source: { runUrl: (0,markdown/* safeUrl */.Pl)(env.CI_JOB_URL), sha: pipelineSha, run: { label: 'job', annotates: false } },
        pipelineSha
    };
}
/**
 * The kinds of work and the request time limit of the run, read from its inputs as the comment
 * reads them (also when other inputs are invalid, so that the corrected run updates the same note).
 */
function noteSettings(raw) {
    const parsed = (0,parse/* parseInputs */.TL)({ ...raw, 'pr-comment': 'true', 'github-token': 'unused', 'pr-number-target': '' });
    const comment = parsed.ok ? parsed.settings.comment : parsed.comment;
    return { kinds: comment?.kinds ?? [], key: comment?.key, requestTimeoutMs: comment?.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS };
}
/**
 * Why a pipeline of a fork's merge request may hold no token that writes there, and what works:
 * it runs in the fork, with the fork's CI/CD variables, not the merge request's project's. One
 * sentence after another, with a space before it and no full stop after it; '' outside a fork.
 */
function forkPipeline(where) {
    if (!where.fork)
        return '';
    const target = where.projectName ?? `project ${(0,src_text/* oneLine */.TN)(where.project, 40)}`;
    return (` This pipeline runs in the fork ${where.fork.name} for a merge request of ${target}, so GitLab gives it the fork's CI/CD variables (${context/* GITLAB_TOKEN_VARIABLE */.tS} among them), not those of ${target}. ` +
        `Give the fork a token that may write notes in ${target}, or have a member of ${target} run the pipeline there (the merge request's Pipelines tab, Run pipeline)`);
}
/** Why the note could not be written, and what to do; the run's result does not depend on it. */
function explainNoteError(error, place) {
    const status = error instanceof api/* GitLabError */.YZ ? error.status : undefined;
    const forked = forkPipeline(place);
    const fork = forked ? `.${forked}` : '';
    const limited = (0,api/* explainRateLimit */.Zw)(error, 'note');
    if (limited)
        return limited;
    if (status === 401)
        return `GitLab refused the token (HTTP 401): it is expired, revoked, or not a token of this GitLab, or it is the CI job token, which cannot write notes. ${CREATE_TOKEN}${fork}`;
    if (status === 403)
        return `the token may not write notes on this merge request (HTTP 403): a CI job token never may, and an access token needs the api scope and at least the Reporter role. ${CREATE_TOKEN}${fork}`;
    if (status === 404)
        return `GitLab did not find merge request !${place.mergeRequest} of ${place.projectName ?? `project ${(0,src_text/* oneLine */.TN)(place.project, 100)}`} (HTTP 404): check that the token's user is a member of the project${fork}`;
    const message = error instanceof Error ? error.message : String(error);
    return (0,src_text/* oneLine */.TN)(message, 400);
}
/** The token, or why there is none that can write a note (on a fork's pipeline, with why the fork may hold none). */
function noteToken(options, place) {
    const token = (0,context/* usableToken */.ej)((0,context/* gitlabTokenOf */.wG)(options.token, options.env), options.env, 'merge request notes', CREATE_TOKEN);
    if ('problem' in token && 'apiUrl' in place && place.fork)
        return { problem: `${token.problem}.${forkPipeline(place)}` };
    return token;
}
/** Every spelling of the GitLab token cut out too, whatever the caller's redactor knows. */
function cleaner(options) {
    return (0,context/* cleanerWith */.Hb)((0,context/* gitlabTokenOf */.wG)(options.token, options.env), options.clean);
}
/**
 * What is said instead of a note when none can be written, known before any request: no merge
 * request to write on (outside GitLab CI: a warning, as its neighbours are; in a branch pipeline,
 * a line), or no token that may write one.
 */
function noteInstead(options, place, token) {
    if ('skip' in place)
        return {
            say: `--mr-comment is set, but ${place.skip}; no merge request note was written.`,
            level: options.env.GITLAB_CI === 'true' ? 'info' : 'warning',
            code: 'note.skipped'
        };
    if ('problem' in token)
        return { say: `${NOT_WRITTEN}: ${token.problem}. ${STANDS}`, level: 'warning', code: 'note.no-token' };
    return undefined;
}
const NOT_WRITTEN = 'The merge request note could not be written';
const STANDS = 'The result does not depend on it.';
/**
 * The merge request note as GitLab's port of the shared message record
 * (records/message-record.ts): its id is where it is. The note of this job written by the token's own user is found on whatever page of
 * the notes it is and updated in place; else one is created. A note by anyone else, even with
 * the marker, is left as it is. `endAt` bounds the connections of a write (the lifecycle's signals end it sooner).
 */
function mergeRequestNotePort(options, settings, opening, endAt) {
    const clean = cleaner(options);
    const place = notePlace(options.env, settings);
    const token = noteToken(options, place);
    const known = {};
    const ready = () => {
        const instead = noteInstead(options, place, token);
        if (instead)
            throw new lifecycle/* RecordSkipped */.CU(instead.say, instead.code, instead.level);
        return { place: place, token: token.token };
    };
    /** A client for one exchange: lookups end with request-timeout, writes only with the step's limit or the grace. */
    async function using(signal, phaseMs, work) {
        const { place: at, token: key } = ready();
        const gitlab = (0,api/* createGitLabClient */.jp)(at.apiUrl, key, signal, phaseMs, options.env, clean);
        try {
            return await work(gitlab, at);
        }
        finally {
            (0,api/* closeSoon */.sj)(gitlab);
        }
    }
    /** The token's user, asked once per run; again only if asking failed. */
    const meOf = async (gitlab) => {
        known.me ??= await gitlab.currentUserId();
        return known.me;
    };
    const connect = async (signals) => {
        const { place: at } = ready();
        const looking = (work) => using(signals.lookup, settings.requestTimeoutMs, work);
        const writing = (work) => using(signals.write, Math.max(settings.requestTimeoutMs, endAt() - Date.now()), work);
        return {
            find: () => looking(async (gitlab, at) => {
                const me = await meOf(gitlab);
                const found = await gitlab.findNoteAndTwins(at.project, at.mergeRequest, (note) => note.authorId === me && !note.system ? at.rank(note.body) : undefined);
                return { id: found.note?.id, body: found.note?.body, twins: found.twins };
            }),
            ours: () => looking(async (gitlab, at) => {
                const me = await meOf(gitlab);
                const notes = await gitlab.listNotes(at.project, at.mergeRequest, (note) => note.authorId === me && !note.system && at.rank(note.body) === 0);
                return notes.map(({ id, body }) => ({ id, body }));
            }),
            bodyOf: (id) => looking((gitlab, at) => gitlab.noteBody(at.project, at.mergeRequest, id)),
            head: () => looking((gitlab, at) => gitlab.mergeRequestHead(at.project, at.mergeRequest)),
            write: (id, body) => writing(async (gitlab, at) => {
                if (id !== undefined) {
                    await gitlab.updateNote(at.project, at.mergeRequest, id, body);
                    return { where: id, done: 'updated' };
                }
                return { where: await gitlab.createNote(at.project, at.mergeRequest, body), done: 'created' };
            }),
            remove: (id) => writing((gitlab, at) => gitlab.deleteNote(at.project, at.mergeRequest, id)),
            ownCommit: at.pipelineSha,
            inProgress: () => {
                const { targets = [], search } = opening() ?? {};
                const work = (0,titles/* describeWork */.FG)({ targets: targets.map((ref) => ({ ref })), search });
                return clean(renderInProgressComment(at.marker, targets, at.source, work));
            },
            // The pipeline's commit heads the note; a deployed commit that differs is said so beside it, as in the pull request comment.
            outcome: (outcome) => clean(renderComment(outcome, at.marker, at.source)),
            leftTo: (head, result) => clean(renderLeftToNewerHead(at.marker, at.source, head, result, { what: 'note', on: 'merge request' }))
        };
    };
    // A fork's pipeline names the merge request's own project, where the note went.
    const mr = () => ('mergeRequest' in place ? `${place.mergeRequest}${place.fork ? ` of ${place.projectName}` : ''}` : '?');
    return messageRecordPort({
        api: 'GitLab API',
        what: 'note',
        on: 'merge request',
        connect,
        explain: (error) => ('apiUrl' in place ? explainNoteError(error, place) : (0,src_text/* oneLine */.TN)(String(error), 400)),
        gone: (error) => error instanceof api/* GitLabError */.YZ && error.status === 404,
        retryAfterMs: api/* gitlabRetryAfterMs */.Y6,
        words: {
            named: () => `The note on merge request !${mr()}`,
            opened: () => `Posted "in progress" on merge request !${mr()}.`,
            closed: (_id, done) => `${done === 'created' ? 'Noted the outcome on' : 'Updated the note on'} merge request !${mr()}.`,
            openFailed: (why) => `The "in progress" note could not be written (${why}); the outcome will still be noted.`,
            closeFailed: (why) => `${NOT_WRITTEN}: ${why}. ${STANDS}`,
            deleted: (id) => `The note on merge request !${mr()} was deleted during the run (GitLab answered 404 to its update of note ${id}); writing the outcome in a new note.`,
            mayNotHold: (why) => `The merge request note holds the outcome, but ${why}. ${STANDS}`
        }
    });
}
/**
 * The outcome's note alone (no "in progress" before it), within `budgetMs`: created, or the
 * job's note updated in place. A note that cannot be written is a warning; the result and the
 * exit code never depend on it.
 */
async function writeMergeRequestNote(options, write, outcome) {
    const endAt = Date.now() + write.budgetMs;
    const port = mergeRequestNotePort(options, write.settings, () => undefined, () => endAt);
    const cancel = { signal: write.signal ?? new AbortController().signal, exitBy: write.exitBy ?? (() => (write.signal?.aborted ? Date.now() : undefined)) };
    await (0,lifecycle/* recordLifecycle */.OO)(port, { cancel, endAt, requestTimeoutMs: write.settings.requestTimeoutMs, log: options.log, clean: cleaner(options) }).close(outcome);
}
/**
 * The note as a record of the story (step/story.ts): "in progress" when the wait starts, the
 * outcome at the end, kept true by the record lifecycle within the step's time limits
 * (step/limits.ts): "in progress" never sent past the wait's deadline, every write within
 * timeout + request-timeout + 2 s, or what is left of the grace period after a cancel, consulted
 * live. `raw` gives the kinds of work of the marker, also when the inputs are invalid.
 */
function createMergeRequestNote(context, raw) {
    const settings = noteSettings(raw);
    const options = { env: context.env, token: context.token, log: context.log, clean: context.clean };
    const cancel = { signal: context.signal, exitBy: context.exitBy };
    return (0,run_record/* keptRecord */.u)(({ settings: run, targets, endAt }) => {
        // Known when waiting begins (no merge request, no token): said then, not after the wait.
        const place = notePlace(options.env, settings);
        const instead = noteInstead(options, place, noteToken(options, place));
        if (instead)
            return instead;
        const writesEndAt = endAt(settings.requestTimeoutMs);
        return {
            port: mergeRequestNotePort(options, settings, () => ({ targets, search: run?.search }), () => writesEndAt),
            requestTimeoutMs: settings.requestTimeoutMs,
            // "In progress" only while the wait's deadline is ahead.
            open: run !== undefined && (0,limits/* inProgressBudgetMs */.gV)(settings.requestTimeoutMs, context.startedAt, run.timeoutMs) > 0
        };
    }, { startedAt: context.startedAt, cancel, log: context.log, clean: cleaner(options) });
}


/***/ }),

/***/ 4439:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ startedMarkdown)
/* harmony export */ });
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4285);

const STARTED = {
    update: 'update',
    preview: 'preview deployment',
    agent: 'agent job',
    automation: 'automation run',
    message: 'follow-up message to agent job'
};
/**
 * The line that says what the run's trigger started, for the summary and the comment; undefined
 * when nothing was. A preview is linked only once it deployed: the address of one that failed, or
 * is not live yet, shows the previous deployment (if any), so it is given as text, saying so.
 */
function startedMarkdown(outcome) {
    const trigger = outcome.trigger;
    if (trigger?.automation) {
        const { runId, jobId } = trigger.automation;
        const job = jobId ? `, background job ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(jobId, 120)}` : '';
        return `**Started:** ${STARTED[trigger.kind]}, run id ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(runId, 120)}${job}. The platform publishes no status for a run: follow it in the project's automation runs in the dashboard.`;
    }
    if (!trigger?.ref)
        return undefined;
    if (trigger.kind === 'message')
        return `**Sent:** ${STARTED[trigger.kind]} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(trigger.ref.id, 120)}; the job is waited on for that message`;
    const id = `${trigger.ref.kind === 'update' ? 'status id' : 'job id'} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(trigger.ref.id, 120)}`;
    const ref = trigger.ref;
    const deployed = outcome.targets.some((t) => t.ref.kind === ref.kind && t.ref.id === ref.id && t.result === 'success');
    const preview = !trigger.previewUrl
        ? ''
        : deployed
            ? ` \u00b7 ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('open the preview', trigger.previewUrl)}`
            : ` \u00b7 not deployed: its address ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(trigger.previewUrl, 300)} shows the previous deployment, if there is one`;
    return `**Started:** ${STARTED[trigger.kind]}, ${id}${preview}`;
}


/***/ })

};
