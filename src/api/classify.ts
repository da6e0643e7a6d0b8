import { oneLine, redact, redactJson } from '../text.js'
import type { Attempt } from '../model.js'
import { parseRetryAfter } from './retry-after.js'

export type KeyInput = 'admin-key' | 'assistant-key'

/**
 * A response classified for the poll loop; `ok` carries the parsed JSON body. From the client,
 * every other result says in `sent` whether the request may have reached the server: `false`
 * only when it certainly did not (connection refused, DNS or TLS failure, a proxy that refused
 * the tunnel, a cancel or timeout before a connection was ready), so a POST may be sent again;
 * `true` once it was being written (a timeout, a reset or an answer after that). `notActedOn`
 * marks an answer by which the server says it did not act on the request (a 429, a 503 with
 * Retry-After, as the classifier of a POST that starts work reads them).
 */
export type ApiResult =
  | { kind: 'ok'; body: unknown }
  | (Exclude<Attempt<never>, { kind: 'settled' } | { kind: 'pending' }> & { sent?: boolean; notActedOn?: boolean })

export interface ResponseFacts {
  status: number
  retryAfter?: string | null
  contentType?: string | null
  bodyText: string
  /** The key's input; absent for a request sent without a key, which reads its answers by a classifier of its own. */
  keyInput?: KeyInput
  /** Keys to cut out of the body before anything reads it, should the server echo one. */
  secrets?: readonly string[]
  /** Current time in ms, for `Retry-After` given as an HTTP date. */
  now: number
}

const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504])

/** Records of the platform are a few levels deep; anything far deeper is not the JSON expected. */
export const MAX_JSON_DEPTH = 64

export type Body = { json: unknown } | { problem: string }

/** The body as JSON with every secret replaced by `***`, or why it cannot be used. */
export function readJsonBody(text: string, secrets: readonly string[]): Body {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { problem: 'a body that is not JSON' }
  }
  if (nestingExceeds(json, MAX_JSON_DEPTH)) return { problem: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` }
  return { json: redactJson(json, secrets) }
}

/** Whether arrays and objects nest deeper than `max`; iterative, so no depth can overflow the stack. */
export function nestingExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item
    if (node === null || typeof node !== 'object') continue
    if (depth >= max) return true
    for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return false
}

/**
 * Decides what a response means for the wait: a JSON body, something to retry, a 404 (which
 * may be a brand-new id), or an error that no retry can mend. Never throws.
 */
export function classifyResponse(facts: ResponseFacts): ApiResult {
  const { status } = facts
  const keyInput = facts.keyInput ?? 'admin-key'
  const body = readJsonBody(facts.bodyText, facts.secrets ?? [])
  const serverSays = 'json' in body ? serverError(body.json) : undefined
  const detail = serverSays ? `: ${serverSays}` : ''
  if (status >= 200 && status < 300) {
    if ('json' in body) return { kind: 'ok', body: body.json }
    // Header text is cut to length: keys go first, so no part of one can remain.
    const type = facts.contentType ? ` (${oneLine(redact(facts.contentType, facts.secrets ?? []), 60)})` : ''
    return { kind: 'transient', reason: `HTTP ${status} with ${body.problem}${type}` }
  }
  if (TRANSIENT_STATUSES.has(status)) {
    const retryAfterMs = parseRetryAfter(facts.retryAfter, facts.now)
    const reason = `HTTP ${status}${detail}`
    return retryAfterMs === undefined ? { kind: 'transient', reason } : { kind: 'transient', reason, retryAfterMs }
  }
  if (status === 401)
    return {
      kind: 'fatal',
      misconfigured: true,
      reason: `HTTP 401: the platform rejected ${keyInput} (${keyKind(keyInput)} API key); check that the secret holds a current ${keyKind(keyInput)} API key${detail}`
    }
  if (status === 403)
    return {
      kind: 'fatal',
      misconfigured: true,
      reason: `HTTP 403: ${keyInput} (${keyKind(keyInput)} API key) was accepted but is not allowed to do this; check that the key belongs to this project${detail}`
    }
  if (status === 404) return { kind: 'not-found', reason: `HTTP 404${detail || ': not found'}` }
  return { kind: 'fatal', reason: `unexpected HTTP ${status}${detail}` }
}

function keyKind(keyInput: KeyInput): string {
  return keyInput === 'admin-key' ? 'admin' : 'assistant'
}

/** The `error` message of an Error body, made safe to show on one line. */
export function serverError(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim() !== '') return oneLine(body.error, 300)
  return undefined
}
