import { formatDuration } from '../durations.js'
import { counted, oneLine, sentence } from '../text.js'
import { resultRank } from '../engine/outcome.js'
import { listed, TERMINAL_STATES } from '../engine/targets/states.js'
import { describeRef, neverReadProblem } from '../engine/wait.js'
import type { RunOutcome, StartKind, TargetReport } from '../model.js'
import { GITHUB_ACTIONS_PLACE, type RunPlace } from './place.js'

/** What the user reads about one target: why it ended as it did, and what to do next. */
export interface Explanation {
  reason: string
  /** Empty on success. */
  next: string
}

export interface ExplainOptions {
  /** The `timeout` input, to name the value to raise. */
  timeoutMs?: number | undefined
  /** Where the step runs, for the words of its advice; the GitHub Action's when not given. */
  place?: RunPlace | undefined
  /** The `docs-root` input: the files the advice names are the repository's, as the annotations' are. */
  docsRoot?: string | undefined
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

/** How many lines that look like errors `errorLines` leaves out (the earlier ones). */
function earlierErrorLines(logs: readonly string[]): number {
  return Math.max(0, logs.filter((line) => ERROR_WORDS.test(line)).length - MAX_ERROR_LINES)
}

/** An error line as quoted: cut to 300 characters, with the file it names kept when the cut drops it. */
function quotedLine(line: string): string {
  const cut = oneLine(line, 300)
  const ref = fileRefOf(line)
  return ref && !cut.includes(ref.file) ? `${cut} [${fileRefText(ref)}]` : cut
}

/** `docs/page.mdx:12`, or the file alone. */
export function fileRefText(ref: FileRef): string {
  return ref.line === undefined ? ref.file : `${ref.file}:${ref.line}`
}

export interface FileRef {
  file: string
  line?: number
}

// A relative path ending in a docs-related extension, optionally `:line` (and `:column`). A
// platform that builds on Windows may name it with backslashes: annotations always take `/`.
const FILE_REF = /(?:^|[\s'"(`[])((?:[\w@-][\w.@-]*[\\/])*[\w@-][\w.@-]*\.(?:mdx|md|markdown|ya?ml|json|jsx?|tsx?|css|png|jpe?g|svg))(?::(\d{1,7}))?\b/

/** The docs file (and line) a log line names, if any; never an absolute path or one with `..`. */
export function fileRefOf(line: string): FileRef | undefined {
  const match = FILE_REF.exec(line)
  const file = match?.[1]?.replace(/\\/g, '/')
  if (!match || !file || file.split('/').some((part) => part === '..' || part === '.')) return undefined
  const lineNumber = match[2] ? Number(match[2]) : undefined
  return lineNumber && lineNumber > 0 ? { file, line: lineNumber } : { file }
}

/** A file annotation: a log line of a failed update that names a docs file. */
export interface FileAnnotation extends FileRef {
  message: string
}

/**
 * An update that succeeded for another commit than `expect-sha` (or for one it does not name):
 * the commit is the reason, and nothing in its log is.
 */
export function wrongCommit(t: TargetReport): boolean {
  return t.ref.kind === 'update' && t.result === 'failure' && listed(TERMINAL_STATES.update.success, t.status)
}

/** The log lines that look like errors of an update that failed by itself; none for any other target. */
export function quotedLines(t: TargetReport): string[] {
  if (t.ref.kind !== 'update' || t.result !== 'failure' || wrongCommit(t)) return []
  return errorLines(t.logs)
}

/**
 * File annotations for the error lines of every failed update, one per file and line. The
 * platform names files relative to the docs root; `docsRoot` (a folder of the repository, ''
 * for its root) makes them paths of the repository.
 */
export function fileAnnotations(outcome: RunOutcome, docsRoot = ''): FileAnnotation[] {
  const seen = new Set<string>()
  const annotations: FileAnnotation[] = []
  for (const t of outcome.targets) {
    for (const line of quotedLines(t)) {
      const ref = fileRefOf(line)
      if (!ref) continue
      const key = `${ref.file}:${ref.line ?? ''}`
      if (seen.has(key)) continue
      seen.add(key)
      annotations.push({ ...ref, file: docsRoot ? `${docsRoot}/${ref.file}` : ref.file, message: `${describeRef(t.ref)} failed: ${quotedLine(line)}` })
    }
  }
  return annotations.slice(0, MAX_ERROR_LINES)
}

/** An update that ended with a status this action does not know: it is told by its record, status, summary and log. */
export function unknownEnd(t: TargetReport): boolean {
  if (t.ref.kind !== 'update' || t.result !== 'error' || t.parsed?.kind !== 'update' || t.status === '') return false
  const { success, failure, pending } = TERMINAL_STATES.update
  return ![success, failure, pending].some((list) => listed(list, t.status))
}

/** The update's own summary, when it says more than its status. */
export function updateSummary(t: TargetReport): string | undefined {
  const summary = t.parsed?.kind === 'update' ? t.parsed.data.summary?.trim() : undefined
  if (!summary || /^update (?:failure|failed|success|queued|in progress)$/i.test(summary)) return undefined
  return oneLine(summary, 300)
}

/** Why one target ended as it did, and what to do now, in the user's terms. */
export function explainTarget(t: TargetReport, options: ExplainOptions = {}): Explanation {
  const place = options.place ?? GITHUB_ACTIONS_PLACE
  const input = place.input
  const noun = t.ref.kind === 'update' ? 'update' : 'agent job'
  const error = t.error ? oneLine(t.error, 600) : undefined
  switch (t.result) {
    case 'success':
      return { reason: t.note ? `succeeded (${oneLine(t.note, 300)})` : 'succeeded', next: '' }
    case 'failure': {
      if (wrongCommit(t))
        return {
          reason: `did not deploy the expected commit: ${error ?? 'its record names another commit'}`,
          next: `check that the platform deploys the branch this run is for and that the update started after the push; remove ${input('expect-sha')} if any commit will do`
        }
      if (t.ref.kind === 'update') {
        const summary = updateSummary(t)
        // The files the error lines name, each taken from the whole line, before any cut.
        const files = [
          ...new Set(
            quotedLines(t)
              .flatMap((line) => fileRefOf(line) ?? [])
              .map((ref) => fileRefText(options.docsRoot ? { ...ref, file: `${options.docsRoot}/${ref.file}` } : ref))
          )
        ]
        const where = place.annotates
          ? files.length > 1
            ? ` (and ${counted(files.length - 1, 'other file')} its log names; each is annotated in the workflow run)`
            : ' (named in its log and annotated in the workflow run)'
          : files.length > 1
            ? ` (and ${counted(files.length - 1, 'other file')} its log names; each is quoted above)`
            : ' (named in its log)'
        return {
          reason: summary ? `failed: “${summary}”` : `failed (status "${oneLine(t.status, 80)}")`,
          next: files[0]
            ? `fix ${files[0]}${where}, push, and let the update run again`
            : `read the update log in ${place.details}, fix the docs source, and run the update again`
        }
      }
      const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined
      const where = prLink ? `its pull request: ${oneLine(prLink, 300)}` : `job id ${t.ref.id}`
      if (t.status === 'failed')
        return { reason: `failed (status "failed"; ${where})`, next: 'open the job in the dashboard to read why it failed, then start it again' }
      const next =
        t.status === 'archived'
          ? `set ${input('accept-archived')} to true if an archived job is fine, else start the job again`
          : `read the job in the dashboard to see why it opened no pull request, or drop ${input('require-pr')}`
      return { reason: `did not succeed: ${error ?? `it ended with status "${oneLine(t.status, 80)}"`} (${where})`, next }
    }
    case 'timeout': {
      const status = t.status ? `still "${oneLine(t.status, 80)}"` : 'never answered with a status'
      const waited = `after ${formatDuration(t.finishedAfterMs)}`
      const problem = lastProblem(t.error)
      const raise = options.timeoutMs === undefined ? `raise ${input('timeout')}` : `raise ${input('timeout')} (now ${formatDuration(options.timeoutMs)})`
      if (problem && !t.status) return { reason: `${status} ${waited}: ${problem}`, next: networkNext(problem, place) }
      return {
        reason: `${status} ${waited}${problem ? ` (last problem: ${problem})` : ''}`,
        next: `if this ${noun} usually takes longer, ${raise}; if it is stuck, check it in the dashboard`
      }
    }
    case 'cancelled':
      if (t.stoppedByFailFast) return { reason: error ?? 'stopped by fail-fast', next: 'fix the target that failed first; this one was stopped because of it' }
      return {
        reason: `had not settled when the wait on it was cancelled${t.status ? ` (last status "${oneLine(t.status, 80)}")` : ''}; only the wait was cancelled, not the ${noun}`,
        next: `follow the ${noun} in the dashboard, or ${place.rerun} to wait on it again`
      }
    case 'error': {
      if (unknownEnd(t)) {
        const summary = updateSummary(t)
        return {
          reason: `ended with status "${oneLine(t.status, 80)}", which this action does not know, so it does not count as success${summary ? `: “${summary}”` : ''}`,
          next: `its status, summary and last log lines are in ${place.details}; check in the dashboard how the update ended, then run it again`
        }
      }
      // Never a status read: told as what kept it away, with what to do about that.
      const never = t.status ? undefined : neverReadProblem(t.error)
      if (never)
        return { reason: `never answered with a status after ${formatDuration(t.finishedAfterMs)}: ${oneLine(never, 300)}`, next: networkNext(never, place) }
      return explainError(t, error ?? 'no reason was given', place)
    }
  }
}

function lastProblem(error: string | null): string | undefined {
  const found = error ? /; last problem: (.*)$/.exec(error) : null
  return found?.[1] ? oneLine(found[1], 300) : undefined
}

function networkNext(problem: string, place: RunPlace): string {
  const baseUrl = place.input('base-url')
  if (/^nothing answered at base-url\b/.test(problem)) return unreachableNext(place)
  if (/^HTTP 5\d\d/.test(problem)) return `the platform kept answering with a server error: check its status page, then ${place.rerun}`
  if (/^HTTP 429/.test(problem)) return `the platform kept asking to slow down: run fewer waits on the same key at once, or raise ${place.input('timeout')}`
  if (/record has an empty "status"$/.test(problem))
    return 'the platform answered, but without a status: check it in the dashboard, and report the empty status to the platform if it stays'
  if (/not JSON|not the JSON expected/.test(problem))
    return `check that ${baseUrl} is the address of the platform API (the answers were not its JSON; a proxy or web page may be in between)`
  const from = place.kind === 'github' ? 'the runner (and HTTPS_PROXY / NO_PROXY on self-hosted runners)' : 'where this runs (and HTTPS_PROXY / NO_PROXY)'
  return `check that ${baseUrl} is right and reachable from ${from}, then ${place.rerun}`
}

/**
 * What to do after a page or search check that ended without a verdict (cancelled, timed out,
 * an error), from why it ended: a cancel is not a wrong input, a 429 not a wrong key.
 */
function checkNext(check: 'page check' | 'search check', result: Exclude<RunOutcome['result'], 'success' | 'failure'>, error: string, place: RunPlace): string {
  const input = place.input
  if (result === 'cancelled')
    return `nothing is wrong with the docs or the inputs as far as is known: the run was cancelled during the ${check}; ${place.rerun} to check again`
  // `page "<path>": <reason>`, or a timeout's `…; last problem: <reason>`.
  const first = error.split('\n')[0] ?? ''
  const problem = lastProblem(first) ?? (first.includes('": ') ? first.slice(first.indexOf('": ') + 3) : first)
  if (/^nothing answered at base-url\b/.test(problem)) return unreachableNext(place)
  if (/^HTTP 401\b/.test(problem)) return `put a current assistant API key in the secret passed as ${input('assistant-key')}`
  if (/^HTTP 403\b/.test(problem)) return `pass an ${input('assistant-key')} of the project whose docs ${input('search-domain')} names`
  if (/check page-path\)$/.test(problem))
    return `check ${input('page-path')}: the platform refused a path (each is a page's path as search results give it, such as quickstart, without the docs root or a file extension)`
  // A check never answered until the deadline (an error, "could not tell") is told as a timeout was: by its last problem.
  if (result === 'timeout' || lastProblem(error) !== undefined) {
    if (!lastProblem(error)) return `if the docs take longer to be published, raise ${input('timeout')}`
    return networkNext(problem, place).replace('run fewer waits on the same key at once', 'run fewer checks on the same assistant key at once')
  }
  return `check ${input('search-domain')} and ${input('assistant-key')}, and that ${input('base-url')} reaches the discovery API`
}

/** What to do when nothing answered at base-url: the address is wrong far more often than the platform is down. */
function unreachableNext(place: RunPlace): string {
  return `check ${place.input('base-url')}: it must be the address of the platform API, reachable from here; then ${place.rerun}`
}

function explainError(t: TargetReport, error: string, place: RunPlace): Explanation {
  const input = place.input
  if (/^nothing answered at base-url\b/.test(error)) return { reason: `could not be read: ${error}`, next: unreachableNext(place) }
  const idInput = t.ref.kind === 'update' ? input('status-id') : `${input('job-id')} and ${input('project-id')}`
  if (/^HTTP 401\b/.test(error)) {
    const key = /rejected ([\w-]+)/.exec(error)?.[1] ?? 'admin-key'
    return { reason: `could not be read: the platform rejected ${key} (HTTP 401)`, next: `put a current API key in the secret passed as ${input(key)}` }
  }
  if (/^HTTP 403\b/.test(error)) {
    const key = /^HTTP 403: ([\w-]+)/.exec(error)?.[1] ?? 'admin-key'
    return {
      reason: `could not be read: ${key} is not allowed to read it (HTTP 403)`,
      next: `pass an ${input(key)} of the project that owns this ${t.ref.kind === 'update' ? 'update' : 'job'}`
    }
  }
  if (/^HTTP 404\b/.test(error))
    return {
      reason: `was not found (${error})`,
      next: `check ${idInput}: the id must come from the step that started it, for the project of the key`
    }
  return { reason: `ended with an error: ${error}`, next: `see ${place.details} for details; ${place.rerun} if the cause was passing` }
}

/**
 * An input problem as the user reads it where the step runs: its leading input name (`timeout:
 * …`) named as it was given there (`--timeout: …`, `WAIT_FOR_DOCS_TIMEOUT: …`).
 */
export function problemAsGiven(problem: string, place: RunPlace = GITHUB_ACTIONS_PLACE): string {
  if (place.kind === 'github') return problem
  const named = /^([a-z][a-z0-9-]*): /.exec(problem)
  return named?.[1] ? `${place.input(named[1])}: ${problem.slice(named[0].length)}` : problem
}

/** A run told in three parts: what happened, the evidence, and what to do now. */
export interface RunExplanation {
  /** What happened, first line; more lines list further failing targets, one each. */
  lead: string[]
  /**
   * Quoted evidence under each line of `lead`, at the same index: the input problems under the
   * first, or under each failing update the log lines of its own that look like errors.
   */
  quoted: string[][]
  /** What to do now; empty on success. */
  next: string
}

/** The run in the user's terms, for the annotation, the summary and the comment alike. */
export function explainRun(outcome: RunOutcome, options: ExplainOptions = {}): RunExplanation {
  const place = options.place ?? GITHUB_ACTIONS_PLACE
  const input = place.input
  if (outcome.problems.length > 0)
    return { lead: [outcome.headline], quoted: [outcome.problems.map((problem) => problemAsGiven(problem, place))], next: place.fixInputs }
  // Results that could not be written lead, with what to check (the headline says what the wait found too).
  if (outcome.notWritten !== undefined) return { lead: [outcome.headline], quoted: [], next: '' }
  // Work that could not be started: its message says whether it may have started, and what to check.
  if (outcome.trigger && outcome.trigger.result !== 'success') return { lead: [outcome.headline], quoted: [], next: '' }
  if (outcome.result === 'success') return { lead: [capitalize(outcome.headline)], quoted: [], next: '' }
  const failing = outcome.targets.filter((t) => t.result !== 'success')
  if (failing.length === 0) {
    const pages = outcome.pages
    if (pages && !pages.skipped && pages.result !== 'success') {
      const error = pages.pages.find((page) => page.result === pages.result)?.error ?? pages.error ?? ''
      const next =
        pages.result === 'failure'
          ? `check ${input('page-path')} (paths as search results give them), ${input('search-domain')} and ${input('page-contains')} against the published docs; if the change takes longer to show, raise ${input('timeout')}`
          : checkNext('page check', pages.result, error, place)
      return { lead: [outcome.headline], quoted: [], next }
    }
    const search = outcome.search
    if (search && !search.skipped && search.result !== 'success') {
      const next =
        search.result === 'failure'
          ? `check ${input('search-domain')} and ${input('assistant-key')}, and whether ${input('search-min-results')} / ${input('search-expect-path')} fit what the docs hold`
          : checkNext('search check', search.result, search.error ?? '', place)
      return { lead: [outcome.headline], quoted: [], next }
    }
    return { lead: [outcome.headline], quoted: [], next: `check the inputs and the log; ${place.rerun} if the cause was passing` }
  }
  // The strongest result leads (a failure before a timeout beside it, as in `result`); targets
  // stopped by fail-fast follow the one that stopped them.
  const own = failing.filter((t) => !t.stoppedByFailFast)
  const ordered = [...[...own].sort((a, b) => resultRank(b.result) - resultRank(a.result)), ...failing.filter((t) => t.stoppedByFailFast)]
  const first = ordered[0] as TargetReport
  const explained = explainTarget(first, options)
  const sentence = endSentence(`${capitalize(describeRef(first.ref))} ${explained.reason}`)
  const lead: string[] = []
  const quoted: string[][] = []
  // The last lines are quoted; the count of those before them comes first.
  const evidence = (t: TargetReport) => {
    const lines = quotedLines(t).map(quotedLine)
    const earlier = lines.length > 0 ? earlierErrorLines(t.logs) : 0
    if (earlier > 0) lines.unshift(`… and ${earlier} earlier ${earlier === 1 ? 'line that looks' : 'lines that look'} like errors`)
    return lines
  }
  if (outcome.targets.length === 1) lead.push(sentence)
  else lead.push(`${failing.length} of ${outcome.targets.length} targets did not succeed. ${sentence}`)
  quoted.push(evidence(first))
  for (const t of ordered.slice(1, MAX_TARGETS_LISTED)) {
    lead.push(`- ${describeRef(t.ref)} ${explainTarget(t, options).reason}`)
    quoted.push(evidence(t))
  }
  if (ordered.length > MAX_TARGETS_LISTED) {
    lead.push(`- … and ${ordered.length - MAX_TARGETS_LISTED} more (see ${place.details})`)
    quoted.push([])
  }
  // Not one id known: the ids may be right and the address wrong.
  const everyIdUnknown = outcome.targets.every((t) => t.result === 'error' && /^HTTP 404\b/.test(t.error ?? ''))
  const next = everyIdUnknown
    ? `${explained.next}; if ${outcome.targets.length === 1 ? 'it is' : 'they are'} right, check that ${input('base-url')} is the address of the platform's API (it answered 404 for ${outcome.targets.length === 1 ? 'the id' : 'every id'})`
    : explained.next
  return { lead, quoted, next }
}

/**
 * The step's error annotation: what happened first, in the user's terms, then the quoted
 * evidence (the update's summary, its error lines), then one next step.
 */
export function failureMessage(outcome: RunOutcome, options: ExplainOptions = {}): string {
  const { lead, quoted, next } = explainRun(outcome, options)
  const lines: string[] = []
  lead.forEach((line, i) => {
    lines.push(line)
    const evidence = quoted[i] ?? []
    if (outcome.problems.length > 0) lines.push(...evidence.map((p) => `- ${p}`))
    else if (evidence.length > 0) {
      // A further target's lines are indented under its own list item.
      const indent = i === 0 ? '' : '  '
      lines.push(`${indent}Errors in its log:`, ...evidence.map((text) => `${indent}  ${text}`))
    }
  })
  return [...lines, ...(next ? [`Next: ${sentence(next)}`] : [])].join('\n')
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
