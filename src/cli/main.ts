// The command line: flags and the environment → the shared run → the log, the reports asked
// for, the merge request note, and an exit code that says what happened.
import packageJson from '../../package.json'
import type { RawInputs } from '../inputs/parse.js'
import type { RunOutcome, Settings, TargetRef } from '../model.js'
import { failureMessage } from '../report/explain.js'
import type { OutputName } from '../report/outputs.js'
import { commandPlace } from '../report/place.js'
import { stepPasses } from '../engine/outcome.js'
import { endedBeforeWaiting } from '../engine/run.js'
import { listenForCancel } from '../step/cancel.js'
import { faultMessage } from '../step/guard.js'
import { redactorFor, secretsOf, waitForDocs } from '../step/run.js'
import { inertJson } from '../text.js'
import { EXIT, exitCodeOf, SIGNAL_EXIT } from './exit-codes.js'
import { readCommandLine } from './flags.js'
import { renderHelp } from './help.js'
import { jsonReport } from './json-report.js'
import type { PipelineCommitStatus } from './commit-status.js'
import { type CommandLog, createCommandLog, wantsColour } from './log.js'
import { quietWhenClosed, thenOnClose } from './output.js'
import { type ReportPlaces, writeReports, writeStartedIds } from './reports.js'

export const VERSION: string = packageJson.version

type Env = Readonly<Record<string, string | undefined>>

/** What the merge request note (GitLab, `--mr-comment`) is given to work with. */
export interface NoteContext {
  /** `WAIT_FOR_DOCS_GITLAB_TOKEN` or `--gitlab-token`; '' when neither is set. */
  token: string
  /** The environment: `CI_API_V4_URL`, `CI_PROJECT_ID`, `CI_MERGE_REQUEST_IID`, `CI_JOB_URL`… */
  env: Env
  log: CommandLog
  /** Cuts every spelling of a key out of text. */
  clean: (text: string) => string
  /** Aborted on SIGINT / SIGTERM. */
  signal: AbortSignal
  startedAt: number
  /** When the process must be gone by, once a signal came (the note's writes end by then, step/limits.ts). */
  exitBy: () => number | undefined
}

/**
 * The merge request note: "in progress" when the wait starts, replaced in place by the outcome.
 * A note that cannot be written is a warning; neither method may throw, change the outcome or
 * take longer than the step's time limit (step/limits.ts has the budgets).
 */
export interface MergeRequestNote {
  /** Called when the wait starts; not awaited before the wait, awaited before the outcome's note. */
  inProgress(targets: readonly TargetRef[], settings: Settings): Promise<void>
  /** Called once every report is written; `settings` is undefined when the inputs were invalid. */
  outcome(outcome: RunOutcome, settings: Settings | undefined): Promise<void>
}

export interface CommandIo {
  argv: readonly string[]
  env: Env
  stdout: { write(text: string): unknown; isTTY?: boolean }
  stderr: { write(text: string): unknown; isTTY?: boolean }
  /** Makes the merge request note for `--mr-comment` (`createMergeRequestNote` of mr-note.ts); `raw` holds every input as given. */
  note?: (context: NoteContext, raw: RawInputs) => MergeRequestNote
  /** Makes the GitLab commit status for `--commit-status` (`createPipelineCommitStatus` of commit-status.ts); it takes the note's token. */
  commitStatus?: (context: NoteContext, raw: RawInputs) => PipelineCommitStatus
  /** Told the exit code as soon as the outcome decides it (the process keeps it, whatever ends it after). */
  decided?: (exitCode: number) => void
}

