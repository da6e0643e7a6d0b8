export const id = 519;
export const ids = [519];
export const modules = {

/***/ 6519:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  commitStatusPort: () => (/* binding */ commitStatusPort),
  githubWriter: () => (/* binding */ githubWriter),
  recordCommitStatus: () => (/* binding */ recordCommitStatus)
});

// EXTERNAL MODULE: ./src/inputs/parse.ts + 14 modules
var parse = __webpack_require__(7956);
// EXTERNAL MODULE: ./src/engine/outcome.ts
var engine_outcome = __webpack_require__(938);
// EXTERNAL MODULE: ./src/report/deployment.ts
var deployment = __webpack_require__(1479);
// EXTERNAL MODULE: ./src/report/log.ts
var log = __webpack_require__(6472);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
;// CONCATENATED MODULE: ./src/report/commit-status.ts




function githubStatusState(result) {
    return result === 'success' ? 'success' : result === 'failure' ? 'failure' : 'error';
}
function gitlabStatusState(result) {
    return result === 'success' ? 'success' : result === 'cancelled' ? 'canceled' : 'failed';
}
function statusTargetUrl(success, links, clean) {
    const docs = (0,markdown/* safeUrl */.Pl)(links.preview) ?? (0,markdown/* safeUrl */.Pl)(links.url);
    const run = links.run && URL.canParse(links.run) && /^https?:$/.test(new URL(links.run).protocol) ? links.run : undefined;
    const url = success ? (docs ?? run) : (run ?? docs);
    return url === undefined ? undefined : clean(url);
}
function waitingStatusDescription(targets, clean) {
    return (0,deployment/* fitDescription */.Am)(clean(targets.length > 0 ? (0,deployment/* waitingDescription */.sM)(targets) : 'Waiting for the docs'));
}
function outcomeStatusDescription(outcome, clean) {
    return (0,deployment/* fitDescription */.Am)(clean((0,deployment/* outcomeDescription */.fO)(outcome)));
}
function letThroughStatusDescription(outcome, clean) {
    return (0,deployment/* fitDescription */.Am)(clean(`Timed out, let through (fail-on-timeout: false): ${(0,deployment/* outcomeDescription */.fO)(outcome)}`));
}
function statusTexts(clean, failOnTimeout, url) {
    return {
        letThrough: (outcome) => outcome.result !== 'success' && (0,engine_outcome/* stepPasses */.WX)(outcome, failOnTimeout),
        waiting: (targets) => waitingStatusDescription(targets, clean),
        outcome: (outcome, letThrough) => (letThrough ? letThroughStatusDescription(outcome, clean) : outcomeStatusDescription(outcome, clean)),
        link: (outcome, run) => statusTargetUrl(outcome.result === 'success', { preview: outcome.trigger?.previewUrl, url, run }, clean),
        fit: (text) => (0,deployment/* fitDescription */.Am)(clean(text)),
        inert: log/* inert */.tJ
    };
}

// EXTERNAL MODULE: ./src/records/lifecycle.ts + 1 modules
var lifecycle = __webpack_require__(7128);
// EXTERNAL MODULE: ./src/records/listing.ts
var listing = __webpack_require__(5474);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
;// CONCATENATED MODULE: ./src/records/gate.ts


