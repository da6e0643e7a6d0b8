import * as core from '@actions/core'
import { formatDuration } from '../durations.js'
import { stepPasses } from '../engine/outcome.js'
import { commentWithoutToken, commitStatusWithoutToken, deploymentWithoutToken, readRawInputs, type RawInputs } from '../inputs/parse.js'
import type { RunOutcome, Settings } from '../model.js'
import { endedBeforeWaiting } from '../engine/run.js'
import { CANCEL_GRACE_MS, listenForCancel } from '../step/cancel.js'
import { faultMessage } from '../step/guard.js'
import type { StepLimits } from '../step/limits.js'
import { redactorFor, secretsOf, waitForDocs } from '../step/run.js'
import { recordCommitStatus } from './commit-status.js'
import { recordDeployment } from './deployment.js'
import { githubLog } from './log-sink.js'
import { type PullRequestComment, pullRequestComment } from './pr-comment.js'
import { reportStep } from './report-step.js'

/**
 * The action, as a short list of steps: read the inputs, start the work and wait on it (the
 * engine), then report: outputs, the job summary, the step's result, the PR comment and the
 * deployment. Every output and the summary are written on every outcome, including invalid
 * input, timeout and cancellation.
 */
export async function run(hooks: { decided?: (exitCode: number) => void } = {}): Promise<void> {
  const startedAt = Date.now()
  const current: NonNullable<typeof step> = { startedAt, hide: (text) => text, summary: true, reported: false }
  step = current
  const cancel = listenForCancel({ say: (line) => core.info(line), exitCode: () => 1 })
  const raw = readRawInputs((name) => core.getInput(name))
  const secrets = maskSecrets(raw)
  const hide = redactorFor(secrets)
  step.hide = hide
  step.summary = raw.summary.trim().toLowerCase() !== 'false'
  const deployment = recordDeployment({ clean: hide, setOutputNow, startedAt, cancel })
  const commitStatus = recordCommitStatus({ clean: hide, cancel })

  // The "in progress" comment, written while waiting; the outcome's comment comes after it.
  let prComment: PullRequestComment | undefined
  const waited = await waitForDocs(raw, secrets, {
    log: githubLog,
    clean: hide,
    setOutputNow,
    signal: cancel.signal,
    startedAt,
    logEnd: raw.summary.trim().toLowerCase() === 'false' ? undefined : 'the job summary',
    waiting(targets, settings) {
      // Opened from here on: a fault the last net catches closes them too, with its error.
      current.closeRecords = async (outcome) => {
        const limits = limitsOf(settings, startedAt)
        await Promise.all([deployment.settle(outcome, settings), commitStatus.settle(outcome, settings, limits), prComment?.outcome(outcome)])
      }
      deployment.begin(targets, settings)
      commitStatus.begin(targets, settings, limitsOf(settings, startedAt))
      if (!settings.comment) return
      prComment = pullRequestComment(settings.comment, hide, cancel, limitsOf(settings, startedAt))
      prComment.waiting(targets, settings.search)
    }
  })
  const { settings, comment } = waited
  // A cancel from here on does not stop the step short: it finishes what it writes within the grace.
  const records = [comment && 'the pull request comment', settings?.deployment && 'the deployment', settings?.commitStatus && 'the commit status'].filter(
    (record): record is string => typeof record === 'string'
  )
  const writing = ['the outputs', 'the summary', ...records].join(', ').replace(/, ([^,]*)$/, ' and $1')
  cancel.willNow(`the wait is over; finishing ${writing} within ${formatDuration(CANCEL_GRACE_MS)}.`)

  // With invalid inputs the summary is still written unless it was plainly turned off.
  const summary = settings?.summary ?? raw.summary.trim().toLowerCase() !== 'false'
  // An unforeseen fault already reported the step as an error: that stands.
  if (step.reported) return
  step.reported = true
  const outcome = await reportStep(
    waited.outcome,
    { summary, failOnTimeout: settings?.failOnTimeout ?? true, timeoutMs: settings?.timeoutMs, docsRoot: settings?.docsRoot, deploymentId: deployment.id() },
    hide
  )
  // The deployment's last status goes out beside the comment, within the same time limits.
  // From here on a signal only shortens the last writes; the step's result is the outcome's.
  const exitCode = stepPasses(outcome, settings?.failOnTimeout ?? true) ? 0 : 1
  cancel.decided(exitCode)
  hooks.decided?.(exitCode)
  const deployed = deployment.settle(outcome, settings)
  const statused = commitStatus.settle(outcome, settings, settings && limitsOf(settings, startedAt))
  if (comment) await (prComment ?? pullRequestComment(comment, hide, cancel, settings && limitsOf(settings, startedAt))).outcome(outcome)
  else if (commentWithoutToken(raw))
    core.warning("pr-comment is set, but github-token is empty (a secret that is not set?). No comment was written; the step's result does not depend on it.")
  if (deploymentWithoutToken(raw))
    core.warning(
      "deployment-environment is set, but github-token is empty (a secret that is not set?). No deployment was recorded; the step's result does not depend on it."
    )
  if (commitStatusWithoutToken(raw))
    core.warning(
      "commit-status is set, but github-token is empty (a secret that is not set?). No commit status was written, so a check that branch protection requires stays expected; the step's result does not depend on it."
    )
  await deployed
  await statused
  await waited.close()
  cancel.stop()
}

/** What the last net needs of the run in progress: whether its outcome is reported, and how to write one. */
let step:
  | {
      startedAt: number
      hide: (text: string) => string
      summary: boolean
      reported: boolean
      /** Once waiting began: closes the records it opened (comment, deployment, commit status) with an outcome. */
      closeRecords?: (outcome: RunOutcome) => Promise<void>
    }
  | undefined

/**
 * The last net (src/github/index.ts): a fault no code foresaw becomes result=error with every
 * output and the summary, when the outcome was not reported yet; after it, a warning, and the
 * outcome stands. Never a stack trace.
 */
export async function unforeseen(error: unknown): Promise<'reported' | 'warned'> {
  const hide = step?.hide ?? ((text: string) => text)
  const what = `Unexpected error: ${faultMessage(error)}`
  try {
    if (step?.reported) {
      core.warning(
        hide(`${what}. It came after the outcome was reported, which stands. Please report it to the maintainers of wait-for-docs with this message.`)
      )
      return 'warned'
    }
    if (step) step.reported = true
    const headline = `${what}. The docs' outcome could not be learnt: run the job again, and if it happens again report it to the maintainers of wait-for-docs with this message.`
    const reported = await reportStep(
      endedBeforeWaiting(headline, Date.now() - (step?.startedAt ?? Date.now())),
      { summary: step?.summary ?? true, failOnTimeout: true },
      hide
    )
    // What was opened "in progress" or "pending" must not stay so: closed with the error, within their limits.
    await step?.closeRecords?.(reported)
  } catch {
    process.exitCode = 1
  }
  return 'reported'
}

function limitsOf(settings: Settings, startedAt: number): StepLimits {
  return { startedAt, timeoutMs: settings.timeoutMs, requestTimeoutMs: settings.requestTimeoutMs }
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
