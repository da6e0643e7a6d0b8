// The evidence a run's records hold, read from them: an update's log lines that look like
// errors, the docs files (and lines) they name, the annotations for those files, and what an
// update's record says of how it ended. No advice and no words of where the step runs here
// (advice.ts has those).
import { oneLine } from '../text.js'
import { listed, TERMINAL_STATES } from '../engine/targets/states.js'
import type { RunOutcome, TargetReport } from '../model.js'
import { describeRef } from '../engine/wait.js'

/** At most this many log lines that look like errors are quoted per update. */
export const MAX_ERROR_LINES = 5

const ERROR_WORDS = /\b(?:error|errors|failed|failure|fatal|exception|invalid|broken|cannot|can't|could not|unable|not found|missing|denied)\b/i

/** Every log line of an update that looks like an error. */
export function allErrorLines(logs: readonly string[]): string[] {
  return logs.filter((line) => ERROR_WORDS.test(line))
}

/**
 * The log lines of an update that look like errors, as quoted: the first (most often the cause,
 * what follows it often its echo) and the last ones, `MAX_ERROR_LINES` in all.
 */
export function errorLines(logs: readonly string[]): string[] {
  const all = allErrorLines(logs)
  return all.length <= MAX_ERROR_LINES ? all : [all[0] as string, ...all.slice(1 - MAX_ERROR_LINES)]
}

/** How many lines that look like errors `errorLines` leaves out, between the first and the last ones. */
export function errorLinesLeftOut(logs: readonly string[]): number {
  return Math.max(0, allErrorLines(logs).length - MAX_ERROR_LINES)
}

/** An error line as quoted: cut to 300 characters, with the file it names kept when the cut drops it. */
export function quotedLine(line: string): string {
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

/** The log lines that look like errors of an update that failed by itself, as quoted; none for any other target. */
export function quotedLines(t: TargetReport): string[] {
  return failedByItself(t) ? errorLines(t.logs) : []
}

/**
 * Every docs file the error lines of an update that failed by itself name, in the order its log
 * names them (each taken from the whole line, before any cut); `docsRoot` makes them paths of
 * the repository. `quoted` takes only the lines quoted.
 */
export function namedFiles(t: TargetReport, docsRoot = '', quoted = false): string[] {
  if (!failedByItself(t)) return []
  const lines = quoted ? errorLines(t.logs) : allErrorLines(t.logs)
  return [...new Set(lines.flatMap((line) => fileRefOf(line) ?? []).map((ref) => fileRefText(docsRoot ? { ...ref, file: `${docsRoot}/${ref.file}` } : ref)))]
}

const failedByItself = (t: TargetReport) => t.ref.kind === 'update' && t.result === 'failure' && !wrongCommit(t)

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
