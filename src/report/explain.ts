// A run told in the user's terms, for the annotation, the summary, the comment and the
// command's message alike: what happened, the evidence (evidence.ts), and what to do now
// (advice.ts).
//
// Loaded only for an outcome that has something to explain (load-explainer.ts): it answers the
// reports' Explainer (explainer.ts) in full.
import { sentence } from '../text.js'
import { resultRank } from '../engine/outcome.js'
import { describeRef } from '../engine/wait.js'
import type { RunOutcome, TargetReport } from '../model.js'
import { checkNext, explainTarget, problemAsGiven } from './advice.js'
import { errorLinesLeftOut, quotedLine, quotedLines, unknownEnd, updateSummary } from './evidence.js'
import { type ExplainOptions, type RunExplanation, succeededRun } from './explainer.js'
import { GITHUB_ACTIONS_PLACE } from './place.js'
import { capitalize } from './titles.js'

export { explainTarget } from './advice.js'
export { fileAnnotations } from './evidence.js'

/** Failing targets listed one by one in the annotation; the summary has them all. */
const MAX_TARGETS_LISTED = 10

/** The run in the user's terms, for the annotation, the summary and the comment alike. */
export function explainRun(outcome: RunOutcome, options: ExplainOptions = {}): RunExplanation {
  const place = options.place ?? GITHUB_ACTIONS_PLACE
  const input = place.input
  if (outcome.problems.length > 0)
    return { lead: [outcome.headline], quoted: [outcome.problems.map((problem) => problemAsGiven(problem, place))], next: place.fixInputs }
  // Results that could not be written lead, with what to check (the headline says what the wait found too).
  if (outcome.notWritten !== undefined) return { lead: [outcome.headline], quoted: [], next: '' }
  // Work that could not be started: its message says whether it may have started, and what to check.
  if (outcome.trigger && outcome.trigger.result !== 'success') return { lead: [outcome.headline], quoted: [], next: '' }
  if (outcome.result === 'success') return succeededRun(outcome)
  if (outcome.dryRun && outcome.result === 'error')
    return { lead: [outcome.headline], quoted: [], next: 'fix what each failed check of the dry run names (its line in the log), then run the dry run again' }
  const failing = outcome.targets.filter((t) => t.result !== 'success')
  if (failing.length === 0) {
    const pages = outcome.pages
    if (pages && !pages.skipped && pages.result !== 'success') {
      const error = pages.pages.find((page) => page.result === pages.result)?.error ?? pages.error ?? ''
      // No page was read at all (site-url: preview without a usable address): its words say what to do.
      if (pages.pages.every((page) => page.reads === 0)) return { lead: [outcome.headline], quoted: [], next: '' }
      const next =
        pages.result === 'failure'
          ? pages.site
            ? `check ${input('page-path')} (paths below ${input('site-url')}, as readers open them), ${input('site-url')} and ${input('page-contains')} against the pages the site (${pages.site}) serves; if the change takes longer to show, raise ${input('timeout')}`
            : `check ${input('page-path')} (paths as search results give them), ${input('search-domain')} and ${input('page-contains')} against the published docs; if the change takes longer to show, raise ${input('timeout')}`
          : checkNext('page check', pages.result, error, place, pages.site)
      return { lead: [outcome.headline], quoted: [], next }
    }
    const search = outcome.search
    if (search && !search.skipped && search.result !== 'success') {
      const next =
        search.result === 'failure'
          ? `check ${input('search-domain')} and ${input('assistant-key')}, and whether ${input('search-min-results')} / ${input('search-expect-path')} fit what the docs hold`
          : checkNext('search check', search.result, search.error ?? '', place)
      return { lead: [outcome.headline], quoted: [], next }
    }
    return { lead: [outcome.headline], quoted: [], next: `check the inputs and the log; ${place.rerun} if the cause was passing` }
  }
  // The strongest result leads (a failure before a timeout beside it, as in `result`); targets
  // stopped by fail-fast follow the one that stopped them.
  const own = failing.filter((t) => !t.stoppedByFailFast)
  const ordered = [...[...own].sort((a, b) => resultRank(b.result) - resultRank(a.result)), ...failing.filter((t) => t.stoppedByFailFast)]
  const first = ordered[0] as TargetReport
  const explained = explainTarget(first, options)
  const sentence = endSentence(`${capitalize(describeRef(first.ref))} ${explained.reason}`)
  const lead: string[] = []
  const quoted: string[][] = []
  // The first line (most often the cause) and the last ones are quoted; the count of those left out between them.
  const evidence = (t: TargetReport) => {
    const lines = quotedLines(t).map(quotedLine)
    const between = lines.length > 0 ? errorLinesLeftOut(t.logs) : 0
    if (between > 0)
      lines.splice(1, 0, `… ${between} more ${between === 1 ? 'line that looks' : 'lines that look'} like errors, then the last ${lines.length - 1}:`)
    return lines
  }
  if (outcome.targets.length === 1) lead.push(sentence)
  else lead.push(`${failing.length} of ${outcome.targets.length} targets did not succeed. ${sentence}`)
  quoted.push(evidence(first))
  for (const t of ordered.slice(1, MAX_TARGETS_LISTED)) {
    lead.push(`- ${describeRef(t.ref)} ${explainTarget(t, options).reason}`)
    quoted.push(evidence(t))
  }
  if (ordered.length > MAX_TARGETS_LISTED) {
    lead.push(`- … and ${ordered.length - MAX_TARGETS_LISTED} more (see ${place.details})`)
    quoted.push([])
  }
  // Not one id known: the ids may be right and the address wrong.
  const everyIdUnknown = outcome.targets.every((t) => t.result === 'error' && /^HTTP 404\b/.test(t.error ?? ''))
  const next = everyIdUnknown
    ? `${explained.next}; if ${outcome.targets.length === 1 ? 'it is' : 'they are'} right, check that ${input('base-url')} is the address of the platform's API (it answered 404 for ${outcome.targets.length === 1 ? 'the id' : 'every id'})`
    : explained.next
  return { lead, quoted, next }
}

/**
 * The step's error annotation: what happened first, in the user's terms, then the quoted
 * evidence (the update's summary, its error lines), then one next step.
 */
export function failureMessage(outcome: RunOutcome, options: ExplainOptions = {}): string {
  const said = explainRun(outcome, options)
  const { asGiven } = options.place ?? GITHUB_ACTIONS_PLACE
  // The engine's reasons name inputs as the action's: named as the user gave them here.
  const lead = said.lead.map(asGiven)
  const { quoted } = said
  const next = asGiven(said.next)
  const lines: string[] = []
  lead.forEach((line, i) => {
    lines.push(line)
    const evidence = quoted[i] ?? []
    if (outcome.problems.length > 0) lines.push(...evidence.map((p) => `- ${p}`))
    else if (evidence.length > 0) {
      // A further target's lines are indented under its own list item.
      const indent = i === 0 ? '' : '  '
      lines.push(`${indent}Errors in its log:`, ...evidence.map((text) => `${indent}  ${text}`))
    }
  })
  return [...lines, ...(next ? [`Next: ${sentence(next)}`] : [])].join('\n')
}

function endSentence(text: string): string {
  return /[.!?”"]$/.test(text) ? text : `${text}.`
}

/** An update that ended with a status this action does not know, with its own summary; undefined for any other target. */
export function unknownEndOf(t: TargetReport): { summary: string | undefined } | undefined {
  return unknownEnd(t) ? { summary: updateSummary(t) } : undefined
}
