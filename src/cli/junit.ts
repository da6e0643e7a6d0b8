// A JUnit XML report (GitLab's artifacts:reports:junit, Jenkins, CircleCI): one test case per
// target, per page read and per search query, a failure's text the reason and the next step, an update's log
// tail as its output. Valid XML whatever the server sent: characters XML cannot hold are
// dropped and the rest escaped (no CDATA, so "]]>" is only text).
import { describeRef } from '../engine/wait.js'
import type { DryRunCheck, RunOutcome, StartKind, TargetReport } from '../model.js'
import type { ExplainOptions, Explainer } from '../report/explainer.js'
import { MAX_LOG_TAIL } from '../report/summary.js'
import { oneLine, sentence, stripControl } from '../text.js'

interface TestCase {
  classname: string
  name: string
  seconds: number
  /** A failure, timeout, error or cancel; `type` says which. */
  failure?: { type: string; message: string; text: string }
  skipped?: string
  output?: readonly string[]
}

const SUITE = 'wait-for-docs'
const STARTED_WORK: Record<StartKind, string> = {
  update: 'the docs update',
  preview: 'the docs preview',
  agent: 'the agent job',
  automation: 'the automation run',
  message: 'the follow-up to the agent job'
}

/**
 * Text as XML can hold it: no control character, no lone surrogate, markup escaped. No CI that
 * prints the report runs a command from it (`##vso[`, `##teamcity[`, `##[`, a leading `::`): the
 * character that would start one is written as a character reference, which reads the same.
 */
export function xmlText(text: string): string {
  return stripControl(text)
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/#(?=#)/g, '&#35;')
    .replace(/^(\s*):(?=:)/gm, '$1&#58;')
    .replace(/section_(start|end):/gi, 'section_$1&#58;')
}

const told = (reason: string, next: string) => (next ? `${reason}\nNext: ${sentence(next)}` : reason)

function targetCase(t: TargetReport, explainer: Explainer, options: ExplainOptions): TestCase {
  const { reason, next } = explainer.explainTarget(t, options)
  const base = {
    classname: `${SUITE}.${t.ref.kind}`,
    name: describeRef(t.ref),
    seconds: t.finishedAfterMs / 1000,
    ...(t.logs.length > 0 ? { output: t.logs.slice(-MAX_LOG_TAIL) } : {})
  }
  if (t.result === 'success') return base
  const message = `${describeRef(t.ref)} ${reason}`
  // A cancelled wait is a failure too (type "cancelled"): the job failed, and a report that reads
  // "nothing failed" would say otherwise.
  return { ...base, failure: { type: t.result, message, text: told(message, next) } }
}

/** A dry run: a case per check; what was left unproven is skipped, with why. */
function dryRunCases(checks: readonly DryRunCheck[]): TestCase[] {
  return checks.map((check) => {
    const base = { classname: `${SUITE}.check`, name: check.subject, seconds: 0 }
    if (check.state === 'ok') return base
    if (check.state === 'warning') return { ...base, skipped: check.words }
    return { ...base, failure: { type: check.state === 'problem' ? 'error' : 'unknown', message: `${check.subject}: ${check.words}`, text: check.words } }
  })
}

