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

/** The step's time limits, once the inputs parsed. */
export interface StepLimits {
  startedAt: number
  timeoutMs: number
  requestTimeoutMs: number
}

/**
 * When the comment's (or note's) last write must be over, without a cancel: the step's own
 * limit, timeout + request-timeout past the start, less what the exit needs of the slack. With
 * invalid inputs no wait ran, and the comment gets request-timeout from now.
 */
export function commentEndAt(limits: StepLimits | undefined, requestTimeoutMs: number, now = Date.now()): number {
  return limits ? limits.startedAt + limits.timeoutMs + limits.requestTimeoutMs + COMMENT_END_SLACK_MS : now + requestTimeoutMs
}

/** What a cancel tells the comment: whether one came, and when the process must be gone by. */
export interface CancelClock {
  signal: AbortSignal
  exitBy(): number | undefined
}

/**
 * Aborted when the comment must be given up, whatever its requests are doing: at `endAt`, or,
 * once a cancel came, `marginMs` before the process is made to exit, if that is sooner. A write
 * that was sent is waited on until then, never less: GitHub applies a request it has whole even
 * when no one is left to read the answer. The command's streamed reports keep to it too, with the
 * margin their own (cli/write-file.ts).
 */
export function commentDeadline(endAt: number, cancel: CancelClock, marginMs = COMMENT_EXIT_MARGIN_MS): AbortSignal {
  const deadline = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const abortAt = (at: number) => {
    clearTimeout(timer)
    timer = setTimeout(() => deadline.abort(), Math.max(0, at - Date.now()))
    timer.unref?.()
  }
  abortAt(endAt)
  const onCancel = () => {
    const exitBy = cancel.exitBy()
    if (exitBy !== undefined && exitBy - marginMs < endAt) abortAt(exitBy - marginMs)
  }
  if (cancel.signal.aborted) onCancel()
  else cancel.signal.addEventListener('abort', onCancel, { once: true })
  return deadline.signal
}

/** How long the lookups of a comment (GETs, which change nothing) may take: request-timeout, never past `endAt`. */
export function lookupBudgetMs(requestTimeoutMs: number, endAt: number, now = Date.now()): number {
  return Math.max(1, Math.min(requestTimeoutMs, endAt - now))
}

/** How long the merge request note's "in progress" write may take: request-timeout, and never past the wait's deadline. */
export function inProgressBudgetMs(requestTimeoutMs: number, startedAt: number, timeoutMs: number, now = Date.now()): number {
  return Math.min(requestTimeoutMs, startedAt + timeoutMs - now)
}
