export const id = 795;
export const ids = [795];
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

/***/ 7128:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  KY: () => (/* binding */ LookupAroundWriteFailed),
  O_: () => (/* binding */ NotFoundYet),
  CU: () => (/* binding */ RecordSkipped),
  OO: () => (/* binding */ recordLifecycle),
  xV: () => (/* binding */ withinBudget)
});

// UNUSED EXPORTS: CLOSE_RETRY_MS, MAX_RETRY_PAUSE_MS, oneWarning, retryPauseMs, settledOrAborted

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
const openedOf = (open) => (open.at === 'sending' ? 'lost' : open.at === 'unsent' ? 'refused' : open.at);
const firstState = () => ({
    open: { at: 'never' },
    close: { at: 'not-begun' },
    where: undefined,
    notBefore: 0,
    voice: { at: 'quiet' }
});
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
const openMovesTo = (open, at) => (open.at === 'never' ? open : { ...open, at });
const closeFinds = (close, change) => (close.at === 'closing' ? { ...close, ...change } : close);
const warned = (voice, line, codes) => {
    if (voice.at === 'warned')
        return { voice, say: [{ level: 'info', line }] };
    if (voice.at === 'gathering')
        return { voice: { ...voice, lines: [...voice.lines, { line, codes }] }, say: [] };
    return { voice: { at: 'warned' }, say: [{ level: 'warning', line, codes: [...new Set(codes)] }] };
};
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
            return open.at === 'never' ? to({}) : to({ open: { ...open, lost: { count: (open.lost?.count ?? 0) + 1, lastSentAt: event.sentAt, why: event.why } } });
        case 'open-given-up':
            return to({ open: openMovesTo(open, 'lost') });
        case 'open-refused':
        case 'open-unsent':
            return to({ open: openMovesTo(open, open.at !== 'never' && open.lost !== undefined ? 'lost' : event.type === 'open-refused' ? 'refused' : 'unsent') });
        case 'open-ended':
            return open.at === 'sending' ? to({ open: openMovesTo(open, 'lost') }) : to({});
        case 'where-known':
            return to({ where: event.where });
        case 'close-began':
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








