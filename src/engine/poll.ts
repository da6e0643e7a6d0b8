import { createSchedule } from './schedule.js'
import type { ApiClient } from '../api/client.js'
import { formatDuration } from '../durations.js'
import type { Attempt, Clock, PollEnd, Unreachable } from '../model.js'

/** What a part of the engine that sends requests on the poll schedule is given: the search, the page check, the POST that starts work. */
export interface ScheduledRequests {
  client: ApiClient
  clock: Clock
  random: () => number
  signal: AbortSignal
  deadline: number
  minIntervalMs: number
  maxIntervalMs: number
  requestTimeoutMs: number
}

/** The poll schedule of such a part: its deadline, intervals, clock, randomness and cancel. */
export function scheduleOf(deps: ScheduledRequests): Pick<PollOptions, 'deadline' | 'minIntervalMs' | 'maxIntervalMs' | 'clock' | 'random' | 'signal'> {
  return {
    deadline: deps.deadline,
    minIntervalMs: deps.minIntervalMs,
    maxIntervalMs: deps.maxIntervalMs,
    clock: deps.clock,
    random: deps.random,
    signal: deps.signal
  }
}

export interface PollOptions {
  /** Clock time after which no further poll starts. */
  deadline: number
  minIntervalMs: number
  maxIntervalMs: number
  clock: Clock
  random: () => number
  signal: AbortSignal
  /** How many 404 answers are tolerated before one counts as an error (the id may be brand new); other answers do not use it up. */
  notFoundGrace?: number
  /** Told before each sleep that follows a failed poll: why it failed and when the next try comes. */
  onRetry?: (reason: string, delayMs: number) => void
  /**
   * A try that must come before the deadline, never at it (a POST that starts work: work started
   * at the deadline could not be waited on). When the wait before the next try would reach the
   * deadline, the loop ends at once with a timeout.
   */
  retryOnlyBeforeDeadline?: boolean
}

export const NOT_FOUND_GRACE = 3

/**
 * When nothing at base-url is certain, not a blip: a name the DNS says does not exist on this
 * many tries in a row, or an address that refused the connection on this many tries in a row
 * over at least `refusedForMs` (a server restarting refuses for a few seconds). Then the loop
 * ends with an error rather than retrying until the timeout. The README states this rule.
 */
export const UNREACHABLE_RULE = { tries: 3, refusedForMs: 15_000 } as const

/** Whether tries that found nothing at base-url, the first at `since`, are enough to stop. */
function nothingThere(kind: Unreachable, tries: number, since: number, now: number): boolean {
  if (tries < UNREACHABLE_RULE.tries) return false
  return kind === 'unresolved' || now - since >= UNREACHABLE_RULE.refusedForMs
}

/** The poll at the deadline still gets this long (at most request-timeout) to answer. */
export const FINAL_POLL_ALLOWANCE_MS = 5000

/**
 * How long a request sent at `now` may take: at most request-timeout, and past the deadline only
 * within the final poll's allowance. 0 when no time is left: the request is not sent.
 */
export function requestBudget(now: number, deadline: number, requestTimeoutMs: number): number {
  return requestAllowance(now, deadline, requestTimeoutMs).timeoutMs
}

/** The request's budget as above, with what sets it, named for the user: request-timeout, the time left, or the final poll's allowance. */
export function requestAllowance(now: number, deadline: number, requestTimeoutMs: number): { timeoutMs: number; limit: string } {
  const allowance = Math.min(requestTimeoutMs, FINAL_POLL_ALLOWANCE_MS)
  const timeoutMs = Math.max(0, Math.min(requestTimeoutMs, Math.max(deadline - now, allowance), deadline + allowance - now))
  if (timeoutMs >= requestTimeoutMs) return { timeoutMs, limit: 'request-timeout' }
  if (timeoutMs === deadline - now) return { timeoutMs, limit: 'the time left before the timeout' }
  return { timeoutMs, limit: `the final poll's allowance of ${allowance / 1000}s past the timeout` }
}

/**
 * Polls until `attempt` reports a settled value, a fatal error, the deadline passes or the
 * signal aborts. The first poll is immediate; the next ones follow the backoff schedule, wait at
 * least as long as a `Retry-After` asked, and never sleep past the deadline: the last poll
 * happens at the deadline.
 */
export async function pollUntilSettled<T>(attempt: (pollNumber: number) => Promise<Attempt<T>>, options: PollOptions): Promise<PollEnd<T>> {
  const { deadline, clock, signal, notFoundGrace = NOT_FOUND_GRACE } = options
  const schedule = createSchedule({ minMs: options.minIntervalMs, maxMs: options.maxIntervalMs, random: options.random })
  let lastProblem: string | undefined
  let notFound = 0
  // Tries in a row that found nothing at base-url: since when, how many, and of which kind.
  let unreachable: { kind: Unreachable; since: number; tries: number } | undefined
  for (let pollNumber = 1; ; pollNumber++) {
    if (signal.aborted) return { kind: 'cancelled' }
    const startedAt = clock.now()
    const found = await attempt(pollNumber)
    if (signal.aborted) return { kind: 'cancelled' }
    if (found.kind === 'transient' && found.unreachable) {
      unreachable =
        unreachable?.kind === found.unreachable ? { ...unreachable, tries: unreachable.tries + 1 } : { kind: found.unreachable, since: startedAt, tries: 1 }
      if (nothingThere(unreachable.kind, unreachable.tries, unreachable.since, clock.now()))
        return {
          kind: 'error',
          reason: found.reason.replace(
            /(; check base-url)?$/,
            ` on ${unreachable.tries} tries in a row over ${formatDuration(clock.now() - unreachable.since)}$1`
          )
        }
    } else unreachable = undefined
    let retryAfterMs = 0
    switch (found.kind) {
      case 'settled':
        return { kind: 'settled', value: found.value }
      case 'fatal':
        return found.misconfigured ? { kind: 'error', reason: found.reason, misconfigured: true } : { kind: 'error', reason: found.reason }
      case 'not-found':
        // Past the grace of a brand-new id, the platform says for certain that there is no such thing.
        if (++notFound > notFoundGrace) return { kind: 'error', reason: found.reason, misconfigured: true }
        lastProblem = found.reason
        break
      case 'transient':
        lastProblem = found.reason
        retryAfterMs = found.retryAfterMs ?? 0
        break
      case 'pending':
        lastProblem = undefined
        break
    }
    const remaining = deadline - clock.now()
    const timedOut: PollEnd<T> = lastProblem === undefined ? { kind: 'timeout' } : { kind: 'timeout', lastProblem }
    if (remaining <= 0) return timedOut
    // A POST that starts work is sent again only after an answer that proved it was not acted on;
    // when that answer said how long to wait (Retry-After), that wait is what it needs, not the
    // poll schedule's (a 5 s min-interval must not end a 4 s timeout at once after `Retry-After: 1`).
    const wanted = options.retryOnlyBeforeDeadline && retryAfterMs > 0 ? retryAfterMs : Math.max(schedule.next(), retryAfterMs)
    if (options.retryOnlyBeforeDeadline && wanted >= remaining) return timedOut
    const delay = Math.min(wanted, remaining)
    if (found.kind !== 'pending' && lastProblem !== undefined) options.onRetry?.(lastProblem, delay)
    await clock.sleep(delay, signal)
  }
}

/** The real clock: wall time and timers that stop early on abort. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve()
      const onAbort = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal.addEventListener('abort', onAbort, { once: true })
    })
}
