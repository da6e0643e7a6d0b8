export const id = 691;
export const ids = [691,886];
export const modules = {

/***/ 1691:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fu: () => (/* binding */ explainCommentError),
/* harmony export */   HF: () => (/* binding */ writeComment),
/* harmony export */   I2: () => (/* binding */ commentBody),
/* harmony export */   Ju: () => (/* binding */ pullRequestHead),
/* harmony export */   MX: () => (/* binding */ ListingNotRead),
/* harmony export */   Qm: () => (/* binding */ runUrlOf),
/* harmony export */   S2: () => (/* binding */ guardedClient),
/* harmony export */   Tu: () => (/* binding */ deleteComment),
/* harmony export */   VS: () => (/* binding */ NotAnswered),
/* harmony export */   Vs: () => (/* binding */ retryAfterMs),
/* harmony export */   Z2: () => (/* binding */ refusedByGitHub),
/* harmony export */   hZ: () => (/* binding */ findCommentAndTwins),
/* harmony export */   hr: () => (/* binding */ workflowFileOf),
/* harmony export */   hx: () => (/* binding */ commentCommit),
/* harmony export */   lt: () => (/* binding */ commentTarget),
/* harmony export */   nP: () => (/* binding */ stepComments),
/* harmony export */   nu: () => (/* binding */ tokenLogin),
/* harmony export */   r_: () => (/* binding */ COMMENTS),
/* harmony export */   sn: () => (/* binding */ unreachableSaid),
/* harmony export */   xd: () => (/* binding */ rateLimited)
/* harmony export */ });
/* unused harmony exports ACTIONS_BOT, findComment, MAX_COMMENT_PAGES */
/* harmony import */ var _fork_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(356);
/* harmony import */ var _run_commit_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5886);
/* harmony import */ var _api_retry_after_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2465);
/* harmony import */ var _records_failure_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2516);
/* harmony import */ var _records_listing_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5474);
/* harmony import */ var _report_comment_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4231);
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4285);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8992);








