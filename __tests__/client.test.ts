import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, MAX_BODY_BYTES, type ApiRequest } from '../src/api/client.js'
import { startProxy } from '../dev/proxy.js'

type Handler = (req: IncomingMessage, res: ServerResponse) => void
const servers: Server[] = []
const cleanups: (() => Promise<unknown>)[] = []

async function serve(handler: Handler): Promise<{ url: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = []
  const server = createServer((req, res) => {
    requests.push(req)
    handler(req, res)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

afterEach(async () => {
  vi.unstubAllEnvs()
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

const request = (overrides: Partial<ApiRequest> = {}): ApiRequest => ({
  method: 'GET',
  path: '/v1/project/update-status/u1',
  key: 'admin-secret',
  keyInput: 'admin-key',
  timeoutMs: 2000,
  signal: new AbortController().signal,
  ...overrides
})

function client(url: string) {
  const api = createApiClient({ baseUrl: new URL(url) })
  cleanups.push(() => api.close())
  return api
}

describe('createApiClient', () => {
  it('sends the bearer key to base URL + path and parses JSON', async () => {
    const { url, requests } = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}'))
    const answer = await client(`${url}/api`).request(request())
    expect(answer).toEqual({ kind: 'ok', body: { status: 'queued' } })
    expect(requests[0]?.url).toBe('/api/v1/project/update-status/u1')
    expect(requests[0]?.headers.authorization).toBe('Bearer admin-secret')
  })

  it('a request cut short by the final poll’s allowance names that allowance, not request-timeout', async () => {
    const { url } = await serve(() => undefined)
    const answer = await client(url).request(request({ timeoutMs: 300, limit: "the final poll's allowance of 5s past the timeout" }))
    expect(answer).toEqual({ kind: 'transient', reason: "no complete answer within 0.3s (the final poll's allowance of 5s past the timeout)", sent: true })
  })

  it('a request that never answers is a transient failure after request-timeout', async () => {
    const { url } = await serve(() => undefined)
    const started = Date.now()
    const answer = await client(url).request(request({ timeoutMs: 300 }))
    expect(answer).toEqual({ kind: 'transient', reason: 'no complete answer within 0.3s (request-timeout)', sent: true })
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('a body that drips slower than request-timeout is cut off', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"status":')
      setTimeout(() => res.end('"queued"}'), 5000).unref()
    })
    const answer = await client(url).request(request({ timeoutMs: 300 }))
    expect(answer.kind).toBe('transient')
  })

  it('connection refused is a transient network error', async () => {
    const { url } = await serve(() => undefined)
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
    const answer = await client(url).request(request())
    expect(answer.kind).toBe('transient')
    expect(answer.kind === 'transient' && answer.reason).toMatch(
      /^nothing answered at base-url http:\/\/127\.0\.0\.1:\d+ \(nothing listens there: .*ECONNREFUSED.*\); check base-url$/
    )
    expect(answer).toMatchObject({ unreachable: 'refused', sent: false })
  })

  it('a connection reset mid-body is a transient network error', async () => {
    const { url } = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
      res.write('{"status":"qu')
      setTimeout(() => req.socket.destroy(), 20)
    })
    const answer = await client(url).request(request())
    expect(answer.kind).toBe('transient')
  })

  it('refuses a body over the size limit', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a')
    const { url } = await serve((_req, res) => {
      res.writeHead(200)
      let sent = 0
      const pump = () => {
        while (sent <= MAX_BODY_BYTES && res.write(chunk)) {
          sent += chunk.length
        }
        if (sent > MAX_BODY_BYTES) res.end()
        else
          res.once('drain', () => {
            sent += chunk.length
            pump()
          })
      }
      pump()
    })
    const answer = await client(url).request(request({ timeoutMs: 20_000 }))
    expect(answer).toEqual({ kind: 'fatal', reason: 'HTTP 200 with a body over 32 MiB', sent: true })
  })

  it('follows a redirect within the same origin, with the key', async () => {
    const { url, requests } = await serve((req, res) => {
      if (req.url === '/old/v1/project/update-status/u1') res.writeHead(307, { location: '/new/v1/project/update-status/u1' }).end()
      else res.writeHead(200).end('{"status":"success"}')
    })
    const answer = await client(`${url}/old`).request(request())
    expect(answer).toEqual({ kind: 'ok', body: { status: 'success' } })
    expect(requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      ['/old/v1/project/update-status/u1', 'Bearer admin-secret'],
      ['/new/v1/project/update-status/u1', 'Bearer admin-secret']
    ])
  })

  it('does not follow a redirect to another origin, so the key never goes there', async () => {
    const other = await serve((_req, res) => res.writeHead(200).end('{"status":"success"}'))
    const { url } = await serve((_req, res) => res.writeHead(302, { location: `${other.url}/steal` }).end())
    const answer = await client(url).request(request())
    expect(answer.kind).toBe('fatal')
    expect(answer.kind === 'fatal' && answer.reason).toContain('another origin than base-url; the key is not sent there')
    expect(other.requests).toHaveLength(0)
  })

  it('a Location that is not a URL is the server’s fault, said at once with what it said', async () => {
    const { url, requests } = await serve((_req, res) => res.writeHead(302, { location: 'http://exa mple/' }).end())
    const answer = await client(url).request(request())
    expect(answer).toEqual({
      kind: 'fatal',
      reason:
        'the server answered HTTP 302 with a Location that is not a URL ("http://exa mple/"), so the redirect cannot be followed; this is a fault of the server at base-url or of a proxy in between. Check that base-url is the platform\'s API address; if it is, report the answer to the platform',
      sent: true
    })
    expect(requests).toHaveLength(1)
  })

  it('a redirect to a URL without an origin (javascript:) names what it said, not "null"', async () => {
    const { url } = await serve((_req, res) => res.writeHead(301, { location: 'javascript:alert(1)' }).end())
    const answer = await client(url).request(request())
    expect(answer.kind === 'fatal' && answer.reason).toMatch(/^the server redirected to "javascript:alert\(1\)", another origin than base-url;/)
  })

  it('a key echoed in a redirect host or in a long content type is cut out before anything is shortened', async () => {
    const key = 'Admin_Secret_Key_0123456789'
    const redirecting = await serve((_req, res) => res.writeHead(302, { location: `https://${key}.evil.example/` }).end())
    const moved = await client(redirecting.url).request(request({ key }))
    expect(moved.kind === 'fatal' && moved.reason).toContain('redirected to https://***.evil.example,')
    const typed = await serve((_req, res) => res.writeHead(200, { 'content-type': `text/plain; x=${'y'.repeat(40)}${key}` }).end('not json'))
    const answer = await client(typed.url).request(request({ key }))
    expect(answer.kind === 'transient' && answer.reason).toMatch(/^HTTP 200 with a body that is not JSON \(text\/plain; x=y+\*\*\*\)$/)
    for (const result of [moved, answer]) expect(JSON.stringify(result).toLowerCase()).not.toContain('admin_secret')
  })

  it('sends POST bodies as JSON', async () => {
    let body = ''
    const { url, requests } = await serve((req, res) => {
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => res.writeHead(200).end('[]'))
    })
    const answer = await client(url).request(request({ method: 'POST', path: '/discovery/v1/search/d', json: { query: 'q' }, keyInput: 'assistant-key' }))
    expect(answer).toEqual({ kind: 'ok', body: [] })
    expect(requests[0]?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(body)).toEqual({ query: 'q' })
  })

  it('aborting the run stops a request in flight at once', async () => {
    const { url } = await serve(() => undefined)
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const started = Date.now()
    const answer = await client(url).request(request({ timeoutMs: 10_000, signal: controller.signal }))
    expect(answer).toEqual({ kind: 'transient', reason: 'cancelled', sent: true })
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('goes through HTTP_PROXY when it is set, and around it for NO_PROXY hosts', async () => {
    const proxy = await startProxy({ hosts: { 'docs.internal': '127.0.0.1' } })
    cleanups.push(() => proxy.close())
    const { url } = await serve((_req, res) => res.writeHead(200).end('{"status":"queued"}'))
    const base = `http://docs.internal:${new URL(url).port}`
    vi.stubEnv('HTTP_PROXY', proxy.url)
    vi.stubEnv('NO_PROXY', '')
    const answer = await client(base).request(request())
    expect(answer).toEqual({ kind: 'ok', body: { status: 'queued' } })
    // undici tunnels every proxied request with CONNECT, plain http included.
    expect(proxy.seen).toEqual([`CONNECT docs.internal:${new URL(url).port}`])

    vi.stubEnv('NO_PROXY', 'docs.internal')
    // Without the proxy the name does not resolve: the request did not go through it.
    await client(base).request(request({ timeoutMs: 1000 }))
    expect(proxy.seen).toHaveLength(1)
  })

  it('a loopback base URL never goes through the proxy, as in the toolkit', async () => {
    const proxy = await startProxy()
    cleanups.push(() => proxy.close())
    const { url } = await serve((_req, res) => res.writeHead(200).end('{"status":"queued"}'))
    vi.stubEnv('HTTP_PROXY', proxy.url)
    vi.stubEnv('NO_PROXY', '')
    expect(await client(url).request(request())).toEqual({ kind: 'ok', body: { status: 'queued' } })
    expect(proxy.seen).toEqual([])
  })
})
