import * as core from '@actions/core'
import { readRawInputs, type RawInputs } from '../inputs/parse.js'
import { listenForCancel } from '../step/cancel.js'
import { commentBudgetMs, inProgressBudgetMs } from '../step/limits.js'
import { redactorFor, secretsOf, waitForDocs } from '../step/run.js'
import { githubLog } from './log-sink.js'
import { commentOnPullRequest, postInProgressComment } from './pr-comment.js'
import { reportStep } from './report-step.js'

/**
 * The action, as a short list of steps: read the inputs, start the work and wait on it (the
 * engine), then report: outputs, the job summary, the step's result and the PR comment. Every
 * output and the summary are written on every outcome, including invalid input, timeout and
 * cancellation.
 */
export async function run(): Promise<void> {
  const startedAt = Date.now()
  const cancel = listenForCancel({ say: (line) => core.info(line), exitCode: () => 1 })
  const raw = readRawInputs((name) => core.getInput(name))
  const secrets = maskSecrets(raw)
  const hide = redactorFor(secrets)

  // The "in progress" comment, written while waiting; the outcome's comment comes after it.
  let inProgress: Promise<void> | undefined
  const waited = await waitForDocs(raw, secrets, {
    log: githubLog,
    clean: hide,
    setOutputNow,
    signal: cancel.signal,
    startedAt,
    waiting(targets, settings) {
      const comment = settings.comment
      if (!comment) return
      // Only while the wait runs: the outcome's comment needs the time after it.
      const budgetMs = inProgressBudgetMs(comment.requestTimeoutMs, startedAt, settings.timeoutMs)
      if (budgetMs > 0) inProgress = postInProgressComment(targets, settings.search, comment, hide, cancel.signal, budgetMs)
    }
  })
  cancel.stop()
  const { settings, comment } = waited

  // With invalid inputs the summary is still written unless it was plainly turned off.
  const summary = settings?.summary ?? raw.summary.trim().toLowerCase() !== 'false'
  const outcome = await reportStep(waited.outcome, { summary, failOnTimeout: settings?.failOnTimeout ?? true, timeoutMs: settings?.timeoutMs }, hide)
  await inProgress
  if (comment) {
    const exitBy = cancel.exitBy()
    const limitAt = settings && startedAt + settings.timeoutMs + settings.requestTimeoutMs
    await commentOnPullRequest(outcome, comment, hide, commentBudgetMs(comment.requestTimeoutMs, exitBy, limitAt), exitBy !== undefined)
  }
  await waited.close()
}

/** Masks every key before anything is logged; returns them for redaction. */
function maskSecrets(raw: RawInputs): string[] {
  const secrets = secretsOf(raw)
  for (const secret of secrets) core.setSecret(secret)
  return secrets
}

/** An output written as soon as it is known; a file that cannot take it is reported with all the outputs. */
function setOutputNow(name: string, value: string): void {
  try {
    core.setOutput(name, value)
  } catch {}
}
