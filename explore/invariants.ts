// The contracts as code: one function per promise, each judging a RunRecord (what one schedule
// left behind) and returning what it found broken. Pure: the tests drive them with hand-built
// records (__tests__/explore-invariants.test.ts).
import { githubStatusState, gitlabStatusState } from '../src/report/commit-status.js'
import { deploymentState } from '../src/report/deployment.js'
import { resultMark } from '../src/report/titles.js'
import { CANCEL_GRACE_MS as STEP_CANCEL_GRACE_MS } from '../src/step/cancel.js'
import { commentEndAt, EXIT_GRACE_MS, STEP_BOUND_SLACK_MS } from '../src/step/limits.js'
import { PARENT_CHECK_MS } from '../src/step/parent.js'
import { codesOf, everyWarningCode } from '../src/warnings.js'
import { sameCommit, shownCommit } from '../src/records/heads.js'
import { tagOf } from '../src/records/gate.js'
import type { ReportName, RunRecord } from './execute.js'
import {
  type CommitStatusRecord,
  deliveredState,
  FAILED_STATES,
  GITLAB_USER,
  INJECTION,
  KEYS,
  PAGE_TEXT,
  type Reply,
  OUR_GITHUB_LOGIN,
  type Seen,
  RUN_SHA,
  STATUS_CONTEXT,
  URL_SECRET,
  BIDI_CONTROLS,
  FOREIGN_MARKER,
  SITE_HEADER_VALUE,
  type CheckReportSeen
} from './standins.js'
import { idOf, startedId } from './schedule.js'
import { activeCommands } from '../dev/workflow-log.js'

export interface Violation {
  invariant: string
  detail: string
  /** The run it is about, in a schedule of several (`matrix leg 2`): not part of what the finding is (kindOf). */
  run?: string
}

type Result = 'success' | 'failure' | 'timeout' | 'cancelled' | 'error'
const RESULTS: readonly string[] = ['success', 'failure', 'timeout', 'cancelled', 'error']

/** How long past the contract's bounds a step may take on a busy machine before it counts as late. */
export const BUSY_SLACK_MS = 2000
/** The contract's cancel grace: the step is gone within this after a signal. */
export const CANCEL_GRACE_MS = 2000
/** How near the end of a cancel's grace a step that ended is taken to have been ended by it. */
const GRACE_EDGE_MS = 100
/** A failure the platform delivered this long before the step ended was surely read by it. */
const SURELY_READ_MS = 1000
/** An answer sent this near its request's end (request-timeout from its arrival) may reach the step after it gave up on it. */
const REQUEST_EDGE_MS = 100

const SUCCESS_STATES = new Set(['success', 'completed'])

/** A request the step makes while it waits (a poll): the platform's, the site's, a read of the commit's check runs (platform-check). */
const isPoll = (s: Seen) => s.party === 'platform' || s.party === 'site' || s.channel === 'gh:checks'

// ---- reading what the run left -------------------------------------------------------------

