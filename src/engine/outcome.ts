import type { Result, RunOutcome, TargetReport } from '../model.js'

/**
 * The results from weakest to strongest, as the contract orders them (`result`): a definite
 * failure of any target outranks everything, since a gate must never let a known failure pass
 * as "could not tell"; then cancelled, error, timeout, success.
 */
export const RESULT_ORDER: readonly Result[] = ['success', 'timeout', 'error', 'cancelled', 'failure']

/** How strong a result is in `RESULT_ORDER`: a higher rank wins when results combine. */
export function resultRank(result: Result): number {
  return RESULT_ORDER.indexOf(result)
}

/** The strongest of several results (`success` for none). */
export function worstResult(results: readonly Result[]): Result {
  let worst: Result = 'success'
  for (const result of results) if (resultRank(result) > resultRank(worst)) worst = result
  return worst
}

/** The step's result: the worst target, where targets stopped by fail-fast do not hide the failure that stopped them. */
export function overallResult(reports: readonly TargetReport[]): Result {
  return worstResult(reports.filter((r) => !r.stoppedByFailFast).map((r) => r.result))
}

/**
 * Whether the step passes: on success, or on a timeout that `fail-on-timeout: false` lets
 * through — and then only when nothing failed (a failure beside a timeout makes the result
 * `failure` anyway; this holds for targets stopped by fail-fast too).
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

/**
 * Whether the run's error is a definite refusal of its setup (a key refused, no such project,
 * id or automation, a plan without previews, a request refused as invalid), by any part of it:
 * running again changes nothing, so this must never pass as "could not tell".
 */
export function misconfigured(outcome: RunOutcome): boolean {
  if (outcome.dryRun?.misconfigured) return true
  if (outcome.trigger?.misconfigured) return true
  if (outcome.targets.some((t) => t.misconfigured && !t.stoppedByFailFast)) return true
  if (outcome.pages && !outcome.pages.skipped && outcome.pages.misconfigured) return true
  return outcome.search !== undefined && !outcome.search.skipped && outcome.search.misconfigured === true
}
