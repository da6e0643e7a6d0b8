export const id = 929;
export const ids = [929];
export const modules = {

/***/ 5929:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createPipelineCommitStatus: () => (/* binding */ createPipelineCommitStatus),
  explainGitLabStatusError: () => (/* binding */ explainGitLabStatusError),
  gitlabStatusPort: () => (/* binding */ gitlabStatusPort),
  gitlabWriter: () => (/* binding */ gitlabWriter),
  namedLikeTheJob: () => (/* binding */ namedLikeTheJob),
  statusPlace: () => (/* binding */ statusPlace),
  statusToken: () => (/* binding */ statusToken)
});

// EXTERNAL MODULE: ./src/inputs/fields.ts + 2 modules
var fields = __webpack_require__(8309);
// EXTERNAL MODULE: ./src/inputs/parse.ts + 1 modules
var parse = __webpack_require__(1102);
// EXTERNAL MODULE: ./src/records/lifecycle.ts + 1 modules
var lifecycle = __webpack_require__(7128);
// EXTERNAL MODULE: ./src/records/run-record.ts
var run_record = __webpack_require__(7649);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
;// CONCATENATED MODULE: ./src/records/gate.ts


const OWN_STATES = ['pending', 'success', 'failure', 'error', 'cancelled'];
/** The own state of a run's result: a timeout and an error are one (the wait could not tell). */
const ownStateOf = (result) => result === 'success' ? 'success' : result === 'failure' ? 'failure' : result === 'cancelled' ? 'cancelled' : 'error';
/**
 * The table's order: the check shows the state of the writer that ranks highest. A failure of
 * the docs outranks a wait that could not tell (a timeout, an error), which outranks a cancel (a
 * fail-fast matrix cancels the other legs); any of them outranks a writer still waiting; the
 * check is success only when every writer's own latest state is.
 */
const RANK = { failure: 4, error: 3, cancelled: 2, pending: 1, success: 0 };
/** A writer of the identity `parts` in `run`, labelled `label`, with a mark of its own. */
function writer(run, parts, label, legacyRun, attempt = 1) {
    const mark = Math.floor(Math.random() * 2 ** 32)
        .toString(16)
        .padStart(8, '0');
    return { run, key: identityHash(parts.join('\u0000')), label: label.slice(0, 60), mark, legacyRun, attempt };
}
/**
 * 48 bits of an identity's text, as 12 hex digits: the same text gives the same key in every run
 * (cyrb53, a small non-cryptographic hash: a key tells writers apart, it guards nothing).
 */