/** The last whole JSON object of a text that may hold several written in turn (a FIFO). */
export function lastJson(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined
  const parts = text.split(/\n(?=\{)/)
  for (let i = parts.length - 1; i >= 0; i--) {
    try {
      const value = JSON.parse(parts[i] ?? '')
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
    } catch {}
  }
  return undefined
}

/** DOCS_RESULT of a dotenv text (the last one, when several were written in turn). */
export function dotenvResult(text: string | undefined): string | undefined {
  const lines = (text ?? '').split('\n').filter((l) => l.startsWith('DOCS_RESULT='))
  const last = lines.at(-1)
  return last === undefined ? undefined : last.slice('DOCS_RESULT='.length)
}

/** The last JUnit document of a text. */
export function lastJunit(text: string | undefined): string | undefined {
  if (!text) return undefined
  const at = text.lastIndexOf('<?xml')
  return at === -1 ? (text.includes('<testsuite') ? text : undefined) : text.slice(at)
}

/** Every place that states the run's result, with what it states. */
export function claimedResults(r: RunRecord): { source: string; result: string }[] {
  const claims: { source: string; result: string }[] = []
  if (r.schedule.mode === 'action') {
    if (r.outputs.result !== undefined) claims.push({ source: 'output result', result: r.outputs.result })
    return claims
  }
  if (r.schedule.reports.json && r.stdoutClosedAtMs === undefined) {
    const json = lastJson(r.stdout)
    if (json && typeof json.result === 'string') claims.push({ source: '--json on stdout', result: json.result })
  }
  const output = lastJson(r.reports.outputFile?.text)
  if (output && typeof output.result === 'string') claims.push({ source: '--output-file', result: output.result })
  const dotenv = dotenvResult(r.reports.dotenv?.text)
  if (dotenv) claims.push({ source: '--dotenv DOCS_RESULT', result: dotenv })
  return claims
}

/** The result the run ended with, as its reports (or, with none, its exit code) say it. */
export function resultOf(r: RunRecord): Result | undefined {
  const claim = claimedResults(r)[0]?.result
  if (claim && RESULTS.includes(claim)) return claim as Result
  if (r.schedule.mode === 'command') {
    const byCode: Record<number, Result> = { 1: 'failure', 3: 'timeout', 4: 'error', 130: 'cancelled', 143: 'cancelled' }
    if (r.code === 0 && r.schedule.failOnTimeout) return 'success'
    if (r.code !== null && r.code !== 0) return byCode[r.code]
    // Exited 0 with timeouts not failing it and no report read (a closed stdout; found by CI, seed
    // 45066188), or died of a signal (a violation of its own): the result line it printed.
    const said = /Result: (\w+)\b/.exec(log(r))?.[1]
    return said && RESULTS.includes(said) ? (said as Result) : undefined
  }
  return undefined
}

const log = (r: RunRecord) => `${r.stdout}\n${r.stderr}`

/**
 * The step's verdict, as the commit status follows it: a timeout that fail-on-timeout: false let
 * through (the run passed: exit 0) is success; anything else is the result.
 */
export function verdictOf(r: RunRecord): Result | undefined {
  const result = resultOf(r)
  return result === 'timeout' && !r.schedule.failOnTimeout && r.code === 0 ? 'success' : result
}

/** The targets the step was to wait on, with the channel the platform served each on. */
function plannedTargets(r: RunRecord): { id: string; channel: string }[] {
  const targets = r.schedule.targets.map((t, i) => {
    const id = idOf(t.kind, i)
    return { id, channel: `${t.kind === 'update' ? 'status' : 'job'}:${id}` }
  })
  if (r.schedule.trigger) {
    const kind = r.schedule.trigger.target.kind
    targets.push({ id: startedId(kind), channel: `${kind === 'update' ? 'status' : 'job'}:${startedId(kind)}` })
  }
  return targets
}

/** The lines of the log that are warnings: the action's `::warning` commands, the command's `warning:` lines (colour stripped). */
export function warningLines(r: RunRecord): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the command colours its warnings with ANSI escapes
  const plain = log(r).replace(/\u001b\[[0-9;]*m/g, '')
  return plain.split('\n').filter((line) => (r.schedule.mode === 'action' ? /^::warning\b/.test(line) : /^warning: /.test(line)))
}

/** Whether a warning line is about `record` (`commit-status`, `comment`…): a code of it, of any kind but `skipped` unless asked. */
const about = (line: string, record: string, kinds?: readonly string[]) =>
  codesOf(line).some((code) => code.startsWith(`${record}.`) && (kinds === undefined || kinds.includes(code.slice(record.length + 1))))
/** A warning that names the commit status: any of its codes (could not be written, may not hold, nowhere to write it…). */
const namesTheCommitStatus = (line: string) => about(line, 'commit-status')
/** What a record's warning says when it may not be true: not written, or written and in doubt (not "nowhere to go"). */
const IN_DOUBT = ['not-written', 'out-of-time', 'may-not-hold', 'no-token', 'not-loaded', 'older-head']
/** Every code of a run's warnings, in the order said. */
const warningCodes = (r: RunRecord): string[] => warningLines(r).flatMap((line) => codesOf(line))
/** Whether a run warned that a code of its says: `code`, exactly. */
const warnedOf = (r: RunRecord, code: string) => warningCodes(r).includes(code)

/** The statuses of the run's commit on the context the step writes, in the order applied. */
/** The statuses the runs and their canned sibling wrote on the context (not the filler written before them). */
const onContext = (r: RunRecord): CommitStatusRecord[] => (r.commitStatuses ?? []).filter((s) => s.context === STATUS_CONTEXT && s.by !== 'filler')

// ---- 1 ----------------------------------------------------------------------------------------

/**
 * The commit status's warning that a success whose answer was lost may land after the step over
 * another job's failure, whatever state the status was written to last (another job's failure kept
 * included: found by the long run, where the words were also cut before they said it): its code.
 */
const LATE_SUCCESS = 'commit-status.late-success'

/** 1. result=success only if every target's last answer was success; a definite failure anywhere gives failure. */
export function gateNeverGreenWrongly(r: RunRecord): Violation[] {
  const invariant = 'gate never green wrongly'
  const found: Violation[] = []
  const result = resultOf(r)
  const targets = plannedTargets(r)
  if (result === 'success' || claimedResults(r).some((c) => c.result === 'success')) {
    if (r.schedule.trigger && r.platform.started === 0) found.push({ invariant, detail: 'success, but the work was never started (no start POST applied)' })
    for (const target of targets) {
      if (target.id.endsWith('_started') && r.platform.started === 0) continue
      const served = r.seen.filter((s) => s.channel === target.channel)
      const last = served.filter((s) => deliveredState(s) !== undefined).at(-1)
      const state = last ? deliveredState(last) : undefined
      if (!state || !SUCCESS_STATES.has(state)) found.push({ invariant, detail: `success, but ${target.id}'s last answer delivered was ${state ?? 'none'}` })
    }
    for (const page of r.schedule.pages?.paths ?? []) {
      const answer = lastPageAnswer(r, page)
      const problem = pageAnswerProblem(page, answer, r.schedule.pages?.contains === true)
      if (problem) found.push({ invariant, detail: `success, but page ${page}'s last answer delivered was ${problem}` })
    }
  }
  // Red only for the docs' own answer: a run whose waits all succeeded fails for its pages only
  // when a page's last answer said it is missing (404) or lacks the text; answers that are not
  // the page (a catch-all's, another page's) are "could not tell" (error), never "broken".
  if (result === 'failure' && r.schedule.pages && !r.killed && r.signalAtMs === undefined && targets.length > 0) {
    const waitsSucceeded = targets.every((target) => {
      const last = r.seen.filter((s) => s.channel === target.channel && deliveredState(s) !== undefined).at(-1)
      const state = last ? deliveredState(last) : undefined
      return state !== undefined && SUCCESS_STATES.has(state)
    })
    const problems = r.schedule.pages.paths.map((page) => pageAnswerProblem(page, lastPageAnswer(r, page), r.schedule.pages?.contains === true))
    if (waitsSucceeded && !problems.some((problem) => problem === 'HTTP 404' || problem === 'the page without the text asked for'))
      found.push({
        invariant,
        detail: `failure for the pages, though no page's last answer said it was missing or without the text (${r.schedule.pages.paths.map((page, i) => `${page}: ${problems[i] ?? 'live'}`).join('; ')})`
      })
  }
  // The check branch protection requires: green only for a run whose result is success, and never over another job's failure.
  // A run among several shares the context with the others: judged across the runs (gateNeverGreenAcrossRuns).
  if (r.schedule.commitStatus && !r.killed && !r.run) {
    const statuses = onContext(r)
    const newest = statuses.at(-1)
    const siblingFailed = statuses.some((s) => s.by === 'sibling' && (s.state === 'failure' || s.state === 'error'))
    const verdict = verdictOf(r)
    if (newest?.state === 'success' && verdict !== undefined && verdict !== 'success')
      found.push({ invariant, detail: `the commit status ${STATUS_CONTEXT} ends success, the result is ${result}` })
    // A success whose answer was lost and that lands after the step cannot be undone by it: said in its one warning.
    const lateSuccessSaid = warnedOf(r, LATE_SUCCESS)
    if (newest?.state === 'success' && siblingFailed && !lateSuccessSaid)
      found.push({ invariant, detail: `the commit status ${STATUS_CONTEXT} ends success over another job's failure of the same run` })
  }
  // What the step itself says it read: a record of a failed state in `results` must make the result a failure.
  const results = readResults(r)
  for (const entry of results) {
    const status = typeof entry.record?.status === 'string' ? entry.record.status : undefined
    if (status && FAILED_STATES.has(status) && result !== undefined && result !== 'failure')
      found.push({ invariant, detail: `${entry.id} was read as ${status}, yet the result is ${result}` })
  }
  // A failure the platform delivered well before the end was read: the result must be failure.
  const end = r.durationMs
  const stop = Math.min(end, r.signalAtMs ?? end)
  if (result !== undefined && result !== 'failure' && !r.killed)
    for (const target of targets) {
      // The n-th request of a channel is the target's poll n. A poll the action's own debug line
      // says its request-timeout cut was not read, however early its answer left the stand-in:
      // a big record on a busy machine can take the last 100 ms of its request to arrive (found
      // by the corpus at a load of 2 on 2 cores, entry 2026-11-26-…-20261147). The command says
      // its polls only with --verbose: there, the margins below still judge.
      const failed = r.seen
        .filter((s) => s.channel === target.channel)
        .find(
          (s, n) =>
            (s.fault.kind === 'ok' || s.fault.kind === 'latency') && FAILED_STATES.has(deliveredState(s) ?? '') && !pollCutByItsTimeout(r, target, n + 1)
        )
      if (!failed) continue
      // When the answer was sent whole, not when it was due: a busy machine's stand-in sends late.
      const sentAt = failed.deliveredAt ?? failed.at + (failed.fault.kind === 'latency' ? failed.fault.ms : 0)
      const deliveredAt = sentAt - r.startedAt
      // An answer sent at the end of its request's time (request-timeout from when it came) may
      // reach the step after it gave up on that request (found by the long run: an answer due in
      // 138 ms of a request-timeout of 305 ms, on a loaded machine, cut by it): no answer it read.
      // The request's arrival is stamped when the explorer's loop took it: a pause of it (explore/pauses.ts) makes it that much earlier.
      const withinItsRequest = sentAt - failed.at + (r.explorerPausedMs ?? 0) < r.schedule.requestTimeoutMs - REQUEST_EDGE_MS
      if (withinItsRequest && deliveredAt + SURELY_READ_MS < stop)
        found.push({
          invariant,
          detail: `the platform answered ${target.id} ${deliveredState(failed)} ${Math.round(stop - deliveredAt)} ms before the step stopped, yet the result is ${result}`
        })
    }
  return found
}

/** Whether the action's debug line of a target's poll says that its request-timeout ended it before a whole answer. */
export function pollCutByItsTimeout(r: RunRecord, target: { id: string; channel: string }, poll: number): boolean {
  if (r.schedule.mode !== 'action') return false
  const noun = target.channel.startsWith('status:') ? 'update' : 'agent job'
  return r.stdout.split('\n').some((line) => line.startsWith(`::debug::${noun} ${target.id} poll ${poll}: no complete answer within `))
}

function readResults(r: RunRecord): { id?: string; record?: { status?: unknown } }[] {
  const raw = r.schedule.mode === 'action' ? r.outputs.results : undefined
  let list: unknown
  try {
    list = raw !== undefined ? JSON.parse(raw) : lastJson(r.reports.outputFile?.text)?.results
  } catch {
    return []
  }
  return Array.isArray(list) ? (list as { id?: string; record?: { status?: unknown } }[]) : []
}

// ---- 2 ----------------------------------------------------------------------------------------

/** The run's reports say its input was invalid. */
function invalidInput(r: RunRecord): boolean {
  const said = [
    lastJson(r.reports.outputFile?.text)?.message,
    r.schedule.reports.json && r.stdoutClosedAtMs === undefined ? lastJson(r.stdout)?.message : undefined
  ]
  return said.some((message) => typeof message === 'string' && /\bInvalid input \(\d+ problems?\); no request was sent\./.test(message))
}

/** The exit code the contract gives a result. */
export function expectedExitCode(r: RunRecord, result: Result): number[] {
  const signal = r.schedule.signal && r.signalAtMs !== undefined ? r.schedule.signal.name : undefined
  if (r.schedule.mode === 'action') {
    const passes = result === 'success' || (result === 'timeout' && !r.schedule.failOnTimeout)
    // A cancel ends the step failed, whatever it had found: the runner marks it cancelled.
    return passes ? (signal ? [0, 1] : [0]) : [1]
  }
  switch (result) {
    case 'success':
      return [0]
    case 'failure':
      return [1]
    case 'timeout':
      return r.schedule.failOnTimeout ? [3] : [0]
    case 'error':
      // Invalid input is 2 whatever else went wrong (a report too): the fix is the command line,
      // and "nothing was sent" must hold.
      if (invalidInput(r)) return r.seen.some((s) => s.party === 'platform') ? [] : [2]
      // A failure anywhere is 1 even when the run ended error (a report that could not be written): broken docs never pass as "could not tell".
      // 4 is "could not tell", 5 a setup the platform refused for certain (a key, an id, a project): both are result=error.
      return readResults(r).some((t) => FAILED_STATES.has(String(t.record?.status))) ? [1, 4, 5] : [4, 5]
    case 'cancelled':
      return signal ? [signal === 'SIGINT' ? 130 : 143] : [4]
  }
}

/** 2. The exit code, `result`, every report and every output agree. */
export function exitCodeResultAndReportsAgree(r: RunRecord): Violation[] {
  const invariant = 'exit code, result and reports agree'
  const found: Violation[] = []
  if (r.killed) return found
  const claims = claimedResults(r)
  const distinct = new Set(claims.map((c) => c.result))
  if (distinct.size > 1) found.push({ invariant, detail: `the reports disagree: ${claims.map((c) => `${c.source}=${c.result}`).join(', ')}` })
  for (const claim of claims)
    if (!RESULTS.includes(claim.result)) found.push({ invariant, detail: `${claim.source} is ${JSON.stringify(claim.result)}, not a result` })
  const result = resultOf(r)
  // The action may die of the signal the runner sent it: the runner marks the step cancelled either way.
  const killedBySent = r.schedule.mode === 'action' && r.signalAtMs !== undefined && r.signal === r.schedule.signal?.name
  // A signal sent once the outcome was printed, even while Node tears the process down, leaves
  // the outcome's exit code (step/process-end.ts; found by CI, seed 230642571: a death by SIGINT
  // as the command exited 0 on a timeout let through).
  if (r.code === null && !killedBySent) found.push({ invariant, detail: `the step was ended by ${r.signal} instead of exiting with its code` })
  else if (r.code !== null && result !== undefined) {
    const codes = expectedExitCode(r, result)
    if (codes.length === 0)
      found.push({ invariant, detail: `the reports say invalid input and no request sent, yet the platform was sent one (exit ${r.code})` })
    else if (!codes.includes(r.code)) found.push({ invariant, detail: `result ${result} with exit code ${r.code} (expected ${codes.join(' or ')})` })
  }
  if (r.schedule.mode === 'command') {
    const json = r.schedule.reports.json && r.stdoutClosedAtMs === undefined ? lastJson(r.stdout) : undefined
    const file = lastJson(r.reports.outputFile?.text)
    for (const [source, report] of [
      ['--json', json],
      ['--output-file', file]
    ] as const)
      if (
        report &&
        typeof report.result === 'string' &&
        report['exit-code'] !== undefined &&
        report['exit-code'] !== r.code &&
        // A death by a signal is its own violation, above.
        r.code !== null
      )
        found.push({ invariant, detail: `${source} says exit code ${String(report['exit-code'])}, the command exited ${r.code}` })
    const junit = lastJunit(r.reports.junit?.text)
    if (junit && result) {
      const failing = /<failure\b/.test(junit)
      if (result === 'success' && failing) found.push({ invariant, detail: 'the JUnit report holds a failure, the result is success' })
      // A run cancelled before it knew of any target (during the start POST) may have no test case to fail.
      if (
        result !== 'success' &&
        !failing &&
        (readResults(r).length > 0 || lastJson(r.reports.outputFile?.text)?.results === undefined) &&
        r.schedule.targets.length > 0
      )
        found.push({ invariant, detail: `the JUnit report holds no failure, the result is ${result}` })
    }
  }
  return found
}

// ---- 3 ----------------------------------------------------------------------------------------

const REPORT_WORDS: Record<ReportName, string> = { outputFile: 'JSON report', dotenv: 'dotenv report', junit: 'JUnit report', summaryFile: 'job summary' }

const holdsReport = (name: ReportName, text: string | undefined): boolean => {
  if (name === 'outputFile') return typeof lastJson(text)?.result === 'string'
  if (name === 'dotenv') return dotenvResult(text) !== undefined
  if (name === 'junit') return lastJunit(text) !== undefined
  return (text ?? '').trim() !== ''
}

/** The discovery API's last answer delivered for a page read of `page`. */
function lastPageAnswer(r: RunRecord, page: string): Reply | undefined {
  const asked = (body: string | undefined) => {
    try {
      return (JSON.parse(body ?? '') as { path?: unknown }).path
    } catch {
      return undefined
    }
  }
  return r.seen.filter((s) => s.channel === 'page' && asked(s.body) === page && s.delivered).at(-1)?.delivered
}

const barePage = (path: string) => path.trim().replace(/^\/+|\/+$/g, '')
const looseText = (text: string) => text.toLowerCase().replace(/\s+/g, ' ')

/** Why an answer is not the page live (with the text when asked), in a few words; undefined when it is. */
export function pageAnswerProblem(page: string, answer: Reply | undefined, contains: boolean): string | undefined {
  if (!answer) return 'none'
  if (answer.status !== 200) return `HTTP ${answer.status}`
  const json = answer.json as { path?: unknown; content?: unknown } | undefined
  if (typeof json?.content !== 'string') return 'no page'
  if (typeof json.path !== 'string') return 'an answer naming no page'
  if (barePage(json.path) !== barePage(page)) return `the page ${json.path}`
  if (contains && !looseText(json.content).includes(looseText(PAGE_TEXT))) return 'the page without the text asked for'
  return undefined
}

/** 3. Every report asked for is written, or the run ends `error`, exit 4, naming it; a path that is not a regular file is written in place, never replaced. */
export function everyReportAskedIsWritten(r: RunRecord): Violation[] {
  const invariant = 'every report asked for is written'
  const found: Violation[] = []
  if (r.killed) return found
  const text = log(r)
  if (r.schedule.mode === 'action') {
    if (r.outputs.result === undefined) found.push({ invariant, detail: 'GITHUB_OUTPUT holds no result' })
    const summary = r.summary
    if (summary) {
      if (['symlink', 'fifo', 'stalled-fifo', 'dev-full'].includes(summary.place) && summary.kept === false)
        found.push({ invariant, detail: `GITHUB_STEP_SUMMARY is a ${summary.place}, and the step replaced it instead of writing through it` })
      // A FIFO whose reader stalls: written whole once it reads, or said not written.
      const writable =
        summary.place === 'file' ||
        summary.place === 'symlink' ||
        summary.place === 'fifo' ||
        (summary.place === 'stalled-fifo' && holdsReport('summaryFile', summary.text))
      // A cancel's grace that ran out first (a busy machine, outputs of megabytes) is said in the log.
      const graceSaid = r.signalAtMs !== undefined && warnedOf(r, 'cancel.grace-ran-out')
      if (writable && !graceSaid && !holdsReport('summaryFile', summary.text))
        found.push({ invariant, detail: `the job summary (a ${summary.place}) was not written` })
      if (!writable && !warnedOf(r, 'summary.not-written'))
        found.push({ invariant, detail: `the job summary could not go to a ${summary.place}, and no warning says so` })
    }
    return found
  }
  const result = resultOf(r)
  // --json on stdout: one whole object, however slowly its reader read it; but a cancel's grace
  // holds over a reader too slow for it (found by the long run: 4.9 MB of JSON to a reader a
  // loaded machine ran slowly), and the object is cut where the grace ended, never anything else.
  // The step's own grace (1.5 s) is the earliest it ends, not the contract's 2 s: a step whose
  // package runner was killed ended 1.7 s after it with the object cut (found by the long run).
  const cutByGrace = r.signalAtMs !== undefined && r.durationMs - r.signalAtMs >= STEP_CANCEL_GRACE_MS - GRACE_EDGE_MS && /^\{"result":"[a-z]+"/.test(r.stdout)
  if (r.schedule.reports.json && r.stdoutClosedAtMs === undefined && !cutByGrace && typeof lastJson(r.stdout)?.result !== 'string')
    found.push({
      invariant,
      detail: `--json on stdout is no whole JSON object with a result (${r.stdout.length} characters read${r.stdoutReadAtMs === undefined ? '' : `, by a reader that began ${r.stdoutReadAtMs} ms in`})`
    })
  // Where it is named: the log, or, when the log's reader went away, any report that was written.
  const told = [text, ...Object.values(r.reports).map((seen) => seen?.text ?? '')].join('\n')
  for (const [name, seen] of Object.entries(r.reports) as [ReportName, NonNullable<RunRecord['reports'][ReportName]>][]) {
    if (['symlink', 'fifo', 'stalled-fifo', 'dev-full'].includes(seen.place) && seen.kept === false)
      found.push({ invariant, detail: `${REPORT_WORDS[name]}: the ${seen.place} at its path was replaced instead of written in place` })
    // A FIFO (its reader reads as it comes, or stalls: it opened the FIFO and reads only after a
    // pause): the report reaches it whole, or the step gives up on it within its budget and says
    // so, as for a place that cannot take it (a reader a loaded machine runs too slowly for a
    // report of megabytes, found by the long run); never a hang, never a cut report taken as written.
    if ((seen.place === 'fifo' || seen.place === 'stalled-fifo') && holdsReport(name, seen.text)) continue
    // The command creates a report's missing folder (as JUnit writers do): it must hold the report.
    const writable = seen.place === 'file' || seen.place === 'missing-folder' || seen.place === 'symlink'
    if (writable) {
      if (!holdsReport(name, seen.text))
        found.push({
          invariant,
          detail: `the ${REPORT_WORDS[name]} (a ${seen.place}) was not written (the run ended ${result ?? 'without a result'}, exit ${r.code ?? r.signal})`
        })
      continue
    }
    if (seen.place === 'dev-full' && seen.kept === false) continue
    // A place that cannot take the report: said by name; an error (exit 4) unless it is the summary,
    // which is a warning, or the docs definitely failed: a failure outranks every other result
    // (reported as 4, a pipeline that lets "could not tell" pass would let broken docs pass).
    const named = told.includes(seen.path) || told.includes(REPORT_WORDS[name])
    if (!named) found.push({ invariant, detail: `the ${REPORT_WORDS[name]} could not go to a ${seen.place}, and the log does not name it` })
    if (name !== 'summaryFile' && result !== 'error' && result !== 'cancelled' && result !== 'failure')
      found.push({ invariant, detail: `the ${REPORT_WORDS[name]} could not go to a ${seen.place}, yet the result is ${result ?? 'unknown'} (exit ${r.code})` })
  }
  return found
}

// ---- 4 ----------------------------------------------------------------------------------------

const IN_PROGRESS = '⏳ Waiting for'
/** The heading of a comment or note an older head's run left to the head's run (report/comment.ts `renderLeftToNewerHead`). */
const LEFT_TO_HEAD = '### ⏭️ Left to the run of the'
/** The body of the step's comment or note from an earlier run, which the stand-ins hold before the run when drawn. */
const EARLIER_RUN = 'an earlier run'

/**
 * Whether more comments or notes of one marker stand than the runs' warnings account for (`said`:
 * each run's warning codes). A lost creation that lands after its run is a second record the run
 * cannot see, accepted when a warning of a run said so: a lost "in progress" creation
 * (`late-twin`, `late-waiting-or-twin`) accounts for the records saying "in progress"; a lost
 * creation of the close (`late-creation`) or a second one left beside an older one (`twin-left`)
 * for one more record of any body, per run that said so. Beside those, one record at the most,
 * and one exactly when a late "in progress" twin is accounted for only by the first (none when
 * a person deleted the outcome's record, or the lost creation was said as one or the other).
 */
function tooManyRecords(what: string, bodies: readonly string[], said: readonly (readonly string[])[], outcomeDeleted = false): boolean {
  const saidBy = (codes: readonly string[], ...kinds: string[]) => kinds.some((kind) => codes.includes(`${what}.${kind}`))
  // A second one saying "⏳ Waiting" may appear: said as that, or as the step's one or a second.
  const lateTwinSaid = said.some((codes) => saidBy(codes, 'late-twin', 'late-waiting-or-twin'))
  // One more record of any body per run that said one may appear, or may stand beside an older one.
  const lateCreations = said.filter((codes) => saidBy(codes, 'late-creation', 'twin-left')).length
  // Said as one or the other: the lost creation that landed is the step's one record, or a second
  // beside another run's (a lost creation of which the close found no record).
  const loneOrTwinSaid = said.some((codes) => saidBy(codes, 'late-waiting-or-twin'))
  const lateTwins = lateTwinSaid ? bodies.filter((body) => body.includes(IN_PROGRESS)).length : 0
  const rest = bodies.length - lateTwins
  // A person deleted the record of the outcome: the late twin said may stand alone (found by the long run).
  return rest > 1 + lateCreations || (lateTwins > 0 && lateCreations === 0 && rest !== 1 && !((loneOrTwinSaid || outcomeDeleted) && rest === 0))
}

/** 4. What the step writes elsewhere is true at the end: one comment / note per key, holding the outcome; the deployment's last status matches. */
export function writtenElsewhereIsTrue(r: RunRecord): Violation[] {
  const invariant = 'what is written elsewhere is true at the end'
  const found: Violation[] = []
  if (r.killed) return found
  const result = resultOf(r)
  const check = (what: string, bodies: string[], warned: boolean, others: string[]) => {
    const earlier = bodies.filter((body) => body.includes(EARLIER_RUN)).length
    // A lost creation that lands after the step is a second one the step cannot see: accepted when its warning said so.
    const channel = what === 'comment' ? 'gh:write' : 'gl:write'
    if (tooManyRecords(what, bodies, [warningCodes(r)], deletedAfterItsWrites(r, channel, { outcomeOnly: true })))
      found.push({
        invariant,
        detail: `${bodies.length} ${what}s of the step hold the marker${earlier ? ` (${earlier} from before the run, left as it was)` : ''}`
      })
    for (const other of others) if (!other.includes('quoted by someone else')) found.push({ invariant, detail: `another user's ${what} was changed` })
    if (warned) return
    // A person deleted it after the step's last write of it had landed: the step cannot be asked to know.
    if (bodies.length === 0 && deletedAfterItsWrites(r, channel)) return
    if (bodies.length === 0) {
      found.push({ invariant, detail: `no ${what} was written, and no warning says why` })
      return
    }
    const body = bodies.find((b) => b.includes(IN_PROGRESS)) ?? bodies.find((b) => !b.includes(EARLIER_RUN)) ?? bodies[0] ?? ''
    if (body.includes(IN_PROGRESS)) found.push({ invariant, detail: `the ${what} still says "in progress" at the end, and no warning says why` })
    else if (result && !new RegExp(`^### ${escapeRegExp(resultMark(result))}`, 'm').test(body))
      found.push({
        invariant,
        detail: `the ${what} does not hold the outcome (${result}): ${JSON.stringify(/^### .*$/m.exec(body)?.[0] ?? body.slice(0, 80))}`
      })
  }
  // A run among several shares its comment or note with the runs of its marker: judged across the runs (sharedRecordsTrue).
  if (r.schedule.comment && r.schedule.mode === 'action' && !r.run) {
    const ours = r.comments.filter((c) => c.user === OUR_GITHUB_LOGIN && c.body.includes(r.marker)).map((c) => c.body)
    const others = r.comments.filter((c) => c.user !== OUR_GITHUB_LOGIN && c.body.includes(r.marker)).map((c) => c.body)
    check(
      'comment',
      ours,
      warningLines(r).some((line) => about(line, 'comment', IN_DOUBT)),
      others
    )
  }
  if (r.schedule.comment && r.schedule.mode === 'command' && !r.run) {
    const ours = r.notes.filter((n) => n.authorId === GITLAB_USER.id && n.body.includes(r.marker)).map((n) => n.body)
    const others = r.notes.filter((n) => n.authorId !== GITLAB_USER.id && n.body.includes(r.marker)).map((n) => n.body)
    check(
      'note',
      ours,
      warningLines(r).some((line) => about(line, 'note', IN_DOUBT)),
      others
    )
  }
  const asked =
    r.schedule.mode === 'action' &&
    r.schedule.deployment &&
    (r.schedule.targets.some((t) => t.kind === 'update') || (r.schedule.trigger && r.schedule.trigger.kind !== 'agent'))
  if (asked) {
    if (r.deployments.length > 1) found.push({ invariant, detail: `${r.deployments.length} deployments were created` })
    // Any warning about the deployment (none is said of a run that ended before waiting began: it has no deployment to judge).
    const warned = warningLines(r).some((line) => about(line, 'deployment'))
    const deployment = r.deployments[0]
    if (deployment && !warned && result) {
      const last = deployment.statuses.at(-1)?.state
      const expected = deploymentState(result)
      if (last !== expected)
        found.push({
          invariant,
          detail: `the deployment's last status is ${last ?? 'none'}, the result ${result} (expected ${expected}), and no warning says why`
        })
    }
  }
  if (r.schedule.commitStatus) found.push(...commitStatusTrue(r, verdictOf(r)))
  return found
}

/**
 * A person deleted the step's comment or note after every write of it the API applied, in the
 * same millisecond too (found by the long run): a write applied after the deletion finds no
 * record (a 404) or leaves one standing, so a tie is a deletion after it. `outcomeOnly`: only
 * the writes of the outcome count; a lost "in progress" write may land later still, as the late
 * twin its warning says (found by the long run).
 */
export function deletedAfterItsWrites(r: RunRecord, channel: string, { outcomeOnly = false } = {}): boolean {
  if (r.deletedAtMs === undefined) return false
  const deletedAt = r.startedAt + r.deletedAtMs
  return r.seen.every((s) => s.channel !== channel || s.appliedAt === undefined || (outcomeOnly && s.body?.includes(IN_PROGRESS)) || s.appliedAt <= deletedAt)
}

/**
 * The commit status's newest state on the context is the outcome's (GitHub: success, failure,
 * error; GitLab: success, failed, canceled), or another job's failure it must not replace, or
 * the run printed the one warning that names it; never more than one such warning.
 */
function commitStatusTrue(r: RunRecord, result: Result | undefined): Violation[] {
  const invariant = 'what is written elsewhere is true at the end'
  const found: Violation[] = []
  const named = warningLines(r).filter(namesTheCommitStatus)
  if (named.length > 1) found.push({ invariant, detail: `${named.length} warnings name the commit status ${STATUS_CONTEXT}` })
  // A run among several: what the shared context ends with is judged across the runs (sharedRecordsTrue).
  if (named.length > 0 || !result || r.run) return found
  const statuses = onContext(r)
  const newest = statuses.at(-1)
  const github = r.schedule.mode === 'action'
  const expected = github ? githubStatusState(result) : gitlabStatusState(result)
  if (!newest) {
    found.push({ invariant, detail: `no commit status ${STATUS_CONTEXT} was written, and no warning says why (the result is ${result})` })
    return found
  }
  const siblingFailed = statuses.some((s) => s.by === 'sibling' && (s.state === 'failure' || s.state === 'error'))
  // Another job's failure stands: the newest is that failure, or the step's own failure / error that keeps it.
  if (siblingFailed && (newest.by === 'sibling' || newest.state === 'failure' || newest.state === 'error')) return found
  if (newest.by === 'step' && newest.state === expected) return found
  found.push({
    invariant,
    detail: `the commit status ${STATUS_CONTEXT} ends ${newest.state}${newest.by === 'sibling' ? " (another job's)" : ''}, the result is ${result} (expected ${expected}), and no warning says why`
  })
  return found
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// ---- 5 ----------------------------------------------------------------------------------------

/** 5. A POST that starts work is never sent twice unless the first was proven not acted on (429, 503 with Retry-After, refused before it was read). */
export function startPostNeverRepeatedBlindly(r: RunRecord): Violation[] {
  const invariant = 'a start POST is never sent twice blindly'
  const found: Violation[] = []
  const posts = r.seen.filter((s) => s.channel === 'trigger').sort((a, b) => a.at - b.at)
  posts.slice(0, -1).forEach((post, i) => {
    const f = post.fault
    const proven = f.kind === 'reset-before' || (f.kind === 'status' && (f.code === 429 || (f.code === 503 && f.retryAfter !== undefined)))
    if (!proven) found.push({ invariant, detail: `start POST ${i + 1} was answered with ${describeFault(f)}, and was sent again` })
  })
  if (r.platform.started > 1) found.push({ invariant, detail: `the work was started ${r.platform.started} times` })
  return found
}

export function describeFault(f: Seen['fault']): string {
  switch (f.kind) {
    case 'status':
      return `HTTP ${f.code}${f.retryAfter === undefined ? '' : ` (Retry-After: ${f.retryAfter})`}`
    case 'latency':
    case 'held-write':
      return `${f.kind} ${f.ms} ms`
    case 'bad-record':
      return `a bad record (${f.shape})`
    case 'lost-later':
      return `${f.answer === 'reset' ? 'a reset' : `HTTP ${f.code ?? 502}`}, applied ${f.appliedAfterMs} ms later`
    case 'rate-limit':
      return `a rate limit (HTTP ${f.code}, Retry-After: ${f.retryAfter})`
    case 'refused':
      return `a refusal (HTTP ${f.code})`
    case 'held-past-outcome':
      return `held until ${f.ms} ms after the outcome`
    default:
      return f.kind
  }
}

// ---- 5b ---------------------------------------------------------------------------------------

/** The channels of the records' writes (comment, deployment, commit status; note, commit status). */
export const RECORD_CHANNELS = ['gh:write', 'gh:deploy', 'gh:status', 'gl:write', 'gl:status'] as const

/** How long a rate-limit answer asked to wait before the write is sent again, in ms; undefined when it is not one. */
function askedToWaitMs(s: Seen): number | undefined {
  const f = s.fault
  if (f.kind === 'rate-limit') return f.retryAfter * 1000
  // GitHub's and GitLab's 429 is a rate limit whatever its words.
  if (f.kind === 'status' && f.code === 429 && f.retryAfter !== undefined) return f.retryAfter * 1000
  return undefined
}

/** 5b. A record write refused by a rate limit with Retry-After is not sent again sooner than it asked (GitHub's 429 and 403 secondary limits, GitLab's 429). */
export function rateLimitsHonoured(r: RunRecord): Violation[] {
  const invariant = 'a rate limit is honoured'
  const found: Violation[] = []
  const writes = r.seen.filter((s) => (RECORD_CHANNELS as readonly string[]).includes(s.channel) && s.method !== 'GET').sort((a, b) => a.at - b.at)
  writes.forEach((s, i) => {
    const wait = askedToWaitMs(s)
    if (!wait || s.body === undefined) return
    // The same write sent again: same channel, method, path and body.
    const again = writes.slice(i + 1).find((n) => n.channel === s.channel && n.method === s.method && n.path === s.path && n.body === s.body)
    // A little slack for the clocks of two processes; Retry-After is in whole seconds.
    if (again && again.at - s.at < wait - 100)
      found.push({
        invariant,
        detail: `a ${s.party === 'github' ? 'GitHub' : 'GitLab'} ${recordOfChannel(s.channel)} write refused with ${describeFault(s.fault)} was sent again ${again.at - s.at} ms later`
      })
  })
  return found
}

const recordOfChannel = (channel: string) =>
  ({ 'gh:write': 'comment', 'gh:deploy': 'deployment', 'gh:status': 'commit status', 'gl:write': 'note', 'gl:status': 'commit status' })[channel] ?? channel

// ---- 5c ---------------------------------------------------------------------------------------

/** The step's word that its success was not written because the other jobs' statuses could not be read: its code. */
const UNREAD_SO_UNWRITTEN = 'commit-status.others-unread'

/** The answers that refuse a record write for good: the same write again would be refused too. */
const REFUSED_FOR_GOOD = [401, 403, 404, 422]

/**
 * 5c. The outcome is written no later than request-timeout after it is known, whatever an earlier
 * write is doing: a commit status (written where it is keyed, never looked for) sends its outcome
 * within request-timeout of the result, plus request-timeout for the read of the other jobs'
 * statuses before a success, while its `pending` / `running` write may still be unanswered.
 */
export function outcomeNotHeldBack(r: RunRecord): Violation[] {
  const invariant = 'the outcome is not held back by an earlier write'
  if (!r.schedule.commitStatus || r.killed || r.resultAtMs === undefined || r.signalAtMs !== undefined) return []
  const channel = r.schedule.mode === 'action' ? 'gh:status' : 'gl:status'
  const resultAt = r.startedAt + r.resultAtMs
  const writes = r.seen.filter((s) => s.channel === channel && s.method === 'POST').sort((a, b) => a.at - b.at)
  // Only when the open was sent before the outcome (else there is nothing to be held back by).
  if (!writes.some((s) => s.at < resultAt)) return []
  // An open refused for good (401, 403, 404, GitHub's 422) is followed by no write at all: the
  // step's warning says the status could not be written (judged with what is written elsewhere).
  if (writes.some((s) => s.at < resultAt && s.delivered !== undefined && REFUSED_FOR_GOOD.includes(s.delivered.status))) return []
  // A rate limit that answered the open (429, GitHub's 403 with Retry-After) holds every write of
  // the record until its pause is over, the outcome too (5b): the outcome's time runs from the
  // later of the result and that pause's end (found by the long run, seed 48602215: GitLab's 429
  // with Retry-After: 3 on the `running` write, the outcome sent as the pause ended).
  const pauseEnd = Math.max(
    resultAt,
    ...writes.filter((s) => s.at < resultAt && s.deliveredAt !== undefined).map((s) => (s.deliveredAt ?? 0) + (askedToWaitMs(s) ?? 0))
  )
  // The explorer's own pauses while the step ran: its sight of the result and of each request was that late.
  const bound = pauseEnd + 2 * r.schedule.requestTimeoutMs + BUSY_SLACK_MS + (r.explorerPausedMs ?? 0)
  // A step that ended before the bound had no more time to give (its own limit, or it ended without a close: judged elsewhere).
  if (r.startedAt + r.durationMs < bound) return []
  const close = writes.find((s) => s.at >= resultAt)
  if (close && close.at <= bound) return []
  // A success is never sent over what could not be read: when every read of the other jobs'
  // statuses failed after the result (resets, a body that is no list), the step says it was not
  // written, and why (found by the long run: three failed reads, the success rightly never sent).
  const lookups = r.seen.filter((s) => s.channel === (r.schedule.mode === 'action' ? 'gh:lookup' : 'gl:lookup') && s.at >= resultAt)
  const readFailed = (s: Seen) => s.delivered === undefined || s.delivered.status !== 200 || !['ok', 'latency'].includes(s.fault.kind)
  if (!close && lookups.length > 0 && lookups.every(readFailed) && warnedOf(r, UNREAD_SO_UNWRITTEN)) return []
  return [
    {
      invariant,
      detail: `the commit status's outcome was ${close ? `sent ${close.at - resultAt} ms` : 'not sent, though the step ran on'} after the result was known${pauseEnd > resultAt ? ` (${pauseEnd - resultAt} ms after it the pause a rate limit asked for ended)` : ''}; request-timeout is ${r.schedule.requestTimeoutMs} ms`
    }
  ]
}

// ---- 5d ---------------------------------------------------------------------------------------

/** A deployment's write at the close cut by the step's time for writes (no signal came: its limit): its code. */
const STEP_LIMIT_CUT_CREATION = 'deployment.out-of-time'

/**
 * 5d. A deployment whose creation a rate limit refused (GitHub's 429, a 403 secondary limit: a
 * proof that nothing was created) is asked for again once the pause is over, when the pause ends
 * within the step's limit and no signal came: a rate limit is no reason to leave it uncreated.
 */
export function rateLimitedCreationAskedAgain(r: RunRecord): Violation[] {
  const invariant = 'what is written elsewhere is true at the end'
  if (r.schedule.mode !== 'action' || !r.schedule.deployment || r.killed || r.signalAtMs !== undefined) return []
  const creations = r.seen.filter((s) => s.channel === 'gh:deploy' && s.method === 'POST' && /\/deployments$/.test(s.path)).sort((a, b) => a.at - b.at)
  const first = creations[0]
  if (!first || creations.length > 1) return []
  const f = first.fault
  // GitHub's pause when the limit names none is a second (github/comment-api.ts).
  const wait = f.kind === 'rate-limit' ? f.retryAfter * 1000 : f.kind === 'status' && f.code === 429 ? (f.retryAfter ?? 1) * 1000 : undefined
  if (wait === undefined) return []
  const pauseEnd = first.at + wait
  // Within the step's own limit, with room for a busy machine: the writes' end is later still.
  if (pauseEnd + BUSY_SLACK_MS / 2 > r.startedAt + r.schedule.timeoutMs + r.schedule.requestTimeoutMs) return []
  // The close creates it with the outcome: a close whose time ran out before that write could go
  // (found by the long run: outputs of 30,000 files on a loaded machine took the close's time)
  // says so, and is no rate limit taken for a refusal.
  if (warnedOf(r, STEP_LIMIT_CUT_CREATION)) return []
  return [
    {
      invariant,
      detail: `the deployment's creation was refused with ${describeFault(f)} (nothing was created), and it was never asked for again, though the pause ended ${Math.round(r.startedAt + r.durationMs - pauseEnd)} ms before the step did`
    }
  ]
}

// ---- 5e ---------------------------------------------------------------------------------------

/** The state a commit status write asked for (its JSON body's `state`); undefined when unread. */
function stateOf(body: string | undefined): string | undefined {
  try {
    const state = (JSON.parse(body ?? '') as { state?: unknown } | null)?.state
    return typeof state === 'string' ? state : undefined
  } catch {
    return undefined
  }
}

/**
 * 5e. No warning says a GitLab commit status could not be written when GitLab answered the step's
 * last write of it that it already held that state (400 "Cannot transition … from :<state>"):
 * the outcome stands, and the warning would send the user looking for a failure that is not there.
 */
export function noFalseCommitStatusWarning(r: RunRecord): Violation[] {
  const invariant = 'what is written elsewhere is true at the end'
  if (r.schedule.mode !== 'command' || !r.schedule.commitStatus || r.killed) return []
  const last = r.seen
    .filter((s) => s.channel === 'gl:status' && s.method === 'POST')
    .sort((a, b) => a.at - b.at)
    .at(-1)
  const answer = last?.delivered
  if (answer?.status !== 400 || !/Cannot transition status via :\w+ from :\w+/.test(JSON.stringify(answer.json ?? ''))) return []
  // The 400 must answer a write of the outcome, the one the warning is about: a `running` open
  // refused as already so (another leg had written it), followed by a close that never reached
  // GitLab (the step's limit or a cancel's grace ran out first), leaves that 400 the last write
  // seen, and the warning true (found by the long run).
  const refused = stateOf(last?.body)
  if (refused === 'running') return []
  // An answer sent in the step's last moment may not have been read by it before its limit ended
  // the write (found by the long run: a 400 held until the limit, on a loaded machine). The writes
  // end before the step does (src/step/limits.ts), and a slow stdout reader holds its exit long
  // after them (found by the long run: a 400 sent 1.2 s before the exit, after the writes' end).
  const writesEnd = Math.min(
    r.startedAt + r.durationMs,
    commentEndAt({ startedAt: r.startedAt, timeoutMs: r.schedule.timeoutMs, requestTimeoutMs: r.schedule.requestTimeoutMs }, r.schedule.requestTimeoutMs)
  )
  if (last?.deliveredAt !== undefined && writesEnd - last.deliveredAt < SURELY_READ_MS + (r.explorerPausedMs ?? 0)) return []
  // A warning that the status was not written (its code), about the state refused (its words name the state, when they do).
  const warned = warningLines(r).find((line) => {
    if (!about(line, 'commit-status', ['not-written', 'out-of-time'])) return false
    const state = new RegExp(`commit status \\((\\w+)\\) of ${STATUS_CONTEXT}`).exec(line)?.[1]
    return state === undefined || refused === undefined || state === refused
  })
  return warned
    ? [
        {
          invariant,
          detail: `a warning says the commit status ${STATUS_CONTEXT} could not be written, though GitLab answered its last write that it already held that state (HTTP 400)`
        }
      ]
    : []
}

// ---- 6 ----------------------------------------------------------------------------------------

/** 6. The step ends within timeout + request-timeout + 2 s, and within the grace after a signal. */
export function endsWithinItsBound(r: RunRecord): Violation[] {
  const invariant = 'ends within its bound'
  const found: Violation[] = []
  // A slow reader of stdout holds the end until it read what was written (never past the stall limit).
  const bound = Math.max(r.schedule.timeoutMs + r.schedule.requestTimeoutMs + 2000, (r.stdoutReadAtMs ?? 0) + 1000)
  // The explorer's own pauses while the step ran held its answers and its sight of the step's end (explore/pauses.ts).
  const paused = r.explorerPausedMs ?? 0
  const besides = paused > 0 ? ` (the explorer itself was held ${paused} ms meanwhile)` : ''
  if (r.killed) found.push({ invariant, detail: `the step had not ended ${Math.round(r.durationMs)} ms after it started, and was killed` })
  else if (r.durationMs > bound + BUSY_SLACK_MS + paused)
    found.push({ invariant, detail: `the step took ${r.durationMs} ms; its bound is ${bound} ms${besides}` })
  // A package runner killed is seen within the parent watch's interval, then the grace holds.
  const viaParent = r.schedule.signal?.via === 'parent-killed'
  const grace = CANCEL_GRACE_MS + (viaParent ? PARENT_CHECK_MS : 0)
  if (r.signalAtMs !== undefined && !r.killed && r.durationMs - r.signalAtMs > grace + BUSY_SLACK_MS / 2 + paused)
    found.push({
      invariant,
      detail: `the step ended ${r.durationMs - r.signalAtMs} ms after ${viaParent ? 'its package runner was killed' : r.schedule.signal?.name}; the grace is ${grace} ms${besides}`
    })
  // A cancel stops the waiting at once: no poll of the platform comes a second after it was heard
  // (a package runner's end is heard within the parent watch's interval). Short deadlines end
  // within the grace anyway: this is what tells a command that polled on, orphaned.
  if (r.signalAtMs !== undefined) {
    const heardBy = r.startedAt + r.signalAtMs + (viaParent ? PARENT_CHECK_MS : 0)
    // A request is seen when the explorer's loop takes it: one sent before the signal is seen late by its pauses.
    const late = r.seen.filter((s) => isPoll(s) && s.at > heardBy + WAIT_OVERRUN_MS + paused)
    const first = late[0]
    if (first)
      found.push({
        invariant,
        detail: `the step polled on ${Math.round(first.at - heardBy + (viaParent ? PARENT_CHECK_MS : 0))} ms after ${viaParent ? 'its package runner was killed' : (r.schedule.signal?.name ?? 'a signal')} (${late.length} request${late.length === 1 ? '' : 's'} to the platform)${besides}`
      })
  }
  return found
}

// ---- 6b ---------------------------------------------------------------------------------------

/** How long an answer asked the step to wait before its next request (Retry-After), in ms; undefined when it did not. */
function retryAfterOf(f: Seen['fault']): number | undefined {
  if (f.kind === 'rate-limit') return f.retryAfter * 1000
  if (f.kind === 'status' && f.retryAfter !== undefined) return f.retryAfter * 1000
  return undefined
}

/**
 * How far past a limit a Retry-After waited out must end to be the step's own overrun: the end is
 * the answer's time plus what it asked (no clock of the step in it), so only the check that the
 * next request came after it needs room for a busy machine (a request sent at the limit, late).
 */
export const WAIT_OVERRUN_MS = BUSY_SLACK_MS / 2

/**
 * 6b. The step never waits out a Retry-After past its own limits, and then asks again: a poll or
 * a start POST past the deadline (timeout from the step's start, no later than its first
 * request), a write of a record past the step's bound less its exit grace, any request past a
 * cancel's grace. Measured by what the step was asked and did, not by how long the run took, so a
 * sleep past the deadline is told from a slow machine, which the bound of 6 has to allow for.
 */
export function waitsEndWithinLimits(r: RunRecord): Violation[] {
  const invariant = 'ends within its bound'
  const found: Violation[] = []
  if (r.killed || r.seen.length === 0) return found
  const firstAt = Math.min(...r.seen.map((s) => s.at))
  const deadline = firstAt + r.schedule.timeoutMs
  const recordsEnd = deadline + r.schedule.requestTimeoutMs + STEP_BOUND_SLACK_MS - EXIT_GRACE_MS
  const viaParent = r.schedule.signal?.via === 'parent-killed'
  const cancelEnd = r.signalAtMs === undefined ? Number.POSITIVE_INFINITY : r.startedAt + r.signalAtMs + CANCEL_GRACE_MS + (viaParent ? PARENT_CHECK_MS : 0)
  const byChannel = new Map<string, Seen[]>()
  for (const s of [...r.seen].sort((a, b) => a.at - b.at)) byChannel.set(s.channel, [...(byChannel.get(s.channel) ?? []), s])
  for (const [channel, requests] of byChannel)
    requests.slice(0, -1).forEach((s, i) => {
      const wait = retryAfterOf(s.fault)
      const next = requests[i + 1]
      if (!wait || !next || next.at < s.at + wait) return
      // The site's reads and the check runs' are polls too, under the same deadline.
      const platform = isPoll(s)
      const [limit, name] =
        Math.min(platform ? deadline : recordsEnd, cancelEnd) === cancelEnd
          ? [cancelEnd, "the cancel's grace"]
          : platform
            ? [deadline, 'its deadline']
            : [recordsEnd, 'its limit for records']
      const past = s.at + wait - limit
      if (past > WAIT_OVERRUN_MS)
        found.push({
          invariant,
          detail: `the step waited out a Retry-After of ${wait / 1000} s on ${channel}, ending ${Math.round(past)} ms past ${name}, then asked again`
        })
    })
  // A Retry-After of the platform's last answer on a channel that ends well past the deadline: the
  // step ends its wait at the deadline and gives its result then. A result that comes only once
  // the pause is over, later than the final polls of the other targets can explain (request-
  // timeout past the deadline), was a pause slept whole.
  const resultAt = r.resultAtMs === undefined ? undefined : r.startedAt + r.resultAtMs
  if (resultAt !== undefined && r.signalAtMs === undefined)
    for (const requests of byChannel.values()) {
      const last = requests.at(-1)
      const wait = last && isPoll(last) ? retryAfterOf(last.fault) : undefined
      if (!last || !wait) continue
      const past = last.at + wait - deadline
      if (resultAt >= last.at + wait - 50 && past > r.schedule.requestTimeoutMs + WAIT_OVERRUN_MS)
        found.push({
          invariant,
          detail: `the step waited out a Retry-After of ${wait / 1000} s on ${last.channel}, ending ${Math.round(past)} ms past its deadline, before it gave its result`
        })
    }
  return found
}

// ---- 7 ----------------------------------------------------------------------------------------

/** 7. No key in any byte written; no stack trace; no workflow command or section marker from server text. */
export function nothingLeaksOrInjects(r: RunRecord): Violation[] {
  const invariant = 'no key, no stack trace, no injection'
  const found: Violation[] = []
  // The action masks each key with the runner's own command: the one place a key belongs.
  const stdout = r.schedule.mode === 'action' ? r.stdout.replace(/^::add-mask::.*$/gm, '') : r.stdout
  const written: [string, string][] = [
    ['stdout', stdout],
    ['stderr', r.stderr],
    ['outputs', JSON.stringify(r.outputs)],
    ['job summary', r.summary?.text ?? ''],
    ...Object.entries(r.reports).map(([name, seen]): [string, string] => [name, seen?.text ?? '']),
    ...r.comments.map((c): [string, string] => ['a comment', c.body]),
    ...r.notes.map((n): [string, string] => ['a note', n.body]),
    ...r.deployments.flatMap((d) =>
      [d.description ?? '', ...d.statuses.map((s) => `${s.description ?? ''} ${s.environmentUrl ?? ''}`)].map((t): [string, string] => ['a deployment', t])
    ),
    ...(r.commitStatuses ?? []).map((s): [string, string] => ['a commit status', `${s.description ?? ''} ${s.targetUrl ?? ''}`])
  ]
  for (const [where, text] of written) for (const key of KEYS) if (text.includes(key)) found.push({ invariant, detail: `a key is in ${where}` })
  for (const [where, text] of [
    ['stdout', r.stdout],
    ['stderr', r.stderr]
  ] as const) {
    const trace = /^\s+at (?:.+ \()?(?:file:\/\/|\/|node:).+:\d+:\d+\)?(?: \{)?$/m.exec(text)
    // Named by the bundle's file, not where this checkout lies.
    if (trace) found.push({ invariant, detail: `a stack trace in ${where}: ${trace[0].trim().replace(/(?:file:\/\/)?\/\S*\/(dist\/)/, '$1')}` })
    // The entries' last net turns an unforeseen fault into a defined outcome; that it was needed at all is a bug.
    const caught = /Unexpected error: ([^\n]{0,120})/.exec(text)
    if (caught) found.push({ invariant, detail: `a fault reached the last net in ${where} (no stack trace): ${caught[1]}` })
  }
  if (r.schedule.mode === 'action') {
    // A command the server wrote: its text comes right after a command's head (its own data inside the step's ::error:: is inert).
    const fromServer = new RegExp(`^(?:::[\\w-]+(?: [^:]*)?::|##\\[[\\w-]+\\])${INJECTION}`)
    for (const command of activeCommands(r.stdout))
      if (fromServer.test(command)) found.push({ invariant, detail: `server text became a workflow command: ${command.slice(0, 120)}` })
  } else {
    // GitLab opens a section only on `section_start:<time>:<name>\r\e[0K`; the server's own is the one with its time.
    const section = new RegExp(`section_(?:start|end):1700000000:[^\\n]*\r${String.fromCharCode(27)}\\[0K`).exec(log(r))
    if (section) found.push({ invariant, detail: `server text opened a GitLab section: ${JSON.stringify(section[0].slice(0, 120))}` })
  }
  // The runner's log renders terminal escapes too: the server's never reach either log raw.
  for (const line of log(r).split('\n'))
    if (line.includes(`\u001b[31m${INJECTION} red`)) {
      // Named by the words the line starts with: one finding however long the server's text before the escape.
      found.push({ invariant, detail: `server text reached the log with its terminal escapes, in the line ${JSON.stringify(`${line.slice(0, 60)}…`)}` })
    }
  return found
}

// ---- 7b ---------------------------------------------------------------------------------------

/**
 * Every way a stand-in echoes a key encoded (standins.ts `echoedEncoded`, `previewAddress`):
 * base64 of the Authorization header that carried it, the key in hex, base64url, percent-encoded,
 * as HTML numeric references and as the hex of its UTF-16 code units.
 */
const ENCODED_KEYS = [
  ...KEYS.flatMap((key) => ['Bearer ', 'token ', 'bearer ', ''].map((scheme) => Buffer.from(`${scheme}${key}`, 'utf8').toString('base64'))),
  ...KEYS.map((key) => Buffer.from(key, 'utf8').toString('hex')),
  ...KEYS.map((key) => Buffer.from(key, 'utf8').toString('base64url')),
  ...KEYS.map((key) => Buffer.from(key, 'utf16le').toString('hex')),
  ...KEYS.map((key) => [...key].map((char) => `&#${char.codePointAt(0)};`).join('')),
  ...KEYS.map((key) => [...Buffer.from(key, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''))
]
/** Characters that show as nothing: a key split by them reads as the key. */
const INVISIBLE = /\u034f|[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g

/**
 * 7b. No key the server echoed encoded (base64, hex, percent-encoded) or split by characters that
 * show as nothing, and no password of a URL the platform handed back, in any byte written; no
 * command of another CI (Azure Pipelines' `##vso[…]`, TeamCity's `##teamcity[…]`, which run
 * anywhere in a line) from server text in the log or in a report a job may print; no bidi control
 * from server text where a person reads it.
 */
export function nothingLeaksEncodedOrInjectsElsewhere(r: RunRecord): Violation[] {
  const invariant = 'no key, no stack trace, no injection'
  const found: Violation[] = []
  const printed: [string, string][] = [
    ['stdout', r.stdout],
    ['stderr', r.stderr],
    ['job summary', r.summary?.text ?? ''],
    ...Object.entries(r.reports).map(([name, seen]): [string, string] => [name, seen?.text ?? ''])
  ]
  const records: [string, string][] = [
    ...r.comments.map((c): [string, string] => ['a comment', c.body]),
    ...r.notes.map((n): [string, string] => ['a note', n.body]),
    ...r.deployments.flatMap((d) =>
      [d.description ?? '', ...d.statuses.map((s) => `${s.description ?? ''} ${s.environmentUrl ?? ''}`)].map((t): [string, string] => ['a deployment', t])
    ),
    ...(r.commitStatuses ?? []).map((s): [string, string] => ['a commit status', `${s.description ?? ''} ${s.targetUrl ?? ''}`])
  ]
  const written: [string, string][] = [...printed, ['outputs', JSON.stringify(r.outputs)], ...records]
  for (const [where, text] of written) {
    if (ENCODED_KEYS.some((form) => text.toLowerCase().includes(form.toLowerCase())))
      found.push({ invariant, detail: `a key is in ${where}, encoded as the server echoed it` })
    const shown = text.replace(INVISIBLE, '')
    if (shown !== text && KEYS.some((key) => shown.includes(key) && !text.includes(key)))
      found.push({ invariant, detail: `a key is in ${where}, split by characters that show as nothing` })
    if (text.includes(URL_SECRET)) found.push({ invariant, detail: `the password of a URL the platform handed back is in ${where}` })
  }
  for (const [where, text] of printed) {
    const command = /##(?:vso|teamcity)\[[^\n]{0,60}/i.exec(text)
    if (command) found.push({ invariant, detail: `server text holds another CI's command in ${where}: ${JSON.stringify(command[0])}` })
  }
  // The step's own comment or note holds one marker, its own: another step's, in a file's path, is broken.
  const ours = [
    ...r.comments.filter((c) => c.user === OUR_GITHUB_LOGIN).map((c): [string, string] => ['a comment', c.body]),
    ...r.notes.filter((n) => n.authorId === GITLAB_USER.id).map((n): [string, string] => ['a note', n.body])
  ]
  for (const [where, body] of ours)
    if (body.includes(FOREIGN_MARKER) || body.split('<!-- wait-for-docs/').length > 2)
      found.push({ invariant, detail: `another step's marker from server text is whole in ${where} of the step` })
  for (const [where, text] of [...printed, ...records]) {
    const bidi = BIDI_CONTROLS.exec(text)
    if (bidi)
      found.push({ invariant, detail: `a bidi control (U+${(bidi[0].codePointAt(0) ?? 0).toString(16).toUpperCase()}) from server text is in ${where}` })
  }
  return found
}

// ---- 8 ----------------------------------------------------------------------------------------

/** The codes a warning may carry (src/warnings.ts). */
const KNOWN_CODES = new Set<string>(everyWarningCode())

/**
 * 8. Every warning ends with its code, one src/warnings.ts knows: a pipeline tells one warning
 * from another by it, never by its words (found by the explorer: a warning of the close said
 * without one, and the command's log renaming the code's `commit-status` as a flag).
 */
export function everyWarningHasItsCode(r: RunRecord): Violation[] {
  const invariant = 'every warning has its code'
  return warningLines(r).flatMap((line) => {
    const codes = codesOf(line)
    const unknown = codes.filter((code) => !KNOWN_CODES.has(code))
    if (codes.length > 0 && unknown.length === 0) return []
    const shown = JSON.stringify(line.length > 160 ? `${line.slice(0, 80)}…${line.slice(-80)}` : line)
    return [
      {
        invariant,
        detail: codes.length === 0 ? `a warning has no code: ${shown}` : `a warning has a code src/warnings.ts does not know (${unknown.join(', ')}): ${shown}`
      }
    ]
  })
}

// ---- 9: the docs site (site-url) ---------------------------------------------------------------

/** The site's reads of the run, in the order they came. */
const siteReads = (r: RunRecord): Seen[] => r.seen.filter((s) => s.party === 'site').sort((a, b) => a.at - b.at)

/**
 * Whether the site served `page` live to the step before it ended, by the site's own record: a
 * 200 delivered whole with the text in what a reader sees (`fresh`), or any 200 when page-contains
 * was not asked for.
 */
export function siteServedLive(r: RunRecord, page: string): boolean {
  const end = r.startedAt + r.durationMs
  const contains = r.schedule.site?.contains === true
  return siteReads(r).some(
    (s) =>
      s.page === page &&
      s.delivered?.status === 200 &&
      (s.deliveredAt ?? Number.POSITIVE_INFINITY) <= end &&
      (s.served === 'fresh' || (!contains && s.served === 'stale'))
  )
}

/** The pages as the run reported them (`page-results`): the action's output, or the command's JSON reports. */
export function pageResultsOf(r: RunRecord): { source: string; pages: { path?: unknown; found?: unknown; contains?: unknown }[] }[] {
  const lists: { source: string; value: unknown }[] = []
  if (r.schedule.mode === 'action') {
    const output = r.outputs['page-results']
    if (output !== undefined) {
      try {
        lists.push({ source: 'output page-results', value: JSON.parse(output) })
      } catch {}
    }
  } else {
    if (r.schedule.reports.json && r.stdoutClosedAtMs === undefined) lists.push({ source: '--json on stdout', value: lastJson(r.stdout)?.['page-results'] })
    lists.push({ source: '--output-file', value: lastJson(r.reports.outputFile?.text)?.['page-results'] })
  }
  return lists.filter((l) => Array.isArray(l.value)).map((l) => ({ source: l.source, pages: l.value as { path?: unknown }[] }))
}

/** 9a. No key of the platform, GitHub or GitLab, and no Authorization header, ever reaches the docs site. */
export function siteGetsNoKey(r: RunRecord): Violation[] {
  const invariant = 'no key reaches the site'
  const found: Violation[] = []
  for (const s of siteReads(r)) {
    const headers = s.headers ?? {}
    if (headers.authorization !== undefined) found.push({ invariant, detail: `a read of ${s.path} carried an Authorization header` })
    const sent = [s.path, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)]
    for (const key of KEYS)
      if (sent.some((text) => text.includes(key))) found.push({ invariant, detail: `a read of ${s.path} carried a key of the platform, GitHub or GitLab` })
  }
  return found
}

/** 9b. result=success only if the site served every page with a 200 that held the text (its own record, not the step's words). */
export function successOnlyForPagesServed(r: RunRecord): Violation[] {
  const invariant = 'success only for pages the site served'
  const site = r.schedule.site
  if (!site) return []
  if (resultOf(r) !== 'success' && !claimedResults(r).some((c) => c.result === 'success')) return []
  return site.paths
    .filter((page) => !siteServedLive(r, page))
    .map((page) => ({
      invariant,
      detail: `success, but the site never served ${page} with a 200${site.contains ? ' holding the text' : ''} (${describeSiteReads(r, page)})`
    }))
}

/** What the site served for a page, read after read, in a few words. */
function describeSiteReads(r: RunRecord, page: string): string {
  const served = siteReads(r)
    .filter((s) => s.page === page)
    .map((s) => `${s.served ?? 'nothing'}${s.delivered ? '' : ' (not delivered)'}`)
  return served.length === 0 ? 'never read' : served.join(', ')
}

/** 9c. A page the site never served live (only 404s, only stale copies) until the step ended is not reported live, and the run does not pass. */
export function unservedPageNotLive(r: RunRecord): Violation[] {
  const invariant = 'a page never served is not live'
  const site = r.schedule.site
  if (!site) return []
  const found: Violation[] = []
  const unserved = site.paths.filter((page) => !siteServedLive(r, page))
  if (unserved.length === 0) return found
  // A pass: success, or a timeout that fail-on-timeout: false lets through once the site was read.
  // The pages are read only after every wait succeeded, and a deadline met while they are read is
  // a failure or an error; a timeout of the waits themselves, before any read, is theirs to give.
  const verdict = verdictOf(r)
  const passed = verdict === 'success' && (resultOf(r) === 'success' || siteReads(r).length > 0)
  if (passed)
    found.push({
      invariant,
      detail: `the run passed (result ${resultOf(r) ?? 'unknown'}, exit ${r.code}), though the site never served ${unserved.join(', ')} live`
    })
  for (const { source, pages } of pageResultsOf(r))
    for (const entry of pages) {
      const path = typeof entry.path === 'string' ? entry.path : undefined
      if (path === undefined || !unserved.includes(path)) continue
      if (entry.found === true && entry.contains !== false)
        found.push({
          invariant,
          detail: `${source} reports ${path} live (found, contains ${String(entry.contains)}), though the site never served it live (${describeSiteReads(r, path)})`
        })
    }
  return found
}

/** 9d. The page-header's value is never shown: not in the log (but where the action masks it), the outputs, the reports or any record written. */
export function pageHeaderNeverShown(r: RunRecord): Violation[] {
  const invariant = 'the page-header is never shown'
  if (!r.schedule.site) return []
  const stdout = r.schedule.mode === 'action' ? r.stdout.replace(/^::add-mask::.*$/gm, '') : r.stdout
  const written: [string, string][] = [
    ['stdout', stdout],
    ['stderr', r.stderr],
    ['outputs', JSON.stringify(r.outputs)],
    ['job summary', r.summary?.text ?? ''],
    ...Object.entries(r.reports).map(([name, seen]): [string, string] => [name, seen?.text ?? '']),
    ...r.comments.map((c): [string, string] => ['a comment', c.body]),
    ...r.notes.map((n): [string, string] => ['a note', n.body]),
    ...r.deployments.flatMap((d) =>
      [d.description ?? '', ...d.statuses.map((s) => `${s.description ?? ''} ${s.environmentUrl ?? ''}`)].map((t): [string, string] => ['a deployment', t])
    ),
    ...(r.commitStatuses ?? []).map((s): [string, string] => ['a commit status', `${s.description ?? ''} ${s.targetUrl ?? ''}`])
  ]
  return written.filter(([, text]) => text.includes(SITE_HEADER_VALUE)).map(([where]) => ({ invariant, detail: `the page-header's value is in ${where}` }))
}

// ---- 10: what the platform reports on the commit (platform-check) -----------------------------

/** The platform-check's entry of the action's `results` output, as the step wrote it. */
export function checkEntryOf(r: RunRecord): { result?: unknown; error?: unknown } | undefined {
  const raw = r.outputs.results
  if (raw === undefined) return undefined
  try {
    const list: unknown = JSON.parse(raw)
    return Array.isArray(list) ? list.find((entry) => entry && typeof entry === 'object' && entry.kind === 'platform-check') : undefined
  } catch {
    return undefined
  }
}

/** The listings of the commit's check runs and statuses the GitHub stand-in answered (a page, or 304) before the step ended, in the order they came. */
export function checkListingsServed(r: RunRecord): Seen[] {
  const end = r.startedAt + r.durationMs
  return r.seen
    .filter(
      (s) => s.listing !== undefined && (s.delivered?.status === 200 || s.delivered?.status === 304) && (s.deliveredAt ?? Number.POSITIVE_INFINITY) <= end
    )
    .sort((a, b) => a.at - b.at)
}

/** What the newest report of each name means together: pending while any is, else the worst (failure, then cancelled, then success); none: pending. */
export function newestVerdict(newest: readonly CheckReportSeen[]): 'success' | 'failure' | 'cancelled' | 'pending' {
  if (newest.length === 0 || newest.some((report) => report.result === 'pending')) return 'pending'
  if (newest.some((report) => report.result === 'failure')) return 'failure'
  if (newest.some((report) => report.result === 'cancelled')) return 'cancelled'
  return 'success'
}

/** The newest reports in a few words: `check run "docs-deploy" #104 failure`. */
const describeNewest = (newest: readonly CheckReportSeen[]) =>
  newest.length === 0
    ? 'none of its name on the commit'
    : newest
        .map((report) => `${report.kind === 'check-run' ? 'check run' : 'commit status'} ${JSON.stringify(report.name)} #${report.id} ${report.state}`)
        .join(', ')

/** Where the step said success: its result, its reports, its exit code, its check's entry, its own commit status (a timeout that fail-on-timeout: false passes aside). */
function saidSuccess(r: RunRecord): string[] {
  const said: string[] = []
  const result = resultOf(r)
  if (result === 'success') said.push('the result')
  for (const claim of claimedResults(r)) if (claim.result === 'success') said.push(claim.source)
  if (checkEntryOf(r)?.result === 'success') said.push("the platform-check's entry of results")
  if (r.code === 0 && result !== 'timeout') said.push('exit code 0')
  const own = onContext(r).filter((status) => status.by === 'step')
  if (r.schedule.commitStatus && own.at(-1)?.state === 'success' && result !== 'timeout') said.push(`the commit status ${STATUS_CONTEXT}`)
  return [...new Set(said)]
}

/**
 * 10a. The step says success (result, reports, exit code, its own commit status) only if, as the
 * stand-in answered its last read of the commit, the newest report of every name platform-check
 * takes was a success: the stand-in's own record of what it held, not the step's words.
 */
export function checkSuccessOnlyWhenNewestSucceeded(r: RunRecord): Violation[] {
  const invariant = 'platform-check: success only when the newest of each name succeeded'
  const check = r.schedule.check
  if (!check || r.killed) return []
  const said = saidSuccess(r)
  if (said.length === 0) return []
  const last = checkListingsServed(r).at(-1)
  if (!last?.listing) return [{ invariant, detail: `${said.join(', ')} said success, but no listing of the commit's check runs and statuses was answered` }]
  const verdict = newestVerdict(last.listing.newest)
  if (verdict === 'success') return []
  return [
    {
      invariant,
      detail: `${said.join(', ')} said success, but at the last read (${last.listing.of} page ${last.listing.page}) the newest of ${check.name} was: ${describeNewest(last.listing.newest)}`
    }
  ]
}

/**
 * 10b. A report the stand-in never served (no read answered held one of the name) ends timeout,
 * or error when the step never read the commit's statuses whole (a step that did not read every
 * listing cannot say what was there), or cancelled: never success, never failure.
 */
export function neverServedCheckNeverPasses(r: RunRecord): Violation[] {
  const invariant = 'platform-check: a report never served ends timeout or error'
  const check = r.schedule.check
  if (!check || r.killed) return []
  const applied = r.seen.filter((s) => s.listing !== undefined && s.at <= r.startedAt + r.durationMs)
  if (applied.some((s) => (s.listing?.newest.length ?? 0) > 0)) return []
  const found: Violation[] = []
  const entry = checkEntryOf(r)
  const result = typeof entry?.result === 'string' ? entry.result : resultOf(r)
  const statusesRead = checkListingsServed(r).some((s) => s.listing?.of === 'statuses')
  const allowed = statusesRead ? ['timeout', 'error', 'cancelled'] : ['error', 'cancelled']
  if (result !== undefined && !allowed.includes(result))
    found.push({
      invariant,
      detail: `no report named ${check.name} was ever served${statusesRead ? '' : ", nor the commit's statuses ever answered"}, yet platform-check ended ${result}`
    })
  else if (resultOf(r) === 'success' || resultOf(r) === 'failure')
    found.push({ invariant, detail: `no report named ${check.name} was ever served, yet the run's result is ${resultOf(r)}` })
  return found
}

/**
 * 10c. A listing refused (403, 404) and answered to the step well before it stopped ends the
 * wait with error, in words that name the permission the listing needs (`checks: read`,
 * `statuses: read`). The statuses' listing is judged only when the step writes no commit status of
 * its own (it lists them too, for its own ends).
 */
export function refusedListingNamesItsPermission(r: RunRecord): Violation[] {
  const invariant = 'platform-check: a refused listing ends error naming its permission'
  const check = r.schedule.check
  if (!check || r.killed) return []
  const end = r.durationMs
  const stop = r.startedAt + Math.min(end, r.signalAtMs ?? end)
  const refused = r.seen.find(
    (s) =>
      (s.channel === 'gh:checks' || (s.channel === 'gh:lookup' && !r.schedule.commitStatus && /\/statuses(\?|$)/.test(s.path))) &&
      s.method === 'GET' &&
      (s.delivered?.status === 403 || s.delivered?.status === 404) &&
      s.deliveredAt !== undefined &&
      s.deliveredAt - s.at + (r.explorerPausedMs ?? 0) < r.schedule.requestTimeoutMs - REQUEST_EDGE_MS &&
      s.deliveredAt + SURELY_READ_MS < stop
  )
  if (!refused) return []
  const permission = refused.channel === 'gh:checks' ? 'checks: read' : 'statuses: read'
  const what = refused.channel === 'gh:checks' ? 'check runs' : 'statuses'
  const entry = checkEntryOf(r)
  const found: Violation[] = []
  const result = typeof entry?.result === 'string' ? entry.result : resultOf(r)
  if (result !== 'error')
    found.push({
      invariant,
      detail: `the commit's ${what} were refused (HTTP ${refused.delivered?.status}), yet platform-check ended ${result ?? 'without a result'}`
    })
  const words = typeof entry?.error === 'string' ? entry.error : r.stdout
  if (!words.includes(permission)) found.push({ invariant, detail: `the commit's ${what} were refused, and the words do not name ${permission}` })
  return found
}

/**
 * 10d. The newest report of a name counts: platform-check ends failure (or cancelled, with no
 * signal sent) only if, as the stand-in answered its last read, the newest of each name had
 * ended so; an older report's outcome (a re-run's predecessor) does not.
 */
export function newestOfNameCounts(r: RunRecord): Violation[] {
  const invariant = 'platform-check: the newest of each name counts'
  const check = r.schedule.check
  if (!check || r.killed) return []
  const result = checkEntryOf(r)?.result
  if (result !== 'failure' && !(result === 'cancelled' && r.signalAtMs === undefined)) return []
  const last = checkListingsServed(r).at(-1)
  const verdict = last?.listing ? newestVerdict(last.listing.newest) : 'pending'
  if (verdict === result) return []
  return [
    {
      invariant,
      detail: `platform-check ended ${result}, but at the last read the newest of ${check.name} was: ${last?.listing ? describeNewest(last.listing.newest) : 'never answered'}`
    }
  ]
}

/** Every invariant, in the order of the contract. */
export const INVARIANTS = [
  gateNeverGreenWrongly,
  exitCodeResultAndReportsAgree,
  everyReportAskedIsWritten,
  writtenElsewhereIsTrue,
  startPostNeverRepeatedBlindly,
  rateLimitsHonoured,
  outcomeNotHeldBack,
  rateLimitedCreationAskedAgain,
  noFalseCommitStatusWarning,
  endsWithinItsBound,
  waitsEndWithinLimits,
  nothingLeaksOrInjects,
  nothingLeaksEncodedOrInjectsElsewhere,
  everyWarningHasItsCode,
  siteGetsNoKey,
  successOnlyForPagesServed,
  unservedPageNotLive,
  pageHeaderNeverShown,
  checkSuccessOnlyWhenNewestSucceeded,
  neverServedCheckNeverPasses,
  refusedListingNamesItsPermission,
  newestOfNameCounts
] as const

export function check(r: RunRecord): Violation[] {
  if (r.runs) return checkRuns(r.runs)
  if (diedBeforeItsCode(r)) return []
  return INVARIANTS.flatMap((invariant) => invariant(r))
}

/**
 * A run that the signal sent while Node still loaded it ended before any code of the step ran:
 * Node's own start, which no code can shorten, ends in the signal's default action (as a CI's
 * cancel right at the start does). Nothing was sent, printed or written, so no promise was made;
 * one request, one line or one report means the step's code ran, and every invariant holds.
 */
export function diedBeforeItsCode(r: RunRecord): boolean {
  const sent = r.schedule.signal
  if (sent?.after !== 'spawn' || r.signalAtMs === undefined || r.code !== null || r.signal !== sent.name) return false
  const wrote = Object.values(r.reports).some((seen) => (seen?.text ?? '').trim() !== '') || (r.summary?.text ?? '').trim() !== ''
  return r.seen.length === 0 && r.stdout.trim() === '' && r.stderr.trim() === '' && Object.keys(r.outputs).length === 0 && !wrote
}

// ---- across runs ------------------------------------------------------------------------------
// A schedule of several runs of the step (issue 38: matrix legs, two steps of one job, a re-run)
// on one commit and one pull / merge request. Each run keeps its own promises (the invariants
// above, run by run); what the runs share (the comment or note of a marker, the commit status's
// context) is judged here, once every run ended and the stand-ins settled.

/** Every invariant of each run (the shared records left aside), then the ones across the runs. */
export function checkRuns(runs: readonly RunRecord[]): Violation[] {
  const own = runs.flatMap((run) => INVARIANTS.flatMap((invariant) => invariant(run)).map((v) => (run.run ? { ...v, run: run.run.label } : v)))
  return [...own, ...ACROSS_RUNS.flatMap((invariant) => invariant(runs))]
}

const labelOf = (r: RunRecord) => r.run?.label ?? 'the run'
const labelsOf = (runs: readonly RunRecord[]) => runs.map(labelOf).join(', ')
const attemptOf = (r: RunRecord) => r.run?.attempt ?? 1

/**
 * Which writer of the shared commit status a run is (records/gate.ts, docs/usage/required-check.md
 * "Runs that share a commit"): one use of the step in one job and leg, by its step, its matrix leg
 * and key, its job's name and its commit. A re-run of a writer (a later attempt of the same leg or
 * step, a retried job of its name) is the same writer.
 */
const writerOf = (r: RunRecord): string => {
  const at = r.run
  return at ? JSON.stringify([at.step, at.matrix ?? '', at.key ?? '', at.jobName, at.sha ?? '']) : ''
}

/**
 * Whether `other` is a writer beside `run`: another leg, step or head, or another run of the step
 * in the same attempt (two jobs the runner names alike); an earlier or later attempt of `run`'s
 * own writer is not another writer: it is `run`'s, replaced or replacing.
 */
const anotherWriter = (run: RunRecord, other: RunRecord): boolean => other !== run && (writerOf(other) !== writerOf(run) || attemptOf(other) === attemptOf(run))

/**
 * The runs whose outcome stands for their writer at the end: per writer, the runs of its latest
 * attempt. A re-run replaces only its own writer's earlier attempt: a leg that was not re-run keeps
 * its attempt's outcome (a failure stands until the same writer writes again). With one attempt,
 * every run; with a re-run of the whole (every run one writer), the newest attempt's.
 */
const latestPerWriter = (runs: readonly RunRecord[]): RunRecord[] =>
  runs.filter((r) => !runs.some((other) => writerOf(other) === writerOf(r) && attemptOf(other) > attemptOf(r)))

/** A warning of the run that names the commit status (it could not be written, or may not hold what the run wrote). */
const namesCommitStatus = (r: RunRecord) => warningLines(r).some(namesTheCommitStatus)

/**
 * Each write applied to a shared record, with the run that sent it, in the order applied: the
 * record's id is in the path of an update (PATCH, PUT), in the answer of a creation (POST).
 */
export function appliedWrites(runs: readonly RunRecord[], channel: string): { run: RunRecord; id: number; at: number; seen: Seen }[] {
  const writes: { run: RunRecord; id: number; at: number; seen: Seen }[] = []
  for (const run of runs)
    for (const s of run.seen) {
      if (s.channel !== channel || s.method === 'GET' || s.appliedAt === undefined) continue
      if ((s.appliedReply?.status ?? 0) >= 300) continue
      const inPath = s.method === 'POST' ? undefined : /\/(\d+)$/.exec(s.path.split('?')[0] ?? '')?.[1]
      const answered = (s.appliedReply?.json as { id?: unknown } | undefined)?.id
      const id = inPath !== undefined ? Number(inPath) : typeof answered === 'number' ? answered : undefined
      if (id !== undefined) writes.push({ run, id, at: s.appliedAt, seen: s })
    }
  return writes.sort((a, b) => a.at - b.at)
}

/**
 * The run whose write left `status` as it is: the one that sent the request that applied it
 * (GitLab moves an open status in place, so that one id carries the writes of several runs);
 * without that request, the last applied write of its id.
 */
function writerOfStatus(runs: readonly RunRecord[], channel: string, status: CommitStatusRecord): RunRecord | undefined {
  const request = status.request
  if (request) return runs.find((run) => run.seen.includes(request))
  return appliedWrites(runs, channel)
    .filter((w) => w.id === status.id)
    .at(-1)?.run
}

/** The runs grouped by the marker of their comment (action) or note (command): one record per group. */
function byMarker(runs: readonly RunRecord[]): [string, RunRecord[]][] {
  const groups = new Map<string, RunRecord[]>()
  for (const run of runs) groups.set(run.marker, [...(groups.get(run.marker) ?? []), run])
  return [...groups]
}

/** The step's comments (action) or notes (command) on the pull / merge request, with their ids. */
function ourRecords(r: RunRecord): { what: 'comment' | 'note'; channel: string; records: { id: number; body: string }[]; others: string[] } {
  if (r.schedule.mode === 'action')
    return {
      what: 'comment',
      channel: 'gh:write',
      records: r.comments.filter((c) => c.user === OUR_GITHUB_LOGIN),
      others: r.comments.filter((c) => c.user !== OUR_GITHUB_LOGIN).map((c) => c.body)
    }
  return {
    what: 'note',
    channel: 'gl:write',
    records: r.notes.filter((n) => n.authorId === GITLAB_USER.id),
    others: r.notes.filter((n) => n.authorId !== GITLAB_USER.id).map((n) => n.body)
  }
}

/** The commit a run writes its status on: its head's, in a schedule of several heads; else RUN_SHA. */
const commitOfRun = (r: RunRecord): string => r.run?.sha ?? RUN_SHA

/**
 * The gates of the runs, one per commit: the runs that write on it, and its statuses on the
 * step's context in the order applied. Heads each have a commit (and a gate) of their own; any
 * other runs of a schedule share one.
 */
function gatesOf(runs: readonly RunRecord[]): { sha: string; runs: RunRecord[]; statuses: CommitStatusRecord[] }[] {
  const first = runs[0]
  if (!first) return []
  const shas = [...new Set(runs.map(commitOfRun))]
  return shas.map((sha) => ({
    sha,
    runs: runs.filter((r) => commitOfRun(r) === sha),
    statuses: onContext(first).filter((status) => (status.sha ?? RUN_SHA) === sha)
  }))
}

/** The context as the words name it: with the head whose commit it is on, in a schedule of several heads. */
const contextOn = (gate: { runs: readonly RunRecord[] }) => {
  const run = gate.runs[0]
  return run?.run?.kind === 'heads' ? `${STATUS_CONTEXT} on ${labelOf(run)}'s commit` : STATUS_CONTEXT
}

/**
 * 1, across runs. Legs and steps of one run attempt share the commit status's context: when any
 * of them ended other than success, the context's newest state is not success, unless that run
 * said its status could not be written (or may not hold its outcome). A later attempt (a re-run)
 * that succeeds may turn it green (docs/usage/required-check.md), for its own writer only: each
 * writer's latest attempt counts (latestPerWriter), and a leg not re-run keeps its own outcome.
 * Heads are judged each on its own commit.
 */
export function gateNeverGreenAcrossRuns(runs: readonly RunRecord[]): Violation[] {
  const invariant = 'gate never green wrongly'
  const first = runs[0]
  if (!first?.schedule.commitStatus) return []
  const found: Violation[] = []
  for (const gate of gatesOf(runs)) {
    const newest = gate.statuses.at(-1)
    if (newest?.state !== 'success') continue
    // A success whose answer was lost and that landed late cannot be undone by the run that wrote it:
    // said in its one warning, whatever state it wrote last (another job's failure kept, as found by
    // the long run: "The last commit status (failed) of docs could not be written: … may show success …").
    const writer = writerOfStatus(runs, first.schedule.mode === 'action' ? 'gh:status' : 'gl:status', newest)
    if (writer && warnedOf(writer, LATE_SUCCESS)) continue
    for (const run of latestPerWriter(gate.runs)) {
      const result = verdictOf(run)
      if (run.killed || result === undefined || result === 'success' || namesCommitStatus(run)) continue
      // A leg not re-run is of an earlier attempt than the re-run, and stands all the same.
      const of = run.run?.kind === 'leg-rerun' ? 'of the same run, its latest attempt,' : 'of the same run attempt'
      found.push({
        invariant,
        detail: `the commit status ${contextOn(gate)} ends success, yet ${labelOf(run)} ${of} ended ${result} (and said nothing of the status)`
      })
    }
  }
  return found
}

/**
 * 1, across runs, at every moment (the table of docs/usage/required-check.md, records/gate.ts),
 * on each commit's gate. A run writes `success` on the shared context only when the statuses it
 * read just before showed every other writer its success answers to with its own latest state
 * success: the other legs and steps of its attempt, and a later attempt of its own writer (which
 * replaces it), a writer whose later attempt had written by then standing by that attempt's. Each
 * success status a run wrote is held to the statuses applied before its last listing of them (the
 * first page of the last read before that write was sent): one that was waiting (`pending` of its
 * own) or had failed, errored or been cancelled turns the check green while the table says it is
 * not, even if a later write puts it right. A status that landed after that read is the
 * read-then-write window, which the writer's read after its write corrects while it runs; a
 * success applied once its run had ended (an answer lost, the write applied later: an older run
 * ending last) is held to every status applied before it, since no read of its run can put it
 * right. A re-run replaces its writer's earlier attempt (a leg's re-run is never held to its own
 * leg's earlier attempt); on GitLab every run but a leg's re-run is a writer of its own (each meets
 * a platform of its own, and the command's inputs are part of the writer: sharedRecordsTrue).
 * Heads write each on its own commit, which no other head's run may write. A run whose warning
 * names the commit status (a late success among them) said so.
 */
export function gateNeverGreenAtAnyMoment(runs: readonly RunRecord[]): Violation[] {
  const invariant = 'gate never green wrongly'
  const first = runs[0]
  const kind = first?.run?.kind
  if (!first?.schedule.commitStatus || kind === undefined) return []
  const github = first.schedule.mode === 'action'
  const channel = github ? 'gh:status' : 'gl:status'
  const writes = appliedWrites(runs, channel)
  const ownWriterEach = !github && kind !== 'leg-rerun'
  const sameWriter = (a: RunRecord, b: RunRecord) => !ownWriterEach && writerOf(a) === writerOf(b)
  // Whose own latest state a success of `run` answers to: another writer of its attempt, or a later attempt of its own writer.
  const answersTo = (run: RunRecord, other: RunRecord) => other !== run && (!sameWriter(run, other) || attemptOf(other) >= attemptOf(run))
  // Whose each status write is: the run that sent the request that applied it; a status without
  // its request (written by hand) is the run's whose applied write answered its id.
  const idsOf = (run: RunRecord) => new Set(writes.filter((w) => w.run === run).map((w) => w.id))
  const requestsOf = (run: RunRecord) => new Set<Seen>(writes.filter((w) => w.run === run).map((w) => w.seen))
  const isTheirs = (run: RunRecord, status: CommitStatusRecord) => (status.request ? requestsOf(run).has(status.request) : idsOf(run).has(status.id))
  const found: Violation[] = []
  for (const gate of gatesOf(runs)) {
    const byRequest = new Map(gate.statuses.filter((status) => status.request).map((status) => [status.request, status]))
    const byId = new Map(gate.statuses.filter((status) => !status.request).map((status) => [status.id, status]))
    const appliedBy = (run: RunRecord, before: number) => gate.statuses.filter((status) => isTheirs(run, status) && status.appliedAt < before)
    // What a listing showed before `at`: each status as the last write applied to it by then left
    // it (GitLab moves an open one in place: a run's open status moved by another's write is no longer its).
    const shownBefore = (at: number) => {
      const shown = new Map<number, CommitStatusRecord>()
      for (const status of gate.statuses) if (status.appliedAt < at) shown.set(status.id, status)
      return [...shown.values()]
    }
    // The latest status of `other` shown before `at`; none when a later attempt of its writer had written by then (that one stands for it).
    const toldBefore = (other: RunRecord, at: number) => {
      const replaced = gate.runs.some((later) => sameWriter(later, other) && attemptOf(later) > attemptOf(other) && appliedBy(later, at).length > 0)
      if (replaced) return undefined
      return shownBefore(at)
        .filter((status) => isTheirs(other, status))
        .reduce<CommitStatusRecord | undefined>((latest, status) => (latest && latest.appliedAt > status.appliedAt ? latest : status), undefined)
    }
    for (const write of writes) {
      const status = byRequest.get(write.seen) ?? byId.get(write.id)
      if (!status) continue
      if (!gate.runs.includes(write.run)) {
        found.push({ invariant, detail: `${labelOf(write.run)} wrote ${status.state} on ${contextOn(gate)}, a commit not its own` })
        continue
      }
      if (status.state !== 'success' || namesCommitStatus(write.run)) continue
      // The writer's last listing of the statuses before it sent this write: its first page, answered whole.
      const listing = write.run.seen
        .filter(
          (s) =>
            s.channel === (github ? 'gh:lookup' : 'gl:lookup') &&
            s.method === 'GET' &&
            /\/statuses(\?|$)/.test(s.path) &&
            !/[?&]page=(?!1(?:&|$))\d+/.test(s.path) &&
            s.delivered?.status === 200 &&
            s.at < write.seen.at
        )
        .at(-1)
      const ended = write.run.startedAt + write.run.durationMs
      for (const other of gate.runs) {
        if (!answersTo(write.run, other)) continue
        const read = listing ? toldBefore(other, listing.at) : undefined
        const readOwn = tagOf(read?.targetUrl)?.own
        if (listing && read && readOwn !== undefined && readOwn !== 'success') {
          found.push({
            invariant,
            detail: `${labelOf(write.run)} wrote success on ${contextOn(gate)} though the statuses it read just before showed ${labelOf(other)} ${readOwn === 'pending' ? 'still waiting' : `ended ${readOwn}`} (its ${read.state} status, applied ${(listing?.at ?? 0) - read.appliedAt} ms before that read)`
          })
          continue
        }
        if (write.at <= ended) continue
        const over = toldBefore(other, write.at)
        const own = tagOf(over?.targetUrl)?.own
        if (over && own !== undefined && own !== 'success')
          found.push({
            invariant,
            detail: `${labelOf(write.run)}'s success on ${contextOn(gate)} was applied ${write.at - ended} ms after it ended, over ${labelOf(other)}'s ${over.state} status (${own === 'pending' ? 'still waiting' : `ended ${own}`}), and it said nothing of the status`
          })
      }
    }
  }
  return found
}

/**
 * 2. One record per identity: the runs of one marker (legs without their own pr-comment-key, a
 * re-run and its first attempt) share one comment or note, never two; runs of different markers
 * (legs with their own keys, two steps of a job) have one each.
 */
export function oneRecordPerIdentity(runs: readonly RunRecord[]): Violation[] {
  const invariant = 'one record per identity'
  const first = runs[0]
  if (!first?.schedule.comment) return []
  const { what, records } = ourRecords(first)
  const found: Violation[] = []
  for (const [marker, group] of byMarker(runs)) {
    const bodies = records.filter((record) => record.body.includes(marker)).map((record) => record.body)
    // One record is never two: whether it holds the truth is rule 4's to judge. Across runs, the
    // one record may say "in progress" because another run of the marker rewrote it last (found by
    // the long run: a leg's late-twin warning, then the next leg's close cut by its time limit).
    if (bodies.length <= 1) continue
    // A lost creation that lands after its run is a second one the run cannot see: accepted when a run of the marker said so (as for one run).
    if (!tooManyRecords(what, bodies, group.map(warningCodes))) continue
    const earlier = bodies.filter((body) => body.includes(EARLIER_RUN)).length
    found.push({
      invariant,
      detail: `${bodies.length} ${what}s of the step hold the marker of ${labelsOf(group)}${earlier ? ` (${earlier} from before the runs, left as it was)` : ''}`
    })
  }
  return found
}

/**
 * 4, across runs. What the runs share is true at the end: each marker's comment or note holds
 * the outcome of the run that wrote it last (never "in progress"), the commit status's newest
 * state is the outcome of the run that wrote it last, or the failure of another run of its
 * attempt that it kept (rule 1); else a warning of a run (of that marker, for a comment) names it.
 */
export function sharedRecordsTrue(runs: readonly RunRecord[]): Violation[] {
  const invariant = 'what is written elsewhere is true at the end'
  const first = runs[0]
  if (!first || runs.some((r) => r.killed)) return []
  const found: Violation[] = []
  if (first.schedule.comment) {
    const { what, channel, records, others } = ourRecords(first)
    for (const other of others)
      if (other.includes(first.marker) && !other.includes('quoted by someone else')) found.push({ invariant, detail: `another user's ${what} was changed` })
    const writes = appliedWrites(runs, channel)
    for (const [marker, group] of byMarker(runs)) {
      if (group.some((r) => warningLines(r).some((line) => about(line, what, IN_DOUBT)))) continue
      const ours = records.filter((record) => record.body.includes(marker))
      const record = ours.find((c) => c.body.includes(IN_PROGRESS)) ?? ours.find((c) => !c.body.includes(EARLIER_RUN)) ?? ours[0]
      if (!record) {
        found.push({ invariant, detail: `no ${what} of ${labelsOf(group)} was written, and no warning says why` })
        continue
      }
      // The run whose write it holds: the last applied to it (a run of another marker never writes it).
      const writer = writes.filter((w) => w.id === record.id).at(-1)?.run ?? group.at(-1)
      if (!writer) continue
      // Runs of successive heads: the record is the head's run's. An older head's run whose write
      // landed after the head moved leaves it to that run ("⏭️ Left to the run of …"); any other
      // body of an older head's commit stands in the head's place (records/heads.ts).
      const head = first.run?.kind === 'heads' ? runs.at(-1)?.run?.sha : undefined
      const shown = shownCommit(record.body)
      if (head && shown && !sameCommit(shown, head)) {
        if (record.body.includes(LEFT_TO_HEAD)) continue
        const older = runs.find((r) => r.run?.sha && sameCommit(r.run.sha, shown))
        found.push({
          invariant,
          detail: `the ${what} shows the commit of ${older ? labelOf(older) : shown.slice(0, 7)}, an older head than ${labelOf(runs.at(-1) as RunRecord)}'s (the head at the end): ${JSON.stringify(/^### .*$/m.exec(record.body)?.[0] ?? record.body.slice(0, 80))}, and no warning says why`
        })
        continue
      }
      const result = resultOf(writer)
      if (record.body.includes(IN_PROGRESS))
        found.push({
          invariant,
          detail: `the ${what} of ${labelsOf(group)} still says "in progress" at the end (written last by ${labelOf(writer)}), and no warning says why`
        })
      else if (result && !new RegExp(`^### ${escapeRegExp(resultMark(result))}`, 'm').test(record.body))
        found.push({
          invariant,
          detail: `the ${what} of ${labelsOf(group)} does not hold the outcome of ${labelOf(writer)}, which wrote it last (${result}): ${JSON.stringify(/^### .*$/m.exec(record.body)?.[0] ?? record.body.slice(0, 80))}`
        })
    }
  }
  if (first.schedule.commitStatus)
    for (const gate of gatesOf(runs)) {
      if (gate.runs.some(namesCommitStatus)) continue
      const newest = gate.statuses.at(-1)
      const github = first.schedule.mode === 'action'
      if (!newest) {
        found.push({ invariant, detail: `no commit status ${contextOn(gate)} was written by any run, and no warning says why` })
        continue
      }
      const writer = writerOfStatus(runs, github ? 'gh:status' : 'gl:status', newest)
      const result = writer && verdictOf(writer)
      if (!writer || !result) continue
      const stateOf = (verdict: Result) => (github ? githubStatusState(verdict) : gitlabStatusState(verdict))
      const expected = stateOf(result)
      // By the table of docs/usage/required-check.md (records/gate.ts): a run whose own verdict ranks
      // below another writer's latest (a success, a cancel or a timeout below a failure) writes
      // that writer's state, in its words. On GitLab the command's inputs are part of the writer:
      // each run of this world meets a platform of its own (another base-url), so every run of the
      // pipeline, a retry too, is a writer of its own, but for a leg's re-run, which meets its
      // leg's platform at its address (execute.ts) and is its leg's writer.
      const ownWriterEach = !github && first.run?.kind !== 'leg-rerun'
      const latest = latestPerWriter(gate.runs)
      const siblings = (r: RunRecord) => (ownWriterEach ? r !== writer : latest.includes(r) && anotherWriter(writer, r))
      const kept = gate.runs.some((r) => {
        const theirs = siblings(r) ? verdictOf(r) : undefined
        return theirs !== undefined && VERDICT_RANK[theirs] > VERDICT_RANK[result] && newest.state === stateOf(theirs)
      })
      if (newest.state !== expected && !kept)
        found.push({
          invariant,
          detail: `the commit status ${contextOn(gate)} ends ${newest.state}, written last by ${labelOf(writer)}, whose result is ${result} (expected ${expected}), and no warning says why`
        })
    }
  return found
}

/** The table's order of verdicts (records/gate.ts): what outranks what on a shared status. */
const VERDICT_RANK: Record<Result, number> = { failure: 4, error: 3, timeout: 3, cancelled: 2, success: 0 }

/** The invariants across the runs of a schedule of several. */
export const ACROSS_RUNS = [gateNeverGreenAcrossRuns, gateNeverGreenAtAnyMoment, oneRecordPerIdentity, sharedRecordsTrue] as const
