import { codeSpan, link } from './markdown.js'
import type { TriggerReport } from '../model.js'

const STARTED: Record<TriggerReport['kind'], string> = {
  update: 'update',
  preview: 'preview deployment',
  agent: 'agent job',
  automation: 'automation run',
  message: 'follow-up message to agent job'
}

/** The line that says what `trigger` started, for the summary and the comment; undefined when nothing was. */
export function startedMarkdown(trigger: TriggerReport | undefined): string | undefined {
  if (trigger?.automation) {
    const { runId, jobId } = trigger.automation
    const job = jobId ? `, background job ${codeSpan(jobId, 120)}` : ''
    return `**Started:** ${STARTED[trigger.kind]}, run id ${codeSpan(runId, 120)}${job}. The platform publishes no status for a run: follow it in the project's automation runs in the dashboard.`
  }
  if (!trigger?.ref) return undefined
  if (trigger.kind === 'message') return `**Sent:** ${STARTED[trigger.kind]} ${codeSpan(trigger.ref.id, 120)}; the job is waited on for that message`
  const id = `${trigger.ref.kind === 'update' ? 'status id' : 'job id'} ${codeSpan(trigger.ref.id, 120)}`
  const preview = trigger.previewUrl ? ` · ${link('open the preview', trigger.previewUrl)}` : ''
  return `**Started:** ${STARTED[trigger.kind]}, ${id}${preview}`
}