const ROUTING = new Set([
    'method',
    'url',
    'baseUrl',
    'headers',
    'request',
    'mediaType',
    'owner',
    'repo',
    'ref',
    'sha',
    'issue_number',
    'comment_id',
    'deployment_id'
]);
function guardedClient(octokit, token, clean) {
    const mask = (0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .createRedactor */ .lY)((0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .secretForms */ .eo)(token ? [token] : []));
    octokit.hook.before('request', (options) => {
        if (options.method === 'GET')
            return;
        const params = options;
        for (const [name, value] of Object.entries(params))
            if (!ROUTING.has(name) && typeof value === 'string')
                params[name] = mask(clean(value));
    });
    octokit.hook.error('request', (error) => {
        if (error instanceof Error)
            error.message = mask(error.message);
        if (unreachable(error))
            throw (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .noAnswer */ .qE)(error, error.message, { proxyStatus: (0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .proxyRefusalStatus */ .n8)(error), url: requestUrl(error) });
        throw error;
    });
    return octokit;
}
function runUrlOf(context, owner, repo) {
    return context.runId ? `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}` : undefined;
}
function commentCommit(context) {
    const commit = (0,_run_commit_js__WEBPACK_IMPORTED_MODULE_6__.runCommit)(context);
    return 'sha' in commit ? commit.sha : undefined;
}
function commentTarget(context, prNumberTarget) {
    if (!context.repo.owner || !context.repo.repo)
        return { skip: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' };
    const where = { owner: context.repo.owner, repo: context.repo.repo };
    if (prNumberTarget !== undefined)
        return { ...where, number: prNumberTarget };
    const number = context.payload.pull_request?.number;
    if (number !== undefined)
        return { ...where, number };
    if (context.payload.merge_group) {
        const queued = (0,_run_commit_js__WEBPACK_IMPORTED_MODULE_6__.queuedPullRequest)(context);
        if (queued)
            return { ...where, number: queued.number, mergeQueue: { base: queued.base } };
        return {
            skip: "the merge queue's branch (merge_group.head_ref) does not name a pull request (gh-readonly-queue/<base>/pr-<number>-<sha>); pass the number in pr-number-target"
        };
    }
    return {
        skip: `this run (event ${context.eventName || 'unknown'}) is not for a pull request; on workflow_run or push, pass the number in pr-number-target`
    };
}
const LOGIN = /^[A-Za-z0-9-]{1,100}(?:\[bot\])?$/;
const ACTIONS_BOT = 'github-actions[bot]';
async function tokenLogin(octokit) {
    try {
        const { data } = await octokit.rest.users.getAuthenticated();
        const login = typeof data === 'object' && data !== null ? data.login : undefined;
        if (typeof login !== 'string' || !LOGIN.test(login))
            throw new NotAnswered('GET /user', 'did not name a user (cut short, or not from the GitHub API)');
        return login;
    }
    catch (error) {
        if ((0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error) !== 403)
            throw error;
    }
    let viewer;
    try {
        viewer = (await octokit.graphql('query { viewer { login } }')).viewer?.login;
    }
    catch (error) {
        if (error instanceof Error && error.name === 'AbortError')
            throw error;
    }
    if (typeof viewer !== 'string' || !LOGIN.test(viewer))
        return ACTIONS_BOT;
    return viewer.endsWith('[bot]') ? viewer : `${viewer}[bot]`;
}
async function findComment(octokit, target, owner) {
    return (await findCommentAndTwins(octokit, target, owner)).id;
}
async function findCommentAndTwins(octokit, target, owner, tally = new _records_listing_js__WEBPACK_IMPORTED_MODULE_2__/* .PageTally */ .S(COMMENTS)) {
    const markers = [owner.marker, ...owner.legacyMarker];
    let legacy;
    let current;
    const twins = [];
    for await (const comment of commentsOf(octokit, target, tally)) {
        if (comment.user?.login !== owner.login || typeof comment.id !== 'number')
            continue;
        const body = comment.body ?? '';
        const rank = (0,_report_comment_js__WEBPACK_IMPORTED_MODULE_3__/* .markerRank */ .bn)(body, markers);
        if (rank === 0) {
            if (current === undefined)
                current = { id: comment.id, body };
            else if (comment.id !== current.id && !twins.includes(comment.id))
                twins.push(comment.id);
        }
        else if (rank !== undefined && (legacy === undefined || rank < legacy.rank))
            legacy = { id: comment.id, body, rank };
    }
    const found = current ?? legacy;
    return found !== undefined ? { id: found.id, body: found.body, twins: current !== undefined ? twins : [] } : { id: undefined, twins: [] };
}
const COMMENTS = 'the comments of the pull request';
async function* commentsOf(octokit, target, tally) {
    for (let page = 1; page <= MAX_COMMENT_PAGES; page++) {
        const response = await tally.page(() => octokit.rest.issues.listComments({ owner: target.owner, repo: target.repo, issue_number: target.number, per_page: 100, page }));
        const listed = (0,_records_listing_js__WEBPACK_IMPORTED_MODULE_2__/* .listedRecords */ .k_)(response.data);
        if ('problem' in listed)
            throw new ListingNotRead('the comments of the pull request', `${listed.problem} (cut short, or not from the GitHub API)`);
        yield* response.data;
        if (!/rel="next"/.test(response.headers.link ?? ''))
            return;
    }
    throw new ListingNotRead('the comments of the pull request', `did not end within ${MAX_COMMENT_PAGES} pages of 100`);
}
async function stepComments(octokit, target, owner, tally = new _records_listing_js__WEBPACK_IMPORTED_MODULE_2__/* .PageTally */ .S(COMMENTS)) {
    const found = new Map();
    for await (const comment of commentsOf(octokit, target, tally)) {
        if (comment.user?.login !== owner.login || typeof comment.id !== 'number')
            continue;
        const body = comment.body ?? '';
        if ((0,_report_comment_js__WEBPACK_IMPORTED_MODULE_3__/* .markerRank */ .bn)(body, [owner.marker]) === 0)
            found.set(comment.id, body);
    }
    return [...found].map(([id, body]) => ({ id, body })).sort((a, b) => a.id - b.id);
}
async function commentBody(octokit, target, id) {
    const { data } = await octokit.rest.issues.getComment({ owner: target.owner, repo: target.repo, comment_id: id });
    return typeof data?.body === 'string' ? data.body : undefined;
}
async function pullRequestHead(octokit, target) {
    const { data } = await octokit.rest.pulls.get({ owner: target.owner, repo: target.repo, pull_number: target.number });
    const sha = data?.head?.sha;
    return typeof sha === 'string' && /^[0-9a-f]{7,64}$/i.test(sha) ? sha : undefined;
}
async function deleteComment(octokit, target, id) {
    try {
        await octokit.rest.issues.deleteComment({ owner: target.owner, repo: target.repo, comment_id: id });
    }
    catch (error) {
        if ((0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error) !== 404)
            throw error;
    }
}
function workflowFileOf(ref) {
    return ref ? /^[^/@]+\/[^/@]+\/(.+?\.ya?ml)(?:@|$)/.exec(ref.trim())?.[1] : undefined;
}
const MAX_COMMENT_PAGES = 100;
function rateLimited(error) {
    const status = (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error);
    const message = error instanceof Error ? error.message : String(error);
    return status === 429 || (status === 403 && /rate limit/i.test(message));
}
function refusedByGitHub(error) {
    return (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .refusedForGood */ .FD)(error) && !rateLimited(error);
}
function retryAfterMs(error, now = Date.now()) {
    if (!rateLimited(error))
        return undefined;
    const headers = error.response?.headers ?? {};
    return (0,_api_retry_after_js__WEBPACK_IMPORTED_MODULE_7__/* .rateLimitPauseMs */ .sX)({ retryAfter: headerText(headers['retry-after']), reset: headerText(headers['x-ratelimit-reset']) }, now) ?? 1000;
}
const headerText = (value) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
class ListingNotRead extends Error {
    constructor(what, why = 'was not a list (cut short, or not from the GitHub API)') {
        super(`GitHub's answer listing ${what} ${why}`);
        this.name = 'ListingNotRead';
    }
}
class NotAnswered extends Error {
    status;
    constructor(request, why, status) {
        super(`GitHub's answer to ${request} ${why}`);
        this.name = 'NotAnswered';
        this.status = status;
    }
}
async function writeComment(octokit, target, id, body) {
    const where = { owner: target.owner, repo: target.repo };
    if (id !== undefined) {
        await octokit.rest.issues.updateComment({ ...where, comment_id: id, body });
        return { id, done: 'updated' };
    }
    const { data } = await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body });
    const created = typeof data === 'object' && data !== null ? data.id : undefined;
    if (typeof created !== 'number')
        throw new NotAnswered('the POST that creates the comment', 'did not name the comment (cut short, or not from the GitHub API)', 201);
    return { id: created, done: 'created' };
}
function unreachable(error) {
    if ((0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error) !== 500 || !(error instanceof Error) || error.name === 'AbortError')
        return false;
    return !('response' in error && error.response);
}
function requestUrl(error) {
    const url = typeof error === 'object' && error !== null && 'request' in error ? error.request.url : undefined;
    return typeof url === 'string' ? url : undefined;
}
function unreachableSaid(error, env = process.env) {
    if (!(error instanceof _records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .NoAnswer */ .W_))
        return undefined;
    const refused = error.proxyStatus;
    if (refused !== undefined) {
        const variable = env.HTTPS_PROXY ? 'HTTPS_PROXY' : env.https_proxy ? 'https_proxy' : 'HTTPS_PROXY';
        return refused === 407
            ? `the proxy named by ${variable} asked for credentials on the way to the GitHub API (HTTP 407 Proxy Authentication Required); put the proxy's user and password in ${variable} (http://user:password@host:port), or ask the runner's administrator which proxy to use`
            : `the proxy named by ${variable} refused the tunnel to the GitHub API (HTTP ${refused} to CONNECT). Check ${variable} and NO_PROXY`;
    }
    const message = error.message
        .split('\n')[0]
        ?.slice(0, 300)
        .replace(/[\s.]+$/, '');
    const origin = error.url && URL.canParse(error.url) ? ` at ${new URL(error.url).origin}` : '';
    return `the GitHub API${origin} could not be reached (${message}). Check GITHUB_API_URL, and on a self-hosted runner the proxy settings HTTPS_PROXY and NO_PROXY`;
}
function explainCommentError(error, fork = (0,_fork_js__WEBPACK_IMPORTED_MODULE_0__/* .runFork */ .MY)()) {
    const status = (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error);
    const message = (error instanceof Error ? error.message : String(error))
        .split('\n')[0]
        ?.replace(/ - https:\/\/docs\.github\.com\S*$/, '')
        .slice(0, 300)
        .replace(/[\s.]+$/, '');
    const unreached = unreachableSaid(error);
    if (unreached)
        return unreached;
    if (rateLimited(error))
        return `GitHub asked to slow down (HTTP ${status}: ${message}); the next run writes the comment again`;
    if ((status === 403 || status === 401) && fork)
        return (0,_fork_js__WEBPACK_IMPORTED_MODULE_0__/* .forkRefusal */ .bm)(fork, 'pull request comments', 'pull-requests', status);
    if (status === 403 || status === 401)
        return `the token may not comment on pull requests (HTTP ${status}). Add \`permissions: pull-requests: write\` to the job (or pass a github-token that has it)`;
    if (status === 404)
        return 'the pull request was not found (HTTP 404); check pr-number-target and that the token can see the repository';
    return `${status ? `HTTP ${status}: ` : ''}${message}`;
}


