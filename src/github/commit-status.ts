// The docs as a required check: a commit status on the run's commit, `pending` when waiting
// starts and the outcome at the end. Written by the rules the deployment and the comment keep:
// a write that was sent is waited on before the next (a `pending` GitHub applies late must not
// land after the outcome), a cancel shortens what is left to the grace and is consulted live,
// and what could not be written is one warning. Never changes the outcome.
import * as core from '@actions/core'
import { formatDuration } from '../durations.js'
import type { CommitStatusSettings, RunOutcome, Settings, TargetRef } from '../model.js'
import { githubStatusState, outcomeStatusDescription, statusTargetUrl, waitingStatusDescription } from '../report/commit-status.js'
import { inert } from '../report/log.js'
import { type CancelClock, commentBudgetMs, commentDeadline, commentEndAt, type StepLimits } from '../step/limits.js'
import { until } from '../step/until.js'
import type { Octokit } from './comment-api.js'
import { type CommitStatus, createCommitStatus, explainStatusError, refused, type StatusPlace, statusPlace } from './commit-status-api.js'

export interface CommitStatusRecord {
  /** Waiting begins: posts `pending`, without holding the wait. */
  begin(targets: readonly TargetRef[], settings: Settings, limits: StepLimits): void
  /** After the outputs: the outcome's status, once the `pending` write has settled, within the step's limit or the grace after a cancel. */
  settle(outcome: RunOutcome, settings: Settings | undefined, limits: StepLimits | undefined): Promise<void>
}

export interface CommitStatusOptions {
  /** Cuts every spelling of a key out of text. */
  clean: (text: string) => string
  cancel: CancelClock
}

type Place = Exclude<StatusPlace, { skip: string }>
interface Opened {
  place: Place
  send: (status: CommitStatus, budget: AbortSignal) => Promise<void>
}

/** The commit status of one run of the step (commit-status). */
export function recordCommitStatus(options: CommitStatusOptions): CommitStatusRecord {
  const { clean, cancel } = options
  let warned = false
  // One warning per run (a 403 stays one warning); anything after it is a line of the log.
  const problem = (text: string) => {
    const line = clean(`${text}. The step's result does not depend on it.`)
    if (warned) core.info(line)
    else core.warning(line)
    warned = true
  }
  let opening: Promise<Opened | { skip: string }> | undefined
  // The `pending` write once sent: settled (answered or failed), or still out.
  let pending: Promise<{ ok: true } | { ok: false; error: unknown }> | undefined
  // One end for every write of the run, fixed by the first that asks for it; a cancel brings it forward.
  let end: AbortSignal | undefined
  const deadlineOf = (limits: StepLimits | undefined, requestTimeoutMs: number) => {
    end ??= commentDeadline(commentEndAt(limits, requestTimeoutMs), cancel)
    return end
  }
  const cancelled = () => cancel.exitBy() !== undefined

  function open(status: CommitStatusSettings, deadline: AbortSignal): Promise<Opened | { skip: string }> {
    opening ??= (async () => {
      // Loaded only when a status is asked for, to keep start-up fast.
      const github = await import('@actions/github')
      const place = statusPlace(github.context)
      if ('skip' in place) return place
      const octokit: Octokit = github.getOctokit(status.githubToken)
      // Set in a hook, the signal reaches the request and the proxy-aware fetch of the defaults stays in place.
      let signal: AbortSignal = deadline
      octokit.hook.before('request', (request) => {
        request.request = { ...request.request, signal }
      })
      return {
        place,
        send: (body, budget) => {
          signal = budget
          return until(createCommitStatus(octokit, place, body), budget)
        }
      }
    })()
    opening.catch(() => undefined)
    return opening
  }

  return {
    begin(targets, settings, limits) {
      const status = settings.commitStatus
      if (!status || status.githubToken === '' || pending) return
      const deadline = deadlineOf(limits, status.requestTimeoutMs)
      pending = (async () => {
        try {
          const opened = await until(open(status, deadline), deadline)
          if ('skip' in opened) return { ok: true } as const
          const description = waitingStatusDescription(targets, clean)
          // Sent, it is waited on until it settles or the step's limit: GitHub applies what it received whole.
          await opened.send(
            { state: 'pending', context: status.context, description, targetUrl: statusTargetUrl(false, { run: opened.place.runUrl }) },
            deadline
          )
          core.info(clean(`Commit status ${inert(status.context, 100)}: pending on commit ${opened.place.sha.slice(0, 7)}.`))
          return { ok: true } as const
        } catch (error) {
          return { ok: false, error } as const
        }
      })()
    },

    async settle(outcome, settings, limits) {
      const status = settings?.commitStatus
      if (!status || status.githubToken === '') return
      const context = inert(status.context, 100)
      const state = githubStatusState(outcome.result)
      const deadline = deadlineOf(limits, status.requestTimeoutMs)
      const limitAt = limits && limits.startedAt + limits.timeoutMs + limits.requestTimeoutMs
      const budgetMs = commentBudgetMs(status.requestTimeoutMs, cancel.exitBy(), limitAt)
      const budget = AbortSignal.any([AbortSignal.timeout(budgetMs), deadline])
      const within = `within ${formatDuration(budgetMs)} (${budgetMs < status.requestTimeoutMs ? "what was left of the step's time limit, timeout + request-timeout + 2s" : 'request-timeout'})`
      let stage: 'pending' | 'write' = 'pending'
      try {
        if (pending) {
          const settled = await until(pending, budget)
          if (!settled.ok) {
            if (refused(settled.error)) {
              problem(`The commit status ${context} could not be written: ${inert(explainStatusError(settled.error), 400)}`)
              return
            }
            const why = deadline.aborted ? 'the GitHub API did not answer in time' : explainStatusError(settled.error)
            core.info(clean(`The pending commit status ${context} could not be written (${inert(why, 400)}); the outcome is posted all the same.`))
          }
        }
        stage = 'write'
        const opened = await until(open(status, deadline), budget)
        if ('skip' in opened) {
          problem(`commit-status is set, but ${opened.skip}. No commit status was written`)
          return
        }
        const targetUrl = statusTargetUrl(state === 'success', { preview: outcome.trigger?.previewUrl, url: status.url, run: opened.place.runUrl })
        await opened.send({ state, context: status.context, description: outcomeStatusDescription(outcome, clean), targetUrl }, budget)
        core.info(
          clean(`Commit status ${context}: ${state} on commit ${opened.place.sha.slice(0, 7)}${targetUrl ? `, linking ${inert(targetUrl, 300)}` : ''}.`)
        )
      } catch (error) {
        const why = !budget.aborted
          ? explainStatusError(error)
          : stage === 'pending'
            ? `its pending status was still unanswered ${cancelled() ? 'when the cancelled run had to end' : within}, and the outcome must not go before it; the commit may show pending until the next run`
            : `the GitHub API did not answer ${cancelled() ? 'before the cancelled run had to end' : within} (GitHub may still apply the write)`
        problem(`The last commit status (${state}) of ${context} could not be written: ${inert(why, 400)}`)
      }
    }
  }
}
