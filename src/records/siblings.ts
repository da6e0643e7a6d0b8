// Runs that share a commit status: matrix legs and several steps of one workflow run write on
// the same commit and context, and GitHub shows the latest. A run's `success` must never replace
// a failure that another job of the same run (the same attempt) wrote: the rule, for any
// platform's listing of statuses (newest first).

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
      (status.state === 'failure' || status.state === 'error' || status.state === 'failed')
  )
}

/** The statuses other jobs wrote could not be read around this job's success (`written`: after it was sent). */
export class OtherJobsUnread extends Error {
  constructor(
    override readonly cause: unknown,
    readonly written: boolean
  ) {
    super('the statuses of the other jobs could not be read')
    this.name = 'OtherJobsUnread'
  }
}
