import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { createApiClient, type ApiRequest } from '../src/api/client.js'

// Every phase of a request, each served by a socket that misbehaves in that phase only.
const servers: Server[] = []
const sockets = new Set<Socket>()
const clients: { close(): Promise<void> }[] = []

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close()
  for (const socket of sockets) socket.destroy()
  sockets.clear()
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
})

/**
 * A TCP server on 127.0.0.1 whose connections get `onSocket` (by default: read and never answer);
 * `closed` counts the ones that ended.
 */
async function tcpServer(onSocket: (socket: Socket) => void = (socket) => socket.resume()) {
  const state = { accepted: 0, closed: 0 }
  const server = createServer((socket) => {
    state.accepted++
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => {
      state.closed++
      sockets.delete(socket)
    })
    onSocket(socket)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as AddressInfo).port, state }
}

async function httpServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: IncomingMessage[] = []
  const server = createHttpServer((req, res) => {
    requests.push(req)
    handler(req, res)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

function client(baseUrl: string, env: NodeJS.ProcessEnv = {}) {
  const api = createApiClient({ baseUrl: new URL(baseUrl), env, requestTimeoutMs: 10_000 })
  clients.push(api)
  return api
}

const request = (overrides: Partial<ApiRequest> = {}): ApiRequest => ({
  method: 'GET',
  path: '/v1/project/update-status/u1',
  key: 'admin-secret',
  keyInput: 'admin-key',
  timeoutMs: 400,
  signal: new AbortController().signal,
  ...overrides
})

/** The answer and how long it took. */
async function timed<T>(promise: Promise<T>): Promise<[T, number]> {
  const started = Date.now()
  const value = await promise
  return [value, Date.now() - started]
}

// A TCP server that accepts and never speaks TLS; a proxy that accepts and never answers CONNECT;
// a body that trickles one byte every 500 ms. The library's own limits (10 s connect, 300 s
// headers) are far above request-timeout here, so only the client's own bound ends them.
const PHASES: [string, () => Promise<{ base: string; env?: NodeJS.ProcessEnv; sent: boolean }>][] = [
  [
    'a TLS handshake that never starts',
    async () => {
      const { port } = await tcpServer()
      return { base: `https://127.0.0.1:${port}`, sent: false }
    }
  ],
  [
    'a proxy that never answers CONNECT',
    async () => {
      const { port } = await tcpServer()
      return { base: 'https://docs.example.test', env: { HTTPS_PROXY: `http://127.0.0.1:${port}` }, sent: false }
    }
  ],
  [
    'a body that trickles one byte every 500 ms',
    async () => {
      const { url } = await httpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        const timer = setInterval(() => res.write(' '), 500)
        res.on('close', () => clearInterval(timer))
      })
      return { base: url, sent: true }
    }
  ]
]

