import type { SearchReport } from './search.js'
import type { TriggerReport } from './trigger.js'
import type { TargetReport } from './wait.js'

/** Outcomes from best to worst; the worst of several targets is the step's `result`. */
export const RESULTS = ['success', 'failure', 'timeout', 'cancelled', 'error'] as const
export type Result = (typeof RESULTS)[number]

export function worstResult(results: readonly Result[]): Result {
  let worst: Result = 'success'
  for (const result of results) if (RESULTS.indexOf(result) > RESULTS.indexOf(worst)) worst = result
  return worst
}

/** Everything the reporters need to describe a run. */
export interface RunOutcome {
  result: Result
  /** One line saying what happened, for the log and the failure message. */
  headline: string
  /** Input problems, when the inputs were invalid. */
  problems: readonly string[]
  targets: readonly TargetReport[]
  /** The search check, when search-query was given. */
  search: SearchReport | undefined
  /** The work `trigger` started (or failed to start), when it was given. */
  trigger?: TriggerReport | undefined
  elapsedMs: number
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
  if (outcome.search && !outcome.search.skipped) results.push(outcome.search.result)
  return results.every((result) => result === 'success' || result === 'timeout')
}
