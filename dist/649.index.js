export const id = 649;
export const ids = [649];
export const modules = {

/***/ 7128:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  KY: () => (/* binding */ LookupAroundWriteFailed),
  O_: () => (/* binding */ NotFoundYet),
  CU: () => (/* binding */ RecordSkipped),
  OO: () => (/* binding */ recordLifecycle),
  Cd: () => (/* binding */ settledOrAborted),
  xV: () => (/* binding */ withinBudget)
});

// UNUSED EXPORTS: CLOSE_RETRY_MS, MAX_RETRY_PAUSE_MS, oneWarning, retryPauseMs

// EXTERNAL MODULE: ./src/durations.ts
var durations = __webpack_require__(5534);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/records/failure.ts
var failure = __webpack_require__(2516);
// EXTERNAL MODULE: ./src/records/listing.ts
var listing = __webpack_require__(5474);
// EXTERNAL MODULE: ./src/timeout-signal.ts
var timeout_signal = __webpack_require__(2445);
// EXTERNAL MODULE: ./src/step/limits.ts
var limits = __webpack_require__(2372);
;// CONCATENATED MODULE: ./src/records/record-story.ts
/**
 * What the close is told of the open. One that never reached the server (`unsent`) is, as a
 * refused one, nothing to find again; unlike one, it says nothing of the close's own write.
 */
const openedOf = (open) => (open.at === 'sending' ? 'lost' : open.at === 'unsent' ? 'refused' : open.at);
/** Before anything is sent. */
const firstState = () => ({
    open: { at: 'never' },
    close: { at: 'not-begun' },
    where: undefined,
    notBefore: 0,
    voice: { at: 'quiet' }
});
/**
 * The sentences of one record's warnings as one: in the order found, joined by "Also:", the
 * closing sentence they share (what the step's result does not depend on) said once, at the end.
 */
function oneWarning(lines) {
    lines = [...new Set(lines)];
    if (lines.length === 1)
        return lines[0];
    const last = (line) => /(?<=[.!?]\s)[^.!?]+[.!?]$/.exec(line)?.[0];
    const shared = last(lines[0]);
    const same = shared !== undefined && lines.every((line) => last(line) === shared);
    const body = (line) => (same ? line.slice(0, line.length - shared.length).trimEnd() : line);
    return lines.map((line, i) => (i === 0 ? body(line) : `Also: ${body(line)}`)).join(' ') + (same ? ` ${shared}` : '');
}
/** The open moves to `at`, its lost tries and its work kept; before it is sent, it does not. */
const openMovesTo = (open, at) => (open.at === 'never' ? open : { ...open, at });
/** What the close found, or its lost write, changes; before it begins, nothing does. */
const closeFinds = (close, change) => (close.at === 'closing' ? { ...close, ...change } : close);
/** A warning: gathered while the close runs, said at once before it; one per record (a line of the log after it). */
const warned = (voice, line, codes) => {
    if (voice.at === 'warned')
        return { voice, say: [{ level: 'info', line }] };
    if (voice.at === 'gathering')
        return { voice: { ...voice, lines: [...voice.lines, { line, codes }] }, say: [] };
    return { voice: { at: 'warned' }, say: [{ level: 'warning', line, codes: [...new Set(codes)] }] };
};
/**
 * The table: what `event` makes of `state`, and what it says. An event that does not apply in a
 * state (the open's before it is sent, the close's before it begins) leaves that part as it is.
 */
function next(state, event) {
    const to = (change, say = []) => ({ state: { ...state, ...change }, say });
    const { open, close, voice } = state;
    switch (event.type) {
        case 'open-sent':
            return open.at === 'never' ? to({ open: { at: 'sending', done: Promise.resolve(), lost: undefined } }) : to({});
        case 'open-running':
            return open.at === 'sending' ? to({ open: { ...open, done: event.done } }) : to({});
        case 'open-answered':
            return to({ where: event.where, open: openMovesTo(open, 'written') });
        case 'open-skipped':
            return to({ open: openMovesTo(open, 'skipped') });
        case 'open-try-lost':
            // Each may land later, whatever the tries after it do: the time to land counts from the last, its reason the one said.
            return open.at === 'never' ? to({}) : to({ open: { ...open, lost: { count: (open.lost?.count ?? 0) + 1, lastSentAt: event.sentAt, why: event.why } } });
        case 'open-given-up':
            return to({ open: openMovesTo(open, 'lost') });
        case 'open-refused':
        case 'open-unsent':
            // An earlier try whose answer was lost may land yet: then the open is lost, not refused or unsent.
            return to({ open: openMovesTo(open, open.at !== 'never' && open.lost !== undefined ? 'lost' : event.type === 'open-refused' ? 'refused' : 'unsent') });
        case 'open-ended':
            // Should it end without saying how (nothing in it throws), the open is taken as lost: the close finds it again.
            return open.at === 'sending' ? to({ open: openMovesTo(open, 'lost') }) : to({});
        case 'where-known':
            return to({ where: event.where });
        case 'close-began':
            // The close's warnings are gathered, unless the record already said its one.
            return close.at === 'closing'
                ? to({})
                : to({
                    close: { at: 'closing', done: Promise.resolve(), found: 'nothing', lost: undefined, onTheWay: undefined },
                    voice: voice.at === 'quiet' ? { at: 'gathering', lines: [], failures: [] } : voice
                });
        case 'close-running':
            return close.at === 'closing' ? to({ close: { ...close, done: event.done } }) : to({});
        case 'found-at-once':
            return to({ where: event.where, close: closeFinds(close, { found: 'at-once' }) });
        case 'close-written':
            // Found where an unanswered creation put it: that creation has landed, nothing of it can come later.
            // What an earlier try said of the outcome ("could not be written"), and why it failed, no longer hold.
            return to({
                where: event.where,
                close: closeFinds(close, { ...(event.told === 'unanswered' && event.done === 'updated' ? { found: 'landed' } : {}), onTheWay: undefined }),
                voice: voice.at === 'gathering' ? { at: 'gathering', lines: voice.lines.filter((said) => !voice.failures.includes(said.line)), failures: [] } : voice
            });
        case 'close-tries-began':
            return to({ close: closeFinds(close, { onTheWay: undefined }) });
        case 'close-try-failed':
            return to({ close: closeFinds(close, { onTheWay: { why: event.why, code: event.code } }) });
        case 'close-write-lost':
            // The first one is the one that may land over what follows it.
            return close.at === 'closing' && close.lost === undefined ? to({ close: closeFinds(close, { lost: { at: event.sentAt, why: event.why } }) }) : to({});
        case 'record-gone':
            return to({ where: undefined, close: closeFinds(close, { found: 'anew' }) });
        case 'rate-limited':
            return to({ notBefore: Math.max(state.notBefore, event.until) });
        case 'warned': {
            const said = warned(voice, event.line, event.codes);
            return to({ voice: said.voice }, said.say);
        }
        case 'write-failed': {
            const said = warned(voice.at === 'gathering' ? { ...voice, failures: [...voice.failures, event.line] } : voice, event.line, event.codes);
            return to({ voice: said.voice }, said.say);
        }
        case 'close-ended': {
            if (voice.at !== 'gathering')
                return to({});
            const { lines } = voice;
            if (lines.length === 0)
                return to({ voice: { at: 'quiet' } });
            return to({ voice: { at: 'warned' } }, [
                { level: 'warning', line: oneWarning(lines.map((said) => said.line)), codes: [...new Set(lines.flatMap((said) => said.codes))] }
            ]);
        }
    }
}

