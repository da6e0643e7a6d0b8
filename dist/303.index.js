export const id = 303;
export const ids = [303,886];
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








/** The parameters of a request that say where it goes and how, not what it writes. */
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
/**
 * The client, guarded both ways. What it writes to GitHub passes through `clean`, as the log
 * does: every text of a write (a body, a description, a `target_url`, an `environment_url`), so
 * a key the platform put into an address, in any spelling, is never sent. Its errors' words have
 * the token masked in every spelling (hex, percent-encoded, base64) as they come: the words are
 * cut to length further on, and a cut spelling of the token would not be found after.
 */
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
        // No answer at all, which octokit makes an HTTP 500 without a response: typed as what it is
        // (records/failure.ts), with whether it may have reached GitHub, for the lifecycle and the words.
        if (unreachable(error))
            throw (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .noAnswer */ .qE)(error, error.message, { proxyStatus: (0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .proxyRefusalStatus */ .n8)(error), url: requestUrl(error) });
        throw error;
    });
    return octokit;
}
/** The address of the workflow run, for the comment's and the deployment's links; undefined outside a run. */
function runUrlOf(context, owner, repo) {
    return context.runId ? `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}` : undefined;
}
/** The commit the run reflects (runCommit of run-commit.ts), when it is known. */
function commentCommit(context) {
    const commit = (0,_run_commit_js__WEBPACK_IMPORTED_MODULE_6__.runCommit)(context);
    return 'sha' in commit ? commit.sha : undefined;
}
/**
 * The pull request of the run, or the one named by pr-number-target; in the merge queue, the
 * pull request the queue's branch names.
 */
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
/** A GitHub login, a bot's with its [bot] suffix. */
const LOGIN = /^[A-Za-z0-9-]{1,100}(?:\[bot\])?$/;
/** Who the workflow's GITHUB_TOKEN writes as; GitHub refuses it GET /user. */
const ACTIONS_BOT = 'github-actions[bot]';
/**
 * The login the token writes comments as: the user GET /user returns. An installation token
 * (the GITHUB_TOKEN, or a GitHub App's) is refused GET /user (403) and writes as its app's bot,
 * which GraphQL's viewer names; when that cannot be asked, the GitHub Actions bot.
 */
async function tokenLogin(octokit) {
    try {
        const { data } = await octokit.rest.users.getAuthenticated();
        // Octokit gives a body cut short as an empty text: no login is no answer, never someone else's.
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
        // Given up on its time: asked again later, never taken for the bot.
        if (error instanceof Error && error.name === 'AbortError')
            throw error;
    }
    // A bot's login ends in [bot] in the REST API, which lists the comments; GraphQL may leave it off.
    if (typeof viewer !== 'string' || !LOGIN.test(viewer))
        return ACTIONS_BOT;
    return viewer.endsWith('[bot]') ? viewer : `${viewer}[bot]`;
}
/**
 * The step's comment on the pull request: one written by the token's own identity whose first
 * line is the marker, else the first one it wrote with an earlier version's marker it takes over
 * (the newest such marker first); undefined when there is none. A marker anywhere below the first
 * line, where server text is printed, never makes a comment the step's.
 */
