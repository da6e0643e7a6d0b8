import { getOctokit } from '@actions/github'
import nock from 'nock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { guardedClient, refusedByGitHub } from '../src/github/comment-api.js'
import { createGitLabClient } from '../src/gitlab/api.js'
import { errorCodes, failureOf, NoAnswer, noAnswer, refusedForGood } from '../src/records/failure.js'
import { closeStubServers, stubServer } from './helpers/stub-server.js'

const coded = (message: string, code: string, cause?: unknown) => Object.assign(new Error(message, { cause }), { code })
const answered = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status })
const aborted = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError')

describe('what became of a request that failed, from types alone', () => {
  it.each([
    ['an answer 404', answered(404), false, 'refused'],
    ['an answer 422', answered(422), false, 'refused'],
    ['an answer 429', answered(429), false, 'rate-limited'],
    ['an answer 502', answered(502), false, 'lost'],
    ['a 201 whose body named nothing', answered(201), false, 'lost'],
    ['no answer, after it may have reached the server', new NoAnswer('other side closed', 'maybe'), false, 'lost'],
    ['no answer, never reached', new NoAnswer('connect ECONNREFUSED', 'no'), false, 'never-sent'],
    ['a proxy that refused the tunnel', new NoAnswer('Proxy response (403)', 'no', { proxyStatus: 403 }), false, 'never-sent'],
    ['a proxy that wants credentials', new NoAnswer('Proxy response (407)', 'no', { proxyStatus: 407 }), false, 'refused'],
    ["a lookup's own time that ran out", aborted(), false, 'timed-out'],
    ["a write ended by the step's limit", aborted(), true, 'lost'],
    ['a bare socket error, by its code', coded('read ECONNRESET', 'ECONNRESET'), false, 'lost'],
    ["a name not found, in a cause's code", new TypeError('fetch failed', { cause: coded('getaddrinfo ENOTFOUND x', 'ENOTFOUND') }), false, 'never-sent'],
    ['an answer of the wrong shape', new Error('GitLab did not list the statuses'), false, 'unknown']
  ] as const)('%s: %s', (_name, error, writeEnded, kind) => {
    expect(failureOf(error, writeEnded)).toBe(kind)
  })

  it('words alone decide nothing: a message that names a reset or a refused connection, with no type, is unknown', () => {
    for (const message of ['network error: other side closed', 'socket hang up', 'connect ECONNREFUSED 127.0.0.1:1', 'terminated', 'write EPIPE'])
      expect(failureOf(new Error(message), false), message).toBe('unknown')
  })

  it('a transport error becomes NoAnswer by its codes: never reached only for a connection never made, or a proxy refusal', () => {
    expect(noAnswer(new TypeError('fetch failed', { cause: coded('connect ECONNREFUSED', 'ECONNREFUSED') }), 'x').reached).toBe('no')
    expect(noAnswer(new TypeError('terminated', { cause: coded('other side closed', 'UND_ERR_SOCKET') }), 'x').reached).toBe('maybe')
    expect(noAnswer(new Error('Proxy response (407)'), 'x', { proxyStatus: 407 }).reached).toBe('no')
    expect(noAnswer(new Error('no code at all'), 'x').reached).toBe('maybe')
    expect(errorCodes(coded('a', 'E1', coded('b', 'E2', coded('c', 'E3'))))).toEqual(['E1', 'E2', 'E3'])
  })
})