;// CONCATENATED MODULE: ./src/records/lifecycle.ts
// A record kept true: what the step writes outside itself (the pull request comment, the GitLab
// merge request note, the GitHub deployment and its statuses, a commit status) has one story,
// told here once. It is opened ("in progress") when waiting begins, and closed with the
// outcome; whatever the API answers late and whenever a cancel lands, it is true at the end, or
// one warning says which record may not be and why. Each kind of record is a small port
// (`RecordPort`): where it is, how it is written, and the words of its messages. This file knows
// no CI system, no HTTP client and no adapter; the time rules are those of step/limits.ts.








/**
 * A lookup a port makes around a write failed (records/siblings.ts: the other jobs' statuses, read
 * before and after it): the write was not sent, or was answered. No answer of a write was lost,
 * whatever the lookup's own cause; nothing of it can land later.
 */
class LookupAroundWriteFailed extends Error {
}
/** Thrown by a port's close when told `unanswered` and the record is not found: nothing is created. */
class NotFoundYet extends Error {
    constructor() {
        super('the record is not found yet');
        this.name = 'NotFoundYet';
    }
}
/** Thrown by a port when the record has nowhere to go: `sentence` is said as it is, at `level` (a warning with `code`). */
class RecordSkipped extends Error {
    sentence;
    code;
    level;
    constructor(sentence, code, level = 'warning') {
        super(sentence);
        this.sentence = sentence;
        this.code = code;
        this.level = level;
        this.name = 'RecordSkipped';
    }
}
/** The pause before the second try of a write that failed on the way, when the server asked for none; it doubles with each try. */
const CLOSE_RETRY_MS = 250;
/** The longest pause between two tries of a write, when the server asked for none. */
const MAX_RETRY_PAUSE_MS = 5000;
/** The pause before the next try, after `tries` tries that failed on the way: 250 ms, doubling, 5 s at the most. */
const retryPauseMs = (tries) => Math.min(CLOSE_RETRY_MS * 2 ** Math.max(0, tries - 1), MAX_RETRY_PAUSE_MS);
/** A timer that holds the process (the outcome's exit code must not be lost to an empty event loop). */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A write that failed on the way, not one the server refused: a 5xx, a 429, or no answer at all (records/failure.ts). */
const lifecycle_transient = (error) => {
    // A lookup around the write that failed is judged by its own cause: a listing refused (401,
    // 403, 404) or that is no listing fails again the same way; a 5xx, a rate limit, a network
    // error or a lookup that ran out may pass.
    if (error instanceof LookupAroundWriteFailed)
        return ['timed-out', 'lost', 'rate-limited', 'never-sent'].includes((0,failure/* failureOf */.g5)(error.cause, false));
    // Ended by its own signal, it is not tried again; refused (a proxy that wants credentials too), it
    // would be refused again. A port's rate limit that is no 429 (GitHub's 403) is tried again by its pause.
    return !(0,listing/* isAbort */.rV)(error) && !(0,failure/* refusedForGood */.FD)(error);
};
/**
 * A write whose answer was lost on the way, which the server may still apply: a 5xx (a gateway
 * that gave up), no answer once it may have reached the server, or a write cut at the step's
 * limit; or one the server applied whose answer could not be used (a 2xx cut short, or naming no
 * record). Not a lookup that ran out before any write, nor a fault of this process.
 */
const answerLost = (error, signals) => 
// A lookup around the write failed: the write was not sent, or was answered. A reset of that
// lookup is no write that may land later (found by the explorer: taken for one, it set the time
// to land of the write sent after it too early).
!(error instanceof LookupAroundWriteFailed) && (0,failure/* failureOf */.g5)(error, signals.write.aborted) === 'lost';
/** A request that never reached the server (the connection refused, the name not found, a proxy's refusal of the tunnel): nothing was applied. */
const neverSent = (error) => error instanceof LookupAroundWriteFailed
    ? neverSent(error.cause)
    : error instanceof failure/* NoAnswer */.W_
        ? error.reached === 'no'
        : (0,failure/* failureOf */.g5)(error, false) === 'never-sent';
