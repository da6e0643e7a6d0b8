import { queriesOf } from '../engine/skipped.js'
import { reportUrl } from '../engine/targets/platform-check.js'
import type { RunOutcome, TargetReport } from '../model.js'
import { runFacts } from './facts.js'
import { wellFormedUrl } from '../text.js'

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
  'page-results',
  'status-id',
  'job-id',
  'preview-url',
  'platform-check-url',
  'automation-run-id',
  'automation-job-id',
  'deployment-id'
] as const

export type OutputName = (typeof OUTPUT_NAMES)[number]
export type Outputs = Record<OutputName, string>

/** GitHub refuses a step output over 1 MiB; every output is kept under this. */
export const MAX_OUTPUT_BYTES = 900 * 1024
const KEPT_LOG_LINES = 20
const KEPT_LOG_LINE_LENGTH = 500

/** Room kept in `results` for the closing note when targets had to be left out. */
const RESULTS_NOTE_ROOM = 300

/**
 * The `results` output, built within MAX_OUTPUT_BYTES from the start (each record is serialized
 * on its own, so no size or number of records can build a string too large to hold): every
 * target with its last record as received. A record that does not fit whole keeps its last log
 * lines; one that still does not fit is left out (`record: null`, `recordLeftOut: true`). When
 * even the targets without records do not fit, the last ones are left out and a final
 * `{leftOut, note}` element says how many.
 */
export function resultsOutput(outcome: RunOutcome, limit = MAX_OUTPUT_BYTES): string {
  const entry = (t: TargetReport, record: unknown) => ({ kind: t.ref.kind, id: t.ref.id, result: t.result, status: t.status, record, error: t.error })
  const hasRecord = (t: TargetReport) => t.record !== null && t.record !== undefined
  // The smallest form of each target: its record left out, and saying so.
  const bare = outcome.targets.map((t) => JSON.stringify(hasRecord(t) ? { ...entry(t, null), recordLeftOut: true } : entry(t, null)))
  const sizes = bare.map((text) => Buffer.byteLength(text) + 1)
  const reserve = sizes.reduce((sum, size) => sum + size, 2) > limit ? RESULTS_NOTE_ROOM : 0
  // First every target that fits in its smallest form, then records in order while room is left.
  let kept = 0
  let used = 2
  for (const size of sizes) {
    if (used + size > limit - reserve) break
    used += size
    kept++
  }
  const parts = bare.slice(0, kept)
  for (let i = 0; i < kept; i++) {
    const target = outcome.targets[i] as TargetReport
    if (!hasRecord(target)) continue
    const size = sizes[i] as number
    for (const record of [target.record, trimLogs(target.record)]) {
      const room = limit - reserve - used
      if (room <= 0) break
      const text = serializeWithin(entry(target, record), size + room)
      if (text !== undefined) {
        used += Buffer.byteLength(text) + 1 - size
        parts[i] = text
        break
      }
    }
  }
  const leftOut = sizes.length - kept
  if (leftOut > 0)
    parts.push(
      JSON.stringify({
        leftOut,
        note: `${leftOut} of ${sizes.length} targets left out to fit the size limit of an output; the log and the job summary name every target`
      })
    )
  return `[${parts.join(',')}]`
}

/** The JSON of `value` if it is at most `limit` bytes (with its separator), else undefined; never builds a string it cannot hold. */
function serializeWithin(value: unknown, limit: number): string | undefined {
  try {
    const text = JSON.stringify(value)
    return Buffer.byteLength(text) + 1 <= limit ? text : undefined
  } catch {
    // A record too large for one string (hundreds of MB) cannot fit either.
    return undefined
  }
}

