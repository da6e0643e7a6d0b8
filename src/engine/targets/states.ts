/**
 * The terminal-state table of the contract, the one place it is written down. Any status not
 * listed here is unknown: it is reported by name and can never count as success.
 */
export const TERMINAL_STATES = {
  update: {
    success: ['success'],
    failure: ['failure'],
    pending: ['queued', 'in_progress']
  },
  job: {
    success: ['completed'],
    failure: ['failed'],
    /** `archived` is a failure unless `accept-archived` is set. */
    archived: ['archived'],
    pending: ['active']
  }
} as const

/** Whether a status is in one of the lists above. */
export function listed(list: readonly string[], status: string): boolean {
  return list.includes(status)
}
