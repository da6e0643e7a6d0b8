// The docs as a required check: a commit status on the run's commit, `pending` when waiting
// starts and the outcome at the end, as one more record kept true by the lifecycle
// (records/lifecycle.ts): the outcome waits for the `pending` write it would otherwise race (a
// `pending` GitHub applies late must not land after it), a cancel shortens what is left to the
// grace, and what could not be written is one warning. Never changes the outcome.
import { commitStatusOf, commitStatusWithoutToken, type RawInputs } from '../inputs/parse.js'
import type { CommitStatusSettings, RunOutcome, TargetRef } from '../model.js'
import { githubStatusState, outcomeStatusDescription, ownInProgressLink, statusTargetUrl, waitingStatusDescription } from '../report/commit-status.js'
import { inert } from '../report/log.js'
import { type RecordPort, RecordSkipped, withinBudget } from '../records/lifecycle.js'
import { type ListedStatus, OtherJobsUnread, statusStands, writeBesideSiblings } from '../records/siblings.js'
import { fitDescription } from '../report/deployment.js'
import { type KeptRecordOptions, keptRecord, type RunRecord } from '../records/run-record.js'
import { maskingErrors, type Octokit, retryAfterMs } from './comment-api.js'
import { type CommitStatus, createCommitStatus, explainStatusError, listCommitStatuses, refused, type StatusPlace, statusPlace } from './commit-status-api.js'

export interface CommitStatusOptions extends KeptRecordOptions {
  /** The inputs as given: commit-status with an empty github-token is said, once. */
  raw: RawInputs
}

type Place = Exclude<StatusPlace, { skip: string }>

/**
 * The commit status as a port of the lifecycle. Its writes are keyed by commit and context, so it
 * is where it goes (`true`) as soon as the open starts: a cancel's close goes at once. A token the
 * open was refused with is not asked again: the close says why, in the record's one warning.
 */
