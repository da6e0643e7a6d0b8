import { formatDuration } from '../durations.js'
import { counted, inertCommands, oneLine, stripControl, truncate } from '../text.js'
import { describeRef } from '../engine/wait.js'
import type { WarningCode } from '../warnings.js'
import type { Progress, QueryReport, TargetRef, TargetReport, WaitEvents } from '../model.js'
import { platformCheckUrl } from './outputs.js'

/** Where the log goes: each adapter writes it its own way (the toolkit, a terminal, a CI log). */
export interface LogSink {
  info(message: string): void
  debug(message: string): void
  /** A warning: its words, and its code (or codes) from src/warnings.ts, printed after them. */
  warning(message: string, code: WarningCode | readonly WarningCode[]): void
  startGroup(name: string): void
  endGroup(): void
  /**
   * The lines to print for the server's own log lines, already made inert by `inertLines`: a
   * sink whose CI system reads commands in the log wraps them so none can act (GitHub's
   * `::stop-commands::`). Without it they are printed as they are. Every sink makes each line
   * it prints inert by itself too (`inertCommands`), its own markers aside.
   */
  untrusted?(lines: readonly string[]): readonly string[]
}

const MAX_LOG_LINE = 2000

/**
 * Server text as log text that cannot act as a command of any CI (`inertCommands`): control
 * characters and ANSI escapes are removed, and `##vso[`, `##teamcity[`, `##[` and a leading `::`
 * are broken.
 */
export function inert(text: string, max = 300): string {
  return inertCommands(oneLine(text, max))
}

/**
 * Server log lines as lines of our log: control characters and escapes removed (no colour, no
 * cursor moves, no CI section markers), one line per line break, each cut to a length and
 * indented behind a rule, so none starts where a command could.
 */
export function inertLines(lines: readonly string[]): string[] {
  return lines.flatMap((line) =>
    stripControl(line)
      .split(/\r\n|\r|\n/)
      .map((part) => inertCommands(`  │ ${truncate(part, MAX_LOG_LINE)}`))
  )
}

export function describeSettled(report: TargetReport): string {
  const mark = report.result === 'success' ? '✓' : '✗'
  const status = report.status ? ` (status ${inert(report.status, 80)})` : ''
  const why = report.error ? `: ${inert(report.error, 600)}` : report.note ? ` — ${inert(report.note, 300)}` : ''
  return `${mark} ${describeRef(report.ref)}: ${report.result}${status} after ${formatDuration(report.finishedAfterMs)}, ${counted(report.polls, 'poll')}${why}`
}

export function describeQuery(query: QueryReport): string {
  const count = counted(query.results.length, 'result')
  if (query.problem) return `✗ ${inert(query.problem, 1000)}`
  const top = query.results[0] ? `; top: ${inert(query.results[0].path, 200)}` : ''
  return `✓ search "${inert(query.query, 100)}": ${count}${top}`
}

/** Pending targets named one by one on the heartbeat line; the rest are counted. */
export const MAX_LISTED_PENDING = 10

/**
 * One line for every pending target: what is pending, its last status and how long so far. With
 * nothing left pending, the count of what settled.
 */
export function describeProgress(p: Progress): string {
  const failed = `${p.failed > 0 ? `, ${p.failed} failed` : ''}${p.stopped ? `, ${p.stopped} stopped by fail-fast` : ''}`
  if (p.waiting.length === 0) return `${p.settled}/${p.total} settled${failed}, ${p.pending} pending — ${formatDuration(p.elapsedMs)}`
  const status = (s: string) => (s ? inert(s, 40) : 'no answer yet')
  const only = p.waiting.length === 1 && p.total === 1 ? p.waiting[0] : undefined
  if (only) return `Still waiting on ${describeRef(only.ref)}: ${status(only.status)}, ${formatDuration(p.elapsedMs)} so far`
  const listed = p.waiting.slice(0, MAX_LISTED_PENDING).map((w) => `${describeRef(w.ref)} (${status(w.status)})`)
  if (p.waiting.length > MAX_LISTED_PENDING) listed.push(`… and ${p.waiting.length - MAX_LISTED_PENDING} more`)
  return `Still waiting on ${p.waiting.length} of ${p.total} targets, ${formatDuration(p.elapsedMs)} so far: ${listed.join(', ')}${p.settled > 0 ? `; ${p.settled} settled${failed}` : ''}`
}

/**
 * The line for a retry, or undefined when it repeats the cause of the one before: repeats are
 * folded into a count, shown on the 2nd, 4th, 8th… time, so a long outage stays a few lines.
 */
export function describeRetry(ref: TargetRef, reason: string, delayMs: number, timesInARow: number): string | undefined {
  return describeRetryOf(describeRef(ref), reason, delayMs, timesInARow)
}

