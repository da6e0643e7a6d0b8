import { formatDuration } from '../durations.js'
import { oneLine } from '../text.js'
import { describeRef } from '../engine/wait.js'
import type { RunOutcome, StartKind, TargetReport } from '../model.js'

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
      const next =
        t.status === 'archived'
          ? 'set `accept-archived: true` if an archived job is fine, else start the job again'
          : 'read the job in the dashboard to see why it opened no pull request, or drop `require-pr`'
      return { reason: `did not succeed: ${error ?? `it ended with status "${oneLine(t.status, 80)}"`} (${where})`, next }
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

const NEXT_FOR_PROBLEMS = 'fix these inputs in the workflow file (see the README for each input)'

/** A run told in three parts: what happened, the evidence, and what to do now. */
export interface RunExplanation {
  /** What happened, first line; more lines list further failing targets. */
  lead: string[]
  /** Quoted evidence: the input problems, or the log lines of the failed update that look like errors. */
  quoted: string[]
  /** What to do now; empty on success. */
  next: string
}

/** The run in the user's terms, for the annotation, the summary and the comment alike. */
export function explainRun(outcome: RunOutcome, options: ExplainOptions = {}): RunExplanation {
  if (outcome.problems.length > 0) return { lead: [outcome.headline], quoted: [...outcome.problems], next: NEXT_FOR_PROBLEMS }
  // Work that could not be started: its message says whether it may have started, and what to check.
  if (outcome.trigger && outcome.trigger.result !== 'success') return { lead: [outcome.headline], quoted: [], next: '' }
  if (outcome.result === 'success') return { lead: [capitalize(outcome.headline)], quoted: [], next: '' }
  const failing = outcome.targets.filter((t) => t.result !== 'success')
  if (failing.length === 0) {
    if (outcome.pages && !outcome.pages.skipped && outcome.pages.result !== 'success')
      return {
        lead: [outcome.headline],
        quoted: [],
        next:
          outcome.pages.result === 'failure'
            ? 'check page-path (paths as search results give them), search-domain and page-contains against the published docs; if the change takes longer to show, raise `timeout`'
            : 'check search-domain and assistant-key, and that base-url reaches the discovery API'
      }
    if (outcome.search && !outcome.search.skipped && outcome.search.result !== 'success')
      return {
        lead: [outcome.headline],
        quoted: [],
        next: 'check search-domain and assistant-key, and whether search-min-results / search-expect-path fit what the docs hold'
      }
    return { lead: [outcome.headline], quoted: [], next: 'check the inputs and the log; re-run the workflow if the cause was passing' }
  }
  // Targets stopped by fail-fast follow the one that stopped them.
  const ordered = [...failing.filter((t) => !t.stoppedByFailFast), ...failing.filter((t) => t.stoppedByFailFast)]
  const first = ordered[0] as TargetReport
  const explained = explainTarget(first, options)
  const sentence = endSentence(`${capitalize(describeRef(first.ref))} ${explained.reason}`)
  const lead: string[] = []
  if (outcome.targets.length === 1) lead.push(sentence)
  else {
    lead.push(`${failing.length} of ${outcome.targets.length} targets did not succeed. ${sentence}`)
    for (const t of ordered.slice(1, MAX_TARGETS_LISTED)) lead.push(`- ${describeRef(t.ref)} ${explainTarget(t, options).reason}`)
    if (ordered.length > MAX_TARGETS_LISTED) lead.push(`- … and ${ordered.length - MAX_TARGETS_LISTED} more (see the job summary)`)
  }
  const quoted = first.ref.kind === 'update' && first.result === 'failure' ? errorLines(first.logs).map((line) => oneLine(line, 300)) : []
  return { lead, quoted, next: explained.next }
}

/**
 * The step's error annotation: what happened first, in the user's terms, then the quoted
 * evidence (the update's summary, its error lines), then one next step.
 */
export function failureMessage(outcome: RunOutcome, options: ExplainOptions = {}): string {
  const { lead, quoted, next } = explainRun(outcome, options)
  const evidence =
    outcome.problems.length > 0 ? quoted.map((p) => `- ${p}`) : quoted.length > 0 ? ['Errors in its log:', ...quoted.map((line) => `  ${line}`)] : []
  return [...lead, ...evidence, ...(next ? [`Next: ${next}.`] : [])].join('\n')
}

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

