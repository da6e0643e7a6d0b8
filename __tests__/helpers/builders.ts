// Builders for the domain types the reporters take: a test names only what it is about and
// takes the rest from here. A test file that needs other defaults binds them once at its top.
import { jobRecordSchema } from '../../src/engine/targets/job.js'
import { updateRecordSchema } from '../../src/engine/targets/update.js'
import type { PageReport, RunOutcome, SearchRan, SearchReport, TargetRecord, TargetReport } from '../../src/model.js'

type Record_ = Record<string, unknown>

/**
 * A target as the wait reports it: `record` is the body as received (null when none was read),
 * parsed by its kind's own schema; the status and an update's log lines come from it.
 */
export function targetReport(kind: 'update' | 'job', id: string, record: Record_ | null, overrides: Partial<TargetReport> = {}): TargetReport {
  const parsed: TargetRecord | undefined =
    record === null
      ? undefined
      : kind === 'update'
        ? { kind: 'update', data: updateRecordSchema.parse(record) }
        : { kind: 'job', data: jobRecordSchema.parse(record) }
  return {
    ref: kind === 'update' ? { kind, id } : { kind, id, projectId: 'p1' },
    result: 'success',
    status: parsed?.data.status ?? '',
    record,
    parsed,
    error: null,
    note: undefined,
    stoppedByFailFast: false,
    polls: 1,
    logs: parsed?.kind === 'update' ? (parsed.data.logs ?? []) : [],
    transitions: [],
    finishedAfterMs: 0,
    ...overrides
  }
}

export const updateReport = (id: string, record: Record_ | null, overrides: Partial<TargetReport> = {}) => targetReport('update', id, record, overrides)

export const jobReport = (id: string, record: Record_ | null, overrides: Partial<TargetReport> = {}) => targetReport('job', id, record, overrides)

/** The outcome of a run over these targets: a success that took no time, unless told otherwise. */
export function runOutcome(targets: readonly TargetReport[], overrides: Partial<RunOutcome> = {}): RunOutcome {
  return { result: 'success', headline: '', problems: [], targets, search: undefined, elapsedMs: 0, ...overrides }
}

/** A search check that ran and passed, unless told otherwise; with `skipped`, one that did not run. */
export function searchReport(overrides: Partial<Omit<SearchRan, 'skipped'>> & { skipped?: boolean } = {}): SearchReport {
  const { skipped, ...ran } = overrides
  if (skipped) return { skipped: true, reason: 'not run: a wait did not succeed' }
  return { result: 'success', queries: [], error: null, skipped: false, ...ran }
}

/** A page of the page check: found live after its first read, unless told otherwise. */
export function pageReport(path: string, overrides: Partial<PageReport> = {}): PageReport {
  return { path, result: 'success', found: true, contains: null, length: 120, reads: 1, liveAfterMs: 1500, error: null, ...overrides }
}
