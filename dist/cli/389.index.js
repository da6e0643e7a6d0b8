export const id = 389;
export const ids = [389];
export const modules = {

/***/ 2296:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PP: () => (/* binding */ explainTarget),
/* harmony export */   e9: () => (/* binding */ checkNext),
/* harmony export */   pI: () => (/* binding */ problemAsGiven)
/* harmony export */ });
/* harmony import */ var _durations_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5534);
/* harmony import */ var _engine_wait_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7778);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8992);
/* harmony import */ var _evidence_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3877);
/* harmony import */ var _explainer_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6434);
/* harmony import */ var _place_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8141);






function explainTarget(t, options = {}) {
    const place = options.place ?? _place_js__WEBPACK_IMPORTED_MODULE_5__/* .GITHUB_ACTIONS_PLACE */ .ME;
    const input = place.input;
    if (t.ref.kind === 'platform-check' && t.result !== 'success')
        return explainPlatformCheck(t, place);
    const noun = t.ref.kind === 'update' ? 'update' : 'agent job';
    const error = t.error ? (0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(t.error, 600) : undefined;
    switch (t.result) {
        case 'success':
            return (0,_explainer_js__WEBPACK_IMPORTED_MODULE_4__/* .succeededTarget */ .ZP)(t);
        case 'failure': {
            if ((0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .wrongCommit */ .ru)(t))
                return {
                    reason: `did not deploy the expected commit: ${error ?? 'its record names another commit'}`,
                    next: options.expectedCommit ??
                        `check that the platform deploys the branch this run is for and that the update started after the push; remove ${input('expect-sha')} if any commit will do`
                };
            if (t.ref.kind === 'update') {
                const summary = (0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .updateSummary */ .MT)(t);
                const files = (0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .namedFiles */ .VI)(t, options.docsRoot);
                const shown = (0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .namedFiles */ .VI)(t, options.docsRoot, true).filter((file) => file !== files[0]).length;
                const others = files.length - 1;
                const how = place.annotates ? 'annotated in the workflow run' : 'quoted above';
                const where = others === 0
                    ? place.annotates
                        ? ' (named in its log and annotated in the workflow run)'
                        : ' (named in its log)'
                    : shown === others
                        ? ` (and ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .counted */ .hS)(others, 'other file')} its log names; each is ${how})`
                        : ` (and ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .counted */ .hS)(others, 'other file')} its log names; ${shown} of them ${shown === 1 ? 'is' : 'are'} ${how}, every one is in its log)`;
                return {
                    reason: summary ? `failed: \u201c${summary}\u201d` : `failed (status "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(t.status, 80)}")`,
                    next: files[0]
                        ? `fix ${files[0]}${where}, push, and let the update run again`
                        : `read the update log in ${place.details}, fix the docs source, and run the update again`
                };
            }
            const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined;
            const where = prLink ? `its pull request: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(prLink, 300)}` : `job id ${t.ref.id}`;
            if (t.status === 'failed')
                return { reason: `failed (status "failed"; ${where})`, next: 'open the job in the dashboard to read why it failed, then start it again' };
            const next = t.status === 'archived'
                ? `set ${input('accept-archived')} to true if an archived job is fine, else start the job again`
                : `read the job in the dashboard to see why it opened no pull request, or drop ${input('require-pr')}`;
            return { reason: `did not succeed: ${error ?? `it ended with status "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(t.status, 80)}"`} (${where})`, next };
        }
        case 'timeout': {
            const status = t.status ? `still "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(t.status, 80)}"` : 'never answered with a status';
            const waited = `after ${(0,_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(t.finishedAfterMs)}`;
            const problem = lastProblem(t.error);
            const raise = options.timeoutMs === undefined ? `raise ${input('timeout')}` : `raise ${input('timeout')} (now ${(0,_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(options.timeoutMs)})`;
            if (problem && !t.status)
                return { reason: `${status} ${waited}: ${problem}`, next: networkNext(problem, place) };
            return {
                reason: `${status} ${waited}${problem ? ` (last problem: ${problem})` : ''}`,
                next: `if this ${noun} usually takes longer, ${raise}; if it is stuck, check it in the dashboard`
            };
        }
        case 'cancelled':
            if (t.stoppedByFailFast)
                return { reason: error ?? 'stopped by fail-fast', next: 'fix the target that failed first; this one was stopped because of it' };
            return {
                reason: `had not settled when the wait on it was cancelled${t.status ? ` (last status "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(t.status, 80)}")` : ''}; only the wait was cancelled, not the ${noun}`,
                next: `follow the ${noun} in the dashboard, or ${place.rerun} to wait on it again`
            };
        case 'error': {
            if ((0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .unknownEnd */ .EI)(t)) {
                const summary = (0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .updateSummary */ .MT)(t);
                return {
                    reason: `ended with status "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(t.status, 80)}", which this action does not know, so it does not count as success${summary ? `: \u201c${summary}\u201d` : ''}`,
                    next: `its status, summary and last log lines are in ${place.details}; check in the dashboard how the update ended, then run it again`
                };
            }
            const never = t.status ? undefined : (0,_engine_wait_js__WEBPACK_IMPORTED_MODULE_1__/* .neverReadProblem */ .UN)(t.error);
            if (never)
                return { reason: `never answered with a status after ${(0,_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(t.finishedAfterMs)}: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(never, 300)}`, next: networkNext(never, place) };
            return explainError(t, error ?? 'no reason was given', place);
        }
    }
}
function explainPlatformCheck(t, place) {
    const input = place.input;
    const error = (0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(t.error ?? t.result, 600);
    const timeout = input('timeout');
    switch (t.result) {
        case 'failure':
            return {
                reason: `failed: ${error}`,
                next: 'open what the platform reported (its address is the platform-check-url output) to read why the deploy failed, fix it, and push again'
            };
        case 'timeout':
            if (/ appeared on commit /.test(error))
                return {
                    reason: `never appeared: ${error.replace(/\. Check that the platform's app .*$/, '')}`,
                    next: `check that the platform's app is installed on this repository and deploys this branch, and that ${input('platform-check')} is the name it writes on the commit (the names found are above); if it starts late, raise ${timeout}`
                };
            return {
                reason: `did not complete in time: ${error}`,
                next: `if the platform's deploy usually takes longer, raise ${timeout}; if it is stuck, open its address and check it on the platform`
            };
        case 'cancelled':
            if (t.stoppedByFailFast)
                return { reason: error, next: 'fix the target that failed first; this one was stopped because of it' };
            if (error.startsWith('the run was cancelled'))
                return {
                    reason: `had not settled when the wait on it was cancelled${t.status ? ` (last status "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(t.status, 80)}")` : ''}; only the wait was cancelled, not the platform's deploy`,
                    next: `follow the deploy on the platform, or ${place.rerun} to wait on it again`
                };
            return {
                reason: `was cancelled on the platform: ${error}`,
                next: `a newer push may have replaced this deploy; start it again on the platform, or push again, then ${place.rerun}`
            };
        default: {
            if (/\b(checks: read|statuses: read|deployments: read)\b/.test(error))
                return {
                    reason: `could not be read: ${error}`,
                    next: `add \`checks: read\`, \`statuses: read\` and \`deployments: read\` to the job's \`permissions\` (or pass in ${input('github-token')} a token that has them), then ${place.rerun}`
                };
            return { reason: `could not be read: ${error}`, next: `see ${place.details} for details; ${place.rerun} if the cause was passing` };
        }
    }
}
function lastProblem(error) {
    const found = error ? /; last problem: (.*)$/.exec(error) : null;
    return found?.[1] ? (0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(found[1], 300) : undefined;
}
function networkNext(problem, place) {
    const baseUrl = place.input('base-url');
    if (/^nothing answered at base-url\b/.test(problem))
        return unreachableNext(place);
    if (/^no complete answer within .*\(request-timeout\)/.test(problem))
        return `the platform did not answer within ${place.input('request-timeout')}: if it is this slow, raise ${place.input('request-timeout')}; if it stays silent, check its status page, then ${place.rerun}`;
    if (/^HTTP 5\d\d/.test(problem))
        return `the platform kept answering with a server error: check its status page, then ${place.rerun}`;
    if (/^HTTP 429/.test(problem))
        return `the platform kept asking to slow down: run fewer waits on the same key at once, or raise ${place.input('timeout')}`;
    if (/record has an empty "status"$/.test(problem))
        return 'the platform answered, but without a status: check it in the dashboard, and report the empty status to the platform if it stays';
    if (/not JSON|not the JSON expected/.test(problem))
        return `check that ${baseUrl} is the address of the platform API (the answers were not its JSON; a proxy or web page may be in between)`;
    const from = place.kind === 'github' ? 'the runner (and HTTPS_PROXY / NO_PROXY on self-hosted runners)' : 'where this runs (and HTTPS_PROXY / NO_PROXY)';
    return `check that ${baseUrl} is right and reachable from ${from}, then ${place.rerun}`;
}
function checkNext(check, result, error, place, site) {
    const input = place.input;
    if (result === 'cancelled')
        return `nothing is wrong with the docs or the inputs as far as is known: the run was cancelled during the ${check}; ${place.rerun} to check again`;
    const first = error.split('\n')[0] ?? '';
    const problem = lastProblem(first) ?? (first.includes('": ') ? first.slice(first.indexOf('": ') + 3) : first);
    if (/^nothing answered at base-url\b/.test(problem))
        return unreachableNext(place);
    if (site !== undefined) {
        if (result === 'timeout' && !lastProblem(error))
            return `if the pages take longer to be served, raise ${input('timeout')}`;
        return siteNext(problem, site, place);
    }
    if (/^HTTP 401\b/.test(problem))
        return `put a current assistant API key in the secret passed as ${input('assistant-key')}`;
    if (/^HTTP 403\b/.test(problem))
        return `pass in ${input('assistant-key')} a key of the project whose docs ${input('search-domain')} names`;
    if (/check page-path\)$/.test(problem))
        return `check ${input('page-path')}: the platform refused a path (each is a page's path as search results give it, such as quickstart, without the docs root or a file extension)`;
    if (result === 'timeout' || lastProblem(error) !== undefined) {
        if (!lastProblem(error))
            return `if the docs take longer to be published, raise ${input('timeout')}`;
        return networkNext(problem, place).replace('run fewer waits on the same key at once', 'run fewer checks on the same assistant key at once');
    }
    return `check ${input('search-domain')} and ${input('assistant-key')}, and that ${input('base-url')} reaches the discovery API`;
}
function siteNext(problem, site, place) {
    const input = place.input;
    if (/^HTTP 40[13]\b/.test(problem))
        return `the site (${site}) refused to serve the pages: give the header that lets a reader in (a preview's bypass token) in ${input('page-header')}, or check the one given; then ${place.rerun}`;
    if (/another origin than site-url\b/.test(problem))
        return `set ${input('site-url')} to the address the pages are served from, then ${place.rerun}`;
    if (/^HTTP 5\d\d/.test(problem))
        return `the site (${site}) kept answering with a server error: check that it is up, then ${place.rerun}`;
    if (/^HTTP 429/.test(problem))
        return `the site (${site}) kept asking to slow down: raise ${input('min-interval')}, or read fewer pages at once`;
    if (/^no complete answer within .*\(request-timeout\)/.test(problem))
        return `the site (${site}) did not answer within ${input('request-timeout')}: if it is this slow, raise ${input('request-timeout')}; then ${place.rerun}`;
    return `check that ${input('site-url')} (${site}) is the address readers are served the docs from, and that it is reachable from here; then ${place.rerun}`;
}
function unreachableNext(place) {
    return `check ${place.input('base-url')}: it must be the address of the platform API, reachable from here; then ${place.rerun}`;
}
function explainError(t, error, place) {
    const input = place.input;
    if (/^nothing answered at base-url\b/.test(error))
        return { reason: `could not be read: ${error}`, next: unreachableNext(place) };
    const idInput = t.ref.kind === 'update' ? input('status-id') : `${input('job-id')} and ${input('project-id')}`;
    if (/^HTTP 401\b/.test(error)) {
        const key = /rejected ([\w-]+)/.exec(error)?.[1] ?? 'admin-key';
        return { reason: `could not be read: the platform rejected ${key} (HTTP 401)`, next: `put a current API key in the secret passed as ${input(key)}` };
    }
    if (/^HTTP 403\b/.test(error)) {
        const key = /^HTTP 403: ([\w-]+)/.exec(error)?.[1] ?? 'admin-key';
        return {
            reason: `could not be read: ${key} is not allowed to read it (HTTP 403)`,
            next: `pass in ${input(key)} a key of the project that owns this ${t.ref.kind === 'update' ? 'update' : 'job'}`
        };
    }
    if (/^HTTP 404\b/.test(error))
        return {
            reason: `was not found (${error})`,
            next: `check ${idInput}: the id must come from the step that started it, for the project of the key`
        };
    return { reason: `ended with an error: ${error}`, next: `see ${place.details} for details; ${place.rerun} if the cause was passing` };
}
function problemAsGiven(problem, place = _place_js__WEBPACK_IMPORTED_MODULE_5__/* .GITHUB_ACTIONS_PLACE */ .ME) {
    if (place.kind === 'github')
        return problem;
    const named = /^([a-z][a-z0-9-]*): /.exec(problem);
    return named?.[1] ? `${place.input(named[1])}: ${problem.slice(named[0].length)}` : problem;
}


/***/ }),

