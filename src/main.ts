import * as core from '@actions/core'
import { createApiClient, type ApiClient } from './api/client.js'
import { formatDuration } from './durations.js'
import { parseInputs, readRawInputs, type CommentSettings, type Settings } from './inputs.js'
import { overallResult, stepPasses, worstResult, type Result, type RunOutcome } from './outcome.js'
import { systemClock } from './poll/poll.js'
import { createLogReporter, describeQuery } from './report/log.js'
import { describeWork, failureMessage, fileAnnotations } from './report/explain.js'
import { computeOutputs } from './report/outputs.js'
import { renderSummary } from './report/summary.js'
import { commentCommit, commentMarker, commentTarget, explainCommentError, renderComment, renderInProgressComment, upsertComment } from './report/comment.js'
import { runSearchCheck, skippedSearch, type SearchReport } from './search.js'
import { secretForms } from './report/markdown.js'
import { createRedactor } from './text.js'
import { describeRef, waitForTargets, type TargetReport } from './wait.js'

/** After SIGINT/SIGTERM the process ends within this, whatever is still running. */
const CANCEL_GRACE_MS = 1500
/** After a cancel, the comment must be done this long before the process is made to exit. */
const COMMENT_EXIT_MARGIN_MS = 200

/**
 * The action: read inputs, wait on every target, then write outputs, the job summary and the
 * log, and fail the step unless the docs made it. Outputs and summary are written on every
 * outcome, including invalid input, timeout and cancellation.
 */
