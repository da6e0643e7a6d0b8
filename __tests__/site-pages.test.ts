import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { ResponseFacts } from '../src/api/classify.js'
import { createApiClient, type ApiClient, type ApiRequest } from '../src/api/client.js'
import { checkPages, previewSite, type ReadableSettings } from '../src/engine/pages.js'
import { runEngine } from '../src/engine/run.js'
import { decodeEntities, htmlText, sitePagePath } from '../src/engine/site-pages.js'
import type { RunEvents } from '../src/model.js'
import { checkNext } from '../src/report/advice.js'
import { describePageRead } from '../src/report/run-log.js'
import { explainRun } from '../src/report/explain.js'
import { GITHUB_ACTIONS_PLACE } from '../src/report/place.js'
import { secretsOf } from '../src/step/run.js'
import { INPUT_DEFAULTS, type RawInputs } from '../src/inputs/parse.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import { ok, recordingEvents, scriptedClient, settingsFor } from './helpers/fakes.js'

/** One answer of the site, as the client hands it to the request's classifier. */
type SiteAnswer = Pick<ResponseFacts, 'status' | 'bodyText'> & { contentType?: string; retryAfter?: string }

const html = (body: string) => ({ status: 200, bodyText: `<!doctype html><html><body>${body}</body></html>`, contentType: 'text/html; charset=utf-8' })
const notFound: SiteAnswer = { status: 404, bodyText: '<h1>Not found</h1>', contentType: 'text/html' }

const SITE: ReadableSettings = {
  paths: ['guides/new-page'],
  contains: undefined,
  domain: '',
  assistantKey: '',
  site: { url: new URL('https://docs.example.com/docs'), header: undefined }
}

/** A site that answers each page path from a script (the last answer repeats), classified as the real client does. */
function scriptedSite(scripts: Record<string, SiteAnswer[]>, clock: { now(): number }) {
  const counts = new Map<string, number>()
  const requests: (ApiRequest & { at: number })[] = []
  const site: ApiClient = {
    async request(req) {
      requests.push({ ...req, at: clock.now() })
      const n = counts.get(req.path) ?? 0
      counts.set(req.path, n + 1)
      const script = scripts[req.path] ?? [notFound]
      const answer = script[Math.min(n, script.length - 1)] as SiteAnswer
      if (!req.classify) throw new Error('a site request reads its answers by its own classifier')
      return req.classify({ ...answer, now: clock.now() })
    },
    close: async () => undefined
  }
  return { site, requests }
}

/** Checks the pages on the site against the scripts, with a platform client that must never be asked. */
async function check(scripts: Record<string, SiteAnswer[]>, settings: Partial<ReadableSettings> = {}, timeoutMs = 60_000) {
  const clock = virtualClock()
  const { site, requests } = scriptedSite(scripts, clock)
  const platform = scriptedClient({})
  const reads: string[] = []
  const startedAt = clock.now()
  const report = await checkPages(
    { ...SITE, ...settings },
    {
      client: platform.client,
      site,
      clock,
      random: seededRandom(5),
      signal: new AbortController().signal,
      deadline: startedAt + timeoutMs,
      minIntervalMs: 1000,
      maxIntervalMs: 5000,
      requestTimeoutMs: 10_000,
      startedAt,
      onRead: (path, state, count, _afterMs, missingStatus) => reads.push(`${path} ${state} ${count}${missingStatus ? ` ${missingStatus}` : ''}`)
    }
  )
  expect(platform.requests, 'the platform is not asked for a page read from the site').toEqual([])
  return { report, requests, reads, startedAt }
}

