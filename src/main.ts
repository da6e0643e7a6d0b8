import * as core from '@actions/core'
import { listenForCancel } from './cancel.js'
import { endedBeforeWaiting, runEngine } from './engine/run.js'
import { createRunLog } from './report/run-log.js'
import { createApiClient, type ApiClient } from './api/client.js'
import { formatDuration } from './durations.js'
import { parseInputs, readRawInputs } from './inputs.js'
import { stepPasses } from './engine/outcome.js'
import { systemClock } from './engine/poll.js'
import { failureMessage, fileAnnotations } from './report/explain.js'
import { computeOutputs } from './report/outputs.js'
import { outputsNotWritten, summaryNotWritten, writeOutputs } from './report/publish.js'
import { renderSummary } from './report/summary.js'
import { commentMarker, commentTarget, explainCommentError, renderComment, upsertComment } from './report/comment.js'
import { secretForms } from './report/markdown.js'
import { createRedactor } from './text.js'
import type { CommentSettings, RunOutcome, Settings } from './model.js'

/** After a cancel, the comment must be done this long before the process is made to exit. */
const COMMENT_EXIT_MARGIN_MS = 200

/**
 * The action: read inputs, wait on every target, then write outputs, the job summary and the
 * log, and fail the step unless the docs made it. Outputs and summary are written on every
 * outcome, including invalid input, timeout and cancellation.
 */
export async function run(): Promise<void> {
  const startedAt = Date.now()
  const cancel = listenForCancel()

  const raw = readRawInputs((name) => core.getInput(name))
  const secrets = [...new Set([raw['admin-key'], raw['assistant-key'], raw['github-token']])].filter((key) => key !== '')
  for (const secret of secrets) core.setSecret(secret)
  // What is written goes through this, which knows every spelling a key could take there.
  const hide = createRedactor(secretForms(secrets))

  let client: ApiClient | undefined
  let settings: Settings | undefined
  let comment: CommentSettings | undefined
  let outcome: RunOutcome
  try {
    const parsed = parseInputs(raw)
    comment = parsed.ok ? parsed.settings.comment : parsed.comment
    if (!parsed.ok) {
      const count = `${parsed.problems.length} problem${parsed.problems.length === 1 ? '' : 's'}`
      outcome = endedBeforeWaiting(`Invalid input (${count}); no request was sent.`, Date.now() - startedAt, parsed.problems)
    } else {
      settings = parsed.settings
      client = createApiClient({ baseUrl: settings.baseUrl, secrets, requestTimeoutMs: settings.requestTimeoutMs })
      // Written as soon as they are known; a file that cannot take them is reported with all the outputs.
      const setOutputNow = (name: string, value: string) => {
        try {
          core.setOutput(name, value)
        } catch {}
      }
      const events = createRunLog(core, { settings, secrets, clean: hide, setOutput: setOutputNow })
      outcome = await runEngine(settings, { client, clock: systemClock, random: Math.random, signal: cancel.signal, startedAt, events })
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
  // What was reported: an error if the outputs could not be written, which the comment says too.
  outcome = await report(outcome, { summary, failOnTimeout: settings?.failOnTimeout ?? true, timeoutMs: settings?.timeoutMs }, hide)
  // A cancelled run is commented too, in what is left of the grace period.
  if (comment) {
    const exitBy = cancel.exitBy()
    const budgetMs = exitBy === undefined ? comment.requestTimeoutMs : Math.max(1, exitBy - COMMENT_EXIT_MARGIN_MS - Date.now())
    await commentOnPullRequest(outcome, comment, hide, budgetMs, exitBy !== undefined)
  }
  await client?.close()
}

/** Creates or updates the PR comment; a failure here is a warning, never a failed step. */
async function commentOnPullRequest(
  outcome: RunOutcome,
  settings: CommentSettings,
  clean: (text: string) => string,
  budgetMs: number,
  cancelled: boolean
): Promise<void> {
  // Every request of the comment shares one budget (request-timeout, or the rest of the grace
  // period after a cancel), so a GitHub API that does not answer cannot hold the step.
  const budget = AbortSignal.timeout(budgetMs)
  try {
    const github = await import('@actions/github')
    const { context } = github
    const target = commentTarget(context, settings.prNumberTarget)
    if ('skip' in target) {
      core.warning(`pr-comment is set, but ${target.skip}. No comment was written.`)
      return
    }
    const marker = commentMarker(settings.kinds, context.workflow, context.job)
    const runUrl = context.runId ? `${context.serverUrl}/${target.owner}/${target.repo}/actions/runs/${context.runId}` : undefined
    const body = clean(renderComment(outcome, marker, runUrl))
    const octokit = github.getOctokit(settings.githubToken)
    // Set in a hook, the signal reaches every request, pages of the listing included, and the
    // proxy-aware fetch of the defaults stays in place (a `request` option would replace it).
    octokit.hook.before('request', (options) => {
      options.request = { ...options.request, signal: budget }
    })
    const done = await upsertComment(octokit, target, marker, body)
    core.info(`${done === 'created' ? 'Commented' : 'Updated the comment'} on pull request #${target.number}.`)
  } catch (error) {
    const why = !budget.aborted
      ? explainCommentError(error)
      : cancelled
        ? 'the GitHub API did not answer before the cancelled run had to end'
        : `the GitHub API did not answer within ${formatDuration(budgetMs)} (request-timeout)`
    core.warning(clean(`The pull request comment could not be written: ${why}. The step's result does not depend on it.`))
  }
}

async function report(
  waited: RunOutcome,
  options: { summary: boolean; failOnTimeout: boolean; timeoutMs?: number },
  clean: (text: string) => string
): Promise<RunOutcome> {
  let outcome = waited
  // Outputs the runner cannot take fail the step, but the summary still says what happened.
  const notWritten = writeOutputs(computeOutputs(outcome), (name, value) => core.setOutput(name, clean(value)))
  if (notWritten) outcome = outputsNotWritten(outcome, notWritten)

  if (options.summary) {
    try {
      await core.summary.addRaw(clean(renderSummary(outcome))).write({ overwrite: false })
    } catch (error) {
      core.warning(clean(summaryNotWritten(error)))
    }
  }

  const passes = stepPasses(outcome, options.failOnTimeout)
  if (outcome.result === 'success') core.info(clean(`Result: success — ${outcome.headline}`))
  else if (passes) core.warning(clean(`Result: timeout — ${outcome.headline} (fail-on-timeout is false, so the step passes)`))
  else {
    const timeoutNote = outcome.result === 'timeout' && !options.failOnTimeout ? '\n(fail-on-timeout: false lets a timeout pass, but a target also failed)' : ''
    core.setFailed(clean(`${failureMessage(outcome, { timeoutMs: options.timeoutMs })}${timeoutNote}`))
  }
  annotateFiles(outcome, clean)
  return outcome
}

/** A failed update's log line that names a docs file shows on that file, in the pull request's diff too. */
function annotateFiles(outcome: RunOutcome, clean: (text: string) => string): void {
  for (const note of fileAnnotations(outcome))
    core.error(clean(note.message), { title: 'Docs update failed', file: note.file, ...(note.line === undefined ? {} : { startLine: note.line }) })
}
