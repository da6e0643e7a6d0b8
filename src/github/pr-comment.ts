import * as core from '@actions/core'
import { formatDuration } from '../durations.js'
import type { CommentSettings, RunOutcome, SearchSettings, TargetRef } from '../model.js'
import { commentMarker, legacyCommentMarker, renderComment, renderInProgressComment } from '../report/comment.js'
import { describeWork } from '../report/explain.js'
import { type CancelClock, commentDeadline, commentEndAt, lookupBudgetMs, type StepLimits } from '../step/limits.js'
import { commentCommit, commentTarget, runUrlOf, explainCommentError, findComment, type Octokit, tokenLogin, writeComment } from './comment-api.js'

import { withinBudget } from '../records/lifecycle.js'

export { withinBudget }

/** Where the comment goes and what it says it reflects, or why it has nowhere to go. */
async function commentPlace(settings: CommentSettings) {
  // Loaded only when a comment is asked for, to keep start-up fast.
  const github = await import('@actions/github')
  const { context } = github
  const target = commentTarget(context, settings.prNumberTarget)
  if ('skip' in target) return { skip: target.skip } as const
  const place = { workflow: context.workflow, job: context.job, step: context.action, key: settings.key }
  const runUrl = runUrlOf(context, target.owner, target.repo)
  return {
    github,
    target,
    marker: commentMarker(settings.kinds, place),
    legacyMarker: legacyCommentMarker(settings.kinds, place),
    source: { runUrl, sha: commentCommit(context), mergeQueue: target.mergeQueue }
  } as const
}

type Place = Exclude<Awaited<ReturnType<typeof commentPlace>>, { skip: string }>

/**
 * A client whose lookups (GETs and the GraphQL query of who the token is, which change nothing)
 * end with `lookup`, and whose writes end only with `deadline`: a write that was sent is over
 * when it is answered or its connection fails, since GitHub applies what it received whole even
 * if no one waits for the answer.
 */
function clientFor(place: Place, token: string, lookup: AbortSignal, deadline: AbortSignal): Octokit {
  const octokit = place.github.getOctokit(token)
  // Set in a hook, the signal reaches every request, pages of the listing included, and the
  // proxy-aware fetch of the defaults stays in place (a `request` option would replace it).
  octokit.hook.before('request', (options) => {
    const changesNothing = options.method === 'GET' || /\/graphql$/.test(options.url)
    options.request = { ...options.request, signal: changesNothing ? lookup : deadline }
  })
  return octokit
}

/** The step's pull request comment: "in progress" while the wait runs, then the outcome in its place. */
export interface PullRequestComment {
  /** Posts "in progress" when waiting starts; after a cancel it is not sent any more. */
  waiting(targets: readonly TargetRef[], search: SearchSettings | undefined, limits: StepLimits): void
  /** Writes the outcome once the "in progress" write has settled; a failure is a warning, never a failed step. */
  outcome(outcome: RunOutcome, limits: StepLimits | undefined): Promise<void>
}