describe('site-url: preview, the address of the preview the trigger started', () => {
  const header = { name: 'x-bypass', value: 'bypass_token_value_1' }
  const settings = { ...SITE, site: { url: 'preview' as const, header } }
  const started = (previewUrl: string | undefined, kind: 'preview' | 'update' = 'preview') =>
    ({ kind, result: 'success', ref: { kind: 'update', id: 's1' }, previewUrl, requests: 1, error: null }) as const

  it('is the preview address, without trailing slashes, with the header', () => {
    expect(previewSite(settings, started('https://acme-nav.preview.example.com/docs//'))).toEqual({
      site: { url: new URL('https://acme-nav.preview.example.com/docs'), header }
    })
  })

  it('any other site-url is kept as given', () => {
    expect(previewSite(SITE, undefined)).toEqual({ site: SITE.site })
    expect(previewSite({ ...SITE, site: undefined }, undefined)).toEqual({ site: undefined })
  })

  it.each([
    ['no address in the answer', started(undefined), "the platform's answer that started the preview gave no address (previewUrl)"],
    ['no trigger', undefined, 'gave no address (previewUrl)'],
    ['an update, not a preview', started('https://acme.example.com', 'update'), 'gave no address (previewUrl)'],
    ['plain http off this machine', started('http://acme.example.com'), 'cannot be read from: it must use https://'],
    ['a query string', started('https://acme.example.com/?token=abc'), 'cannot be read from: it must not contain a query string']
  ])('%s is a problem that says what to do', (_name, trigger, words) => {
    const where = previewSite(settings, trigger)
    expect(where).toEqual({ problem: expect.stringContaining(words) })
    expect(where).toEqual({ problem: expect.stringMatching(/; give site-url the preview's address itself, or remove site-url/) })
  })
})

describe('the page as readers are served it (site-url), on the virtual clock', () => {
  it('a page not found yet (404) is read again until it answers 200 with the text', async () => {
    const { report, requests, reads } = await check(
      { '/guides/new-page': [notFound, notFound, html('<main><p>Every pull request gets its own preview.</p></main>')] },
      { contains: 'every PULL request gets its own preview' }
    )
    expect(report).toMatchObject({ skipped: false, result: 'success', error: null, site: 'https://docs.example.com/docs' })
    expect(report.pages[0]).toMatchObject({ path: 'guides/new-page', result: 'success', found: true, contains: true, reads: 3 })
    expect(reads).toEqual(['guides/new-page missing 1 404', 'guides/new-page missing 2 404', 'guides/new-page live 3'])
    expect(requests.map((r) => [r.method, r.path])).toEqual(Array(3).fill(['GET', '/guides/new-page']))
    // The poll schedule spaces the reads, as it does for the discovery API.
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000)
  })

  it('a page served stale (200 without the text) is read until the fresh one holds it', async () => {
    const { report, reads } = await check(
      { '/guides/new-page': [html('<p>Previews build slowly.</p>'), html('<p>Previews build in under a minute.</p>')] },
      { contains: 'build in under a minute' }
    )
    expect(report.result).toBe('success')
    expect(reads).toEqual(['guides/new-page lacking 1', 'guides/new-page live 2'])
  })

  it('at the deadline, a page still served stale ends result=failure, naming it', async () => {
    const { report } = await check({ '/guides/new-page': [html('<p>Previews build slowly.</p>')] }, { contains: 'in under a minute' }, 10_000)
    expect(report.result).toBe('failure')
    expect(report.pages[0]).toMatchObject({ found: true, contains: false })
    expect(report.error).toMatch(/^page "guides\/new-page" was found, but does not contain "in under a minute" .* when the timeout ran out/)
  })

  it('a page gone (410) until the deadline ends result=failure with that status', async () => {
    const { report, reads } = await check({ '/guides/new-page': [{ status: 410, bodyText: '' }] }, {}, 10_000)
    expect(report.result).toBe('failure')
    // Each read in the log says the status the site answered, not 404.
    expect(reads[0]).toBe('guides/new-page missing 1 410')
    expect(describePageRead('guides/new-page', 'missing', 1, 1000, '410')).toMatch(/^page "guides\/new-page": not found yet \(HTTP 410\)/)
    expect(report.error).toMatch(/^page "guides\/new-page" was not found \(HTTP 410\) when the timeout ran out/)
  })

  it('the text is compared without tags, scripts, styles, templates and comments, and with entities decoded', async () => {
    const page = html(
      '<script>var t = "Fast &amp; safe previews"</script><style>p::after{content:"x"}</style><template>Fast &amp; safe previews</template>' +
        '<!-- Fast & safe previews --><p>Fast<b>&nbsp;&amp;</b>\n<i>safe</i> pre&#118;iews &#x2014; &lt;now&gt; &quot;1&#39;s&quot;</p>'
    )
    const { report } = await check({ '/guides/new-page': [page] }, { contains: 'fast & safe previews — <now> "1\'s"' })
    expect(report.result).toBe('success')
    // Hidden text alone is not the page's: the script, style, template and comment above are not read.
    const hidden = html('<script>Fast previews</script><style>/* Fast previews */</style><template>Fast previews</template><!-- Fast previews --><p>Other</p>')
    const { report: stale } = await check({ '/guides/new-page': [hidden] }, { contains: 'fast previews' }, 5000)
    expect(stale.result).toBe('failure')
  })

  it('plain text is compared as it is', async () => {
    const { report } = await check(
      { '/guides/new-page': [{ status: 200, bodyText: 'if a < b and c > d', contentType: 'text/plain' }] },
      { contains: 'a < b and c > d' }
    )
    expect(report.result).toBe('success')
  })

  it.each([
    [
      401,
      undefined,
      'HTTP 401: the site refused the page; if the pages are protected (a preview behind a login or a bypass token), give the header that lets a reader in as page-header'
    ],
    [
      403,
      { name: 'x-bypass', value: 'bypass_token_value_1' },
      'HTTP 403: the site refused the page; check the header in page-header: the site did not accept it (its value is not shown)'
    ]
  ] as const)('HTTP %i ends the page at once with result=error and says what to do about page-header', async (status, header, words) => {
    const { report, requests } = await check(
      { '/guides/new-page': [{ status, bodyText: 'Forbidden' }] },
      { site: { url: new URL('https://docs.example.com'), header } }
    )
    expect(requests).toHaveLength(1)
    expect(report).toMatchObject({ result: 'error', misconfigured: true })
    expect(report.error).toBe(`page "guides/new-page": ${words}`)
    expect(report.error).not.toContain('bypass_token_value_1')
  })

  it('408, 429 and 5xx pass; another status is an error', async () => {
    const { report } = await check({ '/guides/new-page': [{ status: 503, bodyText: '', retryAfter: '3' }, { status: 429, bodyText: '' }, html('live')] })
    expect(report.result).toBe('success')
    const { report: teapot } = await check({ '/guides/new-page': [{ status: 418, bodyText: '' }] })
    expect(teapot.result).toBe('error')
    expect(teapot.error).toBe('page "guides/new-page": unexpected HTTP 418 from the site')
  })

  it('sends page-header and no key of the platform, and asks for HTML', async () => {
    const { requests } = await check(
      { '/guides/new-page': [html('ok')] },
      {
        assistantKey: 'assistant_key_value',
        site: { url: new URL('https://docs.example.com'), header: { name: 'x-docs-protection-bypass', value: 'bypass_token_value_1' } }
      }
    )
    const [req] = requests
    expect(req?.headers).toEqual({ 'x-docs-protection-bypass': 'bypass_token_value_1' })
    expect(req?.key).toBeUndefined()
    expect(req?.keyInput).toBeUndefined()
    expect(req?.accept).toMatch(/^text\/html\b/)
  })
})

describe('the page path below site-url', () => {
  it.each([
    ['quickstart', '/quickstart'],
    ['/guides/new-page/', '/guides/new-page/'],
    ['//guides/x', '/guides/x'],
    ['api-reference/get users?', '/api-reference/get%20users%3F'],
    ['über#uns', '/%C3%BCber%23uns'],
    ['100%-ready and %41', '/100%25-ready%20and%20%41'],
    ["a:b@c!$&'()*+,;=~", "/a:b@c!$&'()*+,;=~"]
  ])('%j is asked for at %j', (path, expected) => {
    expect(sitePagePath(path)).toBe(expected)
  })
})

describe('the text of an HTML page', () => {
  it('drops what readers do not see and makes each tag a space', () => {
    const text = htmlText('<p>a</p><p>b<br>c</p><!-- d --><SCRIPT type="x">e</SCRIPT ><style>f</style><template><p>g</p></template>h<i>i</i>j')
    expect(text.replace(/\s+/g, ' ').trim()).toBe('a b c h i j')
  })

  it('decodes entities once, and leaves what is not one as written', () => {
    expect(decodeEntities('&amp;lt; &lt;b&gt; &quot;&#39;&apos; &nbsp; &#65;&#x42;&#X43; &copy; &#xD800; &#99999999; & x')).toBe(
      "&lt; <b> \"'' \u00a0 ABC &copy; &#xD800; &#99999999; & x"
    )
  })
})

describe('the site client (a second client of createApiClient, address site-url)', () => {
  const servers: { close(): void; closeAllConnections(): void }[] = []
  const clients: ApiClient[] = []
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close()
    for (const server of servers.splice(0)) {
      server.closeAllConnections()
      server.close()
    }
  })

  async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void) {
    const received: { url: string; headers: IncomingHttpHeaders }[] = []
    const server = createServer((req, res) => {
      received.push({ url: req.url ?? '', headers: req.headers })
      handle(req, res)
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }
  }

  /** Checks one page on a real loopback site through the site client, on the virtual clock. */
  async function checkOn(url: string, settings: Partial<ReadableSettings> = {}) {
    const site = createApiClient({ baseUrl: new URL(url), addressInput: 'site-url', secrets: ['admin_key_value_1'] })
    clients.push(site)
    const clock = virtualClock()
    const platform = scriptedClient({})
    return checkPages(
      { ...SITE, site: { url: new URL(url), header: { name: 'x-bypass', value: 'bypass_token_value_1' } }, contains: 'served', ...settings },
      {
        client: platform.client,
        site,
        clock,
        random: seededRandom(1),
        signal: new AbortController().signal,
        deadline: clock.now() + 30_000,
        minIntervalMs: 1000,
        maxIntervalMs: 5000,
        requestTimeoutMs: 5000,
        startedAt: clock.now()
      }
    )
  }

  it('follows a redirect within the origin, with the header and no Authorization', async () => {
    const { url, received } = await serve((req, res) => {
      if (req.url === '/docs/quickstart') res.writeHead(301, { location: '/docs/quickstart/' }).end()
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>The page as served</p>')
    })
    const report = await checkOn(`${url}/docs`, { paths: ['quickstart'] })
    expect(report.result).toBe('success')
    expect(received.map((r) => r.url)).toEqual(['/docs/quickstart', '/docs/quickstart/'])
    for (const { headers } of received) {
      expect(headers.authorization).toBeUndefined()
      expect(headers['x-bypass']).toBe('bypass_token_value_1')
    }
  })

  it('refuses a redirect to another origin: result error, naming only the origin, and what to set', async () => {
    const { url: elsewhere, received: elsewhereReceived } = await serve((_req, res) => res.writeHead(200).end('served'))
    const { url } = await serve((_req, res) => res.writeHead(302, { location: `${elsewhere}/login?next=/quickstart` }).end())
    const report = await checkOn(url, { paths: ['quickstart'] })
    expect(report.result).toBe('error')
    expect(report.error).toBe(
      `page "quickstart": the server redirected to ${elsewhere}, another origin than site-url; nothing is sent there. Set site-url to the address the pages are served from`
    )
    expect(elsewhereReceived).toEqual([])
  })

  it('names site-url when nothing answers there', async () => {
    const { url } = await serve(() => undefined)
    servers.splice(0).forEach((server) => {
      server.closeAllConnections()
      server.close()
    })
    const site = createApiClient({ baseUrl: new URL(url), addressInput: 'site-url' })
    clients.push(site)
    const answer = await site.request({ method: 'GET', path: '/quickstart', timeoutMs: 2000, signal: new AbortController().signal })
    expect(answer).toMatchObject({
      kind: 'transient',
      reason: expect.stringMatching(/^nothing answered at site-url http:\/\/127\.0\.0\.1:\d+ \(nothing listens there: .*\); check site-url$/)
    })
  })
})

