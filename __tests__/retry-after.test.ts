import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { MAX_RATE_LIMIT_PAUSE_MS, parseRetryAfter, rateLimitPauseMs } from '../src/api/retry-after.js'
import { retryAfterMs as githubRetryAfterMs } from '../src/github/comment-api.js'
import { createGitLabClient, explainRateLimit, GitLabError, gitlabRetryAfterMs } from '../src/gitlab/api.js'
import { explainGitLabStatusError } from '../src/gitlab/commit-status.js'
import { explainNoteError } from '../src/gitlab/mr-note.js'

const now = Date.parse('2026-01-01T00:00:00Z')
const epoch = (ms: number) => String(Math.floor(ms / 1000))

describe('parseRetryAfter', () => {
  it.each([
    ['5', 5000],
    ['0', 0],
    ['1.5', 1500],
    [new Date(now + 2000).toUTCString(), 2000],
    [new Date(now - 60_000).toUTCString(), 0]
  ])('%j is %d ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms)
  })

  it.each([undefined, null, '', 'soon', '-1'])('%j is ignored', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined()
  })
})

describe('rateLimitPauseMs: the pause a rate limit asks of a record write', () => {
  it.each([
    ['Retry-After in seconds', { retryAfter: '2' }, 2000],
    ['Retry-After as an HTTP date', { retryAfter: new Date(now + 3000).toUTCString() }, 3000],
    ['Retry-After as an HTTP date already past', { retryAfter: new Date(now - 3000).toUTCString() }, 0],
    ['a reset in epoch seconds, with no Retry-After', { reset: epoch(now + 7000) }, 7000],
    ['a reset already past', { reset: epoch(now - 7000) }, 0],
    ['Retry-After before the reset', { retryAfter: '1', reset: epoch(now + 60_000) }, 1000],
    ['a reset after a Retry-After that cannot be read', { retryAfter: 'later', reset: epoch(now + 4000) }, 4000],
    ['spaces around the values', { retryAfter: ' 4 ' }, 4000]
  ])('%s', (_name, headers, ms) => {
    expect(rateLimitPauseMs(headers, now)).toBe(ms)
  })

  it.each([
    ['no header', {}],
    ['empty headers', { retryAfter: '', reset: '' }],
    ['garbage', { retryAfter: 'soon', reset: 'tomorrow' }],
    ['negative values', { retryAfter: '-1', reset: '-1767225600' }],
    ['numbers in other spellings', { retryAfter: '1e3', reset: '0x10' }],
    ['a date that is no date', { retryAfter: 'Mon, 99 Foo 2026 99:99:99 GMT' }]
  ])('%s: no pause asked', (_name, headers) => {
    expect(rateLimitPauseMs(headers, now)).toBeUndefined()
  })

  it.each([
    ['Retry-After', { retryAfter: '99999999999999999999' }],
    ['an HTTP date', { retryAfter: new Date(now + 400 * 86_400_000).toUTCString() }],
    ['a reset', { reset: '999999999999999' }]
  ])('a huge %s is bounded to an hour, which a timer can hold', (_name, headers) => {
    expect(rateLimitPauseMs(headers, now)).toBe(MAX_RATE_LIMIT_PAUSE_MS)
    expect(MAX_RATE_LIMIT_PAUSE_MS).toBe(3_600_000)
  })
})

describe("GitHub's rate limits read by the same rule", () => {
  const limited = (status: number, headers: Record<string, unknown>, message = 'API rate limit exceeded') =>
    Object.assign(new Error(message), { status, response: { headers } })

  it('a 429 or a 403 secondary limit: Retry-After, an HTTP date, the reset, bounded; a second when none is given', () => {
    expect(githubRetryAfterMs(limited(429, { 'retry-after': '3' }), now)).toBe(3000)
    expect(githubRetryAfterMs(limited(403, { 'retry-after': new Date(now + 5000).toUTCString() }, 'secondary rate limit'), now)).toBe(5000)
    expect(githubRetryAfterMs(limited(429, { 'x-ratelimit-reset': Number(epoch(now + 9000)) }), now)).toBe(9000)
    expect(githubRetryAfterMs(limited(429, { 'retry-after': '99999999999' }), now)).toBe(MAX_RATE_LIMIT_PAUSE_MS)
    expect(githubRetryAfterMs(limited(429, { 'retry-after': '' }), now)).toBe(1000)
  })

  it('no pause for an answer that is no rate limit', () => {
    expect(githubRetryAfterMs(limited(403, { 'retry-after': '3' }, 'Resource not accessible by integration'), now)).toBeUndefined()
    expect(githubRetryAfterMs(limited(502, { 'retry-after': '3' }), now)).toBeUndefined()
  })
})

describe("GitLab's rate limit (429)", () => {
  const opened: Awaited<ReturnType<typeof startGitLabApi>>[] = []
  afterAll(async () => {
    for (const api of opened) await api.close()
  })
  async function refusedWrite(retryAfter: boolean): Promise<unknown> {
    const api = await startGitLabApi()
    opened.push(api)
    api.rateLimit(1500, { retryAfter })
    const gitlab = createGitLabClient(new URL(api.apiUrl), GITLAB_TOKEN, new AbortController().signal, 5000, {})
    try {
      await gitlab.setCommitStatus('17', 'a'.repeat(40), { state: 'running', name: 'docs', description: 'd', targetUrl: undefined, pipelineId: undefined })
      return undefined
    } catch (error) {
      return error
    } finally {
      await gitlab.close()
    }
  }

  it('the client keeps the pause its Retry-After asks for', async () => {
    const error = await refusedWrite(true)
    expect(error).toBeInstanceOf(GitLabError)
    expect(error).toMatchObject({ status: 429, retryAfterMs: 2000 })
    expect(gitlabRetryAfterMs(error)).toBe(2000)
  })

  it('the client keeps the pause until RateLimit-Reset when there is no Retry-After', async () => {
    const error = await refusedWrite(false)
    expect(error).toMatchObject({ status: 429 })
    const pause = gitlabRetryAfterMs(error) ?? -1
    // Until the whole second after the limit's end, 1.5 s from the request: within 2.5 s.
    expect(pause).toBeGreaterThan(0)
    expect(pause).toBeLessThanOrEqual(2500)
  })

  it('no pause for any other failure, nor for a 429 that gave none', () => {
    expect(gitlabRetryAfterMs(new GitLabError('HTTP 503', 503, 4000))).toBeUndefined()
    expect(gitlabRetryAfterMs(new GitLabError('HTTP 429', 429))).toBeUndefined()
    expect(gitlabRetryAfterMs(new Error('HTTP 429'))).toBeUndefined()
  })

  it('is explained as a rate limit, with what to do, for the note and the commit status', () => {
    const error = new GitLabError('HTTP 429: Retry later', 429, 1000)
    const words =
      /^GitLab asked to slow down: a rate limit of its API was reached \(HTTP 429: Retry later\); the next run writes the (note|commit status) again\. If it happens often, give this job a token of its own/
    expect(explainNoteError(error, { project: '17', mergeRequest: '3' })).toMatch(words)
    expect(explainNoteError(error, { project: '17', mergeRequest: '3' })).toContain('writes the note again')
    expect(explainGitLabStatusError(error, '17')).toMatch(words)
    expect(explainGitLabStatusError(error, '17')).toContain('writes the commit status again')
    expect(explainRateLimit(new GitLabError('HTTP 403', 403), 'note')).toBeUndefined()
  })
})
