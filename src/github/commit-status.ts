// The docs as a required check: a commit status on the run's commit, `pending` when waiting
// starts and the outcome at the end, as one more record kept true by the lifecycle
// (records/lifecycle.ts): the outcome waits for the `pending` write it would otherwise race (a
// `pending` GitHub applies late must not land after it), a cancel shortens what is left to the
// grace, and what could not be written is one warning. Never changes the outcome.
import { commitStatusOf, commitStatusWithoutToken, type RawInputs } from '../inputs/parse.js'
import type { CommitStatusSettings, RunOutcome, TargetRef } from '../model.js'
import { githubStatusState, letThroughStatusDescription, outcomeStatusDescription, statusTargetUrl, waitingStatusDescription } from '../report/commit-status.js'
import { stepPasses } from '../engine/outcome.js'
import { inert } from '../report/log.js'
import { type RecordPort, RecordSkipped, withinBudget } from '../records/lifecycle.js'
import { PageTally } from '../records/listing.js'
import {
  type Decision,
  decidedWords,
  heldDescription,
  keptDescription,
  type ListedStatus,
  OtherJobsUnread,
  type OwnState,
  ownStateOf,
  shownOwn,
  statusStands,
  tagged,
  untagged,
  type Writer,
  writeByTheRule,
  writer
} from '../records/gate.js'
import { fitDescription } from '../report/deployment.js'
import { type KeptRecordOptions, keptRecord, type RunRecord } from '../records/run-record.js'
import { guardedClient, type Octokit, retryAfterMs, workflowFileOf } from './comment-api.js'
import {
  type CommitStatus,
  createCommitStatus,
  explainStatusError,
  listCommitStatuses,
  refused,
  STATUSES,
  type StatusPlace,
  statusPlace
} from './commit-status-api.js'

export interface CommitStatusOptions extends KeptRecordOptions {
  /** The inputs as given: commit-status with an empty github-token is said, once. */
  raw: RawInputs
}

type Place = Exclude<StatusPlace, { skip: string }>

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
 * The commit status as a port of the lifecycle. Its writes are keyed by commit and context, so it
 * is where it goes (`true`) as soon as the open starts: a cancel's close goes at once. A token the
 * open was refused with is not asked again: the close says why, in the record's one warning.
 * What it writes follows the rule for runs that share a commit (records/gate.ts).
 */
