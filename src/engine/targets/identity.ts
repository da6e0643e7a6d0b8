import type { TargetRef } from '../../model.js'
import { oneLine } from '../../text.js'

/** The field of a record that names it: `_id` of an update, `id` of an agent job. */
export const ID_FIELD: Record<RecordKind, string> = { update: '_id', job: 'id' }

const NOUN: Record<RecordKind, string> = { update: 'update', job: 'agent job' }

/** The kinds of target read as a record of the platform (a platform check is read from the commit). */
type RecordKind = Exclude<TargetRef['kind'], 'platform-check'>

/**
 * Why a record cannot be taken as the one asked for, or undefined when it names itself as that
 * one (`_id` of an update, `id` of a job; a number matches the id it spells). A record of
 * another target must never decide this one (`other`), and a record that names no target at
 * all (`missing`: no id, `null`, an empty string) is no record of the platform's: a captive
 * portal or a catch-all server answering 200 `{"status":"success"}` must not turn a gate green.
 */
export function recordIdProblem(ref: Extract<TargetRef, { kind: RecordKind }>, body: unknown): { kind: 'missing' | 'other'; reason: string } | undefined {
  // A body that is no object is no record at all: the record's schema says so.
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined
  const field = ID_FIELD[ref.kind]
  const noun = NOUN[ref.kind]
  const value = (body as Record<string, unknown>)[field]
  // A platform may send a numeric id as a number: `123` is the record of job-id 123.
  if (value === ref.id || (typeof value === 'number' && String(value) === ref.id)) return undefined
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return {
      kind: 'missing',
      reason: `the answer for ${noun} "${ref.id}" names no ${noun} (no "${field}"), so it is not the platform's record and is not used. Check that base-url is the platform's API and that no captive portal, proxy or catch-all server answers in its place`
    }
  const given = typeof value === 'string' ? value : JSON.stringify(value)
  return {
    kind: 'other',
    reason: `asked for ${noun} "${ref.id}", the platform answered with the record of "${oneLine(given ?? '', 100)}" (its ${field}); the answer is not used. Check that base-url is the platform's API and that no cache or proxy in between serves one URL's answer for another`
  }
}