describe('every phase of a request ends at its budget or on cancel', () => {
  it.each(PHASES)('%s: ends at request-timeout', async (_name, setUp) => {
    const { base, env, sent } = await setUp()
    const [answer, took] = await timed(client(base, env).request(request({ timeoutMs: 400 })))
    // Through a proxy that never opened the tunnel, the proxy is what held it: named by its variable.
    const held = env?.HTTPS_PROXY
      ? ': the proxy named by HTTPS_PROXY did not open a connection to docs.example.test in that time; check that proxy, or list the host in NO_PROXY if it needs none'
      : ''
    expect(answer).toEqual({ kind: 'transient', reason: `no complete answer within 0.4s (request-timeout)${held}`, sent })
    expect(took).toBeLessThan(3000)
  })

  it.each(PHASES)('%s: ends on cancel', async (_name, setUp) => {
    const { base, env, sent } = await setUp()
    const cancel = new AbortController()
    setTimeout(() => cancel.abort(), 300)
    const [answer, took] = await timed(client(base, env).request(request({ timeoutMs: 20_000, signal: cancel.signal })))
    expect(answer).toEqual({ kind: 'transient', reason: 'cancelled', sent })
    expect(took).toBeLessThan(3000)
  })

  it('close() ends a connection left hanging in its TLS handshake', async () => {
    const { port, state } = await tcpServer()
    const api = createApiClient({ baseUrl: new URL(`https://127.0.0.1:${port}`), env: {}, requestTimeoutMs: 60_000 })
    await api.request(request({ timeoutMs: 200 }))
    expect(state).toEqual({ accepted: 1, closed: 0 })
    await api.close()
    for (let i = 0; i < 50 && state.closed === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(state.closed).toBe(1)
  })

  it('the proxy CONNECT is bounded inside the library too, so an abandoned one does not linger', async () => {
    const { port, state } = await tcpServer()
    const api = createApiClient({ baseUrl: new URL('https://docs.example.test'), env: { HTTPS_PROXY: `http://127.0.0.1:${port}` }, requestTimeoutMs: 300 })
    clients.push(api)
    await api.request(request({ timeoutMs: 200 }))
    for (let i = 0; i < 150 && state.closed === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(state.closed).toBe(1)
  })
})

describe('sent: whether a request may have reached the server', () => {
  it('connection refused: not sent', async () => {
    const { port } = await tcpServer()
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
    const answer = await client(`http://127.0.0.1:${port}`).request(request({ method: 'POST', json: {} }))
    expect(answer).toMatchObject({ kind: 'transient', sent: false })
  })

  it('a reset after the request was written: sent', async () => {
    const { port } = await tcpServer((socket) => socket.once('data', () => socket.resetAndDestroy()))
    const answer = await client(`http://127.0.0.1:${port}`).request(request({ method: 'POST', json: {} }))
    expect(answer).toMatchObject({ kind: 'transient', sent: true })
  })

  it('an answer: sent', async () => {
    const { url } = await httpServer((_req, res) => res.writeHead(503).end('{"error":"busy"}'))
    expect(await client(url).request(request({ method: 'POST', json: {} }))).toEqual({ kind: 'transient', reason: 'HTTP 503: busy', sent: true })
  })
})

describe('proxy answers to CONNECT', () => {
  const proxyAnswering = (status: string) => tcpServer((socket) => socket.once('data', () => socket.end(`HTTP/1.1 ${status}\r\ncontent-length: 0\r\n\r\n`)))

  it('407 fails at once, naming the variable and never its value', async () => {
    const { port } = await proxyAnswering('407 Proxy Authentication Required')
    const value = `http://user:hunter2@127.0.0.1:${port}`
    const [answer, took] = await timed(client('https://docs.example.test', { https_proxy: value }).request(request({ timeoutMs: 5000 })))
    expect(answer.kind).toBe('fatal')
    expect(answer.kind === 'fatal' && answer.reason).toMatch(/the proxy named by https_proxy asked for credentials \(HTTP 407/)
    expect(JSON.stringify(answer)).not.toContain('hunter2')
    expect(took).toBeLessThan(3000)
  })

  it('another refusal is transient and says the proxy refused the tunnel', async () => {
    const { port } = await proxyAnswering('502 Bad Gateway')
    const answer = await client('https://docs.example.test', { HTTPS_PROXY: `http://127.0.0.1:${port}` }).request(request({ timeoutMs: 5000 }))
    expect(answer).toEqual({ kind: 'transient', reason: 'network error: the proxy named by HTTPS_PROXY refused the tunnel (HTTP 502 to CONNECT)', sent: false })
  })
})

describe('compressed answers', () => {
  const record = JSON.stringify({ status: 'success', logs: ['done'] })
  it.each([
    ['gzip', gzipSync(record)],
    ['deflate', deflateSync(record)],
    ['br', brotliCompressSync(record)]
  ])('asks for and decodes %s', async (encoding, body) => {
    const { url, requests } = await httpServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding }).end(body)
    )
    expect(await client(url).request(request({ timeoutMs: 5000 }))).toEqual({ kind: 'ok', body: JSON.parse(record) })
    expect(requests[0]?.headers['accept-encoding']).toBe('gzip, deflate, br')
  })

  it('a compression bomb is refused once its decoded size passes the limit', async () => {
    const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024))
    const { url } = await httpServer((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb))
    const answer = await client(url).request(request({ timeoutMs: 10_000 }))
    expect(answer).toEqual({ kind: 'fatal', reason: 'HTTP 200 with a body over 32 MiB', sent: true })
  })

  it('a body that does not decode is a transient error that names the encoding', async () => {
    const { url } = await httpServer((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end('not gzip at all'))
    const answer = await client(url).request(request({ timeoutMs: 5000 }))
    expect(answer).toEqual({ kind: 'transient', reason: 'HTTP 200 with a body that could not be decoded (content-encoding gzip)', sent: true })
  })
})

describe('redirects of a POST', () => {
  it('a 303 is followed with GET and no body', async () => {
    const { url, requests } = await httpServer((req, res) => {
      if (req.method === 'POST') res.writeHead(303, { location: '/results/1' }).end()
      else res.writeHead(200).end('{"status":"queued"}')
    })
    const answer = await client(url).request(request({ method: 'POST', path: '/search', json: { query: 'q' } }))
    expect(answer).toEqual({ kind: 'ok', body: { status: 'queued' } })
    expect(requests.map((r) => [r.method, r.url, r.headers['content-type']])).toEqual([
      ['POST', '/search', 'application/json'],
      ['GET', '/results/1', undefined]
    ])
  })

  it('a 307 keeps the POST', async () => {
    const { url, requests } = await httpServer((req, res) => {
      if (req.url === '/search') res.writeHead(307, { location: '/search2' }).end()
      else res.writeHead(200).end('[]')
    })
    await client(url).request(request({ method: 'POST', path: '/search', json: { query: 'q' } }))
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST'])
  })
})

describe("the HTTP library's own limits", () => {
  it('never end a request before its request-timeout: an answer due within it is taken (found by the explorer)', async () => {
    // The library's clock for its headers limit ticks every 499 ms and counts from the tick
    // before: a limit of 1497 ms fired after about 1 s for a request started late in a tick.
    // Ten requests started 50 ms apart cover a whole tick; each is answered 1.2 s after it came.
    const { url } = await httpServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}'), 1200)
    })
    const api = createApiClient({ baseUrl: new URL(url), env: {}, requestTimeoutMs: 1497 })
    clients.push(api)
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, 50 * i))
        return api.request(request({ timeoutMs: 1497 }))
      })
    )
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ kind: 'ok', body: { status: 'queued' } })))
  })
})
