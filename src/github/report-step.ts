import * as core from '@actions/core'
import { stepPasses } from '../engine/outcome.js'
import type { RunOutcome } from '../model.js'
import type { Explainer } from '../report/explainer.js'
import { explainerLoader } from '../report/load-explainer.js'
import { githubLog } from './log-sink.js'
import { addressesLeftOut, computeOutputs, listsCut } from '../report/outputs.js'
import { outputsNotWritten, summaryNotWritten, writeOutputs } from '../report/publish.js'
import { renderSummary } from '../report/summary.js'
import { inertCommands, oneLine } from '../text.js'

export interface StepReportOptions {
  summary: boolean
  failOnTimeout: boolean
  /** The `timeout` input, for the next step of a timeout. */
  timeoutMs?: number | undefined
  /** The `docs-root` input: the folder the platform's file paths are relative to ('' or undefined for the repository root). */
  docsRoot?: string | undefined
  /** The deployment created with deployment-environment, when it exists by now. */
  deploymentId?: string | undefined
  /** What the run's event says of the commit expect-sha names, when it is not the one pushed (run-commit.ts `expectedCommitAdvice`). */
  expectedCommit?: string | undefined
}

/**
 * The step's last word: every output, the job summary, the result line or failure message, and
 * file annotations. Returns the outcome it reported: an error when the outputs could not be
 * written, which the comment then says too.
 */
export async function reportStep(waited: RunOutcome, options: StepReportOptions, clean: (text: string) => string): Promise<RunOutcome> {
  let outcome = waited
  // Outputs the runner cannot take fail the step, but the summary still says what happened.
  const outputs = computeOutputs(outcome, { deploymentId: options.deploymentId })
  const notWritten = writeOutputs(outputs, (name, value) => core.setOutput(name, clean(value)))
  if (notWritten) outcome = outputsNotWritten(outcome, notWritten)
  // A list cut to fit says so: a later step reading files-changed would take it for all of them.
  for (const cut of listsCut(outcome, outputs)) githubLog.warning(clean(`${cut}.`), 'outputs.cut')
  for (const note of addressesLeftOut(outcome)) core.info(inertCommands(clean(`${note}.`)))

  // The explanation is loaded only for an outcome that has something to explain.
  const told = await explainerLoader((error) => githubLog.warning(clean(notLoaded(error)), 'explanation.not-loaded'))(outcome)
  const explain = { timeoutMs: options.timeoutMs, docsRoot: options.docsRoot, expectedCommit: options.expectedCommit }
  if (options.summary) {
    try {
      await core.summary.addRaw(inertCommands(clean(renderSummary(outcome, told, explain)))).write({ overwrite: false })
    } catch (error) {
      githubLog.warning(clean(summaryNotWritten(error)), 'summary.not-written')
    }
  }

  // Each line inert (`inertCommands`): server text no CI reads as a command.
  const said = (text: string) => inertCommands(clean(text))
  const passes = stepPasses(outcome, options.failOnTimeout)
  if (outcome.result === 'success') core.info(said(`Result: success — ${outcome.headline}`))
  else if (passes) githubLog.warning(clean(`Result: timeout — ${outcome.headline} (fail-on-timeout is false, so the step passes)`), 'result.timeout-passes')
  else core.setFailed(said(told.failureMessage(outcome, explain)))
  annotateFiles(outcome, told, options.docsRoot ?? '', clean)
  return outcome
}

/** The explanation's code could not be loaded: the step still reports the outcome, without advice. */
function notLoaded(error: unknown): string {
  const why = oneLine(error instanceof Error ? error.message : String(error), 300)
  return `The explanation of this outcome could not be loaded (${why}): the summary and the failure message tell it without advice. Check that the action's dist/ folder is complete (every file beside dist/index.js); the step's result does not depend on it.`
}

/** A failed update's log line that names a docs file shows on that file, in the pull request's diff too. */
function annotateFiles(outcome: RunOutcome, told: Explainer, docsRoot: string, clean: (text: string) => string): void {
  for (const note of told.fileAnnotations(outcome, docsRoot))
    core.error(inertCommands(clean(note.message)), {
      title: 'Docs update failed',
      file: note.file,
      ...(note.line === undefined ? {} : { startLine: note.line })
    })
}
