import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY, PROJECT_ID } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { expectAllOutputs, runAgainst, simulator } from './helpers/e2e.js'

// The page as readers are served it (site-url), through the bundled action and command over
// real HTTP: a site on loopback that publishes a page late, protects one behind a header and
// moves one within its origin, and that must never receive a key of the platform.
const TOKEN = 'bypass_token_0123456789'
const TEXT = 'Every pull request gets its own preview.'

/** A docs site below /docs that records every request it receives, headers included. */
async function site(options: { missingReads?: number } = {}) {
  const received: { url: string; headers: IncomingHttpHeaders }[] = []
  const reads = new Map<string, number>()
  const server = createServer((req, res) => {
    const url = req.url ?? ''
    received.push({ url, headers: req.headers })
    const n = (reads.get(url) ?? 0) + 1
    reads.set(url, n)
    const page = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body>${body}</body></html>`)
    if (url === '/docs/guides/new-page') {
      if (n <= (options.missingReads ?? 2)) return res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')
      return page(`<main><h1>Previews</h1><p>Every <b>pull request</b> gets its own&nbsp;preview.</p></main>`)
    }
    if (url === '/docs/protected') {
      if (req.headers['x-bypass'] !== TOKEN) return res.writeHead(401, { 'content-type': 'text/plain' }).end('Login required')
      return page(`<p>${TEXT}</p>`)
    }
    if (url === '/docs/moved') return res.writeHead(301, { location: '/docs/moved/' }).end()
    if (url === '/docs/moved/') return page(`<p>${TEXT}</p>`)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: address,
    received,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    }
  }
}

/** No key of the platform (nor any Authorization) reached the site, in any header. */
function expectNoPlatformKey(received: { headers: IncomingHttpHeaders }[], keys: string[]) {
  expect(received.length).toBeGreaterThan(0)
  for (const { headers } of received) {
    expect(headers.authorization).toBeUndefined()
    for (const key of keys) expect(JSON.stringify(headers)).not.toContain(key)
  }
}

describe.concurrent('the page readers are served (site-url), end to end', () => {
  it('the action reads each page from the site until it is served with the text: late, protected, moved', async () => {
    const [sim, docs] = await Promise.all([simulator(), site()])
    try {
      const run = await runAgainst(sim, {
        'status-id': 'update-success',
        'page-path': 'guides/new-page\nprotected\n/moved',
        'page-contains': 'every PULL request gets its own preview',
        'site-url': `${docs.url}/docs/`,
        'page-header': `X-Bypass: ${TOKEN}`
      })
      expect(run.code, run.stdout).toBe(0)
      expect(run.outputs.result).toBe('success')
      expect(expectAllOutputs(run.outputs)).toEqual([])
      expect(JSON.parse(run.outputs['page-results'] ?? '')).toEqual([
        { path: 'guides/new-page', found: true, contains: true, length: expect.any(Number) },
        { path: 'protected', found: true, contains: true, length: expect.any(Number) },
        { path: '/moved', found: true, contains: true, length: expect.any(Number) }
      ])
      expect(run.stdout).toContain(`Page check: 3 pages on the site (${docs.url}/docs), each holding "every PULL request gets its own preview"`)
      expect(run.stdout).toMatch(/^page "guides\/new-page": not found yet \(HTTP 404\) \(after .*, 1 read\); reading it again on the poll schedule$/m)
      expect(run.stdout).toMatch(/^✓ page "guides\/new-page" is live \(after .*, 3 reads\)$/m)
      // The redirect within the site's origin was followed; every read carried the header.
      expect(docs.received.map((r) => r.url).filter((url) => url.startsWith('/docs/moved'))).toEqual(['/docs/moved', '/docs/moved/'])
      for (const { headers } of docs.received) expect(headers['x-bypass']).toBe(TOKEN)
      expectNoPlatformKey(docs.received, [ADMIN_KEY])
      // The platform is not asked for the pages.
      expect(sim.requests.filter((r) => r.path.startsWith('/discovery/'))).toEqual([])
      // The header's value is masked: it shows only in the line that masks it.
      expect(run.stdout.split('\n').filter((line) => line.includes(TOKEN) && !line.startsWith('::add-mask::'))).toEqual([])
    } finally {
      await docs.close()
    }
  })

  it('without the header, a protected page ends result=error with what to do about page-header', async () => {
    const [sim, docs] = await Promise.all([simulator(), site()])
    try {
      const run = await runAgainst(sim, { 'status-id': 'update-success', 'page-path': 'protected', 'site-url': `${docs.url}/docs` })
      expect(run.code).toBe(1)
      expect(run.outputs.result).toBe('error')
      expect(run.stdout).toContain(
        'page "protected": HTTP 401: the site refused the page; if the pages are protected (a preview behind a login or a bypass token), give the header that lets a reader in as page-header'
      )
      expect(docs.received).toHaveLength(1)
      expectNoPlatformKey(docs.received, [ADMIN_KEY])
    } finally {
      await docs.close()
    }
  })

  it('at the deadline, a page the site still does not serve ends result=failure, naming it', async () => {
    const [sim, docs] = await Promise.all([simulator(), site({ missingReads: 1000 })])
    try {
      const run = await runAgainst(sim, { 'status-id': 'update-success', timeout: '8s', 'page-path': 'guides/new-page', 'site-url': `${docs.url}/docs` })
      expect(run.code).toBe(1)
      expect(run.outputs.result).toBe('failure')
      expect(JSON.parse(run.outputs['page-results'] ?? '')).toEqual([{ path: 'guides/new-page', found: false, contains: null, length: null }])
      expect(run.stdout).toMatch(
        /^::error::The wait succeeded, but the page check did not: page "guides\/new-page" was not found \(HTTP 404\) when the timeout ran out/m
      )
      expectNoPlatformKey(docs.received, [ADMIN_KEY])
    } finally {
      await docs.close()
    }
  })

  it('the command reads the pages from --site-url, with the header from its variable', async () => {
    const [sim, docs] = await Promise.all([simulator(), site()])
    try {
      const run = await runCommand(
        () => [
          '--base-url',
          sim.url,
          '--status-id',
          'update-success',
          '--page-path',
          'guides/new-page',
          '--page-path',
          'protected',
          '--page-contains',
          'gets its own preview',
          '--site-url',
          `${docs.url}/docs`,
          '--min-interval',
          '100ms',
          '--max-interval',
          '200ms',
          '--timeout',
          '20s',
          '--json'
        ],
        { env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, WAIT_FOR_DOCS_PAGE_HEADER: `x-bypass: ${TOKEN}` } }
      )
      expect(run.code, run.stderr).toBe(0)
      const json = JSON.parse(run.stdout) as Record<string, unknown>
      expect(json).toMatchObject({ result: 'success', 'exit-code': 0 })
      expect(json['page-results']).toEqual([
        { path: 'guides/new-page', found: true, contains: true, length: expect.any(Number) },
        { path: 'protected', found: true, contains: true, length: expect.any(Number) }
      ])
      expect(run.stderr).toContain(`on the site (${docs.url}/docs)`)
      expect(`${run.stdout}${run.stderr}`).not.toContain(TOKEN)
      expectNoPlatformKey(docs.received, [ADMIN_KEY])
    } finally {
      await docs.close()
    }
  })

  it('site-url: preview reads the pages at the address the preview was started at, with the header', async () => {
    const [sim, docs] = await Promise.all([simulator(), site({ missingReads: 1 })])
    try {
      sim.script('trigger', PROJECT_ID, [{ status: 202, json: { statusId: 'update-success', previewUrl: `${docs.url}/docs/` } }])
      const run = await runAgainst(sim, {
        trigger: 'preview',
        'preview-branch': 'feat/new-nav',
        'project-id': PROJECT_ID,
        'page-path': 'guides/new-page\nprotected',
        'page-contains': 'gets its own preview',
        'site-url': 'preview',
        'page-header': `X-Bypass: ${TOKEN}`
      })
      expect(run.code, run.stdout).toBe(0)
      expect(run.outputs).toMatchObject({ result: 'success', 'preview-url': `${docs.url}/docs/` })
      expect(run.stdout).toContain(`Page check: 2 pages on the site (${docs.url}/docs), each holding "gets its own preview"`)
      expect(docs.received.map((r) => r.url).sort()).toEqual(['/docs/guides/new-page', '/docs/guides/new-page', '/docs/protected'])
      for (const { headers } of docs.received) expect(headers['x-bypass']).toBe(TOKEN)
      expectNoPlatformKey(docs.received, [ADMIN_KEY])
      expect(sim.requests.filter((r) => r.path.startsWith('/discovery/'))).toEqual([])
    } finally {
      await docs.close()
    }
  })

  it('site-url: preview with a preview address that is not https ends result=error, reads nothing, and says what to do', async () => {
    const [sim, docs] = await Promise.all([simulator(), site()])
    try {
      sim.script('trigger', PROJECT_ID, [{ status: 202, json: { statusId: 'update-success', previewUrl: 'http://docs-preview.example.com' } }])
      const run = await runAgainst(sim, {
        trigger: 'preview',
        'preview-branch': 'feat/new-nav',
        'project-id': PROJECT_ID,
        'page-path': 'guides/new-page',
        'site-url': 'preview',
        'page-header': `X-Bypass: ${TOKEN}`
      })
      expect(run.code).toBe(1)
      expect(run.outputs.result).toBe('error')
      expect(run.stdout).toContain(
        'page "guides/new-page" was not read: site-url is preview, but the preview\'s address the platform answered cannot be read from: it must use https://'
      )
      expect(run.stdout).toContain("give site-url the preview's address itself, or remove site-url")
      // The words say what to do; no advice about the discovery API follows them.
      expect(run.stdout).not.toContain('Next: check `search-domain`')
      expect(docs.received).toEqual([])
      expect(JSON.parse(run.outputs['page-results'] ?? '')).toEqual([{ path: 'guides/new-page', found: false, contains: null, length: null }])
    } finally {
      await docs.close()
    }
  })
})
