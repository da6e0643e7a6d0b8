export const id = 267;
export const ids = [267];
export const modules = {

/***/ 4267:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  checkPages: () => (/* binding */ checkPages),
  previewSite: () => (/* binding */ previewSite),
  unreadablePages: () => (/* binding */ unreadablePages)
});

// UNUSED EXPORTS: comparable, foldCase, holdsText, pageAnswerProblem, pageRequestSchema

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./src/durations.ts
var durations = __webpack_require__(5534);
// EXTERNAL MODULE: ./src/engine/limit.ts
var engine_limit = __webpack_require__(9589);
// EXTERNAL MODULE: ./src/engine/poll.ts + 1 modules
var poll = __webpack_require__(3109);
// EXTERNAL MODULE: ./src/engine/outcome.ts
var outcome = __webpack_require__(938);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/site-address.ts
var site_address = __webpack_require__(1829);
// EXTERNAL MODULE: ./src/api/retry-after.ts
var retry_after = __webpack_require__(2465);
;// CONCATENATED MODULE: ./src/engine/site-pages.ts

const PAGE_ACCEPT = 'text/html, text/plain;q=0.9, */*;q=0.1';
function sitePagePath(path) {
    const bare = path.trim().replace(/^\/+/, '');
    const encoded = bare.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]+/g, (chars) => encodeURIComponent(chars));
    return `/${encoded}`;
}
function classifySiteAnswer(facts, headerGiven) {
    const { status } = facts;
    if (status === 200) {
        const type = (facts.contentType ?? '').toLowerCase();
        const text = /^text\/plain\b/.test(type) ? facts.bodyText : htmlText(facts.bodyText);
        return { kind: 'ok', body: { text, servedLength: facts.bodyText.length } };
    }
    if (status === 404 || status === 410)
        return { kind: 'not-found', reason: `HTTP ${status}: not found` };
    if (status === 401 || status === 403) {
        const next = headerGiven
            ? 'check the header in page-header: the site did not accept it (its value is not shown)'
            : 'if the pages are protected (a preview behind a login or a bypass token), give the header that lets a reader in as page-header';
        return { kind: 'fatal', misconfigured: true, reason: `HTTP ${status}: the site refused the page; ${next}` };
    }
    if (status === 408 || status === 429 || status >= 500) {
        const retryAfterMs = (0,retry_after/* parseRetryAfter */.mu)(facts.retryAfter, facts.now);
        const reason = `HTTP ${status} from the site`;
        return retryAfterMs === undefined ? { kind: 'transient', reason } : { kind: 'transient', reason, retryAfterMs };
    }
    return { kind: 'fatal', reason: `unexpected HTTP ${status} from the site` };
}
const HIDDEN_ELEMENTS = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
function htmlText(html) {
    return decodeEntities(html
        .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
        .replace(HIDDEN_ELEMENTS, ' ')
        .replace(/<\/?[A-Za-z!?][^>]*>/g, ' '));
}
const NAMED_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
function decodeEntities(text) {
    return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z]+));/g, (entity, decimal, hex, name) => {
        if (name !== undefined)
            return NAMED_ENTITIES[name] ?? entity;
        const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
        if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
            return entity;
        return String.fromCodePoint(code);
    });
}

;// CONCATENATED MODULE: ./src/engine/pages.ts








