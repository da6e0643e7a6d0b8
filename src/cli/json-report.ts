// The outcome as one JSON object: every output of the action under its name, the lists as
// arrays and the counts as numbers, with no size cut (a file or a pipe holds what GitHub's
// outputs could not).
import type { RunOutcome } from '../model.js'
import { computeOutputs, OUTPUT_NAMES, type OutputName } from '../report/outputs.js'

/** Outputs that hold a JSON array: in the JSON report, arrays; in the dotenv report, left out. */
export const LIST_OUTPUTS: ReadonlySet<OutputName> = new Set([
  'results',
  'files-added',
  'files-modified',
  'files-removed',
  'files-changed',
  'search-results',
  'page-results'
])
/** Outputs that hold a count: numbers in the JSON report. */
const NUMBER_OUTPUTS: ReadonlySet<OutputName> = new Set(['elapsed', 'polls', 'files-changed-count', 'search-result-count'])

export interface JsonReportExtras {
  /** The exit code the command ends with. */
  exitCode: number
  /** What happened and what to do now, as the log says it. */
  message: string
}

export function jsonReport(outcome: RunOutcome, extras: JsonReportExtras, clean: (text: string) => string): Record<string, unknown> {
  const outputs = computeOutputs(outcome, {}, Number.POSITIVE_INFINITY)
  const report: Record<string, unknown> = {}
  for (const name of OUTPUT_NAMES) {
    const value = clean(outputs[name])
    report[name] = LIST_OUTPUTS.has(name) ? JSON.parse(value) : NUMBER_OUTPUTS.has(name) ? Number(value) : value
  }
  // A dry run lists its checks, each with what it found.
  if (outcome.dryRun) report.checks = outcome.dryRun.checks.map((check) => ({ subject: clean(check.subject), state: check.state, words: clean(check.words) }))
  report['exit-code'] = extras.exitCode
  report.message = clean(extras.message)
  return report
}