/***/ }),

/***/ 356:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MY: () => (/* binding */ runFork),
/* harmony export */   bm: () => (/* binding */ forkRefusal)
/* harmony export */ });
/* unused harmony export forkPullRequest */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);

const READ_ONLY_FOR_FORKS = new Set(['pull_request', 'pull_request_review', 'pull_request_review_comment']);
const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;
const field = (value, key) => typeof value === 'object' && value !== null && key in value ? value[key] : undefined;
function forkPullRequest(event) {
    if (!READ_ONLY_FOR_FORKS.has(event.eventName))
        return undefined;
    const pullRequest = field(event.payload, 'pull_request');
    const head = field(pullRequest, 'head');
    const headRepo = field(head, 'repo');
    const baseRepo = field(field(pullRequest, 'base'), 'repo');
    const name = (repo) => {
        const value = field(repo, 'full_name');
        return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const [headName, baseName] = [name(headRepo), name(baseRepo)];
    const fork = typeof head === 'object' && head !== null && headRepo === null
        ? true
        : headName !== undefined && baseName !== undefined
            ? headName.toLowerCase() !== baseName.toLowerCase()
            : field(headRepo, 'fork') === true;
    if (!fork)
        return undefined;
    return { head: headName !== undefined && REPOSITORY.test(headName) ? headName : undefined };
}
function runFork(env = process.env) {
    try {
        const path = env.GITHUB_EVENT_PATH;
        return path ? forkPullRequest({ eventName: env.GITHUB_EVENT_NAME ?? '', payload: JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8')) }) : undefined;
    }
    catch {
        return undefined;
    }
}
function forkRefusal(fork, what, permission, status) {
    const from = fork.head && fork.head.length <= 40 ? `a fork (${fork.head})` : 'a fork';
    return (`the token may not write ${what}${status ? ` (HTTP ${status})` : ''}: this pull request comes from ${from}, and GitHub gives a fork's pull request ` +
        `a read-only token whatever \`permissions:\` says, so \`${permission}: write\` cannot help. Run the step on \`pull_request_target\`, ` +
        `without running the pull request's code (see "Pull requests from forks" in the README)`);
}


/***/ }),

/***/ 5886:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   expectedCommitAdvice: () => (/* binding */ expectedCommitAdvice),
/* harmony export */   queuedPullRequest: () => (/* binding */ queuedPullRequest),
/* harmony export */   runCommit: () => (/* binding */ runCommit)
/* harmony export */ });
const COMMIT_ID = /^[0-9a-f]{7,64}$/i;
const shown = (text) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}\u2026` : text).replace(/[^\x20-\x7e]/g, '?');
function runCommit(event) {
    const fromPullRequest = event.payload.pull_request?.head?.sha;
    const fromQueue = event.payload.merge_group?.head_sha;
    const [value, where] = fromPullRequest !== undefined
        ? [fromPullRequest, "the pull request's head.sha in the event"]
        : fromQueue !== undefined
            ? [fromQueue, "the merge group's head_sha in the event"]
            : [event.sha, 'GITHUB_SHA'];
    const sha = (value ?? '').trim();
    if (sha === '')
        return { problem: `the commit of the run is unknown (${where} is not set)` };
    if (!COMMIT_ID.test(sha))
        return { problem: `the commit of the run is unknown (${where} is ${shown(sha)}, which is not a commit id)` };
    return { sha: sha.toLowerCase() };
}
function expectedCommitAdvice(expectSha, event) {
    const head = event.payload.pull_request?.head?.sha?.trim().toLowerCase() ?? '';
    const sha = event.sha?.trim().toLowerCase() ?? '';
    const expected = expectSha?.trim().toLowerCase() ?? '';
    if (!COMMIT_ID.test(head) || !COMMIT_ID.test(sha) || !COMMIT_ID.test(expected) || head === sha || !sha.startsWith(expected))
        return undefined;
    const what = event.eventName === 'pull_request'
        ? 'the merge commit GitHub makes to test the pull request (`github.sha` on `pull_request`), which the platform never deploys'
        : event.eventName === 'pull_request_target'
            ? "the base branch's last commit (`github.sha` on `pull_request_target`), not the pull request's"
            : undefined;
    if (!what)
        return undefined;
    return `\`expect-sha\` is ${sha.slice(0, 7)}, ${what}: give it \`\${{ github.event.pull_request.head.sha }}\`, the pull request's head (${head.slice(0, 7)}), instead`;
}
function queuedPullRequest(event) {
    const ref = event.payload.merge_group?.head_ref;
    if (typeof ref !== 'string')
        return undefined;
    const match = /^(?:refs\/heads\/)?gh-readonly-queue\/(.+)\/pr-(\d{1,12})-[0-9a-f]{7,64}$/i.exec(ref);
    if (!match)
        return undefined;
    const number = Number(match[2]);
    return number > 0 ? { number, base: match[1] } : undefined;
}


