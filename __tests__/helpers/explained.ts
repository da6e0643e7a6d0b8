// The explainer a run hands the reports for an outcome (src/report/load-explainer.ts), chosen
// here without loading anything: SUCCEEDED for an outcome with nothing to explain, explain.ts in
// full for any other. The renderers' tests render with it, so a success is told as a run tells it.
import type { RunOutcome } from '../../src/model.js'
import * as explain from '../../src/report/explain.js'
import { type Explainer, nothingToExplain, SUCCEEDED } from '../../src/report/explainer.js'
import { renderSummary, type SummaryOptions } from '../../src/report/summary.js'

export function explainerFor(outcome: RunOutcome): Explainer {
  return nothingToExplain(outcome) ? SUCCEEDED : explain
}

/** The job summary of `outcome`, explained as a run explains it. */
export function summaryOf(outcome: RunOutcome, options?: SummaryOptions): string {
  return renderSummary(outcome, explainerFor(outcome), options)
}
