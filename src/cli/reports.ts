// The reports the command writes where asked, on every outcome: the JSON object (to a file and
// to stdout), the dotenv file, the JUnit XML and the job summary's Markdown. A job may print any
// of them (or write it to /dev/stdout): none holds a command a CI would run (text.ts inertCommands).
import type { RunOutcome } from '../model.js'
import type { ExplainOptions, Explainer } from '../report/explainer.js'
import { addressesLeftOut, computeOutputs, OUTPUT_NAMES, type OutputName, type Outputs } from '../report/outputs.js'
import { outputsNotWritten, reasonOf } from '../report/publish.js'
import { inertCommands, inertJson, oneLine } from '../text.js'
import { renderDotenv } from './dotenv.js'
import { jsonReport } from './json-report.js'
import type { CommandLog } from './log.js'
import { holdsEarlyReport, isStream, type OpenedStream, openStream, type StreamWait, writeReportFile } from './write-file.js'

export interface ReportPlaces {
  outputFile: string | undefined
  dotenv: string | undefined
  dotenvPrefix: string
  junit: string | undefined
  summaryFile: string | undefined
  /** The `summary` input: false turns the summary file off too. */
  summary: boolean
}

/**
 * The code of the reports only their flags ask for: the JUnit XML (junit.ts) and the job summary
 * (report/summary.ts), each loaded once, and never on a run that asks for neither. Bundled, each
 * is a chunk beside index.js; one that cannot be loaded (a copy of the command without the files
 * beside its index.js) is that report's to say when it is written: it could not be.
 */
export interface ReportCode {
  junit(): Promise<typeof import('./junit.js')>
  summary(): Promise<typeof import('../report/summary.js')>
}

/** The report code `places` asks for, its loading started now (while the run waits) and awaited when the report is written. */
export function reportCode(places: ReportPlaces): ReportCode {
  const code: ReportCode = {
    junit: once(() => import('./junit.js')),
    summary: once(() => import('../report/summary.js'))
  }
  // Seen now, so that a load that fails is no unhandled rejection before its report is written.
  if (places.junit) code.junit().catch(() => undefined)
  if (places.summaryFile && places.summary) code.summary().catch(() => undefined)
  return code
}

/** A report whose code could not be loaded: what to check is the copy of the command, not the report's folder. */
class CodeNotLoaded extends Error {}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= Promise.resolve()
      .then(load)
      .catch((error: unknown) => {
        const why = oneLine(error instanceof Error ? error.message : String(error), 300)
        throw new CodeNotLoaded(
          `the code that writes it could not be loaded (${why}): check that this copy of wait-for-docs is complete (every file beside its index.js)`
        )
      })
    return loading
  }
}

export interface ReportContext {
  places: ReportPlaces
  /** The code of the reports their flags ask for (reportCode); made when not given. */
  code?: ReportCode
  explain: ExplainOptions
  /** The explainer of an outcome (load-explainer.ts: loaded once, and only when there is something to explain). */
  explainer: (outcome: RunOutcome) => Promise<Explainer>
  clean: (text: string) => string
  log: CommandLog
  /** The exit code and the message that go with an outcome, explained by `told`. */
  verdict: (outcome: RunOutcome, told: Explainer) => { exitCode: number; message: string }
  /** How long the streams' readers (a FIFO, a device) may keep the reports waiting, all of them together. */
  streams: StreamWait
  /** Whether the JSON object goes to stdout too (--json). */
  json?: boolean
}

interface Report {
  what: string
  file: string
  render: (outcome: RunOutcome, told: Explainer) => string | Promise<string>
  /** A report the outcome does not depend on: one that cannot be written is a warning. */
  optional?: boolean
}

function reportsAsked(context: ReportContext): Report[] {
  const { places, clean } = context
  const code = context.code ?? reportCode(places)
  const reports: Report[] = []
  if (places.outputFile)
    reports.push({ what: 'JSON report', file: places.outputFile, render: (o, told) => `${inertJson(jsonReport(o, context.verdict(o, told), clean), 2)}\n` })
  if (places.dotenv) reports.push({ what: 'dotenv report', file: places.dotenv, render: (o) => renderDotenv(cleanOutputs(o, clean), places.dotenvPrefix).text })
  if (places.junit)
    reports.push({ what: 'JUnit report', file: places.junit, render: async (o, told) => (await code.junit()).renderJunit(o, told, context.explain, clean) })
  if (places.summaryFile && places.summary)
    reports.push({
      what: 'job summary',
      file: places.summaryFile,
      render: async (o, told) => inertCommands(clean((await code.summary()).renderSummary(o, told, context.explain))),
      optional: true
    })
  return reports
}