/***/ }),

/***/ 2516:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FD: () => (/* binding */ refusedForGood),
/* harmony export */   W_: () => (/* binding */ NoAnswer),
/* harmony export */   c2: () => (/* binding */ statusOf),
/* harmony export */   g5: () => (/* binding */ failureOf),
/* harmony export */   qE: () => (/* binding */ noAnswer)
/* harmony export */ });
/* unused harmony export errorCodes */
/* harmony import */ var _listing_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5474);

class NoAnswer extends Error {
    reached;
    proxyStatus;
    url;
    constructor(message, reached, options = {}) {
        super(message, { cause: options.cause });
        this.reached = reached;
        this.name = 'NoAnswer';
        this.proxyStatus = options.proxyStatus;
        this.url = options.url;
    }
}
const NEVER_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
function errorCodes(error) {
    const codes = [];
    for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; at = at.cause, depth++) {
        const code = at.code;
        if (typeof code === 'string')
            codes.push(code);
    }
    return codes;
}
function noAnswer(error, message, options = {}) {
    const never = options.proxyStatus !== undefined || errorCodes(error).some((code) => NEVER_REACHED.has(code));
    return new NoAnswer(message, never ? 'no' : 'maybe', { cause: error, ...options });
}
function statusOf(error) {
    if (typeof error !== 'object' || error === null || !('status' in error))
        return undefined;
    const status = Number(error.status);
    return Number.isNaN(status) ? undefined : status;
}
function failureOf(error, writeEnded) {
    if ((0,_listing_js__WEBPACK_IMPORTED_MODULE_0__/* .isAbort */ .rV)(error))
        return writeEnded ? 'lost' : 'timed-out';
    if (error instanceof NoAnswer)
        return error.proxyStatus === 407 ? 'refused' : error.reached === 'no' ? 'never-sent' : 'lost';
    const status = statusOf(error);
    if (status !== undefined)
        return status === 429 ? 'rate-limited' : status >= 500 || (status >= 200 && status < 300) ? 'lost' : 'refused';
    const codes = errorCodes(error);
    if (codes.some((code) => NEVER_REACHED.has(code)))
        return 'never-sent';
    return codes.some((code) => /^(?:E[A-Z]+|UND_ERR_\w+)$/.test(code)) ? 'lost' : 'unknown';
}
function refusedForGood(error) {
    return failureOf(error, false) === 'refused';
}