const OWN_STATES = ['pending', 'success', 'failure', 'error', 'cancelled'];
const ownStateOf = (result) => result === 'success' ? 'success' : result === 'failure' ? 'failure' : result === 'cancelled' ? 'cancelled' : 'error';
const RANK = { failure: 4, error: 3, cancelled: 2, pending: 1, success: 0 };
function writer(run, parts, label, legacyRun, attempt = 1) {
    const mark = Math.floor(Math.random() * 2 ** 32)
        .toString(16)
        .padStart(8, '0');
    return { run, key: identityHash(parts.join('\u0000')), label: label.slice(0, 60), mark, legacyRun, attempt };
}
function identityHash(text) {
    const [a, b] = Array.from(text, (ch) => ch.charCodeAt(0)).reduce(([h1, h2], c) => [Math.imul(h1 ^ c, 2654435761), Math.imul(h2 ^ c, 1597334677)], [0xdeadbeef, 0x41c6ce57]);
    const h1 = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
    const h2 = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return ((h2 >>> 0) % 0x10000).toString(16).padStart(4, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}
const TAG = 'wait-for-docs';
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
    const label = (0,src_text/* oneLine */.TN)(params.get('l') ?? '', 60);
    return { run, key, own, mark, attempt, label: label || undefined };
}
const untagged = (url) => (url === undefined ? undefined : (url.split(`#${TAG}&`)[0] ?? url));
const FAILED_STATES = new Set(['failure', 'error', 'failed', 'canceled']);
function writersOf(listed, context, me) {
    const writers = new Map();
    const newestFirst = [...listed].sort((a, b) => b.id - a.id).filter((status) => status.context === context);
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
function decide(listed, context, me, own) {
    const others = [...writersOf(listed, context, me).values()].filter((w) => w.key !== `${me.key}.${me.mark}`);
    const worst = others.reduce((top, w) => (top === undefined || RANK[w.own] > RANK[top.own] ? w : top), undefined);
    if (worst === undefined || RANK[worst.own] <= RANK[own])
        return { kind: 'own', own };
    if (worst.own === 'pending')
        return { kind: 'hold', own, waitingOn: others.filter((w) => w.own === 'pending') };
    return { kind: 'keep', own, by: worst };
}
const shownOwn = (decision) => (decision.kind === 'own' ? decision.own : decision.kind === 'keep' ? decision.by.own : 'pending');
function standsRight(listed, context, me, decision, stateOf) {
    const newest = [...listed]
        .sort((a, b) => b.id - a.id)
        .find((status) => status.context === context && (tagOf(status.targetUrl)?.run === me.run || (me.legacyRun !== undefined && status.run === me.legacyRun)));
    return newest === undefined || newest.state === stateOf(shownOwn(decision));
}
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
async function writeByTheRule(own, io) {
    const read = async (afterWrite) => {
        try {
            return await io.list(afterWrite);
        }
        catch (error) {
            throw new OtherJobsUnread(error, afterWrite);
        }
    };
    const first = io.alone || own === 'failure' || own === 'pending'
        ? { kind: 'own', own }
        : decide(own === 'success' ? await read(false) : await read(false).catch(() => []), io.context, io.me, own);
    await io.send(io.body(first));
    if (io.alone || own !== 'success')
        return first;
    const after = await read(true);
    const now = decide(after, io.context, io.me, own);
    if (standsRight(after, io.context, io.me, now, io.stateOf))
        return now;
    await io.send(io.body(now));
    return now;
}
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
function statusStands(listed, io, ownState, lost, successSent, tries = 1) {
    if (!standsRight(listed, io.context, io.me, decide(listed, io.context, io.me, ownState), io.stateOf))
        return 'stale';
    const landed = [...new Set([...(io.landed ?? []), ...landingsOf(listed, io)])];
    if (lost === 'open')
        return landed.filter((landing) => landing.startsWith('open ')).length >= tries ? 'outcome' : 'unseen';
    if (!successSent)
        return 'outcome';
    return landed.some((landing) => landing.startsWith('close ')) ? 'outcome' : 'unseen';
}
const labels = (writers) => {
    const named = writers.map((w) => w.label ?? 'one unnamed').slice(0, 3);
    return `${named.join(', ')}${writers.length > 3 ? ` and ${writers.length - 3} more` : ''}`;
};
function heldDescription(waitingOn, unit) {
    const n = waitingOn.length;
    return `Docs ready in this job; waiting for ${n === 1 ? 'another job' : `${n} other jobs`} of this ${unit}: ${labels(waitingOn)}`;
}
function keptDescription(by, unit) {
    const did = by.own === 'failure' ? 'failed' : by.own === 'cancelled' ? 'was cancelled' : 'could not tell';
    return `Another job of this ${unit}${by.label ? ` (${by.label})` : ''} ${did}${by.status?.description ? `: ${by.status.description}` : ''}`;
}
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

// EXTERNAL MODULE: ./src/records/run-record.ts
var run_record = __webpack_require__(7649);
// EXTERNAL MODULE: ./src/records/failure.ts
var failure = __webpack_require__(2516);
;// CONCATENATED MODULE: ./src/records/status-record.ts


const TOKEN_OR_PLACE_REFUSED = new Set([401, 403, 404]);
function statusRecordPort(platform, targets) {
    const { nouns, shown, texts } = platform;
    const refused = platform.refused ?? failure/* refusedForGood */.FD;
    const inert = texts.inert;
    const quote = nouns.quote;
    const own = new Map();
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
                if (platform.alreadySo?.(error, platform.stateOf('pending')))
                    return true;
                if (refused(error) && TOKEN_OR_PLACE_REFUSED.has((0,failure/* statusOf */.c2)(error) ?? 0))
                    story = { ...story, refusal: error };
                throw error;
            }
            return true;
        },
        async close(outcome, _where, opened, signals) {
            const letThrough = texts.letThrough(outcome);
            const ownState = letThrough ? 'success' : ownStateOf(outcome.result);
            story = { ...story, own: ownState, decided: { kind: 'own', own: ownState } };
            if (opened === 'refused' && story.refusal !== undefined) {
                story = { ...story, refusedAtOpen: true };
                throw story.refusal;
            }
            const io = await connect();
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
                        if (!platform.alreadySo?.(error, written.state))
                            throw error;
                    }
                },
                body
            });
            story = { ...story, decided, unconfirmed: undefined };
            return { where: true, done: 'updated' };
        },
        async readBack(_where, signals, lost, tries) {
            const io = await connect();
            return statusStands(await list(io, signals.lookup), readBackIo(io), story.own, lost, story.sent !== 'nothing', tries);
        },
        closeMayTurn: () => story.sent === 'hold' || story.sent === 'success',
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