describe('the engine reads the site through the client it opens for site-url', () => {
  it('opens the site once with site-url, and sends the page reads there, not to the platform', async () => {
    const clock = virtualClock()
    const { client, requests: platformRequests } = scriptedClient({ '/v1/project/update-status/s1': [ok({ status: 'success' })] })
    const { site, requests } = scriptedSite({ '/quickstart': [html('live')] }, clock)
    const opened: string[] = []
    const settings = settingsFor({ 'status-id': 's1', 'page-path': 'quickstart', 'site-url': 'https://docs.example.com/' })
    const outcome = await runEngine(settings, {
      client,
      clock,
      random: seededRandom(2),
      signal: new AbortController().signal,
      startedAt: clock.now(),
      events: {
        starting: () => undefined,
        startRetrying: () => undefined,
        started: () => undefined,
        waiting: () => recordingEvents(),
        searching: () => undefined,
        searchQuery: () => undefined,
        searchRetrying: () => undefined,
        searchDone: () => undefined
      } satisfies RunEvents,
      openSite: (url) => {
        opened.push(url.href)
        return site
      }
    })
    expect(outcome.result).toBe('success')
    expect(opened).toEqual(['https://docs.example.com/'])
    expect(requests).toHaveLength(1)
    expect(platformRequests.map((r) => r.path)).toEqual(['/v1/project/update-status/s1'])
  })
})

