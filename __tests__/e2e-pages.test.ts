import { describe, expect, it } from 'vitest'
import { ASSISTANT_KEY, LATE_PAGE_TEXT, PROJECT_ID, SEARCH_DOMAIN } from '../dev/simulator.js'
import { expectAllOutputs, githubApi, runAgainst, simulator } from './helpers/e2e.js'

type Sim = Awaited<ReturnType<typeof simulator>>

const PAGE = `/discovery/v1/page/${SEARCH_DOMAIN}`
const pageReads = (sim: Sim) => sim.requests.filter((r) => r.path === PAGE)
const pageInputs = (paths: string, extra: Record<string, string> = {}) => ({
  'assistant-key': ASSISTANT_KEY,
  'search-domain': SEARCH_DOMAIN,
  'page-path': paths,
  ...extra
})

describe.concurrent('the page is live, end to end', () => {
  it('after the update succeeded, a page not found yet is read again until it is found and holds the text; never before', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, {
      trigger: 'update',
      'project-id': PROJECT_ID,
      ...pageInputs('guides/new-page', { 'page-contains': 'every PULL request gets\n its own preview' })
    })
    expect(run.code, run.stdout).toBe(0)
    const reads = pageReads(sim)
    expect(reads.map((r) => [r.authorization, JSON.parse(r.body ?? '')])).toEqual(Array(3).fill([`Bearer ${ASSISTANT_KEY}`, { path: 'guides/new-page' }]))
    // Every read comes after the last poll of the update, the one that read its success.
    const order = sim.requests.map((r) => (r.path === PAGE ? 'page' : r.method === 'GET' ? 'poll' : 'start'))
    expect(order.lastIndexOf('poll')).toBeLessThan(order.indexOf('page'))
    expect(order.slice(order.indexOf('page'))).toEqual(['page', 'page', 'page'])
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(JSON.parse(run.outputs['page-results'] ?? '')).toEqual([{ path: 'guides/new-page', found: true, contains: true, length: 69 }])
    expect(run.outputs.result).toBe('success')
    expect(run.stdout).toMatch(/^page "guides\/new-page": not found yet \(HTTP 404\) \(after .*, 1 read\); reading it again on the poll schedule$/m)
    expect(run.stdout).toMatch(/^✓ page "guides\/new-page" is live \(after .*, 3 reads\)$/m)
    expect(run.summary).toContain('### Pages')
    expect(run.summary).toMatch(/\| `guides\/new-page` \| ✅ success \| yes \(69 characters\) \| yes \| live after .* \(3 reads\) \|/)
  })

  it('a page whose new text arrives late is read until it holds it', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...pageInputs('guides/late-text', { 'page-contains': LATE_PAGE_TEXT.toUpperCase() }) })
    expect(run.code, run.stdout).toBe(0)
    expect(pageReads(sim)).toHaveLength(3)
    expect(run.stdout).toMatch(/^page "guides\/late-text": found, but without the text yet \(after .*, 1 read\); reading it again on the poll schedule$/m)
    expect(JSON.parse(run.outputs['page-results'] ?? '')).toEqual([{ path: 'guides/late-text', found: true, contains: true, length: expect.any(Number) }])
  })

  it('at the deadline, a page still missing and one without the text end result=failure, each named with what was missing', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, {
      'status-id': 'update-success',
      timeout: '3s',
      ...pageInputs('guides/never-published, quickstart', { 'page-contains': 'install the CLI in one minute' })
    })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(JSON.parse(run.outputs['page-results'] ?? '')).toEqual([
      { path: 'guides/never-published', found: false, contains: false, length: null },
      { path: 'quickstart', found: true, contains: false, length: expect.any(Number) }
    ])
    expect(run.stdout).toMatch(
      /^::error::The wait succeeded, but the page check did not: page "guides\/never-published" was not found \(HTTP 404\) when the timeout ran out/m
    )
    expect(run.stdout).toContain(
      'page "quickstart" was found, but does not contain "install the CLI in one minute" (page-contains; case and runs of whitespace ignored) when the timeout ran out'
    )
    expect(run.summary).toMatch(/^## ❌ Docs page check failed$/m)
  })

  it('nothing is read when a wait did not succeed', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-failure', ...pageInputs('quickstart') })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(pageReads(sim)).toHaveLength(0)
    expect(run.outputs['page-results']).toBe('[]')
    expect(run.summary).toMatch(/### Pages\n\nSkipped: not read: the wait ended with failure after .*, and pages are read only after every wait has succeeded/)
  })

  it('a wrong assistant key ends the check after one read, naming the key', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...pageInputs('quickstart', { 'assistant-key': 'sim_assistant_wrong_key' }) })
    expect(run.outputs.result).toBe('error')
    expect(pageReads(sim)).toHaveLength(1)
    expect(run.stdout).toContain('page "quickstart": HTTP 401: the platform rejected assistant-key (assistant API key)')
  })

  it('the PR comment has a line per page: found, holds the text, when', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      {
        'status-id': 'update-success',
        ...pageInputs('quickstart\nguides/new-page', { 'page-contains': 'DOCS' }),
        'pr-comment': 'true',
        'github-token': 'ghs_fake_token_for_tests_0003'
      },
      { env: { GITHUB_API_URL: api.url }, event: { name: 'pull_request', payload: { pull_request: { number: 7 } } } }
    )
    expect(run.code, run.stdout).toBe(0)
    const body = api.comments.at(-1)?.body ?? ''
    expect(body).toMatch(/^<!-- wait-for-docs\/3 github\/file\/\S+\/wait-for-docs\/\S+\/update\+page -->\n/)
    expect(body).toMatch(/^- ✅ `quickstart`: found yes \(\d+ characters\), holds the text yes, live after .* \(1 read\)$/m)
    expect(body).toMatch(/^- ✅ `guides\/new-page`: found yes \(69 characters\), holds the text yes, live after .* \(3 reads\)$/m)
  })

  it.each([
    [{ 'status-id': 'update-success', 'page-contains': 'preview' }, 'page-contains: is only used with page-path'],
    [{ 'status-id': 'update-success', 'page-path': 'quickstart', 'assistant-key': ASSISTANT_KEY }, 'search-domain: is required with page-path']
  ])('%j is refused before any request', async (inputs, problem) => {
    const sim = await simulator()
    const run = await runAgainst(sim, inputs)
    expect(run.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toContain(problem)
  })
})