/** Resolves when `work` settles or `signal` aborts, whichever is first; never rejects, and `work` is observed. */
function settledOrAborted(work, signal) {
    return new Promise((resolve) => {
        const stop = () => resolve('aborted');
        work.then(() => resolve('settled'), () => resolve('settled'));
        work.finally(() => signal.removeEventListener('abort', stop)).catch(() => undefined);
        if (signal.aborted)
            stop();
        else
            signal.addEventListener('abort', stop, { once: true });
    });
}
/**
 * The work's result, or the signal's abort, whichever comes first: an HTTP client does not
 * honour an abort in every phase (a proxy that never answers CONNECT holds it for minutes), so
 * the work stops being waited on when its time is up, whatever its request does. The work is
 * observed first, so its rejection is never unhandled, even when the signal is already aborted.
 */
function withinBudget(work, budget) {
    return new Promise((resolve, reject) => {
        const stop = () => reject(budget.reason);
        work.then(resolve, reject).finally(() => budget.removeEventListener('abort', stop));
        if (budget.aborted)
            stop();
        else
            budget.addEventListener('abort', stop, { once: true });
    });
}
/** The record's lifecycle through `port`, within the step's time rules. */
function recordLifecycle(port, options) {
    const { cancel, log, clean } = options;
    const refused = port.refused ?? failure/* refusedForGood */.FD;
    // One end for every write of the run: the step's limit, or the grace's end once a cancel came.
    const deadline = (0,limits/* commentDeadline */.uX)(options.endAt, cancel);
    const landMs = options.landMs ?? 2 * options.requestTimeoutMs;
    /**
     * The record's story, one value (records/record-story.ts): the open's, the close's, where the
     * record is, the pause a rate limit asked for, what it said. It changes only by an event of
     * that table (`tell`), which writes what the change says.
     */
    let state = firstState();
    const tell = (event) => {
        const { state: after, say } = next(state, event);
        state = after;
        for (const line of say)
            line.level === 'info' ? log.info(line.line) : log.warning(line.line, [...line.codes]);
    };
    // Aborted once the record is known and a cancel came, in either order: the close then goes at once.
    const knownAfterCancel = new AbortController();
    // Aborted when the close begins: the open is not sent again after it.
    const closeBegan = new AbortController();
    /** The open's tries whose answer was lost, whatever became of it (none before it is sent). */
    const lostOpens = () => (state.open.at === 'never' ? undefined : state.open.lost);
    /** The open's work, settled or not (none before it is sent). */
    const openDone = () => (state.open.at === 'never' ? Promise.resolve() : state.open.done);
    /** What the close found, and its lost write: none before it begins. */
    const closeFound = () => (state.close.at === 'closing' ? state.close.found : 'nothing');
    const closeLost = () => (state.close.at === 'closing' ? state.close.lost : undefined);
    /** What the close is told of the open. */
    const opened = () => openedOf(state.open);
    /** The code of what a lost write of the outcome shows if it lands after the step (a success over another job's failure). */
    const lateCloseCode = () => port.words.lateCloseCode?.() ?? code('may-not-hold');
    /** A code the port may give, as a list of none or one (to spread after a warning's first code). */
    const noneOrOne = (late) => (late ? [late] : []);
    /** The code of what a lost "in progress" write shows if it lands after the step, when it has one (a second comment). */
    const lateOpenCodes = () => noneOrOne(port.words.lateOpenCode?.());
    /** The code of what the close's creation shows if its answer was lost and it lands after the step, when it has one. */
    const lateCreationCodes = () => noneOrOne(port.words.lateCreationCode?.());
    /** The codes of what a failed close adds of its own (a second comment beside an older one). */
    const closeFailedCodes = () => port.words.closeFailedCodes?.(opened()) ?? [];
    /** What an "in progress" write shows if it lands after the step: the port knows (a second comment, for a lost creation). */
    const lateOpen = () => port.words.lateOpen?.() ?? 'it shows "in progress" until the next run';
    /** A code of this record's warnings: `<record>.<kind>`. */
    const code = (kind) => `${port.record}.${kind}`;
    /** A warning with its codes: gathered while the close runs, said at once before it; one per record (a line of the log after it). */
    const warn = (line, ...codes) => tell({ type: 'warned', line: clean(line), codes });
    /** A write of the outcome failed: said as a warning, taken back if a later write of the close lands. */
    const sayWriteFailed = (line, ...codes) => tell({ type: 'write-failed', line: clean(line), codes });
    /**
     * The close was written: its line (unless `folded`: one round of many, said once in ten), and
     * what it found after its write (a warning is gathered with the close's others).
     */
    const sayClosed = (done, folded = false) => {
        if (!folded)
            log.info(clean(port.words.closed(done.where, done.done)));
        const after = done.after;
        if (!after)
            return;
        // A rate limit's pause holds every later write of the record, a request after the write's included.
        const asked = after.failed === undefined ? undefined : port.retryAfterMs?.(after.failed);
        if (asked !== undefined)
            tell({ type: 'rate-limited', until: Date.now() + asked });
        // The server's words one line without its escapes, the keys masked before it is cut; a lookup that ran out, its time.
        const reason = after.failed === undefined
            ? ''
            : (0,listing/* isAbort */.rV)(after.failed)
                ? `the ${port.api} did not answer within ${(0,durations/* formatDuration */.a)(options.requestTimeoutMs)} (request-timeout)`
                : (0,src_text/* oneLine */.TN)(clean(port.explain(after.failed)), 600);
        if (after.level === 'info')
            log.info(clean(after.sentence(reason)));
        else
            warn(after.sentence(reason), after.code);
    };
    const signalsUntil = (lookupEndAt, alsoOn = []) => {
        const lookup = (endAt) => AbortSignal.any([(0,timeout_signal/* timeoutSignal */._)((0,limits/* lookupBudgetMs */.E_)(options.requestTimeoutMs, endAt)), deadline, ...alsoOn]);
        // A lookup after a write (the oldest record after a creation) ends as the write does, never with the open's earlier end.
        return { write: deadline, lookup: lookup(lookupEndAt), nextLookup: () => lookup(options.endAt) };
    };
    // Whichever of the two ends comes first: a cancel heard after the step's limit ran out did not end the write.
    const ended = () => {
        const exitBy = cancel.exitBy();
        return exitBy !== undefined && exitBy < options.endAt ? 'the cancelled run had to end' : "the step's time limit (timeout + request-timeout + 2s) ran out";
    };
    /** What is left of the time for writes: to the step's limit, or, once a cancel came, to the margin before the process must be gone. */
    const timeLeft = () => {
        const exitBy = cancel.exitBy();
        return Math.min(options.endAt, exitBy === undefined ? Number.POSITIVE_INFINITY : exitBy - limits/* COMMENT_EXIT_MARGIN_MS */.Nz) - Date.now();
    };
    // A lookup cut short by what was left of the step's limit ran out with that limit: one reason,
    // whichever of the two timers fired first.
    const outOfTime = (error, signals, lookupMs) => deadline.aborted || (signals.lookup.aborted && (0,listing/* isAbort */.rV)(error) && lookupMs < options.requestTimeoutMs);
    /** The code of a warning that a request failed with `error`, as `why` words it: the time that ran out, or the port's. */
    const failedCode = (error, signals, lookupMs) => outOfTime(error, signals, lookupMs) ? code('out-of-time') : (port.codeOf?.(error) ?? code('not-written'));
    /** Why a request failed: the port's words, or the time that ran out. */
    const why = (error, signals, lookupMs) => {
        if (outOfTime(error, signals, lookupMs))
            return `the ${port.api} did not answer before ${ended()}`;
        if (signals.lookup.aborted && error instanceof listing/* ListingCut */.x0)
            return `the ${port.api} answered ${(0,src_text/* counted */.hS)(error.pages, 'page')} of ${error.what}, each within ${(0,durations/* formatDuration */.a)(error.slowestMs)}, but not all of them within ${(0,durations/* formatDuration */.a)(lookupMs)} (request-timeout, for the whole listing)`;
        if (signals.lookup.aborted && (0,listing/* isAbort */.rV)(error))
            return `the ${port.api} did not answer within ${(0,durations/* formatDuration */.a)(lookupMs)} (request-timeout)`;
        // The server's words are one line without its escapes, whatever the port made of them; the
        // keys masked before the line is cut (a cut spelling of a key is not found after).
        return (0,src_text/* oneLine */.TN)(clean(port.explain(error)), 600);
    };
    async function runOpen() {
        const lookupEndAt = Math.min(options.openLookupEndAt ?? options.endAt, options.endAt);
        for (let tries = 1;; tries++) {
            const sentAt = Date.now();
            const lookupMs = (0,limits/* lookupBudgetMs */.E_)(options.requestTimeoutMs, lookupEndAt);
            const signals = signalsUntil(lookupEndAt, [cancel.signal]);
            try {
                const at = await port.open(signals, (known) => {
                    tell({ type: 'where-known', where: known });
                    // Known after a cancel came: the close need not wait on the rest of the open.
                    if (cancel.signal.aborted)
                        knownAfterCancel.abort();
                });
                tell({ type: 'open-answered', where: at });
                log.info(clean(port.words.opened(at)));
                return;
            }
            catch (error) {
                if (error instanceof RecordSkipped) {
                    tell({ type: 'open-skipped' });
                    return;
                }
                const reason = cancel.signal.aborted && !deadline.aborted && state.where === undefined ? 'the run was cancelled before it was' : why(error, signals, lookupMs);
                // A try whose answer was lost may land later, whatever the tries after it do: the time it
                // is given to land counts from the last such try, and its reason is the one said.
                // (Refused, or never sent, nothing of it can land.)
                if (!refused(error) && !neverSent(error) && answerLost(error, signals))
                    tell({ type: 'open-try-lost', sentAt, why: reason });
                // Sent again (a status, whose "in progress" is the same write twice) like any write: while
                // the wait goes on, with the pause a rate limit asks for; never once the close began.
                const asked = port.retryAfterMs?.(error);
                if (asked !== undefined)
                    tell({ type: 'rate-limited', until: Date.now() + asked });
                const pause = Math.max(asked ?? 0, retryPauseMs(tries));
                const again = port.openAgain === true && (lifecycle_transient(error) || asked !== undefined) && !closeBegan.signal.aborted && !cancel.signal.aborted;
                if (again && Date.now() + pause < lookupEndAt) {
                    log.info(clean(`The ${port.api} did not take the "in progress" write (${reason}); writing it again in ${(0,durations/* formatDuration */.a)(pause)}${asked === undefined ? '' : ', as it asked'}.`));
                    const slept = await settledOrAborted(sleep(pause), AbortSignal.any([deadline, closeBegan.signal, cancel.signal]));
                    if (slept === 'settled')
                        continue;
                }
                // Refused after a try whose answer was lost, the open is lost (that try may land yet). One
                // that never reached the server is no refusal: nothing of it exists, and the close writes
                // the record (a deployment is created then, not given up on for a moment's network fault).
                tell({ type: refused(error) ? 'open-refused' : neverSent(error) ? 'open-unsent' : 'open-given-up' });
                if (state.open.at === 'refused' && port.words.notOpened && state.where === undefined)
                    warn(port.words.notOpened(reason), cancel.signal.aborted && !deadline.aborted ? code('not-written') : failedCode(error, signals, lookupMs));
                else
                    log.info(clean(port.words.openFailed(reason, state.where)));
                return;
            }
        }
    }
    /**
     * Waits on the open while it is in flight: until it settles, the end, a cancel once the record
     * is known (the close then goes at once), or request-timeout after the outcome: an open that
     * is not answered by then does not hold the outcome back.
     */
    async function openSettled() {
        if (state.open.at !== 'sending')
            return true;
        const goAtOnce = () => {
            if (state.where !== undefined)
                knownAfterCancel.abort();
        };
        if (cancel.signal.aborted)
            goAtOnce();
        else
            cancel.signal.addEventListener('abort', goAtOnce, { once: true });
        const waited = await settledOrAborted(state.open.done, AbortSignal.any([deadline, knownAfterCancel.signal, heldLongEnough(true)]));
        cancel.signal.removeEventListener('abort', goAtOnce);
        return waited === 'settled';
    }
    /**
     * Aborted request-timeout from now (never past the end): how long an unanswered write may hold
     * the next one back, so that an API that does not answer does not hold the step to its limit.
     * After a cancel the run ends with the grace whatever is waited on, so the grace bounds it,
     * request-timeout or not (found by a user: with request-timeout 300ms, a creation answered 1 s
     * into the grace was given up on, and the comment said "\u{23f3} Waiting"): before the close is
     * written, half of what is left of the grace, so that a creation applied but not answered is
     * then looked for by its marker while there is time to write there; after it, the grace's end.
     */
    const heldLongEnough = (beforeTheClose = false) => {
        const exitBy = cancel.exitBy();
        const held = exitBy === undefined ? options.requestTimeoutMs : beforeTheClose ? (exitBy - Date.now()) / 2 : Number.POSITIVE_INFINITY;
        return Number.isFinite(held) ? AbortSignal.any([(0,timeout_signal/* timeoutSignal */._)(Math.max(1, Math.ceil(held))), deadline]) : deadline;
    };
    /**
     * How long the outcome waited on an unanswered "in progress" write, in words: twice
     * request-timeout, or, once a cancel came, the time it had (found by a user: a note's warning
     * claimed 40 s after a cancel that left half a second).
     */
    const waitedOnOpen = (closeStartedAt, then = '') => cancel.exitBy() === undefined
        ? `${(0,durations/* formatDuration */.a)(2 * options.requestTimeoutMs)}${then} (twice request-timeout)`
        : `${(0,durations/* formatDuration */.a)(Math.max(0, Date.now() - closeStartedAt))}${then} (all a cancelled run could wait)`;
    async function runClose(outcome) {
        const closeStartedAt = Date.now();
        // A creation unanswered for request-timeout after the outcome: waited on for request-timeout
        // more, then found if it was applied; never made again (a second record if it lands).
        const settled = (await openSettled()) || (state.where === undefined && !deadline.aborted && (await settledOrAborted(openDone(), heldLongEnough(true))) === 'settled');
        // A creation whose answer was lost (a 5xx, a reset) may have been applied, now or later: it
        // is looked for at once; not found, it is given twice request-timeout from when it was sent
        // (half of what is left after a cancel) before it is looked for again and, only then, made,
        // so that the outcome goes to it rather than to a second record.
        const lostTries = lostOpens();
        // Not while a rate limit holds the record's writes (the close's loop waits for it).
        const held = Math.max(state.notBefore, port.pausedUntil?.() ?? 0) > Date.now();
        if (settled && lostTries && state.where === undefined && !deadline.aborted && (held || !(await foundAtOnce(outcome))))
            await waitToLand(lostTries.lastSentAt);
        if (!settled && state.where === undefined && deadline.aborted) {
            // The outcome must not go before a write that may still land on top of it, and there is no known place to write it.
            warn(port.words.closeFailed(`the ${port.api} had not answered its "in progress" write when ${ended()}, and the outcome must not go before it; if the ${port.api} applies that write later, ${lateOpen()}`, state.where, opened()), code('out-of-time'), ...lateOpenCodes(), ...closeFailedCodes());
            return;
        }
        if (state.open.at === 'refused' && state.where === undefined && port.words.notOpened)
            return;
        /** Writes the outcome; `folded`: a round of many (the outcome written again over a lost write), whose line is not said. */
        const write = async (folded = false) => {
            tell({ type: 'close-tries-began' });
            for (let attempt = 1;; attempt++) {
                // A rate limit's pause holds every write of the record, a later one's too (the outcome
                // written again once the open landed): none goes before it is over (found by the explorer).
                // One longer than what is left of the step's time for writes ends the tries at once, and says so.
                tell({ type: 'rate-limited', until: port.pausedUntil?.() ?? 0 });
                const wait = state.notBefore - Date.now();
                if (wait > 0 && wait >= timeLeft()) {
                    sayWriteFailed(port.words.closeFailed(`the ${port.api} asked to wait ${(0,durations/* formatDuration */.a)(wait)} before its next write (a rate limit), longer than the ${(0,durations/* formatDuration */.a)(Math.max(0, timeLeft()))} left of the step's time for writes, so the outcome was not sent`, state.where, opened()), code('out-of-time'), ...closeFailedCodes());
                    return false;
                }
                if (wait > 0)
                    await settledOrAborted(sleep(wait), deadline);
                // Each try has its own request-timeout for its lookups: a try after a pause is not cut by the time an earlier one used.
                const lookupMs = (0,limits/* lookupBudgetMs */.E_)(options.requestTimeoutMs, options.endAt);
                const signals = signalsUntil(options.endAt);
                const sentAt = Date.now();
                const anew = closeFound() === 'anew';
                const told = anew || settled ? (anew ? 'written' : opened()) : state.where === undefined ? 'unanswered' : 'written';
                const answer = await withinBudget(port.close(outcome, state.where, told, signals, (known) => tell({ type: 'where-known', where: known })), deadline).then((done) => ({ done }), (error) => ({ error }));
                if ('error' in answer) {
                    const { error } = answer;
                    if (error instanceof RecordSkipped) {
                        if (error.level === 'info')
                            log.info(clean(error.sentence));
                        else
                            warn(error.sentence, error.code);
                        // Left to another run's record (a newer head's): this run's "in progress" write, unanswered, may still land beside it (found by the explorer).
                        if (state.open.at === 'sending' || lostOpens() !== undefined)
                            warn(`This run's "in progress" write got no answer: if the ${port.api} applies it later, ${lateOpen()}.`, code('may-not-hold'), ...lateOpenCodes());
                        // An earlier try of the outcome whose answer was lost may land over that record too (found by the explorer).
                        const lostClose = closeLost();
                        if (lostClose !== undefined)
                            warn(`An earlier write of this run's outcome got no answer (${lostClose.why}): if the ${port.api} applies it later, it stands in place of what the other run wrote there, until that run writes again.`, code('may-not-hold'));
                        return false;
                    }
                    // A write of the outcome whose answer was lost may land later, after what follows it.
                    if (closeLost() === undefined && answerLost(error, signals))
                        tell({ type: 'close-write-lost', sentAt, why: why(error, signals, lookupMs) });
                    // Deleted during the run (by a person, a bot): the outcome is written anew, once.
                    if (state.where !== undefined && !anew && port.gone?.(error) && !deadline.aborted) {
                        log.info(clean(port.words.deleted?.(state.where) ?? `The record was deleted during the run (${why(error, signals, lookupMs)}); writing the outcome anew.`));
                        tell({ type: 'record-gone' });
                        attempt = 0;
                        continue;
                    }
                    if (error instanceof NotFoundYet) {
                        sayWriteFailed(port.words.closeFailed(`the ${port.api} had not answered its "in progress" write within ${waitedOnOpen(closeStartedAt, ' of the outcome')} and has no record of it yet, so the outcome was not written (it would make a second one); if the ${port.api} applies that write later, ${lateOpen()}`, state.where, opened()), code('not-written'), ...lateOpenCodes(), ...closeFailedCodes());
                        return false;
                    }
                    // Setting a known record to the outcome again changes nothing, so a write that failed on
                    // the way (a gateway's 5xx, a 429, a connection that failed, a lookup around it that failed
                    // so) is sent again, with the pause a rate limit asks for (a 403 secondary limit included)
                    // or the backoff, until the step's time for writes ends: never a fixed number of tries. A
                    // pause longer than what is left ends the tries at once, and the warning says so. A
                    // creation is never sent again (it could make a second record).
                    const asked = port.retryAfterMs?.(error instanceof LookupAroundWriteFailed ? error.cause : error);
                    if (asked !== undefined)
                        tell({ type: 'rate-limited', until: Date.now() + asked });
                    const retriable = state.where !== undefined && (lifecycle_transient(error) || asked !== undefined) && !deadline.aborted;
                    // A pause of nothing asked (Retry-After: 0, a reset already past) still backs off.
                    const pause = Math.max(asked ?? 0, retryPauseMs(attempt));
                    const left = timeLeft();
                    if (retriable && pause < left) {
                        // Why, kept until a try lands: when the end of the time for writes cuts the tries after
                        // it, that is the cause said, not only the time that ran out (found under load: the
                        // other jobs' statuses answered 503 until the end, said as a timeout).
                        const onTheWay = { why: why(error, signals, lookupMs), code: failedCode(error, signals, lookupMs) };
                        tell({ type: 'close-try-failed', ...onTheWay });
                        // Repeats of one cause are folded: the first tries, then one line in ten.
                        if (attempt <= 3 || attempt % 10 === 0)
                            log.info(clean(`The ${port.api} did not take the outcome (${onTheWay.why}); writing it again${asked !== undefined ? ` in ${(0,durations/* formatDuration */.a)(pause)}, as it asked` : attempt >= 3 ? ` in ${(0,durations/* formatDuration */.a)(pause)} (try ${attempt + 1})` : ''}.`));
                        await settledOrAborted(sleep(pause), deadline);
                        if (!deadline.aborted)
                            continue;
                    }
                    const cutShort = retriable && asked !== undefined && asked >= left
                        ? `; it asked to wait ${(0,durations/* formatDuration */.a)(asked)} before the next try, longer than the ${(0,durations/* formatDuration */.a)(Math.max(0, left))} left of the step's time for writes, so the tries ended there`
                        : '';
                    // A creation whose answer was lost may still be applied: the record may appear after the step.
                    const late = state.where === undefined && answerLost(error, signals) ? port.words.lateCreation?.() : undefined;
                    // Tried again until the time for writes ended: the cause the tries failed with first.
                    const onTheWay = state.close.at === 'closing' ? state.close.onTheWay : undefined;
                    const endedTries = !cutShort && onTheWay !== undefined && outOfTime(error, signals, lookupMs) ? onTheWay : undefined;
                    const reason = endedTries ? `${endedTries.why}; tried again until ${ended()}` : `${why(error, signals, lookupMs)}${cutShort}`;
                    const failed = cutShort ? code('out-of-time') : (endedTries?.code ?? failedCode(error, signals, lookupMs));
                    // A write of the outcome whose answer was lost (this try's or an earlier one's) may still be
                    // applied after the step, a success over another job's failure written meanwhile: not only
                    // "could not be written", since it may yet be; the consequence first (the port cuts its words).
                    const lostClose = closeLost();
                    if (state.where !== undefined && lostClose !== undefined && port.closeMayTurn?.() && port.words.lateClose && !port.appliedDespite?.(error)) {
                        const whyLost = lostClose.why === reason ? lostClose.why : `${lostClose.why}; the last try: ${reason}`;
                        sayWriteFailed(port.words.closeFailed(`a write of its outcome got no answer, and if the ${port.api} applies it later, ${port.words.lateClose()} (${whyLost})`, state.where, opened()), failed, lateCloseCode(), ...closeFailedCodes());
                        return false;
                    }
                    sayWriteFailed(port.words.closeFailed(late ? `${reason}. That creation's answer was lost: if the ${port.api} applies it later, ${late}` : reason, state.where, opened()), failed, ...(late ? lateCreationCodes() : []), ...closeFailedCodes());
                    return port.appliedDespite?.(error) === true;
                }
                const { done } = answer;
                // Found where an unanswered creation put it, that creation has landed; what an earlier try said of the outcome no longer holds.
                tell({ type: 'close-written', where: done.where, told, done: done.done });
                sayClosed(done, folded);
                return true;
            }
        };
        /**
         * After the outcome was written with the open settled: an open whose answer was lost (a 5xx,
         * a reset, a timeout) may be applied after the close; it is given twice request-timeout from
         * when it was sent, then what stands is read back and the outcome written again over a late
         * "in progress". A write of the outcome whose answer was lost, sent again since, is read back
         * once it had its time to land.
         */
        const readBackWhatWasLost = async (written) => {
            // Both, in one outage: the open's lost write read back does not account for the outcome's.
            if (lostOpens() !== undefined && written && closeFound() !== 'at-once')
                await readBackLost(write, 'open');
            if (written && closeLost() !== undefined && port.closeMayTurn?.())
                await readBackLost(write, 'close');
        };
        const written = closeFound() === 'at-once' || (await write());
        if (settled)
            return readBackWhatWasLost(written);
        // An open answered before the close was sent was applied before it too. One answered after
        // the close was sent (even before the close's own answer) may have been applied after it.
        if (state.open.at === 'never' || closeFound() === 'landed')
            return readBackWhatWasLost(written);
        // The close went while the open was still in flight (a cancel, or an open unanswered for
        // request-timeout): if the open lands now, it may have landed on top of the close, which is
        // written again while there is time. The open is waited on for request-timeout more at the
        // most: an API that does not answer does not hold the step to its limit.
        const late = await settledOrAborted(openDone(), heldLongEnough());
        // Written again, what the open's lost answer may still bring is read back as on the path above.
        if (late === 'settled' && !deadline.aborted)
            return written || state.where !== undefined ? readBackWhatWasLost(await write()) : undefined;
        const unanswered = `its "in progress" write had no answer when ${deadline.aborted ? ended() : `the outcome had waited on it for ${waitedOnOpen(closeStartedAt)}`}`;
        // The outcome stands: the warning says so, and what the open brings if it lands later (not written, the write said why).
        if (written && state.where !== undefined)
            warn(port.words.mayNotHold(`${unanswered}; if the ${port.api} applies that write later, ${lateOpen()}`, state.where), code('may-not-hold'), ...lateOpenCodes());
    }
    /**
     * The time a write whose answer was lost is given to land before it is looked for: twice
     * request-timeout from when it was sent, half of what is left at the most (before the step's
     * limit, or the grace's end after a cancel), so that the look and a write after it still fit.
     * A timer that holds the process, as the retry's pause does.
     */
    async function waitToLand(sentAt) {
        const exitBy = cancel.exitBy();
        const left = Math.min(options.endAt, exitBy === undefined ? Number.POSITIVE_INFINITY : exitBy) - Date.now();
        const landing = Math.min(sentAt + landMs - Date.now(), left / 2);
        if (landing > 0)
            await settledOrAborted(sleep(landing), deadline);
    }
    /** Whether the record of a lost creation is found at once (and the outcome written to it); never creates. */
    async function foundAtOnce(outcome) {
        try {
            const done = await withinBudget(port.close(outcome, undefined, 'unanswered', signalsUntil(options.endAt), (known) => tell({ type: 'where-known', where: known })), deadline);
            tell({ type: 'found-at-once', where: done.where });
            sayClosed(done);
            return true;
        }
        catch (error) {
            // Found, but its write refused by a rate limit: the close below goes no sooner than asked (or,
            // asked to wait longer than what is left, says so at once).
            const asked = state.where === undefined ? undefined : port.retryAfterMs?.(error);
            if (asked !== undefined) {
                log.info(clean(`The ${port.api} did not take the outcome (${(0,src_text/* oneLine */.TN)(clean(port.explain(error)), 600)}); writing it again in ${(0,durations/* formatDuration */.a)(asked)}, as it asked.`));
                tell({ type: 'rate-limited', until: Date.now() + asked });
            }
            // Not found yet (or not read): the close below looks again after the wait, and says what fails.
            return false;
        }
    }
    /**
     * Reads back a record after a write whose answer was lost (`open`: the "in progress" one;
     * `close`: one of the outcome, sent again since), once that write had its time to land: writes
     * the outcome again over what stands, or, when that write is not seen and may still land where
     * it matters, or what stands could not be read, warns once.
     */
    async function readBackLost(write, lostWrite) {
        const readBack = port.readBack;
        if (!readBack || state.where === undefined)
            return;
        let known = state.where;
        const sentAt = (lostWrite === 'open' ? lostOpens()?.lastSentAt : closeLost()?.at) ?? Date.now();
        const lost = lostWrite === 'open' ? 'its "in progress" write got no answer' : 'a write of its outcome got no answer';
        // Why, said last: what the lost write may do comes first, before the port cuts its words.
        const lostWhyNow = (lostWrite === 'open' ? lostOpens()?.why : closeLost()?.why) ?? 'no answer';
        // Names the record the outcome went to last: one deleted meanwhile was written anew elsewhere.
        const holds = (why) => lostWrite === 'open'
            ? warn(port.words.mayNotHold(why, known), code('may-not-hold'), ...lateOpenCodes())
            : warn(port.words.mayNotHold(why, known), code('may-not-hold'), lateCloseCode());
        // What the lost write shows if it lands after the step: the port knows (a second comment, for a lost creation).
        const late = () => (lostWrite === 'open' ? lateOpen() : (port.words.lateClose?.() ?? 'it stands over what came after it'));
        await waitToLand(sentAt);
        for (let rewrites = 0; !deadline.aborted; rewrites++) {
            // Where the outcome was written last: a record deleted meanwhile (by a person) was made anew.
            known = state.where ?? known;
            const signals = signalsUntil(options.endAt);
            const stands = await withinBudget(readBack(known, signals, lostWrite, lostWrite === 'open' ? (lostOpens()?.count ?? 1) : 1), deadline).catch((error) => ({ unread: error }));
            // Unread, what stands is not known: one warning names the record.
            if (typeof stands === 'object')
                return holds(`${lost}, and what stands could not be read back; if the ${port.api} applied that write after the outcome, ${late()} (the write: ${lostWhyNow}; the read back: ${why(stands.unread, signals, (0,limits/* lookupBudgetMs */.E_)(options.requestTimeoutMs, options.endAt))})`);
            if (stands === 'outcome')
                return;
            if (stands === 'unseen')
                return holds(`${lost} and was not seen applied ${(0,durations/* formatDuration */.a)(Math.max(0, Date.now() - sentAt))} after it was sent; if the ${port.api} applies it later, ${late()} (${lostWhyNow})`);
            // Written again and read back each time, until the step's time for writes ends: never a
            // fixed number of times, and what stands is never left unread. The first time at once (that
            // write had its time to land); each after it once the backoff is over, so that the rounds
            // cannot spin. A pause longer than what is left ends them at once, and the warning says so.
            const pause = rewrites === 0 ? 0 : retryPauseMs(rewrites);
            const left = timeLeft();
            if (rewrites > 0 && pause >= left)
                return holds(`${lost}, and what stands was still not the outcome after it was written again ${(0,src_text/* counted */.hS)(rewrites, 'time')}; the next write was due in ${(0,durations/* formatDuration */.a)(pause)}, longer than the ${(0,durations/* formatDuration */.a)(Math.max(0, left))} left of the step's time for writes, so the writes ended there; if the ${port.api} applied that write after the outcome, ${late()} (${lostWhyNow})`);
            // Repeats of one cause are folded: the first rounds, then one line in ten (the write's own line too).
            const folded = rewrites >= 3 && rewrites % 10 !== 0;
            if (!folded)
                log.info(clean(`A write whose answer was lost was applied after the outcome; writing the outcome again${rewrites === 0 ? '' : ` in ${(0,durations/* formatDuration */.a)(pause)} (${(0,src_text/* counted */.hS)(rewrites, 'time')} so far)`}.`));
            // Cut while it waited (a cancel shortens the time for writes): what stands was read, and is not the outcome.
            if (pause > 0 && (await settledOrAborted(sleep(pause), deadline)) === 'aborted')
                return holds(`${lost} and was applied over the outcome, which was written again ${(0,src_text/* counted */.hS)(rewrites, 'time')}, and what stands was still not the outcome when ${ended()} before it could be written once more; ${late()} (${lostWhyNow})`);
            if (!(await write(folded)))
                return;
        }
        holds(`${lost}, and there was no time left to read back what stands; if the ${port.api} applied that write after the outcome, ${late()} (${lostWhyNow}; ${ended()})`);
    }
    return {
        open() {
            if (state.open.at !== 'never' || cancel.signal.aborted)
                return;
            tell({ type: 'open-sent' });
            // Should it end without saying how (nothing in it throws), the open is taken as lost: the close finds it again.
            tell({ type: 'open-running', done: runOpen().finally(() => tell({ type: 'open-ended' })) });
        },
        close(outcome) {
            if (state.close.at === 'closing')
                return state.close.done;
            closeBegan.abort();
            tell({ type: 'close-began' });
            const done = runClose(outcome)
                .catch((error) => {
                // Nothing above throws; should it, the record is still one warning, never a crash.
                warn(port.words.closeFailed(port.explain(error), state.where, opened()), code('not-written'), ...closeFailedCodes());
            })
                .finally(() => tell({ type: 'close-ended' }));
            tell({ type: 'close-running', done });
            return done;
        }
    };
}


