// The story of one run, told once for both runners: read the inputs → open every record the
// runner keeps when waiting begins → wait → report → decide the exit code (a signal after it
// only shortens the last writes) → close every record with the outcome → end. The last net is
// here too: a fault no code foresaw becomes the outcome `error` with every output and report,
// closes what is open, and opens nothing after it. A runner (github/main.ts, cli/main.ts) says
// where it writes and which records it keeps; it opens and closes nothing itself.
import { endedBeforeWaiting } from '../engine/run.js'
import type { RawInputs } from '../inputs/parse.js'
import type { RunOutcome, Settings } from '../model.js'
import type { LogSink } from '../report/log.js'
import type { RunRecord } from '../records/run-record.js'
import type { Cancellation } from './cancel.js'
import { faultMessage } from './guard.js'
import { waitForDocs, type WaitedRun, type WaitHooks } from './run.js'

/** An outcome as reported: the reports may change it (an output that could not be written), and its exit code. */
export interface Reported {
  outcome: RunOutcome
  exitCode: number
}

/** What a runner hands to the story. */
export interface Runner {
  raw: RawInputs
  /** Every key of the inputs, cut out of everything written. */
  secrets: readonly string[]
  clean: (text: string) => string
  log: LogSink
  cancel: Cancellation
  startedAt: number
  /** Writes one output at once (the started ids, before waiting). */
  setOutputNow: (name: string, value: string) => void
  /** Where a trimmed update log's end can be read. */
  logEnd?: string | undefined
  /** Problems the runner found in its own way of reading the inputs: with any, nothing is sent. */
  problems?: readonly string[]
  /** The records this run keeps, opened when waiting begins and closed with the outcome. */
  records: readonly RunRecord[]
  /**
   * Writes every output and report of `outcome` and says the result. `signal` is the one that
   * cut the wait short, if one did; `settings` is undefined when the inputs were invalid or a
   * fault ended the run. Must not throw; the part before its first `await` runs at once.
   */
  report(outcome: RunOutcome, settings: Settings | undefined, signal: NodeJS.Signals | undefined): Reported | Promise<Reported>
  /** The wait is over (the outcome is not reported yet). */
  waitOver?(waited: WaitedRun): void
  /** Told the exit code as soon as the outcome decides it (the process keeps it, whatever ends it after). */
  decided?: (exitCode: number) => void
  /** Opens the reader of what the platform's app reports on the run's commit (`platform-check`), where the runner can read it. */
  platformCheck?: WaitHooks['platformCheck']
  /** Where it reads from (WaitHooks). */
  platformCheckFrom?: WaitHooks['platformCheckFrom']
  /** The dry run's checks of the CI system, where the runner has them (`check`). */
  dryRun?: WaitHooks['dryRun']
}

/** The run in progress, for the last net. */
interface Told {
  runner: Runner
  /** Set once an outcome is being reported (the run's or the last net's): the first one stands. */
  exitCode: number | undefined
  /** The records opened so far; empty until waiting began. */
  opened: RunRecord[]
  /** The settings the records are closed with when the last net closes them. */
  settings: Settings | undefined
  /** The last net's report and close, once it caught a fault. */
  net?: Promise<void>
}

let current: Told | undefined

/** Tells the run's story; resolves with its exit code once every record is closed. */
export async function tellRun(runner: Runner, netExitCode: number): Promise<number> {
  const told: Told = { runner, exitCode: undefined, opened: [], settings: undefined }
  current = told
  const { cancel } = runner
  const waited = await waitForDocs(runner.raw, runner.secrets, {
    log: runner.log,
    clean: runner.clean,
    // An id learnt after the last net reported the run must not rewrite what it reported.
    setOutputNow: (name, value) => {
      if (told.exitCode === undefined) runner.setOutputNow(name, value)
    },
    signal: cancel.signal,
    startedAt: runner.startedAt,
    logEnd: runner.logEnd,
    problems: runner.problems,
    platformCheck: runner.platformCheck,
    platformCheckFrom: runner.platformCheckFrom,
    dryRun: runner.dryRun,
    waiting(targets, settings) {
      // After the last net reported the run, nothing is opened that no one would close.
      if (told.exitCode !== undefined) return
      told.settings = settings
      for (const record of runner.records) {
        if (told.exitCode !== undefined) return
        told.opened.push(record)
        record.open(targets, settings)
      }
    }
  })
  runner.waitOver?.(waited)
  // An unforeseen fault already reported the run as an error: that stands, and the net closes what was open.
  if (told.exitCode !== undefined) {
    await told.net
    await waited.close()
    return told.exitCode
  }
  told.exitCode = netExitCode
  // A signal decides the exit code only when it cut the run short, not when it came after.
  const { outcome, exitCode } = await runner.report(waited.outcome, waited.settings, waited.outcome.result === 'cancelled' ? cancel.received() : undefined)
  told.exitCode = exitCode
  // From here on a signal only shortens the last writes (to the grace); the exit code is the outcome's.
  cancel.decided(exitCode)
  runner.decided?.(exitCode)
  await closeAll(runner.records, outcome, waited.settings)
  cancel.stop()
  await waited.close()
  return exitCode
}

/** What the last net did: reported the fault as the outcome (and is closing the records), or warned beside an outcome that stands. */
export type NetCatch = { reported: true; exitCode: number; closing: Promise<void> } | { reported: false; exitCode: number }

/**
 * The last net: a fault no code foresaw becomes the outcome `error`, with every output and
 * report, when the outcome was not reported yet, and closes the records opened so far with it;
 * after the outcome, a warning, and the outcome's exit code stands. Never a stack trace.
 * Undefined when no run is in progress (the entry says the fault its own way).
 */
export function lastNet(error: unknown, netExitCode: number): NetCatch | undefined {
  const told = current
  if (!told) return undefined
  const { runner } = told
  const what = `Unexpected error: ${faultMessage(error)}`
  if (told.exitCode !== undefined) {
    try {
      runner.log.warning(
        runner.clean(`${what}. It came after the outcome was reported, which stands. Please report it to the maintainers of wait-for-docs with this message.`),
        'step.late-fault'
      )
    } catch {}
    return { reported: false, exitCode: told.exitCode }
  }
  told.exitCode = netExitCode
  const ended = faultOutcome(error, runner.startedAt, runner.clean)
  const closing = (async () => {
    let outcome = ended
    try {
      const reported = await runner.report(ended, undefined, undefined)
      told.exitCode = reported.exitCode
      outcome = reported.outcome
    } catch {}
    // What was opened "in progress", "pending" or "running" must not stay so: closed with the error, within their limits.
    await closeAll(told.opened, outcome, told.settings)
  })()
  told.net = closing
  return { reported: true, exitCode: told.exitCode, closing }
}

/** A fault no code foresaw as the run's outcome: `error`, saying that the docs' outcome could not be learnt. */
export function faultOutcome(error: unknown, startedAt: number, clean: (text: string) => string = (text) => text): RunOutcome {
  const headline = `Unexpected error: ${faultMessage(error)}. The docs' outcome could not be learnt: run the job again, and if it happens again report it to the maintainers of wait-for-docs with this message.`
  return endedBeforeWaiting(clean(headline), Date.now() - startedAt)
}

async function closeAll(records: readonly RunRecord[], outcome: RunOutcome, settings: Settings | undefined): Promise<void> {
  await Promise.all(records.map((record) => record.close(outcome, settings).catch(() => undefined)))
}
