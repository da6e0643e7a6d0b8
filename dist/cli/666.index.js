export const id = 666;
export const ids = [666,994];
export const modules = {

/***/ 666:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   renderJunit: () => (/* binding */ renderJunit),
/* harmony export */   xmlText: () => (/* binding */ xmlText)
/* harmony export */ });
/* harmony import */ var _engine_wait_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7778);
/* harmony import */ var _report_summary_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7994);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8992);



const SUITE = 'wait-for-docs';
const STARTED_WORK = {
    update: 'the docs update',
    preview: 'the docs preview',
    agent: 'the agent job',
    automation: 'the automation run',
    message: 'the follow-up to the agent job'
};
function xmlText(text) {
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .stripControl */ .kU)(text)
        .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;')
        .replace(/#(?=#)/g, '&#35;')
        .replace(/^(\s*):(?=:)/gm, '$1&#58;')
        .replace(/section_(start|end):/gi, 'section_$1&#58;');
}
const told = (reason, next) => (next ? `${reason}\nNext: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .sentence */ .em)(next)}` : reason);
function targetCase(t, explainer, options) {
    const { reason, next } = explainer.explainTarget(t, options);
    const base = {
        classname: `${SUITE}.${t.ref.kind}`,
        name: (0,_engine_wait_js__WEBPACK_IMPORTED_MODULE_0__/* .describeRef */ .Ro)(t.ref),
        seconds: t.finishedAfterMs / 1000,
        ...(t.logs.length > 0 ? { output: t.logs.slice(-_report_summary_js__WEBPACK_IMPORTED_MODULE_1__.MAX_LOG_TAIL) } : {})
    };
    if (t.result === 'success')
        return base;
    const message = `${(0,_engine_wait_js__WEBPACK_IMPORTED_MODULE_0__/* .describeRef */ .Ro)(t.ref)} ${reason}`;
    return { ...base, failure: { type: t.result, message, text: told(message, next) } };
}
function dryRunCases(checks) {
    return checks.map((check) => {
        const base = { classname: `${SUITE}.check`, name: check.subject, seconds: 0 };
        if (check.state === 'ok')
            return base;
        if (check.state === 'warning')
            return { ...base, skipped: check.words };
        return { ...base, failure: { type: check.state === 'problem' ? 'error' : 'unknown', message: `${check.subject}: ${check.words}`, text: check.words } };
    });
}
function testCases(outcome, explainer, options) {
    const seconds = outcome.elapsedMs / 1000;
    if (outcome.dryRun) {
        const cases = dryRunCases(outcome.dryRun.checks);
        if (outcome.notWritten === undefined)
            return cases;
        const failure = { type: 'error', message: outcome.notWritten, text: outcome.notWritten };
        return [{ classname: `${SUITE}.reports`, name: 'reports written', seconds: 0, failure }, ...cases];
    }
    if (outcome.problems.length > 0) {
        const { lead, quoted, next } = explainer.explainRun(outcome, options);
        const text = told([...lead, ...quoted.flat().map((problem) => `- ${problem}`)].join('\n'), next);
        return [{ classname: `${SUITE}.inputs`, name: 'inputs', seconds, failure: { type: 'invalid-input', message: outcome.headline, text } }];
    }
    const cases = [];
    if (outcome.notWritten !== undefined)
        cases.push({
            classname: `${SUITE}.reports`,
            name: 'reports written',
            seconds: 0,
            failure: { type: 'error', message: outcome.notWritten, text: outcome.notWritten }
        });
    const trigger = outcome.trigger;
    if (trigger) {
        const name = `start ${STARTED_WORK[trigger.kind]}`;
        const started = { classname: `${SUITE}.trigger`, name, seconds: (trigger.finishedAfterMs ?? 0) / 1000 };
        if (trigger.result === 'success')
            cases.push(started);
        else
            cases.push({ ...started, failure: { type: trigger.result, message: outcome.headline, text: outcome.headline } });
    }
    for (const t of outcome.targets)
        cases.push(targetCase(t, explainer, options));
    for (const ref of outcome.notWaitedOn ?? [])
        cases.push({ classname: `${SUITE}.${ref.kind}`, name: (0,_engine_wait_js__WEBPACK_IMPORTED_MODULE_0__/* .describeRef */ .Ro)(ref), seconds: 0, skipped: 'not waited on: the work to start could not be started' });
    const pages = outcome.pages;
    if (pages?.skipped)
        cases.push({ classname: `${SUITE}.page`, name: 'page check', seconds: 0, skipped: pages.reason });
    else if (pages)
        for (const page of pages.pages) {
            const name = `page ${page.path}`;
            const took = (page.liveAfterMs ?? 0) / 1000;
            cases.push(page.result === 'success'
                ? { classname: `${SUITE}.page`, name, seconds: took }
                : {
                    classname: `${SUITE}.page`,
                    name,
                    seconds: took,
                    failure: { type: page.result, message: page.error ?? outcome.headline, text: page.error ?? outcome.headline }
                });
        }
    const search = outcome.search;
    if (search?.skipped)
        cases.push({ classname: `${SUITE}.search`, name: 'search check', seconds: 0, skipped: search.reason });
    else if (search) {
        for (const query of search.queries) {
            const name = `search "${query.query}"`;
            cases.push(query.problem
                ? { classname: `${SUITE}.search`, name, seconds: 0, failure: { type: 'failure', message: query.problem, text: query.problem } }
                : { classname: `${SUITE}.search`, name, seconds: 0 });
        }
        if (search.result !== 'success' && !search.queries.some((query) => query.problem)) {
            const message = search.error ?? outcome.headline;
            cases.push({ classname: `${SUITE}.search`, name: 'search check', seconds: 0, failure: { type: search.result, message, text: message } });
        }
    }
    if (cases.length === 0) {
        const { lead, next } = explainer.explainRun(outcome, options);
        const run = { classname: SUITE, name: 'wait-for-docs', seconds };
        cases.push(outcome.result === 'success' ? run : { ...run, failure: { type: outcome.result, message: outcome.headline, text: told(lead.join('\n'), next) } });
    }
    return cases;
}
function renderCase(c, clean) {
    const xml = (text) => xmlText(clean(text));
    const attributes = `classname="${xml(c.classname)}" name="${xml(c.name)}" time="${c.seconds.toFixed(3)}"`;
    const inner = [];
    if (c.failure)
        inner.push(`      <failure type="${xml(c.failure.type)}" message="${xml((0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(c.failure.message, 300))}">${xml(c.failure.text)}</failure>`);
    if (c.skipped !== undefined)
        inner.push(`      <skipped message="${xml((0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(c.skipped, 300))}"/>`);
    if (c.output)
        inner.push(`      <system-out>${xml(c.output.join('\n'))}</system-out>`);
    return inner.length === 0 ? `    <testcase ${attributes}/>` : `    <testcase ${attributes}>\n${inner.join('\n')}\n    </testcase>`;
}
function renderJunit(outcome, explainer, options, clean) {
    const cases = testCases(outcome, explainer, options);
    const failures = cases.filter((c) => c.failure).length;
    const skipped = cases.filter((c) => c.skipped !== undefined).length;
    const totals = `tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${(outcome.elapsedMs / 1000).toFixed(3)}"`;
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<testsuites name="${SUITE}" ${totals}>`,
        `  <testsuite name="${SUITE}" ${totals}>`,
        ...cases.map((c) => renderCase(c, clean)),
        '  </testsuite>',
        '</testsuites>',
        ''
    ].join('\n');
}


/***/ }),

/***/ 4439:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ startedMarkdown)
/* harmony export */ });
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4285);

const STARTED = {
    update: 'update',
    preview: 'preview deployment',
    agent: 'agent job',
    automation: 'automation run',
    message: 'follow-up message to agent job'
};
function startedMarkdown(outcome) {
    const trigger = outcome.trigger;
    if (trigger?.automation) {
        const { runId, jobId } = trigger.automation;
        const job = jobId ? `, background job ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(jobId, 120)}` : '';
        return `**Started:** ${STARTED[trigger.kind]}, run id ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(runId, 120)}${job}. The platform publishes no status for a run: follow it in the project's automation runs in the dashboard.`;
    }
    if (!trigger?.ref)
        return undefined;
    if (trigger.kind === 'message')
        return `**Sent:** ${STARTED[trigger.kind]} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(trigger.ref.id, 120)}; the job is waited on for that message`;
    const id = `${trigger.ref.kind === 'update' ? 'status id' : 'job id'} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(trigger.ref.id, 120)}`;
    const ref = trigger.ref;
    const deployed = outcome.targets.some((t) => t.ref.kind === ref.kind && t.ref.id === ref.id && t.result === 'success');
    const preview = !trigger.previewUrl
        ? ''
        : deployed
            ? ` \u00b7 ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('open the preview', trigger.previewUrl)}`
            : ` \u00b7 not deployed: its address ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(trigger.previewUrl, 300)} shows the previous deployment, if there is one`;
    return `**Started:** ${STARTED[trigger.kind]}, ${id}${preview}`;
}


