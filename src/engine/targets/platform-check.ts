// What the platform's app reports on the run's commit (`platform-check`), judged: which reports
// count (the name or pattern, the newest of each name), and what each state means — the one
// table of the outcome mapping, which the docs and tests read.
import type { CommitReport, Result } from '../../model.js'
import { oneLine, wellFormedUrl, withoutUserinfo } from '../../text.js'
import { worstResult } from '../outcome.js'

/** A check run's conclusion once it completed → the result; a conclusion not listed is unknown (pending, said once, never success). */
export const CHECK_RUN_CONCLUSIONS = {
  success: 'success',
  neutral: 'success',
  skipped: 'success',
  failure: 'failure',
  timed_out: 'failure',
  action_required: 'failure',
  cancelled: 'cancelled',
  /** GitHub marks a check run stale when it stayed incomplete for 14 days. */
  stale: 'failure'
} as const satisfies Record<string, Result>

/** A commit status's state → the result, or pending: GitHub's four, then the rest of GitLab's (an external commit status's `status`). */
export const STATUS_STATES = {
  success: 'success',
  failure: 'failure',
  error: 'failure',
  pending: 'pending',
  failed: 'failure',
  canceled: 'cancelled',
  /** GitLab: the platform skipped the deploy (nothing to deploy), as a skipped check run. */
  skipped: 'success',
  running: 'pending',
  created: 'pending',
  waiting_for_resource: 'pending',
  preparing: 'pending',
  scheduled: 'pending',
  /** GitLab: waits on someone to start it; waited on until the deadline. */
  manual: 'pending',
  canceling: 'pending'
} as const satisfies Record<string, Result | 'pending'>

/**
 * A deployment's newest status → the result, or pending. Newest per environment counts, so a
 * deployment whose newest status is `inactive` was not replaced by another of this commit: GitHub
 * makes a deployment inactive once it succeeded and a deployment of a later commit took the
 * environment over. This commit's deploy went through only if a `success` came before: the reader
 * says `inactive` then, and INACTIVE_WITHOUT_SUCCESS when none did (made inactive by hand, or
 * taken over before it deployed): not a green gate.
 */
export const DEPLOYMENT_STATES = {
  success: 'success',
  failure: 'failure',
  error: 'failure',
  inactive: 'success',
  'inactive, never success': 'cancelled',
  queued: 'pending',
  pending: 'pending',
  in_progress: 'pending',
  /** A deployment the app created and has not given a status yet. */
  created: 'pending'
} as const satisfies Record<string, Result | 'pending'>

/** The state of a deployment made inactive with no `success` before it (a row of DEPLOYMENT_STATES). */
export const INACTIVE_WITHOUT_SUCCESS = 'inactive, never success'

/** The state of a deployment that has no status yet (a row of DEPLOYMENT_STATES). */
export const NO_DEPLOYMENT_STATUS = 'created'

/** What each kind of report is called in the words. */
export const REPORT_KIND_WORDS = { 'check-run': 'check run', status: 'commit status', deployment: 'deployment' } as const satisfies Record<
  CommitReport['kind'],
  string
>

/** The longest name or pattern platform-check takes. */
export const MAX_CHECK_NAME_LENGTH = 200

/** Why a name cannot be platform-check's, or undefined when it can. */
export function checkNameProblem(name: string): string | undefined {
  if (Array.from(name).length > MAX_CHECK_NAME_LENGTH) return `is longer than ${MAX_CHECK_NAME_LENGTH} characters`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'holds a control character (a line break or a tab?); give the name as the check shows it'
  return undefined
}

