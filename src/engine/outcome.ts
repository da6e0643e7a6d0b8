import { type Result, RESULTS, type RunOutcome, type TargetReport } from '../model.js'

export function worstResult(results: readonly Result[]): Result {
  let worst: Result = 'success'
  for (const result of results) if (RESULTS.indexOf(result) > RESULTS.indexOf(worst)) worst = result
  return worst
}

/** The step's result: the worst target, where targets stopped by fail-fast do not hide the failure that stopped them. */
export function overallResult(reports: readonly TargetReport[]): Result {
  return worstResult(reports.filter((r) => !r.stoppedByFailFast).map((r) => r.result))
}

/**
 * Whether the step passes: on success, or on a timeout that `fail-on-timeout: false` lets
 * through — and then only when nothing failed. A failure next to a timeout still fails the step,
 * although the timeout ranks worse in `result`.
 */
export function stepPasses(outcome: RunOutcome, failOnTimeout: boolean): boolean {
  if (outcome.result === 'success') return true
  if (outcome.result !== 'timeout' || failOnTimeout) return false
  // Fail-fast stops targets only after a failure or an error, which never passes.
  if (outcome.targets.some((t) => t.stoppedByFailFast)) return false
  const results = outcome.targets.map((t) => t.result)
  if (outcome.pages && !outcome.pages.skipped) results.push(outcome.pages.result)
  if (outcome.search && !outcome.search.skipped) results.push(outcome.search.result)
  return results.every((result) => result === 'success' || result === 'timeout')
}