export async function run(): Promise<void> {
  const startedAt = Date.now()
  const cancel = new AbortController()
  // When the process must be gone by, once a signal came.
  let exitBy: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (cancel.signal.aborted) return
    core.info(`Received ${signal}: stopping the wait and writing the outputs.`)
    exitBy = Date.now() + CANCEL_GRACE_MS
    cancel.abort()
    setTimeout(() => process.exit(1), CANCEL_GRACE_MS).unref()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  const raw = readRawInputs((name) => core.getInput(name))
  const secrets = [...new Set([raw['admin-key'], raw['assistant-key'], raw['github-token']])].filter((key) => key !== '')
  for (const secret of secrets) core.setSecret(secret)
  // What is written goes through this, which knows every spelling a key could take there.
  const hide = createRedactor(secretForms(secrets))

  let client: ApiClient | undefined
  let settings: Settings | undefined
  let comment: CommentSettings | undefined
  let outcome: RunOutcome
  // The "in progress" comment, written while waiting; the outcome's comment comes after it.
  let inProgress: Promise<void> | undefined
  try {
    const parsed = parseInputs(raw)
    comment = parsed.ok ? parsed.settings.comment : parsed.comment
    if (!parsed.ok) {
      const count = `${parsed.problems.length} problem${parsed.problems.length === 1 ? '' : 's'}`
      outcome = errorOutcome(`Invalid input (${count}); no request was sent.`, startedAt, parsed.problems)
    } else {
      settings = parsed.settings
      client = createApiClient({ baseUrl: settings.baseUrl, secrets })
      if (comment && settings.targets.length > 0) inProgress = postInProgressComment(settings, comment, hide, cancel.signal)
      outcome = await waitStep(settings, client, cancel.signal, secrets, startedAt)
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // Settings but no client: the client refused a proxy variable, before any request. Anything
    // else is not expected (every known fault has its own outcome); still a defined state.
    const headline = settings && !client ? `Cannot set up the connection: ${message}; no request was sent.` : `Unexpected error: ${message}`
    outcome = errorOutcome(headline, startedAt)
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
  // With invalid inputs the summary is still written unless it was plainly turned off.
  const summary = settings?.summary ?? raw.summary.trim().toLowerCase() !== 'false'
  await report(outcome, { summary, failOnTimeout: settings?.failOnTimeout ?? true, timeoutMs: settings?.timeoutMs }, hide)
  // A cancelled run is commented too, in what is left of the grace period.
  await inProgress
  if (comment) {
    const budgetMs = exitBy === undefined ? comment.requestTimeoutMs : Math.max(1, exitBy - COMMENT_EXIT_MARGIN_MS - Date.now())
    await commentOnPullRequest(outcome, comment, hide, budgetMs, exitBy !== undefined)
  }
  await client?.close()
}

/** The outcome of a run that ends before (or instead of) waiting. */
function errorOutcome(headline: string, startedAt: number, problems: readonly string[] = []): RunOutcome {
  return { result: 'error', headline, problems, targets: [], search: undefined, elapsedMs: Date.now() - startedAt }
}

async function waitStep(settings: Settings, client: ApiClient, signal: AbortSignal, secrets: string[], startedAt: number): Promise<RunOutcome> {
  const { targets } = settings
  const deadline = startedAt + settings.timeoutMs
  const maskKeys = createRedactor(secrets)
  const polling = `timeout ${formatDuration(settings.timeoutMs)}, polling every ${formatDuration(settings.minIntervalMs)}–${formatDuration(settings.maxIntervalMs)}`
  let reports: TargetReport[] = []
  if (targets.length > 0) {
    const what = targets.length === 1 && targets[0] ? describeRef(targets[0]) : `${targets.length} targets`
    core.info(`Waiting on ${what} at ${settings.baseUrl.origin} (${polling})`)
    const events = createLogReporter(core, { streamLogs: settings.streamLogs, targets, secrets })
    reports = await waitForTargets(settings, { client, clock: systemClock, random: Math.random, signal, events })
  }
  const waited = overallResult(reports)

  let search: SearchReport | undefined
  if (settings.search && waited !== 'success') search = skippedSearch(waited, Date.now() - startedAt)
  else if (settings.search) {
    const queries = settings.search.queries
    core.startGroup(`Search check: ${queries.length} quer${queries.length === 1 ? 'y' : 'ies'} on ${settings.search.domain}`)
    search = await runSearchCheck(settings.search, {
      client,
      clock: systemClock,
      random: Math.random,
      signal,
      deadline,
      minIntervalMs: settings.minIntervalMs,
      maxIntervalMs: settings.maxIntervalMs,
      requestTimeoutMs: settings.requestTimeoutMs,
      onQuery: (query) => core.info(maskKeys(describeQuery(query)))
    })
    core.endGroup()
  }
  const result = worstResult([waited, search?.result ?? 'success'])
  return { result, headline: headline(result, reports, search), problems: [], targets: reports, search, elapsedMs: Date.now() - startedAt }
}

function headline(result: Result, reports: readonly TargetReport[], search: SearchReport | undefined): string {
  if (search && !search.skipped && search.result !== 'success' && search.result === result) {
    const checked =
      reports.length > 0 ? `${reports.length === 1 ? 'The wait' : `All ${reports.length} waits`} succeeded, but the search check did not: ` : 'Search check: '
    return `${checked}${search.error ?? search.result}`
  }
  if (reports.length === 0)
    return `Search check passed: ${search?.queries.length ?? 0} quer${search?.queries.length === 1 ? 'y' : 'ies'}, ${search?.queries.reduce((n, q) => n + q.results.length, 0) ?? 0} results.`
  const counted = reports.filter((r) => r.result === result)
  const first = counted[0]
  if (reports.length === 1 && first) {
    if (result === 'success') return `${describeRef(first.ref)} succeeded${first.note ? ` (${first.note})` : ''}.`
    return `${describeRef(first.ref)}: ${result}${first.error ? ` — ${first.error}` : ''}`
  }
  const succeeded = reports.filter((r) => r.result === 'success').length
  if (result === 'success') return `All ${reports.length} targets succeeded.`
  return `${succeeded}/${reports.length} targets succeeded; ${first ? `${describeRef(first.ref)}: ${result}${first.error ? ` — ${first.error}` : ''}` : result}`
}

/** Where the comment goes and what it says it reflects, or why it has nowhere to go. */
async function commentPlace(settings: CommentSettings) {
  const github = await import('@actions/github')
  const { context } = github
  const target = commentTarget(context, settings.prNumberTarget)
  if ('skip' in target) return { skip: target.skip } as const
  const marker = commentMarker(settings.kinds, context.workflow, context.job)
  const runUrl = context.runId ? `${context.serverUrl}/${target.owner}/${target.repo}/actions/runs/${context.runId}` : undefined
  return { github, target, marker, source: { runUrl, sha: commentCommit(context) } } as const
}

/**
 * Posts the "in progress" comment when waiting starts, so the pull request shows the wait at
 * once; the outcome replaces it. Best effort: the outcome's comment reports any problem.
 */
async function postInProgressComment(settings: Settings, comment: CommentSettings, clean: (text: string) => string, signal: AbortSignal): Promise<void> {
  const budget = AbortSignal.any([AbortSignal.timeout(comment.requestTimeoutMs), signal])
  try {
    const place = await commentPlace(comment)
    if ('skip' in place) return
    const work = describeWork({ targets: settings.targets.map((ref) => ({ ref })), search: settings.search })
    const body = clean(renderInProgressComment(place.marker, settings.targets, place.source, work))
    const octokit = place.github.getOctokit(comment.githubToken)
    octokit.hook.before('request', (options) => {
      options.request = { ...options.request, signal: budget }
    })
    await upsertComment(octokit, place.target, place.marker, body)
    core.info(`Posted "in progress" on pull request #${place.target.number}.`)
  } catch (error) {
    const why = budget.aborted ? 'the GitHub API did not answer in time' : explainCommentError(error)
    core.info(clean(`The "in progress" comment could not be written (${why}); the outcome will still be commented.`))
  }
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
    const place = await commentPlace(settings)
    if ('skip' in place) {
      core.warning(`pr-comment is set, but ${place.skip}. No comment was written.`)
      return
    }
    const { github, target, marker } = place
    const body = clean(renderComment(outcome, marker, place.source))
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
  outcome: RunOutcome,
  options: { summary: boolean; failOnTimeout: boolean; timeoutMs?: number },
  clean: (text: string) => string
): Promise<void> {
  const outputs = computeOutputs(outcome)
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, clean(value))

  if (options.summary) {
    try {
      await core.summary.addRaw(clean(renderSummary(outcome, { timeoutMs: options.timeoutMs }))).write({ overwrite: false })
    } catch (error) {
      core.warning(`Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`)
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
}

/** A failed update's log line that names a docs file shows on that file, in the pull request's diff too. */
function annotateFiles(outcome: RunOutcome, clean: (text: string) => string): void {
  for (const note of fileAnnotations(outcome))
    core.error(clean(note.message), { title: 'Docs update failed', file: note.file, ...(note.line === undefined ? {} : { startLine: note.line }) })
}
