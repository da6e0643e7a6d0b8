import { formatDuration } from '../../durations.js'
import { oneLine } from '../../text.js'
import type { Judgement } from '../../model.js'
import { listed, TERMINAL_STATES } from './states.js'

/**
 * How long an agent job may go without showing `active` after a follow-up message before its
 * terminal state is taken as the answer to it. The platform processes a message asynchronously
 * and does not say how soon the job shows `active` again: until it does, it may still show the
 * state from before the message.
 */
export const FOLLOW_UP_GRACE_MS = 30_000

/** What the gate made of one record. */
export interface FollowUpVerdict {
  judgement: Judgement
  /** Something the log should say once: why a terminal state does not end the wait, or why it now does. */
  notice?: { kind: 'stale' | 'taken'; message: string }
}

/**
 * The wait on an agent job for a follow-up message sent at `sentAt`: a terminal state counts
 * once the job has been seen `active` since the message (a poll after it was accepted), or once
 * FOLLOW_UP_GRACE_MS passed without that. Before, a `completed` (or `failed`, `archived`) is the
 * state from before the message, and the wait goes on.
 */
export function createFollowUpGate(sentAt: number) {
  let seenActive = false
  let staleSaid = false
  return {
    judge(status: string, judgement: Judgement, now: number): FollowUpVerdict {
      if (listed(TERMINAL_STATES.job.pending, status)) seenActive = true
      if (judgement.state === 'pending' || seenActive) return { judgement }
      const shown = `"${oneLine(status, 40)}"`
      if (now - sentAt < FOLLOW_UP_GRACE_MS) {
        const notice = staleSaid
          ? undefined
          : {
              kind: 'stale' as const,
              message: `still shows ${shown} from before the follow-up message; waiting for it to take the message up (active) for up to ${formatDuration(FOLLOW_UP_GRACE_MS)}`
            }
        staleSaid = true
        return notice ? { judgement: { state: 'pending' }, notice } : { judgement: { state: 'pending' } }
      }
      const taken = `not seen active within ${formatDuration(FOLLOW_UP_GRACE_MS)} of the follow-up message; its status ${shown} is taken as the answer to it`
      return {
        judgement: { ...judgement, note: judgement.note ? `${judgement.note}; ${taken}` : taken },
        notice: { kind: 'taken', message: taken }
      }
    },
    /** Why the job's last state did not end the wait, for a timeout; undefined once it was seen active. */
    stale(status: string): string | undefined {
      return seenActive || !status ? undefined : `not seen active since the follow-up message, so "${oneLine(status, 40)}" was the state from before it`
    }
  }
}