describe('what to do after a page check on the site', () => {
  const SITE_ADDRESS = 'https://docs.example.com/docs'
  it.each([
    [
      'page "protected": HTTP 401: the site refused the page; if the pages are protected (a preview behind a login or a bypass token), give the header that lets a reader in as page-header',
      "the site (https://docs.example.com/docs) refused to serve the pages: give the header that lets a reader in (a preview's bypass token) in `page-header`, or check the one given; then re-run the workflow"
    ],
    [
      'page "quickstart": the server redirected to https://login.example.com, another origin than site-url; nothing is sent there. Set site-url to the address the pages are served from',
      'set `site-url` to the address the pages are served from, then re-run the workflow'
    ],
    [
      'page "quickstart": nothing answered at site-url https://docs.example.com (its name docs.example.com does not resolve: ENOTFOUND); check site-url',
      'check that `site-url` (https://docs.example.com/docs) is the address readers are served the docs from, and that it is reachable from here; then re-run the workflow'
    ]
  ])('%s', (error, next) => {
    expect(checkNext('page check', 'error', error, GITHUB_ACTIONS_PLACE, SITE_ADDRESS)).toBe(next)
  })

  it('never speaks of the discovery API, search-domain or assistant-key', () => {
    const next = checkNext('page check', 'error', 'page "quickstart": unexpected HTTP 418 from the site', GITHUB_ACTIONS_PLACE, SITE_ADDRESS)
    expect(next).not.toMatch(/discovery|search-domain|assistant-key/)
  })
})

describe('a page check on the site that failed, explained', () => {
  it('names site-url, not the search domain', async () => {
    const { report } = await check({ '/guides/new-page': [notFound] }, {}, 5000)
    const explained = explainRun({
      result: 'failure',
      headline: `Page check: ${report.error}`,
      problems: [],
      targets: [],
      search: undefined,
      pages: report,
      elapsedMs: 5000
    })
    expect(explained.next).toBe(
      'check `page-path` (paths below `site-url`, as readers open them), `site-url` and `page-contains` against the pages the site (https://docs.example.com/docs) serves; if the change takes longer to show, raise `timeout`'
    )
  })
})

describe('page-header is a secret', () => {
  it('is masked and cut out whole and by its value, as the keys are', () => {
    const raw = { ...INPUT_DEFAULTS, 'admin-key': 'admin_key_value_1', 'page-header': ' X-Bypass:  bypass_token_value_1 ' } as RawInputs
    expect(secretsOf(raw)).toEqual(['admin_key_value_1', 'X-Bypass:  bypass_token_value_1', 'bypass_token_value_1'])
  })
})