/** The same for any request named by `subject` (a target, a search query). */
export function describeRetryOf(subject: string, reason: string, delayMs: number, timesInARow: number): string | undefined {
  if (timesInARow > 1 && (timesInARow & (timesInARow - 1)) !== 0) return undefined
  const count = timesInARow > 1 ? ` (${timesInARow} times in a row)` : ''
  return `${subject}: ${inert(reason, 300)}${count}, retrying in ${formatDuration(delayMs)}`
}

/**
 * Turns wait events into the step log. With one target its lines stream as they come, in a
 * group; with several, each target's lines are kept and printed as one group when it settles,
 * titled with its outcome. Groups are shown collapsed on the Actions page, so what says the step
 * is alive or why it waits (the heartbeat, retries, warnings) and how a target ended are printed
 * outside every group: with one target its group is closed for them, and opened again (as
 * "continued") when more of its lines come.
 */
export function createLogReporter(
  sink: LogSink,
  options: {
    streamLogs: boolean
    targets: readonly TargetRef[]
    clean: (text: string) => string
    /** Where a trimmed log's end can be read (`the job summary`), when the step writes it somewhere. */
    logEnd?: string | undefined
  }
): WaitEvents {
  const { clean } = options
  const only = options.targets.length === 1 ? options.targets[0] : undefined
  const buffers = new Map<string, string[]>()
  const keyOf = (ref: TargetRef) => `${ref.kind}:${ref.id}`
  let groups = 0
  let groupOpen = false
  const closeGroup = () => {
    if (groupOpen) sink.endGroup()
    groupOpen = false
  }
  /** A line outside every group. */
  const say = (line: string) => {
    closeGroup()
    sink.info(line)
  }
  const write = (ref: TargetRef, line: string) => {
    if (only) {
      if (!groupOpen) sink.startGroup(`Waiting on ${describeRef(only)}${groups++ > 0 ? ' (continued)' : ''}`)
      groupOpen = true
      sink.info(clean(line))
    } else {
      const buffer = buffers.get(keyOf(ref)) ?? []
      buffer.push(clean(line))
      buffers.set(keyOf(ref), buffer)
    }
  }
  // The cause of each target's last failed poll and how often in a row it came.
  const retries = new Map<string, { reason: string; times: number }>()

  return {
    statusChanged(ref, from, to, afterMs) {
      const change = from === undefined ? `status ${inert(to, 80)}` : `${inert(from, 80)} → ${inert(to, 80)}`
      write(ref, `${change} after ${formatDuration(afterMs)}`)
    },
    logLines(ref, lines, gap) {
      if (!options.streamLogs) return
      if (gap)
        write(
          ref,
          `(the platform trimmed or replaced this log since the last poll: lines before the next ones may be missing${options.logEnd ? `; ${options.logEnd} has its end` : ''})`
        )
      if (lines.length === 0) return
      const shown = inertLines(lines)
      for (const line of sink.untrusted ? sink.untrusted(shown) : shown) write(ref, line)
    },
    unknownStatus(ref, status) {
      closeGroup()
      sink.warning(
        clean(
          `${describeRef(ref)} reports status "${inert(status, 80)}", which this action does not know; waiting on as if pending (it can never count as success)`
        ),
        'status.unknown'
      )
    },
    pollDone(ref, pollNumber, outcome) {
      sink.debug(clean(`${describeRef(ref)} poll ${pollNumber}: ${inert(outcome, 300)}`))
      if (outcome.startsWith('status ')) retries.delete(keyOf(ref))
    },
    retrying(ref, reason, delayMs) {
      const last = retries.get(keyOf(ref))
      const times = last?.reason === reason ? last.times + 1 : 1
      retries.set(keyOf(ref), { reason, times })
      // Printed at once, also with several targets: a retry explains a wait that seems long.
      const line = describeRetry(ref, reason, delayMs, times)
      if (line) say(clean(line))
    },
    settled(report) {
      const prLink = report.parsed?.kind === 'job' ? report.parsed.data.prLink : undefined
      const checkUrl = report.parsed?.kind === 'platform-check' ? platformCheckUrl({ targets: [report] }) : ''
      const prLine = prLink ? `pull request: ${inert(prLink, 500)}` : checkUrl ? `platform's report: ${inert(checkUrl, 500)}` : undefined
      if (only) {
        say(clean(describeSettled(report)))
        if (prLine) say(clean(prLine))
        return
      }
      if (prLine) write(report.ref, prLine)
      sink.startGroup(clean(describeSettled(report)))
      for (const line of buffers.get(keyOf(report.ref)) ?? []) sink.info(line)
      sink.endGroup()
      buffers.delete(keyOf(report.ref))
    },
    notice(ref, message) {
      // Outside every group: it says why the wait goes on, or why it ended as it did.
      say(clean(`${describeRef(ref)}: ${inert(message, 600)}`))
    },
    progress(progress) {
      say(describeProgress(progress))
    }
  }
}