function testCases(outcome: RunOutcome, explainer: Explainer, options: ExplainOptions): TestCase[] {
  const seconds = outcome.elapsedMs / 1000
  if (outcome.dryRun) {
    const cases = dryRunCases(outcome.dryRun.checks)
    if (outcome.notWritten === undefined) return cases
    const failure = { type: 'error', message: outcome.notWritten, text: outcome.notWritten }
    return [{ classname: `${SUITE}.reports`, name: 'reports written', seconds: 0, failure }, ...cases]
  }
  if (outcome.problems.length > 0) {
    const { lead, quoted, next } = explainer.explainRun(outcome, options)
    const text = told([...lead, ...quoted.flat().map((problem) => `- ${problem}`)].join('\n'), next)
    return [{ classname: `${SUITE}.inputs`, name: 'inputs', seconds, failure: { type: 'invalid-input', message: outcome.headline, text } }]
  }
  const cases: TestCase[] = []
  // A report or output that could not be written made the run an error: a case of its own says so.
  if (outcome.notWritten !== undefined)
    cases.push({
      classname: `${SUITE}.reports`,
      name: 'reports written',
      seconds: 0,
      failure: { type: 'error', message: outcome.notWritten, text: outcome.notWritten }
    })
  const trigger = outcome.trigger
  if (trigger) {
    const name = `start ${STARTED_WORK[trigger.kind]}`
    const started: TestCase = { classname: `${SUITE}.trigger`, name, seconds: (trigger.finishedAfterMs ?? 0) / 1000 }
    if (trigger.result === 'success') cases.push(started)
    else cases.push({ ...started, failure: { type: trigger.result, message: outcome.headline, text: outcome.headline } })
  }
  for (const t of outcome.targets) cases.push(targetCase(t, explainer, options))
  for (const ref of outcome.notWaitedOn ?? [])
    cases.push({ classname: `${SUITE}.${ref.kind}`, name: describeRef(ref), seconds: 0, skipped: 'not waited on: the work to start could not be started' })
  const pages = outcome.pages
  if (pages?.skipped) cases.push({ classname: `${SUITE}.page`, name: 'page check', seconds: 0, skipped: pages.reason })
  else if (pages)
    for (const page of pages.pages) {
      const name = `page ${page.path}`
      const took = (page.liveAfterMs ?? 0) / 1000
      cases.push(
        page.result === 'success'
          ? { classname: `${SUITE}.page`, name, seconds: took }
          : {
              classname: `${SUITE}.page`,
              name,
              seconds: took,
              failure: { type: page.result, message: page.error ?? outcome.headline, text: page.error ?? outcome.headline }
            }
      )
    }
  const search = outcome.search
  if (search?.skipped) cases.push({ classname: `${SUITE}.search`, name: 'search check', seconds: 0, skipped: search.reason })
  else if (search) {
    for (const query of search.queries) {
      const name = `search "${query.query}"`
      cases.push(
        query.problem
          ? { classname: `${SUITE}.search`, name, seconds: 0, failure: { type: 'failure', message: query.problem, text: query.problem } }
          : { classname: `${SUITE}.search`, name, seconds: 0 }
      )
    }
    if (search.result !== 'success' && !search.queries.some((query) => query.problem)) {
      const message = search.error ?? outcome.headline
      cases.push({ classname: `${SUITE}.search`, name: 'search check', seconds: 0, failure: { type: search.result, message, text: message } })
    }
  }
  if (cases.length === 0) {
    // Nothing was waited on or searched: the run itself is the one case.
    const { lead, next } = explainer.explainRun(outcome, options)
    const run: TestCase = { classname: SUITE, name: 'wait-for-docs', seconds }
    cases.push(outcome.result === 'success' ? run : { ...run, failure: { type: outcome.result, message: outcome.headline, text: told(lead.join('\n'), next) } })
  }
  return cases
}

function renderCase(c: TestCase, clean: (text: string) => string): string {
  const xml = (text: string) => xmlText(clean(text))
  const attributes = `classname="${xml(c.classname)}" name="${xml(c.name)}" time="${c.seconds.toFixed(3)}"`
  const inner: string[] = []
  if (c.failure) inner.push(`      <failure type="${xml(c.failure.type)}" message="${xml(oneLine(c.failure.message, 300))}">${xml(c.failure.text)}</failure>`)
  if (c.skipped !== undefined) inner.push(`      <skipped message="${xml(oneLine(c.skipped, 300))}"/>`)
  if (c.output) inner.push(`      <system-out>${xml(c.output.join('\n'))}</system-out>`)
  return inner.length === 0 ? `    <testcase ${attributes}/>` : `    <testcase ${attributes}>\n${inner.join('\n')}\n    </testcase>`
}

/**
 * The report for the outcome, explained by `explainer` (load-explainer.ts); `clean` cuts every key out
 * of each text before it is escaped.
 */
export function renderJunit(outcome: RunOutcome, explainer: Explainer, options: ExplainOptions, clean: (text: string) => string): string {
  const cases = testCases(outcome, explainer, options)
  const failures = cases.filter((c) => c.failure).length
  const skipped = cases.filter((c) => c.skipped !== undefined).length
  const totals = `tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${(outcome.elapsedMs / 1000).toFixed(3)}"`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${SUITE}" ${totals}>`,
    `  <testsuite name="${SUITE}" ${totals}>`,
    ...cases.map((c) => renderCase(c, clean)),
    '  </testsuite>',
    '</testsuites>',
    ''
  ].join('\n')
}
