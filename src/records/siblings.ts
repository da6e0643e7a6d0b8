// Runs that share a commit status: matrix legs and several steps of one workflow run write on
// the same commit and context, and GitHub shows the latest. A run's `success` must never replace
// a failure that another job of the same run (the same attempt) wrote: the rule, for any
// platform's listing of statuses (newest first).

/** A status as listed: who wrote it is known by its id (ours) and by where it links (the run attempt). */
export interface ListedStatus {
  id: number
  state: string
  context: string
  description: string | undefined
  targetUrl: string | undefined
}

/**
 * The failure another job of this run wrote on this context, if any: a status not among `own`,
 * linking `runLink` (the run attempt; a failure links where its reason is), in a state that is
 * not success and not pending. A later attempt links another address, so a re-run of a failed
 * job is not held to its earlier failure.
 */
export function siblingFailure(
  listed: readonly ListedStatus[],
  mine: { context: string; runLink: string | undefined; own: ReadonlySet<number> }
): ListedStatus | undefined {
  if (!mine.runLink) return undefined
  return listed.find(
    (status) =>
      status.context === mine.context &&
      !mine.own.has(status.id) &&
      status.targetUrl === mine.runLink &&
      (status.state === 'failure' || status.state === 'error' || status.state === 'failed')
  )
}
