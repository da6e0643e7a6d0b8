export const id = 664;
export const ids = [664];
export const modules = {

/***/ 3664:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  deploymentPort: () => (/* binding */ deploymentPort),
  recordDeployment: () => (/* binding */ recordDeployment)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 18 modules
var core = __webpack_require__(6257);
// EXTERNAL MODULE: ./src/inputs/parse.ts + 14 modules
var parse = __webpack_require__(7956);
// EXTERNAL MODULE: ./src/records/lifecycle.ts + 1 modules
var lifecycle = __webpack_require__(7128);
// EXTERNAL MODULE: ./src/records/run-record.ts
var run_record = __webpack_require__(7649);
// EXTERNAL MODULE: ./src/report/deployment.ts
var report_deployment = __webpack_require__(1479);
// EXTERNAL MODULE: ./src/report/log.ts
var log = __webpack_require__(6472);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/records/failure.ts
var failure = __webpack_require__(2516);
// EXTERNAL MODULE: ./src/github/comment-api.ts
var comment_api = __webpack_require__(1691);
// EXTERNAL MODULE: ./src/github/fork.ts
var github_fork = __webpack_require__(356);
// EXTERNAL MODULE: ./src/github/run-commit.ts
var run_commit = __webpack_require__(5886);
// EXTERNAL MODULE: ./src/records/listing.ts
var listing = __webpack_require__(5474);
;// CONCATENATED MODULE: ./src/github/deployment-api.ts





function deploymentPlace(context) {
    const { owner, repo } = context.repo;
    if (!owner || !repo)
        return { skip: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' };
    const commit = (0,run_commit.runCommit)(context);
    if ('problem' in commit)
        return { skip: commit.problem };
    return { owner, repo, ref: commit.sha, runUrl: (0,comment_api/* runUrlOf */.Qm)(context, owner, repo) };
}
const MARK = 'wait-for-docs-run';
async function createDeployment(octokit, place, deployment) {
    const { data } = await octokit.rest.repos.createDeployment({
        owner: place.owner,
        repo: place.repo,
        ref: place.ref,
        environment: deployment.environment,
        description: deployment.description,
        auto_merge: false,
        required_contexts: [],
        transient_environment: deployment.transient,
        payload: { [MARK]: deployment.marker }
    });
    const answer = data;
    if (typeof answer === 'object' && answer !== null) {
        if ('id' in answer && typeof answer.id === 'number')
            return answer.id;
        if ('message' in answer)
            throw new Error(`GitHub created no deployment: ${String(answer.message)}`);
    }
    throw new comment_api/* NotAnswered */.VS('the POST that creates the deployment', 'did not name the deployment (cut short, or not from the GitHub API)', 201);
}
async function findDeployment(octokit, place, wanted) {
    const { data } = await octokit.rest.repos.listDeployments({
        owner: place.owner,
        repo: place.repo,
        sha: place.ref,
        environment: wanted.environment,
        per_page: 100
    });
    const listed = (0,listing/* listedRecords */.k_)(data);
    if ('problem' in listed)
        throw new comment_api/* ListingNotRead */.MX("the run's deployments", `${listed.problem} (cut short, or not from the GitHub API)`);
    const payloadOf = (payload) => {
        if (typeof payload !== 'string')
            return payload;
        try {
            return JSON.parse(payload);
        }
        catch {
            return undefined;
        }
    };
    return data.find((deployment) => {
        const payload = payloadOf(deployment.payload);
        return typeof payload === 'object' && payload !== null && payload[MARK] === wanted.marker;
    })?.id;
}
async function createDeploymentStatus(octokit, place, id, status) {
    await octokit.rest.repos.createDeploymentStatus({
        owner: place.owner,
        repo: place.repo,
        deployment_id: id,
        state: status.state,
        description: status.description,
        ...(place.runUrl ? { log_url: place.runUrl } : {}),
        ...(status.environmentUrl ? { environment_url: status.environmentUrl } : {})
    });
}
async function deploymentStates(octokit, place, id) {
    const { data } = await octokit.rest.repos.listDeploymentStatuses({ owner: place.owner, repo: place.repo, deployment_id: id, per_page: 100 });
    if (!Array.isArray(data))
        throw new Error("GitHub listed the deployment's statuses as something other than a list");
    return data.flatMap((status) => (typeof status?.state === 'string' ? [status.state] : []));
}
function explainDeploymentError(error, fork = (0,github_fork/* runFork */.MY)()) {
    const status = (0,failure/* statusOf */.c2)(error);
    const said = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    const message = said
        .replace(/ - https:\/\/docs\.github\.com\S*$/, '')
        .slice(0, 300)
        .replace(/[\s.]+$/, '');
    const url = typeof error === 'object' && error !== null && 'request' in error ? error.request.url : undefined;
    const ofStatus = typeof url === 'string' && /\/deployments\/\d+\/statuses\b/.test(url);
    const unreached = (0,comment_api/* unreachableSaid */.sn)(error);
    if (unreached)
        return unreached;
    if (status === 401)
        return 'GitHub refused the token (HTTP 401): pass a current github-token, or leave github-token to its default, the job\u2019s token';
    if ((0,comment_api/* rateLimited */.xd)(error))
        return `GitHub asked to slow down (HTTP ${status}: ${message}); the next run writes the deployment again`;
    if (status === 403 && /not accessible by integration|must have (?:admin|write|push)|permission/i.test(message))
        return fork
            ? (0,github_fork/* forkRefusal */.bm)(fork, 'deployments', 'deployments', status)
            : `the token may not write deployments (HTTP 403: ${message}). Add \`permissions: deployments: write\` to the job (or pass a github-token that has it)`;
    if (status === 404 && ofStatus)
        return 'the deployment was not found when its status was written (HTTP 404): it was deleted meanwhile, or the token can no longer see it';
    if (status === 404)
        return 'the repository was not found (HTTP 404); check that github-token belongs to this repository';
    return `${status ? `HTTP ${status}: ` : ''}${message}`;
}

;// CONCATENATED MODULE: ./src/github/deployment.ts











function clientFor(github, token, signals, clean) {
    const octokit = (0,comment_api/* guardedClient */.S2)(github.getOctokit(token), token, clean);
    octokit.hook.before('request', (options) => {
        options.request = { ...options.request, signal: options.method === 'GET' ? signals.lookup : signals.write };
    });
    return octokit;
}
function deploymentPort(deployment, clean, run) {
    const environment = (0,log/* inert */.tJ)(deployment.environment, 255);
    const marker = (0,external_node_crypto_.randomUUID)();
    let story = { creation: { at: 'not-yet' }, last: undefined };
    async function writeOutcome(outcome, octokit, place, id, signals) {
        const state = (0,report_deployment/* deploymentState */.DY)(outcome.result);
        const preview = outcome.trigger?.previewUrl;
        const linked = state !== 'success' ? undefined : preview ? (0,markdown/* safeUrl */.Pl)(preview) : deployment.url;
        const url = linked === undefined ? undefined : clean(linked);
        if (state === 'success' && preview && !url && !story.last)
            core/* info */.pq(clean(`The preview's address ${(0,log/* inert */.tJ)(preview, 300)} is not an https:// address the deployment can link, so deployment ${id} has no URL (deployment-url is not a preview's).`));
        story = { ...story, last: { state, url } };
        await (0,lifecycle/* withinBudget */.xV)(createDeploymentStatus(octokit, place, id, { state, description: (0,report_deployment/* fitDescription */.Am)(clean((0,report_deployment/* outcomeDescription */.fO)(outcome))), environmentUrl: url }), signals.write);
    }
    async function createWithOutcome(outcome, octokit, place, signals, found) {
        const until = story.creation.at === 'limited' ? story.creation.until : 0;
        const why = story.creation.at === 'limited' ? 'GitHub had asked to slow down when waiting began' : 'its creation had not reached GitHub when waiting began';
        await (0,lifecycle/* settledOrAborted */.Cd)(new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()))), signals.write);
        const id = await (0,lifecycle/* withinBudget */.xV)(createDeployment(octokit, place, {
            environment: deployment.environment,
            transient: run.transient,
            description: (0,report_deployment/* fitDescription */.Am)(clean((0,report_deployment/* outcomeDescription */.fO)(outcome))),
            marker
        }), signals.write);
        story = { ...story, creation: { at: 'closed' } };
        run.created(id);
        found?.(id);
        core/* info */.pq(clean(`Created deployment ${id} in environment ${environment} with the outcome (${why}).`));
        await writeOutcome(outcome, octokit, place, id, signals);
        return { where: id, done: 'created' };
    }
    const placeOf = async () => {
        const github = await __webpack_require__.e(/* import() */ 157).then(__webpack_require__.bind(__webpack_require__, 157));
        const place = deploymentPlace(github.context);
        if ('skip' in place)
            throw new lifecycle/* RecordSkipped */.CU(`deployment-environment is set, but ${place.skip}. No deployment was created. The step's result does not depend on it.`, 'deployment.skipped');
        return { github, place };
    };
    return {
        api: 'GitHub API',
        record: 'deployment',
        async open(signals, at) {
            const { github, place } = await placeOf();
            const octokit = clientFor(github, deployment.githubToken, signals, clean);
            const description = (0,report_deployment/* fitDescription */.Am)(clean((0,report_deployment/* waitingDescription */.sM)(run.targets)));
            const id = await (0,lifecycle/* withinBudget */.xV)(createDeployment(octokit, place, { environment: deployment.environment, transient: run.transient, description, marker }), signals.write).catch((error) => {
                const pause = (0,comment_api/* retryAfterMs */.Vs)(error);
                if (pause !== undefined)
                    story = { ...story, creation: { at: 'limited', until: Date.now() + pause } };
                else if ((0,failure/* failureOf */.g5)(error, false) === 'never-sent')
                    story = { ...story, creation: { at: 'unsent' } };
                throw error;
            });
            at(id);
            run.created(id);
            core/* info */.pq(clean(`Created deployment ${id} in environment ${environment}${run.transient ? ' (a preview: transient)' : ''} for commit ${place.ref.slice(0, 7)}.`));
            story = { ...story, creation: { at: 'opened' } };
            await (0,lifecycle/* withinBudget */.xV)(createDeploymentStatus(octokit, place, id, { state: 'in_progress', description }), signals.write);
            return id;
        },
        async close(outcome, where, opened, signals, found) {
            if (opened === 'never')
                throw new lifecycle/* RecordSkipped */.CU('No deployment was created: the run ended before waiting began.', 'deployment.skipped', 'info');
            const { github, place } = await placeOf();
            const octokit = clientFor(github, deployment.githubToken, signals, clean);
            if (where === undefined && (story.creation.at === 'limited' || story.creation.at === 'unsent'))
                return createWithOutcome(outcome, octokit, place, signals, found);
            const id = where ??
                (opened === 'lost' || opened === 'unanswered'
                    ? await (0,lifecycle/* withinBudget */.xV)(findDeployment(octokit, place, { environment: deployment.environment, marker }), signals.lookup)
                    : undefined);
            if (id === undefined)
                throw new NotCreated();
            if (where === undefined) {
                run.created(id);
                found?.(id);
            }
            await writeOutcome(outcome, octokit, place, id, signals);
            return { where: id, done: where === undefined ? 'created' : 'updated' };
        },
        async readBack(id, signals, lost) {
            const { github, place } = await placeOf();
            const states = await (0,lifecycle/* withinBudget */.xV)(deploymentStates(clientFor(github, deployment.githubToken, signals, clean), place, id), signals.lookup);
            const newest = states[0];
            if (newest === 'in_progress' || newest === 'queued' || newest === 'pending')
                return 'stale';
            return lost === 'close' || story.creation.at !== 'opened' || states.slice(1).includes('in_progress') ? 'outcome' : 'unseen';
        },
        explain: (error) => (error instanceof NotCreated ? error.message : explainDeploymentError(error)),
        refused: comment_api/* refusedByGitHub */.Z2,
        retryAfterMs: (error) => (0,comment_api/* retryAfterMs */.Vs)(error),
        words: {
            opened: (id) => `Deployment ${id}: in progress.`,
            closed: (id) => `Deployment ${id}: ${story.last?.state}${story.last?.url ? ` at ${(0,log/* inert */.tJ)(story.last.url, 300)}` : ''}.`,
            openFailed: (why, id) => id === undefined
                ? `The deployment could not be created in environment ${environment} yet (${(0,log/* inert */.tJ)(why, 400)}); its last status will still be written if GitHub created it.`
                : `Deployment ${id} could not be marked in progress (${(0,log/* inert */.tJ)(why, 400)}); its last status will still be written.`,
            mayNotHold: (why, id) => `Deployment ${id} holds its last status (${story.last?.state ?? 'of the outcome'}), but ${(0,log/* inert */.tJ)(why, 400)}. The step's result does not depend on it.`,
            notOpened: (why) => `The deployment could not be created in environment ${environment}: ${(0,log/* inert */.tJ)(why, 400)}. The step's result does not depend on it.`,
            closeFailed: (why, id) => id === undefined
                ? `The deployment in environment ${environment} could not be created, or has no status: ${(0,log/* inert */.tJ)(why, 400)}. The step's result does not depend on it.`
                : `The last status (${story.last?.state ?? 'of the outcome'}) of deployment ${id} could not be written: ${(0,log/* inert */.tJ)(why, 400)}. The step's result does not depend on it.`
        }
    };
}
class NotCreated extends Error {
    constructor() {
        super('GitHub did not answer the request that creates it, and has no deployment of this run');
    }
}
function recordDeployment(options) {
    const { clean } = options;
    let createdId;
    const created = (id) => {
        const known = String(id);
        if (createdId === known)
            return;
        createdId = known;
        options.setOutputNow('deployment-id', known);
    };
    const record = (0,run_record/* keptRecord */.u)(({ settings, targets }) => {
        if (settings?.deployment)
            return {
                port: deploymentPort(settings.deployment, clean, { targets, transient: settings.trigger?.kind === 'preview', created }),
                requestTimeoutMs: settings.deployment.requestTimeoutMs
            };
        if ((0,parse/* deploymentWithoutToken */.zK)(options.raw))
            return {
                say: "deployment-environment is set, but github-token is empty (a secret that is not set?). No deployment was recorded; the step's result does not depend on it.",
                level: 'warning',
                code: 'deployment.no-token'
            };
        return undefined;
    }, options);
    return { ...record, id: () => createdId };
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
