export const id = 517;
export const ids = [517];
export const modules = {

/***/ 4175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y6: () => (/* binding */ gitlabRetryAfterMs),
/* harmony export */   YZ: () => (/* binding */ GitLabError),
/* harmony export */   Zw: () => (/* binding */ explainRateLimit),
/* harmony export */   jp: () => (/* binding */ createGitLabClient),
/* harmony export */   sj: () => (/* binding */ closeSoon)
/* harmony export */ });
/* unused harmony exports MAX_NOTE_PAGES, MAX_STATUS_PAGES, heldStateOf */
/* harmony import */ var _api_undici_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3218);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8395);
/* harmony import */ var _api_connections_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7185);
/* harmony import */ var _api_decode_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7364);
/* harmony import */ var _api_client_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7085);
/* harmony import */ var _api_retry_after_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(2465);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8992);
/* harmony import */ var _context_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2980);
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4285);
/* harmony import */ var _records_failure_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2516);
/* harmony import */ var _records_listing_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(5474);











const MAX_BODY_BYTES = 32 * 1024 * 1024;
const MAX_NOTE_PAGES = 1000;
const MAX_STATUS_PAGES = 100;
const statusListing = zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .array */ .YOg(zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .object */ .Ikc({
    id: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .int */ .Whr(),
    status: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP(),
    name: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP()),
    description: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP()),
    target_url: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP()),
    pipeline_id: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .int */ .Whr())
}));
class GitLabError extends Error {
    status;
    retryAfterMs;
    heldState;
    constructor(message, status, retryAfterMs, heldState) {
        super(message);
        this.status = status;
        this.retryAfterMs = retryAfterMs;
        this.heldState = heldState;
    }
}
function heldStateOf(status, json) {
    if (status !== 400)
        return undefined;
    const message = messageField(json);
    const text = typeof message === 'string' ? message : JSON.stringify(message ?? '');
    return /Cannot transition status via :\w+ from :(\w+)/.exec(text)?.[1];
}
function gitlabRetryAfterMs(error) {
    return error instanceof GitLabError && error.status === 429 ? error.retryAfterMs : undefined;
}
function explainRateLimit(error, what) {
    if (!(error instanceof GitLabError) || error.status !== 429)
        return undefined;
    return (`GitLab asked to slow down: a rate limit of its API was reached (${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .oneLine */ .TN)(error.message, 300)}); the next run writes the ${what} again. ` +
        `If it happens often, give this job a token of its own: GitLab counts API requests per user, and every job and script that uses the same token shares that count`);
}
function pauseOf(status, header) {
    return status === 429 ? (0,_api_retry_after_js__WEBPACK_IMPORTED_MODULE_10__/* .rateLimitPauseMs */ .sX)({ retryAfter: header('retry-after'), reset: header('ratelimit-reset') }, Date.now()) : undefined;
}
const noteSchema = zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .object */ .Ikc({
    id: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .int */ .Whr(),
    body: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP()),
    system: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .boolean */ .zMY()),
    author: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .object */ .Ikc({ id: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .int */ .Whr() }))
});
const userSchema = zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .object */ .Ikc({ id: zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .int */ .Whr() });
function closeSoon(gitlab) {
    gitlab.close().catch(() => undefined);
}
function createGitLabClient(apiUrl, token, signal, phaseTimeoutMs, env = process.env, clean = (text) => text) {
    const written = (0,_context_js__WEBPACK_IMPORTED_MODULE_5__/* .cleanerWith */ .Hb)(token, clean);
    const connections = (0,_api_connections_js__WEBPACK_IMPORTED_MODULE_1__/* .openConnections */ .qP)(apiUrl, phaseTimeoutMs, env);
    const base = apiUrl.href.replace(/\/+$/, '');
    const path = (project, mergeRequest) => `/projects/${encodeURIComponent(project)}/merge_requests/${encodeURIComponent(mergeRequest)}/notes`;
    async function exchange(method, url, json) {
        if (signal.aborted)
            throw signal.reason;
        let onAbort;
        const aborted = new Promise((_, reject) => {
            onAbort = () => reject(signal.reason);
            signal.addEventListener('abort', onAbort, { once: true });
        });
        const sent = (async () => {
            const response = await (0,_api_undici_js__WEBPACK_IMPORTED_MODULE_0__/* .request */ .Em)(new URL(url), {
                method,
                headers: {
                    accept: 'application/json',
                    'accept-encoding': _api_decode_js__WEBPACK_IMPORTED_MODULE_2__/* .ACCEPT_ENCODING */ .x,
                    'private-token': token,
                    'user-agent': _api_client_js__WEBPACK_IMPORTED_MODULE_3__/* .USER_AGENT */ ._O,
                    ...(json === undefined ? {} : { 'content-type': 'application/json' })
                },
                body: json === undefined ? null : JSON.stringify((0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .cleanStrings */ .wX)(json, written)),
                signal,
                dispatcher: connections.dispatcher
            });
            response.body.on('error', () => undefined);
            const header = (name) => {
                const value = response.headers[name];
                return Array.isArray(value) ? value[0] : value;
            };
            const body = await (0,_api_decode_js__WEBPACK_IMPORTED_MODULE_2__/* .readBody */ .Q)(response.body, header('content-encoding') ?? null, MAX_BODY_BYTES);
            if (!('text' in body))
                throw new GitLabError(`HTTP ${response.statusCode} with a body that could not be read`, response.statusCode, pauseOf(response.statusCode, header));
            let parsed;
            try {
                parsed = body.text === '' ? undefined : JSON.parse(body.text);
            }
            catch {
                parsed = undefined;
            }
            return { status: response.statusCode, header, json: parsed };
        })();
        sent.catch(() => undefined);
        try {
            return await Promise.race([sent, aborted]);
        }
        catch (error) {
            if (signal.aborted || error instanceof GitLabError)
                throw error;
            if (phaseTimedOut(error) && (await abortedWithin(signal, PHASE_TIE_MS)))
                throw signal.reason;
            throw (0,_records_failure_js__WEBPACK_IMPORTED_MODULE_7__/* .noAnswer */ .qE)(error, `network error: ${(0,_api_client_js__WEBPACK_IMPORTED_MODULE_3__/* .describeNetworkError */ .gl)(error)}`, { proxyStatus: (0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .proxyRefusalStatus */ .n8)(error), url });
        }
        finally {
            if (onAbort)
                signal.removeEventListener('abort', onAbort);
        }
    }
    async function expect(method, url, ok, json) {
        const answer = await exchange(method, url, json);
        if (answer.status !== ok)
            throw new GitLabError(`HTTP ${answer.status}${messageOf(answer.json, token)}`, answer.status, pauseOf(answer.status, answer.header), heldStateOf(answer.status, answer.json));
        return answer;
    }
    function nextPage(answer, current) {
        const next = answer.header('x-next-page')?.trim();
        if (next && /^\d{1,9}$/.test(next)) {
            const url = new URL(current);
            url.searchParams.set('page', next);
            return url.href;
        }
        const linked = /<([^>]+)>\s*;\s*rel="?next"?/.exec(answer.header('link') ?? '')?.[1];
        if (!linked || !URL.canParse(linked))
            return undefined;
        const url = new URL(linked);
        return url.origin === apiUrl.origin && `${url.origin}${url.pathname}`.startsWith(`${base}/`) ? url.href : undefined;
    }
    async function* notesOf(project, mergeRequest) {
        let url = `${base}${path(project, mergeRequest)}?per_page=100&page=1&sort=asc&order_by=created_at`;
        const seen = new Set();
        const tally = new _records_listing_js__WEBPACK_IMPORTED_MODULE_8__/* .PageTally */ .S("the merge request's notes");
        for (let page = 0; url && page < MAX_NOTE_PAGES && !seen.has(url); page++) {
            seen.add(url);
            const at = url;
            const answer = await tally.page(() => expect('GET', at, 200));
            const listed = (0,_records_listing_js__WEBPACK_IMPORTED_MODULE_8__/* .listedRecords */ .k_)(answer.json);
            if ('problem' in listed)
                throw new GitLabError(`the listing of the merge request's notes ${listed.problem}; is CI_API_V4_URL the GitLab API?`);
            for (const item of listed.entries) {
                const parsed = noteSchema.safeParse(item);
                if (!parsed.success)
                    throw new GitLabError(`the listing of the merge request's notes held an entry that is not a note; is CI_API_V4_URL the GitLab API?`);
                yield { id: parsed.data.id, body: parsed.data.body ?? '', authorId: parsed.data.author?.id, system: parsed.data.system ?? false };
            }
            url = nextPage(answer, new URL(url));
        }
    }
    return {
        async currentUserId() {
            const answer = await expect('GET', `${base}/user`, 200);
            const user = userSchema.safeParse(answer.json);
            if (!user.success)
                throw new GitLabError('GET /user did not answer with a user; is CI_API_V4_URL the GitLab API?');
            return user.data.id;
        },
        async findNoteAndTwins(project, mergeRequest, rank) {
            let fallback;
            let current;
            const twins = [];
            for await (const note of notesOf(project, mergeRequest)) {
                const ranked = rank(note);
                if (ranked === 0) {
                    if (current === undefined)
                        current = note;
                    else if (note.id !== current.id && !twins.includes(note.id))
                        twins.push(note.id);
                }
                else if (ranked !== undefined && (fallback === undefined || ranked < fallback.rank))
                    fallback = { note, rank: ranked };
            }
            return current !== undefined ? { note: current, twins } : { note: fallback?.note, twins: [] };
        },
        async findNote(project, mergeRequest, rank) {
            let fallback;
            for await (const note of notesOf(project, mergeRequest)) {
                const ranked = rank(note);
                if (ranked === 0)
                    return note;
                if (ranked !== undefined && (fallback === undefined || ranked < fallback.rank))
                    fallback = { note, rank: ranked };
            }
            return fallback?.note;
        },
        async listNotes(project, mergeRequest, keep) {
            const kept = new Map();
            for await (const note of notesOf(project, mergeRequest))
                if (keep(note))
                    kept.set(note.id, note);
            return [...kept.values()].sort((a, b) => a.id - b.id);
        },
        async noteBody(project, mergeRequest, noteId) {
            const answer = await expect('GET', `${base}${path(project, mergeRequest)}/${noteId}`, 200);
            const note = noteSchema.safeParse(answer.json);
            return note.success ? (note.data.body ?? '') : undefined;
        },
        async mergeRequestHead(project, mergeRequest) {
            const answer = await expect('GET', `${base}/projects/${encodeURIComponent(project)}/merge_requests/${encodeURIComponent(mergeRequest)}`, 200);
            const sha = answer.json?.sha;
            return typeof sha === 'string' && /^[0-9a-f]{7,64}$/i.test(sha) ? sha : undefined;
        },
        async deleteNote(project, mergeRequest, noteId) {
            try {
                await expect('DELETE', `${base}${path(project, mergeRequest)}/${noteId}`, 204);
            }
            catch (error) {
                if (!(error instanceof GitLabError && error.status === 404))
                    throw error;
            }
        },
        async createNote(project, mergeRequest, body) {
            const answer = await expect('POST', `${base}${path(project, mergeRequest)}`, 201, { body });
            const created = noteSchema.safeParse(answer.json);
            if (!created.success)
                throw new GitLabError('GitLab created the note but did not answer with it; is CI_API_V4_URL the GitLab API?', answer.status);
            return created.data.id;
        },
        async updateNote(project, mergeRequest, noteId, body) {
            await expect('PUT', `${base}${path(project, mergeRequest)}/${noteId}`, 200, { body });
        },
        async setCommitStatus(project, sha, status) {
            const answer = await expect('POST', `${base}/projects/${encodeURIComponent(project)}/statuses/${encodeURIComponent(sha)}`, 201, {
                state: status.state,
                name: status.name,
                description: status.description,
                ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
                ...(status.pipelineId !== undefined ? { pipeline_id: status.pipelineId } : {})
            });
            const id = answer.json?.id;
            return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
        },
        async commitStatuses(project, sha, name) {
            const found = new Map();
            let url = `${base}/projects/${encodeURIComponent(project)}/repository/commits/${encodeURIComponent(sha)}/statuses?name=${encodeURIComponent(name)}&all=true&per_page=100&page=1`;
            const seen = new Set();
            const tally = new _records_listing_js__WEBPACK_IMPORTED_MODULE_8__/* .PageTally */ .S("the commit's statuses");
            for (let page = 0; url; page++) {
                if (page === MAX_STATUS_PAGES || seen.has(url))
                    throw new GitLabError(`GitLab's listing of the commit's statuses did not end within ${MAX_STATUS_PAGES} pages of 100`);
                seen.add(url);
                const at = url;
                const answer = await tally.page(() => expect('GET', at, 200));
                const listed = statusListing.safeParse(answer.json);
                if (!listed.success)
                    throw new GitLabError("GitLab did not list the commit's statuses; is CI_API_V4_URL the GitLab API?");
                for (const status of listed.data)
                    if (status.name === name && !found.has(status.id))
                        found.set(status.id, {
                            id: status.id,
                            state: status.status,
                            context: name,
                            description: status.description ?? undefined,
                            targetUrl: status.target_url ?? undefined,
                            run: typeof status.pipeline_id === 'number' ? `pipeline ${status.pipeline_id}` : undefined
                        });
                url = nextPage(answer, new URL(url));
            }
            return [...found.values()].sort((a, b) => b.id - a.id);
        },
        async commitReports(project, sha, maxPages) {
            const entries = [];
            let url = `${base}/projects/${encodeURIComponent(project)}/repository/commits/${encodeURIComponent(sha)}/statuses?per_page=100&page=1`;
            const seen = new Set();
            const tally = new _records_listing_js__WEBPACK_IMPORTED_MODULE_8__/* .PageTally */ .S("the commit's statuses");
            for (let page = 0; url; page++) {
                if (page === maxPages || seen.has(url))
                    throw new GitLabError(`GitLab's listing of the commit's statuses did not end within ${maxPages} pages of 100; the listing is not believed`);
                seen.add(url);
                const at = url;
                const answer = await tally.page(() => expect('GET', at, 200));
                const listed = (0,_records_listing_js__WEBPACK_IMPORTED_MODULE_8__/* .listedRecords */ .k_)(answer.json);
                if ('problem' in listed)
                    throw new GitLabError(`the listing of the commit's statuses ${listed.problem}; is CI_API_V4_URL the GitLab API?`);
                entries.push(...listed.entries);
                url = nextPage(answer, new URL(url));
            }
            return entries;
        },
        close: () => connections.destroyAll()
    };
}
function messageField(json) {
    if (json === null || typeof json !== 'object')
        return undefined;
    return 'message' in json ? json.message : 'error' in json ? json.error : undefined;
}
function messageOf(json, token) {
    const message = messageField(json);
    if (message === undefined)
        return '';
    const masked = (0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .createRedactor */ .lY)((0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_6__/* .secretForms */ .eo)(token ? [token] : []))(typeof message === 'string' ? message : JSON.stringify(message));
    return `: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .oneLine */ .TN)(masked, 200)}`;
}
const PHASE_TIE_MS = 1500;
function phaseTimedOut(error) {
    const codes = [error, error instanceof Error ? error.cause : undefined].map((e) => (e && typeof e === 'object' && 'code' in e ? String(e.code) : ''));
    return codes.some((code) => code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT');
}
function abortedWithin(signal, ms) {
    if (signal.aborted)
        return Promise.resolve(true);
    return new Promise((resolve) => {
        const timer = setTimeout(() => {
            signal.removeEventListener('abort', onAbort);
            resolve(false);
        }, ms);
        const onAbort = () => {
            clearTimeout(timer);
            resolve(true);
        };
        signal.addEventListener('abort', onAbort, { once: true });
    });
}


/***/ }),

