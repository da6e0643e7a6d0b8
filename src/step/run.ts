// What every adapter does between reading its inputs and writing its results: parse the inputs,
// start the work and wait on it, and turn every fault into a defined outcome. The GitHub Action
// and the command line differ only in where inputs come from and where results go.
import { createApiClient, type ApiClient } from '../api/client.js'
import { systemClock } from '../engine/poll.js'
import { endedBeforeWaiting, runEngine } from '../engine/run.js'
import { parseInputs, type RawInputs } from '../inputs/parse.js'
import type {
  CommentSettings,
  DryRunCheck,
  DryRunPort,
  PlatformCheckPort,
  PlatformCheckSettings,
  RunEvents,
  RunOutcome,
  Settings,
  TargetRef
} from '../model.js'
import { inert, type LogSink } from '../report/log.js'
import { secretForms } from '../report/markdown.js'
import { createRunLog } from '../report/run-log.js'
import { counted, createRedactor } from '../text.js'

/** Every key the inputs hold, once each: masked by the adapter, cut out of everything written. */
export function secretsOf(raw: RawInputs): string[] {
  // page-header as given and its value alone: a log may show either.
  const header = raw['page-header'].trim()
  const headerValue = header.includes(':') ? header.slice(header.indexOf(':') + 1).trim() : ''
  return [...new Set([raw['admin-key'], raw['assistant-key'], raw['github-token'], header, headerValue])].filter((key) => key !== '')
}

/** What is written goes through this, which knows every spelling a key could take there. */
export function redactorFor(secrets: readonly string[]): (text: string) => string {
  return createRedactor(secretForms(secrets))
}

export interface WaitHooks {
  log: LogSink
  /** Cuts every spelling of a key out of text. */
  clean: (text: string) => string
  /** Writes one output at once (the started ids, before waiting). */
  setOutputNow: (name: string, value: string) => void
  /** Aborted on cancel. */
  signal: AbortSignal
  startedAt: number
  /** Problems the adapter found in its own way of reading the inputs (a command line's flags): with any, nothing is sent. */
  problems?: readonly string[]
  /** Where a trimmed update log's end can be read: the action's job summary, the command's summary file or JUnit report. */
  logEnd?: string | undefined
  /** Told when the wait starts (the "in progress" comment or note goes out then). */
  waiting?: (targets: readonly TargetRef[], settings: Settings) => void
  /** Opens the reader of what the platform's app reports on the run's commit (`platform-check`), where the runner can read it. */
  platformCheck?: ((settings: PlatformCheckSettings) => PlatformCheckPort) | undefined
  /** Where that reader reads from: `gitlab` needs no github-token (the command on GitLab CI); GitHub unless said. */
  platformCheckFrom?: 'github' | 'gitlab' | undefined
  /** The dry run's checks of the CI system (its token, the records asked for, the platform-check name), where the runner has them. */
  dryRun?: ((settings: Settings) => DryRunPort) | undefined
}

export interface WaitedRun {
  outcome: RunOutcome
  /** Undefined when the inputs were invalid. */
  settings: Settings | undefined
  /** The comment's settings when its own inputs are sound, even if others are not. */
  comment: CommentSettings | undefined
  /** Closes the connections and lookups still open. */
  close(): Promise<void>
}

/**
 * The client when base-url is not given: only a platform check is asked for, which is read from
 * GitHub, so the inputs' rules let no request reach it; one that did would end with this error.
 */
const NO_PLATFORM: ApiClient = {
  request: async () => ({ kind: 'fatal', reason: "base-url is not given, and the platform's API is needed for this", misconfigured: true }),
  close: async () => undefined
}

/** The marks of a dry run's check in the log. */
const CHECK_MARKS: Record<Exclude<DryRunCheck['state'], 'warning'>, string> = { ok: '✓', problem: '✗', unknown: '?' }

/** The dry run (`check`): every check a line of the log, nothing started; loaded only when asked for. */
async function dryRun(settings: Settings, client: ApiClient, hooks: WaitHooks): Promise<RunOutcome> {
  const { runDryRun } = await import('../engine/dry-run.js')
  hooks.log.info('Dry run (check): reading what the step would need; nothing is started and no record is written.')
  return runDryRun(settings, {
    client,
    clock: systemClock,
    signal: hooks.signal,
    startedAt: hooks.startedAt,
    port: hooks.dryRun?.(settings),
    checked(check) {
      const line = hooks.clean(`${inert(check.subject, 100)}: ${inert(check.words, 1500)}`)
      // A warning is marked as one where it runs; the other checks by their mark.
      if (check.state === 'warning') hooks.log.warning(line, 'check.unproven')
      else hooks.log.info(`${CHECK_MARKS[check.state]} ${line}`)
    }
  })
}

/** Parses the inputs, starts the work and waits on it; never throws. */
export async function waitForDocs(raw: RawInputs, secrets: readonly string[], hooks: WaitHooks): Promise<WaitedRun> {
  const { startedAt } = hooks
  let client: ApiClient | undefined
  let site: ApiClient | undefined
  let settings: Settings | undefined
  let comment: CommentSettings | undefined
  let outcome: RunOutcome
  try {
    const parsed = parseInputs(raw, hooks.platformCheckFrom ? { platformCheckFrom: hooks.platformCheckFrom } : {})
    comment = parsed.ok ? parsed.settings.comment : parsed.comment
    const problems = [...(hooks.problems ?? []), ...(parsed.ok ? [] : parsed.problems)]
    if (!parsed.ok || problems.length > 0) {
      const count = counted(problems.length, 'problem')
      outcome = endedBeforeWaiting(`Invalid input (${count}); no request was sent.`, Date.now() - startedAt, problems)
    } else {
      const ready = parsed.settings
      settings = ready
      client = ready.baseUrl ? createApiClient({ baseUrl: ready.baseUrl, secrets: [...secrets], requestTimeoutMs: ready.requestTimeoutMs }) : NO_PLATFORM
      const log = createRunLog(hooks.log, { settings: ready, clean: hooks.clean, setOutput: hooks.setOutputNow, logEnd: hooks.logEnd })
      const events: RunEvents = {
        ...log,
        waiting(targets) {
          hooks.waiting?.(targets, ready)
          return log.waiting(targets)
        }
      }
      // The site's client is a second one, with no key to send: the platform's keys never go to the site.
      const openSite = (url: URL) => {
        site ??= createApiClient({ baseUrl: url, secrets: [...secrets], requestTimeoutMs: ready.requestTimeoutMs, addressInput: 'site-url' })
        return site
      }
      const platformCheck = ready.platformCheck && hooks.platformCheck ? hooks.platformCheck(ready.platformCheck) : undefined
      if (ready.check) outcome = await dryRun(ready, client, hooks)
      else
        outcome = await runEngine(ready, { client, clock: systemClock, random: Math.random, signal: hooks.signal, startedAt, events, openSite, platformCheck })
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // Settings but no client: the client refused a proxy variable, before any request. Anything
    // else is not expected (every known fault has its own outcome); still a defined state.
    const headline = settings && !client ? `Cannot set up the connection: ${message}; no request was sent.` : `Unexpected error: ${message}`
    outcome = endedBeforeWaiting(headline, Date.now() - startedAt)
  }
  const opened = client
  const openedSite = site
  return {
    outcome,
    settings,
    comment,
    close: async () => {
      await Promise.all([opened?.close(), openedSite?.close()])
    }
  }
}
