// What the reports ask of an outcome's explanation (why it ended as it did, the evidence, what to
// do now), as one interface the renderers take. Only an outcome that did not succeed needs the
// whole of it (explain.ts, advice.ts, evidence.ts), which is loaded apart (load-explainer.ts): a
// success as plain as its headline is told by SUCCEEDED here, in the same words, and a copy of
// the code that lacks the rest by UNEXPLAINED, in fewer.
import type { RunOutcome, TargetReport } from '../model.js'
import { oneLine } from '../text.js'
import type { FileAnnotation } from './evidence.js'
import type { RunPlace } from './place.js'
import { capitalize } from './titles.js'

/** What the user reads about one target: why it ended as it did, and what to do next. */
export interface Explanation {
  reason: string
  /** Empty on success. */
  next: string
}

export interface ExplainOptions {
  /** The `timeout` input, to name the value to raise. */
  timeoutMs?: number | undefined
  /** Where the step runs, for the words of its advice; the GitHub Action's when not given. */
  place?: RunPlace | undefined
  /** The `docs-root` input: the files the advice names are the repository's, as the annotations' are. */
  docsRoot?: string | undefined
  /**
   * What the place knows of the commit `expect-sha` names, when it is not the one pushed (the
   * action on a pull request's event: GITHUB_SHA is a merge commit), said instead of the usual
   * advice when an update deployed another commit.
   */
  expectedCommit?: string | undefined
}

/** A run told in three parts: what happened, the evidence, and what to do now. */
export interface RunExplanation {
  /** What happened, first line; more lines list further failing targets, one each. */
  lead: string[]
  /**
   * Quoted evidence under each line of `lead`, at the same index: the input problems under the
   * first, or under each failing update the log lines of its own that look like errors.
   */
  quoted: string[][]
  /** What to do now; empty on success. */
  next: string
}

/** What the reports ask of an outcome's explanation; explain.ts answers it in full. */
export interface Explainer {
  /** The run in the user's terms, for the annotation, the summary and the comment alike. */
  explainRun(outcome: RunOutcome, options?: ExplainOptions): RunExplanation
  /** Why one target ended as it did, and what to do now. */
  explainTarget(t: TargetReport, options?: ExplainOptions): Explanation
  /** The step's error annotation, the command's failure message. */
  failureMessage(outcome: RunOutcome, options?: ExplainOptions): string
  /** A failed update's log lines that name a docs file, as annotations on that file. */
  fileAnnotations(outcome: RunOutcome, docsRoot?: string): FileAnnotation[]
  /** An update that ended with a status this action does not know, with its own summary; undefined for any other target. */
  unknownEndOf(t: TargetReport): { summary: string | undefined } | undefined
}

/**
 * An outcome with nothing to explain: a success with every target a success, no input problem,
 * no report left unwritten and no work that could not be started. SUCCEEDED tells it.
 */
export function nothingToExplain(outcome: RunOutcome): boolean {
  return (
    outcome.result === 'success' &&
    outcome.problems.length === 0 &&
    outcome.notWritten === undefined &&
    (outcome.trigger === undefined || outcome.trigger.result === 'success') &&
    outcome.targets.every((t) => t.result === 'success')
  )
}

/** A successful run, told: its headline. */
export function succeededRun(outcome: RunOutcome): RunExplanation {
  return { lead: [capitalize(outcome.headline)], quoted: [], next: '' }
}

/** A target that succeeded, told: with its note, if it has one. */
export function succeededTarget(t: TargetReport): Explanation {
  return { reason: t.note ? `succeeded (${oneLine(t.note, 300)})` : 'succeeded', next: '' }
}

/**
 * The explainer of an outcome with nothing to explain (`nothingToExplain`), in the words
 * explain.ts has for it: it is told by its headline, each target "succeeded", no file annotated.
 */
export const SUCCEEDED: Explainer = {
  explainRun: succeededRun,
  explainTarget: succeededTarget,
  // The lead alone, named as the user gave it (the action's words are the text as it is).
  failureMessage: (outcome, options = {}) => {
    const lead = capitalize(outcome.headline)
    return options.place ? options.place.asGiven(lead) : lead
  },
  fileAnnotations: () => [],
  unknownEndOf: () => undefined
}

/**
 * The explainer when explain.ts could not be loaded (a copy of the code without the files beside
 * its index.js, which the adapter says once): each outcome told by its headline and its input
 * problems, each target by its result and error, with no advice and no file annotated.
 */
export const UNEXPLAINED: Explainer = {
  explainRun: (outcome) =>
    nothingToExplain(outcome)
      ? succeededRun(outcome)
      : { lead: [outcome.headline], quoted: outcome.problems.length > 0 ? [[...outcome.problems]] : [], next: '' },
  explainTarget: (t) => (t.result === 'success' ? succeededTarget(t) : { reason: t.error ? `${t.result}: ${oneLine(t.error, 600)}` : t.result, next: '' }),
  failureMessage: (outcome, options = {}) => {
    const text = [outcome.headline, ...outcome.problems.map((problem) => `- ${problem}`)].join('\n')
    return options.place ? options.place.asGiven(text) : text
  },
  fileAnnotations: () => [],
  unknownEndOf: () => undefined
}