/** A JSON array of the first `items` that fit in MAX_OUTPUT_BYTES, serialized one by one. */
export function jsonListWithin(items: readonly unknown[], limit = MAX_OUTPUT_BYTES): string {
  const parts: string[] = []
  let used = 2
  for (const item of items) {
    const text = serializeWithin(item, limit - used)
    if (text === undefined) break
    used += Buffer.byteLength(text) + 1
    parts.push(text)
  }
  return `[${parts.join(',')}]`
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
 * A text output within MAX_OUTPUT_BYTES: a value that fits is returned as it is, a longer one is
 * cut on bytes with a note. Whatever it starts with, it is text: JSON lists are built within the
 * limit by `jsonListWithin` and `resultsOutput`, never cut here.
 */
export function fitOutput(value: string, limit = MAX_OUTPUT_BYTES): string {
  if (Buffer.byteLength(value) <= limit) return value
  // A character split at the end becomes one replacement character, hence the margin.
  const room = limit - Buffer.byteLength(CUT_NOTE) - 4
  return `${Buffer.from(value.slice(0, limit)).subarray(0, room).toString('utf8')}${CUT_NOTE}`
}

/**
 * The step outputs. Single-target outputs describe the first target of their kind (`status` the
 * first target of all); `files-*` are the union over every update; `results` lists every target.
 * Each output stays under `limit`, GitHub's size limit unless a report has none
 * (`files-changed-count` still counts every file).
 */
export function computeOutputs(outcome: RunOutcome, recorded: RecordedIds = {}, limit = MAX_OUTPUT_BYTES): Outputs {
  const outputs = allOutputs(outcome, recorded, limit)
  for (const name of OUTPUT_NAMES) outputs[name] = fitOutput(outputs[name], limit)
  return outputs
}

/**
 * A sentence for each list output that holds fewer items than the run had (the rest did not fit
 * the size limit of an output): which, how many of how many, and where the whole count is.
 */
export function listsCut(outcome: RunOutcome, outputs: Outputs): string[] {
  const { files } = runFacts(outcome)
  const number = (n: number) => n.toLocaleString('en-US')
  const lists: [OutputName, number, string][] = [
    ['files-added', files.added.length, 'files'],
    ['files-modified', files.modified.length, 'files'],
    ['files-removed', files.removed.length, 'files'],
    ['files-changed', files.changed.length, 'files']
  ]
  const said: string[] = []
  for (const [name, total, noun] of lists) {
    let held: number
    try {
      held = (JSON.parse(outputs[name]) as unknown[]).length
    } catch {
      continue
    }
    if (held < total)
      said.push(
        `${name} holds the first ${number(held)} of ${number(total)} ${noun}: the rest did not fit the size limit of an output (${MAX_OUTPUT_BYTES / 1024} KB); files-changed-count counts every file`
      )
  }
  return said
}

/** Why a text is not one well-formed http(s) address, in a few words (never the text itself: it may hold anything). */
function notAnAddress(text: string): string {
  if (/[\n\r\u0085\u2028\u2029]/.test(text.trim())) return 'it holds a line break'
  if (/\s/.test(text.trim())) return 'it holds a space'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is named
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2060\ufeff]/.test(text)) return 'it holds a control or invisible character'
  return 'it is not an http(s) URL with a host'
}

/**
 * A sentence for each address output left empty though the platform sent a value: the preview's
 * address, an agent job's pull request link that is not one well-formed URL (a line break and
 * text after it, a space), so that a later step never reads more than an address from it.
 */
export function addressesLeftOut(outcome: RunOutcome): string[] {
  const said: string[] = []
  const preview = outcome.trigger?.previewUrl
  if (preview && preview.trim() !== '' && wellFormedUrl(preview) === undefined)
    said.push(`The preview-url output is empty: the preview's address the platform sent is not one well-formed URL (${notAnAddress(preview)})`)
  const prLink = runFacts(outcome).jobs[0]?.prLink
  if (prLink && prLink.trim() !== '' && wellFormedUrl(prLink) === undefined)
    said.push(`The pr-link output is empty: the agent job's prLink is not one well-formed URL (${notAnAddress(prLink)})`)
  return said
}