async function findComment(octokit, target, owner) {
    return (await findCommentAndTwins(octokit, target, owner)).id;
}
/**
 * The step's comment as `findComment` finds it, with its body, and its twins: the step's other comments with the
 * current marker, newer than it (a creation whose answer was lost and that landed after its run
 * ended), which no run takes for its own. Read to the last page when the step has a comment.
 */
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
/** What the comments' listing is called where its pages are counted (records/listing.ts). */
const COMMENTS = 'the comments of the pull request';
/** Every comment of the pull request, page after page (counted by `tally`); throws when a page is not a list or the pages do not end. */
async function* commentsOf(octokit, target, tally) {
    // Page by page, by hand: octokit's paginator takes a page whose body was cut short for an
    // empty one, and "no comment here" would create a second comment beside the step's own.
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
/**
 * Every comment of the step with the current marker (`owner.marker` on its first line, written
 * by the token's own identity), oldest first, each once, with its body; never one of an earlier
 * version's marker, nor anyone else's. Two of them are twins: a creation whose answer was lost
 * and that landed late, or two runs of the step that each created one.
 */
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
/** The body of comment `id` as it stands now, or undefined when it is gone or is no comment's answer. */
async function commentBody(octokit, target, id) {
    const { data } = await octokit.rest.issues.getComment({ owner: target.owner, repo: target.repo, comment_id: id });
    return typeof data?.body === 'string' ? data.body : undefined;
}
/** The pull request's head commit as it stands now, or undefined when the answer names none. */
async function pullRequestHead(octokit, target) {
    const { data } = await octokit.rest.pulls.get({ owner: target.owner, repo: target.repo, pull_number: target.number });
    const sha = data?.head?.sha;
    return typeof sha === 'string' && /^[0-9a-f]{7,64}$/i.test(sha) ? sha : undefined;
}
/** Deletes the comment `id`; one that is gone already (404) is no failure. */
async function deleteComment(octokit, target, id) {
    try {
        await octokit.rest.issues.deleteComment({ owner: target.owner, repo: target.repo, comment_id: id });
    }
    catch (error) {
        if ((0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error) !== 404)
            throw error;
    }
}
/**
 * The workflow's file in its repository, from GITHUB_WORKFLOW_REF
 * (`owner/repo/.github/workflows/docs.yml@refs/heads/main`): the part that names the workflow
 * whatever its name and whatever ref runs it; undefined when it is not set or not of that form.
 */
function workflowFileOf(ref) {
    return ref ? /^[^/@]+\/[^/@]+\/(.+?\.ya?ml)(?:@|$)/.exec(ref.trim())?.[1] : undefined;
}
/** Pages of 100 comments read at the most: a listing that never ends is a failed lookup. */
const MAX_COMMENT_PAGES = 100;
/** GitHub's secondary rate limit: a 403 (or 429) that is no refusal of the token; the same write may go again. */
function rateLimited(error) {
    const status = (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error);
    const message = error instanceof Error ? error.message : String(error);
    return status === 429 || (status === 403 && /rate limit/i.test(message));
}
/**
 * GitHub answered that it did not apply the write, and would refuse it again: the one rule
 * (records/failure.ts), less GitHub's secondary rate limit, a 403 that says so in its words alone
 * (no type carries it): that one passes after its pause. Every GitHub record's rule.
 */
function refusedByGitHub(error) {
    return (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .refusedForGood */ .FD)(error) && !rateLimited(error);
}
/**
 * How long GitHub asked to wait before the next write, when it limited the rate (429, or a 403
 * secondary rate limit): its `retry-after` (seconds, or an HTTP date), else until
 * `x-ratelimit-reset` (epoch seconds), bounded (rateLimitPauseMs); else a second. Undefined for
 * any other answer.
 */
function retryAfterMs(error, now = Date.now()) {
    if (!rateLimited(error))
        return undefined;
    const headers = error.response?.headers ?? {};
    return (0,_api_retry_after_js__WEBPACK_IMPORTED_MODULE_7__/* .rateLimitPauseMs */ .sX)({ retryAfter: headerText(headers['retry-after']), reset: headerText(headers['x-ratelimit-reset']) }, now) ?? 1000;
}
const headerText = (value) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
/** A listing GitHub answered with something other than a list (a body cut short, a proxy's page). */
class ListingNotRead extends Error {
    constructor(what, why = 'was not a list (cut short, or not from the GitHub API)') {
        super(`GitHub's answer listing ${what} ${why}`);
        this.name = 'ListingNotRead';
    }
}
/** An answer of GitHub that does not hold what was asked (a body cut short, a proxy's page): a lookup that failed. */
class NotAnswered extends Error {
    /** The HTTP status of an answer that could not be used: a creation's 201 is a record made, where unknown. */
    status;
    constructor(request, why, status) {
        super(`GitHub's answer to ${request} ${why}`);
        this.name = 'NotAnswered';
        this.status = status;
    }
}
/** Updates the comment `id`, or creates one when there is none; returns the comment's id. */
async function writeComment(octokit, target, id, body) {
    const where = { owner: target.owner, repo: target.repo };
    if (id !== undefined) {
        await octokit.rest.issues.updateComment({ ...where, comment_id: id, body });
        return { id, done: 'updated' };
    }
    const { data } = await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body });
    const created = typeof data === 'object' && data !== null ? data.id : undefined;
    // Created, but where is unknown: the lifecycle finds it again, never creates a second.
    if (typeof created !== 'number')
        throw new NotAnswered('the POST that creates the comment', 'did not name the comment (cut short, or not from the GitHub API)', 201);
    return { id: created, done: 'created' };
}
/** The GitHub API did not answer at all: octokit reports a connection that failed as HTTP 500 without a response. */
function unreachable(error) {
    if ((0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error) !== 500 || !(error instanceof Error) || error.name === 'AbortError')
        return false;
    return !('response' in error && error.response);
}
/** The address octokit sent a request to. */
function requestUrl(error) {
    const url = typeof error === 'object' && error !== null && 'request' in error ? error.request.url : undefined;
    return typeof url === 'string' ? url : undefined;
}
/**
 * The GitHub API could not be reached (a connection refused, reset, or cut): said as that, with
 * where it was asked and what to check, never as the "HTTP 500" octokit makes of it; undefined
 * for an answer GitHub gave. One sentence for the comment, the deployment and the commit status.
 */
