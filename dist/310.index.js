export const id = 310;
export const ids = [310];
export const modules = {

/***/ 8310:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkPages: () => (/* binding */ checkPages)
/* harmony export */ });
/* unused harmony exports pageRequestSchema, pageAnswerProblem, foldCase, comparable, holdsText */
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3305);
/* harmony import */ var _durations_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5534);
/* harmony import */ var _limit_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9589);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3109);
/* harmony import */ var _outcome_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(938);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8992);






/** The platform's request to read a page; a request is built from it so nothing else is sent. */
const pageRequestSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({ path: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1)) });
/** A page as the discovery API gives it: the path it is the page of, and its full text. */
const pageAnswerSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .looseObject */ ._H3({ path: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["catch"] */ .MfU(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()), undefined), content: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP() });
/** A page path as compared: without the slashes at either end (`/quickstart/` is `quickstart`). */
function samePage(a, b) {
    const bare = (path) => path.trim().replace(/^\/+|\/+$/g, '');
    return bare(a) === bare(b);
}
/**
 * Why a page answer is not the page asked for, or undefined when it is: its `path` must name
 * that page, so that a server that answers every request with one page (a catch-all, a
 * captive portal) never makes another page "live".
 */
function pageAnswerProblem(asked, answered) {
    if (answered !== undefined && samePage(asked, answered))
        return undefined;
    const which = answered === undefined || answered.trim() === '' ? 'names no page (no "path")' : `is the page "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(answered, 200)}"`;
    return `the answer for page "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(asked, 200)}" ${which}, so it is not used. Check that base-url is the platform's API and that no proxy or catch-all server answers in its place`;
}
/** Pages read at once. */
const MAX_PAGES_IN_FLIGHT = 4;
/**
 * Text with its case folded, as Unicode's full case folding does for the cases that matter here:
 * compatibility forms first (NFKC: `\u{fb01}` is `fi`, `\u{ff21}` is `A`), then every letter to its upper case
 * and back (`\u{df}` \u{2192} `SS` \u{2192} `ss`, a final `\u{3c2}` \u{2192} `\u{3c3}`), and the dot above that lower-casing `\u{130}` leaves
 * is dropped (`\u{130}stanbul` is `istanbul`). `toLowerCase` alone keeps `\u{df}` and `ss` apart.
 */
function foldCase(text) {
    return text
        .normalize('NFKC')
        .toUpperCase()
        .toLowerCase()
        .replace(/i\u0307/g, 'i')
        .normalize('NFC');
}
/** Text as it is compared: case (folded) and runs of whitespace do not count. */
function comparable(text) {
    return foldCase(text).replace(/\s+/g, ' ').trim();
}
/** Whether `content` holds `wanted`, case and runs of whitespace ignored. */
function holdsText(content, wanted) {
    return comparable(content).includes(comparable(wanted));
}
/**
 * Reads every page until it is found and holds the text, on the poll schedule, until the
 * deadline. A 404 or a page without the text is "not yet": the new version may still be
 * spreading. Never throws.
 */
