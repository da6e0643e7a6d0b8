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
/* harmony import */ var _engine_wait_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4891);
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
    const commit = sha && /^[0-9a-f]{7,64}$/i.test(sha) ? `${(0,_records_heads_js__WEBPACK_IMPORTED_MODULE_13__/* .commitLine */ .w_)(sha)}\n` : '';
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
