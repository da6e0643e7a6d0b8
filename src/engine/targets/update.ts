import * as z from 'zod/mini'
import { listed, TERMINAL_STATES } from './states.js'
import type { TargetKind } from './target.js'
import { oneLine, withoutUserinfo } from '../../text.js'
import type { Judgement, UpdateRecord } from '../../model.js'

// Missing or malformed optional fields are normal on an unfinished record: they are dropped,
// never fatal. Only a string `status` is required.
const text = z.catch(z.optional(z.string()), undefined)
const paths = z.catch(z.array(z.string()), [])
/** An address the platform gives: never with a user and password in it, however spelt. */
const address = z.catch(z.optional(z.pipe(z.string(), z.transform(withoutUserinfo))), undefined)

export const updateRecordSchema = z.looseObject({
  _id: text,
  projectId: text,
  status: z.string(),
  createdAt: text,
  endedAt: text,
  summary: text,
  logs: z.catch(z.optional(z.array(z.string())), undefined),
  subdomain: text,
  screenshot: address,
  screenshotLight: address,
  screenshotDark: address,
  source: text,
  author: z.catch(z.nullish(z.looseObject({ name: text, avatarUrl: address, hostUserId: z.catch(z.optional(z.number()), undefined) })), undefined),
  commit: z.catch(
    z.nullish(
      z.looseObject({
        sha: text,
        ref: text,
        message: text,
        filesChanged: z.catch(z.optional(z.looseObject({ added: paths, modified: paths, removed: paths })), undefined)
      })
    ),
    undefined
  )
})

const states = TERMINAL_STATES.update

export const updateTarget: TargetKind<UpdateRecord, 'update'> = {
  noun: 'update',
  path: (ref) => `/v1/project/update-status/${encodeURIComponent(ref.id)}`,
  schema: updateRecordSchema,
  judge(record, options) {
    const status = record.status
    if (listed(states.success, status)) return judgeDeployedCommit(record, options.expectSha)
    if (listed(states.failure, status)) return { state: 'settled', result: 'failure' }
    if (listed(states.pending, status)) return { state: 'pending' }
    if (record.endedAt && record.endedAt.trim() !== '')
      return {
        state: 'settled',
        result: 'error',
        reason: `the update ended with status "${status}", which this action does not know; it is not counted as success`
      }
    return { state: 'pending', unknownStatus: true }
  },
  logs: (record) => record.logs ?? []
}

/** A deployed commit may be named in full or abbreviated, and so may the expected one: this many hex digits at least. */
export const MIN_SHA_ABBREVIATION = 7

/**
 * A successful update counts only when it deployed the expected commit: a gate must not turn
 * green for an update of another commit, nor for one whose record does not say which it was.
 * Either sha may be an abbreviation of the other (the record's of at least 7 digits).
 */
export function judgeDeployedCommit(record: UpdateRecord, expectSha: string | undefined): Judgement {
  if (expectSha === undefined) return { state: 'settled', result: 'success' }
  const sha = record.commit?.sha?.trim() ?? ''
  if (sha === '')
    return {
      state: 'settled',
      result: 'failure',
      reason: `the update succeeded, but its record names no commit, so it cannot be confirmed that it deployed ${expectSha} (expect-sha)`
    }
  const deployed = sha.toLowerCase()
  if (deployed.startsWith(expectSha) || (deployed.length >= MIN_SHA_ABBREVIATION && /^[0-9a-f]+$/.test(deployed) && expectSha.startsWith(deployed)))
    return { state: 'settled', result: 'success' }
  return {
    state: 'settled',
    result: 'failure',
    reason: `the update deployed commit ${oneLine(sha, 64)}, not ${expectSha} (expect-sha)`
  }
}