export function commitStatusPort(status: CommitStatusSettings, targets: readonly TargetRef[], clean: (text: string) => string): RecordPort<true, RunOutcome> {
  const context = inert(status.context, 100)
  let client:
    | Promise<{
        place: Place
        send: (body: CommitStatus, signal: AbortSignal) => Promise<number | undefined>
        list: (signal: AbortSignal) => Promise<ListedStatus[]>
      }>
    | undefined
  // The statuses this step wrote, by id: any other on the context is another run's or job's.
  const own = new Set<number>()
  let keptSibling = false
  let refusal: unknown
  let refusedAtOpen = false
  let state: string | undefined
  let sha = ''
  // This job's own `pending`, told from another leg's of the same run (same context, same link).
  const ownLink = ownInProgressLink()
  const pendingUrl = (place: Place) => ownLink(place.runUrl)
  let linked: string | undefined
  /** Set when the last close failed reading the other jobs' statuses: whether its success was written before. */
  let unconfirmed: boolean | undefined
  /** The success this job sent, if it sent one (its answer may have been lost). */
  let successSent: { state: string; description: string } | undefined

  const connect = () => {
    client ??= (async () => {
      // Loaded only when a status is asked for, to keep start-up fast.
      const github = await import('@actions/github')
      const place = statusPlace(github.context)
      if ('skip' in place)
        throw new RecordSkipped(`commit-status is set, but ${place.skip}. No commit status was written. The step's result does not depend on it.`)
      sha = place.sha.slice(0, 7)
      const octokit: Octokit = maskingErrors(github.getOctokit(status.githubToken), status.githubToken)
      // Set in a hook, the signal reaches the request and the proxy-aware fetch of the defaults stays in place.
      let signal: AbortSignal | undefined
      octokit.hook.before('request', (request) => {
        request.request = { ...request.request, signal }
      })
      return {
        place,
        send: (body, budget) => {
          signal = budget
          return withinBudget(createCommitStatus(octokit, place, body), budget)
        },
        list: (budget) => {
          signal = budget
          return withinBudget(listCommitStatuses(octokit, place), budget)
        }
      }
    })()
    return client
  }

  return {
    api: 'GitHub API',
    async open(signals, at) {
      const { place, send } = await connect()
      at(true)
      try {
        const description = waitingStatusDescription(targets, clean)
        const id = await send({ state: 'pending', context: status.context, description, targetUrl: pendingUrl(place) }, signals.write)
        if (id !== undefined) own.add(id)
      } catch (error) {
        if (refused(error)) refusal = error
        throw error
      }
      return true
    },
    async close(outcome, _where, opened, signals) {
      state = githubStatusState(outcome.result)
      // Refused on the open (a token without statuses: write): the same answer again would add nothing.
      if (opened === 'refused' && refusal !== undefined) {
        refusedAtOpen = true
        throw refusal
      }
      const { place, send, list } = await connect()
      linked = statusTargetUrl(state === 'success', { preview: outcome.trigger?.previewUrl, url: status.url, run: place.runUrl })
      const body: CommitStatus = {
        state: state as CommitStatus['state'],
        context: status.context,
        description: outcomeStatusDescription(outcome, clean),
        targetUrl: linked
      }
      // Matrix legs and several steps of one run share the context: the one rule of records/siblings.ts.
      const keep = (failed: ListedStatus): CommitStatus => {
        keptSibling = true
        state = failed.state
        linked = failed.targetUrl
        const theirs = failed.description ? `: ${failed.description}` : ''
        return {
          state: failed.state === 'error' ? 'error' : 'failure',
          context: status.context,
          description: fitDescription(clean(`Another job of this run failed${theirs}`)),
          targetUrl: failed.targetUrl
        }
      }
      unconfirmed = undefined
      await writeBesideSiblings(body, body.state === 'success', {
        list: (afterWrite) => list(afterWrite ? signals.nextLookup() : signals.lookup),
        mine: { context: status.context, run: place.runUrl, own },
        send: async (written) => {
          if (written.state === 'success') successSent = { state: written.state, description: written.description }
          const id = await send(written, signals.write)
          if (id !== undefined) own.add(id)
        },
        keep
      })
      return { where: true, done: 'updated' }
    },
    async readBack(_where, signals, lost) {
      const { place, list } = await connect()
      return statusStands(await list(signals.lookup), { context: status.context, run: place.runUrl, own }, lost, {
        inProgress: 'pending',
        inProgressUrl: pendingUrl(place),
        last: successSent
      })
    },
    // A success may land over another job's failure written meanwhile.
    closeMayTurn: () => successSent !== undefined,
    // A success written, the other jobs' statuses unread after it: written all the same, in doubt.
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
      closed: () =>
        `Commit status ${context}: ${state} on commit ${sha}${linked ? `, linking ${inert(linked, 300)}` : ''}${keptSibling ? ' (another job of this run failed it; this job’s success does not replace that)' : ''}.`,
      openFailed: (why) => `The pending commit status ${context} could not be written: ${inert(why, 400)}.`,
      lateClose: () => `the check may show success over another job's failure: look at the run's jobs before you merge`,
      lateOpen: () => 'the check shows pending until the job runs again',
      mayNotHold: (why) =>
        `Commit status ${context} holds the outcome (${state}) on commit ${sha}, but ${inert(why, 400)}. The step's result does not depend on it.`,
      closeFailed: (why) =>
        unconfirmed
          ? `Commit status ${context}: success was written on commit ${sha}, but ${inert(why, 400)}: if another job of this run failed at the same moment, its failure may be hidden under this success, so look at the run's jobs before you merge. The step's result does not depend on it.`
          : `${state && !refusedAtOpen ? `The last commit status (${state}) of ${context}` : `The commit status ${context}`} could not be written: ${inert(why, 400)}. The step's result does not depend on it.`
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