/** Runs the command; resolves with its exit code once every report is written. */
export async function runCommand(io: CommandIo): Promise<number> {
  const startedAt = Date.now()
  const stdout = quietWhenClosed(io.stdout)
  const stderr = quietWhenClosed(io.stderr)
  const command = readCommandLine(io.argv, io.env)
  if (command.info === 'help') {
    stdout.write(renderHelp(VERSION))
    return 0
  }
  if (command.info === 'version') {
    stdout.write(`${VERSION}\n`)
    return 0
  }
  const { raw, options } = command
  // The advice in the log and every report speaks the words of where the command runs.
  const place = commandPlace(io.env.GITLAB_CI === 'true' ? 'gitlab' : 'other', command.sources)
  const secrets = [...secretsOf(raw), ...(options.gitlabToken ? [options.gitlabToken] : [])]
  const clean = redactorFor(secrets)
  // With --json, stdout holds the JSON object alone; without, the log goes on on stderr once stdout's reader left.
  const logStream = options.json ? stderr : thenOnClose(stdout, stderr)
  const log = createCommandLog({
    write: (text) => logStream.write(clean(text)),
    gitlab: io.env.GITLAB_CI === 'true',
    colour: wantsColour(logStream, io.env),
    verbose: options.verbose
  })
  for (const warning of command.warnings) log.warning(warning)
  if (raw['pr-comment'].trim().toLowerCase() === 'true')
    log.warning(
      'pr-comment is the GitHub Action’s pull request comment; the command line writes none. On GitLab, --mr-comment keeps a note on the merge request.'
    )
  if (raw['deployment-environment'].trim() !== '')
    log.warning(
      'deployment-environment is the GitHub Action’s deployment record; the command line records none. On GitLab, give the job an environment: with url: $DOCS_PREVIEW_URL from the dotenv report.'
    )

  const cancel = listenForCancel({
    say: (line) => log.info(line),
    exitCode: (signal) => SIGNAL_EXIT[signal as keyof typeof SIGNAL_EXIT] ?? 1,
    watchParent: true
  })
  const noteContext: NoteContext = { token: options.gitlabToken, env: io.env, log, clean, signal: cancel.signal, startedAt, exitBy: cancel.exitBy }
  const note = options.mrComment ? makeNote(io, noteContext, raw) : undefined
  const commitStatus = raw['commit-status'].trim() !== '' ? makeCommitStatus(io, noteContext, raw) : undefined
  const places: ReportPlaces = {
    outputFile: options.outputFile,
    dotenv: options.dotenv,
    dotenvPrefix: options.dotenvPrefix,
    junit: options.junit,
    summaryFile: options.summaryFile,
    summary: raw.summary.trim().toLowerCase() !== 'false'
  }
  // Writes the reports of an outcome, says the result; returns the outcome reported and its exit code.
  const report = (reported: RunOutcome, settings: Settings | undefined, signal: NodeJS.Signals | undefined) => {
    const failOnTimeout = settings?.failOnTimeout ?? true
    const explain = { ...(settings ? { timeoutMs: settings.timeoutMs, docsRoot: settings.docsRoot } : {}), place }
    const verdict = (outcome: RunOutcome) => ({
      exitCode: exitCodeOf(outcome, failOnTimeout, signal),
      message: outcome.result === 'success' ? outcome.headline : failureMessage(outcome, explain)
    })
    const outcome = writeReports(reported, { places: { ...places, summary: settings?.summary ?? places.summary }, explain, clean, log, verdict })
    const { exitCode, message } = verdict(outcome)
    sayResult(log, outcome, stepPasses(outcome, failOnTimeout), message, exitCode)
    if (options.json) stdout.write(`${inertJson(jsonReport(outcome, { exitCode, message }, clean))}\n`)
    return { outcome, exitCode }
  }
  const guarded: Guarded = { clean, log, startedAt, exitCode: undefined, report: (outcome) => report(outcome, undefined, undefined).exitCode }
  current = guarded
  const startedIds: Partial<Record<OutputName, string>> = {}
  let inProgress: Promise<void> | undefined
  let running: Promise<void> | undefined
  const waited = await waitForDocs(raw, secrets, {
    log,
    clean,
    setOutputNow(name, value) {
      startedIds[name as OutputName] = value
      writeStartedIds(startedIds, places)
    },
    signal: cancel.signal,
    startedAt,
    // The reports that hold an update's log tail.
    logEnd: places.summaryFile && places.summary ? `the summary file (${places.summaryFile})` : places.junit ? `the JUnit report (${places.junit})` : undefined,
    problems: command.problems,
    waiting(targets, settings) {
      // Opened from here on: a fault the last net catches closes them too, with its error.
      guarded.closeRecords = async (outcome) => {
        await Promise.all([note?.outcome(outcome, settings), commitStatus?.outcome(outcome, settings)])
      }
      inProgress = note?.inProgress(targets, settings)
      running = commitStatus?.running(targets, settings)
    }
  })
  const { settings } = waited
  // An unforeseen fault already reported the run as an error: that stands.
  if (guarded.exitCode !== undefined) return guarded.exitCode
  // A signal decides the exit code only when it cut the run short, not when it came after.
  const { outcome, exitCode } = report(waited.outcome, settings, waited.outcome.result === 'cancelled' ? cancel.received() : undefined)
  guarded.exitCode = exitCode
  // From here on a signal only shortens the note's last write (to the grace); the exit code is the outcome's.
  cancel.decided(exitCode)
  io.decided?.(exitCode)

  // The commit status's outcome goes out beside the note's, within the same time limits.
  const statusWritten = commitStatus?.outcome(outcome, settings)
  await inProgress
  await note?.outcome(outcome, settings)
  await running
  await statusWritten
  cancel.stop()
  await waited.close()
  return exitCode
}

