// What a deployment record says about the run: its state and a reason short enough for GitHub's
// deployment statuses, from the same explanation as the step's annotation.
import { describeRef } from '../engine/wait.js'
import type { Result, RunOutcome, TargetRef } from '../model.js'
import { stripControl } from '../text.js'
import { explainRun } from './explain.js'
import { describeWork } from './titles.js'

/** GitHub's limit on the description of a deployment status. */
export const MAX_DEPLOYMENT_DESCRIPTION = 140

export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'error'

/** The docs deployed, or failed to; anything else (timeout, cancel, error) says nothing about the docs: `error`. */
export function deploymentState(result: Result): Exclude<DeploymentState, 'in_progress'> {
  return result === 'success' || result === 'failure' ? result : 'error'
}

/** The description while waiting: what is waited on. */
export function waitingDescription(targets: readonly TargetRef[]): string {
  const work = describeWork({ targets: targets.map((ref) => ({ ref })) })
  return `Waiting for the ${work}: ${targets.map((ref) => describeRef(ref)).join(', ')}`
}

/** The description of the last status: the first line of the annotation, the reason in the user's terms. */
export function outcomeDescription(outcome: RunOutcome): string {
  return explainRun(outcome).lead[0] ?? outcome.headline
}

/**
 * Text as one line within GitHub's limit, counted in characters. Too long, its full commit shas
 * are shortened first (to 12 characters, then 7), so a reason that names two commits (the one
 * deployed, the one expected) keeps both; only then is it cut, with an ellipsis.
 */
export function fitDescription(text: string, max = MAX_DEPLOYMENT_DESCRIPTION): string {
  const flat = stripControl(text).replace(/\s+/g, ' ').trim()
  const fits = (candidate: string) => Array.from(candidate).length <= max
  const shortened = [flat, ...[12, 7].map((length) => flat.replace(/\b([0-9a-f]{40}|[0-9a-f]{64})\b/gi, (sha) => sha.slice(0, length)))]
  const fitting = shortened.find(fits)
  if (fitting !== undefined) return fitting
  const chars = Array.from(shortened.at(-1) ?? flat)
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`
}
