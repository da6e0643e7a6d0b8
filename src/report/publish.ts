import { worstResult } from '../engine/outcome.js'
import type { RunOutcome } from '../model.js'
import type { Outputs } from './outputs.js'

/**
 * Writes every output, `result` last: outputs cut short by a file that fails midway (a full disk)
 * never carry a `result` of success. Stops at the first output the runner's file refuses (the
 * rest would fail alike), tries to leave `result=error`, and returns why, in the user's terms;
 * undefined when all were written.
 */
export function writeOutputs(outputs: Outputs, setOutput: (name: string, value: string) => void, file = process.env.GITHUB_OUTPUT): string | undefined {
  const { result, ...rest } = outputs
  for (const [name, value] of [...Object.entries(rest), ['result', result] as const]) {
    try {
      setOutput(name, value)
    } catch (error) {
      try {
        setOutput('result', 'error')
      } catch {
        // The file refuses everything; the failed step says why.
      }
      const where = file ? `GITHUB_OUTPUT (${file})` : 'GITHUB_OUTPUT'
      return `The step outputs could not be written to ${where}: ${reasonOf(error)}. The runner creates this file for every step: check the runner's free disk space and the permissions of its temp directory, then re-run the job`
    }
  }
  return undefined
}

/**
 * The run's outcome once its outputs could not be written: an error, unless the wait found
 * something stronger (a definite failure, a cancel), which it keeps.
 */
export function outputsNotWritten(outcome: RunOutcome, problem: string): RunOutcome {
  const waited = outcome.result === 'success' ? 'The wait itself succeeded' : `The wait itself ended with ${outcome.result}`
  return { ...outcome, result: worstResult([outcome.result, 'error']), headline: `${problem}. ${waited}: ${outcome.headline}`, notWritten: problem }
}

/** The warning when the job summary cannot be written: why, and that the outcome does not depend on it. */
export function summaryNotWritten(error: unknown, file = process.env.GITHUB_STEP_SUMMARY): string {
  const where = file ? `GITHUB_STEP_SUMMARY (${file})` : 'GITHUB_STEP_SUMMARY'
  return `The job summary could not be written to ${where}: ${reasonOf(error)}. The outputs and the step's result stand; the log above has the same facts`
}

/** Why a file could not be written, in one line, with its error code. */
export function reasonOf(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : ''
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').replace(/[\s.]+$/, '')
  return code && !message.includes(code) ? `${code} ${message}` : message
}
