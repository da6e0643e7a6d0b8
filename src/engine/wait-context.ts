// What the wait on one target is given: the wait's dependencies and the schedule it shares with
// the other targets. Apart from wait.ts, so that each kind of target's wait (platform-check.ts)
// can take it without importing the wait itself.
import type { ApiClient } from '../api/client.js'
import type { Clock, PlatformCheckPort, Settings, TargetRef, WaitEvents } from '../model.js'

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
