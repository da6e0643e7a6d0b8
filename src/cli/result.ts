// The command's last word on an outcome: every report asked for, the result line, the JSON
// object on stdout with --json, and the exit code that goes with it.
import { stepPasses } from '../engine/outcome.js'
import type { RunOutcome, Settings } from '../model.js'
import { failureMessage } from '../report/explain.js'
import type { RunPlace } from '../report/place.js'
import type { Reported } from '../step/story.js'
import { inertJson } from '../text.js'
import { exitCodeOf } from './exit-codes.js'
import { jsonReport } from './json-report.js'
import type { CommandLog } from './log.js'
import { type ReportPlaces, writeReports } from './reports.js'

export interface ResultSinks {
  places: ReportPlaces
  place: RunPlace
  clean: (text: string) => string
  log: CommandLog
  /** Where the JSON object goes with --json; undefined without. */
  json: { write(text: string): unknown } | undefined
}

/** Writes the reports of an outcome and says the result; `signal` is the one that cut the run short, if one did. */
export function reportResult(sinks: ResultSinks, reported: RunOutcome, settings: Settings | undefined, signal: NodeJS.Signals | undefined): Reported {
  const { places, place, clean, log } = sinks
  const failOnTimeout = settings?.failOnTimeout ?? true
  const explain = { ...(settings ? { timeoutMs: settings.timeoutMs, docsRoot: settings.docsRoot } : {}), place }
  const verdict = (outcome: RunOutcome) => ({
    exitCode: exitCodeOf(outcome, failOnTimeout, signal),
    message: outcome.result === 'success' ? outcome.headline : failureMessage(outcome, explain)
  })
  const outcome = writeReports(reported, { places: { ...places, summary: settings?.summary ?? places.summary }, explain, clean, log, verdict })
  const { exitCode, message } = verdict(outcome)
  sayResult(log, outcome, stepPasses(outcome, failOnTimeout), message, exitCode, place)
  sinks.json?.write(`${inertJson(jsonReport(outcome, { exitCode, message }, clean))}\n`)
  return { outcome, exitCode }
}

function sayResult(log: CommandLog, outcome: RunOutcome, passes: boolean, message: string, exitCode: number, place: RunPlace): void {
  const code = `(exit code ${exitCode})`
  if (outcome.result === 'success') log.success(`Result: success — ${outcome.headline} ${code}`)
  else if (passes) log.warning(`Result: timeout — ${outcome.headline} (${place.input('fail-on-timeout')} is false, so the command succeeds) ${code}`)
  else log.error(`Result: ${outcome.result} ${code}\n${message}`)
}
