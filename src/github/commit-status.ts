// The docs as a required check: a commit status on the run's commit, `pending` when waiting
// starts and the outcome at the end, as one more record kept true by the lifecycle
// (records/lifecycle.ts): the outcome waits for the `pending` write it would otherwise race (a
// `pending` GitHub applies late must not land after it), a cancel shortens what is left to the
// grace, and what could not be written is one warning. Never changes the outcome.
import { commitStatusOf, commitStatusWithoutToken, type RawInputs } from '../inputs/parse.js'
import type { CommitStatusSettings, RunOutcome, TargetRef } from '../model.js'
import { githubStatusState, statusTexts } from '../report/commit-status.js'
import { inert } from '../report/log.js'
import { type RecordPort, RecordSkipped, withinBudget } from '../records/lifecycle.js'
import { PageTally } from '../records/listing.js'
import { type OwnState, tagged, type Writer, writer } from '../records/gate.js'
import { type KeptRecordOptions, keptRecord, type RunRecord } from '../records/run-record.js'
import { type StatusIo, type StatusNouns, statusRecordPort } from '../records/status-record.js'
import { guardedClient, type Octokit, refusedByGitHub, retryAfterMs, workflowFileOf } from './comment-api.js'
import { type CommitStatus, createCommitStatus, explainStatusError, listCommitStatuses, STATUSES, statusPlace } from './commit-status-api.js'

export interface CommitStatusOptions extends KeptRecordOptions {
  /** The inputs as given: commit-status with an empty github-token is said, once. */
  raw: RawInputs
}

/** GitHub's state for an own state: a cancel, a timeout and an error are `error`. */
const githubStateOf = (own: OwnState): string =>
  own === 'pending' ? 'pending' : own === 'cancelled' ? 'error' : githubStatusState(own === 'error' ? 'error' : own)

/**
 * This job's writer of the status (records/gate.ts): the workflow run (every attempt of it), and
 * in it the workflow's file, the job, its matrix leg and the step; the words name the job and its leg.
 */
export function githubWriter(status: CommitStatusSettings, runId: number, runUrl: string | undefined, env: NodeJS.ProcessEnv = process.env): Writer {
  const job = env.GITHUB_JOB?.trim() || 'the job'
  const workflow = workflowFileOf(env.GITHUB_WORKFLOW_REF) ?? env.GITHUB_WORKFLOW ?? ''
  const label = status.leg ? `${job} (${status.leg.label})` : job
  const attempt = Number(env.GITHUB_RUN_ATTEMPT)
  return writer(
    String(runId),
    [workflow, job, status.leg?.identity ?? '', env.GITHUB_ACTION ?? ''],
    label,
    runUrl,
    Number.isSafeInteger(attempt) && attempt > 0 ? attempt : 1
  )
}

/**
 * The commit status on GitHub, as the shared record's platform (records/status-record.ts). Where
 * it goes is read from the run's event when the open starts (`@actions/github`, loaded then).
 */
export function commitStatusPort(status: CommitStatusSettings, targets: readonly TargetRef[], clean: (text: string) => string): RecordPort<true, RunOutcome> {
  let connected: Promise<StatusIo> | undefined
  const connect = () => {
    connected ??= (async () => {
      // Loaded only when a status is asked for, to keep start-up fast.
      const github = await import('@actions/github')
      const place = statusPlace(github.context)
      if ('skip' in place)
        throw new RecordSkipped(
          `commit-status is set, but ${place.skip}. No commit status was written. The step's result does not depend on it.`,
          'commit-status.skipped'
        )
      const octokit: Octokit = guardedClient(github.getOctokit(status.githubToken), status.githubToken, clean)
      // Set in a hook, the signal reaches the request and the proxy-aware fetch of the defaults stays in place.
      let signal: AbortSignal | undefined
      octokit.hook.before('request', (request) => {
        request.request = { ...request.request, signal }
      })
      const me = githubWriter(status, github.context.runId, place.runUrl)
      return {
        sha: place.sha.slice(0, 7),
        me,
        runUrl: place.runUrl,
        link: (url, own) => tagged(url, me, own),
        send: (body, budget) => {
          signal = budget
          return withinBudget(createCommitStatus(octokit, place, { ...body, context: status.context } as CommitStatus), budget)
        },
        list: (budget) => {
          signal = budget
          const tally = new PageTally(STATUSES)
          return withinBudget(listCommitStatuses(octokit, place, tally), budget).catch((error: unknown) => {
            throw tally.cut(error)
          })
        }
      }
    })()
    return connected
  }
  return statusRecordPort(
    {
      api: 'GitHub API',
      nouns: GITHUB_NOUNS,
      context: status.context,
      shown: inert(status.context, 100),
      // A second pending is the same write: one that failed on the way is sent again (an earlier run's success must not stand while this one waits).
      openAgain: true,
      texts: statusTexts(clean, status.failOnTimeout, status.url),
      connect,
      stateOf: githubStateOf,
      explain: explainStatusError,
      refused: refusedByGitHub,
      retryAfterMs: (error) => retryAfterMs(error)
    },
    targets
  )
}

/** How GitHub's words name the status and the jobs. */
const GITHUB_NOUNS: StatusNouns = {
  thing: 'check',
  unit: 'run',
  again: 're-run',
  othersStill: 'waiting',
  result: "The step's result",
  host: 'GitHub',
  namesLink: true,
  quote: inert
}

/** The commit status of one run of the step (commit-status): `pending` when waiting begins, the outcome at the end (also when waiting never began: a required check keeps no older success). */
export function recordCommitStatus(options: CommitStatusOptions): RunRecord {
  return keptRecord<true>(({ settings, targets }) => {
    // With invalid inputs too, when its own are sound: `error`, so that no earlier `success` stands.
    const status = settings ? settings.commitStatus : commitStatusOf(options.raw)
    if (status && status.githubToken !== '') return { port: commitStatusPort(status, targets, options.clean), requestTimeoutMs: status.requestTimeoutMs }
    if (commitStatusWithoutToken(options.raw))
      return {
        say: "commit-status is set, but github-token is empty (a secret that is not set?). No commit status was written, so a check that branch protection requires stays expected; the step's result does not depend on it.",
        level: 'warning',
        code: 'commit-status.no-token'
      }
    return undefined
  }, options)
}
