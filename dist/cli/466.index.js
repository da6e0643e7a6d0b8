export const id = 466;
export const ids = [466];
export const modules = {

/***/ 3466:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   startWork: () => (/* binding */ startWork),
/* harmony export */   triggerPath: () => (/* binding */ triggerPath),
/* harmony export */   workStarted: () => (/* binding */ workStarted)
/* harmony export */ });
/* unused harmony export classifyStartAnswer */
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3305);
/* harmony import */ var _api_classify_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(28);
/* harmony import */ var _api_retry_after_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2465);
/* harmony import */ var _ids_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7744);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3109);
/* harmony import */ var _durations_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5534);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8992);







const text = zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ["catch"] */ .MfU(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP()), undefined);
const statusAnswer = zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .looseObject */ ._H3({ statusId: zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_5__/* ._minLength */ .m9(1)), previewUrl: text });
const jobAnswer = zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .looseObject */ ._H3({ id: zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_5__/* ._minLength */ .m9(1)) });
const automationAnswer = zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .looseObject */ ._H3({ instanceId: zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_5__/* ._minLength */ .m9(1)), jobId: text });
const messageAnswer = zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .looseObject */ ._H3({});
const STARTING = { act: 'start', acts: 'starts', done: 'started', happened: 'started' };
const SENDING = { act: 'send', acts: 'sends', done: 'sent', happened: 'been taken' };
const OPERATIONS = {
    update: {
        what: () => 'update',
        path: (projectId) => `/v1/project/update/${encodeURIComponent(projectId)}`,
        body: () => undefined,
        idField: 'statusId',
        read: (body) => {
            const answer = statusAnswer.safeParse(body);
            return answer.success ? { ref: { kind: 'update', id: answer.data.statusId } } : undefined;
        },
        badRequestInput: 'project-id',
        notFound: nothingToStartIn,
        notFoundInputs: 'project-id',
        forbidden: 'check that admin-key belongs to the project in project-id',
        findIt: "the project's updates in the dashboard"
    },
    preview: {
        what: (settings) => `preview deployment of branch "${settings.kind === 'preview' ? (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(settings.branch, 100) : ''}"`,
        path: (projectId) => `/v1/project/preview/${encodeURIComponent(projectId)}`,
        body: (settings) => ({ branch: settings.kind === 'preview' ? settings.branch : '' }),
        idField: 'statusId',
        read: (body) => {
            const answer = statusAnswer.safeParse(body);
            if (!answer.success)
                return undefined;
            const started = { ref: { kind: 'update', id: answer.data.statusId } };
            if (answer.data.previewUrl)
                started.previewUrl = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .withoutUserinfo */ .Q3)(answer.data.previewUrl);
            return started;
        },
        badRequestInput: 'preview-branch',
        notFound: nothingToStartIn,
        notFoundInputs: 'project-id',
        forbidden: "previews may not be part of the organization's plan, or admin-key may not belong to the project in project-id",
        findIt: "the project's previews and updates in the dashboard"
    },
    agent: {
        what: () => 'agent job',
        path: (projectId) => `/v2/agent/${encodeURIComponent(projectId)}/job`,
        body: (settings) => ({ prompt: settings.kind === 'agent' ? settings.prompt : '' }),
        idField: 'id',
        read: (body, projectId) => {
            const answer = jobAnswer.safeParse(body);
            return answer.success ? { ref: { kind: 'job', id: answer.data.id, projectId } } : undefined;
        },
        badRequestInput: 'agent-prompt',
        notFound: nothingToStartIn,
        notFoundInputs: 'project-id',
        forbidden: 'check that admin-key belongs to the project in project-id',
        findIt: "the project's agent jobs in the dashboard (and new pull requests in the source repository)"
    },
    automation: {
        what: (settings) => `run of automation ${settings.kind === 'automation' ? (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(settings.automationId, 100) : ''}`,
        path: (projectId, settings) => `/v1/workflow/${encodeURIComponent(projectId)}/${encodeURIComponent(settings.kind === 'automation' ? settings.automationId : '')}/trigger`,
        body: () => undefined,
        idField: 'instanceId',
        idPurpose: 'naming the run',
        read: (body) => {
            const answer = automationAnswer.safeParse(body);
            return answer.success ? { automation: { runId: answer.data.instanceId, jobId: answer.data.jobId ?? undefined } } : undefined;
        },
        badRequestInput: 'automation-id (it must name an active automation with a custom schedule)',
        notFound: (settings) => `the platform found no automation ${settings.kind === 'automation' ? (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(settings.automationId, 100) : ''} in project ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(settings.projectId, 100)}`,
        notFoundInputs: 'automation-id and project-id',
        forbidden: 'check that admin-key belongs to the project in project-id',
        findIt: "the project's automation runs in the dashboard"
    },
    message: {
        verbs: SENDING,
        what: (settings) => `follow-up message to agent job ${settings.kind === 'message' ? (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(settings.jobId, 100) : ''}`,
        path: (projectId, settings) => `/v2/agent/${encodeURIComponent(projectId)}/job/${encodeURIComponent(settings.kind === 'message' ? settings.jobId : '')}/message`,
        body: (settings) => ({ prompt: settings.kind === 'message' ? settings.prompt : '' }),
        idField: 'id',
        read: (body, projectId, settings) => messageAnswer.safeParse(body).success && settings.kind === 'message' ? { ref: { kind: 'job', id: settings.jobId, projectId } } : undefined,
        badRequestInput: 'agent-message',
        notFound: (settings) => `the platform found no agent job ${settings.kind === 'message' ? (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(settings.jobId, 100) : ''} in project ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(settings.projectId, 100)}`,
        notFoundInputs: 'job-id and project-id',
        forbidden: 'check that admin-key belongs to the project in project-id',
        findIt: 'the agent job in the dashboard (and new commits on its pull request)'
    }
};
function nothingToStartIn(settings) {
    return `the platform found nothing to start the ${OPERATIONS[settings.kind].what(settings)} in`;
}
function triggerPath(settings) {
    return OPERATIONS[settings.kind].path(settings.projectId, settings);
}
function classifyStartAnswer(settings, facts) {
    const operation = OPERATIONS[settings.kind];
    const { status } = facts;
    const body = (0,_api_classify_js__WEBPACK_IMPORTED_MODULE_0__/* .readJsonBody */ .nE)(facts.bodyText, facts.secrets ?? []);
    const says = 'json' in body ? (0,_api_classify_js__WEBPACK_IMPORTED_MODULE_0__/* .serverError */ .ig)(body.json) : undefined;
    const quoted = says ? `: "${says}"` : '';
    if (status >= 200 && status < 300) {
        if ('json' in body)
            return { kind: 'ok', body: body.json };
        return { kind: 'fatal', reason: maybeStarted(settings, `HTTP ${status} with ${body.problem}`) };
    }
    const retryAfterMs = (0,_api_retry_after_js__WEBPACK_IMPORTED_MODULE_6__/* .parseRetryAfter */ .mu)(facts.retryAfter, facts.now);
    if (status === 429)
        return { kind: 'transient', reason: `HTTP 429 (rate limit)${quoted}`, notActedOn: true, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
    if (status === 503 && retryAfterMs !== undefined)
        return { kind: 'transient', reason: `HTTP 503 (unavailable)${quoted}`, notActedOn: true, retryAfterMs };
    const what = operation.what(settings);
    const verbs = operation.verbs ?? STARTING;
    if (status === 401)
        return {
            kind: 'fatal',
            misconfigured: true,
            reason: `HTTP 401: the platform rejected admin-key, so no ${what} was ${verbs.done}${quoted}. Check that the secret holds a current admin API key`
        };
    if (status === 400)
        return {
            kind: 'fatal',
            misconfigured: true,
            reason: `HTTP 400: the platform refused to ${verbs.act} the ${what}${quoted}. Check ${operation.badRequestInput}`
        };
    if (status === 403)
        return { kind: 'fatal', misconfigured: true, reason: `HTTP 403: the platform refused to ${verbs.act} the ${what}${quoted}; ${operation.forbidden}` };
    if (status === 404)
        return { kind: 'fatal', misconfigured: true, reason: `HTTP 404: ${operation.notFound(settings)}${quoted}. Check ${operation.notFoundInputs}` };
    return { kind: 'fatal', reason: maybeStarted(settings, `HTTP ${status}${quoted}`) };
}
function maybeStarted(settings, what, likely = 'may') {
    const operation = OPERATIONS[settings.kind];
    const verbs = operation.verbs ?? STARTING;
    const fate = likely === 'may' ? `may have ${verbs.happened} anyway` : `has probably ${verbs.happened}`;
    return `the request that ${verbs.acts} the ${operation.what(settings)} ended without a usable answer (${what}), so the ${operation.what(settings)} ${fate}. It was not sent again, so that the work does not run twice: look in ${operation.findIt} before you re-run this job`;
}
async function startWork(settings, deps) {
    const operation = OPERATIONS[settings.kind];
    const verbs = operation.verbs ?? STARTING;
    const report = { kind: settings.kind, result: 'error', ref: undefined, previewUrl: undefined, requests: 0, error: null };
    const path = operation.path(settings.projectId, settings);
    const json = operation.body(settings);
    let lastRetry;
    let startedAsCancelled;
    let sentWhenCancelled = false;
    const read = (answer) => {
        if (answer.kind === 'ok') {
            const started = operation.read(answer.body, settings.projectId, settings);
            if (!started)
                return {
                    kind: 'fatal',
                    reason: maybeStarted(settings, `the answer has no string "${operation.idField}" ${operation.idPurpose ?? 'to wait on'}`, 'probably')
                };
            const problem = started.ref && (0,_ids_js__WEBPACK_IMPORTED_MODULE_7__/* .identifierProblem */ .r)(started.ref.id);
            if (problem)
                return {
                    kind: 'fatal',
                    reason: `the ${operation.what(settings)} was started, but the platform answered with ${withArticle(operation.idField)} that ${problem}, so it cannot be waited on. Follow it in ${operation.findIt}`
                };
            const automationIds = started.automation
                ? [
                    ['instanceId', started.automation.runId],
                    ['jobId', started.automation.jobId]
                ]
                : [];
            for (const [field, id] of automationIds) {
                const wrong = id === undefined ? undefined : (0,_ids_js__WEBPACK_IMPORTED_MODULE_7__/* .identifierProblem */ .r)(id);
                if (wrong)
                    return {
                        kind: 'fatal',
                        reason: `the ${operation.what(settings)} was started, but the platform answered with ${withArticle(field)} that ${wrong}, so it is not written to the outputs. Follow the run in ${operation.findIt}`
                    };
            }
            return { kind: 'settled', value: started };
        }
        if (answer.kind !== 'fatal' && (answer.notActedOn || answer.sent === false)) {
            lastRetry = {
                reason: answer.reason,
                retryAfterMs: answer.kind === 'transient' ? answer.retryAfterMs : undefined,
                unreachable: answer.kind === 'transient' && answer.unreachable !== undefined
            };
            return answer;
        }
        if (answer.kind === 'fatal')
            return answer;
        return { kind: 'fatal', reason: maybeStarted(settings, answer.reason) };
    };
    const noneStarted = () => {
        const answered = lastRetry?.reason ?? 'that it could not take the request';
        if (lastRetry?.unreachable)
            return `no ${operation.what(settings)} was ${verbs.done}: ${answered.replace(/; check base-url$/, '')}${report.requests > 1 ? `, on each of ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .counted */ .hS)(report.requests, 'attempt')}` : ''}; check base-url`;
        const what = report.requests === 1 ? `the platform answered ${answered}` : `the platform kept answering ${answered}, after ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .counted */ .hS)(report.requests, 'attempt')}`;
        const asked = lastRetry?.retryAfterMs;
        const tooLong = asked !== undefined && deps.clock.now() + asked >= deps.deadline ? ` and asked to wait ${(0,_durations_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(asked)} before another try, past the timeout` : '';
        return `no ${operation.what(settings)} was ${verbs.done} before the timeout ran out: ${what}${tooLong}. Re-run later, or raise timeout`;
    };
    const attempt = async () => {
        const { timeoutMs, limit } = (0,_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .requestAllowance */ .U$)(deps.clock.now(), deps.deadline, deps.requestTimeoutMs);
        if (timeoutMs <= 0)
            return { kind: 'transient', reason: 'no time left before the deadline' };
        report.requests++;
        const answer = await deps.client.request({
            method: 'POST',
            path,
            key: deps.adminKey,
            keyInput: 'admin-key',
            ...(json === undefined ? {} : { json }),
            timeoutMs,
            limit,
            signal: deps.signal,
            classify: (facts) => classifyStartAnswer(settings, facts)
        });
        const found = read(answer);
        if (deps.signal.aborted) {
            if (found.kind === 'settled')
                startedAsCancelled = found.value;
            else
                sentWhenCancelled = answer.kind !== 'ok' && answer.sent !== false && !answer.notActedOn;
            return { kind: 'transient', reason: 'cancelled' };
        }
        return found;
    };
    const end = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .pollUntilSettled */ .zh)(attempt, {
        ...(0,_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .scheduleOf */ .rH)(deps),
        retryOnlyBeforeDeadline: true,
        ...(deps.onRetry ? { onRetry: deps.onRetry } : {})
    });
    switch (end.kind) {
        case 'settled':
            report.result = 'success';
            keepStarted(report, end.value);
            break;
        case 'cancelled':
            report.result = 'cancelled';
            if (startedAsCancelled) {
                keepStarted(report, startedAsCancelled);
                report.error = `the run was cancelled just after the ${operation.what(settings)} was ${verbs.done}`;
            }
            else
                report.error = `the run was cancelled while ${verbs.act === 'start' ? 'starting' : 'sending'} the ${operation.what(settings)}${sentWhenCancelled ? `; the request had been sent, so it may have ${verbs.happened}` : `; nothing was ${verbs.done}`}`;
            break;
        case 'error':
            report.error = end.reason;
            if (end.misconfigured)
                report.misconfigured = true;
            break;
        case 'timeout':
            lastRetry ??= end.lastProblem === undefined ? undefined : { reason: end.lastProblem };
            report.error = noneStarted();
            break;
    }
    return report;
}
function withArticle(noun) {
    return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
function keepStarted(report, started) {
    report.ref = started.ref;
    report.previewUrl = started.previewUrl;
    if (started.automation)
        report.automation = started.automation;
}
function workStarted(report) {
    return report.ref !== undefined || report.automation !== undefined;
}


/***/ })

};