interface Guarded {
  clean: (text: string) => string
  log: CommandLog
  startedAt: number
  /** Once the outcome is reported, its exit code. */
  exitCode: number | undefined
  report: (outcome: RunOutcome) => number
  /** Once waiting began: closes the note and the commit status it opened with an outcome. */
  closeRecords?: (outcome: RunOutcome) => Promise<void>
}

/** What the last net needs of the run in progress. */
let current: Guarded | undefined

/**
 * The last net (src/cli/index.ts): a fault no code foresaw becomes the outcome `error`, with
 * every report and exit code 4, when the outcome was not reported yet; after it, a warning, and
 * the outcome's exit code stands. Never a stack trace. Returns the exit code.
 */
export function unforeseen(error: unknown, stderr: { write(text: string): unknown }): { exitCode: number; reported: boolean; closing?: Promise<void> } {
  const run = current
  const what = `Unexpected error: ${faultMessage(error)}`
  try {
    if (!run) {
      stderr.write(`${what}\n`)
      return { exitCode: EXIT.error, reported: true }
    }
    if (run.exitCode !== undefined) {
      run.log.warning(
        run.clean(`${what}. It came after the outcome was reported, which stands. Please report it to the maintainers of wait-for-docs with this message.`)
      )
      return { exitCode: run.exitCode, reported: false }
    }
    run.exitCode = EXIT.error
    const headline = `${what}. The docs' outcome could not be learnt: run the job again, and if it happens again report it to the maintainers of wait-for-docs with this message.`
    const ended = endedBeforeWaiting(run.clean(headline), Date.now() - run.startedAt)
    run.exitCode = run.report(ended)
    // What was opened "in progress" or "running" must not stay so: closed with the error, within their limits.
    const closing = run.closeRecords?.(ended).catch(() => undefined)
    return { exitCode: run.exitCode, reported: true, ...(closing ? { closing } : {}) }
  } catch {
    return { exitCode: EXIT.error, reported: true }
  }
}

function makeNote(io: CommandIo, context: NoteContext, raw: RawInputs): MergeRequestNote | undefined {
  if (io.note) return io.note(context, raw)
  context.log.warning('--mr-comment is set, but this build of wait-for-docs has no merge request note. No note was written.')
  return undefined
}

function makeCommitStatus(io: CommandIo, context: NoteContext, raw: RawInputs): PipelineCommitStatus | undefined {
  if (io.commitStatus) return io.commitStatus(context, raw)
  context.log.warning('commit-status is set, but this build of wait-for-docs has no commit status. No commit status was written.')
  return undefined
}

function sayResult(log: CommandLog, outcome: RunOutcome, passes: boolean, message: string, exitCode: number): void {
  const code = `(exit code ${exitCode})`
  if (outcome.result === 'success') log.success(`Result: success — ${outcome.headline} ${code}`)
  else if (passes) log.warning(`Result: timeout — ${outcome.headline} (fail-on-timeout is false, so the command succeeds) ${code}`)
  else log.error(`Result: ${outcome.result} ${code}\n${message}`)
}
