// What the wait on one target is given: the wait's dependencies and the schedule it shares with
// the other targets. Apart from wait.ts, so that each kind of target's wait (platform-check.ts)
// can take it without importing the wait itself.
import type { ApiClient } from '../api/client.js'
import type { Clock, PlatformCheckPort, PollEnd, Settings, TargetRef, TargetReport, WaitEvents } from '../model.js'

export interface WaitDeps {
  client: ApiClient
  clock: Clock
  random: () => number
  signal: AbortSignal
  events: WaitEvents
  /** When waiting must end; defaults to `timeout` from now. A run that started work first passes its own. */
  deadline?: number
  /** The agent job a follow-up message was sent to, and when it was accepted: it is waited on for that message. */
  followUp?: { ref: TargetRef; sentAt: number }
  /** Reads what the platform's app reports on the run's commit (`platform-check`); given by the GitHub adapter. */
  platformCheck?: PlatformCheckPort | undefined
}

/** What the wait on one target shares with the others. */
export interface PollContext {
  settings: Settings
  deps: WaitDeps
  deadline: number
  startedAt: number
  limit: <T>(task: () => Promise<T>) => Promise<T>
  signal: AbortSignal
  onStatus: (ref: TargetRef, status: string) => void
}

/**
 * What every kind of target's wait writes for the ends they share: a cancel, an error, and a
 * timeout before anything was read (the outcome could not be learnt, which no setting lets
 * pass: what kept every read away leads). True when `end` was one of them.
 */
export function sharedEnd(report: TargetReport, end: PollEnd<unknown>, neverRead: string | undefined): boolean {
  switch (end.kind) {
    case 'cancelled':
      report.result = 'cancelled'
      report.error = 'the run was cancelled'
      return true
    case 'error':
      report.result = 'error'
      report.error = end.reason
      if (end.misconfigured) report.misconfigured = true
      return true
    case 'timeout':
      if (neverRead === undefined) return false
      report.result = 'error'
      report.error = end.lastProblem ? `${end.lastProblem}; ${neverRead}` : neverRead
      return true
    default:
      return false
  }
}