const pageRequestSchema = schemas/* strictObject */.rej({ path: schemas/* string */.YjP().check(api/* _minLength */.m9(1)) });
const pageAnswerSchema = schemas/* looseObject */._H3({ path: schemas/* catch */.MfU(schemas/* optional */.lqM(schemas/* string */.YjP()), undefined), content: schemas/* string */.YjP() });
function samePage(a, b) {
    const bare = (path) => path.trim().replace(/^\/+|\/+$/g, '');
    return bare(a) === bare(b);
}
function pageAnswerProblem(asked, answered) {
    if (answered !== undefined && samePage(asked, answered))
        return undefined;
    const which = answered === undefined || answered.trim() === '' ? 'names no page (no "path")' : `is the page "${(0,src_text/* oneLine */.TN)(answered, 200)}"`;
    return `the answer for page "${(0,src_text/* oneLine */.TN)(asked, 200)}" ${which}, so it is not used. Check that base-url is the platform's API and that no proxy or catch-all server answers in its place`;
}
const MAX_PAGES_IN_FLIGHT = 4;
function foldCase(text) {
    return text
        .normalize('NFKC')
        .toUpperCase()
        .toLowerCase()
        .replace(/i\u0307/g, 'i')
        .normalize('NFC');
}
function comparable(text) {
    return foldCase(text).replace(/\s+/g, ' ').trim();
}
function holdsText(content, wanted) {
    return comparable(content).includes(comparable(wanted));
}
function discoveryReader(path, settings, deps) {
    const apiPath = `/discovery/v1/page/${encodeURIComponent(settings.domain)}`;
    const json = pageRequestSchema.parse({ path });
    return async (timeoutMs) => {
        const answer = await deps.client.request({
            method: 'POST',
            path: apiPath,
            key: settings.assistantKey,
            keyInput: 'assistant-key',
            json,
            timeoutMs,
            signal: deps.signal
        });
        if (answer.kind === 'fatal' && /^unexpected HTTP 400\b/.test(answer.reason))
            return { kind: 'fatal', reason: `${answer.reason} (check page-path)`, misconfigured: true };
        if (answer.kind !== 'ok')
            return answer;
        const page = pageAnswerSchema.safeParse(answer.body);
        if (!page.success)
            return { kind: 'not-the-page', reason: 'the page answer is not the JSON expected (an object with a string "content")' };
        const another = pageAnswerProblem(path, page.data.path);
        if (another)
            return { kind: 'not-the-page', reason: another };
        return { kind: 'page', content: page.data.content, length: page.data.content.length };
    };
}
function siteReader(path, site, deps) {
    const headers = site.header ? { [site.header.name]: site.header.value } : undefined;
    const pagePath = sitePagePath(path);
    return async (timeoutMs) => {
        if (!deps.site)
            return { kind: 'fatal', reason: 'the site cannot be read: no client was opened for site-url' };
        const answer = await deps.site.request({
            method: 'GET',
            path: pagePath,
            accept: PAGE_ACCEPT,
            ...(headers ? { headers } : {}),
            timeoutMs,
            signal: deps.signal,
            classify: (facts) => classifySiteAnswer(facts, headers !== undefined)
        });
        if (answer.kind !== 'ok')
            return answer;
        const page = answer.body;
        return { kind: 'page', content: page.text, length: page.servedLength };
    };
}
function previewSite(settings, trigger) {
    const site = settings.site;
    if (site?.url !== 'preview')
        return { site };
    const address = trigger?.kind === 'preview' ? trigger.previewUrl : undefined;
    const fix = "give site-url the preview's address itself, or remove site-url to read the pages through the discovery API";
    if (!address)
        return {
            problem: `site-url is preview, but the platform's answer that started the preview gave no address (previewUrl), so its pages cannot be read; ${fix}`
        };
    const problems = (0,site_address/* siteUrlProblems */.fS)(address);
    if (problems.length > 0)
        return { problem: `site-url is preview, but the preview's address the platform answered cannot be read from: it ${problems.join('; it ')}; ${fix}` };
    return { site: { url: (0,site_address/* siteBase */.pV)(address), header: site.header } };
}
function unreadablePages(paths, reason) {
    const pages = paths.map((path) => ({
        path,
        result: 'error',
        found: false,
        contains: null,
        length: null,
        reads: 0,
        liveAfterMs: undefined,
        error: `page "${(0,src_text/* oneLine */.TN)(path, 200)}" was not read: ${reason}`
    }));
    return { skipped: false, result: 'error', pages, error: pages.map((page) => page.error).join('\n') };
}
async function checkPages(settings, deps) {
    const limit = (0,engine_limit/* createLimiter */.z)(MAX_PAGES_IN_FLIGHT);
    const pages = await Promise.all(settings.paths.map((path) => limit(() => checkPage(path, settings, deps))));
    const result = (0,outcome/* worstResult */.NG)(pages.map((page) => page.result));
    const failing = pages.filter((page) => page.error !== null);
    const ran = { skipped: false, result, pages, error: failing.length > 0 ? failing.map((page) => page.error).join('\n') : null };
    if (pages.some((page) => page.misconfigured))
        ran.misconfigured = true;
    if (settings.site)
        ran.site = (0,src_text/* baseAddress */.uU)(settings.site.url);
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
    const read = settings.site ? siteReader(path, settings.site, deps) : discoveryReader(path, settings, deps);
    let state;
    let missingStatus = '404';
    const seen = (next) => {
        state = next;
        deps.onRead?.(path, next, report.reads, deps.clock.now() - deps.startedAt, next === 'missing' ? missingStatus : undefined);
    };
    const attempt = async () => {
        const timeoutMs = (0,poll/* requestBudget */.nI)(deps.clock.now(), deps.deadline, deps.requestTimeoutMs);
        if (timeoutMs <= 0)
            return { kind: 'transient', reason: 'no time left before the deadline' };
        report.reads++;
        const answer = await read(timeoutMs);
        if (deps.signal.aborted)
            return { kind: 'transient', reason: 'cancelled' };
        if (answer.kind === 'not-found') {
            missingStatus = /^HTTP (\d{3})\b/.exec(answer.reason)?.[1] ?? '404';
            report.found = false;
            report.length = null;
            if (wanted !== undefined)
                report.contains = false;
            seen('missing');
            return { kind: 'pending' };
        }
        if (answer.kind === 'not-the-page') {
            state = undefined;
            report.found = false;
            report.length = null;
            if (wanted !== undefined)
                report.contains = false;
            return { kind: 'transient', reason: answer.reason };
        }
        if (answer.kind !== 'page')
            return answer;
        report.found = true;
        report.length = answer.length;
        if (wanted !== undefined)
            report.contains = holdsText(answer.content, wanted);
        if (report.contains === false) {
            seen('lacking');
            return { kind: 'pending' };
        }
        seen('live');
        return { kind: 'settled', value: true };
    };
    const end = await (0,poll/* pollUntilSettled */.zh)(attempt, {
        ...(0,poll/* scheduleOf */.rH)(deps)
    });
    const named = `page "${(0,src_text/* oneLine */.TN)(path, 200)}"`;
    const reads = (0,src_text/* counted */.hS)(report.reads, 'read');
    switch (end.kind) {
        case 'settled':
            report.result = 'success';
            report.liveAfterMs = deps.clock.now() - deps.startedAt;
            break;
        case 'timeout': {
            const waited = `when the timeout ran out, after ${reads} over ${(0,durations/* formatDuration */.a)(deps.clock.now() - deps.startedAt)}`;
            if (state === 'missing') {
                report.result = 'failure';
                report.error = `${named} was not found (HTTP ${missingStatus}) ${waited}`;
            }
            else if (state === 'lacking') {
                report.result = 'failure';
                report.error = `${named} was found, but does not contain "${(0,src_text/* oneLine */.TN)(wanted ?? '', 100)}" (page-contains; case and runs of whitespace ignored) ${waited}`;
            }
            else {
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
