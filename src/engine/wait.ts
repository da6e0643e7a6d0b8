import { setMaxListeners } from 'node:events'
import type { ApiResult } from '../api/classify.js'
import { createLimiter } from './limit.js'
import { newLogLines } from './log-lines.js'
import { pollPlatformCheck } from './platform-check.js'
import { pollUntilSettled, requestAllowance } from './poll.js'
import { recordIdProblem } from './targets/identity.js'
import { createFollowUpGate } from './targets/follow-up.js'
import { jobTarget } from './targets/job.js'
import type { TargetKind } from './targets/target.js'
import { updateTarget } from './targets/update.js'
import { formatDuration } from '../durations.js'
import { type PollContext, sharedEnd, type WaitDeps } from './wait-context.js'
import { withoutUserinfoIn } from '../text.js'
import type { Attempt, JobRecord, Judgement, Settings, TargetRef, TargetReport, UpdateRecord } from '../model.js'

/** Requests in flight at once, over all targets. */
export const MAX_IN_FLIGHT = 8
/** How often a progress line is written while anything is pending, one target or many. */
export const PROGRESS_EVERY_MS = 30_000

export type { WaitDeps } from './wait-context.js'

/**
 * Waits on every target concurrently under one deadline, each with its own poll schedule and
 * at most MAX_IN_FLIGHT requests in flight overall. With fail-fast, the first target that does
 * not succeed stops the others, which are reported as cancelled.
 */
export async function waitForTargets(settings: Settings, deps: WaitDeps): Promise<TargetReport[]> {
  const startedAt = deps.clock.now()
  const deadline = deps.deadline ?? startedAt + settings.timeoutMs
  const limit = createLimiter(MAX_IN_FLIGHT)
  const failFast = new AbortController()
  const signal = AbortSignal.any([deps.signal, failFast.signal])
  // Every sleeping target listens on this signal; Node warns on stderr beyond 10 listeners.
  setMaxListeners(0, signal)
  let failFastCause: string | undefined

  const counts = { settled: 0, failed: 0, stopped: 0 }
  // The last status of each target still pending, for the progress line.
  const waiting = new Map<TargetRef, string>(settings.targets.map((ref) => [ref, '']))
  const reportProgress = () =>
    deps.events.progress({
      total: settings.targets.length,
      settled: counts.settled,
      failed: counts.failed,
      stopped: counts.stopped,
      pending: settings.targets.length - counts.settled,
      elapsedMs: deps.clock.now() - startedAt,
      waiting: [...waiting].map(([ref, status]) => ({ ref, status }))
    })
  const onStatus = (ref: TargetRef, status: string) => {
    if (waiting.has(ref)) waiting.set(ref, status)
  }

  const waitForOne = async (ref: TargetRef): Promise<TargetReport> => {
    const report = await pollTarget(ref, { settings, deps, deadline, startedAt, limit, signal, onStatus })
    waiting.delete(ref)
    if (failFast.signal.aborted && !deps.signal.aborted && report.result === 'cancelled') {
      report.stoppedByFailFast = true
      report.error = `stopped by fail-fast: ${failFastCause ?? 'another target did not succeed'}`
    }
    counts.settled++
    if (report.stoppedByFailFast) counts.stopped++
    else if (report.result !== 'success') counts.failed++
    deps.events.settled(report)
    if (settings.targets.length > 1) reportProgress()
    // Only a failure or an error stops the others: a timeout comes at the deadline they share,
    // and stopping a poll still in flight then could hide the failure it was about to read.
    if (settings.failFast && (report.result === 'failure' || report.result === 'error') && !failFast.signal.aborted) {
      failFastCause = `${describeRef(ref)} ended with ${report.result}`
      failFast.abort()
    }
    return report
  }

  const all = Promise.all(settings.targets.map(waitForOne))
  // A heartbeat for one target too: a long wait must not look like a hung step.
  void tickProgress(all, deps, signal, reportProgress)
  return all
}

async function tickProgress(all: Promise<unknown>, deps: WaitDeps, signal: AbortSignal, report: () => void) {
  let done = false
  const stop = new AbortController()
  void all.finally(() => {
    done = true
    stop.abort()
  })
  const either = AbortSignal.any([signal, stop.signal])
  for (;;) {
    await deps.clock.sleep(PROGRESS_EVERY_MS, either)
    if (done || either.aborted) return
    report()
  }
}

/** Waits on one target; never throws. */
async function pollTarget(ref: TargetRef, ctx: PollContext): Promise<TargetReport> {
  const report = emptyReport(ref)
  // Imported, not loaded on demand: a load takes real time, in which a test's virtual clock would run on.
  return ref.kind === 'platform-check' ? pollPlatformCheck(ref, ctx, report) : pollRecord(ref, ctx, report)
}

/** A target's report before anything is known of it. */
export function emptyReport(ref: TargetRef): TargetReport {
  return {
    ref,
    result: 'error',
    status: '',
    record: null,
    parsed: undefined,
    error: null,
    note: undefined,
    stoppedByFailFast: false,
    polls: 0,
    logs: [],
    transitions: [],
    finishedAfterMs: 0
  }
}

