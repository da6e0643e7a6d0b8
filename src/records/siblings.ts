// Runs that share a commit status: matrix legs and several steps of one workflow run write on
// the same commit and context, and GitHub shows the latest. A run's `success` must never replace
// a failure that another job of the same run (the same attempt) wrote: the rule, for any
// platform's listing of statuses (newest first).

import { LookupAroundWriteFailed, type ReadBack } from './lifecycle.js'

/** A status as listed: who wrote it is known by its id (ours) and by the run that wrote it. */
export interface ListedStatus {
  id: number
  state: string
  context: string
  description: string | undefined
  targetUrl: string | undefined
  /** The run (attempt) that wrote it, as the platform tells it: GitHub's link to the run attempt, GitLab's pipeline. */
  run: string | undefined
}

/**
 * The failure another job of this run wrote on this context, if any: a status not among `own`,
 * of the same `run` (GitHub: the run attempt's link; GitLab: the pipeline), in a state that is
 * not success and not pending. A later attempt links another address (a new pipeline on GitLab),
 * so a re-run of a failed job is not held to its earlier failure.
 */
export function siblingFailure(
  listed: readonly ListedStatus[],
  mine: { context: string; run: string | undefined; own: ReadonlySet<number> }
): ListedStatus | undefined {
  if (!mine.run) return undefined
  return listed.find(
    (status) =>
      status.context === mine.context &&
      !mine.own.has(status.id) &&
      status.run === mine.run &&
      (status.state === 'failure' || status.state === 'error' || status.state === 'failed' || status.state === 'canceled')
  )
}

/** The statuses other jobs wrote could not be read around this job's success (`written`: after it was sent). */
export class OtherJobsUnread extends LookupAroundWriteFailed {
  constructor(
    override readonly cause: unknown,
    readonly written: boolean
  ) {
    super('the statuses of the other jobs could not be read')
    this.name = 'OtherJobsUnread'
  }
}

/** What writing over the statuses of other jobs takes of a platform: its listing, its write, its words for a kept failure. */
export interface SiblingWrites<Body> {
  /** Lists the statuses of the commit (lookups only); throws when they could not be read. After the write, with a lookup's time of its own. */
  list(afterWrite: boolean): Promise<readonly ListedStatus[]>
  /** Who this job is: the context, its run (attempt or pipeline), the ids of the statuses it wrote. */
  mine: { context: string; run: string | undefined; own: ReadonlySet<number> }
  /** Writes a status (its id goes into `mine.own`). */
  send(body: Body): Promise<void>
  /** The failure of another job written again in this job's name. */
  keep(failed: ListedStatus): Body
}

/**
 * Writes this job's `body`. A success never replaces another job's failure: the statuses are read
 * before the write and again after it (one written between the two reads lands after ours), and
 * that failure is written again instead. Unread, another job's failure may stand: a success is
 * not written over what could not be seen, nor left unconfirmed; `OtherJobsUnread` says which,
 * and the lifecycle's rule tries the close again, or says so.
 */
export async function writeBesideSiblings<Body>(body: Body, success: boolean, io: SiblingWrites<Body>): Promise<void> {
  const failedNow = async (written: boolean) => {
    try {
      return siblingFailure(await io.list(written), io.mine)
    } catch (error) {
      throw new OtherJobsUnread(error, written)
    }
  }
  const before = success ? await failedNow(false) : undefined
  await io.send(before ? io.keep(before) : body)
  const after = success && !before ? await failedNow(true) : undefined
  if (after) await io.send(io.keep(after))
}

/** What this job last wrote on a shared status, and what its "in progress" looks like there. */
export interface StatusWritten {
  /** The state of the "in progress" write: `pending` (GitHub), `running` (GitLab). */
  inProgress: string
  /** Where the "in progress" write links (this job's run or job). */
  inProgressUrl: string | undefined
  /** The outcome this job wrote last, as sent. */
  last: { state: string; description: string } | undefined
}

/**
 * What stands on a shared status (`listed`, newest first) after a write whose answer was lost
 * (records/lifecycle.ts, `ReadBack`), by the one rule for both platforms: an "in progress" on top,
 * or a success on top of another job's failure of this run, is stale. Otherwise, for a lost
 * "in progress", it is accounted for when listed under the outcome (a status of this job's
 * "in progress" state and link that is not one of `own`); for a lost write of the outcome, only a
 * success matters (landing later, it could cover another job's failure): accounted for when a
 * success of this run with the same description is listed that is not one of `own`.
 */
export function statusStands(
  listed: readonly ListedStatus[],
  mine: { context: string; run: string | undefined; own: ReadonlySet<number> },
  lost: 'open' | 'close',
  written: StatusWritten
): ReadBack {
  const onContext = listed.filter((status) => status.context === mine.context)
  const newest = onContext[0]
  if (newest?.state === written.inProgress || newest?.state === 'pending') return 'stale'
  if (newest?.state === 'success' && siblingFailure(onContext, mine)) return 'stale'
  const notOwn = (status: ListedStatus) => !mine.own.has(status.id)
  // Without a link of its own (no job or run address), another run's "in progress" cannot be told from this one's: unseen, and said.
  if (lost === 'open')
    return written.inProgressUrl !== undefined &&
      onContext.some((status) => status.state === written.inProgress && notOwn(status) && status.targetUrl === written.inProgressUrl)
      ? 'outcome'
      : 'unseen'
  const last = written.last
  if (last?.state !== 'success') return 'outcome'
  return onContext.some((status) => status.state === 'success' && notOwn(status) && status.run === mine.run && status.description === last.description)
    ? 'outcome'
    : 'unseen'
}