/***/ }),

/***/ 7649:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   u: () => (/* binding */ keptRecord)
/* harmony export */ });
/* harmony import */ var _step_limits_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2372);
/* harmony import */ var _lifecycle_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7128);


/** The record `plan` makes, kept true through its port by the lifecycle, within the step's time rules. */
function keptRecord(plan, options) {
    const { startedAt, cancel, log, clean } = options;
    /**
     * What the plan made of this record, one value: not asked yet; a lifecycle kept (and whether its
     * opening write goes); a sentence to say instead, until it is said; or no record.
     */
    let kept = {
        at: 'unasked'
    };
    /** Asks the plan once, at the open or at the close: the lifecycle, if the run keeps this record. */
    const lifecycleOf = (targets, settings) => {
        if (kept.at === 'unasked') {
            const limits = settings && { startedAt, timeoutMs: settings.timeoutMs, requestTimeoutMs: settings.requestTimeoutMs };
            const planned = plan({ targets, settings, endAt: (requestTimeoutMs) => (0,_step_limits_js__WEBPACK_IMPORTED_MODULE_0__/* .commentEndAt */ .Ym)(limits, requestTimeoutMs) });
            kept = !planned
                ? { at: 'none' }
                : 'say' in planned
                    ? { at: 'instead', ...planned }
                    : {
                        at: 'kept',
                        opens: planned.open !== false,
                        lifecycle: (0,_lifecycle_js__WEBPACK_IMPORTED_MODULE_1__/* .recordLifecycle */ .OO)(planned.port, {
                            cancel,
                            endAt: (0,_step_limits_js__WEBPACK_IMPORTED_MODULE_0__/* .commentEndAt */ .Ym)(limits, planned.requestTimeoutMs),
                            requestTimeoutMs: planned.requestTimeoutMs,
                            // The opening write's first lookups never run past the wait's deadline: the close needs the time after it.
                            ...(limits ? { openLookupEndAt: limits.startedAt + limits.timeoutMs } : {}),
                            log,
                            clean
                        })
                    };
        }
        return kept.at === 'kept' ? kept : undefined;
    };
    /** Says once what the plan said instead of a record. */
    const sayInstead = () => {
        if (kept.at !== 'instead')
            return;
        const said = kept;
        kept = { at: 'none' };
        if (said.level === 'warning')
            log.warning(clean(said.say), said.code);
        else
            log.info(clean(said.say));
    };
    return {
        open(targets, settings) {
            if (kept.at !== 'unasked')
                return;
            const opening = lifecycleOf(targets, settings);
            if (opening?.opens)
                opening.lifecycle.open();
            // Known when waiting begins (a token that is not set, a name GitLab would misread): said then, not after the wait.
            sayInstead();
        },
        async close(outcome, settings) {
            const closing = lifecycleOf([], settings);
            if (closing)
                return closing.lifecycle.close(outcome);
            // Said once, when the record would have been closed (nothing was opened).
            sayInstead();
        }
    };
}


/***/ })

};
