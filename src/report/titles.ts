// The words a report needs on every outcome, a success too: the heading ("✅ Docs update
// deployed"), the mark of each result and the kind of work waited on. Always loaded; what only
// an outcome that did not succeed needs (explain.ts, advice.ts, evidence.ts) is loaded apart
// (explainer.ts).
import type { RunOutcome, StartKind } from '../model.js'

/** Text with its first character in upper case. */
export function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

/** The kind of work the run waited on, in words: `docs update`, `agent jobs`, `docs search check`. */
export function describeWork(outcome: { targets: readonly { ref: { kind: string } }[]; search?: unknown }): string {
  const updates = outcome.targets.filter((t) => t.ref.kind === 'update').length
  const jobs = outcome.targets.length - updates
  if (updates > 0 && jobs > 0) return `${updates === 1 ? 'docs update' : 'docs updates'} and ${jobs === 1 ? 'agent job' : 'agent jobs'}`
  if (updates > 0) return updates === 1 ? 'docs update' : 'docs updates'
  if (jobs > 0) return jobs === 1 ? 'agent job' : 'agent jobs'
  if (outcome.search) return 'docs search check'
  return 'docs'
}

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
