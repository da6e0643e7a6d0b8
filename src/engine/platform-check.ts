// The wait on what the platform's app reports on the run's commit (`platform-check`): read every
// report through the adapter's port on the poll schedule, keep the ones that count, and judge
// them by the one table (targets/platform-check.ts). Same deadline, backoff, limit and cancel as
// any target.
import { formatDuration } from '../durations.js'
import type { Attempt, CommitReport, TargetRef, TargetReport } from '../model.js'
import { pollUntilSettled, requestAllowance } from './poll.js'
import {
  type CheckJudgement,
  counts,
  fewNames,
  judgeReports,
  namesPresent,
  newestPerName,
  reportNoun,
  reportState,
  reportUrl,
  shownName,
  shownStatus,
  stateWord
} from './targets/platform-check.js'
import { type PollContext, sharedEnd } from './wait-context.js'

type PlatformCheckRef = Extract<TargetRef, { kind: 'platform-check' }>

/** Waits on the reports named by `ref` on the run's commit; never throws. */
export async function pollPlatformCheck(ref: PlatformCheckRef, ctx: PollContext, report: TargetReport): Promise<TargetReport> {
  const { settings, deps, deadline, startedAt, signal } = ctx
  const port = deps.platformCheck
  const excluded = { ownContext: settings.commitStatus?.context, ownEnvironment: settings.deployment?.environment }
  const warned = new Set<string>()
  let commit = ''
  let present: string[] = []
  let readOnce = false

  const attempt = async (pollNumber: number): Promise<Attempt<CheckJudgement & { state: 'settled' }>> => {
    if (!port) {
      const reason =
        "platform-check is read by the GitHub Action (from the checks and statuses of the run's commit) and by the command line in GitLab CI (from the statuses of the pipeline's commit); this runner cannot read it. Wait on it in one of those, or give status-id or job-id"
      deps.events.pollDone(ref, pollNumber, reason)
      return { kind: 'fatal', reason, misconfigured: true }
    }
    const answer = await ctx.limit(async () => {
      const { timeoutMs } = requestAllowance(deps.clock.now(), deadline, settings.requestTimeoutMs)
      if (signal.aborted) return { kind: 'transient' as const, reason: 'cancelled' }
      if (timeoutMs <= 0) return { kind: 'transient' as const, reason: 'no free request slot before the deadline' }
      report.polls++
      return port.read(signal, timeoutMs)
    })
    if (answer.kind !== 'listed') {
      deps.events.pollDone(ref, pollNumber, answer.reason)
      return answer
    }
    readOnce = true
    commit = answer.commit
    present = namesPresent(answer.reports)
    const matched = newestPerName(answer.reports.filter((r) => counts(ref.id, r, excluded)))
    report.parsed = { kind: 'platform-check', data: { commit, matched, present } }
    report.record = { commit, matched: matched.map((r) => ({ ...r, url: reportUrl(r) ?? null })) }
    if (matched.length === 0) {
      deps.events.pollDone(ref, pollNumber, `none named ${shownName(ref.id)} on commit ${commit.slice(0, 7)} yet`)
      return { kind: 'pending' }
    }
    const status = shownStatus(matched)
    const afterMs = deps.clock.now() - startedAt
    if (status !== report.status) {
      deps.events.statusChanged(ref, report.status || undefined, status, afterMs)
      report.transitions.push({ status, afterMs })
      report.status = status
      ctx.onStatus(ref, status)
    }
    deps.events.pollDone(ref, pollNumber, `status ${status}`)
    const judgement = judgeReports(matched)
    if (judgement.state === 'settled') return { kind: 'settled', value: judgement }
    for (const unknown of judgement.unknown)
      if (!warned.has(unknown)) {
        warned.add(unknown)
        deps.events.unknownStatus(ref, unknown)
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
  // Nothing of the commit was ever read: the outcome could not be learnt.
  if (sharedEnd(report, end, readOnce ? undefined : `the checks and statuses of the run's commit could not be read before ${ranOut}`)) return report
  if (end.kind === 'settled') {
    report.result = end.value.result
    report.error = end.value.reason ?? null
  } else if (end.kind === 'timeout') {
    const last = end.lastProblem ? `; last problem: ${end.lastProblem}` : ''
    report.result = 'timeout'
    const matched = report.parsed?.kind === 'platform-check' ? report.parsed.data.matched : []
    report.error = matched.length === 0 ? neverAppeared(ref.id, commit, present, ranOut, port?.reads) + last : stillRunning(matched, ranOut) + last
  }
  return report
}

/** What is looked for when no reader says (GitHub's reader reads all three). */
export const NEVER_APPEARED = 'check run, commit status or deployment'

/** The words of a report that never appeared: what was looked for, on which commit, what was there, what to check. */
export function neverAppeared(name: string, commit: string, present: readonly string[], ranOut: string, reads = NEVER_APPEARED): string {
  const what = name.includes('*') ? `no ${reads} whose name matches ${shownName(name)}` : `no ${reads} named ${shownName(name)}`
  return (
    `${what} appeared on commit ${commit.slice(0, 7)} before ${ranOut}; found instead: ${fewNames(present)}. ` +
    "Check that the platform's app is installed on this repository (on GitLab, its integration on this project) and deploys this branch, and that platform-check is the name it writes on the commit"
  )
}

/** The words of reports still running at the deadline, each with its address. */
function stillRunning(matched: readonly CommitReport[], ranOut: string): string {
  const running = matched.filter((r) => reportState(r).state === 'pending')
  const each = running.map((r) => {
    const url = reportUrl(r)
    return `${reportNoun(r)} still ${JSON.stringify(stateWord(r))}${url ? ` (${url})` : ''}`
  })
  return `${each.join('; ')} when ${ranOut}`
}