/** The comment of one run of the step, for `settings`; `cancel` shortens its time to the grace period. */
export function pullRequestComment(settings: CommentSettings, clean: (text: string) => string, cancel: CancelClock): PullRequestComment {
  const requestTimeoutMs = settings.requestTimeoutMs
  let inProgress: Promise<void> | undefined
  // The comment the "in progress" write created or found: the outcome goes there.
  let written: number | undefined
  let login: string | undefined
  const cancelled = () => cancel.exitBy() !== undefined
  // One end for every write of the run, fixed by the first that asks for it.
  let end: { at: number; deadline: AbortSignal } | undefined
  const endOf = (limits: StepLimits | undefined) => {
    const at = commentEndAt(limits, requestTimeoutMs)
    end ??= { at, deadline: commentDeadline(at, cancel) }
    return end
  }

  async function find(place: Place, octokit: Octokit): Promise<number | undefined> {
    // Asked once per run; again only if asking failed.
    login ??= await tokenLogin(octokit)
    return findComment(octokit, place.target, { marker: place.marker, legacyMarker: place.legacyMarker, login })
  }

  async function postInProgress(targets: readonly TargetRef[], search: SearchSettings | undefined, limits: StepLimits): Promise<void> {
    const { deadline } = endOf(limits)
    // Its lookups never run past the wait's deadline: the outcome's comment needs the time after it.
    const waitEndsAt = limits.startedAt + limits.timeoutMs
    const lookup = AbortSignal.any([AbortSignal.timeout(lookupBudgetMs(requestTimeoutMs, waitEndsAt)), cancel.signal, deadline])
    let sent = false
    try {
      const place = await commentPlace(settings)
      if ('skip' in place) return
      const octokit = clientFor(place, settings.githubToken, lookup, deadline)
      const id = await withinBudget(find(place, octokit), lookup)
      if (lookup.aborted) throw lookup.reason
      const work = describeWork({ targets: targets.map((ref) => ({ ref })), search })
      const body = clean(renderInProgressComment(place.marker, targets, place.source, work))
      sent = true
      written = (await withinBudget(writeComment(octokit, place.target, id, body), deadline)).id
      core.info(`Posted "in progress" on pull request #${place.target.number}.`)
    } catch (error) {
      const why = sent
        ? deadline.aborted
          ? `its write was still unanswered when ${cancelled() ? 'the cancelled run had to end' : "the step's time limit ran out"}`
          : explainCommentError(error)
        : cancel.signal.aborted
          ? 'the run was cancelled before it was'
          : lookup.aborted
            ? 'the GitHub API did not answer in time'
            : explainCommentError(error)
      core.info(clean(`The "in progress" comment could not be written (${why}); the outcome will still be commented.`))
    }
  }

  async function postOutcome(outcome: RunOutcome, limits: StepLimits | undefined): Promise<void> {
    const { at: endAt, deadline } = endOf(limits)
    let budgetMs = requestTimeoutMs
    let lookup = deadline
    let stage: 'in progress' | 'lookup' | 'write' = 'in progress'
    try {
      // The "in progress" write, once sent, is waited on: applied after the outcome, it would replace it.
      if (inProgress) await withinBudget(inProgress, deadline)
      stage = 'lookup'
      budgetMs = lookupBudgetMs(requestTimeoutMs, endAt)
      lookup = AbortSignal.any([AbortSignal.timeout(budgetMs), deadline])
      const place = await commentPlace(settings)
      if ('skip' in place) {
        core.warning(`pr-comment is set, but ${place.skip}. No comment was written.`)
        return
      }
      const octokit = clientFor(place, settings.githubToken, lookup, deadline)
      const id = written ?? (await withinBudget(find(place, octokit), lookup))
      const body = clean(renderComment(outcome, place.marker, place.source))
      stage = 'write'
      const { done } = await withinBudget(writeComment(octokit, place.target, id, body), deadline)
      core.info(`${done === 'created' ? 'Commented' : 'Updated the comment'} on pull request #${place.target.number}.`)
    } catch (error) {
      const ended = cancelled() ? 'the cancelled run had to end' : "the step's time limit (timeout + request-timeout + 2s) ran out"
      const why =
        stage === 'in progress'
          ? `the "in progress" comment's write was still unanswered when ${ended}, and the outcome must not go before it; the pull request may show "in progress" until the next run`
          : deadline.aborted
            ? `the GitHub API did not answer before ${ended}${stage === 'write' ? ' (GitHub may still apply the write)' : ''}`
            : stage === 'lookup' && lookup.aborted
              ? `the GitHub API did not answer within ${formatDuration(budgetMs)} (${budgetMs < requestTimeoutMs ? "what was left of the step's time limit, timeout + request-timeout + 2s" : 'request-timeout'})`
              : explainCommentError(error)
      core.warning(clean(`The pull request comment could not be written: ${why}. The step's result does not depend on it.`))
    }
  }

  return {
    waiting(targets, search, limits) {
      inProgress = postInProgress(targets, search, limits)
    },
    outcome: postOutcome
  }
}
