import { describe, expect, it } from 'vitest'
import type { ApiResult } from '../src/api/classify.js'
import { checkPages, comparable, holdsText, type ReadableSettings } from '../src/engine/pages.js'
import { runEngine } from '../src/engine/run.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import { ok, recordingEvents, scriptedClient, settingsFor } from './helpers/fakes.js'
import type { RunEvents } from '../src/model.js'

const PAGE = '/discovery/v1/page/acme-docs'
const missing: ApiResult = { kind: 'not-found', reason: 'HTTP 404: not found' }
/** The page asked for (its `path` is filled in by the client below, as the platform names the page it answers for). */
const page = (content: string) => ok({ content })
const SETTINGS: ReadableSettings = { paths: ['guides/new-page'], contains: undefined, domain: 'acme-docs', assistantKey: 'assistant_key_value' }

/** Answers each page's reads in turn, from a script per page path. */
function pagesClient(scripts: Record<string, ApiResult[]>) {
  const counts = new Map<string, number>()
  const requests: { path: string; page: string; at: number }[] = []
  const clock = virtualClock()
  const client = {
    async request(req: { path: string; json?: unknown }) {
      const name = (req.json as { path: string }).path
      requests.push({ path: req.path, page: name, at: clock.now() })
      const n = counts.get(name) ?? 0
      counts.set(name, n + 1)
      const script = scripts[name] ?? [missing]
      const answer = script[Math.min(n, script.length - 1)] as ApiResult
      if (answer.kind !== 'ok' || !answer.body || typeof answer.body !== 'object' || 'path' in answer.body) return answer
      return { kind: 'ok', body: { path: name, ...answer.body } } as ApiResult
    },
    close: async () => undefined
  }
  return { client, requests, clock }
}

/** Checks the pages against the scripts; with `cancelAtRead`, the run is cancelled while that read is in flight. */
async function check(scripts: Record<string, ApiResult[]>, settings: Partial<ReadableSettings> = {}, timeoutMs = 60_000, cancelAtRead?: number) {
  const controller = new AbortController()
  const signal = controller.signal
  const { client: scripted, requests, clock } = pagesClient(scripts)
  const client = {
    ...scripted,
    request: async (req: { path: string; json?: unknown }): Promise<ApiResult> => {
      const answer = await scripted.request(req)
      if (requests.length !== cancelAtRead) return answer
      controller.abort()
      return { kind: 'transient', reason: 'cancelled' }
    }
  }
  const reads: string[] = []
  const startedAt = clock.now()
  const report = await checkPages(
    { ...SETTINGS, ...settings },
    {
      client,
      clock,
      random: seededRandom(5),
      signal,
      deadline: startedAt + timeoutMs,
      minIntervalMs: 1000,
      maxIntervalMs: 5000,
      requestTimeoutMs: 10_000,
      startedAt,
      onRead: (path, state, count) => reads.push(`${path} ${state} ${count}`)
    }
  )
  return { report, requests, reads, startedAt }
}

describe('the text a page must hold', () => {
  it.each([
    ['Previews now build in under a minute.', 'previews NOW build   in\nunder a minute', true],
    ['Previews now\tbuild in under a minute.', 'build in under', true],
    ['Previews build slowly.', 'build in under', false],
    ['Ärger mit ÜBER', 'über', true],
    // Unicode case folding, which toLowerCase alone does not do.
    ['Die Straße ist gesperrt', 'STRASSE', true],
    ['DIE STRASSE', 'straße', true],
    ['İstanbul office', 'istanbul', true],
    ['istanbul office', 'İSTANBUL', true],
    ['Open the ﬁle menu', 'file', true],
    ['Open the FILE menu', 'ﬁle', true],
    ['ΟΔΥΣΣΕΥΣ', 'οδυσσευς', true],
    ['Ｆｕｌｌ width', 'full WIDTH', true],
    ['Strasse', 'Straßen', false],
    ['café', 'cafe', false]
  ])('%j holds %j: %s', (content, wanted, holds) => {
    expect(holdsText(content, wanted)).toBe(holds)
  })

  it('compares without case and runs of whitespace', () => {
    expect(comparable('  Under\n\n a   MINUTE ')).toBe('under a minute')
  })
})