/***/ 3877:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BT: () => (/* binding */ errorLinesLeftOut),
/* harmony export */   EI: () => (/* binding */ unknownEnd),
/* harmony export */   Gi: () => (/* binding */ quotedLines),
/* harmony export */   MT: () => (/* binding */ updateSummary),
/* harmony export */   VI: () => (/* binding */ namedFiles),
/* harmony export */   X: () => (/* binding */ fileRefText),
/* harmony export */   fM: () => (/* binding */ fileAnnotations),
/* harmony export */   ru: () => (/* binding */ wrongCommit),
/* harmony export */   vw: () => (/* binding */ quotedLine)
/* harmony export */ });
/* unused harmony exports MAX_ERROR_LINES, allErrorLines, errorLines, fileRefOf */
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8992);
/* harmony import */ var _engine_targets_states_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2853);
/* harmony import */ var _engine_wait_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7778);



const MAX_ERROR_LINES = 5;
const ERROR_WORDS = /\b(?:error|errors|failed|failure|fatal|exception|invalid|broken|cannot|can't|could not|unable|not found|missing|denied)\b/i;
function allErrorLines(logs) {
    return logs.filter((line) => ERROR_WORDS.test(line));
}
function errorLines(logs) {
    const all = allErrorLines(logs);
    return all.length <= MAX_ERROR_LINES ? all : [all[0], ...all.slice(1 - MAX_ERROR_LINES)];
}
function errorLinesLeftOut(logs) {
    return Math.max(0, allErrorLines(logs).length - MAX_ERROR_LINES);
}
function quotedLine(line) {
    const cut = (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(line, 300);
    const ref = fileRefOf(line);
    return ref && !cut.includes(ref.file) ? `${cut} [${fileRefText(ref)}]` : cut;
}
function fileRefText(ref) {
    return ref.line === undefined ? ref.file : `${ref.file}:${ref.line}`;
}
const FILE_REF = /(?:^|[\s'"(`[])((?:[\w@-][\w.@-]*[\\/])*[\w@-][\w.@-]*\.(?:mdx|md|markdown|ya?ml|json|jsx?|tsx?|css|png|jpe?g|svg))(?::(\d{1,7}))?\b/;
function fileRefOf(line) {
    const match = FILE_REF.exec(line);
    const file = match?.[1]?.replace(/\\/g, '/');
    if (!match || !file || file.split('/').some((part) => part === '..' || part === '.'))
        return undefined;
    const lineNumber = match[2] ? Number(match[2]) : undefined;
    return lineNumber && lineNumber > 0 ? { file, line: lineNumber } : { file };
}
function wrongCommit(t) {
    return t.ref.kind === 'update' && t.result === 'failure' && (0,_engine_targets_states_js__WEBPACK_IMPORTED_MODULE_1__/* .listed */ .K)(_engine_targets_states_js__WEBPACK_IMPORTED_MODULE_1__/* .TERMINAL_STATES */ .k.update.success, t.status);
}
function quotedLines(t) {
    return failedByItself(t) ? errorLines(t.logs) : [];
}
function namedFiles(t, docsRoot = '', quoted = false) {
    if (!failedByItself(t))
        return [];
    const lines = quoted ? errorLines(t.logs) : allErrorLines(t.logs);
    return [...new Set(lines.flatMap((line) => fileRefOf(line) ?? []).map((ref) => fileRefText(docsRoot ? { ...ref, file: `${docsRoot}/${ref.file}` } : ref)))];
}
const failedByItself = (t) => t.ref.kind === 'update' && t.result === 'failure' && !wrongCommit(t);
function fileAnnotations(outcome, docsRoot = '') {
    const seen = new Set();
    const annotations = [];
    for (const t of outcome.targets) {
        for (const line of quotedLines(t)) {
            const ref = fileRefOf(line);
            if (!ref)
                continue;
            const key = `${ref.file}:${ref.line ?? ''}`;
            if (seen.has(key))
                continue;
            seen.add(key);
            annotations.push({ ...ref, file: docsRoot ? `${docsRoot}/${ref.file}` : ref.file, message: `${(0,_engine_wait_js__WEBPACK_IMPORTED_MODULE_2__/* .describeRef */ .Ro)(t.ref)} failed: ${quotedLine(line)}` });
        }
    }
    return annotations.slice(0, MAX_ERROR_LINES);
}
function unknownEnd(t) {
    if (t.ref.kind !== 'update' || t.result !== 'error' || t.parsed?.kind !== 'update' || t.status === '')
        return false;
    const { success, failure, pending } = _engine_targets_states_js__WEBPACK_IMPORTED_MODULE_1__/* .TERMINAL_STATES */ .k.update;
    return ![success, failure, pending].some((list) => (0,_engine_targets_states_js__WEBPACK_IMPORTED_MODULE_1__/* .listed */ .K)(list, t.status));
}
function updateSummary(t) {
    const summary = t.parsed?.kind === 'update' ? t.parsed.data.summary?.trim() : undefined;
    if (!summary || /^update (?:failure|failed|success|queued|in progress)$/i.test(summary))
        return undefined;
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(summary, 300);
}


/***/ }),

/***/ 7389:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   explainRun: () => (/* binding */ explainRun),
/* harmony export */   explainTarget: () => (/* reexport safe */ _advice_js__WEBPACK_IMPORTED_MODULE_2__.PP),
/* harmony export */   failureMessage: () => (/* binding */ failureMessage),
/* harmony export */   fileAnnotations: () => (/* reexport safe */ _evidence_js__WEBPACK_IMPORTED_MODULE_3__.fM),
/* harmony export */   unknownEndOf: () => (/* binding */ unknownEndOf)
/* harmony export */ });
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8992);
/* harmony import */ var _engine_outcome_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(938);
/* harmony import */ var _engine_wait_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7778);
/* harmony import */ var _advice_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2296);
/* harmony import */ var _evidence_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3877);
/* harmony import */ var _explainer_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6434);
/* harmony import */ var _place_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8141);
/* harmony import */ var _titles_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6023);










