import * as z from 'zod/mini'
import { listed, TERMINAL_STATES } from './states.js'
import type { TargetKind } from './target.js'
import type { JobRecord } from '../../model.js'
import { oneLine, wellFormedUrl, withoutUserinfo } from '../../text.js'

const text = z.catch(z.nullish(z.string()), undefined)
/** An address the platform gives: never with a user and password in it, however spelt (a token in a pull request link). */
const address = z.catch(z.nullish(z.pipe(z.string(), z.transform(withoutUserinfo))), undefined)

/**
 * Whether a job's `prLink` is the address of a pull request: one well-formed http(s) URL with a
 * host and nothing else (`wellFormedUrl`). `null`, `https://`, a `javascript:` link, or a link
 * followed by a line break and more text is no pull request, whatever require-pr needs.
 */
export function isPullRequestLink(link: string | null | undefined): boolean {
  return wellFormedUrl(link) !== undefined
}

export const jobRecordSchema = z.looseObject({
  id: text,
  status: z.string(),
  source: z.catch(z.nullish(z.looseObject({ repository: address, ref: text })), undefined),
  model: text,
  prLink: address,
  createdAt: text,
  archivedAt: text
})

const states = TERMINAL_STATES.job

export const jobTarget: TargetKind<JobRecord, 'job'> = {
  noun: 'agent job',
  path: (ref) => `/v2/agent/${encodeURIComponent(ref.projectId)}/job/${encodeURIComponent(ref.id)}`,
  schema: jobRecordSchema,
  judge(record, options) {
    const status = record.status
    const hasPr = isPullRequestLink(record.prLink)
    if (listed(states.success, status)) {
      if (hasPr) return { state: 'settled', result: 'success' }
      const given = typeof record.prLink === 'string' && record.prLink.trim() !== ''
      if (options.requirePr)
        return {
          state: 'settled',
          result: 'failure',
          reason: given
            ? `the job completed, but its prLink "${oneLine(withoutUserinfo(record.prLink ?? ''), 200)}" is not the address of a pull request (one http(s) URL with a host, and nothing else), and require-pr is set`
            : 'the job completed without a pull request, and require-pr is set'
        }
      return {
        state: 'settled',
        result: 'success',
        note: given ? 'the job completed, but its prLink is not the address of a pull request' : 'the agent changed no file, so it opened no pull request'
      }
    }
    if (listed(states.failure, status)) return { state: 'settled', result: 'failure', reason: 'the agent job failed' }
    if (listed(states.archived, status)) {
      if (options.acceptArchived) return { state: 'settled', result: 'success', note: 'the job was archived; accept-archived counts that as success' }
      return { state: 'settled', result: 'failure', reason: 'the job was archived (set accept-archived: true to count that as success)' }
    }
    if (listed(states.pending, status)) return { state: 'pending' }
    return { state: 'pending', unknownStatus: true }
  }
}