describe('refused for good: the one rule of every write', () => {
  it.each([
    ['an answer 400', answered(400), true],
    ['an answer 401', answered(401), true],
    ['an answer 403', answered(403), true],
    ['an answer 404', answered(404), true],
    ['an answer 422', answered(422), true],
    ['a proxy that wants credentials', new NoAnswer('Proxy response (407)', 'no', { proxyStatus: 407 }), true],
    // A rate limit passes after its pause: never a refusal.
    ['an answer 429', answered(429), false],
    ['an answer 500', answered(500), false],
    ['an answer 502', answered(502), false],
    ['an answer 503', answered(503), false],
    ['no answer, after it may have reached the server', new NoAnswer('other side closed', 'maybe'), false],
    ['no answer, never reached', new NoAnswer('connect ECONNREFUSED', 'no'), false],
    ["a lookup's own time that ran out", aborted(), false],
    ['a bare socket error', coded('read ECONNRESET', 'ECONNRESET'), false],
    ['an answer of the wrong shape', new Error('GitLab did not list the statuses'), false]
  ] as const)('%s: %s', (_name, error, refused) => {
    expect(refusedForGood(error)).toBe(refused)
  })

  it("GitHub's: a 403 secondary rate limit (said in its words alone) is no refusal; a 403 of the token's permission is", () => {
    const limited = Object.assign(new Error('You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'), { status: 403 })
    expect(refusedForGood(limited)).toBe(true)
    expect(refusedByGitHub(limited)).toBe(false)
    expect(refusedByGitHub(Object.assign(new Error('Resource not accessible by integration'), { status: 403 }))).toBe(true)
    expect(refusedByGitHub(answered(429))).toBe(false)
    expect(refusedByGitHub(answered(422))).toBe(true)
    expect(refusedByGitHub(answered(502))).toBe(false)
  })
})

describe('each transport types its failures at its boundary', () => {
  afterAll(closeStubServers)
  beforeAll(() => nock.disableNetConnect())
  afterEach(() => nock.cleanAll())

  it('GitLab: a connection refused is never sent; a socket closed after the request is lost', async () => {
    const refused = createGitLabClient(new URL('http://127.0.0.1:1/api/v4'), 'glpat-x', new AbortController().signal, 5000, {})
    const never = await refused.currentUserId().catch((error: unknown) => error)
    await refused.close()
    expect(never).toBeInstanceOf(NoAnswer)
    expect(failureOf(never, false)).toBe('never-sent')
    const api = new URL(`${await stubServer((req) => req.socket.destroy())}/api/v4`)
    const closing = createGitLabClient(api, 'glpat-x', new AbortController().signal, 5000, {})
    const cut = await closing.createNote('17', '5', 'body').catch((error: unknown) => error)
    await closing.close()
    expect(cut).toBeInstanceOf(NoAnswer)
    expect(failureOf(cut, false)).toBe('lost')
    expect((cut as Error).message).toMatch(/^network error: /)
  })

  it('GitHub: a connection refused is never sent; a reset is lost; an answer keeps its status', async () => {
    nock.enableNetConnect('127.0.0.1')
    const octokit = guardedClient(getOctokit('gh-token', { baseUrl: 'https://api.github.com', request: { fetch: globalThis.fetch } }), 'gh-token', (t) => t)
    const where = { owner: 'acme', repo: 'docs', comment_id: 5, body: 'b' }
    nock('https://api.github.com')
      .patch('/repos/acme/docs/issues/comments/5')
      .replyWithError(coded('connect ECONNREFUSED 10.0.0.1:443', 'ECONNREFUSED'))
      .patch('/repos/acme/docs/issues/comments/5')
      .replyWithError(coded('read ECONNRESET', 'ECONNRESET'))
      .patch('/repos/acme/docs/issues/comments/5')
      .reply(502, { message: 'Bad gateway' })
    const errors: unknown[] = []
    for (let i = 0; i < 3; i++) errors.push(await octokit.rest.issues.updateComment(where).catch((error: unknown) => error))
    expect(errors.map((error) => failureOf(error, false))).toEqual(['never-sent', 'lost', 'lost'])
    // The first two got no answer; the third did, and keeps GitHub's status.
    expect(errors.map((error) => error instanceof NoAnswer)).toEqual([true, true, false])
    expect(errors[2]).toMatchObject({ status: 502 })
  })
})
