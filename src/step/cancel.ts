import { formatDuration } from '../durations.js'
import { watchParent } from './parent.js'

/** After SIGINT/SIGTERM the process ends within this, whatever is still running. */
export const CANCEL_GRACE_MS = 1500

/** What a cancel does once the wait is over, as `willNow` takes it: the step finishes `writing` (in the log's words) within the grace. */
export function finishingWithin(writing: readonly string[]): string {
  return `the wait is over; finishing ${writing.join(', ').replace(/, ([^,]*)$/, ' and $1')} within ${formatDuration(CANCEL_GRACE_MS)}.`
}

export interface Cancellation {
  /** Aborted on the first SIGINT or SIGTERM. */
  signal: AbortSignal
  /** The signal that came, once one did. */
  received(): NodeJS.Signals | undefined
  /** When the process must be gone by, once a signal came; undefined before. */
  exitBy(): number | undefined
  /**
   * What a cancel from now on does, as the log says it after "Received SIGINT: " (before the
   * wait ends: stopping the wait and writing the outputs).
   */
  willNow(doing: string): void
  /**
   * The outcome is decided and reported: a signal from now on only shortens the last writes (to
   * the grace), and if the grace runs out the process exits with `exitCode`, the outcome's.
   */
  decided(exitCode: number): void
  /**
   * The outcome is known and `what` (in the log's words) is being written, not at once: if a
   * cancel's grace runs out before `decided`, a warning says it may be missing or cut.
   */
  reporting(what: string): void
  /**
   * Stops listening. Once the outcome is decided, a signal after this ends the process with the
   * outcome's exit code (everything is written) as soon as the output's readers took the output,
   * within the grace at the latest; before, as Node does by default.
   */
  stop(): void
}

export interface CancelOptions {
  /** Says in the log that the cancel was heard. */
  say: (line: string) => void
  /** Warns in the log: the grace ran out before what `reporting` named was written. */
  warn?: (line: string) => void
  /** The exit code once the grace period is over (the action fails the step; the command line exits 130 or 143). */
  exitCode: (signal: NodeJS.Signals) => number
  graceMs?: number
  /** Also cancel, as on SIGTERM, when the process that started this one goes away (step/parent.ts). */
  watchParent?: boolean
}

/**
 * Turns a cancel (SIGINT, then SIGTERM; SIGHUP) into an abort signal, and makes sure the process exits
 * within the grace period whatever is still running, so the outputs written in that time are the
 * step's last word.
 */
export function listenForCancel(options: CancelOptions): Cancellation {
  const graceMs = options.graceMs ?? CANCEL_GRACE_MS
  const cancel = new AbortController()
  let exitBy: number | undefined
  let received: NodeJS.Signals | undefined
  let doing = 'stopping the wait and writing the outputs.'
  let outcomeCode: number | undefined
  let reporting: string | undefined
  const graceOver = (signal: NodeJS.Signals) => {
    // What the step still wrote when the grace ran out is not there, or cut: said, not left unsaid
    // (found by the explorer: a job summary after outputs of 30,000 files on a busy machine).
    if (outcomeCode === undefined && reporting !== undefined)
      options.warn?.(
        `The cancel's grace period (${formatDuration(graceMs)}) ran out before ${reporting} was written: it may be missing or cut (the outputs are written). The machine was too busy to write it in time; re-run the job to get it.`
      )
    process.exit(outcomeCode ?? options.exitCode(signal))
  }
  const cancelAs = (signal: NodeJS.Signals, heard: string) => {
    if (cancel.signal.aborted) return
    options.say(`${heard}: ${doing}`)
    received = signal
    exitBy = Date.now() + graceMs
    cancel.abort()
    setTimeout(() => graceOver(signal), graceMs).unref()
  }
  const onSignal = (signal: NodeJS.Signals) => cancelAs(signal, `Received ${signal}`)
  // Windows' Ctrl-Break (a runner's cancel there) ends the run as SIGTERM does.
  const onBreak = () => cancelAs('SIGTERM', 'Received SIGBREAK')
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  // A closed terminal, a dropped ssh session, a PTY-driven agent that stops: a cancel, not a kill.
  process.on('SIGHUP', onSignal)
  process.on('SIGBREAK', onBreak)
  const stopWatching = options.watchParent
    ? watchParent((parent) => cancelAs('SIGTERM', `The process that started this one (pid ${parent}) is gone, as when a CI system cancels a job`))
    : () => {}
  return {
    signal: cancel.signal,
    received: () => received,
    exitBy: () => exitBy,
    willNow(next) {
      doing = next
    },
    decided(exitCode) {
      outcomeCode = exitCode
    },
    reporting(what) {
      reporting = what
    },
    stop() {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      process.off('SIGHUP', onSignal)
      process.off('SIGBREAK', onBreak)
      stopWatching()
      // What is left (closing connections, the exit grace) is not worth a kill by the signal: the
      // exit code stays the outcome's. The output's readers may still be taking the JSON object
      // or the log: the process ends as soon as they did, and within the grace at the latest.
      if (outcomeCode !== undefined) {
        const code = outcomeCode
        let exiting = false
        const late = () => {
          if (exiting) return
          exiting = true
          setTimeout(() => process.exit(code), graceMs).unref()
        }
        for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const) process.on(name, late)
      }
    }
  }
}
