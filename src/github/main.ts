import * as core from '@actions/core'
import { stepPasses } from '../engine/outcome.js'
import { readRawInputs, type RawInputs } from '../inputs/parse.js'
import { finishingWithin, listenForCancel } from '../step/cancel.js'
import { redactorFor, secretsOf } from '../step/run.js'
import { faultOutcome, lastNet, tellRun } from '../step/story.js'
import { githubLog } from './log-sink.js'
import { lazyPlatformCheck } from './platform-check.js'
import { githubRecords } from './records.js'
import { reportStep } from './report-step.js'

/** A step fails with exit code 1, whatever failed. */
const FAILED = 1

/**
 * The action: its inputs from the toolkit, its log, outputs, job summary and result through the
 * toolkit, and the records it keeps on GitHub (the pull request comment, the deployment, the
 * commit status), handed to the story of a run (step/story.ts). Every output and the summary
 * are written on every outcome, including invalid input, timeout and cancellation.
 */
export async function run(hooks: { decided?: (exitCode: number) => void } = {}): Promise<void> {
  const startedAt = Date.now()
  const cancel = listenForCancel({ say: (line) => core.info(line), warn: (line) => githubLog.warning(line, 'cancel.grace-ran-out'), exitCode: () => FAILED })
  const raw = readRawInputs((name) => core.getInput(name))
  const secrets = maskSecrets(raw)
  const clean = redactorFor(secrets)
  const rawSummary = raw.summary.trim().toLowerCase() !== 'false'
  const kept = { startedAt, cancel, log: githubLog, clean, raw }
  // Loaded only when the inputs ask for them: a run that keeps no record loads none of their code.
  const { records, deploymentId } = await githubRecords(kept, setOutputNow)
  await tellRun(
    {
      raw,
      secrets,
      clean,
      log: githubLog,
      cancel,
      startedAt,
      setOutputNow,
      logEnd: rawSummary ? 'the job summary' : undefined,
      records,
      waitOver({ settings, comment }) {
        // A cancel from here on does not stop the step short: it finishes what it writes within the grace.
        const records = [comment && 'the pull request comment', settings?.deployment && 'the deployment', settings?.commitStatus && 'the commit status']
        const writing = ['the outputs', 'the summary', ...records.filter((record): record is string => typeof record === 'string')]
        cancel.willNow(finishingWithin(writing))
      },
      async report(waited, settings) {
        const failOnTimeout = settings?.failOnTimeout ?? true
        // With invalid inputs the summary is still written unless it was plainly turned off.
        const options = {
          summary: settings?.summary ?? rawSummary,
          failOnTimeout,
          timeoutMs: settings?.timeoutMs,
          docsRoot: settings?.docsRoot,
          expectedCommit: settings?.expectSha ? await expectedCommitOf(settings.expectSha) : undefined
        }
        // The outputs are written at once; the summary's file is written after them, not at once.
        if (options.summary) cancel.reporting('the job summary')
        const outcome = await reportStep(waited, { ...options, deploymentId: deploymentId() }, clean)
        return { outcome, exitCode: stepPasses(outcome, failOnTimeout) ? 0 : FAILED }
      },
      decided: hooks.decided,
      platformCheck: (settings) => lazyPlatformCheck(settings, clean),
      // The dry run's reads of GitHub, loaded only for a dry run.
      dryRun: (settings) => ({ check: async (signal, ms) => (await import('./dry-run.js')).githubDryRun(settings, raw, clean).check(signal, ms) })
    },
    FAILED
  )
}

/**
 * The last net (src/github/index.ts): a fault no code foresaw becomes result=error with every
 * output and the summary, when the outcome was not reported yet, and closes the records opened
 * so far; after it, a warning, and the outcome stands. Never a stack trace.
 */
export async function unforeseen(error: unknown): Promise<'reported' | 'warned'> {
  try {
    const caught = lastNet(error, FAILED)
    if (caught && !caught.reported) return 'warned'
    if (caught) await caught.closing
    // Before the run began (its inputs not read yet): the error alone, with every output and the summary.
    else await reportStep(faultOutcome(error, Date.now()), { summary: true, failOnTimeout: true }, (text) => text)
  } catch {
    process.exitCode = FAILED
  }
  return 'reported'
}

/** What the step's words say of expect-sha on this event: loaded only when expect-sha is given, to keep start-up fast. */
async function expectedCommitOf(expectSha: string) {
  const [{ expectedCommitAdvice }, { context }] = await Promise.all([import('./run-commit.js'), import('@actions/github')])
  return expectedCommitAdvice(expectSha, context)
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