class LookupAroundWriteFailed extends Error {
}
class NotFoundYet extends Error {
    constructor() {
        super('the record is not found yet');
        this.name = 'NotFoundYet';
    }
}
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
const CLOSE_RETRY_MS = 250;
const MAX_RETRY_PAUSE_MS = 5000;
const retryPauseMs = (tries) => Math.min(CLOSE_RETRY_MS * 2 ** Math.max(0, tries - 1), MAX_RETRY_PAUSE_MS);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const lifecycle_transient = (error) => {
    if (error instanceof LookupAroundWriteFailed)
        return ['timed-out', 'lost', 'rate-limited', 'never-sent'].includes((0,failure/* failureOf */.g5)(error.cause, false));
    return !(0,listing/* isAbort */.rV)(error) && !(0,failure/* refusedForGood */.FD)(error);
};
const answerLost = (error, signals) => !(error instanceof LookupAroundWriteFailed) && (0,failure/* failureOf */.g5)(error, signals.write.aborted) === 'lost';
const neverSent = (error) => error instanceof LookupAroundWriteFailed
    ? neverSent(error.cause)
    : error instanceof failure/* NoAnswer */.W_
        ? error.reached === 'no'
        : (0,failure/* failureOf */.g5)(error, false) === 'never-sent';
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
function recordLifecycle(port, options) {
    const { cancel, log, clean } = options;
    const refused = port.refused ?? failure/* refusedForGood */.FD;
    const deadline = (0,limits/* commentDeadline */.uX)(options.endAt, cancel);
    const landMs = options.landMs ?? 2 * options.requestTimeoutMs;
    let state = firstState();
    const tell = (event) => {
        const { state: after, say } = next(state, event);
        state = after;
        for (const line of say)
            line.level === 'info' ? log.info(line.line) : log.warning(line.line, [...line.codes]);
    };
    const knownAfterCancel = new AbortController();
    const closeBegan = new AbortController();
    const lostOpens = () => (state.open.at === 'never' ? undefined : state.open.lost);
    const openDone = () => (state.open.at === 'never' ? Promise.resolve() : state.open.done);
    const closeFound = () => (state.close.at === 'closing' ? state.close.found : 'nothing');
    const closeLost = () => (state.close.at === 'closing' ? state.close.lost : undefined);
    const opened = () => openedOf(state.open);
    const lateCloseCode = () => port.words.lateCloseCode?.() ?? code('may-not-hold');
    const noneOrOne = (late) => (late ? [late] : []);
    const lateOpenCodes = () => noneOrOne(port.words.lateOpenCode?.());
    const lateCreationCodes = () => noneOrOne(port.words.lateCreationCode?.());
    const closeFailedCodes = () => port.words.closeFailedCodes?.(opened()) ?? [];
    const lateOpen = () => port.words.lateOpen?.() ?? 'it shows "in progress" until the next run';
    const code = (kind) => `${port.record}.${kind}`;
    const warn = (line, ...codes) => tell({ type: 'warned', line: clean(line), codes });
    const sayWriteFailed = (line, ...codes) => tell({ type: 'write-failed', line: clean(line), codes });
    const sayClosed = (done, folded = false) => {
        if (!folded)
            log.info(clean(port.words.closed(done.where, done.done)));
        const after = done.after;
        if (!after)
            return;
        const asked = after.failed === undefined ? undefined : port.retryAfterMs?.(after.failed);
        if (asked !== undefined)
            tell({ type: 'rate-limited', until: Date.now() + asked });
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
        return { write: deadline, lookup: lookup(lookupEndAt), nextLookup: () => lookup(options.endAt) };
    };
    const ended = () => {
        const exitBy = cancel.exitBy();
        return exitBy !== undefined && exitBy < options.endAt ? 'the cancelled run had to end' : "the step's time limit (timeout + request-timeout + 2s) ran out";
    };
    const timeLeft = () => {
        const exitBy = cancel.exitBy();
        return Math.min(options.endAt, exitBy === undefined ? Number.POSITIVE_INFINITY : exitBy - limits/* COMMENT_EXIT_MARGIN_MS */.Nz) - Date.now();
    };
    const outOfTime = (error, signals, lookupMs) => deadline.aborted || (signals.lookup.aborted && (0,listing/* isAbort */.rV)(error) && lookupMs < options.requestTimeoutMs);
    const failedCode = (error, signals, lookupMs) => outOfTime(error, signals, lookupMs) ? code('out-of-time') : (port.codeOf?.(error) ?? code('not-written'));
    const why = (error, signals, lookupMs) => {
        if (outOfTime(error, signals, lookupMs))
            return `the ${port.api} did not answer before ${ended()}`;
        if (signals.lookup.aborted && error instanceof listing/* ListingCut */.x0)
            return `the ${port.api} answered ${(0,src_text/* counted */.hS)(error.pages, 'page')} of ${error.what}, each within ${(0,durations/* formatDuration */.a)(error.slowestMs)}, but not all of them within ${(0,durations/* formatDuration */.a)(lookupMs)} (request-timeout, for the whole listing)`;
        if (signals.lookup.aborted && (0,listing/* isAbort */.rV)(error))
            return `the ${port.api} did not answer within ${(0,durations/* formatDuration */.a)(lookupMs)} (request-timeout)`;
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
                if (!refused(error) && !neverSent(error) && answerLost(error, signals))
                    tell({ type: 'open-try-lost', sentAt, why: reason });
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
                tell({ type: refused(error) ? 'open-refused' : neverSent(error) ? 'open-unsent' : 'open-given-up' });
                if (state.open.at === 'refused' && port.words.notOpened && state.where === undefined)
                    warn(port.words.notOpened(reason), cancel.signal.aborted && !deadline.aborted ? code('not-written') : failedCode(error, signals, lookupMs));
                else
                    log.info(clean(port.words.openFailed(reason, state.where)));
                return;
            }
        }
    }
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
    const heldLongEnough = (beforeTheClose = false) => {
        const exitBy = cancel.exitBy();
        const held = exitBy === undefined ? options.requestTimeoutMs : beforeTheClose ? (exitBy - Date.now()) / 2 : Number.POSITIVE_INFINITY;
        return Number.isFinite(held) ? AbortSignal.any([(0,timeout_signal/* timeoutSignal */._)(Math.max(1, Math.ceil(held))), deadline]) : deadline;
    };
    const waitedOnOpen = (closeStartedAt, then = '') => cancel.exitBy() === undefined
        ? `${(0,durations/* formatDuration */.a)(2 * options.requestTimeoutMs)}${then} (twice request-timeout)`
        : `${(0,durations/* formatDuration */.a)(Math.max(0, Date.now() - closeStartedAt))}${then} (all a cancelled run could wait)`;
    async function runClose(outcome) {
        const closeStartedAt = Date.now();
        const settled = (await openSettled()) || (state.where === undefined && !deadline.aborted && (await settledOrAborted(openDone(), heldLongEnough(true))) === 'settled');
        const lostTries = lostOpens();
        const held = Math.max(state.notBefore, port.pausedUntil?.() ?? 0) > Date.now();
        if (settled && lostTries && state.where === undefined && !deadline.aborted && (held || !(await foundAtOnce(outcome))))
            await waitToLand(lostTries.lastSentAt);
        if (!settled && state.where === undefined && deadline.aborted) {
            warn(port.words.closeFailed(`the ${port.api} had not answered its "in progress" write when ${ended()}, and the outcome must not go before it; if the ${port.api} applies that write later, ${lateOpen()}`, state.where, opened()), code('out-of-time'), ...lateOpenCodes(), ...closeFailedCodes());
            return;
        }
        if (state.open.at === 'refused' && state.where === undefined && port.words.notOpened)
            return;
        const write = async (folded = false) => {
            tell({ type: 'close-tries-began' });
            for (let attempt = 1;; attempt++) {
                tell({ type: 'rate-limited', until: port.pausedUntil?.() ?? 0 });
                const wait = state.notBefore - Date.now();
                if (wait > 0 && wait >= timeLeft()) {
                    sayWriteFailed(port.words.closeFailed(`the ${port.api} asked to wait ${(0,durations/* formatDuration */.a)(wait)} before its next write (a rate limit), longer than the ${(0,durations/* formatDuration */.a)(Math.max(0, timeLeft()))} left of the step's time for writes, so the outcome was not sent`, state.where, opened()), code('out-of-time'), ...closeFailedCodes());
                    return false;
                }
                if (wait > 0)
                    await settledOrAborted(sleep(wait), deadline);
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
                        if (state.open.at === 'sending' || lostOpens() !== undefined)
                            warn(`This run's "in progress" write got no answer: if the ${port.api} applies it later, ${lateOpen()}.`, code('may-not-hold'), ...lateOpenCodes());
                        const lostClose = closeLost();
                        if (lostClose !== undefined)
                            warn(`An earlier write of this run's outcome got no answer (${lostClose.why}): if the ${port.api} applies it later, it stands in place of what the other run wrote there, until that run writes again.`, code('may-not-hold'));
                        return false;
                    }
                    if (closeLost() === undefined && answerLost(error, signals))
                        tell({ type: 'close-write-lost', sentAt, why: why(error, signals, lookupMs) });
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
                    const asked = port.retryAfterMs?.(error instanceof LookupAroundWriteFailed ? error.cause : error);
                    if (asked !== undefined)
                        tell({ type: 'rate-limited', until: Date.now() + asked });
                    const retriable = state.where !== undefined && (lifecycle_transient(error) || asked !== undefined) && !deadline.aborted;
                    const pause = Math.max(asked ?? 0, retryPauseMs(attempt));
                    const left = timeLeft();
                    if (retriable && pause < left) {
                        const onTheWay = { why: why(error, signals, lookupMs), code: failedCode(error, signals, lookupMs) };
                        tell({ type: 'close-try-failed', ...onTheWay });
                        if (attempt <= 3 || attempt % 10 === 0)
                            log.info(clean(`The ${port.api} did not take the outcome (${onTheWay.why}); writing it again${asked !== undefined ? ` in ${(0,durations/* formatDuration */.a)(pause)}, as it asked` : attempt >= 3 ? ` in ${(0,durations/* formatDuration */.a)(pause)} (try ${attempt + 1})` : ''}.`));
                        await settledOrAborted(sleep(pause), deadline);
                        if (!deadline.aborted)
                            continue;
                    }
                    const cutShort = retriable && asked !== undefined && asked >= left
                        ? `; it asked to wait ${(0,durations/* formatDuration */.a)(asked)} before the next try, longer than the ${(0,durations/* formatDuration */.a)(Math.max(0, left))} left of the step's time for writes, so the tries ended there`
                        : '';
                    const late = state.where === undefined && answerLost(error, signals) ? port.words.lateCreation?.() : undefined;
                    const onTheWay = state.close.at === 'closing' ? state.close.onTheWay : undefined;
                    const endedTries = !cutShort && onTheWay !== undefined && outOfTime(error, signals, lookupMs) ? onTheWay : undefined;
                    const reason = endedTries ? `${endedTries.why}; tried again until ${ended()}` : `${why(error, signals, lookupMs)}${cutShort}`;
                    const failed = cutShort ? code('out-of-time') : (endedTries?.code ?? failedCode(error, signals, lookupMs));
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
                tell({ type: 'close-written', where: done.where, told, done: done.done });
                sayClosed(done, folded);
                return true;
            }
        };
        const readBackWhatWasLost = async (written) => {
            if (lostOpens() !== undefined && written && closeFound() !== 'at-once')
                await readBackLost(write, 'open');
            if (written && closeLost() !== undefined && port.closeMayTurn?.())
                await readBackLost(write, 'close');
        };
        const written = closeFound() === 'at-once' || (await write());
        if (settled)
            return readBackWhatWasLost(written);
        if (state.open.at === 'never' || closeFound() === 'landed')
            return readBackWhatWasLost(written);
        const late = await settledOrAborted(openDone(), heldLongEnough());
        if (late === 'settled' && !deadline.aborted)
            return written || state.where !== undefined ? readBackWhatWasLost(await write()) : undefined;
        const unanswered = `its "in progress" write had no answer when ${deadline.aborted ? ended() : `the outcome had waited on it for ${waitedOnOpen(closeStartedAt)}`}`;
        if (written && state.where !== undefined)
            warn(port.words.mayNotHold(`${unanswered}; if the ${port.api} applies that write later, ${lateOpen()}`, state.where), code('may-not-hold'), ...lateOpenCodes());
    }
    async function waitToLand(sentAt) {
        const exitBy = cancel.exitBy();
        const left = Math.min(options.endAt, exitBy === undefined ? Number.POSITIVE_INFINITY : exitBy) - Date.now();
        const landing = Math.min(sentAt + landMs - Date.now(), left / 2);
        if (landing > 0)
            await settledOrAborted(sleep(landing), deadline);
    }
    async function foundAtOnce(outcome) {
        try {
            const done = await withinBudget(port.close(outcome, undefined, 'unanswered', signalsUntil(options.endAt), (known) => tell({ type: 'where-known', where: known })), deadline);
            tell({ type: 'found-at-once', where: done.where });
            sayClosed(done);
            return true;
        }
        catch (error) {
            const asked = state.where === undefined ? undefined : port.retryAfterMs?.(error);
            if (asked !== undefined) {
                log.info(clean(`The ${port.api} did not take the outcome (${(0,src_text/* oneLine */.TN)(clean(port.explain(error)), 600)}); writing it again in ${(0,durations/* formatDuration */.a)(asked)}, as it asked.`));
                tell({ type: 'rate-limited', until: Date.now() + asked });
            }
            return false;
        }
    }
    async function readBackLost(write, lostWrite) {
        const readBack = port.readBack;
        if (!readBack || state.where === undefined)
            return;
        let known = state.where;
        const sentAt = (lostWrite === 'open' ? lostOpens()?.lastSentAt : closeLost()?.at) ?? Date.now();
        const lost = lostWrite === 'open' ? 'its "in progress" write got no answer' : 'a write of its outcome got no answer';
        const lostWhyNow = (lostWrite === 'open' ? lostOpens()?.why : closeLost()?.why) ?? 'no answer';
        const holds = (why) => lostWrite === 'open'
            ? warn(port.words.mayNotHold(why, known), code('may-not-hold'), ...lateOpenCodes())
            : warn(port.words.mayNotHold(why, known), code('may-not-hold'), lateCloseCode());
        const late = () => (lostWrite === 'open' ? lateOpen() : (port.words.lateClose?.() ?? 'it stands over what came after it'));
        await waitToLand(sentAt);
        for (let rewrites = 0; !deadline.aborted; rewrites++) {
            known = state.where ?? known;
            const signals = signalsUntil(options.endAt);
            const stands = await withinBudget(readBack(known, signals, lostWrite, lostWrite === 'open' ? (lostOpens()?.count ?? 1) : 1), deadline).catch((error) => ({ unread: error }));
            if (typeof stands === 'object')
                return holds(`${lost}, and what stands could not be read back; if the ${port.api} applied that write after the outcome, ${late()} (the write: ${lostWhyNow}; the read back: ${why(stands.unread, signals, (0,limits/* lookupBudgetMs */.E_)(options.requestTimeoutMs, options.endAt))})`);
            if (stands === 'outcome')
                return;
            if (stands === 'unseen')
                return holds(`${lost} and was not seen applied ${(0,durations/* formatDuration */.a)(Math.max(0, Date.now() - sentAt))} after it was sent; if the ${port.api} applies it later, ${late()} (${lostWhyNow})`);
            const pause = rewrites === 0 ? 0 : retryPauseMs(rewrites);
            const left = timeLeft();
            if (rewrites > 0 && pause >= left)
                return holds(`${lost}, and what stands was still not the outcome after it was written again ${(0,src_text/* counted */.hS)(rewrites, 'time')}; the next write was due in ${(0,durations/* formatDuration */.a)(pause)}, longer than the ${(0,durations/* formatDuration */.a)(Math.max(0, left))} left of the step's time for writes, so the writes ended there; if the ${port.api} applied that write after the outcome, ${late()} (${lostWhyNow})`);
            const folded = rewrites >= 3 && rewrites % 10 !== 0;
            if (!folded)
                log.info(clean(`A write whose answer was lost was applied after the outcome; writing the outcome again${rewrites === 0 ? '' : ` in ${(0,durations/* formatDuration */.a)(pause)} (${(0,src_text/* counted */.hS)(rewrites, 'time')} so far)`}.`));
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
            tell({ type: 'open-running', done: runOpen().finally(() => tell({ type: 'open-ended' })) });
        },
        close(outcome) {
            if (state.close.at === 'closing')
                return state.close.done;
            closeBegan.abort();
            tell({ type: 'close-began' });
            const done = runClose(outcome)
                .catch((error) => {
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

/***/ 7649:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   u: () => (/* binding */ keptRecord)
/* harmony export */ });
/* harmony import */ var _step_limits_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2372);
/* harmony import */ var _lifecycle_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7128);


function keptRecord(plan, options) {
    const { startedAt, cancel, log, clean } = options;
    let kept = {
        at: 'unasked'
    };
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
                            ...(limits ? { openLookupEndAt: limits.startedAt + limits.timeoutMs } : {}),
                            log,
                            clean
                        })
                    };
        }
        return kept.at === 'kept' ? kept : undefined;
    };
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
            sayInstead();
        },
        async close(outcome, settings) {
            const closing = lifecycleOf([], settings);
            if (closing)
                return closing.lifecycle.close(outcome);
            sayInstead();
        }
    };
}


/***/ })

};
