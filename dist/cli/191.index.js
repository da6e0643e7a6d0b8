export const id = 191;
export const ids = [191];
export const modules = {

/***/ 4191:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runDryRun: () => (/* binding */ runDryRun)
/* harmony export */ });
/* unused harmony exports DRY_RUN_TRIES, PROBE_JOB_ID, dryRunOutcome */
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8992);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3109);


const DRY_RUN_TRIES = 3;
const PROBE_JOB_ID = 'wait-for-docs-check';
async function runDryRun(settings, deps) {
    const { clock, signal, startedAt } = deps;
    const deadline = startedAt + settings.timeoutMs;
    const checks = [];
    const add = (check) => {
        checks.push(check);
        deps.checked?.(check);
    };
    for (const check of startedNothing(settings))
        add(check);
    add(await platformCheck(settings, deps, deadline));
    const assistant = assistantKeyCheck(settings);
    if (assistant)
        add(assistant);
    if (deps.port && !signal.aborted) {
        const { timeoutMs } = (0,_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .requestAllowance */ .U$)(clock.now(), deadline, settings.requestTimeoutMs);
        for (const check of await deps.port.check(signal, Math.max(1, timeoutMs)))
            add(check);
    }
    return dryRunOutcome(checks, signal.aborted, clock.now() - startedAt);
}
function dryRunOutcome(checks, cancelled, elapsedMs) {
    const failed = checks.filter((c) => c.state === 'problem' || c.state === 'unknown');
    const warned = checks.filter((c) => c.state === 'warning').length;
    const misconfigured = failed.some((c) => c.misconfigured === true);
    const problems = failed.filter((c) => c.invalid).map((c) => `${c.subject}: ${c.words}`);
    const result = cancelled ? 'cancelled' : failed.length > 0 ? 'error' : 'success';
    const started = 'nothing was started or written';
    const headline = result === 'cancelled'
        ? `Dry run cancelled after ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .counted */ .hS)(checks.length, 'check')}; ${started}.`
        : failed.length === 0
            ? `Dry run: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .counted */ .hS)(checks.length, 'check')} passed${warned > 0 ? ` (${warned} with something left unproven, see the warnings)` : ''}; ${started}.`
            :
                [
                    `Dry run: ${failed.length} of ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .counted */ .hS)(checks.length, 'check')} found a problem; ${started}.`,
                    ...failed.filter((c) => !c.invalid).map((c) => `${c.subject}: ${c.words}`)
                ].join(' ');
    return { result, headline, problems, targets: [], search: undefined, dryRun: { checks, misconfigured }, elapsedMs };
}
function startedNothing(settings) {
    const trigger = settings.trigger;
    if (!trigger)
        return [];
    const what = trigger.kind === 'message' ? 'agent-message' : `trigger: ${trigger.kind}`;
    return [{ subject: what, state: 'ok', words: 'not sent: a dry run starts nothing (the POST is sent when check is off)' }];
}
function platformRead(settings) {
    const update = settings.targets.find((t) => t.kind === 'update');
    if (update)
        return { path: `/v1/project/update-status/${encodeURIComponent(update.id)}`, what: `update status ${update.id} (status-id)`, ref: update };
    const job = settings.targets.find((t) => t.kind === 'job');
    if (job && job.kind === 'job')
        return {
            path: `/v2/agent/${encodeURIComponent(job.projectId)}/job/${encodeURIComponent(job.id)}`,
            what: `agent job ${job.id} of project ${job.projectId}`,
            ref: job
        };
    const project = settings.trigger?.projectId;
    if (project)
        return { path: `/v2/agent/${encodeURIComponent(project)}/job/${PROBE_JOB_ID}`, what: `project ${project} (project-id)`, project };
    return undefined;
}
async function platformCheck(settings, deps, deadline) {
    const subject = 'admin-key';
    if (!settings.baseUrl)
        return { subject: 'base-url', state: 'ok', words: "not needed: only platform-check is asked for, which is read from the CI system, not the platform's API" };
    const read = platformRead(settings);
    if (!read) {
        if (!settings.adminKey)
            return { subject: 'base-url', state: 'ok', words: 'given; nothing asked for reads it with the admin key' };
        return {
            subject,
            state: 'warning',
            words: 'not checked: no status-id, job-id or project-id names something the key could read; give one to have the key checked'
        };
    }
    const answer = await readOnce(read.path, settings, deps, deadline);
    if (answer.kind === 'ok')
        return { subject, state: 'ok', words: `accepted: the platform answered the read of ${read.what}` };
    if (answer.kind === 'cancelled')
        return { subject, state: 'unknown', words: 'cancelled before the platform answered' };
    if (answer.kind === 'fatal' && answer.misconfigured)
        return { subject, state: 'problem', misconfigured: true, words: `${answer.reason} (reading ${read.what})` };
    if (answer.kind === 'not-found') {
        if (read.project) {
            if (/project/i.test(answer.reason))
                return {
                    subject: 'project-id',
                    state: 'problem',
                    misconfigured: true,
                    words: `the platform knows no project ${read.project} (${answer.reason}); check project-id: it is on the API keys page of the dashboard, and the key must belong to it`
                };
            return { subject, state: 'ok', words: `accepted: the platform answered for ${read.what} (a job id no job has, read as not found, as expected)` };
        }
        const input = read.ref?.kind === 'job' ? 'job-id and project-id' : 'status-id';
        return {
            subject: input,
            state: 'problem',
            misconfigured: true,
            words: `the platform has no ${read.what} (${answer.reason}); check ${input}: an id from another project, or a typo (the key was accepted)`
        };
    }
    if (answer.kind === 'fatal')
        return { subject, state: 'unknown', words: `the platform's answer to the read of ${read.what} tells nothing of the key: ${answer.reason}` };
    return {
        subject,
        state: 'unknown',
        words: `the platform could not be read (${answer.reason}) after ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .counted */ .hS)(answer.tries, 'try', 'tries')}: it could not be told whether the key is accepted; check base-url, then run again`
    };
}
async function readOnce(path, settings, deps, deadline) {
    const { client, clock, signal } = deps;
    let tries = 0;
    for (;;) {
        if (signal.aborted)
            return { kind: 'cancelled' };
        const { timeoutMs, limit } = (0,_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .requestAllowance */ .U$)(clock.now(), deadline, settings.requestTimeoutMs);
        tries++;
        const answer = await client.request({
            method: 'GET',
            path,
            key: settings.adminKey,
            keyInput: 'admin-key',
            timeoutMs: Math.max(1, timeoutMs),
            limit,
            signal
        });
        if (signal.aborted)
            return { kind: 'cancelled' };
        if (answer.kind !== 'transient')
            return answer;
        const waitMs = Math.max(answer.retryAfterMs ?? 0, settings.minIntervalMs);
        if (tries >= DRY_RUN_TRIES || clock.now() + waitMs >= deadline)
            return { kind: 'transient', reason: (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(answer.reason, 300), tries };
        await clock.sleep(waitMs, signal);
    }
}
function assistantKeyCheck(settings) {
    const uses = [settings.search && 'search-query', settings.pages && !settings.pages.site && 'page-path'].filter((u) => typeof u === 'string');
    if (uses.length === 0)
        return undefined;
    return {
        subject: 'assistant-key',
        state: 'warning',
        words: `not checked: the platform reads it only in a search (a POST), and a dry run sends none; ${uses.join(' and ')} will prove it in the real run`
    };
}


/***/ })

};
