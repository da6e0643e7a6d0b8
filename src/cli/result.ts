// The command's last word on an outcome: every report asked for, the result line, the JSON
// object on stdout with --json, and the exit code that goes with it.
import { stepPasses } from '../engine/outcome.js'
import type { RunOutcome, Settings } from '../model.js'
import type { Explainer } from '../report/explainer.js'
import { explainerLoader } from '../report/load-explainer.js'
import type { RunPlace } from '../report/place.js'
import { CANCEL_GRACE_MS } from '../step/cancel.js'
import { type CancelClock, commentDeadline, commentEndAt } from '../step/limits.js'
import type { Reported } from '../step/story.js'
import { inertJson, oneLine } from '../text.js'
import { exitCodeOf } from './exit-codes.js'
import { jsonReport } from './json-report.js'
import type { CommandLog } from './log.js'
import { type ReportCode, type ReportPlaces, writeReports } from './reports.js'
import { STREAM_EXIT_MARGIN_MS, STREAM_LIMIT_MS, type StreamWait, streamWait } from './write-file.js'

export interface ResultSinks {
  places: ReportPlaces
  /** The code of the reports the flags ask for, loading since the flags were read. */
  code: ReportCode
  place: RunPlace
  clean: (text: string) => string
  log: CommandLog
  /** Where the JSON object goes with --json; undefined without. */
  json: { write(text: string): unknown } | undefined
  startedAt: number
  cancel: CancelClock
}

/** Writes the reports of an outcome and says the result; `signal` is the one that cut the run short, if one did. */
export async function reportResult(
  sinks: ResultSinks,
  reported: RunOutcome,
  settings: Settings | undefined,
  signal: NodeJS.Signals | undefined
): Promise<Reported> {
  const { places, place, clean, log } = sinks
  const failOnTimeout = settings?.failOnTimeout ?? true
  const explain = { ...(settings ? { timeoutMs: settings.timeoutMs, docsRoot: settings.docsRoot } : {}), place }
  const verdict = (outcome: RunOutcome, told: Explainer) => ({
    exitCode: exitCodeOf(outcome, failOnTimeout, signal),
    message: outcome.result === 'success' ? outcome.headline : told.failureMessage(outcome, explain)
  })
  // The explanation is loaded once, and only for an outcome that has something to explain (the log cleans what it prints).
  const explainer = explainerLoader((error) =>
    log.warning(
      `The explanation of this outcome could not be loaded (${oneLine(error instanceof Error ? error.message : String(error), 300)}): the reports tell it without advice. Check that this copy of wait-for-docs is complete (every file beside its index.js); the result does not depend on it.`,
      'explanation.not-loaded'
    )
  )
  const streams = streamsWait(sinks, settings)
  const outcome = await writeReports(reported, {
    places: { ...places, summary: settings?.summary ?? places.summary },
    code: sinks.code,
    explain,
    explainer,
    clean,
    log,
    verdict,
    streams,
    json: sinks.json !== undefined
  })
  const { exitCode, message } = verdict(outcome, await explainer(outcome))
  sayResult(log, outcome, stepPasses(outcome, failOnTimeout), message, exitCode, place)
  sinks.json?.write(`${inertJson(jsonReport(outcome, { exitCode, message }, clean))}\n`)
  return { outcome, exitCode }
}

/** The report that holds an update's log tail, in the log's words, if one was asked for. */
export function logEndOf(places: ReportPlaces): string | undefined {
  if (places.summaryFile && places.summary) return `the summary file (${places.summaryFile})`
  return places.junit ? `the JUnit report (${places.junit})` : undefined
}

/**
 * What is left to write once the wait is over, in the log's words: the reports and the records
 * asked for. A cancel from then on does not stop the command short: it finishes them within the grace.
 */
export function leftToWrite(sinks: ResultSinks, records: { note: boolean; commitStatus: boolean }): string[] {
  const { outputFile, dotenv, junit, summaryFile } = sinks.places
  return [
    [outputFile, dotenv, junit, summaryFile, sinks.json].some(Boolean) ? ['the reports'] : [],
    records.note ? ['the merge request note'] : [],
    records.commitStatus ? ['the commit status'] : []
  ].flat()
}

/**
 * How long the readers of the streamed reports (a FIFO, a device) may keep the command: each
 * while it takes the report as it comes (5 s without taking any is a stall), never past the
 * step's bound, and 30 s at the most; after a cancel, until
 * 0.5 s into its grace.
 */
function streamsWait(sinks: ResultSinks, settings: Settings | undefined): StreamWait {
  const { cancel, place } = sinks
  const limits = settings && { startedAt: sinks.startedAt, timeoutMs: settings.timeoutMs, requestTimeoutMs: settings.requestTimeoutMs }
  const endAt = Math.min(limits ? commentEndAt(limits, limits.requestTimeoutMs) : Number.POSITIVE_INFINITY, Date.now() + STREAM_LIMIT_MS)
  return streamWait(commentDeadline(endAt, cancel, STREAM_EXIT_MARGIN_MS), () =>
    cancel.exitBy() !== undefined
      ? `the run was cancelled, and a cancel leaves the last writes ${CANCEL_GRACE_MS / 1000} s`
      : `the step's time (${place.input('timeout')} + ${place.input('request-timeout')}) ran out`
  )
}

function sayResult(log: CommandLog, outcome: RunOutcome, passes: boolean, message: string, exitCode: number, place: RunPlace): void {
  const code = `(exit code ${exitCode})`
  if (outcome.result === 'success') log.success(`Result: success — ${outcome.headline} ${code}`)
  else if (passes)
    log.warning(`Result: timeout — ${outcome.headline} (${place.input('fail-on-timeout')} is false, so the command succeeds) ${code}`, 'result.timeout-passes')
  else log.error(`Result: ${outcome.result} ${code}\n${message}`)
}