const MAX_TARGETS_LISTED = 10;
function explainRun(outcome, options = {}) {
    const place = options.place ?? _place_js__WEBPACK_IMPORTED_MODULE_5__/* .GITHUB_ACTIONS_PLACE */ .ME;
    const input = place.input;
    if (outcome.problems.length > 0)
        return { lead: [outcome.headline], quoted: [outcome.problems.map((problem) => (0,_advice_js__WEBPACK_IMPORTED_MODULE_2__/* .problemAsGiven */ .pI)(problem, place))], next: place.fixInputs };
    if (outcome.notWritten !== undefined)
        return { lead: [outcome.headline], quoted: [], next: '' };
    if (outcome.trigger && outcome.trigger.result !== 'success')
        return { lead: [outcome.headline], quoted: [], next: '' };
    if (outcome.result === 'success')
        return (0,_explainer_js__WEBPACK_IMPORTED_MODULE_4__/* .succeededRun */ .TY)(outcome);
    if (outcome.dryRun && outcome.result === 'error')
        return { lead: [outcome.headline], quoted: [], next: 'fix what each failed check of the dry run names (its line in the log), then run the dry run again' };
    const failing = outcome.targets.filter((t) => t.result !== 'success');
    if (failing.length === 0) {
        const pages = outcome.pages;
        if (pages && !pages.skipped && pages.result !== 'success') {
            const error = pages.pages.find((page) => page.result === pages.result)?.error ?? pages.error ?? '';
            if (pages.pages.every((page) => page.reads === 0))
                return { lead: [outcome.headline], quoted: [], next: '' };
            const next = pages.result === 'failure'
                ? pages.site
                    ? `check ${input('page-path')} (paths below ${input('site-url')}, as readers open them), ${input('site-url')} and ${input('page-contains')} against the pages the site (${pages.site}) serves; if the change takes longer to show, raise ${input('timeout')}`
                    : `check ${input('page-path')} (paths as search results give them), ${input('search-domain')} and ${input('page-contains')} against the published docs; if the change takes longer to show, raise ${input('timeout')}`
                : (0,_advice_js__WEBPACK_IMPORTED_MODULE_2__/* .checkNext */ .e9)('page check', pages.result, error, place, pages.site);
            return { lead: [outcome.headline], quoted: [], next };
        }
        const search = outcome.search;
        if (search && !search.skipped && search.result !== 'success') {
            const next = search.result === 'failure'
                ? `check ${input('search-domain')} and ${input('assistant-key')}, and whether ${input('search-min-results')} / ${input('search-expect-path')} fit what the docs hold`
                : (0,_advice_js__WEBPACK_IMPORTED_MODULE_2__/* .checkNext */ .e9)('search check', search.result, search.error ?? '', place);
            return { lead: [outcome.headline], quoted: [], next };
        }
        return { lead: [outcome.headline], quoted: [], next: `check the inputs and the log; ${place.rerun} if the cause was passing` };
    }
    const own = failing.filter((t) => !t.stoppedByFailFast);
    const ordered = [...[...own].sort((a, b) => (0,_engine_outcome_js__WEBPACK_IMPORTED_MODULE_7__/* .resultRank */ .qf)(b.result) - (0,_engine_outcome_js__WEBPACK_IMPORTED_MODULE_7__/* .resultRank */ .qf)(a.result)), ...failing.filter((t) => t.stoppedByFailFast)];
    const first = ordered[0];
    const explained = (0,_advice_js__WEBPACK_IMPORTED_MODULE_2__/* .explainTarget */ .PP)(first, options);
    const sentence = endSentence(`${(0,_titles_js__WEBPACK_IMPORTED_MODULE_6__/* .capitalize */ .ZH)((0,_engine_wait_js__WEBPACK_IMPORTED_MODULE_1__/* .describeRef */ .Ro)(first.ref))} ${explained.reason}`);
    const lead = [];
    const quoted = [];
    const evidence = (t) => {
        const lines = (0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .quotedLines */ .Gi)(t).map(_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .quotedLine */ .vw);
        const between = lines.length > 0 ? (0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .errorLinesLeftOut */ .BT)(t.logs) : 0;
        if (between > 0)
            lines.splice(1, 0, `\u2026 ${between} more ${between === 1 ? 'line that looks' : 'lines that look'} like errors, then the last ${lines.length - 1}:`);
        return lines;
    };
    if (outcome.targets.length === 1)
        lead.push(sentence);
    else
        lead.push(`${failing.length} of ${outcome.targets.length} targets did not succeed. ${sentence}`);
    quoted.push(evidence(first));
    for (const t of ordered.slice(1, MAX_TARGETS_LISTED)) {
        lead.push(`- ${(0,_engine_wait_js__WEBPACK_IMPORTED_MODULE_1__/* .describeRef */ .Ro)(t.ref)} ${(0,_advice_js__WEBPACK_IMPORTED_MODULE_2__/* .explainTarget */ .PP)(t, options).reason}`);
        quoted.push(evidence(t));
    }
    if (ordered.length > MAX_TARGETS_LISTED) {
        lead.push(`- \u2026 and ${ordered.length - MAX_TARGETS_LISTED} more (see ${place.details})`);
        quoted.push([]);
    }
    const everyIdUnknown = outcome.targets.every((t) => t.result === 'error' && /^HTTP 404\b/.test(t.error ?? ''));
    const next = everyIdUnknown
        ? `${explained.next}; if ${outcome.targets.length === 1 ? 'it is' : 'they are'} right, check that ${input('base-url')} is the address of the platform's API (it answered 404 for ${outcome.targets.length === 1 ? 'the id' : 'every id'})`
        : explained.next;
    return { lead, quoted, next };
}
function failureMessage(outcome, options = {}) {
    const said = explainRun(outcome, options);
    const { asGiven } = options.place ?? _place_js__WEBPACK_IMPORTED_MODULE_5__/* .GITHUB_ACTIONS_PLACE */ .ME;
    const lead = said.lead.map(asGiven);
    const { quoted } = said;
    const next = asGiven(said.next);
    const lines = [];
    lead.forEach((line, i) => {
        lines.push(line);
        const evidence = quoted[i] ?? [];
        if (outcome.problems.length > 0)
            lines.push(...evidence.map((p) => `- ${p}`));
        else if (evidence.length > 0) {
            const indent = i === 0 ? '' : '  ';
            lines.push(`${indent}Errors in its log:`, ...evidence.map((text) => `${indent}  ${text}`));
        }
    });
    return [...lines, ...(next ? [`Next: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sentence */ .em)(next)}`] : [])].join('\n');
}
function endSentence(text) {
    return /[.!?\u201d"]$/.test(text) ? text : `${text}.`;
}
function unknownEndOf(t) {
    return (0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .unknownEnd */ .EI)(t) ? { summary: (0,_evidence_js__WEBPACK_IMPORTED_MODULE_3__/* .updateSummary */ .MT)(t) } : undefined;
}


/***/ })

};
