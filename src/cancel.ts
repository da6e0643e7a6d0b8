import * as core from '@actions/core'

/** After SIGINT/SIGTERM the process ends within this, whatever is still running. */
export const CANCEL_GRACE_MS = 1500

export interface Cancellation {
  /** Aborted on the first SIGINT or SIGTERM. */
  signal: AbortSignal
  /** When the process must be gone by, once a signal came; undefined before. */
  exitBy(): number | undefined
  /** Stops listening; a signal after this ends the process as Node does by default. */
  stop(): void
}

/**
 * Turns the runner's cancel (SIGINT, then SIGTERM) into an abort signal, and makes sure the
 * process exits within the grace period whatever is still running, so the outputs written in
 * that time are the step's last word.
 */
export function listenForCancel(graceMs = CANCEL_GRACE_MS): Cancellation {
  const cancel = new AbortController()
  let exitBy: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (cancel.signal.aborted) return
    core.info(`Received ${signal}: stopping the wait and writing the outputs.`)
    exitBy = Date.now() + graceMs
    cancel.abort()
    setTimeout(() => process.exit(1), graceMs).unref()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    signal: cancel.signal,
    exitBy: () => exitBy,
    stop() {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    }
  }
}
