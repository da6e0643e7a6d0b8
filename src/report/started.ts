import { codeSpan, link } from './markdown.js'
import type { RunOutcome, TriggerReport } from '../model.js'

const STARTED: Record<TriggerReport['kind'], string> = {
  update: 'update',
  preview: 'preview deployment',
  agent: 'agent job',
  automation: 'automation run',
  message: 'follow-up message to agent job'
}

/**
 * The line that says what the run's trigger started, for the summary and the comment; undefined
 * when nothing was. A preview is linked only once it deployed: the address of one that failed, or
 * is not live yet, shows the previous deployment (if any), so it is given as text, saying so.
 */
export function startedMarkdown(outcome: Pick<RunOutcome, 'trigger' | 'targets'>): string | undefined {
  const trigger = outcome.trigger
  if (trigger?.automation) {
    const { runId, jobId } = trigger.automation
    const job = jobId ? `, background job ${codeSpan(jobId, 120)}` : ''
    return `**Started:** ${STARTED[trigger.kind]}, run id ${codeSpan(runId, 120)}${job}. The platform publishes no status for a run: follow it in the project's automation runs in the dashboard.`
  }
  if (!trigger?.ref) return undefined
  if (trigger.kind === 'message') return `**Sent:** ${STARTED[trigger.kind]} ${codeSpan(trigger.ref.id, 120)}; the job is waited on for that message`
  const id = `${trigger.ref.kind === 'update' ? 'status id' : 'job id'} ${codeSpan(trigger.ref.id, 120)}`
  const ref = trigger.ref
  const deployed = outcome.targets.some((t) => t.ref.kind === ref.kind && t.ref.id === ref.id && t.result === 'success')
  const preview = !trigger.previewUrl
    ? ''
    : deployed
      ? ` · ${link('open the preview', trigger.previewUrl)}`
      : ` · not deployed: its address ${codeSpan(trigger.previewUrl, 300)} shows the previous deployment, if there is one`
  return `**Started:** ${STARTED[trigger.kind]}, ${id}${preview}`
}
