// A record as the story of a run (step/story.ts) sees it: every kind of record (the pull request
// comment, the merge request note, the deployment, a commit status) has the same two methods,
// `open` when waiting begins and `close` with the outcome, made here from its port by one
// function. What is written, when, and what a cancel does are the lifecycle's (lifecycle.ts).
import type { RunOutcome, Settings, TargetRef } from '../model.js'
import { type CancelClock, commentEndAt } from '../step/limits.js'
import type { WarningCode } from '../warnings.js'
import { type RecordLifecycle, type RecordLog, type RecordPort, recordLifecycle } from './lifecycle.js'

/** One record of a run. Neither method throws; `close` resolves when the record is done with. */
export interface RunRecord {
  /** Waiting begins: starts the opening write ("in progress", "pending"), not awaited. */
  open(targets: readonly TargetRef[], settings: Settings): void
  /** The outcome is reported: writes it, also when nothing was opened (`settings` undefined: invalid inputs, a fault before waiting). */
  close(outcome: RunOutcome, settings: Settings | undefined): Promise<void>
}

/** What a plan is told when its record is first needed: at the open, or at the close when nothing was opened. */
export interface PlannedRun {
  /** Undefined when the inputs were invalid. */
  settings: Settings | undefined
  /** The work waited on; empty when waiting never began. */
  targets: readonly TargetRef[]
  /** When the record's last write must be over without a cancel, for its request-timeout (step/limits.ts). */
  endAt(requestTimeoutMs: number): number
}

/** A record this run keeps: its port, its request-timeout, and whether the opening write goes (default yes). */
export interface PlannedRecord<Where> {
  port: RecordPort<Where, RunOutcome>
  requestTimeoutMs: number
  open?: boolean
}

/**
 * What a record is for this run, asked once: a port to keep; a sentence to say instead, when
 * waiting begins (or at the close when it never began: a token that is not set…); or undefined
 * when the run asks for no such record.
 */
export type RecordPlan<Where> = (run: PlannedRun) => PlannedRecord<Where> | { say: string; level: 'info' | 'warning'; code: WarningCode } | undefined

export interface KeptRecordOptions {
  startedAt: number
  cancel: CancelClock
  log: RecordLog
  /** Cuts every key out of a line before it is written. */
  clean: (text: string) => string
}

/** The record `plan` makes, kept true through its port by the lifecycle, within the step's time rules. */
export function keptRecord<Where>(plan: RecordPlan<Where>, options: KeptRecordOptions): RunRecord {
  const { startedAt, cancel, log, clean } = options
  /**
   * What the plan made of this record, one value: not asked yet; a lifecycle kept (and whether its
   * opening write goes); a sentence to say instead, until it is said; or no record.
   */
  let kept:
    | { at: 'unasked' }
    | { at: 'kept'; lifecycle: RecordLifecycle<RunOutcome>; opens: boolean }
    | { at: 'instead'; say: string; level: 'info' | 'warning'; code: WarningCode }
    | { at: 'none' } = {
    at: 'unasked'
  }
  /** Asks the plan once, at the open or at the close: the lifecycle, if the run keeps this record. */
  const lifecycleOf = (targets: readonly TargetRef[], settings: Settings | undefined) => {
    if (kept.at === 'unasked') {
      const limits = settings && { startedAt, timeoutMs: settings.timeoutMs, requestTimeoutMs: settings.requestTimeoutMs }
      const planned = plan({ targets, settings, endAt: (requestTimeoutMs) => commentEndAt(limits, requestTimeoutMs) })
      kept = !planned
        ? { at: 'none' }
        : 'say' in planned
          ? { at: 'instead', ...planned }
          : {
              at: 'kept',
              opens: planned.open !== false,
              lifecycle: recordLifecycle(planned.port, {
                cancel,
                endAt: commentEndAt(limits, planned.requestTimeoutMs),
                requestTimeoutMs: planned.requestTimeoutMs,
                // The opening write's first lookups never run past the wait's deadline: the close needs the time after it.
                ...(limits ? { openLookupEndAt: limits.startedAt + limits.timeoutMs } : {}),
                log,
                clean
              })
            }
    }
    return kept.at === 'kept' ? kept : undefined
  }
  /** Says once what the plan said instead of a record. */
  const sayInstead = () => {
    if (kept.at !== 'instead') return
    const said = kept
    kept = { at: 'none' }
    if (said.level === 'warning') log.warning(clean(said.say), said.code)
    else log.info(clean(said.say))
  }
  return {
    open(targets, settings) {
      if (kept.at !== 'unasked') return
      const opening = lifecycleOf(targets, settings)
      if (opening?.opens) opening.lifecycle.open()
      // Known when waiting begins (a token that is not set, a name GitLab would misread): said then, not after the wait.
      sayInstead()
    },
    async close(outcome, settings) {
      const closing = lifecycleOf([], settings)
      if (closing) return closing.lifecycle.close(outcome)
      // Said once, when the record would have been closed (nothing was opened).
      sayInstead()
    }
  }
}