export function commitStatusPort(status: CommitStatusSettings, targets: readonly TargetRef[], clean: (text: string) => string): RecordPort<true, RunOutcome> {
  const context = inert(status.context, 100)
  let client:
    | Promise<{
        place: Place
        me: Writer
        send: (body: CommitStatus, signal: AbortSignal) => Promise<number | undefined>
        list: (signal: AbortSignal) => Promise<ListedStatus[]>
      }>
    | undefined
  // The statuses this step wrote, by id: any other on the context is another run's or job's.
  const own = new Set<number>()
  let refusal: unknown
  let refusedAtOpen = false
  let sha = ''
  /** What the last close decided, by the rule (records/gate.ts): its own outcome, another job's failure kept, or pending held. */
  let decided: Decision | undefined
  let ownState: OwnState = 'pending'
  let linked: string | undefined
  /** Set when the last close failed reading the other jobs' statuses: whether its write was sent before. */
  let unconfirmed: boolean | undefined
  /** The most this job sent of its own success (its answer may have been lost): a `pending` held for the other jobs, or the success. */
  let sentOfSuccess: 'nothing' | 'hold' | 'success' = 'nothing'

  const connect = () => {
    client ??= (async () => {
      // Loaded only when a status is asked for, to keep start-up fast.
      const github = await import('@actions/github')
      const place = statusPlace(github.context)
      if ('skip' in place)
        throw new RecordSkipped(`commit-status is set, but ${place.skip}. No commit status was written. The step's result does not depend on it.`)
      sha = place.sha.slice(0, 7)
      const octokit: Octokit = guardedClient(github.getOctokit(status.githubToken), status.githubToken, clean)
      // Set in a hook, the signal reaches the request and the proxy-aware fetch of the defaults stays in place.
      let signal: AbortSignal | undefined
      octokit.hook.before('request', (request) => {
        request.request = { ...request.request, signal }
      })
      return {
        place,
        me: githubWriter(status, github.context.runId, place.runUrl),
        send: (body, budget) => {
          signal = budget
          return withinBudget(createCommitStatus(octokit, place, body), budget)
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
    return client
  }
  const sendOwn = async (send: (body: CommitStatus, signal: AbortSignal) => Promise<number | undefined>, body: CommitStatus, signal: AbortSignal) => {
    const id = await send(body, signal)
    if (id !== undefined) own.add(id)
  }

  return {
    api: 'GitHub API',
    // A second pending is the same write: one that failed on the way is sent again (an earlier run's success must not stand while this one waits).
    openAgain: true,
    async open(signals, at) {
      const { place, me, send } = await connect()
      at(true)
      try {
        const description = waitingStatusDescription(targets, clean)
        await sendOwn(send, { state: 'pending', context: status.context, description, targetUrl: tagged(place.runUrl, me, 'pending') }, signals.write)
      } catch (error) {
        if (refused(error)) refusal = error
        throw error
      }
      return true
    },
    async close(outcome, _where, opened, signals) {
      // The status follows the step's verdict: a timeout that fail-on-timeout: false lets through is success, saying so.
      const letThrough = outcome.result !== 'success' && stepPasses(outcome, status.failOnTimeout)
      ownState = letThrough ? 'success' : ownStateOf(outcome.result)
      decided = { kind: 'own', own: ownState }
      // Refused on the open (a token without statuses: write): the same answer again would add nothing.
      if (opened === 'refused' && refusal !== undefined) {
        refusedAtOpen = true
        throw refusal
      }
      const { place, me, send, list } = await connect()
      const ownLink = statusTargetUrl(outcome.result === 'success', { preview: outcome.trigger?.previewUrl, url: status.url, run: place.runUrl }, clean)
      const body = (decision: Decision): CommitStatus => {
        if (decision.kind === 'keep') {
          return {
            state: githubStateOf(decision.by.own) as CommitStatus['state'],
            context: status.context,
            description: fitDescription(clean(keptDescription(decision.by, 'run'))),
            targetUrl: tagged(untagged(decision.by.status?.targetUrl) ?? place.runUrl, me, decision.own)
          }
        }
        if (decision.kind === 'hold')
          return {
            state: 'pending',
            context: status.context,
            description: fitDescription(clean(heldDescription(decision.waitingOn, 'run'))),
            targetUrl: tagged(place.runUrl, me, decision.own)
          }
        return {
          state: githubStateOf(ownState) as CommitStatus['state'],
          context: status.context,
          description: letThrough ? letThroughStatusDescription(outcome, clean) : outcomeStatusDescription(outcome, clean),
          targetUrl: tagged(ownLink, me, ownState)
        }
      }
      unconfirmed = undefined
      // Matrix legs, steps and re-runs of one run share the context: the one rule of records/gate.ts.
      decided = await writeByTheRule(ownState, {
        list: (afterWrite) => list(afterWrite ? signals.nextLookup() : signals.lookup),
        context: status.context,
        me,
        stateOf: githubStateOf,
        send: async (written) => {
          decided = undefined
          if (written.state === 'success') sentOfSuccess = 'success'
          else if (written.state === 'pending' && sentOfSuccess === 'nothing') sentOfSuccess = 'hold'
          linked = untagged(written.targetUrl)
          await sendOwn(send, written, signals.write)
        },
        body
      })
      return { where: true, done: 'updated' }
    },
    async readBack(_where, signals, lost, tries) {
      const { me, list } = await connect()
      return statusStands(
        await list(signals.lookup),
        { context: status.context, me, stateOf: githubStateOf, own },
        ownState,
        lost,
        sentOfSuccess !== 'nothing',
        tries
      )
    },
    // A success may land over another job's failure written meanwhile; a held pending, over the others' ends.
    closeMayTurn: () => sentOfSuccess !== 'nothing',
    // A write sent, the other jobs' statuses unread after it: written all the same, in doubt.
    appliedDespite: (error) => error instanceof OtherJobsUnread && error.written,
    explain: (error) => {
      if (!(error instanceof OtherJobsUnread)) return explainStatusError(error)
      unconfirmed = error.written
      return `the statuses the other jobs of this run wrote on ${context} could not be read (${explainStatusError(error.cause)}), and this job's success must not replace another job's failure${error.written ? '' : ', so it was not written: the check keeps the state it had (pending, if the pending status was written); re-run the job once GitHub answers'}`
    },
    refused,
    retryAfterMs: (error) => retryAfterMs(error),
    words: {
      opened: () => `Commit status ${context}: pending on commit ${sha}.`,
      closed: () => {
        const shown = decided === undefined ? githubStateOf(ownState) : githubStateOf(shownOwn(decided))
        const why = decidedWords(decided, 'run')
        return `Commit status ${context}: ${shown} on commit ${sha}${linked ? `, linking ${inert(linked, 300)}` : ''}${why ? ` ${inert(why, 400)}` : ''}.`
      },
      openFailed: (why) => `The pending commit status ${context} could not be written: ${inert(why, 400)}.`,
      lateClose: () =>
        sentOfSuccess === 'success'
          ? `the check may show success over another job's failure: look at the run's jobs before you merge`
          : 'the check may show pending after the other jobs ended: re-run this job then',
      lateOpen: () => 'the check shows pending until the job runs again',
      mayNotHold: (why) =>
        `Commit status ${context} holds the outcome (${githubStateOf(ownState)}) on commit ${sha}, but ${inert(why, 400)}. The step's result does not depend on it.`,
      closeFailed: (why) =>
        unconfirmed
          ? `Commit status ${context}: ${sentOfSuccess === 'success' ? 'success' : 'pending (this job’s docs are ready; other jobs of this run were still waiting)'} was written on commit ${sha}, but ${inert(why, 400)}: ${sentOfSuccess === 'success' ? 'if another job of this run failed at the same moment, its failure may be hidden under this success, so look at the run’s jobs before you merge' : 'the check may stay pending once they end; re-run this job then'}. The step's result does not depend on it.`
          : `${!refusedAtOpen && ownState !== 'pending' ? `The last commit status (${githubStateOf(ownState)}) of ${context}` : `The commit status ${context}`} could not be written: ${inert(why, 400)}. The step's result does not depend on it.`
    }
  }
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
        level: 'warning'
      }
    return undefined
  }, options)
}
