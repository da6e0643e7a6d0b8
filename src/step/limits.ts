/** After a cancel, a comment or note must be done this long before the process is made to exit. */
export const COMMENT_EXIT_MARGIN_MS = 200
/**
 * The step ends within timeout + request-timeout + this, whatever the network does; the comment
 * keeps to it too, leaving the exit grace of the entry (1 s) and the margin above.
 */
export const STEP_BOUND_SLACK_MS = 2000
/** Once everything is written, how long anything still open (a DNS lookup that no one can cancel) may keep the process alive. */
export const EXIT_GRACE_MS = 1000
/** What the comment leaves of that slack: the exit grace, the margin above, and room for a busy event loop. */
const COMMENT_END_SLACK_MS = STEP_BOUND_SLACK_MS - EXIT_GRACE_MS - COMMENT_EXIT_MARGIN_MS - 300

/**
 * How long the outcome's comment (or merge request note) or the deployment's last status may take: request-timeout, within the
 * step's time limit (`limitAt`, timeout + request-timeout past the start, plus the slack); after
 * a cancel, what is left of the grace period.
 */
export function commentBudgetMs(requestTimeoutMs: number, exitBy: number | undefined, limitAt: number | undefined, now = Date.now()): number {
  const endBy = exitBy !== undefined ? exitBy - COMMENT_EXIT_MARGIN_MS : limitAt !== undefined ? limitAt + COMMENT_END_SLACK_MS : Number.POSITIVE_INFINITY
  return Math.max(1, Math.min(exitBy === undefined ? requestTimeoutMs : Number.POSITIVE_INFINITY, endBy - now))
}

/** How long the "in progress" comment may take: request-timeout, and never past the wait's deadline. */
export function inProgressBudgetMs(requestTimeoutMs: number, startedAt: number, timeoutMs: number, now = Date.now()): number {
  return Math.min(requestTimeoutMs, startedAt + timeoutMs - now)
}