/***/ }),

/***/ 541:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kd: () => (/* binding */ sameCommit),
/* harmony export */   Y9: () => (/* binding */ leftToNewerHead),
/* harmony export */   jW: () => (/* binding */ shownCommit),
/* harmony export */   w_: () => (/* binding */ commitLine),
/* harmony export */   zx: () => (/* binding */ newerHeadSaid)
/* harmony export */ });
function commitLine(sha) {
    return `<!-- wait-for-docs commit ${sha.toLowerCase()} -->`;
}
const COMMIT_LINE = /^<!-- wait-for-docs commit ([0-9a-f]{7,64}) -->$/;
function shownCommit(body) {
    const second = body?.split('\n', 2)[1]?.replace(/\r$/, '');
    return second === undefined ? undefined : COMMIT_LINE.exec(second)?.[1];
}
const sameCommit = (a, b) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x.startsWith(y) || y.startsWith(x);
};
async function leftToNewerHead(own, shown, head) {
    if (!own || !shown || sameCommit(own, shown))
        return undefined;
    const current = await head().catch(() => undefined);
    return current && !sameCommit(current, own) ? current : undefined;
}
function newerHeadSaid(record, shown, own, head, request) {
    const short = (sha) => sha.slice(0, 7);
    return `${record} was left as it is: it shows commit ${short(shown)}, and this run's commit ${short(own)} is no longer the ${request}'s head (${short(head)} is), whose run writes it. This run's outcome is in its own log and reports.`;
}


