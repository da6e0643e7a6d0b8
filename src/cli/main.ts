// The command line: flags and the environment → the story of a run (step/story.ts) → the log,
// the reports asked for, the GitLab records asked for, and an exit code that says what happened.
import packageJson from '../../package.json'
import { gitlabTokenOf, type NoteContext } from '../gitlab/context.js'
import { INPUT_NAMES } from '../inputs/fields.js'
import type { OutputName } from '../report/outputs.js'
import { commandPlace } from '../report/place.js'
import { finishingWithin, listenForCancel } from '../step/cancel.js'
import { faultMessage } from '../step/guard.js'
import { redactorFor, secretsOf } from '../step/run.js'
import { lastNet, tellRun } from '../step/story.js'
import { actionOnlyWarnings } from './action-only.js'
import { EXIT, SIGNAL_EXIT } from './exit-codes.js'
import { readCommandLine } from './flags.js'
import { renderHelp } from './help.js'
import { createCommandLog, wantsColour } from './log.js'
import { quietWhenClosed, thenOnClose } from './output.js'
import { lazyGitLabPlatformCheck, platformCheckProblem } from './platform-check.js'
import { commandDryRun, commandRecords, type RecordsCode } from './records.js'
import { type ReportPlaces, reportCode, writeStartedIds } from './reports.js'
import { leftToWrite, logEndOf, reportResult } from './result.js'

export const VERSION: string = packageJson.version

type Env = Readonly<Record<string, string | undefined>>

export interface CommandIo extends RecordsCode {
  argv: readonly string[]
  env: Env
  stdout: { write(text: string): unknown; isTTY?: boolean }
  stderr: { write(text: string): unknown; isTTY?: boolean }
  /** Told the exit code as soon as the outcome decides it (the process keeps it, whatever ends it after). */
  decided?: (exitCode: number) => void
}

/** Runs the command; resolves with its exit code once every report is written and every record closed. */
export async function runCommand(io: CommandIo): Promise<number> {
  const startedAt = Date.now()
  const stdout = quietWhenClosed(io.stdout)
  const stderr = quietWhenClosed(io.stderr)
  const command = readCommandLine(io.argv, io.env)
  if (command.info) {
    stdout.write(command.info === 'help' ? renderHelp(VERSION) : `${VERSION}\n`)
    return 0
  }
  const { raw, options } = command
  const gitlabToken = gitlabTokenOf(options.gitlabToken, io.env)
  const secrets = [...secretsOf(raw), ...(gitlabToken ? [gitlabToken] : [])]
  const clean = redactorFor(secrets)
  // With --json, stdout holds the JSON object alone; without, the log goes on on stderr once stdout's reader left.
  const logStream = options.json ? stderr : thenOnClose(stdout, stderr)
  const gitlab = io.env.GITLAB_CI === 'true'
  // Every line names an input as it was given here (its flag or variable), the engine's reasons too.
  const place = commandPlace(gitlab ? 'gitlab' : 'other', command.sources, INPUT_NAMES)
  const words = (text: string) => clean(place.asGiven(text))
  const log = createCommandLog({ write: (text) => logStream.write(text), words, gitlab, colour: wantsColour(logStream, io.env), verbose: options.verbose })
  for (const warning of command.warnings) log.warning(warning, 'input.key-as-flag')
  for (const warning of actionOnlyWarnings(raw)) log.warning(warning, 'input.action-only')
  const cancel = listenForCancel({
    say: (line) => log.info(line),
    exitCode: (signal) => SIGNAL_EXIT[signal as keyof typeof SIGNAL_EXIT] ?? 1,
    watchParent: true
  })
  const context: NoteContext = { token: options.gitlabToken, env: io.env, log, clean, signal: cancel.signal, startedAt, exitBy: cancel.exitBy }
  const asked = { note: options.mrComment, commitStatus: raw['commit-status'].trim() !== '' }
  const records = await commandRecords(context, raw, asked, io)
  const { outputFile, dotenv, dotenvPrefix, junit, summaryFile } = options
  const places: ReportPlaces = { outputFile, dotenv, dotenvPrefix, junit, summaryFile, summary: raw.summary.trim().toLowerCase() !== 'false' }
  const sinks = { places, code: reportCode(places), place, clean, log, json: options.json ? stdout : undefined, startedAt, cancel }
  // platform-check is read on GitLab CI alone, from the pipeline's commit: anywhere else, or without a token that reads it, invalid input.
  const checkProblem = raw['platform-check'].trim() === '' ? undefined : platformCheckProblem(gitlabToken, io.env)
  const startedIds: Partial<Record<OutputName, string>> = {}
  return tellRun(
    {
      raw,
      secrets,
      clean,
      log,
      cancel,
      startedAt,
      setOutputNow(name, value) {
        startedIds[name as OutputName] = value
        writeStartedIds(startedIds, places)
      },
      logEnd: logEndOf(places),
      problems: checkProblem ? [...command.problems, checkProblem] : command.problems,
      platformCheck: () => lazyGitLabPlatformCheck(gitlabToken, io.env, clean),
      platformCheckFrom: 'gitlab',
      records,
      waitOver: () => cancel.willNow(finishingWithin(leftToWrite(sinks, asked))),
      report: (outcome, settings, signal) => reportResult(sinks, outcome, settings, signal),
      decided: io.decided,
      dryRun: commandDryRun(context, raw, asked, io)
    },
    EXIT.error
  )
}

/**
 * The last net (src/cli/index.ts): a fault no code foresaw becomes the outcome `error`, with
 * every report and exit code 4, when the outcome was not reported yet; after it, a warning, and
 * the outcome's exit code stands (step/story.ts). Never a stack trace.
 */
export function unforeseen(error: unknown, stderr: { write(text: string): unknown }): { exitCode: number; reported: boolean; closing?: Promise<void> } {
  try {
    const caught = lastNet(error, EXIT.error)
    if (caught) return caught
    stderr.write(`Unexpected error: ${faultMessage(error)}\n`)
  } catch {}
  return { exitCode: EXIT.error, reported: true }
}