describe('checkPages', () => {
  it('a page not found yet is read again on the poll schedule until it is found', async () => {
    const { report, requests, reads } = await check({ 'guides/new-page': [missing, missing, page('Deploy previews')] })
    expect(report).toMatchObject({ result: 'success', error: null })
    expect(report.pages).toEqual([
      { path: 'guides/new-page', result: 'success', found: true, contains: null, length: 15, reads: 3, liveAfterMs: expect.any(Number), error: null }
    ])
    expect(reads).toEqual(['guides/new-page missing 1', 'guides/new-page missing 2', 'guides/new-page live 3'])
    // The schedule's delays lie within min-interval and max-interval.
    const gaps = requests.slice(1).map((r, i) => r.at - (requests[i]?.at ?? 0))
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000)
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(5000)
    expect(requests.every((r) => r.path === PAGE)).toBe(true)
  })

  it('a page whose text arrives late is read until it holds it', async () => {
    const { report, reads } = await check(
      { 'guides/late-text': [page('Release notes'), page('Release notes'), page('Release notes\nPreviews now  build in\nunder a minute.')] },
      { paths: ['guides/late-text'], contains: 'previews now build in under a minute' }
    )
    expect(report.result).toBe('success')
    expect(report.pages[0]).toMatchObject({ found: true, contains: true, reads: 3 })
    expect(reads).toEqual(['guides/late-text lacking 1', 'guides/late-text lacking 2', 'guides/late-text live 3'])
  })

  it('a page still missing at the deadline is a failure that names it', async () => {
    const { report } = await check({}, { paths: ['guides/new-page', 'quickstart'] }, 20_000)
    expect(report.result).toBe('failure')
    expect(report.pages.map((p) => [p.path, p.result, p.found])).toEqual([
      ['guides/new-page', 'failure', false],
      ['quickstart', 'failure', false]
    ])
    expect(report.error).toMatch(/^page "guides\/new-page" was not found \(HTTP 404\) when the timeout ran out, after \d+ reads over 20\.0s\npage "quickstart"/)
  })

  it('a page without the text at the deadline is a failure that names the page and the text; the others stand', async () => {
    const { report } = await check(
      { 'guides/late-text': [page('Release notes')], quickstart: [page('Quickstart: previews now build in under a minute')] },
      { paths: ['guides/late-text', 'quickstart'], contains: 'Previews now build in under a minute' },
      20_000
    )
    expect(report.result).toBe('failure')
    expect(report.pages.map((p) => [p.path, p.result, p.found, p.contains])).toEqual([
      ['guides/late-text', 'failure', true, false],
      ['quickstart', 'success', true, true]
    ])
    expect(report.error).toMatch(
      /^page "guides\/late-text" was found, but does not contain "Previews now build in under a minute" \(page-contains; case and runs of whitespace ignored\) when the timeout ran out/
    )
    expect(report.error).not.toContain('quickstart')
  })

  it('a rejected assistant key ends the check at once, naming the key', async () => {
    const rejected: ApiResult = {
      kind: 'fatal',
      reason: 'HTTP 401: the platform rejected assistant-key (assistant API key); check that the secret holds a current assistant API key'
    }
    const { report, requests } = await check({ 'guides/new-page': [rejected] })
    expect(requests).toHaveLength(1)
    expect(report.result).toBe('error')
    expect(report.error).toBe(`page "guides/new-page": ${rejected.kind === 'fatal' ? rejected.reason : ''}`)
  })

  it('a page never read for server errors is an error with the last problem ("could not tell"), neither a failure nor a timeout', async () => {
    const { report } = await check({ 'guides/new-page': [{ kind: 'transient', reason: 'HTTP 503' }] }, {}, 20_000)
    expect(report.result).toBe('error')
    expect(report.error).toBe('page "guides/new-page" could not be read before the timeout; last problem: HTTP 503')
  })

  it.each([
    ['another page', { path: 'index', content: 'Deploy previews' }, 'is the page "index"'],
    ['no page at all', { content: 'Deploy previews' }, 'names no page (no "path")']
  ])('an answer for %s is not the page: it is read again, and never makes it live', async (_name, body, said) => {
    const answer: ApiResult = { kind: 'ok', body: { ...body } }
    // The client fills in a missing path: this answer keeps its own (or none).
    if (!('path' in body)) Object.defineProperty(answer.body, 'path', { value: undefined, enumerable: true })
    const { report, requests } = await check({ 'guides/new-page': [answer] }, {}, 20_000)
    expect(requests.length).toBeGreaterThan(2)
    expect(report.result).toBe('error')
    expect(report.pages[0]).toMatchObject({ found: false, length: null })
    expect(report.error).toContain(`the answer for page "guides/new-page" ${said}, so it is not used`)
  })

  it.each([
    ['another page', { path: 'index', content: 'Deploy previews' }, 'is the page "index"'],
    ['no page at all', { content: 'Deploy previews' }, 'names no page (no "path")']
  ])(
    'a 404, then answers for %s until the timeout: "could not tell" with the last problem, not the 404 read before it (found by the explorer)',
    async (_name, body, said) => {
      const answer: ApiResult = { kind: 'ok', body: { ...body } }
      if (!('path' in body)) Object.defineProperty(answer.body, 'path', { value: undefined, enumerable: true })
      const { report } = await check({ 'guides/new-page': [missing, answer] }, {}, 20_000)
      expect(report.result).toBe('error')
      expect(report.error).toBe(
        `page "guides/new-page" could not be read before the timeout; last problem: the answer for page "guides/new-page" ${said}, so it is not used. Check that base-url is the platform's API and that no proxy or catch-all server answers in its place`
      )
    }
  )

  it('a page found without the text, then only another page’s answers: what the report says of it is what the last answer said (nothing found), not the earlier read', async () => {
    const another: ApiResult = { kind: 'ok', body: { path: 'index', content: 'Deploy previews' } }
    const { report } = await check({ 'guides/new-page': [page('The old words'), another] }, { contains: 'Deploy previews' }, 20_000)
    expect(report.result).toBe('error')
    expect(report.pages[0]).toMatchObject({ found: false, length: null, contains: false })
  })

  it('the answer for the page asked, its slashes at either end aside, is the page', async () => {
    const { report } = await check({ 'guides/new-page': [ok({ path: '/guides/new-page/', content: 'Deploy previews' })] })
    expect(report.result).toBe('success')
  })

  it('an answer without the page text is not a page: it is read again', async () => {
    const { report } = await check({ 'guides/new-page': [ok({ path: 'guides/new-page' }), page('Deploy previews')] })
    expect(report.pages[0]).toMatchObject({ result: 'success', reads: 2 })
  })

  it('a cancel ends the check with cancelled', async () => {
    const { report, requests } = await check({ 'guides/new-page': [missing] }, {}, 600_000, 2)
    expect(requests).toHaveLength(2)
    expect(report.result).toBe('cancelled')
    expect(report.pages[0]).toMatchObject({
      result: 'cancelled',
      found: false,
      error: 'page "guides/new-page": the run was cancelled before it was found live'
    })
  })
})