/***/ }),

/***/ 5474:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ PageTally),
/* harmony export */   k_: () => (/* binding */ listedRecords),
/* harmony export */   rV: () => (/* binding */ isAbort),
/* harmony export */   x0: () => (/* binding */ ListingCut)
/* harmony export */ });
function listedRecords(json) {
    if (!Array.isArray(json))
        return { problem: 'was not a list' };
    for (const entry of json)
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || typeof entry.id !== 'number')
            return { problem: 'held an entry that is not a record with an id' };
    return { entries: json };
}
class ListingCut extends Error {
    what;
    pages;
    slowestMs;
    constructor(what, pages, slowestMs, cause) {
        super(`${what}: ${pages} pages read when the lookup's time ran out`, { cause });
        this.what = what;
        this.pages = pages;
        this.slowestMs = slowestMs;
        this.name = 'AbortError';
    }
}
const isAbort = (error) => error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
class PageTally {
    what;
    pages = 0;
    slowestMs = 0;
    constructor(what) {
        this.what = what;
    }
    async page(read) {
        const sentAt = Date.now();
        try {
            const answer = await read();
            this.pages++;
            this.slowestMs = Math.max(this.slowestMs, Date.now() - sentAt);
            return answer;
        }
        catch (error) {
            throw this.cut(error);
        }
    }
    cut(error) {
        return this.pages > 0 && isAbort(error) && !(error instanceof ListingCut) ? new ListingCut(this.what, this.pages, this.slowestMs, error) : error;
    }
}


/***/ }),

/***/ 4231:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ql: () => (/* binding */ commentMarker),
/* harmony export */   SB: () => (/* binding */ renderInProgressComment),
/* harmony export */   Y5: () => (/* binding */ renderLeftToNewerHead),
/* harmony export */   bn: () => (/* binding */ markerRank),
/* harmony export */   iZ: () => (/* binding */ earlierMarkers),
/* harmony export */   wQ: () => (/* binding */ renderComment)
/* harmony export */ });
/* unused harmony exports MAX_COMMENT_TARGETS, MAX_COMMENT_FILES, MAX_COMMENT_PAGES, commentIdentity, MAX_MARKER_IDENTITY, deployedLine */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8992);
/* harmony import */ var _durations_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5534);
/* harmony import */ var _engine_wait_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5101);
/* harmony import */ var _advice_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2296);
/* harmony import */ var _evidence_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3877);
/* harmony import */ var _explain_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7389);
/* harmony import */ var _place_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8141);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(4285);
/* harmony import */ var _facts_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(1349);
/* harmony import */ var _started_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(4439);
/* harmony import */ var _titles_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(6023);
/* harmony import */ var _outputs_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(5468);
/* harmony import */ var _records_heads_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(541);














