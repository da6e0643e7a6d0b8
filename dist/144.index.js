export const id = 144;
export const ids = [144];
export const modules = {

/***/ 2144:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runSearchCheck: () => (/* binding */ runSearchCheck)
/* harmony export */ });
/* unused harmony exports searchRequestSchema, searchResponseSchema, DEFAULT_PAGE_SIZE, buildSearchRequest, judgeQuery */
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3305);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3109);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8992);



const searchRequestSchema = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .strictObject */ .rej({
    query: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._minLength */ .m9(1)),
    pageSize: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._gte */ .qm(1), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._lte */ .Zm(50))),
    scoreThreshold: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._gte */ .qm(0), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._lte */ .Zm(1))),
    filter: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .strictObject */ .rej({ version: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()), language: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()), tag: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()) }))
});
const searchResultSchema = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .looseObject */ ._H3({
    content: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    path: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    metadata: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ["catch"] */ .MfU(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J()), {})
});
const searchResponseSchema = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(searchResultSchema);
const DEFAULT_PAGE_SIZE = 10;
function buildSearchRequest(query, settings) {
    const filter = Object.keys(settings.filter).length > 0 ? settings.filter : undefined;
    return searchRequestSchema.parse({ query, pageSize: settings.pageSize, scoreThreshold: settings.scoreThreshold, filter });
}
function judgeQuery(query, results, settings) {
    const got = results.length === 0 ? 'nothing came back' : `got: ${results.slice(0, 5).map(describeResult).join('; ')}`;
    if (results.length < settings.minResults)
        return `search "${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(query, 100)}" returned ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .counted */ .hS)(results.length, 'result')}, expected at least ${settings.minResults}; ${got}`;
    const expected = settings.expectPath;
    if (expected !== undefined && !results.some((r) => r.path.includes(expected)))
        return `search "${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(query, 100)}" returned no result whose path contains "${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(expected, 100)}"; ${got}`;
    return undefined;
}
function describeResult(result) {
    const firstLine = result.content.split('\n').find((line) => line.trim() !== '') ?? '';
    return `${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(result.path, 120)} \u2014 ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(firstLine, 80)}`;
}
async function runSearchCheck(settings, deps) {
    const queries = [];
    const path = `/discovery/v1/search/${encodeURIComponent(settings.domain)}`;
    const keep = settings.pageSize ?? DEFAULT_PAGE_SIZE;
    for (const query of settings.queries) {
        if (deps.clock.now() >= deps.deadline)
            return { result: 'timeout', queries, error: `search "${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(query, 100)}" was not sent: the timeout ran out before it`, skipped: false };
        const json = buildSearchRequest(query, settings);
        const end = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .pollUntilSettled */ .zh)(async () => {
            const { timeoutMs, limit } = (0,_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .requestAllowance */ .U$)(deps.clock.now(), deps.deadline, deps.requestTimeoutMs);
            if (timeoutMs <= 0)
                return { kind: 'transient', reason: 'no time left before the deadline' };
            const answer = await deps.client.request({
                method: 'POST',
                path,
                key: settings.assistantKey,
                keyInput: 'assistant-key',
                json,
                timeoutMs,
                limit,
                signal: deps.signal
            });
            if (answer.kind !== 'ok')
                return answer.kind === 'not-found' ? { kind: 'fatal', reason: `${answer.reason} (is search-domain right?)` } : answer;
            const parsed = searchResponseSchema.safeParse(answer.body);
            if (!parsed.success)
                return { kind: 'transient', reason: 'the search answer is not the JSON expected (an array of results)' };
            return { kind: 'settled', value: parsed.data.slice(0, keep) };
        }, {
            ...(0,_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .scheduleOf */ .rH)(deps),
            onRetry: (reason, delayMs) => deps.onRetry?.(query, reason, delayMs)
        });
        switch (end.kind) {
            case 'settled': {
                const report = { query, results: end.value, problem: judgeQuery(query, end.value, settings) };
                queries.push(report);
                deps.onQuery(report);
                break;
            }
            case 'timeout':
                return {
                    result: 'error',
                    queries,
                    error: `search "${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(query, 100)}" had no answer before the timeout${end.lastProblem ? `; last problem: ${end.lastProblem}` : ''}`,
                    skipped: false
                };
            case 'cancelled':
                return { result: 'cancelled', queries, error: 'the run was cancelled during the search check', skipped: false };
            case 'error':
                return {
                    result: 'error',
                    queries,
                    error: `search "${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(query, 100)}": ${end.reason}`,
                    skipped: false,
                    ...(end.misconfigured ? { misconfigured: true } : {})
                };
        }
    }
    const failed = queries.filter((q) => q.problem !== undefined);
    if (failed.length === 0)
        return { result: 'success', queries, error: null, skipped: false };
    return { result: 'failure', queries, error: failed.map((q) => q.problem).join('\n'), skipped: false };
}


/***/ })

};