function unreachableSaid(error, env = process.env) {
    if (!(error instanceof _records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .NoAnswer */ .W_))
        return undefined;
    const refused = error.proxyStatus;
    if (refused !== undefined) {
        // Named as the platform's side names it (api/client.ts): the proxy, its variable, what to put there.
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
/**
 * What to tell the user when the comment could not be written; the step does not fail for it.
 * `fork`: the fork the run's pull request comes from (read from the run's event by default).
 */
function explainCommentError(error, fork = (0,_fork_js__WEBPACK_IMPORTED_MODULE_0__/* .runFork */ .MY)()) {
    const status = (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error);
    // GitHub's own words, one line, without the full stop the sentence around them adds.
    const message = (error instanceof Error ? error.message : String(error))
        .split('\n')[0]
        ?.slice(0, 300)
        .replace(/[\s.]+$/, '');
    const unreached = unreachableSaid(error);
    if (unreached)
        return unreached;
    // A rate limit (a 429, a 403 secondary limit) is no refusal of the token: nothing to add to the job.
    if (rateLimited(error))
        return `GitHub asked to slow down (HTTP ${status}: ${message?.replace(/ - https:\/\/docs\.github\.com\S*$/, '').replace(/[\s.]+$/, '')}); the next run writes the comment again`;
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
// A pull request from a fork, read from the run's event. GitHub runs `pull_request` (and its
// review events) for a fork's pull request with a read-only token whatever `permissions:` says,
// and without the repository's secrets: a write it refuses is said as the fork's, with the
// workflow that works, never as a permission to add.

/** The events that run on the pull request's own code, with a read-only token when it comes from a fork. */
const READ_ONLY_FOR_FORKS = new Set(['pull_request', 'pull_request_review', 'pull_request_review_comment']);
/** A repository's name as GitHub spells it; anything else is not shown. */
const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;
const field = (value, key) => typeof value === 'object' && value !== null && key in value ? value[key] : undefined;
/**
 * The fork a read-only run's pull request comes from: `pull_request.head.repo.full_name` is not
 * `base.repo.full_name`; or, when either name is missing, `head.repo.fork`; or `head.repo` is null
 * (the fork was deleted). Undefined on `pull_request_target`, `workflow_run` and every other event,
 * whose token is the base repository's.
 */
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
/** The run's fork, read from GITHUB_EVENT_NAME and the event file (GITHUB_EVENT_PATH); undefined when either cannot be read. */
function runFork(env = process.env) {
    try {
        const path = env.GITHUB_EVENT_PATH;
        return path ? forkPullRequest({ eventName: env.GITHUB_EVENT_NAME ?? '', payload: JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8')) }) : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Why a fork's run may not write `what` (HTTP `status`), and the workflow that works: the base
 * repository's token on `pull_request_target`. At most 400 characters, whatever the fork's name.
 */
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
// The commit a run reflects, in one place for the pull request comment, the deployment and the
// commit status; and the pull request a merge queue run is for.
const COMMIT_ID = /^[0-9a-f]{7,64}$/i;
/** A value read from the event or the environment, shown in a message: one short line, nothing that could be a command. */
const shown = (text) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}\u2026` : text).replace(/[^\x20-\x7e]/g, '?');
/**
 * The commit of the run: the pull request's head on `pull_request` events (what was pushed, not
 * the merge commit GitHub makes for the run), `merge_group.head_sha` in the merge queue (the
 * commit the queue would merge), else GITHUB_SHA. Or why there is none, naming where it was read.
 */
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
/**
 * What to say when `expect-sha` is the run's GITHUB_SHA on a pull request's event, where that is
 * no commit anyone pushed: on `pull_request`, the merge commit GitHub makes to test the pull
 * request; on `pull_request_target`, the base branch's last commit. Undefined otherwise.
 */
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
/**
 * The pull request that a merge queue's branch names: `gh-readonly-queue/<base>/pr-<number>-<sha>`
 * (with or without `refs/heads/`), from `merge_group.head_ref`; undefined outside the merge queue
 * or for a branch of another form.
 */
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
// What became of a record's request that failed, in one taxonomy for every transport: refused for
// good, rate-limited, lost (it may land later), never sent, or a lookup that ran out of its time.
// Each transport says what it knows as types at its boundary (an HTTP status on the error, or
// `NoAnswer` for a request that got none, with whether it may have reached the server), and the
// lifecycle decides from those alone: nothing here reads an error's words.

/**
 * A request that got no answer, as its transport knows it: `reached` is `no` when it certainly
 * never reached the server (a connection refused, a name not found, a proxy that refused the
 * tunnel: `proxyStatus`), `maybe` once it may have (a reset, a socket closed, a phase cut short).
 */
class NoAnswer extends Error {
    reached;
    proxyStatus;
    /** Where it was sent, when the transport says (for the words: "the GitHub API at \u{2026}"). */
    url;
    constructor(message, reached, options = {}) {
        super(message, { cause: options.cause });
        this.reached = reached;
        this.name = 'NoAnswer';
        this.proxyStatus = options.proxyStatus;
        this.url = options.url;
    }
}
/** The system's codes of a connection that was never made: nothing of the request reached the server. */
const NEVER_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
/** The `code`s of an error and of the causes below it (five deep at the most): the system's and the HTTP library's (ECONNRESET, UND_ERR_SOCKET\u{2026}). */
function errorCodes(error) {
    const codes = [];
    for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; at = at.cause, depth++) {
        const code = at.code;
        if (typeof code === 'string')
            codes.push(code);
    }
    return codes;
}
/**
 * A transport's failure without an answer as `NoAnswer`: whether it reached the server, from its
 * codes; `proxyStatus` when a proxy refused the tunnel (nothing went past it).
 */
function noAnswer(error, message, options = {}) {
    const never = options.proxyStatus !== undefined || errorCodes(error).some((code) => NEVER_REACHED.has(code));
    return new NoAnswer(message, never ? 'no' : 'maybe', { cause: error, ...options });
}
/** The HTTP status an error carries (an answer's), when it carries one. */
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
/**
 * Refused for good: answered, not applied, and the same request would be refused again (a 4xx
 * but a 429, a proxy that wants credentials). The one rule of every record's writes: the
 * lifecycle's (records/lifecycle.ts), and every port's, which narrows it only by a fact of its
 * platform that no type carries (GitHub's secondary rate limit, a 403 that says so in its words
 * alone). A rate limit, a 5xx, no answer, a lookup that ran out are never refusals: they may pass.
 */
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


/***/ }),

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

/***/ 5474:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ PageTally),
/* harmony export */   k_: () => (/* binding */ listedRecords),
/* harmony export */   rV: () => (/* binding */ isAbort),
/* harmony export */   x0: () => (/* binding */ ListingCut)
/* harmony export */ });
// A listing read to find a record of the step again (the pull request's comments, the merge
// request's notes, the commit's deployments). "Ours is not there" creates a second record
// beside the step's own, so a listing is believed only when it reads as one: a list whose every
// entry is a record with an id. A body cut short, a proxy's page or a list of something else is
// a lookup that failed, said as such, never an empty page.
/** The entries of a listing, or why it does not read as a listing of records. */
function listedRecords(json) {
    if (!Array.isArray(json))
        return { problem: 'was not a list' };
    for (const entry of json)
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || typeof entry.id !== 'number')
            return { problem: 'held an entry that is not a record with an id' };
    return { entries: json };
}
/**
 * A listing read page after page, one lookup in all: its time (request-timeout) bounds every
 * page together. When that time runs out after pages were answered, the lookup is a `ListingCut`
 * (an abort, as the lookup's own), so that the warning says what was slow: the listing as a
 * whole, not a request that never answered (found by a user: "did not answer within 3.0s" for a
 * listing GitLab answered page by page in 150 ms).
 */
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
/** A request ended by its signal (an abort, or a timeout's). */
const isAbort = (error) => error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
/** Counts the pages of one listing as they are answered, and the slowest answer. */
class PageTally {
    what;
    pages = 0;
    slowestMs = 0;
    constructor(what) {
        this.what = what;
    }
    /** Reads one page through `read`, counted once answered; a lookup's time that runs out during it after a page was answered is a `ListingCut`. */
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
    /** The error to throw for `error`, an error of the lookup that read this listing: a `ListingCut` when its time ran out after a page was answered. */
    cut(error) {
        return this.pages > 0 && isAbort(error) && !(error instanceof ListingCut) ? new ListingCut(this.what, this.pages, this.slowestMs, error) : error;
    }
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
/* harmony import */ var _records_heads_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(541);













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
/** The comment posted when the wait starts; the outcome replaces it when the wait ends. */
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
/**
 * What the comment or note says when this run's outcome, of a commit that is no longer the head,
 * was written while the head moved on: the newer head's run writes it (records/heads.ts). It names
 * this run's commit on its second line, so that run, reading it, writes over it.
 */
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
    const named = identity.length <= MAX_MARKER_IDENTITY ? identity : `sha256-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(identity).digest('hex')}`;
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
    const commit = sha && /^[0-9a-f]{7,64}$/i.test(sha) ? `${(0,_records_heads_js__WEBPACK_IMPORTED_MODULE_12__/* .commitLine */ .w_)(sha)}\n` : '';
    return `${marker}\n${commit}${lines.join('\n').replace(/<!--/g, `<${ZWSP}!--`)}\n`;
}
/** The comment: the outcome in short, with every piece of server text escaped. */
function renderComment(outcome, marker, source) {
    const from = typeof source === 'string' ? { runUrl: source } : (source ?? {});
    // A run that annotates nothing is the command's under GitLab (the merge request note): its words.
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
    // The log lines are not quoted here: the files they name are, with the run that annotates them.
    const named = (0,_evidence_js__WEBPACK_IMPORTED_MODULE_5__/* .fileAnnotations */ .fM)(outcome);
    if (named.length > 0) {
        const run = from.run ?? WORKFLOW_RUN;
        const where = !from.runUrl ? '' : run.annotates ? ` (annotated in the ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .link */ .nf)(run.label, from.runUrl)})` : ` (see the ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .link */ .nf)(run.label, from.runUrl)})`;
        lines.push(`**Files named in the update log:** ${named.map((note) => (0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)((0,_evidence_js__WEBPACK_IMPORTED_MODULE_5__/* .fileRefText */ .X)(note), 150)).join(', ')}${where}`, '');
    }
    if (outcome.targets.length > 0) {
        const withPr = outcome.targets.some((t) => t.ref.kind === 'job');
        // One target's reason is the lead above; several each get theirs.
        const withReason = outcome.targets.length > 1;
        const rows = outcome.targets.slice(0, MAX_COMMENT_TARGETS).map((t) => {
            const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined;
            const row = [`${t.ref.kind === 'update' ? 'update' : 'agent job'} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .codeSpan */ .SS)(t.ref.id, 80)}`, `${(0,_titles_js__WEBPACK_IMPORTED_MODULE_11__/* .resultMark */ .nV)(t.result)} ${t.result}`];
            if (withReason)
                row.push((0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .escapeText */ .X1)((0,_advice_js__WEBPACK_IMPORTED_MODULE_4__/* .explainTarget */ .PP)(t, explain).reason, 300));
            return withPr ? [...row, prLink ? (0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .link */ .nf)('pull request', prLink) : ''] : row;
        });
        lines.push((0,_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .table */ .tp)(['Target', 'Result', ...(withReason ? ['Reason'] : []), ...(withPr ? ['Pull request'] : [])], rows));
        if (outcome.targets.length > MAX_COMMENT_TARGETS)
            lines.push('', `\u2026 and ${outcome.targets.length - MAX_COMMENT_TARGETS} more targets.`);
        lines.push('');
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
