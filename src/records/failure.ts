// What became of a record's request that failed, in one taxonomy for every transport: refused for
// good, rate-limited, lost (it may land later), never sent, or a lookup that ran out of its time.
// Each transport says what it knows as types at its boundary (an HTTP status on the error, or
// `NoAnswer` for a request that got none, with whether it may have reached the server), and the
// lifecycle decides from those alone: nothing here reads an error's words.
import { isAbort } from './listing.js'

/**
 * A request that got no answer, as its transport knows it: `reached` is `no` when it certainly
 * never reached the server (a connection refused, a name not found, a proxy that refused the
 * tunnel: `proxyStatus`), `maybe` once it may have (a reset, a socket closed, a phase cut short).
 */
export class NoAnswer extends Error {
  readonly proxyStatus: number | undefined
  /** Where it was sent, when the transport says (for the words: "the GitHub API at …"). */
  readonly url: string | undefined
  constructor(
    message: string,
    readonly reached: 'no' | 'maybe',
    options: { cause?: unknown; proxyStatus?: number | undefined; url?: string | undefined } = {}
  ) {
    super(message, { cause: options.cause })
    this.name = 'NoAnswer'
    this.proxyStatus = options.proxyStatus
    this.url = options.url
  }
}

/** The system's codes of a connection that was never made: nothing of the request reached the server. */
const NEVER_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

/** The `code`s of an error and of the causes below it (five deep at the most): the system's and the HTTP library's (ECONNRESET, UND_ERR_SOCKET…). */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = []
  for (let at: unknown = error, depth = 0; at && typeof at === 'object' && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
  }
  return codes
}

/**
 * A transport's failure without an answer as `NoAnswer`: whether it reached the server, from its
 * codes; `proxyStatus` when a proxy refused the tunnel (nothing went past it).
 */
export function noAnswer(error: unknown, message: string, options: { proxyStatus?: number | undefined; url?: string | undefined } = {}): NoAnswer {
  const never = options.proxyStatus !== undefined || errorCodes(error).some((code) => NEVER_REACHED.has(code))
  return new NoAnswer(message, never ? 'no' : 'maybe', { cause: error, ...options })
}

/** The HTTP status an error carries (an answer's), when it carries one. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined
  const status = Number(error.status)
  return Number.isNaN(status) ? undefined : status
}

/**
 * What became of a request that failed:
 * - `refused`: answered, not applied, and the same request would be refused again (a 4xx, a
 *   proxy that wants credentials);
 * - `rate-limited`: answered 429, not applied; it may pass after the pause;
 * - `lost`: it may have been applied (a 5xx, no answer once it may have reached the server, a
 *   write cut at the step's limit, a 2xx whose answer cannot be used): it may land later;
 * - `never-sent`: it never reached the server: nothing applied, it may pass when sent again;
 * - `timed-out`: a lookup that ran out of its own time (request-timeout): nothing written;
 * - `unknown`: no request's failure this knows (an answer of the wrong shape, a fault): nothing of it lands.
 *
 * `writeEnded`: the write's own signal ended it (the step's limit), so what was sent may land.
 * An error with no type but a system's code (a bare socket error) is judged by its code.
 */
export type Failure = 'refused' | 'rate-limited' | 'lost' | 'never-sent' | 'timed-out' | 'unknown'

export function failureOf(error: unknown, writeEnded: boolean): Failure {
  if (isAbort(error)) return writeEnded ? 'lost' : 'timed-out'
  if (error instanceof NoAnswer) return error.proxyStatus === 407 ? 'refused' : error.reached === 'no' ? 'never-sent' : 'lost'
  const status = statusOf(error)
  if (status !== undefined) return status === 429 ? 'rate-limited' : status >= 500 || (status >= 200 && status < 300) ? 'lost' : 'refused'
  const codes = errorCodes(error)
  if (codes.some((code) => NEVER_REACHED.has(code))) return 'never-sent'
  return codes.some((code) => /^(?:E[A-Z]+|UND_ERR_\w+)$/.test(code)) ? 'lost' : 'unknown'
}

/**
 * Refused for good: answered, not applied, and the same request would be refused again (a 4xx
 * but a 429, a proxy that wants credentials). The one rule of every record's writes: the
 * lifecycle's (records/lifecycle.ts), and every port's, which narrows it only by a fact of its
 * platform that no type carries (GitHub's secondary rate limit, a 403 that says so in its words
 * alone). A rate limit, a 5xx, no answer, a lookup that ran out are never refusals: they may pass.
 */
export function refusedForGood(error: unknown): boolean {
  return failureOf(error, false) === 'refused'
}