function endSentence(text: string): string {
  return /[.!?”"]$/.test(text) ? text : `${text}.`
}

/** The kind of work the run waited on, in words: `docs update`, `agent jobs`, `docs search check`. */
export function describeWork(outcome: { targets: readonly { ref: { kind: string } }[]; search?: unknown }): string {
  const updates = outcome.targets.filter((t) => t.ref.kind === 'update').length
  const jobs = outcome.targets.length - updates
  if (updates > 0 && jobs > 0) return `${updates === 1 ? 'docs update' : 'docs updates'} and ${jobs === 1 ? 'agent job' : 'agent jobs'}`
  if (updates > 0) return updates === 1 ? 'docs update' : 'docs updates'
  if (jobs > 0) return jobs === 1 ? 'agent job' : 'agent jobs'
  if (outcome.search) return 'docs search check'
  return 'docs'
}

const MARKS = { success: '✅', failure: '❌', timeout: '⏱️', cancelled: '🛑', error: '⚠️' } as const

export function resultMark(result: keyof typeof MARKS): string {
  return MARKS[result]
}

/** A heading that fits the kind of work: "Docs update deployed", "Agent job failed", "Docs search check passed". */
const STARTED_WORK = { update: 'docs update', preview: 'docs preview', agent: 'agent job', automation: 'automation run' } as const
/** The heading of work that could not be started (or sent), and of a cancel while it was. */
const NOT_STARTED: Record<StartKind, { could: string; while: string }> = {
  ...(Object.fromEntries(
    Object.entries(STARTED_WORK).map(([kind, work]) => [kind, { could: `Could not start the ${work}`, while: `Cancelled while starting the ${work}` }])
  ) as Record<keyof typeof STARTED_WORK, { could: string; while: string }>),
  message: { could: 'Could not send the follow-up to the agent job', while: 'Cancelled while sending the follow-up to the agent job' }
}

export function titleFor(outcome: RunOutcome): string {
  const trigger = outcome.trigger
  if (trigger && trigger.result !== 'success')
    return trigger.result === 'cancelled'
      ? `${MARKS.cancelled} ${NOT_STARTED[trigger.kind].while}`
      : `${MARKS[trigger.result]} ${NOT_STARTED[trigger.kind].could}`
  // A run of an automation alone: accepted is all the platform tells.
  if (trigger?.kind === 'automation' && outcome.targets.length === 0 && !outcome.search && !outcome.pages && outcome.result === 'success')
    return `${MARKS.success} Automation run started`
  // When every wait succeeded and a check after them did not, the heading is about that check.
  const waitsPassed = outcome.result !== 'success' && outcome.targets.every((t) => t.result === 'success')
  const pagesFailed = waitsPassed && outcome.pages && !outcome.pages.skipped && outcome.pages.result !== 'success'
  const searchFailed = waitsPassed && !pagesFailed && outcome.search && !outcome.search.skipped
  // A started preview is the one update of its run: call it what it is.
  const preview = trigger?.kind === 'preview' && outcome.targets.length === 1
  const onlyPages = outcome.targets.length === 0 && outcome.pages && !outcome.search
  const work = pagesFailed || onlyPages ? 'docs page check' : searchFailed ? 'docs search check' : preview ? 'docs preview' : describeWork(outcome)
  const Work = capitalize(work)
  const plural = /s$/.test(work) || work.includes(' and ')
  const mark = MARKS[outcome.result]
  switch (outcome.result) {
    case 'success': {
      if (work === 'docs update' || work === 'docs updates' || work === 'docs preview') return `${mark} ${Work} deployed`
      if (work === 'docs search check' || work === 'docs page check') return `${mark} ${Work} passed`
      return `${mark} ${Work} ${plural ? 'all succeeded' : 'succeeded'}`
    }
    case 'failure':
      return `${mark} ${Work} failed`
    case 'timeout':
      return `${mark} Timed out waiting for the ${work}`
    case 'cancelled':
      return `${mark} Cancelled while waiting for the ${work}`
    case 'error':
      return `${mark} Could not ${work === 'docs' ? 'wait for the docs' : `follow the ${work}`}`
  }
}
