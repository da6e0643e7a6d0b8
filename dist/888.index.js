export const id = 888;
export const ids = [888];
export const modules = {

/***/ 1888:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_CHECK_PAGES: () => (/* binding */ MAX_CHECK_PAGES),
/* harmony export */   classifyFailure: () => (/* binding */ classifyFailure),
/* harmony export */   deploymentStatusOf: () => (/* binding */ deploymentStatusOf),
/* harmony export */   platformCheckReader: () => (/* binding */ platformCheckReader),
/* harmony export */   reportOf: () => (/* binding */ reportOf)
/* harmony export */ });
/* harmony import */ var _records_failure_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2516);
/* harmony import */ var _records_listing_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5474);
/* harmony import */ var _engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9933);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8992);
/* harmony import */ var _timeout_signal_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2445);
/* harmony import */ var _comment_api_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1691);
/* harmony import */ var _engine_platform_check_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5174);
/* harmony import */ var _run_commit_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5886);








const MAX_CHECK_PAGES = 30;
const PER_PAGE = 100;
const LISTINGS = {
    'check-runs': { route: 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs', what: 'check runs', permission: 'checks: read' },
    statuses: { route: 'GET /repos/{owner}/{repo}/commits/{ref}/statuses', what: 'commit statuses', permission: 'statuses: read' },
    deployments: { route: 'GET /repos/{owner}/{repo}/deployments', what: 'deployments', permission: 'deployments: read' },
    'deployment-statuses': {
        route: 'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
        what: 'deployment statuses',
        permission: 'deployments: read'
    }
};
const COMMIT_LISTINGS = ['check-runs', 'statuses', 'deployments'];
const PERMISSIONS = [...new Set(Object.values(LISTINGS).map((l) => l.permission))];
function platformCheckReader(settings, clean, load = () => __webpack_require__.e(/* import() */ 157).then(__webpack_require__.bind(__webpack_require__, 157))) {
    let opened;
    const cache = new Map();
    const open = async () => {
        const github = await load();
        const { owner, repo } = repositoryOf(github.context);
        if (!owner || !repo)
            return { problem: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' };
        const commit = (0,_run_commit_js__WEBPACK_IMPORTED_MODULE_6__.runCommit)(github.context);
        if ('problem' in commit)
            return { problem: commit.problem };
        return { octokit: (0,_comment_api_js__WEBPACK_IMPORTED_MODULE_4__/* .guardedClient */ .S2)(github.getOctokit(settings.githubToken), settings.githubToken, clean), owner, repo, sha: commit.sha };
    };
    const excluded = { ownEnvironment: settings.ownEnvironment };
    return {
        reads: _engine_platform_check_js__WEBPACK_IMPORTED_MODULE_5__/* .NEVER_APPEARED */ .EI,
        async read(signal, timeoutMs) {
            opened ??= open();
            let place;
            try {
                place = await opened;
            }
            catch (error) {
                opened = undefined;
                return { kind: 'fatal', reason: `the GitHub toolkit could not be loaded (${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(error instanceof Error ? error.message : String(error), 200)})` };
            }
            if ('problem' in place)
                return { kind: 'fatal', reason: `${place.problem}, so platform-check has no commit to read`, misconfigured: true };
            const within = AbortSignal.any([signal, (0,_timeout_signal_js__WEBPACK_IMPORTED_MODULE_7__/* .timeoutSignal */ ._)(timeoutMs)]);
            const failed = (read) => read.kind === 'transient' && signal.aborted ? { kind: 'transient', reason: 'cancelled' } : timedOut(read, within, signal, timeoutMs);
            const reports = [];
            for (const listing of COMMIT_LISTINGS) {
                const read = await readListing(place, listing, within, cache);
                if ('kind' in read)
                    return failed(read);
                if (listing !== 'deployments') {
                    reports.push(...read.reports);
                    continue;
                }
                for (const deployment of (0,_engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_2__/* .newestPerName */ .Tb)(read.reports)) {
                    if (!(0,_engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_2__/* .counts */ .tQ)(settings.name, deployment, excluded)) {
                        reports.push({ ...deployment, status: 'unread' });
                        continue;
                    }
                    const newest = await readNewestStatus(place, deployment.id, within, cache);
                    if ('kind' in newest)
                        return failed(newest);
                    reports.push({ ...deployment, ...newest.state });
                }
            }
            return { kind: 'listed', commit: place.sha, reports };
        }
    };
}
function timedOut(read, within, signal, timeoutMs) {
    if (read.kind === 'transient' && within.aborted && !signal.aborted)
        return { kind: 'transient', reason: `no complete answer within ${timeoutMs / 1000}s (request-timeout) from the GitHub API` };
    return read;
}
function repositoryOf(context) {
    try {
        return context.repo;
    }
    catch {
        return { owner: undefined, repo: undefined };
    }
}
async function readListing(place, listing, signal, cache) {
    const { what } = LISTINGS[listing];
    const reports = [];
    const params = listing === 'deployments' ? { sha: place.sha } : listing === 'check-runs' ? { ref: place.sha, filter: 'all' } : { ref: place.sha };
    for (let page = 1; page <= MAX_CHECK_PAGES; page++) {
        const items = await readPage(place, listing, { ...params, per_page: PER_PAGE, page }, `${listing} ${place.sha} ${page}`, signal, cache);
        if (!Array.isArray(items))
            return items;
        for (const item of items) {
            const report = reportOf(listing, item);
            if (!report)
                return {
                    kind: 'transient',
                    reason: `GitHub's answer listing the ${what} of commit ${place.sha.slice(0, 7)} held an entry without an id, a name or a state (not GitHub's own listing: a proxy's or a catch-all's answer?); it is read again`
                };
            reports.push(report);
        }
        if (items.length < PER_PAGE)
            return { reports };
    }
    return {
        kind: 'transient',
        reason: `the ${what} of commit ${place.sha.slice(0, 7)} did not end within ${MAX_CHECK_PAGES} pages of ${PER_PAGE}; the listing is not believed`
    };
}
async function readPage(place, listing, params, key, signal, cache) {
    const cached = cache.get(key);
    try {
        const response = await place.octokit.request(LISTINGS[listing].route, {
            owner: place.owner,
            repo: place.repo,
            ...params,
            headers: cached ? { 'if-none-match': cached.etag } : {},
            request: { signal }
        });
        const items = itemsOf(listing, response.data);
        if (!items)
            return {
                kind: 'transient',
                reason: `GitHub's answer listing the ${LISTINGS[listing].what} of commit ${place.sha.slice(0, 7)} was not the listing expected (cut short, or not from the GitHub API)`
            };
        const etag = response.headers.etag;
        if (typeof etag === 'string' && etag !== '')
            cache.set(key, { etag, items });
        return items;
    }
    catch (error) {
        if ((0,_records_failure_js__WEBPACK_IMPORTED_MODULE_0__/* .statusOf */ .c2)(error) === 304 && cached)
            return cached.items;
        return classifyFailure(error, listing, place.sha);
    }
}
async function readNewestStatus(place, id, signal, cache) {
    const params = { deployment_id: id, per_page: PER_PAGE, page: 1 };
    const items = await readPage(place, 'deployment-statuses', params, `deployment-statuses ${id}`, signal, cache);
    if (!Array.isArray(items))
        return items;
    const states = items.map(deploymentStatusOf);
    if (states.some((state) => state === undefined))
        return {
            kind: 'transient',
            reason: `GitHub's answer listing the statuses of deployment ${id} held an entry without a state (not GitHub's own listing: a proxy's or a catch-all's answer?); it is read again`
        };
    const [newest] = states;
    if (!newest)
        return { state: { status: _engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_DEPLOYMENT_STATUS */ .nW, url: undefined } };
    if (newest.status !== 'inactive')
        return { state: newest };
    const deployed = states.find((state) => state?.status === 'success');
    return { state: deployed ? { status: 'inactive', url: deployed.url ?? newest.url } : { status: _engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_2__/* .INACTIVE_WITHOUT_SUCCESS */ .hX, url: newest.url } };
}
function deploymentStatusOf(item) {
    if (!item || typeof item !== 'object')
        return undefined;
    const entry = item;
    const state = text(entry.state);
    if (state === undefined)
        return undefined;
    return { status: state, url: text(entry.environment_url) || text(entry.target_url) || text(entry.log_url) || undefined };
}
function itemsOf(listing, data) {
    if (listing !== 'check-runs')
        return Array.isArray(data) ? data : undefined;
    const runs = data && typeof data === 'object' ? data.check_runs : undefined;
    return Array.isArray(runs) ? runs : undefined;
}
const text = (value) => (typeof value === 'string' ? value : undefined);
function reportOf(listing, item) {
    if (!item || typeof item !== 'object')
        return undefined;
    const entry = item;
    const id = entry.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id))
        return undefined;
    if (listing === 'deployments') {
        const name = text(entry.environment);
        if (name === undefined)
            return undefined;
        return { kind: 'deployment', name, id, status: _engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_DEPLOYMENT_STATUS */ .nW, conclusion: null, url: undefined };
    }
    if (listing === 'check-runs') {
        const name = text(entry.name);
        const status = text(entry.status);
        if (name === undefined || status === undefined)
            return undefined;
        const app = entry.app && typeof entry.app === 'object' ? text(entry.app.slug) : undefined;
        return { kind: 'check-run', name, id, status, conclusion: text(entry.conclusion) ?? null, url: text(entry.details_url) || text(entry.html_url), app };
    }
    const name = text(entry.context);
    const state = text(entry.state);
    if (name === undefined || state === undefined)
        return undefined;
    return { kind: 'status', name, id, status: state, conclusion: null, url: text(entry.target_url) };
}
function classifyFailure(error, listing, sha) {
    const { what, permission } = LISTINGS[listing];
    const status = (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_0__/* .statusOf */ .c2)(error);
    const said = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)((error instanceof Error ? error.message : String(error)).split('\n')[0]?.replace(/ - https:\/\/docs\.github\.com\S*$/, '') ?? '', 200);
    const reading = `reading the ${what} of commit ${sha.slice(0, 7)}`;
    if ((0,_records_listing_js__WEBPACK_IMPORTED_MODULE_1__/* .isAbort */ .rV)(error))
        return { kind: 'transient', reason: `the GitHub API did not answer in time ${reading}` };
    const unreached = (0,_comment_api_js__WEBPACK_IMPORTED_MODULE_4__/* .unreachableSaid */ .sn)(error);
    if (unreached)
        return { kind: 'transient', reason: unreached };
    if ((0,_comment_api_js__WEBPACK_IMPORTED_MODULE_4__/* .rateLimited */ .xd)(error)) {
        const wait = (0,_comment_api_js__WEBPACK_IMPORTED_MODULE_4__/* .retryAfterMs */ .Vs)(error);
        return { kind: 'transient', reason: `HTTP ${status} from GitHub ${reading}: rate limited (${said})`, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
    }
    if (status === 401)
        return {
            kind: 'fatal',
            misconfigured: true,
            reason: `HTTP 401 from GitHub ${reading}: github-token was refused (${said}); give a current token with ${permission}`
        };
    if (status === 404 && listing === 'deployment-statuses')
        return { kind: 'transient', reason: `HTTP 404 from GitHub ${reading}: a deployment listed a moment ago was not found (deleted meanwhile?); read again` };
    if (status === 403 || status === 404)
        return {
            kind: 'fatal',
            misconfigured: true,
            reason: `HTTP ${status} from GitHub ${reading} (${said}): the token needs ${permission}; add \`permissions: ${permission}\` to the job (platform-check reads with ${PERMISSIONS.slice(0, -1).join(', ')} and ${PERMISSIONS.at(-1)}), or pass a github-token that has it`
        };
    if (status === 408 || (status !== undefined && status >= 500))
        return { kind: 'transient', reason: `HTTP ${status} from GitHub ${reading}` };
    if (status !== undefined)
        return { kind: 'fatal', reason: `HTTP ${status} from GitHub ${reading} (${said})` };
    return { kind: 'transient', reason: `${reading} failed: ${said}` };
}


/***/ })

};