/***/ 8517:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_CHECK_PAGES: () => (/* binding */ MAX_CHECK_PAGES),
/* harmony export */   classifyFailure: () => (/* binding */ classifyFailure),
/* harmony export */   gitlabPlatformCheckReader: () => (/* binding */ gitlabPlatformCheckReader),
/* harmony export */   reportOf: () => (/* binding */ reportOf)
/* harmony export */ });
/* harmony import */ var _engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9933);
/* harmony import */ var _records_failure_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2516);
/* harmony import */ var _records_listing_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5474);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8992);
/* harmony import */ var _timeout_signal_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2445);
/* harmony import */ var _api_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4175);
/* harmony import */ var _context_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2980);







const MAX_CHECK_PAGES = 30;
function gitlabPlatformCheckReader(token, env, clean, open = _api_js__WEBPACK_IMPORTED_MODULE_4__/* .createGitLabClient */ .jp) {
    const cleaned = (0,_context_js__WEBPACK_IMPORTED_MODULE_5__/* .cleanerWith */ .Hb)(token, clean);
    return {
        reads: 'commit status',
        async read(signal, timeoutMs) {
            const place = (0,_context_js__WEBPACK_IMPORTED_MODULE_5__/* .pipelineCommit */ .yz)(env);
            if ('problem' in place)
                return { kind: 'fatal', reason: `${place.problem}, so platform-check has no commit to read`, misconfigured: true };
            const key = (0,_context_js__WEBPACK_IMPORTED_MODULE_5__/* .usableToken */ .ej)(token, env, 'commit statuses', _context_js__WEBPACK_IMPORTED_MODULE_5__/* .READ_TOKEN */ .$k, 'read');
            if ('problem' in key)
                return { kind: 'fatal', reason: cleaned(key.problem), misconfigured: true };
            const within = AbortSignal.any([signal, (0,_timeout_signal_js__WEBPACK_IMPORTED_MODULE_6__/* .timeoutSignal */ ._)(timeoutMs)]);
            const gitlab = open(place.apiUrl, key.token, within, timeoutMs, env, cleaned);
            try {
                const entries = await gitlab.commitReports(place.project, place.sha, MAX_CHECK_PAGES);
                const reports = [];
                for (const entry of entries) {
                    const report = reportOf(entry, place.projectUrl, cleaned);
                    if (!report)
                        return {
                            kind: 'transient',
                            reason: `GitLab's answer listing the statuses of commit ${place.sha.slice(0, 7)} held an entry without an id, a name or a status (not GitLab's own listing: a proxy's or a catch-all's answer?); it is read again`
                        };
                    reports.push(report);
                }
                return { kind: 'listed', commit: place.sha, reports };
            }
            catch (error) {
                if (signal.aborted)
                    return { kind: 'transient', reason: 'cancelled' };
                if (within.aborted)
                    return { kind: 'transient', reason: `no complete answer within ${timeoutMs / 1000}s (request-timeout) from the GitLab API` };
                const read = classifyFailure(error, place);
                return { ...read, reason: cleaned(read.reason) };
            }
            finally {
                (0,_api_js__WEBPACK_IMPORTED_MODULE_4__/* .closeSoon */ .sj)(gitlab);
            }
        }
    };
}
const text = (value) => (typeof value === 'string' ? value : undefined);
function reportOf(entry, projectUrl, clean) {
    const id = entry.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id))
        return undefined;
    const name = text(entry.name);
    const status = text(entry.status);
    if (name === undefined || status === undefined)
        return undefined;
    const url = text(entry.target_url) || undefined;
    const job = projectUrl !== undefined && url?.startsWith(`${projectUrl}/-/jobs/`) === true;
    return {
        kind: 'status',
        name: clean(name),
        id,
        status: clean(status),
        conclusion: null,
        url: url === undefined ? undefined : clean(url),
        ...(job ? { app: _engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_0__/* .GITLAB_CI_JOB */ .VZ } : {})
    };
}
function classifyFailure(error, place) {
    const reading = `reading the statuses of commit ${place.sha.slice(0, 7)}`;
    const said = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(error instanceof Error ? error.message : String(error), 200);
    if ((0,_records_listing_js__WEBPACK_IMPORTED_MODULE_2__/* .isAbort */ .rV)(error))
        return { kind: 'transient', reason: `the GitLab API did not answer in time ${reading}` };
    if (error instanceof _records_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .NoAnswer */ .W_)
        return { kind: 'transient', reason: `${reading} failed: ${said}` };
    const status = error instanceof _api_js__WEBPACK_IMPORTED_MODULE_4__/* .GitLabError */ .YZ ? error.status : undefined;
    if (status === 429) {
        const wait = error instanceof _api_js__WEBPACK_IMPORTED_MODULE_4__/* .GitLabError */ .YZ ? error.retryAfterMs : undefined;
        return { kind: 'transient', reason: `HTTP 429 from GitLab ${reading}: rate limited (${said})`, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
    }
    if (status === 401)
        return {
            kind: 'fatal',
            misconfigured: true,
            reason: `HTTP 401 from GitLab ${reading}: the token in ${_context_js__WEBPACK_IMPORTED_MODULE_5__/* .GITLAB_TOKEN_VARIABLE */ .tS} was refused (expired, revoked, or not a token of this GitLab). ${_context_js__WEBPACK_IMPORTED_MODULE_5__/* .READ_TOKEN */ .$k}`
        };
    if (status === 403)
        return {
            kind: 'fatal',
            misconfigured: true,
            reason: `HTTP 403 from GitLab ${reading} (${said}): the token in ${_context_js__WEBPACK_IMPORTED_MODULE_5__/* .GITLAB_TOKEN_VARIABLE */ .tS} may not read this project's commit statuses; it needs the read_api or api scope and at least the Reporter role, and the CI job token cannot read them. ${_context_js__WEBPACK_IMPORTED_MODULE_5__/* .READ_TOKEN */ .$k}`
        };
    if (status === 404)
        return {
            kind: 'fatal',
            misconfigured: true,
            reason: `HTTP 404 from GitLab ${reading}: GitLab did not find project ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(place.project, 100)} or the commit; check that the token's user is a member of the project (at least Reporter)`
        };
    if (status === 408 || (status !== undefined && status >= 500))
        return { kind: 'transient', reason: `HTTP ${status} from GitLab ${reading}` };
    if (status !== undefined)
        return { kind: 'fatal', reason: `HTTP ${status} from GitLab ${reading} (${said})` };
    return { kind: 'transient', reason: `${reading} failed: ${said}` };
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


/***/ })

};