const WORKFLOW_RUN = { label: 'workflow run', annotates: true };
function footer(source, extra) {
    const parts = [
        ...(source.sha ? [`commit ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(source.sha.slice(0, 7))}`] : []),
        ...(source.runUrl ? [`[${(source.run ?? WORKFLOW_RUN).label}](${source.runUrl})`] : []),
        ...(source.mergeQueue ? [`ran in the merge queue (into ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(source.mergeQueue.base, 100)})`] : []),
        ...(extra ? [extra] : [])
    ];
    return `<sub>${parts.join(' \u00b7 ')}</sub>`;
}
const MAX_COMMENT_TARGETS = 50;
function renderInProgressComment(marker, targets, source, work) {
    const listed = targets.slice(0, MAX_COMMENT_TARGETS).map((ref) => `- ${(0,_engine_wait_js__WEBPACK_IMPORTED_MODULE_3__/* .describeRef */ .Ro)(ref).replace(/ \S+$/, '')} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(ref.id, 80)}`);
    if (targets.length > MAX_COMMENT_TARGETS)
        listed.push(`- \u2026 and ${targets.length - MAX_COMMENT_TARGETS} more`);
    const lines = [`### \u23f3 Waiting for the ${work}`, '', 'The outcome will replace this comment when the wait ends.', ''];
    if (listed.length > 0)
        lines.push(...listed, '');
    lines.push(footer(source, 'in progress'));
    return withMarker(marker, lines, source.sha);
}
function renderLeftToNewerHead(marker, source, head, result, where) {
    const own = `${source.sha ? ` for commit ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(source.sha.slice(0, 7))}` : ''} (${(0,_titles_js__WEBPACK_IMPORTED_MODULE_11__/* .resultMark */ .nV)(result)} ${result})`;
    const newer = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(head.slice(0, 7));
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
const encoded = (text) => [...new TextEncoder().encode(text)]
    .map((byte) => (/[A-Za-z0-9_.-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
const kindsPart = (kinds) => kinds.join('+') || 'none';
function commentIdentity(kinds, place) {
    const parts = place.ci === 'gitlab'
        ? ['gitlab', place.job, place.key]
        : ['github', place.workflowFile !== undefined ? 'file' : 'name', place.workflowFile ?? place.workflow, place.job, place.step, place.key];
    return [...parts.map((part) => encoded(part ?? '')), kindsPart(kinds)].join('/');
}
const MAX_MARKER_IDENTITY = 200;
const MARKER_OPENING = '<!-- wait-for-docs/3 ';
function commentMarker(kinds, place) {
    const identity = commentIdentity(kinds, place);
    const named = identity.length <= MAX_MARKER_IDENTITY ? identity : `sha256-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(identity).digest('hex')}`;
    return `${MARKER_OPENING}${named} -->`;
}
const FOLDED_MAX = 80;
const folded = (text) => (text ?? '').replace(/[^A-Za-z0-9_.-]+/g, '_');
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
function markerRank(body, markers) {
    const first = body.split('\n', 1)[0]?.replace(/\r$/, '') ?? '';
    const index = markers.indexOf(first);
    return index === -1 ? undefined : index;
}
const ZWSP = '\u200b';
function withMarker(marker, lines, sha) {
    const commit = sha && /^[0-9a-f]{7,64}$/i.test(sha) ? `${(0,_records_heads_js__WEBPACK_IMPORTED_MODULE_13__/* .commitLine */ .w_)(sha)}\n` : '';
    return `${marker}\n${commit}${lines.join('\n').replace(/<!--/g, `<${ZWSP}!--`)}\n`;
}
function renderComment(outcome, marker, source) {
    const from = typeof source === 'string' ? { runUrl: source } : (source ?? {});
    const explain = { place: from.run && !from.run.annotates ? (0,_place_js__WEBPACK_IMPORTED_MODULE_7__/* .commandPlace */ .N4)('gitlab') : _place_js__WEBPACK_IMPORTED_MODULE_7__/* .GITHUB_ACTIONS_PLACE */ .ME, expectedCommit: from.expectedCommit };
    const { lead, next } = (0,_explain_js__WEBPACK_IMPORTED_MODULE_6__.explainRun)(outcome, explain);
    const lines = [`### ${(0,_titles_js__WEBPACK_IMPORTED_MODULE_11__/* .titleFor */ .Q$)(outcome)}`, '', `**${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .escapeText */ .X1)(lead[0] ?? '', 600)}**`, ''];
    const deployed = deployedLine(outcome, from.sha);
    if (deployed)
        lines.push(deployed, '');
    const started = (0,_started_js__WEBPACK_IMPORTED_MODULE_10__/* .startedMarkdown */ .f)(outcome);
    if (started)
        lines.push(started, '');
    if (outcome.problems.length > 0)
        lines.push(...outcome.problems.slice(0, 20).map((problem) => `- ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .escapeText */ .X1)(problem, 300)}`), '');
    if (next)
        lines.push(`**Next:** ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .escapeWithCode */ .HY)((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sentence */ .em)(next).slice(0, -1), 400)}.`, '');
    const named = (0,_evidence_js__WEBPACK_IMPORTED_MODULE_5__/* .fileAnnotations */ .fM)(outcome);
    if (named.length > 0) {
        const run = from.run ?? WORKFLOW_RUN;
        const where = !from.runUrl ? '' : run.annotates ? ` (annotated in the ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .link */ .nf)(run.label, from.runUrl)})` : ` (see the ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .link */ .nf)(run.label, from.runUrl)})`;
        lines.push(`**Files named in the update log:** ${named.map((note) => (0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)((0,_evidence_js__WEBPACK_IMPORTED_MODULE_5__/* .fileRefText */ .X)(note), 150)).join(', ')}${where}`, '');
    }
    if (outcome.targets.length > 0) {
        const withPr = outcome.targets.some((t) => t.ref.kind === 'job');
        const withReason = outcome.targets.length > 1;
        const rows = outcome.targets.slice(0, MAX_COMMENT_TARGETS).map((t) => {
            const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined;
            const row = [`${_titles_js__WEBPACK_IMPORTED_MODULE_11__/* .TARGET_NOUNS */ .gg[t.ref.kind]} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(t.ref.id, 80)}`, `${(0,_titles_js__WEBPACK_IMPORTED_MODULE_11__/* .resultMark */ .nV)(t.result)} ${t.result}`];
            if (withReason)
                row.push((0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .escapeText */ .X1)((0,_advice_js__WEBPACK_IMPORTED_MODULE_4__/* .explainTarget */ .PP)(t, explain).reason, 300));
            return withPr ? [...row, prLink ? (0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .link */ .nf)('pull request', prLink) : ''] : row;
        });
        lines.push((0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .table */ .tp)(['Target', 'Result', ...(withReason ? ['Reason'] : []), ...(withPr ? ['Pull request'] : [])], rows));
        if (outcome.targets.length > MAX_COMMENT_TARGETS)
            lines.push('', `\u2026 and ${outcome.targets.length - MAX_COMMENT_TARGETS} more targets.`);
        lines.push('');
        const checkUrl = (0,_outputs_js__WEBPACK_IMPORTED_MODULE_12__/* .platformCheckUrl */ .hV)(outcome);
        if (checkUrl)
            lines.push(`**Platform deploy:** ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .link */ .nf)('open what the platform reported', checkUrl)}`, '');
    }
    const facts = (0,_facts_js__WEBPACK_IMPORTED_MODULE_9__/* .runFacts */ .p)(outcome);
    const files = facts.files.changed;
    if (files.length > 0) {
        const shown = files
            .slice(0, MAX_COMMENT_FILES)
            .map((f) => (0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(f, 150))
            .join(', ');
        lines.push(`**Files changed (${files.length}):** ${shown}${files.length > MAX_COMMENT_FILES ? `, \u2026 and ${files.length - MAX_COMMENT_FILES} more` : ''}`, '');
    }
    if (outcome.pages && !outcome.pages.skipped) {
        lines.push('**Pages:**', '');
        for (const page of outcome.pages.pages.slice(0, MAX_COMMENT_PAGES)) {
            const [found, holds, when] = (0,_facts_js__WEBPACK_IMPORTED_MODULE_9__/* .pageFacts */ .P)(page);
            lines.push(`- ${(0,_titles_js__WEBPACK_IMPORTED_MODULE_11__/* .resultMark */ .nV)(page.result)} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(page.path, 150)}: found ${found}, holds the text ${holds}, ${when}`);
        }
        if (outcome.pages.pages.length > MAX_COMMENT_PAGES)
            lines.push(`- \u2026 and ${outcome.pages.pages.length - MAX_COMMENT_PAGES} more (see the job summary)`);
        lines.push('');
    }
    if (outcome.search && !outcome.search.skipped) {
        const count = facts.searchResults;
        lines.push(`**Search check:** ${outcome.search.result}, ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .counted */ .hS)(outcome.search.queries.length, 'query', 'queries')}, ${count} results`, '');
    }
    lines.push(footer(from, `took ${(0,_durations_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(outcome.elapsedMs)}`));
    return withMarker(marker, lines, from.sha);
}
const MAX_DEPLOYED_LISTED = 5;
function deployedLine(outcome, runSha) {
    const deployed = outcome.targets.flatMap((t) => t.parsed?.kind === 'update' && t.parsed.data.status === 'success' && t.parsed.data.commit?.sha?.trim()
        ? [{ id: t.ref.id, sha: t.parsed.data.commit.sha.trim() }]
        : []);
    if (deployed.length === 0)
        return undefined;
    const shas = [...new Set(deployed.map((d) => d.sha))];
    const short = (sha) => (0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(sha.slice(0, 7));
    const listed = shas.length === 1
        ? short(shas[0] ?? '')
        : deployed
            .slice(0, MAX_DEPLOYED_LISTED)
            .map((d) => `${short(d.sha)} (update ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(d.id, 80)})`)
            .join(', ') + (deployed.length > MAX_DEPLOYED_LISTED ? `, \u2026 and ${deployed.length - MAX_DEPLOYED_LISTED} more` : '');
    const run = runSha?.toLowerCase();
    const other = run !== undefined && shas.some((sha) => !(sha.toLowerCase().startsWith(run) || run.startsWith(sha.toLowerCase())));
    return `**Deployed commit${shas.length === 1 ? '' : 's'}:** ${listed}${other ? ` \u2014 not the commit of this run, ${short(runSha ?? '')}` : ''}`;
}


/***/ })

};
