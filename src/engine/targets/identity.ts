import type { TargetRef } from '../../model.js'
import { oneLine } from '../../text.js'

/**
 * Why a record is not the one asked for: its own id (`_id` of an update, `id` of a job) is
 * another; undefined when it matches or the record gives none (missing fields are normal). A
 * record of another target must never decide this one, least of all as a success. A number
 * matches the id it spells.
 */
export function recordIdMismatch(ref: TargetRef, body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const field = ref.kind === 'update' ? '_id' : 'id'
  const value = (body as Record<string, unknown>)[field]
  // A platform may send a numeric id as a number: `123` is the record of job-id 123.
  if (value === undefined || value === null || value === ref.id || (typeof value === 'number' && String(value) === ref.id)) return undefined
  const given = typeof value === 'string' ? value : JSON.stringify(value)
  const noun = ref.kind === 'update' ? 'update' : 'agent job'
  return `asked for ${noun} "${ref.id}", the platform answered with the record of "${oneLine(given ?? '', 100)}" (its ${field}); the answer is not used. Check that base-url is the platform's API and that no cache or proxy in between serves one URL's answer for another`
}
