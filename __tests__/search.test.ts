import { describe, expect, it } from 'vitest'
import { buildSearchRequest, judgeQuery, runSearchCheck } from '../src/engine/search.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import { ok, scriptedClient } from './helpers/fakes.js'
import type { ApiResult } from '../src/api/classify.js'
import type { SearchResult, SearchSettings } from '../src/model.js'

const base: SearchSettings = { queries: ['quickstart'], domain: 'acme-docs', assistantKey: 'ak', filter: {}, minResults: 1 }
const result = (path: string, content = `About ${path}\nmore`): SearchResult => ({ path, content, metadata: {} })
const PATH = '/discovery/v1/search/acme-docs'

async function check(settings: Partial<SearchSettings>, answers: ApiResult[], timeoutMs = 60_000) {
  const clock = virtualClock()
  const { client, requests } = scriptedClient({ [PATH]: answers })
  const seen: string[] = []
  const report = await runSearchCheck(
    { ...base, ...settings },
    {
      client,
      clock,
      random: seededRandom(2),
      signal: new AbortController().signal,
      deadline: clock.now() + timeoutMs,
      minIntervalMs: 1000,
      maxIntervalMs: 5000,
      requestTimeoutMs: 30_000,
      onQuery: (q) => seen.push(q.query)
    }
  )
  return { report, requests, seen }
}

describe('buildSearchRequest', () => {
  it('sends only the query when nothing else is set', () => {
    expect(JSON.parse(JSON.stringify(buildSearchRequest('q', base)))).toEqual({ query: 'q' })
  })
  it('sends the fields the user set', () => {
    const body = buildSearchRequest('q', { ...base, pageSize: 5, scoreThreshold: 0.5, filter: { version: 'v2', tag: 'api' } })
    expect(JSON.parse(JSON.stringify(body))).toEqual({ query: 'q', pageSize: 5, scoreThreshold: 0.5, filter: { version: 'v2', tag: 'api' } })
  })
})

describe('judgeQuery', () => {
  it('passes with enough results', () => {
    expect(judgeQuery('q', [result('a')], base)).toBeUndefined()
  })
  it('names the query and what came back when there are too few', () => {
    expect(judgeQuery('install', [result('docs/a', 'First line\nsecond')], { ...base, minResults: 2 })).toBe(
      'search "install" returned 1 result, expected at least 2; got: docs/a — First line'
    )
    expect(judgeQuery('install', [], base)).toBe('search "install" returned 0 results, expected at least 1; nothing came back')
  })
  it('requires a path containing search-expect-path', () => {
    expect(judgeQuery('q', [result('guides/x'), result('api/y')], { ...base, expectPath: 'quickstart' })).toBe(
      'search "q" returned no result whose path contains "quickstart"; got: guides/x — About guides/x; api/y — About api/y'
    )
    expect(judgeQuery('q', [result('v2/quickstart')], { ...base, expectPath: 'quickstart' })).toBeUndefined()
  })
})

describe('runSearchCheck', () => {
  it('runs queries one after another with the assistant key and passes', async () => {
    const { report, requests, seen } = await check({ queries: ['a', 'b'] }, [ok([result('x')])])
    expect(report).toMatchObject({ result: 'success', error: null, skipped: false })
    expect(seen).toEqual(['a', 'b'])
    expect(requests.map((r) => [r.method, r.path, r.key, r.keyInput, (r.json as { query: string }).query])).toEqual([
      ['POST', PATH, 'ak', 'assistant-key', 'a'],
      ['POST', PATH, 'ak', 'assistant-key', 'b']
    ])
  })

  it('keeps at most pageSize results even if the server sends more', async () => {
    const many = Array.from({ length: 30 }, (_, i) => result(`p${i}`))
    expect((await check({}, [ok(many)])).report.queries[0]?.results).toHaveLength(10)
    expect((await check({ pageSize: 3 }, [ok(many)])).report.queries[0]?.results).toHaveLength(3)
  })

  it('retries 429 with Retry-After and 5xx like polling', async () => {
    const { report, requests } = await check({}, [
      { kind: 'transient', reason: 'HTTP 429', retryAfterMs: 3000 },
      { kind: 'transient', reason: 'HTTP 503' },
      ok([result('x')])
    ])
    expect(report.result).toBe('success')
    expect(requests).toHaveLength(3)
  })

  it('a body that is not an array of results is retried', async () => {
    const { report } = await check({}, [ok({ results: [] }), ok([result('x')])])
    expect(report.result).toBe('success')
  })

  it('401 is an error naming the assistant key', async () => {
    const { report } = await check({}, [{ kind: 'fatal', reason: 'HTTP 401: the platform rejected assistant-key (assistant API key)' }])
    expect(report).toMatchObject({ result: 'error' })
    expect(report.error).toContain('assistant-key')
  })

  it('an unknown domain is an error at once', async () => {
    const { report, requests } = await check({}, [{ kind: 'not-found', reason: 'HTTP 404: Domain not found' }])
    expect(report.error).toBe('search "quickstart": HTTP 404: Domain not found (is search-domain right?)')
    expect(requests).toHaveLength(1)
  })

  it('fails with every failing query named', async () => {
    const { report } = await check({ queries: ['a', 'b'], minResults: 2 }, [ok([result('x')])])
    expect(report.result).toBe('failure')
    expect(report.error).toBe(
      'search "a" returned 1 result, expected at least 2; got: x — About x\nsearch "b" returned 1 result, expected at least 2; got: x — About x'
    )
  })

  it('an element without a string content and path is no result: the answer is retried, never counted', async () => {
    const { report, requests } = await check({}, [ok([{ error: 'index not ready' }]), ok([{ path: 'x' }]), ok([result('x')])])
    expect(report).toMatchObject({ result: 'success', queries: [{ results: [result('x')] }] })
    expect(requests).toHaveLength(3)
    const never = await check({}, [ok([{ error: 'index not ready' }])], 10_000)
    // No answer of the platform's was ever read: "could not tell", never a timeout.
    expect(never.report.result).toBe('error')
    expect(never.report.error).toContain('last problem: the search answer is not the JSON expected')
  })

  it('many slow queries stay within the deadline and its final allowance', async () => {
    const clock = virtualClock()
    const { client, requests } = scriptedClient({ [PATH]: [ok([result('x')])] }, { latency: () => clock.sleep(900, new AbortController().signal) })
    const started = clock.now()
    const report = await runSearchCheck(
      { ...base, queries: Array.from({ length: 15 }, (_, i) => `q${i}`) },
      {
        client,
        clock,
        random: seededRandom(2),
        signal: new AbortController().signal,
        deadline: started + 2000,
        minIntervalMs: 100,
        maxIntervalMs: 200,
        requestTimeoutMs: 1000,
        onQuery: () => undefined
      }
    )
    expect(report.result).toBe('timeout')
    expect(report.error).toBe('search "q3" was not sent: the timeout ran out before it')
    expect(requests).toHaveLength(3)
    expect(clock.now() - started).toBeLessThanOrEqual(2000 + 1000)
  })

  it('ends inside the deadline; a query never answered is an error ("could not tell"), never a timeout', async () => {
    const { report } = await check({}, [{ kind: 'transient', reason: 'HTTP 503' }], 10_000)
    expect(report.result).toBe('error')
    expect(report.error).toContain('last problem: HTTP 503')
  })
})
