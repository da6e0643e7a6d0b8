import { formatDuration } from '../durations.js'
import { oneLine } from '../text.js'
import { describeRef } from '../engine/wait.js'
import type { RunOutcome, TargetReport } from '../model.js'

/** What the user reads about one target: why it ended as it did, and what to do next. */
export interface Explanation {
  reason: string
  /** Empty on success. */
  next: string
}

export interface ExplainOptions {
  /** The `timeout` input, to name the value to raise. */
  timeoutMs?: number
}

/** At most this many log lines that look like errors are quoted per update. */
export const MAX_ERROR_LINES = 5
/** Failing targets listed one by one in the annotation; the summary has them all. */
const MAX_TARGETS_LISTED = 10

const ERROR_WORDS = /\b(?:error|errors|failed|failure|fatal|exception|invalid|broken|cannot|can't|could not|unable|not found|missing|denied)\b/i

/** The log lines of an update that look like errors, the last `MAX_ERROR_LINES` of them. */
export function errorLines(logs: readonly string[]): string[] {
  return logs.filter((line) => ERROR_WORDS.test(line)).slice(-MAX_ERROR_LINES)
}

export interface FileRef {
  file: string
  line?: number
}

// A relative path ending in a docs-related extension, optionally `:line` (and `:column`).
const FILE_REF = /(?:^|[\s'"(`[])((?:[\w@-][\w.@-]*\/)*[\w@-][\w.@-]*\.(?:mdx|md|markdown|ya?ml|json|jsx?|tsx?|css|png|jpe?g|svg))(?::(\d{1,7}))?\b/

/** The docs file (and line) a log line names, if any; never an absolute path or one with `..`. */
export function fileRefOf(line: string): FileRef | undefined {
  const match = FILE_REF.exec(line)
  const file = match?.[1]
  if (!match || !file || file.split('/').some((part) => part === '..' || part === '.')) return undefined
  const lineNumber = match[2] ? Number(match[2]) : undefined
  return lineNumber && lineNumber > 0 ? { file, line: lineNumber } : { file }
}

/** A file annotation: a log line of a failed update that names a docs file. */
export interface FileAnnotation extends FileRef {
  message: string
}

/** File annotations for the error lines of every failed update, one per file and line. */
export function fileAnnotations(outcome: RunOutcome): FileAnnotation[] {
  const seen = new Set<string>()
  const annotations: FileAnnotation[] = []
  for (const t of outcome.targets) {
    if (t.ref.kind !== 'update' || t.result !== 'failure') continue
    for (const line of errorLines(t.logs)) {
      const ref = fileRefOf(line)
      if (!ref) continue
      const key = `${ref.file}:${ref.line ?? ''}`
      if (seen.has(key)) continue
      seen.add(key)
      annotations.push({ ...ref, message: `${describeRef(t.ref)} failed: ${oneLine(line, 300)}` })
    }
  }
  return annotations.slice(0, MAX_ERROR_LINES)
}

/** The update's own summary, when it says more than its status. */
function updateSummary(t: TargetReport): string | undefined {
  const summary = t.parsed?.kind === 'update' ? t.parsed.data.summary?.trim() : undefined
  if (!summary || /^update (?:failure|failed|success|queued|in progress)$/i.test(summary)) return undefined
  return oneLine(summary, 300)
}

/** Why one target ended as it did, and what to do now, in the user's terms. */
export function explainTarget(t: TargetReport, options: ExplainOptions = {}): Explanation {
  const noun = t.ref.kind === 'update' ? 'update' : 'agent job'
  const error = t.error ? oneLine(t.error, 600) : undefined
  switch (t.result) {
    case 'success':
      return { reason: t.note ? `succeeded (${oneLine(t.note, 300)})` : 'succeeded', next: '' }
    case 'failure': {
      if (t.ref.kind === 'update' && t.status !== 'failure' && error)
        // A success for another commit than expect-sha, or one that names none.
        return {
          reason: `did not deploy the expected commit: ${error}`,
          next: 'check that the platform deploys the branch this workflow ran for and that the update started after the push; remove expect-sha if any commit will do'
        }
      if (t.ref.kind === 'update') {
        const summary = updateSummary(t)
        const files = errorLines(t.logs).some((line) => fileRefOf(line) !== undefined)
        return {
          reason: summary ? `failed: “${summary}”` : `failed (status "${oneLine(t.status, 80)}")`,
          next: files
            ? 'fix the file named above (it is annotated), push, and let the update run again'
            : 'read the update log in the job summary, fix the docs source, and run the update again'
        }
      }
      const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined
      const where = prLink ? `its pull request: ${oneLine(prLink, 300)}` : `job id ${t.ref.id}`
      if (t.status === 'failed')
        return { reason: `failed (status "failed"; ${where})`, next: 'open the job in the dashboard to read why it failed, then start it again' }
      return { reason: `${error ?? `ended with status "${oneLine(t.status, 80)}"`} (${where})`, next: 'check the job in the dashboard' }
    }
    case 'timeout': {
      const status = t.status ? `still "${oneLine(t.status, 80)}"` : 'never answered with a status'
      const waited = `after ${formatDuration(t.finishedAfterMs)}`
      const problem = lastProblem(t.error)
      const raise = options.timeoutMs === undefined ? 'raise `timeout`' : `raise \`timeout\` (now ${formatDuration(options.timeoutMs)})`
      if (problem && !t.status) return { reason: `${status} ${waited}: ${problem}`, next: networkNext(problem) }
      return {
        reason: `${status} ${waited}${problem ? ` (last problem: ${problem})` : ''}`,
        next: `if this ${noun} usually takes longer, ${raise}; if it is stuck, check it in the dashboard`
      }
    }
    case 'cancelled':
      if (t.stoppedByFailFast) return { reason: error ?? 'stopped by fail-fast', next: 'fix the target that failed first; this one was stopped because of it' }
      return { reason: 'was cancelled before it settled', next: 're-run the workflow when ready' }
    case 'error':
      return explainError(t, error ?? 'no reason was given')
  }
}

function lastProblem(error: string | null): string | undefined {
  const found = error ? /; last problem: (.*)$/.exec(error) : null
  return found?.[1] ? oneLine(found[1], 300) : undefined
}

function networkNext(problem: string): string {
  if (/^HTTP 5\d\d/.test(problem)) return 'the platform kept answering with a server error: check its status page, then re-run the workflow'
  if (/^HTTP 429/.test(problem)) return 'the platform kept asking to slow down: run fewer waits on the same key at once, or raise `timeout`'
  if (/not JSON|not the JSON expected/.test(problem))
    return 'check that base-url is the address of the platform API (the answers were not its JSON; a proxy or web page may be in between)'
  return 'check that base-url is right and reachable from the runner (and HTTPS_PROXY / NO_PROXY on self-hosted runners), then re-run'
}

function explainError(t: TargetReport, error: string): Explanation {
  const idInput = t.ref.kind === 'update' ? '`status-id`' : '`job-id` and `project-id`'
  if (/^HTTP 401\b/.test(error)) {
    const key = /rejected ([\w-]+)/.exec(error)?.[1] ?? 'admin-key'
    return { reason: `could not be read: the platform rejected ${key} (HTTP 401)`, next: `put a current API key in the secret passed as \`${key}\`` }
  }
  if (/^HTTP 403\b/.test(error)) {
    const key = /^HTTP 403: ([\w-]+)/.exec(error)?.[1] ?? 'admin-key'
    return {
      reason: `could not be read: ${key} is not allowed to read it (HTTP 403)`,
      next: `pass an \`${key}\` of the project that owns this ${t.ref.kind === 'update' ? 'update' : 'job'}`
    }
  }
  if (/^HTTP 404\b/.test(error))
    return {
      reason: `was not found (${error})`,
      next: `check ${idInput}: the id must come from the step that started it, for the project of the key`
    }
  return { reason: `ended with an error: ${error}`, next: 'see the job summary for details; re-run the workflow if the cause was passing' }
}

const NEXT_FOR_PROBLEMS = 'Next: fix these inputs in the workflow file (see the README for each input).'

/**
 * The step's error annotation: what happened first, in the user's terms, then the quoted
 * evidence (the update's summary, its error lines), then one next step.
 */
export function failureMessage(outcome: RunOutcome, options: ExplainOptions = {}): string {
  if (outcome.problems.length > 0) return [outcome.headline, ...outcome.problems.map((p) => `- ${p}`), NEXT_FOR_PROBLEMS].join('\n')
  // Work that could not be started: its message says whether it may have started, and what to check.
  if (outcome.trigger && outcome.trigger.result !== 'success') return outcome.headline
  const failing = outcome.targets.filter((t) => t.result !== 'success')
  if (failing.length === 0) {
    if (outcome.search && !outcome.search.skipped && outcome.search.result !== 'success')
      return `${outcome.headline}\nNext: check search-domain and assistant-key, and whether search-min-results / search-expect-path fit what the docs hold.`
    return `${outcome.headline}\nNext: check the inputs and the log above; re-run the workflow if the cause was passing.`
  }
  // Targets stopped by fail-fast follow the one that stopped them.
  const ordered = [...failing.filter((t) => !t.stoppedByFailFast), ...failing.filter((t) => t.stoppedByFailFast)]
  const first = ordered[0] as TargetReport
  const explained = explainTarget(first, options)
  const lead = `${capitalize(describeRef(first.ref))} ${explained.reason}`
  const lines: string[] = []
  if (outcome.targets.length === 1) lines.push(endSentence(lead))
  else {
    lines.push(`${failing.length} of ${outcome.targets.length} targets did not succeed. ${endSentence(lead)}`)
    for (const t of ordered.slice(1, MAX_TARGETS_LISTED)) lines.push(`- ${describeRef(t.ref)} ${explainTarget(t, options).reason}`)
    if (ordered.length > MAX_TARGETS_LISTED) lines.push(`- … and ${ordered.length - MAX_TARGETS_LISTED} more (see the job summary)`)
  }
  const quoted = first.ref.kind === 'update' && first.result === 'failure' ? errorLines(first.logs) : []
  if (quoted.length > 0) lines.push('Errors in its log:', ...quoted.map((line) => `  ${oneLine(line, 300)}`))
  lines.push(`Next: ${explained.next}.`)
  return lines.join('\n')
}

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

function endSentence(text: string): string {
  return /[.!?”"]$/.test(text) ? text : `${text}.`
}
