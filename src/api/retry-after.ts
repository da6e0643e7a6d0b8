// How long a server asked to wait before the next request: `Retry-After` (the platform's answers,
// GitHub's and GitLab's rate limits), else the epoch second a rate limit resets at (GitHub's
// `x-ratelimit-reset`, GitLab's `RateLimit-Reset`). One reading for every API the step talks to.

/**
 * The longest pause a rate limit is given before a record's write goes again: longer than the
 * period of any rate limit of GitHub or GitLab (an hour at the most), and far below what a timer
 * can hold (a longer one fires at once). The step's own limit cuts it shorter still.
 */
export const MAX_RATE_LIMIT_PAUSE_MS = 3_600_000

/** `Retry-After` as seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  // An HTTP date always names its month; this keeps odd numbers like "-1" from parsing as years.
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

/** The headers of a rate-limited answer that say when to ask again. */
export interface RateLimitHeaders {
  /** `Retry-After`: seconds, or an HTTP date. */
  retryAfter?: string | null | undefined
  /** When the limit resets, in epoch seconds (`x-ratelimit-reset`, `RateLimit-Reset`). */
  reset?: string | null | undefined
}

/**
 * How long a rate-limited answer asked to wait, in ms from `now`: its Retry-After, else until its
 * reset (a time past is no wait), at most MAX_RATE_LIMIT_PAUSE_MS; undefined when neither header
 * can be read (absent, negative, not a number or a date).
 */
export function rateLimitPauseMs(headers: RateLimitHeaders, now: number): number | undefined {
  const asked = parseRetryAfter(headers.retryAfter, now) ?? untilReset(headers.reset, now)
  return asked === undefined ? undefined : Math.min(asked, MAX_RATE_LIMIT_PAUSE_MS)
}

function untilReset(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim() ?? ''
  if (!/^\d{1,15}$/.test(text)) return undefined
  return Math.max(0, Number(text) * 1000 - now)
}