// EXTERNAL MODULE: ./src/github/comment-api.ts
var comment_api = __webpack_require__(1691);
// EXTERNAL MODULE: ./src/github/fork.ts
var github_fork = __webpack_require__(356);
// EXTERNAL MODULE: ./src/github/run-commit.ts
var run_commit = __webpack_require__(5886);
;// CONCATENATED MODULE: ./src/github/commit-status-api.ts





function statusPlace(context, attempt = process.env.GITHUB_RUN_ATTEMPT) {
    const { owner, repo } = context.repo;
    if (!owner || !repo)
        return { skip: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' };
    const commit = (0,run_commit.runCommit)(context);
    if ('problem' in commit)
        return { skip: commit.problem };
    const run = (0,comment_api/* runUrlOf */.Qm)(context, owner, repo);
    const later = attempt && /^\d{1,9}$/.test(attempt) && Number(attempt) > 1 ? `/attempts/${Number(attempt)}` : '';
    return { owner, repo, sha: commit.sha, runUrl: run && `${run}${later}` };
}
async function createCommitStatus(octokit, place, status) {
    const created = await octokit.rest.repos.createCommitStatus({
        owner: place.owner,
        repo: place.repo,
        sha: place.sha,
        state: status.state,
        context: status.context,
        description: status.description,
        ...(status.targetUrl ? { target_url: status.targetUrl } : {})
    });
    const id = created.data?.id;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}
const MAX_STATUS_PAGES = 100;
const STATUSES = "the commit's statuses";
async function listCommitStatuses(octokit, place, tally = new listing/* PageTally */.S(STATUSES)) {
    const found = new Map();
    for (let page = 1; page <= MAX_STATUS_PAGES; page++) {
        const response = await tally.page(() => octokit.rest.repos.listCommitStatusesForRef({ owner: place.owner, repo: place.repo, ref: place.sha, per_page: 100, page }));
        const listed = (0,listing/* listedRecords */.k_)(response.data);
        if ('problem' in listed)
            throw new comment_api/* ListingNotRead */.MX("the commit's statuses", `${listed.problem} (cut short, or not from the GitHub API)`);
        for (const status of response.data)
            if (typeof status.state === 'string' && typeof status.context === 'string' && !found.has(status.id))
                found.set(status.id, {
                    id: status.id,
                    state: status.state,
                    context: status.context,
                    description: status.description ?? undefined,
                    targetUrl: status.target_url ?? undefined,
                    run: status.target_url?.split('#')[0] ?? undefined
                });
        if (!/rel="next"/.test(response.headers.link ?? ''))
            return [...found.values()].sort((a, b) => b.id - a.id);
    }
    throw new comment_api/* ListingNotRead */.MX("the commit's statuses", `did not end within ${MAX_STATUS_PAGES} pages of 100`);
}
function explainStatusError(error, fork = (0,github_fork/* runFork */.MY)()) {
    const status = (0,failure/* statusOf */.c2)(error);
    const unreached = (0,comment_api/* unreachableSaid */.sn)(error);
    if (unreached)
        return unreached;
    if ((0,comment_api/* rateLimited */.xd)(error)) {
        const message = (error instanceof Error ? error.message : String(error))
            .split('\n')[0]
            ?.replace(/ - https:\/\/docs\.github\.com\S*$/, '')
            .slice(0, 300)
            .replace(/[\s.]+$/, '');
        return `GitHub asked to slow down (HTTP ${status}: ${message}); the next run writes the status again`;
    }
    if ((status === 403 || status === 401) && fork)
        return (0,github_fork/* forkRefusal */.bm)(fork, 'commit statuses', 'statuses', status);
    if (status === 403 || status === 401)
        return `the token may not write commit statuses (HTTP ${status}). Add \`permissions: statuses: write\` to the job (or pass a github-token that has it)`;
    if (status === 404)
        return 'the repository was not found (HTTP 404); check that github-token belongs to this repository and has statuses: write';
    if (status === 422 && error instanceof Error && /maximum number of statuses/i.test(error.message))
        return (`the commit already has GitHub's most statuses of one name, 1000 per commit and context (HTTP 422), and GitHub takes no more: ` +
            `the check keeps the state it had before this run, which may be an earlier run's success. ` +
            `Give commit-status a new context name (and require that name in branch protection), or push a new commit`);
    const said = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.replace(/ - https:\/\/docs\.github\.com\S*$/, '') ?? '';
    if (status === 422)
        return `GitHub refused the status (HTTP 422: ${said.slice(0, 200)}); the commit of the run may not be in this repository`;
    return `${status ? `HTTP ${status}: ` : ''}${said.slice(0, 300)}`;
}

;// CONCATENATED MODULE: ./src/github/commit-status.ts










const githubStateOf = (own) => own === 'pending' ? 'pending' : own === 'cancelled' ? 'error' : githubStatusState(own === 'error' ? 'error' : own);
function githubWriter(status, runId, runUrl, env = process.env) {
    const job = env.GITHUB_JOB?.trim() || 'the job';
    const workflow = (0,comment_api/* workflowFileOf */.hr)(env.GITHUB_WORKFLOW_REF) ?? env.GITHUB_WORKFLOW ?? '';
    const label = status.leg ? `${job} (${status.leg.label})` : job;
    const attempt = Number(env.GITHUB_RUN_ATTEMPT);
    return writer(String(runId), [workflow, job, status.leg?.identity ?? '', env.GITHUB_ACTION ?? ''], label, runUrl, Number.isSafeInteger(attempt) && attempt > 0 ? attempt : 1);
}
function commitStatusPort(status, targets, clean) {
    let connected;
    const connect = () => {
        connected ??= (async () => {
            const github = await __webpack_require__.e(/* import() */ 157).then(__webpack_require__.bind(__webpack_require__, 157));
            const place = statusPlace(github.context);
            if ('skip' in place)
                throw new lifecycle/* RecordSkipped */.CU(`commit-status is set, but ${place.skip}. No commit status was written. The step's result does not depend on it.`, 'commit-status.skipped');
            const octokit = (0,comment_api/* guardedClient */.S2)(github.getOctokit(status.githubToken), status.githubToken, clean);
            let signal;
            octokit.hook.before('request', (request) => {
                request.request = { ...request.request, signal };
            });
            const me = githubWriter(status, github.context.runId, place.runUrl);
            return {
                sha: place.sha.slice(0, 7),
                me,
                runUrl: place.runUrl,
                link: (url, own) => tagged(url, me, own),
                send: (body, budget) => {
                    signal = budget;
                    return (0,lifecycle/* withinBudget */.xV)(createCommitStatus(octokit, place, { ...body, context: status.context }), budget);
                },
                list: (budget) => {
                    signal = budget;
                    const tally = new listing/* PageTally */.S(STATUSES);
                    return (0,lifecycle/* withinBudget */.xV)(listCommitStatuses(octokit, place, tally), budget).catch((error) => {
                        throw tally.cut(error);
                    });
                }
            };
        })();
        return connected;
    };
    return statusRecordPort({
        api: 'GitHub API',
        nouns: GITHUB_NOUNS,
        context: status.context,
        shown: (0,log/* inert */.tJ)(status.context, 100),
        openAgain: true,
        texts: statusTexts(clean, status.failOnTimeout, status.url),
        connect,
        stateOf: githubStateOf,
        explain: explainStatusError,
        refused: comment_api/* refusedByGitHub */.Z2,
        retryAfterMs: (error) => (0,comment_api/* retryAfterMs */.Vs)(error)
    }, targets);
}
const GITHUB_NOUNS = {
    thing: 'check',
    unit: 'run',
    again: 're-run',
    othersStill: 'waiting',
    result: "The step's result",
    host: 'GitHub',
    namesLink: true,
    quote: log/* inert */.tJ
};
function recordCommitStatus(options) {
    return (0,run_record/* keptRecord */.u)(({ settings, targets }) => {
        const status = settings ? settings.commitStatus : (0,parse/* commitStatusOf */.Zl)(options.raw);
        if (status && status.githubToken !== '')
            return { port: commitStatusPort(status, targets, options.clean), requestTimeoutMs: status.requestTimeoutMs };
        if ((0,parse/* commitStatusWithoutToken */.P)(options.raw))
            return {
                say: "commit-status is set, but github-token is empty (a secret that is not set?). No commit status was written, so a check that branch protection requires stays expected; the step's result does not depend on it.",
                level: 'warning',
                code: 'commit-status.no-token'
            };
        return undefined;
    }, options);
}


/***/ }),

