// The words a report needs on every outcome, a success too: the heading ("✅ Docs update
// deployed"), the mark of each result and the kind of work waited on. Always loaded; what only
// an outcome that did not succeed needs (explain.ts, advice.ts, evidence.ts) is loaded apart
// (explainer.ts).
import type { RunOutcome, StartKind } from '../model.js'

/** Text with its first character in upper case. */
export function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

/** The kind of work the run waited on, in words: `docs update`, `agent jobs`, `platform deploy`, `docs search check`. */
export function describeWork(outcome: { targets: readonly { ref: { kind: string } }[]; search?: unknown }): string {
  const count = (kind: string) => outcome.targets.filter((t) => t.ref.kind === kind).length
  const kinds = (
    [
      [count('update'), 'docs update', 'docs updates'],
      [count('job'), 'agent job', 'agent jobs'],
      [count('platform-check'), 'platform deploy', 'platform deploys']
    ] as const
  ).flatMap(([n, one, many]) => (n > 0 ? [n === 1 ? one : many] : []))
  if (kinds.length > 0) return kinds.length === 3 ? `${kinds[0]}, ${kinds[1]} and ${kinds[2]}` : kinds.join(' and ')
  if (outcome.search) return 'docs search check'
  return 'docs'
}

/** What a target of each kind is called in a report's rows: `update`, `agent job`, `platform check`. */
export const TARGET_NOUNS = { update: 'update', job: 'agent job', 'platform-check': 'platform check' } as const

const MARKS = { success: '✅', failure: '❌', timeout: '⏱️', cancelled: '🛑', error: '⚠️' } as const

export function resultMark(result: keyof typeof MARKS): string {
  return MARKS[result]
}

/** A heading that fits the kind of work: "Docs update deployed", "Agent job failed", "Docs search check passed". */
const STARTED_WORK = { update: 'docs update', preview: 'docs preview', agent: 'agent job', automation: 'automation run' } as const
/** The heading of work that could not be started (or sent), and of a cancel while it was. */
const NOT_STARTED: Record<StartKind, { could: string; while: string }> = {
  ...(Object.fromEntries(
    Object.entries(STARTED_WORK).map(([kind, work]) => [kind, { could: `Could not start the ${work}`, while: `Cancelled while starting the ${work}` }])
  ) as Record<keyof typeof STARTED_WORK, { could: string; while: string }>),
  message: { could: 'Could not send the follow-up to the agent job', while: 'Cancelled while sending the follow-up to the agent job' }
}

export function titleFor(outcome: RunOutcome): string {
  if (outcome.dryRun)
    return outcome.result === 'success'
      ? `${MARKS.success} Dry run passed: the setup holds`
      : `${MARKS[outcome.result]} Dry run ${outcome.result === 'cancelled' ? 'cancelled' : 'found problems in the setup'}`
  const trigger = outcome.trigger
  if (trigger && trigger.result !== 'success')
    return trigger.result === 'cancelled'
      ? `${MARKS.cancelled} ${NOT_STARTED[trigger.kind].while}`
      : `${MARKS[trigger.result]} ${NOT_STARTED[trigger.kind].could}`
  // A run of an automation alone: accepted is all the platform tells.
  if (trigger?.kind === 'automation' && outcome.targets.length === 0 && !outcome.search && !outcome.pages && outcome.result === 'success')
    return `${MARKS.success} Automation run started`
  // When every wait succeeded and a check after them did not, the heading is about that check.
  const waitsPassed = outcome.result !== 'success' && outcome.targets.every((t) => t.result === 'success')
  const pagesFailed = waitsPassed && outcome.pages && !outcome.pages.skipped && outcome.pages.result !== 'success'
  const searchFailed = waitsPassed && !pagesFailed && outcome.search && !outcome.search.skipped
  // A started preview is the one update of its run: call it what it is.
  const preview = trigger?.kind === 'preview' && outcome.targets.length === 1
  const onlyPages = outcome.targets.length === 0 && outcome.pages && !outcome.search
  const work = pagesFailed || onlyPages ? 'docs page check' : searchFailed ? 'docs search check' : preview ? 'docs preview' : describeWork(outcome)
  const Work = capitalize(work)
  const plural = /s$/.test(work) || work.includes(' and ')
  const mark = MARKS[outcome.result]
  switch (outcome.result) {
    case 'success': {
      if (work === 'docs update' || work === 'docs updates' || work === 'docs preview') return `${mark} ${Work} deployed`
      if (work === 'docs search check' || work === 'docs page check') return `${mark} ${Work} passed`
      return `${mark} ${Work} ${plural ? 'all succeeded' : 'succeeded'}`
    }
    case 'failure':
      return `${mark} ${Work} failed`
    case 'timeout':
      return `${mark} Timed out waiting for the ${work}`
    case 'cancelled':
      return `${mark} Cancelled while waiting for the ${work}`
    case 'error':
      return `${mark} Could not ${work === 'docs' ? 'wait for the docs' : `follow the ${work}`}`
  }
}