async function checkPages(settings, deps) {
    const limit = (0,_limit_js__WEBPACK_IMPORTED_MODULE_5__/* .createLimiter */ .z)(MAX_PAGES_IN_FLIGHT);
    const pages = await Promise.all(settings.paths.map((path) => limit(() => checkPage(path, settings, deps))));
    const result = (0,_outcome_js__WEBPACK_IMPORTED_MODULE_6__/* .worstResult */ .NG)(pages.map((page) => page.result));
    const failing = pages.filter((page) => page.error !== null);
    const ran = { skipped: false, result, pages, error: failing.length > 0 ? failing.map((page) => page.error).join('\n') : null };
    if (pages.some((page) => page.misconfigured))
        ran.misconfigured = true;
    return ran;
}
async function checkPage(path, settings, deps) {
    const wanted = settings.contains;
    const report = {
        path,
        result: 'error',
        found: false,
        contains: wanted === undefined ? null : false,
        length: null,
        reads: 0,
        liveAfterMs: undefined,
        error: null
    };
    const apiPath = `/discovery/v1/page/${encodeURIComponent(settings.domain)}`;
    const json = pageRequestSchema.parse({ path });
    let state;
    const seen = (next) => {
        state = next;
        deps.onRead?.(path, next, report.reads, deps.clock.now() - deps.startedAt);
    };
    const attempt = async () => {
        const timeoutMs = (0,_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .requestBudget */ .nI)(deps.clock.now(), deps.deadline, deps.requestTimeoutMs);
        if (timeoutMs <= 0)
            return { kind: 'transient', reason: 'no time left before the deadline' };
        report.reads++;
        const answer = await deps.client.request({
            method: 'POST',
            path: apiPath,
            key: settings.assistantKey,
            keyInput: 'assistant-key',
            json,
            timeoutMs,
            signal: deps.signal
        });
        if (deps.signal.aborted)
            return { kind: 'transient', reason: 'cancelled' };
        if (answer.kind === 'not-found') {
            // Not found, or no search index yet: the page may still be on its way.
            report.found = false;
            report.length = null;
            if (wanted !== undefined)
                report.contains = false;
            seen('missing');
            return { kind: 'pending' };
        }
        // The platform refused the path itself: a page-path to fix, not a fault that passes.
        if (answer.kind === 'fatal' && /^unexpected HTTP 400\b/.test(answer.reason))
            return { kind: 'fatal', reason: `${answer.reason} (check page-path)`, misconfigured: true };
        if (answer.kind !== 'ok')
            return answer;
        // An answer that is not this page (another page's, a catch-all's) says nothing of the page,
        // and replaces what an earlier read said of it: at the deadline, it could not be told.
        const notThePage = (reason) => {
            state = undefined;
            report.found = false;
            report.length = null;
            if (wanted !== undefined)
                report.contains = false;
            return { kind: 'transient', reason };
        };
        const page = pageAnswerSchema.safeParse(answer.body);
        if (!page.success)
            return notThePage('the page answer is not the JSON expected (an object with a string "content")');
        const another = pageAnswerProblem(path, page.data.path);
        if (another)
            return notThePage(another);
        report.found = true;
        report.length = page.data.content.length;
        if (wanted !== undefined)
            report.contains = holdsText(page.data.content, wanted);
        if (report.contains === false) {
            seen('lacking');
            return { kind: 'pending' };
        }
        seen('live');
        return { kind: 'settled', value: true };
    };
    const end = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .pollUntilSettled */ .zh)(attempt, {
        ...(0,_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .scheduleOf */ .rH)(deps)
    });
    const named = `page "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(path, 200)}"`;
    const reads = (0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .counted */ .hS)(report.reads, 'read');
    switch (end.kind) {
        case 'settled':
            report.result = 'success';
            report.liveAfterMs = deps.clock.now() - deps.startedAt;
            break;
        case 'timeout': {
            const waited = `when the timeout ran out, after ${reads} over ${(0,_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(deps.clock.now() - deps.startedAt)}`;
            if (state === 'missing') {
                report.result = 'failure';
                report.error = `${named} was not found (HTTP 404) ${waited}`;
            }
            else if (state === 'lacking') {
                report.result = 'failure';
                report.error = `${named} was found, but does not contain "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(wanted ?? '', 100)}" (page-contains; case and runs of whitespace ignored) ${waited}`;
            }
            else {
                // Never read: whether it is live could not be learnt, which no setting lets pass.
                report.result = 'error';
                report.error = `${named} could not be read before the timeout${end.lastProblem ? `; last problem: ${end.lastProblem}` : ''}`;
            }
            break;
        }
        case 'cancelled':
            report.result = 'cancelled';
            report.error = `${named}: the run was cancelled before it was found live`;
            break;
        case 'error':
            report.result = 'error';
            report.error = `${named}: ${end.reason}`;
            if (end.misconfigured)
                report.misconfigured = true;
            break;
    }
    return report;
}


/***/ })

};