describe('the page check in a run', () => {
  const U = '/v1/project/update-status/u1'
  const run = async (update: ApiResult[], extra: Record<string, string> = {}) => {
    const clock = virtualClock()
    const order: string[] = []
    const { client } = scriptedClient(
      { [U]: update, [PAGE]: [missing, page('Deploy previews for every pull request')] },
      {
        latency: async (req) => {
          order.push(req.path === U ? 'update' : 'page')
        }
      }
    )
    const waitEvents = recordingEvents()
    const events: RunEvents = {
      starting: () => undefined,
      startRetrying: () => undefined,
      started: () => undefined,
      waiting: () => waitEvents,
      searching: () => undefined,
      searchQuery: () => undefined,
      searchRetrying: () => undefined,
      searchDone: () => undefined
    }
    const settings = settingsFor({
      'status-id': 'u1',
      'page-path': 'guides/new-page',
      'search-domain': 'acme-docs',
      'assistant-key': 'assistant_key_value',
      ...extra
    })
    const outcome = await runEngine(settings, { client, clock, random: seededRandom(2), signal: new AbortController().signal, startedAt: clock.now(), events })
    return { outcome, order }
  }

  it('reads the pages only once every wait has succeeded, never before', async () => {
    const { outcome, order } = await run([ok({ status: 'queued' }), ok({ status: 'success' })])
    expect(order).toEqual(['update', 'update', 'page', 'page'])
    expect(outcome.result).toBe('success')
    expect(outcome.pages).toMatchObject({ skipped: false, result: 'success' })
  })

  it('reads nothing when a wait did not succeed', async () => {
    const { outcome, order } = await run([ok({ status: 'failure' })])
    expect(order).toEqual(['update'])
    expect(outcome.result).toBe('failure')
    expect(outcome.pages).toEqual({
      skipped: true,
      reason: expect.stringMatching(/^not read: the wait ended with failure after .*, and pages are read only after every wait has succeeded$/)
    })
  })

  it('a page check that fails skips the search check and leads the headline', async () => {
    const { outcome } = await run([ok({ status: 'success' })], { 'page-contains': 'text that never comes', timeout: '20s', 'search-query': 'previews' })
    expect(outcome.result).toBe('failure')
    expect(outcome.headline).toMatch(
      /^The wait succeeded, but the page check did not: page "guides\/new-page" was found, but does not contain "text that never comes"/
    )
    expect(outcome.search).toEqual({
      skipped: true,
      reason: expect.stringMatching(/^not run: the page check ended with failure after .*, and searches run only after the page check has passed$/)
    })
  })
})