/** Whether a report's name is matched by the pattern: `*` matches any run of characters, everything else itself, case and all. */
export function matchesName(pattern: string, name: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${source}$`, 's').test(name)
}

/** What counts of what is matched by a pattern alone (not by the exact name): the step's own commit status, and the jobs of GitHub Actions or GitLab CI. */
export interface Excluded {
  /** The step's own commit-status context: waiting on it would wait on itself. */
  ownContext?: string | undefined
  /** The step's own deployment-environment: waiting on its deployment would wait on itself. */
  ownEnvironment?: string | undefined
}

/** The `app` of a GitLab commit status that is a job of the project's pipelines (its target is the job's page), not a report of the platform. */
export const GITLAB_CI_JOB = 'gitlab-ci'

/**
 * Whether `report` is one the wait counts: named by the pattern; never the step's own deployment;
 * through `*`, never the step's own status nor a job of GitHub Actions or GitLab CI (this job would wait on itself).
 */
export function counts(pattern: string, report: CommitReport, excluded: Excluded = {}): boolean {
  if (report.kind === 'deployment' && report.name === excluded.ownEnvironment) return false
  if (report.name === pattern) return !(report.kind === 'status' && report.name === excluded.ownContext)
  if (!pattern.includes('*') || !matchesName(pattern, report.name)) return false
  if (report.kind === 'status' && report.name === excluded.ownContext) return false
  if (report.kind === 'status' && report.app === GITLAB_CI_JOB) return false
  return !(report.kind === 'check-run' && report.app === 'github-actions')
}

/**
 * The reports that count, one per name and kind: the newest (highest id; a re-run writes a
 * check run of the same name, a later status of a context replaces the earlier), in name order.
 */
export function newestPerName(reports: readonly CommitReport[]): CommitReport[] {
  const newest = new Map<string, CommitReport>()
  for (const report of reports) {
    const key = `${report.kind}\u0000${report.name}`
    const known = newest.get(key)
    if (!known || report.id > known.id) newest.set(key, report)
  }
  return [...newest.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.kind < b.kind ? -1 : 1))
}

/** What one report means: a result, pending, or a state this does not know (pending too, said once, never success). */
export type ReportState = { state: 'settled'; result: Result } | { state: 'pending'; unknown?: string }

/** The one mapping of a report's state to the wait's (the tables above). */
export function reportState(report: CommitReport): ReportState {
  if (report.kind === 'deployment') {
    const mapped = (DEPLOYMENT_STATES as Record<string, Result | 'pending'>)[report.status]
    if (mapped === undefined) return { state: 'pending', unknown: report.status }
    return mapped === 'pending' ? { state: 'pending' } : { state: 'settled', result: mapped }
  }
  if (report.kind === 'status') {
    const mapped = (STATUS_STATES as Record<string, Result | 'pending'>)[report.status]
    if (mapped === undefined) return { state: 'pending', unknown: report.status }
    return mapped === 'pending' ? { state: 'pending' } : { state: 'settled', result: mapped }
  }
  if (report.status !== 'completed') return { state: 'pending' }
  const mapped = (CHECK_RUN_CONCLUSIONS as Record<string, Result>)[report.conclusion ?? '']
  return mapped === undefined ? { state: 'pending', unknown: `completed with conclusion ${report.conclusion ?? 'none'}` } : { state: 'settled', result: mapped }
}

/** The word a report's state is shown as: a check run's status, or its conclusion once completed; a status's state. */
export function stateWord(report: CommitReport): string {
  if (report.kind === 'check-run' && report.status === 'completed') return report.conclusion ?? 'completed'
  return report.status
}

/** A name from GitHub as the words show it: one line, quoted, cut. */
export const shownName = (name: string) => JSON.stringify(oneLine(name, 100))

/** What a report is called in the words: `check run "Docs"`, `commit status "docs/preview"`. */
export function reportNoun(report: CommitReport): string {
  return `${REPORT_KIND_WORDS[report.kind]} ${shownName(report.name)}`
}

/** The address a report links, without a user and password; undefined when it is not an http(s) address. */
export function reportUrl(report: CommitReport): string | undefined {
  const url = wellFormedUrl(report.url)
  return url === undefined ? undefined : withoutUserinfo(url)
}

/** The judgement of the reports that count: pending while any is, then the worst result, with why for people. */
export type CheckJudgement = { state: 'pending'; unknown: string[] } | { state: 'settled'; result: Result; reason: string | undefined }

export function judgeReports(matched: readonly CommitReport[]): CheckJudgement {
  const states = matched.map((report) => ({ report, state: reportState(report) }))
  const pending = states.filter((s) => s.state.state === 'pending')
  if (pending.length > 0 || matched.length === 0)
    return { state: 'pending', unknown: pending.flatMap((s) => (s.state.state === 'pending' && s.state.unknown ? [s.state.unknown] : [])) }
  const results = states.map((s) => (s.state.state === 'settled' ? s.state.result : 'error'))
  const result = worstResult(results)
  if (result === 'success') return { state: 'settled', result, reason: undefined }
  const worst = states.filter((s) => s.state.state === 'settled' && s.state.result === result).map((s) => s.report)
  return { state: 'settled', result, reason: worst.map(endedWords).join('; ') }
}

/** Why one report did not succeed, with its address. */
function endedWords(report: CommitReport): string {
  const url = reportUrl(report)
  const at = url ? ` (${url})` : ''
  if (report.kind === 'check-run' && report.conclusion === 'stale')
    return `${reportNoun(report)} is stale: GitHub marked it stale, as it stayed incomplete for too long${at}; the platform never finished it, so run the deploy again`
  return `${reportNoun(report)} ended with ${JSON.stringify(oneLine(stateWord(report), 40))}${at}`
}

/** The status the wait shows for the reports that count: the first pending one's word, else the worst one's, else ''. */
export function shownStatus(matched: readonly CommitReport[]): string {
  const pending = matched.find((report) => reportState(report).state === 'pending')
  if (pending) return oneLine(stateWord(pending), 40)
  const settled = matched.map((report) => ({ report, state: reportState(report) }))
  const worst = worstResult(settled.map((s) => (s.state.state === 'settled' ? s.state.result : 'success')))
  const first = settled.find((s) => s.state.state === 'settled' && s.state.result === worst)
  return first ? oneLine(stateWord(first.report), 40) : ''
}

/** Every name on the commit, once each, in the order listed. */
export function namesPresent(reports: readonly CommitReport[]): string[] {
  return [...new Set(reports.map((report) => report.name))]
}

/** A few of the names on the commit, as the words show them. */
export function fewNames(names: readonly string[], few = 5): string {
  if (names.length === 0) return 'no check run, commit status or deployment at all'
  const shown = names.slice(0, few).map(shownName).join(', ')
  return names.length > few ? `${shown} and ${names.length - few} more` : shown
}