function identityHash(text) {
    const [a, b] = Array.from(text, (ch) => ch.charCodeAt(0)).reduce(([h1, h2], c) => [Math.imul(h1 ^ c, 2654435761), Math.imul(h2 ^ c, 1597334677)], [0xdeadbeef, 0x41c6ce57]);
    const h1 = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
    const h2 = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return ((h2 >>> 0) % 0x10000).toString(16).padStart(4, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}
const TAG = 'wait-for-docs';
/**
 * `url` with the tag of `writer` and its own state in the fragment (any fragment it had is
 * replaced); the tag changes nothing of where the link goes. Longer than `max` (GitLab takes 255
 * characters), the label is left out; still longer, undefined (the port links elsewhere).
 */
function tagged(url, who, own, max = 2000) {
    if (url === undefined)
        return undefined;
    const base = url.split('#')[0] ?? url;
    const fields = { run: who.run, w: who.key, own, m: who.mark, a: String(who.attempt) };
    const withLabel = `${base}#${TAG}&${new URLSearchParams({ ...fields, l: who.label })}`;
    if (withLabel.length <= max)
        return withLabel;
    const bare = `${base}#${TAG}&${new URLSearchParams(fields)}`;
    return bare.length <= max ? bare : undefined;
}
/** The tag of a status's link, or undefined (no tag, an earlier version's, one that does not read as a tag). */
function tagOf(url) {
    const at = url?.indexOf(`#${TAG}&`) ?? -1;
    if (url === undefined || at === -1)
        return undefined;
    const params = new URLSearchParams(url.slice(at + TAG.length + 2));
    const run = params.get('run') ?? '';
    const key = params.get('w') ?? '';
    const own = params.get('own');
    const mark = params.get('m') ?? '';
    const attempt = Number(params.get('a') ?? '1');
    if (!/^[\w-]{1,40}$/.test(run) || !/^[0-9a-f]{12}$/.test(key) || !OWN_STATES.includes(own) || !/^[0-9a-f]{8}$/.test(mark))
        return undefined;
    if (!Number.isSafeInteger(attempt) || attempt < 0)
        return undefined;
    // Server text: one line, short; the words that show it make it inert for the log.
    const label = (0,src_text/* oneLine */.TN)(params.get('l') ?? '', 60);
    return { run, key, own, mark, attempt, label: label || undefined };
}
/** A link as the words may show it: without the tag. */
const untagged = (url) => (url === undefined ? undefined : (url.split(`#${TAG}&`)[0] ?? url));
const FAILED_STATES = new Set(['failure', 'error', 'failed', 'canceled']);
/**
 * Every writer of `me`'s run on `context`, each with its latest status (`listed` is newest first):
 * a tagged status of the run is its writer's, from the writer's latest attempt only (a re-run or
 * a retry replaces what the earlier one wrote), each run of the step in that attempt a writer of
 * its own (two jobs the runner names alike); an untagged failure linking this attempt (an
 * earlier version of the step, a job that tags nothing) stands as a writer of its own that
 * failed, as it did before the tags.
 */
function writersOf(listed, context, me) {
    const writers = new Map();
    const newestFirst = [...listed].sort((a, b) => b.id - a.id).filter((status) => status.context === context);
    // Per identity, its latest run (attempt) counts, this writer's own included: an earlier one is replaced.
    const latest = new Map([[me.key, me.attempt]]);
    for (const status of newestFirst) {
        const tag = tagOf(status.targetUrl);
        if (tag?.run === me.run)
            latest.set(tag.key, Math.max(latest.get(tag.key) ?? 0, tag.attempt));
    }
    for (const status of newestFirst) {
        const tag = tagOf(status.targetUrl);
        if (tag) {
            if (tag.run !== me.run || tag.attempt !== latest.get(tag.key))
                continue;
            // In that attempt, each run of the step is a writer (two jobs the runner names alike are two).
            const key = `${tag.key}.${tag.mark}`;
            if (!writers.has(key))
                writers.set(key, { key, own: tag.own, label: tag.label, status });
        }
        else if (me.legacyRun !== undefined && status.run === me.legacyRun && FAILED_STATES.has(status.state)) {
            const key = `untagged ${status.id}`;
            writers.set(key, { key, own: status.state === 'canceled' ? 'cancelled' : status.state === 'error' ? 'error' : 'failure', label: undefined, status });
        }
    }
    return writers;
}
/** What the check shows for `own`, beside every other writer of the run `listed` holds. */
function decide(listed, context, me, own) {
    const others = [...writersOf(listed, context, me).values()].filter((w) => w.key !== `${me.key}.${me.mark}`);
    // The highest-ranked other writer; among equals the newest (they are listed newest first).
    const worst = others.reduce((top, w) => (top === undefined || RANK[w.own] > RANK[top.own] ? w : top), undefined);
    if (worst === undefined || RANK[worst.own] <= RANK[own])
        return { kind: 'own', own };
    if (worst.own === 'pending')
        return { kind: 'hold', own, waitingOn: others.filter((w) => w.own === 'pending') };
    return { kind: 'keep', own, by: worst };
}
/** The own state the check shows for a decision: the writer's own, another's it keeps, or pending while others wait. */
const shownOwn = (decision) => (decision.kind === 'own' ? decision.own : decision.kind === 'keep' ? decision.by.own : 'pending');
/**
 * Whether what stands is what the table says: the newest status of this run on the context is in
 * the state `decision` shows (`stateOf` maps an own state to the platform's). A newer status of
 * another run (another workflow, another pipeline) is that run's to set: the last written stands.
 */
function standsRight(listed, context, me, decision, stateOf) {
    const newest = [...listed]
        .sort((a, b) => b.id - a.id)
        .find((status) => status.context === context && (tagOf(status.targetUrl)?.run === me.run || (me.legacyRun !== undefined && status.run === me.legacyRun)));
    return newest === undefined || newest.state === stateOf(shownOwn(decision));
}
/** The statuses other writers of the run wrote could not be read around this writer's write (`written`: after it was sent). */
class OtherJobsUnread extends lifecycle/* LookupAroundWriteFailed */.KY {
    cause;
    written;
    constructor(cause, written) {
        super('the statuses of the other jobs could not be read');
        this.cause = cause;
        this.written = written;
        this.name = 'OtherJobsUnread';
    }
}
/**
 * Writes this writer's close (`own`, its outcome) by the table. The statuses are read first, so
 * that a success is never written over another writer's failure nor while another still waits
 * (it holds `pending`), and a cancel or a timeout never hides another's failure (a failure of its
 * own outranks all, and is written without reading). After a success or a hold they are read
 * again, and written once more if what stands is no longer what the table says: two writers
 * ending at once each read the other as waiting, and the second read sees them both ended.
 * Unread before a success, nothing is written (`OtherJobsUnread`, not written); unread before a
 * cancel or an error, its own state is written (it is never success); unread after, the write
 * stands unconfirmed (`OtherJobsUnread`, written).
 */
async function writeByTheRule(own, io) {
    const read = async (afterWrite) => {
        try {
            return await io.list(afterWrite);
        }
        catch (error) {
            throw new OtherJobsUnread(error, afterWrite);
        }
    };
    // Alone, or its own failure (which outranks all): written as it is. A success is never written
    // over what was not read; a timeout or a cancel unread is its own state (never success).
    const first = io.alone || own === 'failure' || own === 'pending'
        ? { kind: 'own', own }
        : decide(own === 'success' ? await read(false) : await read(false).catch(() => []), io.context, io.me, own);
    await io.send(io.body(first));
    if (io.alone || own !== 'success')
        return first;
    const after = await read(true);
    const now = decide(after, io.context, io.me, own);
    // What stands is what the table says: said as it stands (another's failure may have landed after this write).
    if (standsRight(after, io.context, io.me, now, io.stateOf))
        return now;
    await io.send(io.body(now));
    return now;
}
/**
 * This run of the step's statuses in `listed` that no answered write accounts for: where its lost
 * writes landed, each as `open <id>` (an "in progress") or `close <id>` (a success, or a pending
 * held for the others: its own state success). A status an answered write made shows that write,
 * unless a lost one moved it since (GitLab moves an open status in place: the id stays, the state
 * and the link are the later write's). Once seen, a landing stays one: it cannot land again.
 */
function landingsOf(listed, io) {
    const found = new Set();
    for (const status of listed) {
        const tag = tagOf(status.targetUrl);
        const answered = io.own.get(status.id);
        if (status.context !== io.context || tag === undefined || tag.mark !== io.me.mark)
            continue;
        if (answered !== undefined && answered.state === status.state && answered.own === tag.own)
            continue;
        if (tag.own === 'pending' && status.state === io.stateOf('pending'))
            found.add(`open ${status.id}`);
        else if (tag.own === 'success')
            found.add(`close ${status.id}`);
    }
    return found;
}
/**
 * What stands after a write whose answer was lost (records/lifecycle.ts, `ReadBack`), by the same
 * table: the newest status of this run not in the state the table says (a late `pending` on top,
 * a success over another writer's failure) is stale. Otherwise a lost "in progress" is accounted
 * for when one of its landings (`landingsOf`, listed now or seen before) is known for each of its
 * `tries` that got no answer (each lands as a status of its own); a lost write of the outcome
 * matters only as a success or a held `pending` (landing later, it could cover another's failure,
 * or hold the check after the others ended; `successSent`): accounted for when one landing of it is known.
 */
function statusStands(listed, io, ownState, lost, successSent, tries = 1) {
    if (!standsRight(listed, io.context, io.me, decide(listed, io.context, io.me, ownState), io.stateOf))
        return 'stale';
    const landed = [...new Set([...(io.landed ?? []), ...landingsOf(listed, io)])];
    // Each unanswered try of the "in progress" write is a status of its own once it lands: one seen does not account for the others.
    if (lost === 'open')
        return landed.filter((landing) => landing.startsWith('open ')).length >= tries ? 'outcome' : 'unseen';
    if (!successSent)
        return 'outcome';
    // A success, or a `pending` held for the others (its own state success): either, landing late, could stand over what came after.
    return landed.some((landing) => landing.startsWith('close ')) ? 'outcome' : 'unseen';
}
const labels = (writers) => {
    const named = writers.map((w) => w.label ?? 'one unnamed').slice(0, 3);
    return `${named.join(', ')}${writers.length > 3 ? ` and ${writers.length - 3} more` : ''}`;
};
/** The description of a held `pending`: this writer's docs are ready, the others it waits for (`unit`: run, pipeline). */
function heldDescription(waitingOn, unit) {
    const n = waitingOn.length;
    return `Docs ready in this job; waiting for ${n === 1 ? 'another job' : `${n} other jobs`} of this ${unit}: ${labels(waitingOn)}`;
}
/** The description of another writer's state written again in this writer's name (`unit`: run, pipeline): it names that writer, and quotes its reason. */
function keptDescription(by, unit) {
    const did = by.own === 'failure' ? 'failed' : by.own === 'cancelled' ? 'was cancelled' : 'could not tell';
    return `Another job of this ${unit}${by.label ? ` (${by.label})` : ''} ${did}${by.status?.description ? `: ${by.status.description}` : ''}`;
}
/** What the log's line adds when the check shows another writer's state (`unit`: run, pipeline); '' for its own. */
function decidedWords(decision, unit) {
    if (decision?.kind === 'keep') {
        const who = decision.by.label ? ` (${decision.by.label})` : '';
        const did = decision.by.own === 'failure' ? 'failed it' : decision.by.own === 'cancelled' ? 'was cancelled' : 'could not tell (a timeout or an error)';
        return `(another job of this ${unit}${who} ${did}; this job\u2019s ${decision.own === 'success' ? 'success' : 'own state'} does not replace that)`;
    }
    if (decision?.kind === 'hold')
        return `(this job\u2019s docs are ready; the check waits for ${decision.waitingOn.length === 1 ? 'another job' : `${decision.waitingOn.length} other jobs`} of this ${unit}: ${labels(decision.waitingOn)})`;
    return '';
}

// EXTERNAL MODULE: ./src/records/failure.ts
var failure = __webpack_require__(2516);
;// CONCATENATED MODULE: ./src/records/status-record.ts


/**
 * The refusals of the token or of the place (the repository or project, the commit): they hold for
 * any write of the status. Another refusal of the "in progress" write (a 422 of its words) says
 * nothing of the outcome's, which is another request (its state, its words, its link).
 */
const TOKEN_OR_PLACE_REFUSED = new Set([401, 403, 404]);
/** The commit status of one run, as a port of the lifecycle, over `platform`. Its writes are keyed by commit and context, so it is where it goes (`true`) as soon as the open starts. */
function statusRecordPort(platform, targets) {
    const { nouns, shown, texts } = platform;
    const refused = platform.refused ?? failure/* refusedForGood */.FD;
    const inert = texts.inert;
    const quote = nouns.quote;
    // The statuses this record's answered writes made or moved, by id, with what each wrote: any
    // other on the context, or one showing something else since, is another run's or job's, or a lost write's.
    const own = new Map();
    // Where this record's lost writes were seen landed, in any listing (records/gate.ts `landingsOf`):
    // GitLab may move one in place later (the outcome written over a late running), and it cannot land again.
    const landed = new Set();
    let story = {
        refusedAtOpen: false,
        own: 'pending',
        decided: undefined,
        sent: 'nothing',
        linked: undefined,
        unconfirmed: undefined,
        sha: ''
    };
    const connect = async () => {
        const io = await platform.connect();
        story = { ...story, sha: io.sha };
        return io;
    };
    const successSent = () => story.sent === 'success';
    const readBackIo = (io) => ({ context: platform.context, me: io.me, stateOf: platform.stateOf, own, landed });
    const list = async (io, signal) => {
        const listed = await io.list(signal);
        for (const landing of landingsOf(listed, readBackIo(io)))
            landed.add(landing);
        return listed;
    };
    const send = async (io, body, signal) => {
        const id = await io.send(body, signal);
        if (id !== undefined)
            own.set(id, { state: body.state, own: tagOf(body.targetUrl)?.own });
    };
    /**
     * Whether a write of the close stands unread after it: this try's (`written`), or an earlier
     * try's that no later one read after its own write (a try that fails before it writes leaves
     * that success on the commit, unconfirmed: it is no success "not written").
     */
    const unconfirmedBy = (error) => error.written || story.unconfirmed === true;
    const closeFailedUnconfirmed = (why) => {
        const unit = nouns.unit;
        return successSent()
            ? `Commit status ${shown}: success was written on commit ${story.sha}, but ${why}: if another job of this ${unit} failed at the same moment, its failure may be hidden under this success, so look at the ${unit}\u2019s jobs before you merge. ${nouns.result} does not depend on it.`
            : `Commit status ${shown}: ${platform.stateOf('pending')} (this job\u2019s docs are ready; other jobs of this ${unit} were still ${nouns.othersStill}) was written on commit ${story.sha}, but ${why}: the ${nouns.thing} may stay ${platform.stateOf('pending')} once they end; ${nouns.again} this job then. ${nouns.result} does not depend on it.`;
    };
    return {
        api: platform.api,
        record: 'commit-status',
        ...(platform.openAgain ? { openAgain: true } : {}),
        async open(signals, at) {
            const io = await connect();
            at(true);
            try {
                const body = { state: platform.stateOf('pending'), description: texts.waiting(targets), targetUrl: io.link(io.runUrl, 'pending') };
                await send(io, body, signals.write);
            }
            catch (error) {
                // Already so (another job of the pipeline, or an earlier step of this one, wrote it): the status shows what the open asked.
                if (platform.alreadySo?.(error, platform.stateOf('pending')))
                    return true;
                // Refused for the token or the place, the outcome's write would be refused the same way.
                if (refused(error) && TOKEN_OR_PLACE_REFUSED.has((0,failure/* statusOf */.c2)(error) ?? 0))
                    story = { ...story, refusal: error };
                throw error;
            }
            return true;
        },
        async close(outcome, _where, opened, signals) {
            // The status follows the step's verdict: a timeout that fail-on-timeout: false lets through is success, saying so.
            const letThrough = texts.letThrough(outcome);
            const ownState = letThrough ? 'success' : ownStateOf(outcome.result);
            story = { ...story, own: ownState, decided: { kind: 'own', own: ownState } };
            // Refused on the open (a token without the permission): the same answer again would add nothing.
            if (opened === 'refused' && story.refusal !== undefined) {
                story = { ...story, refusedAtOpen: true };
                throw story.refusal;
            }
            const io = await connect();
            // A lost open lands as a status the outcome may move in place (GitLab), after which no read
            // back can tell it landed: where no other job shares the status (no listing before the
            // write), it is looked for first.
            if (io.alone && (opened === 'lost' || opened === 'unanswered'))
                await list(io, signals.lookup).catch(() => undefined);
            const ownLink = texts.link(outcome, io.runUrl);
            const body = (decision) => {
                if (decision.kind === 'keep')
                    return {
                        state: platform.stateOf(decision.by.own),
                        description: texts.fit(keptDescription(decision.by, nouns.unit)),
                        targetUrl: io.link(untagged(decision.by.status?.targetUrl) ?? io.runUrl, decision.own)
                    };
                if (decision.kind === 'hold')
                    return {
                        state: platform.stateOf('pending'),
                        description: texts.fit(heldDescription(decision.waitingOn, nouns.unit)),
                        targetUrl: io.link(io.runUrl, decision.own)
                    };
                return {
                    state: platform.stateOf(ownState),
                    description: texts.outcome(outcome, letThrough),
                    targetUrl: io.link(ownLink, ownState)
                };
            };
            // Matrix legs, steps, re-runs and retries share the context: the one rule of records/gate.ts.
            const decided = await writeByTheRule(ownState, {
                list: (afterWrite) => list(io, afterWrite ? signals.nextLookup() : signals.lookup),
                context: platform.context,
                me: io.me,
                stateOf: platform.stateOf,
                ...(io.alone ? { alone: true } : {}),
                send: async (written) => {
                    const sent = written.state === 'success' ? 'success' : written.state === platform.stateOf('pending') && story.sent === 'nothing' ? 'hold' : story.sent;
                    story = { ...story, decided: undefined, sent, linked: untagged(written.targetUrl) };
                    try {
                        await send(io, written, signals.write);
                    }
                    catch (error) {
                        // Refused as already so (a hold's waiting state over the open one another job or a late write of this one left): done, not failed.
                        if (!platform.alreadySo?.(error, written.state))
                            throw error;
                    }
                },
                body
            });
            // Read after its write: nothing of an earlier try stands unconfirmed.
            story = { ...story, decided, unconfirmed: undefined };
            return { where: true, done: 'updated' };
        },
        async readBack(_where, signals, lost, tries) {
            const io = await connect();
            return statusStands(await list(io, signals.lookup), readBackIo(io), story.own, lost, story.sent !== 'nothing', tries);
        },
        // A success may land over another job's failure written meanwhile; a held waiting state, over the others' ends.
        closeMayTurn: () => story.sent === 'hold' || story.sent === 'success',
        // A write sent, the other jobs' statuses unread after it: written all the same, in doubt.
        appliedDespite: (error) => error instanceof OtherJobsUnread && unconfirmedBy(error),
        codeOf: (error) => (error instanceof OtherJobsUnread ? (unconfirmedBy(error) ? 'commit-status.unconfirmed' : 'commit-status.others-unread') : undefined),
        explain: (error) => {
            if (!(error instanceof OtherJobsUnread))
                return platform.explain(error);
            const written = unconfirmedBy(error);
            story = { ...story, unconfirmed: written };
            const waiting = platform.stateOf('pending');
            return `the statuses the other jobs of this ${nouns.unit} wrote on ${shown} could not be read (${platform.explain(error.cause)}), and this job's success must not replace another job's failure${written ? '' : `, so it was not written: the ${nouns.thing} keeps the state it had (${waiting}, if the ${waiting} status was written); ${nouns.again} the job once ${nouns.host} answers`}`;
        },
        refused,
        retryAfterMs: platform.retryAfterMs,
        words: {
            opened: () => `Commit status ${shown}: ${platform.stateOf('pending')} on commit ${story.sha}.`,
            closed: () => {
                const state = story.decided === undefined ? platform.stateOf(story.own) : platform.stateOf(shownOwn(story.decided));
                const why = decidedWords(story.decided, nouns.unit);
                const linked = nouns.namesLink && story.linked ? `, linking ${inert(story.linked, 300)}` : '';
                return `Commit status ${shown}: ${state} on commit ${story.sha}${linked}${why ? ` ${inert(why, 400)}` : ''}.`;
            },
            openFailed: (why) => `The ${platform.stateOf('pending')} commit status ${shown} could not be written: ${quote(why, 400)}.`,
            lateClose: () => successSent()
                ? `the ${nouns.thing} may show success over another job's failure: look at the ${nouns.unit}'s jobs before you merge`
                : `the ${nouns.thing} may show ${platform.stateOf('pending')} after the other jobs ended: ${nouns.again} this job then`,
            lateCloseCode: () => (successSent() ? 'commit-status.late-success' : 'commit-status.late-pending'),
            lateOpen: () => `the ${nouns.thing} shows ${platform.stateOf('pending')} until the job runs again`,
            mayNotHold: (why) => `Commit status ${shown} holds the outcome (${platform.stateOf(story.own)}) on commit ${story.sha}, but ${quote(why, 400)}. ${nouns.result} does not depend on it.`,
            closeFailed: (why) => story.unconfirmed
                ? closeFailedUnconfirmed(quote(why, 400))
                : `${!story.refusedAtOpen && story.own !== 'pending' ? `The last commit status (${platform.stateOf(story.own)}) of ${shown}` : `The commit status ${shown}`} could not be written: ${quote(why, 400)}. ${nouns.result} does not depend on it.`
        }
    };
}

// EXTERNAL MODULE: ./src/engine/outcome.ts
var engine_outcome = __webpack_require__(938);
// EXTERNAL MODULE: ./src/engine/wait.ts + 6 modules
var wait = __webpack_require__(4891);
// EXTERNAL MODULE: ./src/report/explain.ts
var explain = __webpack_require__(7389);
// EXTERNAL MODULE: ./src/report/titles.ts
var titles = __webpack_require__(6023);
;// CONCATENATED MODULE: ./src/report/deployment.ts
// What a deployment record says about the run: its state and a reason short enough for GitHub's
// deployment statuses, from the same explanation as the step's annotation.




/** GitHub's limit on the description of a deployment status. */
const MAX_DEPLOYMENT_DESCRIPTION = 140;
/** The docs deployed, or failed to; anything else (timeout, cancel, error) says nothing about the docs: `error`. */
function deploymentState(result) {
    return result === 'success' || result === 'failure' ? result : 'error';
}
/** The description while waiting: what is waited on. */
function waitingDescription(targets) {
    const work = (0,titles/* describeWork */.FG)({ targets: targets.map((ref) => ({ ref })) });
    return `Waiting for the ${work}: ${targets.map((ref) => (0,wait/* describeRef */.Ro)(ref)).join(', ')}`;
}
/** The description of the last status: the first line of the annotation, the reason in the user's terms. */
function outcomeDescription(outcome) {
    return (0,explain.explainRun)(outcome).lead[0] ?? outcome.headline;
}
/**
 * Text as one line within GitHub's limit, counted in characters. Too long, its full commit shas
 * are shortened first (to 12 characters, then 7), so a reason that names two commits (the one
 * deployed, the one expected) keeps both; only then is it cut, with an ellipsis.
 */
function fitDescription(text, max = MAX_DEPLOYMENT_DESCRIPTION) {
    const flat = (0,src_text/* stripControl */.kU)(text).replace(/\s+/g, ' ').trim();
    const fits = (candidate) => Array.from(candidate).length <= max;
    const shortened = [flat, ...[12, 7].map((length) => flat.replace(/\b([0-9a-f]{40}|[0-9a-f]{64})\b/gi, (sha) => sha.slice(0, length)))];
    const fitting = shortened.find(fits);
    if (fitting !== undefined)
        return fitting;
    const chars = Array.from(shortened.at(-1) ?? flat);
    return `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}\u2026`;
}

// EXTERNAL MODULE: ./src/report/log.ts
var log = __webpack_require__(6472);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
;// CONCATENATED MODULE: ./src/report/commit-status.ts




/** The docs deployed, or failed to; a timeout, an error or a cancel says nothing about the docs: `error`. Never `success` but on success. */
function githubStatusState(result) {
    return result === 'success' ? 'success' : result === 'failure' ? 'failure' : 'error';
}
/** GitLab has no `error`: anything but success fails the check, and a cancel is `canceled`. */
function gitlabStatusState(result) {
    return result === 'success' ? 'success' : result === 'cancelled' ? 'canceled' : 'failed';
}
/**
 * Where a status links: on success the docs (the preview, else deployment-url), else the run,
 * where the reason is; cleaned as the log is (a key the platform put into the preview's address,
 * in any spelling, is cut), so that what is read back is what was meant.
 */
function statusTargetUrl(success, links, clean) {
    const docs = (0,markdown/* safeUrl */.Pl)(links.preview) ?? (0,markdown/* safeUrl */.Pl)(links.url);
    const run = links.run && URL.canParse(links.run) && /^https?:$/.test(new URL(links.run).protocol) ? links.run : undefined;
    const url = success ? (docs ?? run) : (run ?? docs);
    return url === undefined ? undefined : clean(url);
}
/** The description while waiting, cut to GitHub's limit. */
function waitingStatusDescription(targets, clean) {
    return fitDescription(clean(targets.length > 0 ? waitingDescription(targets) : 'Waiting for the docs'));
}
/** The description of the last status: the reason of the annotation, cut to GitHub's limit. */
function outcomeStatusDescription(outcome, clean) {
    return fitDescription(clean(outcomeDescription(outcome)));
}
/**
 * The description of a timeout that fail-on-timeout: false lets through, whose status is success
 * (it follows the step's verdict): it says that it timed out and was let through, then why.
 */
function letThroughStatusDescription(outcome, clean) {
    return fitDescription(clean(`Timed out, let through (fail-on-timeout: false): ${outcomeDescription(outcome)}`));
}
/**
 * What a commit status says, for the record that writes it (records/status-record.ts), on either
 * platform: `failOnTimeout`, the step's verdict it follows; `url`, commit-status-url (deployment-url).
 */
function statusTexts(clean, failOnTimeout, url) {
    return {
        letThrough: (outcome) => outcome.result !== 'success' && (0,engine_outcome/* stepPasses */.WX)(outcome, failOnTimeout),
        waiting: (targets) => waitingStatusDescription(targets, clean),
        outcome: (outcome, letThrough) => (letThrough ? letThroughStatusDescription(outcome, clean) : outcomeStatusDescription(outcome, clean)),
        link: (outcome, run) => statusTargetUrl(outcome.result === 'success', { preview: outcome.trigger?.previewUrl, url, run }, clean),
        fit: (text) => fitDescription(clean(text)),
        inert: log/* inert */.tJ
    };
}

// EXTERNAL MODULE: ./src/gitlab/api.ts
var api = __webpack_require__(4175);
// EXTERNAL MODULE: ./src/gitlab/context.ts
var gitlab_context = __webpack_require__(2980);
;// CONCATENATED MODULE: ./src/gitlab/commit-status.ts
// The docs as a GitLab commit status (--commit-status NAME): `running` on the pipeline's commit
// when the wait starts, then `success`, `failed` or `canceled`, so that the pipeline and the merge
// request show the docs as a check of their own. Written by the rules of the merge request note and
// the action's commit status: the outcome waits for the `running` write it would otherwise race, a
// cancel shortens what is left to the grace, and what could not be written is one warning; it
// never changes the result or the exit code.










const CREATE_TOKEN = `Create a project access token with the api scope and at least the Developer role (the project's Settings \u203a Access tokens), or a personal access token with the api scope of a Developer of the project, and store it as a masked CI/CD variable named ${gitlab_context/* GITLAB_TOKEN_VARIABLE */.tS}`;
const COMMIT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
const shown = (text) => JSON.stringify((0,src_text/* oneLine */.TN)(text, 60)).replace(/[^\x20-\x7e]/g, '?');
/** The pipeline's commit (CI_COMMIT_SHA) in the project (CI_PROJECT_ID) of the GitLab API (CI_API_V4_URL), the pipeline and the job. */
function statusPlace(env) {
    if (env.GITLAB_CI !== 'true')
        return {
            skip: "this is not a GitLab CI job (GITLAB_CI is not set); the command line writes the commit status on GitLab only (on GitHub, the action's `commit-status` input writes it)"
        };
    const project = env.CI_PROJECT_ID?.trim();
    if (!project)
        return { skip: 'CI_PROJECT_ID is not set' };
    const api = env.CI_API_V4_URL?.trim() ?? '';
    if (!URL.canParse(api) || !/^https?:$/.test(new URL(api).protocol))
        return { skip: 'CI_API_V4_URL is not set to the http(s) URL of the GitLab API' };
    const sha = env.CI_COMMIT_SHA?.trim() ?? '';
    if (sha === '')
        return { skip: "the pipeline's commit is unknown (CI_COMMIT_SHA is not set)" };
    if (!COMMIT_ID.test(sha))
        return { skip: `the pipeline's commit is unknown (CI_COMMIT_SHA is ${shown(sha)}, which is not a commit id)` };
    const pipeline = env.CI_PIPELINE_ID?.trim();
    const jobUrl = env.CI_JOB_URL?.trim();
    return {
        apiUrl: new URL(api),
        project,
        sha: sha.toLowerCase(),
        pipelineId: pipeline && /^\d{1,15}$/.test(pipeline) ? Number(pipeline) : undefined,
        jobUrl: jobUrl && URL.canParse(jobUrl) ? jobUrl : undefined
    };
}
/** The token, or why there is none that may write a commit status (the merge request note's token: CI_JOB_TOKEN may not). */
function statusToken(token, env) {
    return (0,gitlab_context/* usableToken */.ej)(token, env, 'commit statuses', CREATE_TOKEN);
}
/** Why the status could not be written, and what to do. */
function explainGitLabStatusError(error, project) {
    const status = error instanceof api/* GitLabError */.YZ ? error.status : undefined;
    const limited = (0,api/* explainRateLimit */.Zw)(error, 'commit status');
    if (limited)
        return limited;
    if (status === 401)
        return `GitLab refused the token (HTTP 401): it is expired, revoked, or not a token of this GitLab, or it is the CI job token, which cannot write commit statuses. ${CREATE_TOKEN}`;
    if (status === 403)
        return `the token may not write commit statuses in this project (HTTP 403): an access token needs the api scope and at least the Developer role. ${CREATE_TOKEN}`;
    if (status === 404)
        return `GitLab did not find project ${(0,src_text/* oneLine */.TN)(project, 100)} or the pipeline's commit (HTTP 404): check that the token's user is a member of the project`;
    return (0,src_text/* oneLine */.TN)(error instanceof Error ? error.message : String(error), 400);
}
/**
 * The GitLab commit status, as the shared record's platform (records/status-record.ts). Its
 * writes are keyed by commit and name. GitLab moves the open status of the name (running or
 * pending) in place and refuses to move it to the state it has (400, "Cannot transition status
 * via :run from :running"): a `running` written over an open `running` (another job's, or a late
 * one of this job) is done. A write after a finished status is a status of its own, never refused so.
 */
function gitlabStatusPort(name, place, token, targets, settings, context) {
    const { clean, env } = context;
    const me = gitlabWriter(place, env, context.invocation ?? '');
    const io = {
        sha: place.sha.slice(0, 7),
        me,
        runUrl: place.jobUrl,
        // GitLab takes a target_url of 255 characters at the most: a longer one links the job.
        link: (url, own) => tagged(url, me, own, GITLAB_URL_MAX) ?? tagged(place.jobUrl, me, own, GITLAB_URL_MAX),
        async send(body, signal) {
            // A write is given until the step's limit in every phase (the lifecycle's signal ends it sooner):
            // cut at request-timeout, it may still be applied after the write that follows it.
            const gitlab = (0,api/* createGitLabClient */.jp)(place.apiUrl, token, signal, Math.max(settings.requestTimeoutMs, context.endAt() - Date.now()), env, clean);
            try {
                const status = { ...body, name, pipelineId: place.pipelineId };
                return await (0,lifecycle/* withinBudget */.xV)(gitlab.setCommitStatus(place.project, place.sha, status), signal);
            }
            finally {
                (0,api/* closeSoon */.sj)(gitlab);
            }
        },
        async list(signal) {
            const gitlab = (0,api/* createGitLabClient */.jp)(place.apiUrl, token, signal, settings.requestTimeoutMs, env, clean);
            try {
                return await (0,lifecycle/* withinBudget */.xV)(gitlab.commitStatuses(place.project, place.sha, name), signal);
            }
            finally {
                (0,api/* closeSoon */.sj)(gitlab);
            }
        },
        // Without the pipeline's id, no other job can share the status.
        ...(place.pipelineId === undefined ? { alone: true } : {})
    };
    return statusRecordPort({
        api: 'GitLab API',
        nouns: GITLAB_NOUNS,
        context: name,
        shown: (0,src_text/* oneLine */.TN)(name, 100),
        texts: statusTexts(clean, settings.commitStatus?.failOnTimeout ?? true, settings.commitStatus?.url),
        connect: async () => io,
        stateOf: gitlabStateOf,
        explain: (error) => explainGitLabStatusError(error, place.project),
        retryAfterMs: api/* gitlabRetryAfterMs */.Y6,
        alreadySo
    }, targets);
}
/** How GitLab's words name the status and the jobs. */
const GITLAB_NOUNS = {
    thing: 'status',
    unit: 'pipeline',
    again: 'retry',
    othersStill: 'running',
    result: 'The result',
    host: 'GitLab',
    namesLink: false,
    quote: (text) => text
};
/** The command's inputs as given, keys left out: what one command of a job waits on, the same in a retry of the job. */
function invocationOf(raw) {
    return JSON.stringify(Object.entries(raw).filter(([input]) => !parse/* SECRET_INPUTS */.pH.has(input)));
}
/** GitLab's limit on a status's target_url. */
const GITLAB_URL_MAX = 255;
/** GitLab's state for an own state: GitLab has no `error`, so a timeout and an error fail the status too. */
const gitlabStateOf = (own) => (own === 'pending' ? 'running' : own === 'cancelled' ? 'canceled' : own === 'success' ? 'success' : 'failed');
/**
 * This job's writer of the status (records/gate.ts): the pipeline (a retried job stays in it), and
 * in it the job's name (GitLab names each leg of a parallel:matrix) and the command's own inputs
 * (`invocation`: two commands of one job wait on other work), so that a retry of the job is the
 * same writer and another leg or another command is not; the words name the job.
 */
function gitlabWriter(place, env, invocation) {
    const job = env.CI_JOB_NAME?.trim() || 'the job';
    // Without the pipeline (a GitLab that does not say), the job is a run of its own: held to no other.
    const run = place.pipelineId !== undefined ? String(place.pipelineId) : `job-${env.CI_JOB_ID?.trim() || 'unknown'}`;
    // A retry is a new job, with a greater id: the job's id orders the runs of one writer.
    const jobId = Number(env.CI_JOB_ID);
    return writer(run, [job, invocation], job, place.pipelineId === undefined ? undefined : `pipeline ${place.pipelineId}`, Number.isSafeInteger(jobId) && jobId > 0 ? jobId : 1);
}
/**
 * Why a status of `name` must not be written from this job, or undefined: GitLab takes a commit
 * status named like a job of its pipeline for a retry of that job (its own code marks the older of
 * the two retried), so a status named like the job that writes it would mark that job retried.
 */
function namedLikeTheJob(name, env) {
    const job = env.CI_JOB_NAME?.trim();
    if (!job || job !== name)
        return undefined;
    const shown = (0,src_text/* oneLine */.TN)(name, 100);
    return `The commit status ${shown} was not written: it has the name of this job (CI_JOB_NAME), and GitLab takes a commit status named like a job of its pipeline for a retry of that job, which marks the job itself retried. Give --commit-status a name no job of the pipeline has (e.g. ${(0,src_text/* oneLine */.TN)(`${name}-check`, 100)}), and require that name. The result does not depend on it.`;
}
/**
 * GitLab's refusal of a state the status already has (400, "Cannot transition status via :run
 * from :running"; read by the API client: heldState), by its words alone: any other 400 is the
 * failure it is, even for the state written last (a finished status is never moved, so a close
 * sent again is never refused as already so).
 */
function alreadySo(error, state) {
    return error instanceof api/* GitLabError */.YZ && error.status === 400 && error.heldState === state;
}
/**
 * The commit status of the run for `--commit-status` (the input commit-status), as a record of
 * the story: `running` when the wait starts, the outcome at the end. Its token is the merge
 * request note's.
 */
function createPipelineCommitStatus(context, raw) {
    const { env, startedAt } = context;
    const parsedName = fields/* INPUT_SCHEMAS */.xW['commit-status'].safeParse(raw['commit-status'].trim());
    const name = parsedName.success ? parsedName.data : undefined;
    const token = (0,gitlab_context/* gitlabTokenOf */.wG)(context.token, env);
    const clean = (0,gitlab_context/* cleanerWith */.Hb)(token, context.clean);
    const cancel = { signal: context.signal, exitBy: context.exitBy };
    return (0,run_record/* keptRecord */.u)(({ settings, targets, endAt }) => {
        // With invalid inputs too, when its own are sound: `failed`, so that no earlier `success` stands.
        const status = settings ? settings.commitStatus : (0,parse/* commitStatusOf */.Zl)(raw);
        if (!name || !status)
            return undefined;
        const place = statusPlace(env);
        if ('skip' in place)
            return {
                say: `commit-status is set, but ${place.skip}; no commit status was written.`,
                level: env.GITLAB_CI === 'true' ? 'info' : 'warning',
                code: 'commit-status.skipped'
            };
        const clash = namedLikeTheJob(name, env);
        if (clash)
            return { say: clash, level: 'warning', code: 'commit-status.named-like-job' };
        const key = statusToken(token, env);
        if ('problem' in key)
            return {
                say: `The commit status ${(0,src_text/* oneLine */.TN)(name, 100)} could not be written: ${key.problem}. The result does not depend on it.`,
                level: 'warning',
                code: 'commit-status.no-token'
            };
        const writesEndAt = endAt(status.requestTimeoutMs);
        const run = { requestTimeoutMs: status.requestTimeoutMs, commitStatus: status };
        return {
            port: gitlabStatusPort(name, place, key.token, targets, run, { env, clean, endAt: () => writesEndAt, invocation: invocationOf(raw) }),
            requestTimeoutMs: status.requestTimeoutMs
        };
    }, { startedAt, cancel, log: context.log, clean });
}


/***/ })

};
