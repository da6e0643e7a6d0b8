import type { JobRecord, RunOutcome, UpdateRecord } from '../model.js'

/** Every output of action.yml; all of them are written on every outcome. */
export const OUTPUT_NAMES = [
  'result',
  'status',
  'elapsed',
  'polls',
  'results',
  'commit-sha',
  'commit-ref',
  'commit-message',
  'files-added',
  'files-modified',
  'files-removed',
  'files-changed',
  'files-changed-count',
  'subdomain',
  'update-summary',
  'screenshot',
  'screenshot-light',
  'screenshot-dark',
  'pr-link',
  'pr-number',
  'model',
  'source-repository',
  'source-ref',
  'search-results',
  'search-result-count',
  'status-id',
  'job-id',
  'preview-url'
] as const

export type OutputName = (typeof OUTPUT_NAMES)[number]
export type Outputs = Record<OutputName, string>

/** GitHub refuses a step output over 1 MiB; every output is kept under this. */
export const MAX_OUTPUT_BYTES = 900 * 1024
const KEPT_LOG_LINES = 20
const KEPT_LOG_LINE_LENGTH = 500

/**
 * The `results` output: every target with its last record as received. When that would be too
 * large for an output, long logs in the records are cut to their last lines; if it still is,
 * the records are left out (null).
 */
function resultsOutput(outcome: RunOutcome): string {
  const entries = outcome.targets.map((t) => ({ kind: t.ref.kind, id: t.ref.id, result: t.result, status: t.status, record: t.record, error: t.error }))
  const whole = JSON.stringify(entries)
  if (Buffer.byteLength(whole) <= MAX_OUTPUT_BYTES) return whole
  const trimmed = JSON.stringify(entries.map((e) => ({ ...e, record: trimLogs(e.record) })))
  if (Buffer.byteLength(trimmed) <= MAX_OUTPUT_BYTES) return trimmed
  return JSON.stringify(entries.map((e) => ({ ...e, record: null })))
}

function trimLogs(record: unknown): unknown {
  if (!record || typeof record !== 'object' || !('logs' in record) || !Array.isArray(record.logs)) return record
  const logs = (record.logs as unknown[])
    .slice(-KEPT_LOG_LINES)
    .map((line) => (typeof line === 'string' && line.length > KEPT_LOG_LINE_LENGTH ? `${line.slice(0, KEPT_LOG_LINE_LENGTH)}…` : line))
  return { ...record, logs }
}

/** The number of a pull request from its URL (`…/pull/42`), or '' when it has none. */
export function prNumberFromLink(link: string | null | undefined): string {
  if (!link) return ''
  try {
    const match = /\/(?:pull|pulls|pull-requests|merge_requests)\/(\d{1,12})(?:\/|$)/.exec(new URL(link).pathname)
    return match?.[1] ?? ''
  } catch {
    return ''
  }
}

const CUT_NOTE = '… (cut to fit the size limit of an output)'

/**
 * An output value within MAX_OUTPUT_BYTES: a JSON list keeps its first items that fit, text is
 * cut with a note. Values that fit are returned as they are.
 */
export function fitOutput(value: string): string {
  if (Buffer.byteLength(value) <= MAX_OUTPUT_BYTES) return value
  if (value.startsWith('[')) {
    const items = JSON.parse(value) as unknown[]
    let fits = 0
    let tooMany = items.length
    while (tooMany - fits > 1) {
      const mid = Math.floor((fits + tooMany) / 2)
      if (Buffer.byteLength(JSON.stringify(items.slice(0, mid))) <= MAX_OUTPUT_BYTES) fits = mid
      else tooMany = mid
    }
    return JSON.stringify(items.slice(0, fits))
  }
  // Cut on bytes; a character split at the end becomes one replacement character, hence the margin.
  const room = MAX_OUTPUT_BYTES - Buffer.byteLength(CUT_NOTE) - 4
  return `${Buffer.from(value).subarray(0, room).toString('utf8')}${CUT_NOTE}`
}

/**
 * The step outputs. Single-target outputs describe the first target of their kind (`status` the
 * first target of all); `files-*` are the union over every update; `results` lists every target.
 * Each output stays under GitHub's size limit (`files-changed-count` still counts every file).
 */
export function computeOutputs(outcome: RunOutcome): Outputs {
  const outputs = allOutputs(outcome)
  for (const name of OUTPUT_NAMES) outputs[name] = fitOutput(outputs[name])
  return outputs
}

function allOutputs(outcome: RunOutcome): Outputs {
  const updates: UpdateRecord[] = []
  const jobs: JobRecord[] = []
  for (const target of outcome.targets) {
    if (target.parsed?.kind === 'update') updates.push(target.parsed.data)
    if (target.parsed?.kind === 'job') jobs.push(target.parsed.data)
  }
  const update = updates[0]
  const job = jobs[0]
  const union = (pick: 'added' | 'modified' | 'removed') => [...new Set(updates.flatMap((u) => u.commit?.filesChanged?.[pick] ?? []))]
  const added = union('added')
  const modified = union('modified')
  const removed = union('removed')
  const changed = [...new Set([...added, ...modified, ...removed])]
  return {
    result: outcome.result,
    status: outcome.targets[0]?.status ?? '',
    elapsed: (outcome.elapsedMs / 1000).toFixed(1),
    polls: String(outcome.targets.reduce((sum, t) => sum + t.polls, 0)),
    results: resultsOutput(outcome),
    'commit-sha': update?.commit?.sha ?? '',
    'commit-ref': update?.commit?.ref ?? '',
    'commit-message': update?.commit?.message ?? '',
    'files-added': JSON.stringify(added),
    'files-modified': JSON.stringify(modified),
    'files-removed': JSON.stringify(removed),
    'files-changed': JSON.stringify(changed),
    'files-changed-count': String(changed.length),
    subdomain: update?.subdomain ?? '',
    'update-summary': update?.summary ?? '',
    screenshot: update?.screenshot ?? '',
    'screenshot-light': update?.screenshotLight ?? '',
    'screenshot-dark': update?.screenshotDark ?? '',
    'pr-link': job?.prLink ?? '',
    'pr-number': prNumberFromLink(job?.prLink),
    model: job?.model ?? '',
    'source-repository': job?.source?.repository ?? '',
    'source-ref': job?.source?.ref ?? '',
    'search-results': JSON.stringify(
      (outcome.search?.queries ?? []).map((q) => ({
        query: q.query,
        results: q.results.map((r) => ({ content: r.content, path: r.path, metadata: r.metadata }))
      }))
    ),
    'search-result-count': String((outcome.search?.queries ?? []).reduce((sum, q) => sum + q.results.length, 0)),
    ...startedIds(outcome)
  }
}

/**
 * The ids of the first update and the first agent job (the ones `trigger` started come first),
 * and the preview's address. main writes them as soon as they are known, and again here.
 */
export function startedIds(outcome: Pick<RunOutcome, 'targets' | 'trigger'>): Pick<Outputs, 'status-id' | 'job-id' | 'preview-url'> {
  const started = outcome.trigger?.ref
  const refs = [...(started ? [started] : []), ...outcome.targets.map((t) => t.ref)]
  return {
    'status-id': refs.find((ref) => ref.kind === 'update')?.id ?? '',
    'job-id': refs.find((ref) => ref.kind === 'job')?.id ?? '',
    'preview-url': outcome.trigger?.previewUrl ?? ''
  }
}
