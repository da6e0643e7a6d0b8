import * as core from '@actions/core'
import { formatDuration } from '../durations.js'
import type { CommentSettings, RunOutcome, SearchSettings, TargetRef } from '../model.js'
import { commentMarker, renderComment, renderInProgressComment } from '../report/comment.js'
import { commentCommit, commentTarget, explainCommentError, upsertComment } from './comment-api.js'
import { describeWork } from '../report/explain.js'

/**
 * The work's result, or the budget's abort, whichever comes first: the GitHub API client does
 * not honour an abort in every phase (a proxy that never answers CONNECT holds it for minutes),
 * so the comment stops being waited on when its time is up, whatever its request does.
 */
export function withinBudget<T>(work: Promise<T>, budget: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(budget.reason)
    if (budget.aborted) return stop()
    budget.addEventListener('abort', stop, { once: true })
    work.then(resolve, reject).finally(() => budget.removeEventListener('abort', stop))
  })
}

/** Where the comment goes and what it says it reflects, or why it has nowhere to go. */
async function commentPlace(settings: CommentSettings) {
  // Loaded only when a comment is asked for, to keep start-up fast.
  const github = await import('@actions/github')
  const { context } = github
  const target = commentTarget(context, settings.prNumberTarget)
  if ('skip' in target) return { skip: target.skip } as const
  const marker = commentMarker(settings.kinds, context.workflow, context.job)
  const runUrl = context.runId ? `${context.serverUrl}/${target.owner}/${target.repo}/actions/runs/${context.runId}` : undefined
  return { github, target, marker, source: { runUrl, sha: commentCommit(context) } } as const
}

/**
 * Posts the "in progress" comment when waiting starts, so the pull request shows the wait at
 * once; the outcome replaces it. Best effort, within `budgetMs`: the outcome's comment reports
 * any problem.
 */
export async function postInProgressComment(
  targets: readonly TargetRef[],
  search: SearchSettings | undefined,
  comment: CommentSettings,
  clean: (text: string) => string,
  signal: AbortSignal,
  budgetMs: number
): Promise<void> {
  const budget = AbortSignal.any([AbortSignal.timeout(Math.max(1, budgetMs)), signal])
  try {
    const place = await commentPlace(comment)
    if ('skip' in place) return
    const work = describeWork({ targets: targets.map((ref) => ({ ref })), search })
    const body = clean(renderInProgressComment(place.marker, targets, place.source, work))
    const octokit = place.github.getOctokit(comment.githubToken)
    octokit.hook.before('request', (options) => {
      options.request = { ...options.request, signal: budget }
    })
    await withinBudget(upsertComment(octokit, place.target, place.marker, body), budget)
    core.info(`Posted "in progress" on pull request #${place.target.number}.`)
  } catch (error) {
    const why = budget.aborted ? 'the GitHub API did not answer in time' : explainCommentError(error)
    core.info(clean(`The "in progress" comment could not be written (${why}); the outcome will still be commented.`))
  }
}

/** Creates or updates the PR comment; a failure here is a warning, never a failed step. */
export async function commentOnPullRequest(
  outcome: RunOutcome,
  settings: CommentSettings,
  clean: (text: string) => string,
  budgetMs: number,
  cancelled: boolean
): Promise<void> {
  // Every request of the comment shares one budget (request-timeout, or what is left of the
  // step's time limit or of the grace period after a cancel), so a GitHub API that does not
  // answer cannot hold the step.
  const budget = AbortSignal.timeout(budgetMs)
  try {
    const place = await commentPlace(settings)
    if ('skip' in place) {
      core.warning(`pr-comment is set, but ${place.skip}. No comment was written.`)
      return
    }
    const { github, target, marker } = place
    const body = clean(renderComment(outcome, marker, place.source))
    const octokit = github.getOctokit(settings.githubToken)
    // Set in a hook, the signal reaches every request, pages of the listing included, and the
    // proxy-aware fetch of the defaults stays in place (a `request` option would replace it).
    octokit.hook.before('request', (options) => {
      options.request = { ...options.request, signal: budget }
    })
    const done = await withinBudget(upsertComment(octokit, target, marker, body), budget)
    core.info(`${done === 'created' ? 'Commented' : 'Updated the comment'} on pull request #${target.number}.`)
  } catch (error) {
    const why = !budget.aborted
      ? explainCommentError(error)
      : cancelled
        ? 'the GitHub API did not answer before the cancelled run had to end'
        : `the GitHub API did not answer within ${formatDuration(budgetMs)} (${budgetMs < settings.requestTimeoutMs ? "what was left of the step's time limit, timeout + request-timeout + 2s" : 'request-timeout'})`
    core.warning(clean(`The pull request comment could not be written: ${why}. The step's result does not depend on it.`))
  }
}