/** The address the first platform check links (its first matched report that links one), without credentials; '' when none. */
export function platformCheckUrl(outcome: Pick<RunOutcome, 'targets'>): string {
  for (const target of outcome.targets)
    if (target.parsed?.kind === 'platform-check')
      for (const report of target.parsed.data.matched) {
        const url = reportUrl(report)
        if (url) return url
      }
  return ''
}

/** What the adapter recorded in its CI system beside the run, by id. */
export interface RecordedIds {
  /** The GitHub deployment of deployment-environment, once created. */
  deploymentId?: string | undefined
}

function allOutputs(outcome: RunOutcome, recorded: RecordedIds, limit: number): Outputs {
  const { updates, jobs, files, polls, searchResults } = runFacts(outcome)
  const update = updates[0]
  const job = jobs[0]
  return {
    result: outcome.result,
    status: outcome.targets[0]?.status ?? '',
    elapsed: (outcome.elapsedMs / 1000).toFixed(1),
    polls: String(polls),
    results: resultsOutput(outcome, limit),
    'commit-sha': update?.commit?.sha ?? '',
    'commit-ref': update?.commit?.ref ?? '',
    'commit-message': update?.commit?.message ?? '',
    'files-added': jsonListWithin(files.added, limit),
    'files-modified': jsonListWithin(files.modified, limit),
    'files-removed': jsonListWithin(files.removed, limit),
    'files-changed': jsonListWithin(files.changed, limit),
    'files-changed-count': String(files.changed.length),
    subdomain: update?.subdomain ?? '',
    'update-summary': update?.summary ?? '',
    screenshot: update?.screenshot ?? '',
    'screenshot-light': update?.screenshotLight ?? '',
    'screenshot-dark': update?.screenshotDark ?? '',
    'pr-link': wellFormedUrl(job?.prLink) ?? '',
    'pr-number': prNumberFromLink(wellFormedUrl(job?.prLink)),
    model: job?.model ?? '',
    'source-repository': job?.source?.repository ?? '',
    'source-ref': job?.source?.ref ?? '',
    'search-results': jsonListWithin(
      queriesOf(outcome.search).map((q) => ({
        query: q.query,
        results: q.results.map((r) => ({ content: r.content, path: r.path, metadata: r.metadata }))
      })),
      limit
    ),
    'search-result-count': String(searchResults),
    'page-results': jsonListWithin(
      outcome.pages && !outcome.pages.skipped ? outcome.pages.pages.map((p) => ({ path: p.path, found: p.found, contains: p.contains, length: p.length })) : [],
      limit
    ),
    ...startedIds(outcome),
    'platform-check-url': platformCheckUrl(outcome),
    'deployment-id': recorded.deploymentId ?? ''
  }
}

/**
 * The ids of the first update and the first agent job (the ones `trigger` started come first,
 * then the ones given, waited on or not), the preview's address, and the automation run started. main writes them as soon as
 * they are known, and again here.
 */
export function startedIds(
  outcome: Pick<RunOutcome, 'targets' | 'trigger' | 'notWaitedOn'>
): Pick<Outputs, 'status-id' | 'job-id' | 'preview-url' | 'automation-run-id' | 'automation-job-id'> {
  const started = outcome.trigger?.ref
  const refs = [...(started ? [started] : []), ...outcome.targets.map((t) => t.ref), ...(outcome.notWaitedOn ?? [])]
  return {
    'status-id': refs.find((ref) => ref.kind === 'update')?.id ?? '',
    'job-id': refs.find((ref) => ref.kind === 'job')?.id ?? '',
    'preview-url': wellFormedUrl(outcome.trigger?.previewUrl) ?? '',
    'automation-run-id': outcome.trigger?.automation?.runId ?? '',
    'automation-job-id': outcome.trigger?.automation?.jobId ?? ''
  }
}