function cleanOutputs(outcome: RunOutcome, clean: (text: string) => string) {
  const outputs = computeOutputs(outcome)
  for (const name of Object.keys(outputs) as (keyof typeof outputs)[]) outputs[name] = clean(outputs[name])
  return outputs
}

/**
 * Writes every report asked for. One that cannot be written makes the outcome an error (a
 * pipeline reads these files), said with why; the reports written before it are then written
 * again with that outcome, so no report says success when the run did not deliver. Streams (a
 * FIFO, a device) are opened and tried before anything is written, and written last: a file is
 * written again whole at no cost, while a stream's reader may read once, so it gets the outcome
 * that stands (a second time only if a stream failed in the middle of its write). Returns the
 * outcome reported.
 */
export async function writeReports(waited: RunOutcome, context: ReportContext): Promise<RunOutcome> {
  const { log, places } = context
  if (places.dotenv)
    for (const line of renderDotenv(cleanOutputs(waited, context.clean), places.dotenvPrefix).leftOut) log.info(`dotenv report: left out ${line}.`)
  if (places.dotenv || places.outputFile || context.json) for (const note of addressesLeftOut(waited)) log.info(context.clean(`${note}.`))
  const asked = reportsAsked(context)
  const reports = [...asked.filter((r) => !isStream(r.file)), ...asked.filter((r) => isStream(r.file))]
  const failed = new Set<Report>()
  const problems: string[] = []
  /** Whether a report failed on its file (its folder, the disk, a FIFO's reader), not on its code. */
  let onDisk = false
  /** Says why the report could not be written; false when the outcome must change. */
  const fail = (report: Report, error: unknown): boolean => {
    failed.add(report)
    const why = `The ${report.what} could not be written to ${report.file}: ${reasonOf(error)}`
    if (report.optional) log.warning(context.clean(`${why}. The outcome and the other reports stand.`), 'report.not-written')
    else {
      problems.push(why)
      onDisk ||= !(error instanceof CodeNotLoaded)
    }
    return report.optional === true
  }
  // Every stream is opened and tried first: one that cannot take its report changes the outcome
  // before any stream's reader is given one.
  const streams = new Map<Report, OpenedStream>()
  for (const report of reports)
    if (isStream(report.file))
      try {
        streams.set(report, openStream(report.file, context.streams))
      } catch (error) {
        fail(report, error)
      }
  const notWritten = () =>
    outputsNotWritten(
      waited,
      onDisk
        ? `${problems.join('; ')}. Check that its folder can be created and written to (a FIFO needs its reader), and the free disk space`
        : problems.join('; ')
    )
  let outcome = problems.length > 0 ? notWritten() : waited
  const holds = new Map<Report, RunOutcome>()
  try {
    // Until every report that can be written holds the outcome that stands: each pass either ends
    // or adds a report that failed, so there are at most as many passes as reports, plus one.
    for (let changed = true; changed; ) {
      changed = false
      for (const report of reports) {
        if (failed.has(report) || holds.get(report) === outcome) continue
        try {
          const text = await report.render(outcome, await context.explainer(outcome))
          const stream = streams.get(report)
          if (stream) await stream.write(text)
          else writeReportFile(report.file, text)
          holds.set(report, outcome)
        } catch (error) {
          if (fail(report, error)) continue
          outcome = notWritten()
          changed = true
          break
        }
      }
    }
  } finally {
    for (const stream of streams.values())
      try {
        stream.close()
      } catch {}
  }
  return outcome
}

/**
 * The ids of the work just started, written at once to the dotenv and JSON reports (which the
 * end of the run writes again whole): a job killed before it ends still leaves them. No
 * `result` yet, so nothing reads as a success. A file that refuses them now is reported then.
 * Only to what is a plain file (regular, missing, or a symlink to one): a device or a FIFO gets
 * the report once, at the end, and never a partial one before it.
 */
export function writeStartedIds(ids: Partial<Record<OutputName, string>>, places: ReportPlaces): void {
  const outputs = Object.fromEntries(OUTPUT_NAMES.map((name) => [name, ids[name] ?? ''])) as Outputs
  const started = Object.fromEntries(Object.entries(ids).filter(([, value]) => value !== ''))
  const early = (file: string | undefined, text: () => string) => {
    try {
      if (file && holdsEarlyReport(file)) writeReportFile(file, text())
    } catch {}
  }
  early(places.dotenv, () => renderDotenv(outputs, places.dotenvPrefix).text)
  early(places.outputFile, () => `${inertJson(started, 2)}\n`)
}