/***/ }),

/***/ 7994:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_FILES_LISTED: () => (/* binding */ MAX_FILES_LISTED),
/* harmony export */   MAX_LOG_TAIL: () => (/* binding */ MAX_LOG_TAIL),
/* harmony export */   MAX_LOG_TAILS: () => (/* binding */ MAX_LOG_TAILS),
/* harmony export */   MAX_PAGE_ROWS: () => (/* binding */ MAX_PAGE_ROWS),
/* harmony export */   MAX_SEARCH_ROWS: () => (/* binding */ MAX_SEARCH_ROWS),
/* harmony export */   MAX_SUMMARY_BYTES: () => (/* binding */ MAX_SUMMARY_BYTES),
/* harmony export */   renderSummary: () => (/* binding */ renderSummary),
/* harmony export */   timeCell: () => (/* binding */ timeCell)
/* harmony export */ });
/* harmony import */ var _durations_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5534);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8992);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4285);
/* harmony import */ var _facts_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1349);
/* harmony import */ var _started_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4439);
/* harmony import */ var _engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9933);
/* harmony import */ var _titles_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6023);







const MAX_SUMMARY_BYTES = 1000 * 1024;
const MAX_FILES_LISTED = 100;
const MAX_LOG_TAIL = 30;
const MAX_LOG_TAILS = 5;
function renderSummary(outcome, told, options = {}) {
    const now = options.now ?? Date.now();
    const said = told.explainRun(outcome, options);
    const sections = [`## ${(0,_titles_js__WEBPACK_IMPORTED_MODULE_6__/* .titleFor */ .Q$)(outcome)}`, reasonSection(outcome, said)];
    const started = (0,_started_js__WEBPACK_IMPORTED_MODULE_4__/* .startedMarkdown */ .f)(outcome);
    if (started)
        sections.push(started);
    if (outcome.dryRun)
        sections.push('### Dry run', dryRunTable(outcome.dryRun));
    if (outcome.problems.length > 0)
        sections.push('### Input problems', (said.quoted[0] ?? []).map((p) => `- ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(p, 500)}`).join('\n'));
    const updates = outcome.targets.filter((t) => t.ref.kind === 'update');
    const jobs = outcome.targets.filter((t) => t.ref.kind === 'job');
    const several = outcome.targets.length > 1;
    const reasonOf = (t) => told.explainTarget(t, options).reason;
    if (updates.length > 0)
        sections.push(updates.length === 1 ? '### Update' : `### Updates (${updates.length})`, updateTable(updates, now, several, reasonOf));
    if (jobs.length > 0)
        sections.push(jobs.length === 1 ? '### Agent job' : `### Agent jobs (${jobs.length})`, jobTable(jobs, now, several, reasonOf));
    const checks = outcome.targets.filter((t) => t.ref.kind === 'platform-check');
    if (checks.length > 0)
        sections.push('### Platform deploy', checkTable(checks, several, reasonOf));
    const logs = logSection(updates, told);
    if (logs)
        sections.push(logs);
    const facts = (0,_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .runFacts */ .p)(outcome);
    const files = filesSection(facts.files);
    if (files)
        sections.push(files);
    const screenshots = screenshotSection(updates);
    if (screenshots)
        sections.push(screenshots);
    if (outcome.pages)
        sections.push(pagesSection(outcome.pages));
    if (outcome.search)
        sections.push(searchSection(outcome.search));
    const { polls } = facts;
    const exact = outcome.targets.length > 0 ? ' Hover a time for the exact moment (UTC).' : '';
    sections.push(`<sub>Finished in ${(0,_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(outcome.elapsedMs)} with ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .counted */ .hS)(polls, 'poll')}.${exact}</sub>`);
    return fitInBudget(`${sections.join('\n\n')}\n`);
}
const CHECK_MARKS = { ok: '\u2705', warning: '\u26a0\ufe0f unproven', problem: '\u274c', unknown: '\u2754 not learnt' };
function dryRunTable(report) {
    return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(['Check', 'Found'], report.checks.map((check) => [`${CHECK_MARKS[check.state]} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(check.subject, 100)}`, (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeWithCode */ .HY)(check.words, 1500)]));
}
function reasonSection(outcome, { lead, quoted, next }) {
    const evidence = (i) => (outcome.problems.length === 0 && (quoted[i]?.length ?? 0) > 0 ? [(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .preBlock */ .DI)(quoted[i] ?? [])] : []);
    const parts = lead.flatMap((line, i) => [i === 0 ? `**${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(line, 1000)}**` : `- ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(line.replace(/^- /, ''), 600)}`, ...evidence(i)]);
    if (next)
        parts.push(`**Next:** ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeWithCode */ .HY)((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sentence */ .em)(next).slice(0, -1), 600)}.`);
    return parts.join('\n\n');
}
function resultCell(t, withReason, reasonOf) {
    const status = t.status && t.status !== t.result && !(t.result === 'failure' && /^fail/.test(t.status)) ? ` (${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(t.status, 40)})` : '';
    const why = !withReason ? '' : t.result === 'success' ? (t.note ? `<br>${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(t.note, 200)}` : '') : `<br>${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(reasonOf(t), 300)}`;
    return `${(0,_titles_js__WEBPACK_IMPORTED_MODULE_6__/* .resultMark */ .nV)(t.result)} ${t.result}${status}${why}`;
}
function timeCell(label, iso, endIso, now) {
    const start = iso ? Date.parse(iso) : Number.NaN;
    if (!iso || Number.isNaN(start))
        return '';
    const end = endIso ? Date.parse(endIso) : Number.NaN;
    const title = `${label} ${new Date(start).toISOString()}${Number.isNaN(end) ? '' : `, ended ${new Date(end).toISOString()}`}`;
    const at = new Date(start).toISOString();
    const day = at.slice(0, 10) === new Date(now).toISOString().slice(0, 10) ? '' : `${at.slice(0, 10)} `;
    const words = Number.isNaN(end) ? `${label} ${day}${at.slice(11, 19)} UTC` : `took ${(0,_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(Math.max(0, end - start))}`;
    return `<span title="${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)(title)}">${words}</span>`;
}
function updateTable(targets, now, withReason, reasonOf) {
    const rows = targets.map((t) => {
        const u = t.parsed?.kind === 'update' ? t.parsed.data : undefined;
        const commit = u?.commit;
        const commitCell = commit?.sha
            ? `${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(commit.sha.slice(0, 7))}${commit.ref ? ` on ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(commit.ref, 80)}` : ''}${commit.message ? `<br>${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(commit.message, 120)}` : ''}`
            : '';
        return [
            (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(t.ref.id),
            resultCell(t, withReason, reasonOf),
            commitCell,
            (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(u?.author?.name ?? '', 80),
            timeCell('started', u?.createdAt, u?.endedAt, now)
        ];
    });
    return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(['Update', 'Result', 'Commit', 'Author', 'Time'], rows);
}
function jobTable(targets, now, withReason, reasonOf) {
    const rows = targets.map((t) => {
        const j = t.parsed?.kind === 'job' ? t.parsed.data : undefined;
        const source = j?.source?.repository ? `${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(j.source.repository, 120)}${j.source.ref ? ` @ ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(j.source.ref, 80)}` : ''}` : '';
        const model = j?.model ? `${source ? '<br>' : ''}model ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(j.model, 60)}` : '';
        return [
            (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(t.ref.id),
            resultCell(t, withReason, reasonOf),
            j?.prLink ? (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)('pull request', j.prLink) : '',
            `${source}${model}`,
            timeCell('started', j?.createdAt, j?.archivedAt, now)
        ];
    });
    return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(['Job', 'Result', 'Pull request', 'Source', 'Time'], rows);
}
const MAX_CHECK_REPORTS = 20;
function checkTable(targets, withReason, reasonOf) {
    const rows = targets.map((t) => {
        const data = t.parsed?.kind === 'platform-check' ? t.parsed.data : undefined;
        const matched = data?.matched ?? [];
        const reports = matched
            .slice(0, MAX_CHECK_REPORTS)
            .map((r) => {
            const url = (0,_engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_5__/* .reportUrl */ .kx)(r);
            const label = `${_engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_5__/* .REPORT_KIND_WORDS */ .sx[r.kind]} ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(r.name, 100)}`;
            return `${url ? (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)(label, url) : (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(label, 120)}: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)((0,_engine_targets_platform_check_js__WEBPACK_IMPORTED_MODULE_5__/* .stateWord */ .kc)(r), 40)}`;
        })
            .join('<br>');
        const more = matched.length > MAX_CHECK_REPORTS ? `<br>\u2026 and ${matched.length - MAX_CHECK_REPORTS} more` : '';
        return [
            (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(t.ref.id, 200),
            resultCell(t, withReason, reasonOf),
            data?.commit ? (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(data.commit.slice(0, 7)) : '',
            reports ? `${reports}${more}` : matched.length === 0 && data ? 'none found yet' : ''
        ];
    });
    return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(['Platform check', 'Result', 'Commit', 'Reports'], rows);
}
function filesSection(files) {
    const total = files.changed.length;
    if (total === 0)
        return undefined;
    const parts = [`### Files changed (${total})`];
    for (const kind of ['added', 'modified', 'removed']) {
        const paths = files[kind];
        if (paths.length === 0)
            continue;
        const shown = paths.slice(0, MAX_FILES_LISTED).map((p) => `- ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(p, 300)}`);
        if (paths.length > MAX_FILES_LISTED)
            shown.push(`- \u2026 and ${paths.length - MAX_FILES_LISTED} more (see the \`files-${kind}\` output)`);
        parts.push(`**${kind[0]?.toUpperCase()}${kind.slice(1)} (${paths.length})**\n\n${shown.join('\n')}`);
    }
    return parts.join('\n\n');
}
function screenshotSection(updates) {
    const u = updates.find((t) => t.parsed?.kind === 'update')?.parsed;
    if (u?.kind !== 'update')
        return undefined;
    const light = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .image */ .Sl)('Screenshot (light)', u.data.screenshotLight ?? u.data.screenshot);
    const dark = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .image */ .Sl)('Screenshot (dark)', u.data.screenshotDark);
    const shots = [];
    if (light)
        shots.push({ label: 'Light', img: light });
    if (dark)
        shots.push({ label: 'Dark', img: dark });
    if (shots.length === 0)
        return undefined;
    return `### Screenshots\n\n${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(shots.map((shot) => shot.label), [shots.map((shot) => shot.img)])}`;
}
function logSection(updates, told) {
    const shown = updates.filter((t) => t.logs.length > 0 || told.unknownEndOf(t));
    if (shown.length === 0)
        return undefined;
    const parts = ['### Update logs'];
    for (const t of shown.slice(0, MAX_LOG_TAILS)) {
        const tail = t.logs.slice(-MAX_LOG_TAIL);
        const cut = t.logs.length > tail.length ? ` (last ${tail.length} of ${t.logs.length} lines)` : '';
        const unknown = told.unknownEndOf(t);
        const status = unknown ? ` \u2014 status ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(t.status, 80)).replace(/@/g, '@\u200b')}` : '';
        const summary = unknown?.summary;
        const body = [...(summary ? [`Summary: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(summary, 300)}`] : []), tail.length > 0 ? (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .preBlock */ .DI)(tail) : 'Its record has no log lines.'].join('\n\n');
        const open = t.result === 'failure' || unknown ? ' open' : '';
        parts.push(`<details${open}><summary>${(0,_titles_js__WEBPACK_IMPORTED_MODULE_6__/* .resultMark */ .nV)(t.result)} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)(t.ref.id)}${status}${cut}</summary>\n\n${body}\n\n</details>`);
    }
    if (shown.length > MAX_LOG_TAILS)
        parts.push(`Logs of ${shown.length - MAX_LOG_TAILS} more updates are not shown.`);
    return parts.join('\n\n');
}
const MAX_PAGE_ROWS = 50;
function pagesSection(pages) {
    const parts = ['### Pages'];
    if (pages.skipped) {
        parts.push(`Skipped: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(pages.reason, 300)}`);
        return parts.join('\n\n');
    }
    const rows = pages.pages.slice(0, MAX_PAGE_ROWS).map((page) => [(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(page.path, 200), `${(0,_titles_js__WEBPACK_IMPORTED_MODULE_6__/* .resultMark */ .nV)(page.result)} ${page.result}`, ...(0,_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .pageFacts */ .P)(page)]);
    parts.push((0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(['Page', 'Result', 'Found', 'Holds the text', 'When'], rows));
    if (pages.pages.length > MAX_PAGE_ROWS)
        parts.push(`\u2026 and ${pages.pages.length - MAX_PAGE_ROWS} more (see the \`page-results\` output)`);
    return parts.join('\n\n');
}
const MAX_SEARCH_ROWS = 10;
function searchSection(search) {
    const parts = ['### Search check'];
    if (search.skipped) {
        parts.push(`Skipped: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(search.reason, 300)}`);
        return parts.join('\n\n');
    }
    const mark = search.result === 'success' ? '\u2705 passed' : `${search.result === 'failure' ? '\u274c' : '\u26a0\ufe0f'} ${search.result}`;
    parts.push(`${mark}${search.error && search.result !== 'failure' ? `: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(search.error, 500)}` : ''}`);
    for (const query of search.queries) {
        const verdict = query.problem ? `\u274c ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(query.problem, 500)}` : `\u2705 ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .counted */ .hS)(query.results.length, 'result')}`;
        const rows = query.results.slice(0, MAX_SEARCH_ROWS).map((r, i) => {
            const score = typeof r.metadata.score === 'number' ? r.metadata.score.toFixed(2) : '';
            return [String(i + 1), (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeSpan */ .SS)(r.path, 200), (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(r.content, 120), score];
        });
        const more = query.results.length > MAX_SEARCH_ROWS ? `\n\n\u2026 and ${query.results.length - MAX_SEARCH_ROWS} more (see the \`search-results\` output)` : '';
        parts.push(`**${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(query.query, 200)}** \u2014 ${verdict}${rows.length > 0 ? `\n\n${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(['#', 'Path', 'Excerpt', 'Score'], rows)}` : ''}${more}`);
    }
    return parts.join('\n\n');
}
function fitInBudget(markdown) {
    if (Buffer.byteLength(markdown) <= MAX_SUMMARY_BYTES)
        return markdown;
    const note = '\n\n_The summary was cut here to stay under GitHub\u2019s 1 MiB limit; the step outputs hold everything._\n';
    let cut = Buffer.from(markdown)
        .subarray(0, MAX_SUMMARY_BYTES - Buffer.byteLength(note))
        .toString('utf8');
    cut = cut.slice(0, cut.lastIndexOf('\n'));
    return `${cut}${note}`;
}


/***/ })

};