/** Waits on an update or an agent job, reading its record from the platform; never throws. */
async function pollRecord(ref: Exclude<TargetRef, { kind: 'platform-check' }>, ctx: PollContext, report: TargetReport): Promise<TargetReport> {
  const { settings, deps, deadline, startedAt, signal } = ctx
  const kind: TargetKind<UpdateRecord | JobRecord, TargetRef['kind']> = ref.kind === 'update' ? (updateTarget as never) : (jobTarget as never)
  const path = ref.kind === 'update' ? updateTarget.path(ref) : jobTarget.path(ref)
  const warned = new Set<string>()
  const followUp = deps.followUp && sameTarget(deps.followUp.ref, ref) ? createFollowUpGate(deps.followUp.sentAt) : undefined

  const attempt = async (pollNumber: number): Promise<Attempt<Judgement & { state: 'settled' }>> => {
    const answer = await ctx.limit(async (): Promise<ApiResult> => {
      // The time left is measured once the slot is free, not when the poll was scheduled.
      const { timeoutMs, limit } = requestAllowance(deps.clock.now(), deadline, settings.requestTimeoutMs)
      if (signal.aborted) return { kind: 'transient', reason: 'cancelled' }
      if (timeoutMs <= 0) return { kind: 'transient', reason: 'no free request slot before the deadline' }
      report.polls++
      return deps.client.request({ method: 'GET', path, key: settings.adminKey, keyInput: 'admin-key', timeoutMs, limit, signal })
    })
    if (answer.kind !== 'ok') {
      deps.events.pollDone(ref, pollNumber, answer.reason)
      return answer
    }
    // A record is judged only when it names itself as the target asked for: one of another
    // target ends the wait; one that names none (a catch-all server's 200) is read again, as
    // any other answer that is not the platform's record.
    const notThisOne = recordIdProblem(ref, answer.body)
    if (notThisOne?.kind === 'other') {
      deps.events.pollDone(ref, pollNumber, notThisOne.reason)
      return { kind: 'fatal', reason: notThisOne.reason }
    }
    const parsed = kind.schema.safeParse(answer.body)
    if (!parsed.success || notThisOne) {
      const reason = parsed.success && notThisOne ? notThisOne.reason : 'the body is not the JSON expected (an object with a string "status")'
      deps.events.pollDone(ref, pollNumber, reason)
      return { kind: 'transient', reason }
    }
    const record = parsed.data
    // As received, but no address in it keeps a user and password (a token in a pull request link).
    report.record = withoutUserinfoIn(answer.body)
    report.parsed = ref.kind === 'update' ? { kind: 'update', data: record as UpdateRecord } : { kind: 'job', data: record as JobRecord }
    // An empty status says nothing: not a status of its own (neither unknown nor a change), a record to read again.
    if (record.status.trim() === '') {
      const reason = `the ${kind.noun} record has an empty "status"`
      deps.events.pollDone(ref, pollNumber, reason)
      return { kind: 'transient', reason }
    }
    const afterMs = deps.clock.now() - startedAt
    if (record.status !== report.status) {
      deps.events.statusChanged(ref, report.status || undefined, record.status, afterMs)
      report.transitions.push({ status: record.status, afterMs })
      report.status = record.status
      ctx.onStatus(ref, record.status)
    }
    const logs = kind.logs?.(record) ?? []
    const added = newLogLines(report.logs, logs)
    report.logs = logs
    if (added.lines.length > 0 || added.gap) deps.events.logLines(ref, added.lines, added.gap)
    deps.events.pollDone(ref, pollNumber, `status ${record.status}`)
    let judgement = kind.judge(record, settings)
    if (followUp) {
      const verdict = followUp.judge(record.status, judgement, deps.clock.now())
      judgement = verdict.judgement
      if (verdict.notice) deps.events.notice?.(ref, verdict.notice.message)
    }
    if (judgement.state === 'settled') return { kind: 'settled', value: judgement }
    if (judgement.unknownStatus && !warned.has(record.status)) {
      warned.add(record.status)
      deps.events.unknownStatus(ref, record.status)
    }
    return { kind: 'pending' }
  }

  const end = await pollUntilSettled(attempt, {
    deadline,
    minIntervalMs: settings.minIntervalMs,
    maxIntervalMs: settings.maxIntervalMs,
    clock: deps.clock,
    random: deps.random,
    signal,
    onRetry: (reason, delayMs) => deps.events.retrying?.(ref, reason, delayMs)
  })
  report.finishedAfterMs = deps.clock.now() - startedAt
  const ranOut = `the timeout (${formatDuration(settings.timeoutMs)}) ran out`
  // A timeout says the work was still running at the deadline; with no status ever read, nothing is known of it.
  if (sharedEnd(report, end, report.status ? undefined : `${NEVER_READ} ${kind.noun} could be read before ${ranOut}`)) return report
  if (end.kind === 'settled') {
    report.result = end.value.result
    report.error = end.value.reason ?? (end.value.result === 'failure' ? `the ${kind.noun} ended with status "${report.status}"` : null)
    report.note = end.value.note
  } else if (end.kind === 'timeout') {
    report.result = 'timeout'
    const last = end.lastProblem ? `; last problem: ${end.lastProblem}` : ''
    const stale = followUp?.stale(report.status)
    report.error = `still "${report.status}" when ${ranOut}${stale ? ` (${stale})` : ''}${last}`
  }
  return report
}

const NEVER_READ = 'no status of the'

/**
 * What kept every status of a target away, from the error of a wait that never read one (it
 * leads that error), for the advice of what to do; undefined for any other error.
 */
export function neverReadProblem(error: string | null): string | undefined {
  const found = error ? new RegExp(`^(.+); ${NEVER_READ} (?:update|agent job) could be read before the timeout`).exec(error) : null
  return found?.[1]
}

function sameTarget(a: TargetRef, b: TargetRef): boolean {
  return a.kind === b.kind && a.id === b.id
}

export function describeRef(ref: TargetRef): string {
  switch (ref.kind) {
    case 'update':
      return `update ${ref.id}`
    case 'job':
      return `agent job ${ref.id}`
    case 'platform-check':
      return `platform check ${JSON.stringify(ref.id)}`
  }
}