/***/ 1479:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Am: () => (/* binding */ fitDescription),
/* harmony export */   DY: () => (/* binding */ deploymentState),
/* harmony export */   fO: () => (/* binding */ outcomeDescription),
/* harmony export */   sM: () => (/* binding */ waitingDescription)
/* harmony export */ });
/* unused harmony export MAX_DEPLOYMENT_DESCRIPTION */
/* harmony import */ var _engine_wait_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5101);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8992);
/* harmony import */ var _explain_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7389);
/* harmony import */ var _titles_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6023);




const MAX_DEPLOYMENT_DESCRIPTION = 140;
function deploymentState(result) {
    return result === 'success' || result === 'failure' ? result : 'error';
}
function waitingDescription(targets) {
    const work = (0,_titles_js__WEBPACK_IMPORTED_MODULE_3__/* .describeWork */ .FG)({ targets: targets.map((ref) => ({ ref })) });
    return `Waiting for the ${work}: ${targets.map((ref) => (0,_engine_wait_js__WEBPACK_IMPORTED_MODULE_0__/* .describeRef */ .Ro)(ref)).join(', ')}`;
}
function outcomeDescription(outcome) {
    return (0,_explain_js__WEBPACK_IMPORTED_MODULE_2__.explainRun)(outcome).lead[0] ?? outcome.headline;
}
function fitDescription(text, max = MAX_DEPLOYMENT_DESCRIPTION) {
    const flat = (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .stripControl */ .kU)(text).replace(/\s+/g, ' ').trim();
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


/***/ })

};
