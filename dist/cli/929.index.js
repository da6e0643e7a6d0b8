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

// EXTERNAL MODULE: ./src/inputs/fields.ts + 3 modules
var fields = __webpack_require__(6426);
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

// EXTERNAL MODULE: ./src/engine/outcome.ts
var engine_outcome = __webpack_require__(938);
// EXTERNAL MODULE: ./src/engine/wait.ts + 7 modules
var wait = __webpack_require__(7778);
// EXTERNAL MODULE: ./src/report/explain.ts
var explain = __webpack_require__(7389);
// EXTERNAL MODULE: ./src/report/titles.ts
var titles = __webpack_require__(6023);
;// CONCATENATED MODULE: ./src/report/deployment.ts




const MAX_DEPLOYMENT_DESCRIPTION = 140;
function deploymentState(result) {
    return result === 'success' || result === 'failure' ? result : 'error';
}
function waitingDescription(targets) {
    const work = (0,titles/* describeWork */.FG)({ targets: targets.map((ref) => ({ ref })) });
    return `Waiting for the ${work}: ${targets.map((ref) => (0,wait/* describeRef */.Ro)(ref)).join(', ')}`;
}
function outcomeDescription(outcome) {
    return (0,explain.explainRun)(outcome).lead[0] ?? outcome.headline;
}
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
    return fitDescription(clean(targets.length > 0 ? waitingDescription(targets) : 'Waiting for the docs'));
}
function outcomeStatusDescription(outcome, clean) {
    return fitDescription(clean(outcomeDescription(outcome)));
}
function letThroughStatusDescription(outcome, clean) {
    return fitDescription(clean(`Timed out, let through (fail-on-timeout: false): ${outcomeDescription(outcome)}`));
}
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










const CREATE_TOKEN = `Create a project access token with the api scope and at least the Developer role (the project's Settings \u203a Access tokens), or a personal access token with the api scope of a Developer of the project, and store it as a masked CI/CD variable named ${gitlab_context/* GITLAB_TOKEN_VARIABLE */.tS}`;
const COMMIT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
const shown = (text) => JSON.stringify((0,src_text/* oneLine */.TN)(text, 60)).replace(/[^\x20-\x7e]/g, '?');
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
function statusToken(token, env) {
    return (0,gitlab_context/* usableToken */.ej)(token, env, 'commit statuses', CREATE_TOKEN);
}
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
function gitlabStatusPort(name, place, token, targets, settings, context) {
    const { clean, env } = context;
    const me = gitlabWriter(place, env, context.invocation ?? '');
    const io = {
        sha: place.sha.slice(0, 7),
        me,
        runUrl: place.jobUrl,
        link: (url, own) => tagged(url, me, own, GITLAB_URL_MAX) ?? tagged(place.jobUrl, me, own, GITLAB_URL_MAX),
        async send(body, signal) {
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
function invocationOf(raw) {
    return JSON.stringify(Object.entries(raw).filter(([input]) => !parse/* SECRET_INPUTS */.pH.has(input)));
}
const GITLAB_URL_MAX = 255;
const gitlabStateOf = (own) => (own === 'pending' ? 'running' : own === 'cancelled' ? 'canceled' : own === 'success' ? 'success' : 'failed');
function gitlabWriter(place, env, invocation) {
    const job = env.CI_JOB_NAME?.trim() || 'the job';
    const run = place.pipelineId !== undefined ? String(place.pipelineId) : `job-${env.CI_JOB_ID?.trim() || 'unknown'}`;
    const jobId = Number(env.CI_JOB_ID);
    return writer(run, [job, invocation], job, place.pipelineId === undefined ? undefined : `pipeline ${place.pipelineId}`, Number.isSafeInteger(jobId) && jobId > 0 ? jobId : 1);
}
function namedLikeTheJob(name, env) {
    const job = env.CI_JOB_NAME?.trim();
    if (!job || job !== name)
        return undefined;
    const shown = (0,src_text/* oneLine */.TN)(name, 100);
    return `The commit status ${shown} was not written: it has the name of this job (CI_JOB_NAME), and GitLab takes a commit status named like a job of its pipeline for a retry of that job, which marks the job itself retried. Give --commit-status a name no job of the pipeline has (e.g. ${(0,src_text/* oneLine */.TN)(`${name}-check`, 100)}), and require that name. The result does not depend on it.`;
}
function alreadySo(error, state) {
    return error instanceof api/* GitLabError */.YZ && error.status === 400 && error.heldState === state;
}
function createPipelineCommitStatus(context, raw) {
    const { env, startedAt } = context;
    const parsedName = fields/* INPUT_SCHEMAS */.xW['commit-status'].safeParse(raw['commit-status'].trim());
    const name = parsedName.success ? parsedName.data : undefined;
    const token = (0,gitlab_context/* gitlabTokenOf */.wG)(context.token, env);
    const clean = (0,gitlab_context/* cleanerWith */.Hb)(token, context.clean);
    const cancel = { signal: context.signal, exitBy: context.exitBy };
    return (0,run_record/* keptRecord */.u)(({ settings, targets, endAt }) => {
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
