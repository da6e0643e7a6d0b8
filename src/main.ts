import * as core from '@actions/core'
import { createApiClient, type ApiClient } from './api/client.js'
import { listenForCancel } from './cancel.js'
import { systemClock } from './engine/poll.js'
import { endedBeforeWaiting, runEngine } from './engine/run.js'
import { parseInputs, readRawInputs, type RawInputs } from './inputs/parse.js'
import type { CommentSettings, RunEvents, RunOutcome, Settings } from './model.js'
import { secretForms } from './report/markdown.js'
import { commentOnPullRequest, postInProgressComment } from './report/pr-comment.js'
import { createRunLog } from './report/run-log.js'
import { reportStep } from './report/step.js'
import { counted, createRedactor } from './text.js'

/** After a cancel, the comment must be done this long before the process is made to exit. */
const COMMENT_EXIT_MARGIN_MS = 200
/**
 * The step ends within timeout + request-timeout + this, whatever the network does; the comment
 * keeps to it too, leaving the exit grace of index.ts (1 s) and the margin above.
 */
const STEP_BOUND_SLACK_MS = 2000
/** What the comment leaves of that slack: the exit grace, the margin above, and room for a busy event loop. */
const COMMENT_END_SLACK_MS = STEP_BOUND_SLACK_MS - 1000 - COMMENT_EXIT_MARGIN_MS - 300

/**
 * The action, as a short list of steps: read the inputs, start the work and wait on it (the
 * engine), then report: outputs, the job summary, the step's result and the PR comment. Every
 * output and the summary are written on every outcome, including invalid input, timeout and
 * cancellation.
 */
export async function run(): Promise<void> {
  const startedAt = Date.now()
  const cancel = listenForCancel()
  const raw = readRawInputs((name) => core.getInput(name))
  const secrets = maskSecrets(raw)
  // What is written goes through this, which knows every spelling a key could take there.
  const hide = createRedactor(secretForms(secrets))

  let client: ApiClient | undefined
  let settings: Settings | undefined
  let comment: CommentSettings | undefined
  // The "in progress" comment, written while waiting; the outcome's comment comes after it.
  let inProgress: Promise<void> | undefined
  let outcome: RunOutcome
  try {
    const parsed = parseInputs(raw)
    comment = parsed.ok ? parsed.settings.comment : parsed.comment
    if (!parsed.ok) {
      const count = counted(parsed.problems.length, 'problem')
      outcome = endedBeforeWaiting(`Invalid input (${count}); no request was sent.`, Date.now() - startedAt, parsed.problems)
    } else {
      const ready = parsed.settings
      settings = ready
      client = createApiClient({ baseUrl: ready.baseUrl, secrets, requestTimeoutMs: ready.requestTimeoutMs })
      const log = createRunLog(core, { settings: ready, clean: hide, setOutput: setOutputNow })
      const events: RunEvents = {
        ...log,
        waiting(targets) {
          if (comment) {
            // Only while the wait runs: the outcome's comment needs the time after it.
            const budgetMs = Math.min(comment.requestTimeoutMs, startedAt + ready.timeoutMs - Date.now())
            if (budgetMs > 0) inProgress = postInProgressComment(targets, ready.search, comment, hide, cancel.signal, budgetMs)
          }
          return log.waiting(targets)
        }
      }
      outcome = await runEngine(ready, { client, clock: systemClock, random: Math.random, signal: cancel.signal, startedAt, events })
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // Settings but no client: the client refused a proxy variable, before any request. Anything
    // else is not expected (every known fault has its own outcome); still a defined state.
    const headline = settings && !client ? `Cannot set up the connection: ${message}; no request was sent.` : `Unexpected error: ${message}`
    outcome = endedBeforeWaiting(headline, Date.now() - startedAt)
  } finally {
    cancel.stop()
  }

  // With invalid inputs the summary is still written unless it was plainly turned off.
  const summary = settings?.summary ?? raw.summary.trim().toLowerCase() !== 'false'
  outcome = await reportStep(
    outcome,
    { summary, failOnTimeout: settings?.failOnTimeout ?? true, timeoutMs: settings?.timeoutMs, docsRoot: settings?.docsRoot },
    hide
  )
  await inProgress
  if (comment) {
    const exitBy = cancel.exitBy()
    await commentOnPullRequest(
      outcome,
      comment,
      hide,
      commentBudgetMs(comment, exitBy, settings && startedAt + settings.timeoutMs + settings.requestTimeoutMs),
      exitBy !== undefined
    )
  }
  await client?.close()
}

/**
 * How long the outcome's comment may take: request-timeout, within the step's time limit
 * (`limitAt`, timeout + request-timeout past the start, plus the slack); after a cancel, what is
 * left of the grace period.
 */
function commentBudgetMs(comment: CommentSettings, exitBy: number | undefined, limitAt: number | undefined): number {
  const endBy = exitBy !== undefined ? exitBy - COMMENT_EXIT_MARGIN_MS : limitAt !== undefined ? limitAt + COMMENT_END_SLACK_MS : Number.POSITIVE_INFINITY
  return Math.max(1, Math.min(exitBy === undefined ? comment.requestTimeoutMs : Number.POSITIVE_INFINITY, endBy - Date.now()))
}

/** Masks every key before anything is logged; returns them for redaction. */
function maskSecrets(raw: RawInputs): string[] {
  const secrets = [...new Set([raw['admin-key'], raw['assistant-key'], raw['github-token']])].filter((key) => key !== '')
  for (const secret of secrets) core.setSecret(secret)
  return secrets
}

/** An output written as soon as it is known; a file that cannot take it is reported with all the outputs. */
function setOutputNow(name: string, value: string): void {
  try {
    core.setOutput(name, value)
  } catch {}
}
