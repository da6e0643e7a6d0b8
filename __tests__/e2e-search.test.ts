import { describe, expect, it } from 'vitest'
import { ASSISTANT_KEY, SEARCH_DOMAIN } from '../dev/simulator.js'
import { OUTPUT_NAMES } from '../src/report/outputs.js'
import { runAgainst, simulator } from './helpers/e2e.js'

interface QueryOutput {
  query: string
  results: { content: string; path: string; metadata: Record<string, unknown> }[]
}

const searchInputs = (extra: Record<string, string> = {}) => ({ 'admin-key': '', 'assistant-key': ASSISTANT_KEY, 'search-domain': SEARCH_DOMAIN, ...extra })
const searches = (sim: Awaited<ReturnType<typeof simulator>>) => sim.requests.filter((r) => r.method === 'POST')

describe.concurrent('the search check, end to end', () => {
  it('runs alone, on a schedule, and passes', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, searchInputs({ 'search-query': 'quickstart\ninstall the cli, with npm' }))
    expect(run.code, run.stdout).toBe(0)
    expect(Object.keys(run.outputs).sort()).toEqual([...OUTPUT_NAMES].sort())
    const results = JSON.parse(run.outputs['search-results'] as string) as QueryOutput[]
    expect(results.map((r) => r.query)).toEqual(['quickstart', 'install the cli, with npm'])
    expect(results[0]?.results.length).toBeGreaterThanOrEqual(3)
    expect(run.outputs['search-result-count']).toBe(String(results.reduce((n, q) => n + q.results.length, 0)))
    expect(run.outputs).toMatchObject({ result: 'success', polls: '0', results: '[]' })
    expect(searches(sim).map((r) => [r.authorization, JSON.parse(r.body as string)])).toEqual([
      [`Bearer ${ASSISTANT_KEY}`, { query: 'quickstart' }],
      [`Bearer ${ASSISTANT_KEY}`, { query: 'install the cli, with npm' }]
    ])
    expect(run.stdout).toContain('::group::Search check: 2 queries on acme-docs')
    expect(run.stdout).toMatch(/✓ search "quickstart": \d+ results; top: /)
    expect(run.summary).toContain('### Search check')
    expect(run.summary).toMatch(/\| 1 \| `[^`]+` \| .+ \| 1\.00 \|/)
  })

  it('fails when a query returns too few results, naming it and showing what came back', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, searchInputs({ 'search-query': 'quickstart', 'search-min-results': '20' }))
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(run.stdout).toMatch(/::error::Search check: search "quickstart" returned \d+ results, expected at least 20; got: [^;]+ — [^;]+; /)
    expect(run.summary).toContain('❌ search &quot;quickstart&quot; returned')
  })

  it('fails when no result has the expected path', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, searchInputs({ 'search-query': 'install', 'search-expect-path': 'no-such-page' }))
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('returned no result whose path contains "no-such-page"; got: ')
  })

  it('filters, page size and threshold reach the server and change the results', async () => {
    // Two runs at once, each against its own simulator: one test's time for both.
    const [sim, other] = await Promise.all([simulator(), simulator()])
    const [all, narrowed] = await Promise.all([
      runAgainst(other, searchInputs({ 'search-query': 'authentication api key' })),
      runAgainst(
        sim,
        searchInputs({
          'search-query': 'authentication api key',
          'search-version': 'v2',
          'search-language': 'en',
          'search-tag': 'security',
          'search-page-size': '5',
          'search-score-threshold': '0.5'
        })
      )
    ])
    expect(narrowed.code, narrowed.stdout).toBe(0)
    const count = (run: typeof all) => Number(run.outputs['search-result-count'])
    expect(count(narrowed)).toBeGreaterThan(0)
    expect(count(narrowed)).toBeLessThan(count(all))
    const paths = (JSON.parse(narrowed.outputs['search-results'] as string) as QueryOutput[])[0]?.results.map((r) => r.metadata) ?? []
    expect(paths.every((m) => m.version === 'v2' && m.language === 'en' && (m.score as number) >= 0.5)).toBe(true)
    expect(JSON.parse(searches(sim).at(-1)?.body as string)).toEqual({
      query: 'authentication api key',
      pageSize: 5,
      scoreThreshold: 0.5,
      filter: { version: 'v2', language: 'en', tag: 'security' }
    })
  })

  it('a wrong assistant key is an error that names assistant-key, never the key', async () => {
    const sim = await simulator()
    const wrong = 'wrong_assistant_key_5d1e'
    const run = await runAgainst(sim, searchInputs({ 'search-query': 'quickstart', 'assistant-key': wrong }))
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toContain('HTTP 401: the platform rejected assistant-key (assistant API key)')
    expect((run.stdout + run.stderr + run.summary + JSON.stringify(run.outputs)).split(wrong)).toHaveLength(2)
  })

  it('rides out a 429 with Retry-After on search', async () => {
    const sim = await simulator()
    sim.script('search', 'busy', [
      { status: 429, headers: { 'retry-after': '1' }, json: { error: 'slow down' } },
      { json: [{ content: 'ok', path: 'a', metadata: {} }] }
    ])
    const run = await runAgainst(sim, searchInputs({ 'search-query': 'busy' }))
    expect(run.code, run.stdout).toBe(0)
    const [first, second] = searches(sim)
    expect((second?.at ?? 0) - (first?.at ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(1000)
  })

  it('a failing search answer is retried where the log shows it: what failed and when the next try comes, outside the group', async () => {
    const sim = await simulator()
    sim.script('search', 'flaky', [{ status: 503, json: { error: 'maintenance' }, repeat: 2 }, { json: [{ content: 'ok', path: 'a', metadata: {} }] }])
    const run = await runAgainst(sim, searchInputs({ 'search-query': 'flaky' }))
    expect(run.code, run.stdout).toBe(0)
    expect(searches(sim)).toHaveLength(3)
    const lines = run.stdout.split('\n')
    const retry = lines.findIndex((l) => /^search "flaky": HTTP 503: maintenance, retrying in \d[\d.]*m?s$/.test(l))
    expect(retry, run.stdout).toBeGreaterThan(0)
    expect(lines.filter((l) => l.startsWith('search "flaky": HTTP 503: maintenance'))).toHaveLength(2)
    // Printed outside any group, before the group that holds the result; no group is left empty.
    expect(lines.slice(0, retry).filter((l) => l.startsWith('::group::'))).toEqual([])
    expect(lines.slice(retry)).toContain('::group::Search check: 1 query on acme-docs')
    lines.forEach((line, i) => {
      if (line.startsWith('::group::')) expect(lines[i + 1]).not.toBe('::endgroup::')
    })
    expect(run.stdout).toMatch(/✓ search "flaky": 1 result/)
  })

  it('runs after a successful wait, with both keys', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, searchInputs({ 'status-id': 'update-success', 'admin-key': 'sim_admin_0123456789abcdef', 'search-query': 'quickstart' }))
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs).toMatchObject({ result: 'success', status: 'success', polls: '4' })
    expect(Number(run.outputs['search-result-count'])).toBeGreaterThan(0)
  })

  it('does not run when the wait failed, and the summary says why', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, searchInputs({ 'status-id': 'update-failure', 'admin-key': 'sim_admin_0123456789abcdef', 'search-query': 'quickstart' }))
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ result: 'failure', 'search-results': '[]', 'search-result-count': '0' })
    expect(searches(sim)).toHaveLength(0)
    expect(run.summary).toContain('### Search check\n\nSkipped: not run: the wait ended with failure')
  })

  it('refuses the same key for both kinds, before any request', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, searchInputs({ 'search-query': 'q', 'status-id': 'update-success', 'admin-key': ASSISTANT_KEY }))
    expect(run.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(run.stdout).toContain('assistant-key: (hidden) is the same as admin-key')
  })
})
