import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { runAction } from '../dev/run-action.js'
import { ADMIN_KEY } from '../dev/simulator.js'
import { expectAllOutputs } from './helpers/e2e.js'

// Faults the simulator cannot script are served by small servers of their own, over real HTTP.
type Fault = (req: IncomingMessage, res: ServerResponse, n: number) => void
const closers: (() => void)[] = []
afterAll(() => {
  for (const close of closers) close()
})

async function faultServer(fault: Fault): Promise<{ url: string; requests: IncomingMessage[]; close(): void }> {
  const requests: IncomingMessage[] = []
  const server = createServer((req, res) => {
    requests.push(req)
    fault(req, res, requests.length)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const close = () => {
    server.closeAllConnections()
    server.close()
  }
  closers.push(close)
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close }
}

/** The URL of a server with this fault; for `refused`, a port that was just free: nothing listens there any more. */
async function urlOf(fault: Fault | 'refused'): Promise<string> {
  if (fault !== 'refused') return (await faultServer(fault)).url
  const server = await faultServer(() => undefined)
  server.close()
  return server.url
}

const TIMEOUT_S = 2
/** For the faults of a slow answer: short, so that each is cut off and retried within the timeout. */
const REQUEST_TIMEOUT_S = 0.5
/** For the faults of an answer that comes at once: long enough for a busy machine, so that its answer is what is judged. */
const ANSWERED_REQUEST_TIMEOUT_S = 10
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))

function run(url: string, extra: Record<string, string> = {}) {
  return runAction({
    timeoutMs: 20_000,
    env: { RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true' },
    inputs: {
      'base-url': url,
      'admin-key': ADMIN_KEY,
      'status-id': 'u1',
      timeout: `${TIMEOUT_S}s`,
      'request-timeout': `${REQUEST_TIMEOUT_S}s`,
      'min-interval': '100ms',
      'max-interval': '300ms',
      ...extra
    }
  })
}

const HUGE_LOG = 'x'.repeat(10 * 1024 * 1024)

describe.concurrent('faults, end to end: a defined outcome within the deadline', () => {
  // Faults of a slow answer run with the short request-timeout; the others with a long one.
  const SLOW = new Set(['connection reset mid-body', 'a request that never answers', 'a body that drips'])
  // No status ever read is "could not tell" (error), never a timeout; a status read and still pending at the deadline is.
  it.each<[string, Fault | 'refused', string, RegExp]>([
    ['connection refused', 'refused', 'error', /nothing answered at base-url \S+ \(nothing listens there: .*ECONNREFUSED.*\); check base-url/],
    [
      'connection reset mid-body',
      (req, res) => {
        res.writeHead(200, { 'content-length': '100' })
        res.write('{"status":"qu')
        setTimeout(() => req.socket.destroy(), 10)
      },
      'error',
      /network error/
    ],
    ['a request that never answers', () => undefined, 'error', /no complete answer within 0\.5s \(request-timeout\)/],
    [
      'a body that drips',
      (_req, res) => {
        res.writeHead(200)
        const t = setInterval(() => res.write(' '), 50)
        res.on('close', () => clearInterval(t))
      },
      'error',
      /request-timeout/
    ],
    ['a 5xx burst longer than the deadline', (_req, res) => json(res, 503, { error: 'maintenance' }), 'error', /HTTP 503: maintenance/],
    ['a 429 storm asking to wait an hour', (_req, res) => json(res, 429, { error: 'slow down' }, { 'retry-after': '3600' }), 'error', /HTTP 429: slow down/],
    [
      'an HTML error page from a proxy',
      (_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html><h1>502 Bad Gateway</h1></html>'),
      'error',
      /HTTP 502/
    ],
    ['truncated JSON', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"succ'), 'error', /body that is not JSON/],
    ['JSON of the wrong shape', (_req, res) => json(res, 200, { state: 'success', items: [1, 2] }), 'error', /not the JSON expected/],
    ['an unknown status without endedAt', (_req, res) => json(res, 200, { _id: 'u1', status: 'paused' }), 'timeout', /still "paused"/],
    ['an unknown status with endedAt', (_req, res) => json(res, 200, { _id: 'u1', status: 'aborted', endedAt: '2026-01-01T00:00:00Z' }), 'error', /"aborted"/],
    ['a 500 page of HTML', (_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<!doctype html><title>oops</title>'), 'error', /HTTP 500/],
    ['a 410 Gone', (_req, res) => json(res, 410, { error: 'gone' }), 'error', /unexpected HTTP 410: gone/]
  ])('%s → %s', async (name, fault, result, message) => {
    const url = await urlOf(fault)
    const requestTimeoutS = SLOW.has(name) ? REQUEST_TIMEOUT_S : ANSWERED_REQUEST_TIMEOUT_S
    const outcome = await run(url, { 'request-timeout': `${requestTimeoutS}s` })
    expect(outcome.outputs.result, outcome.stdout).toBe(result)
    expect(outcome.code).toBe(result === 'success' ? 0 : 1)
    expect(expectAllOutputs(outcome.outputs)).toEqual([])
    expect(outcome.summary).toMatch(/^## /)
    // The contract's bound, as the action measures it: the step ends within timeout +
    // request-timeout + 2 s, whatever the network does. A process that lingers after it is
    // killed by runAction's limit, which fails the test.
    expect(Number(outcome.outputs.elapsed)).toBeLessThanOrEqual(TIMEOUT_S + requestTimeoutS + 2)
    // The reason shows in the log (every poll's outcome is in the debug lines, which are on here).
    if (result !== 'success') expect(outcome.stdout).toMatch(message)
    // The annotation leads with what happened and ends with what to do.
    if (result === 'timeout') expect(outcome.stdout).toMatch(/::error::Update u1 (?:still|never answered).* after \d+\.\ds.*%0ANext: \S/)
    expect((outcome.stdout + outcome.stderr + outcome.summary + JSON.stringify(outcome.outputs)).split(ADMIN_KEY)).toHaveLength(2)
    expect(outcome.stderr).toBe('')
  })

  it.each<[string, Fault | 'refused', RegExp]>([
    [
      'a refused connection',
      'refused',
      /^::error::Update u1 never answered with a status after \d+\.\ds: nothing answered at base-url \S+ \(nothing listens there: connect ECONNREFUSED [\d.:]+\); check base-url\.%0ANext: check `base-url`: it must be the address of the platform API, reachable from here; then re-run the workflow\.$/m
    ],
    ['a server error', (_req, res) => json(res, 503, { error: 'maintenance' }), /%0ANext: the platform kept answering with a server error/],
    ['answers to slow down', (_req, res) => json(res, 429, { error: 'slow down' }), /%0ANext: the platform kept asking to slow down/],
    [
      'an answer that is not JSON',
      (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
      /%0ANext: check that `base-url` is the address of the platform API/
    ]
  ])('a wait that never read a status after %s ends as an error (could not tell); the annotation says what to do next', async (_name, fault, annotation) => {
    // These servers answer at once: a short request-timeout would make a busy machine's slow answer the last problem.
    const outcome = await run(await urlOf(fault), { 'request-timeout': `${ANSWERED_REQUEST_TIMEOUT_S}s` })
    expect(outcome.outputs.result).toBe('error')
    expect(outcome.stdout).toMatch(annotation)
  })

  it('a platform slower than request-timeout is said as slow, not unreachable: raise request-timeout, nothing about base-url or a proxy', async () => {
    // Accepts the connection and never answers: every poll runs out of request-timeout.
    const outcome = await run(await urlOf(() => undefined), { 'request-timeout': `${REQUEST_TIMEOUT_S}s` })
    expect(outcome.outputs.result).toBe('error')
    const annotation = outcome.stdout.split('\n').find((line) => line.startsWith('::error::Update u1')) ?? ''
    expect(annotation).toMatch(
      /^::error::Update u1 never answered with a status after \d+\.\ds: no complete answer within 0\.5s \(request-timeout\)\.%0ANext: the platform did not answer within `request-timeout`: if it is this slow, raise `request-timeout`; if it stays silent, check its status page, then re-run the workflow\.$/
    )
    expect(annotation).not.toMatch(/HTTPS_PROXY|base-url/)
  })

  it('a huge record (10 MB) is read whole, and keeps the results output under the 1 MB output limit', async () => {
    const { url } = await faultServer((_req, res) => json(res, 200, { _id: 'u1', status: 'success', logs: [HUGE_LOG, 'done'] }))
    // Reading 10 MB takes what the machine takes: the request is given the default request-timeout, not the 0.5 s of the fault tests.
    const outcome = await runAction({
      timeoutMs: 55_000,
      inputs: { 'base-url': url, 'admin-key': ADMIN_KEY, 'status-id': 'u1', timeout: '20s', 'request-timeout': '30s' }
    })
    expect(outcome.code, outcome.stdout).toBe(0)
    expect(expectAllOutputs(outcome.outputs)).toEqual([])
    expect(outcome.summary).toMatch(/^## /)
    expect(Buffer.byteLength(outcome.outputs.results as string)).toBeLessThan(1024 * 1024)
    const [target] = JSON.parse(outcome.outputs.results as string) as [{ record: { status: string; logs: string[] } }]
    expect(target.record.status).toBe('success')
  }, 60_000)

  it('a redirect to another origin is an error, and the key never reaches it', async () => {
    const other = await faultServer((_req, res) => json(res, 200, { _id: 'u1', status: 'success' }))
    const { url } = await faultServer((_req, res) => res.writeHead(302, { location: `${other.url}/v1/project/update-status/u1` }).end())
    const outcome = await run(url, { 'request-timeout': `${ANSWERED_REQUEST_TIMEOUT_S}s` })
    expect(outcome.code).toBe(1)
    expect(outcome.outputs.result).toBe('error')
    expect(outcome.stdout).toContain('another origin than base-url; the key is not sent there')
    expect(other.requests).toHaveLength(0)
  })

  it('a redirect whose Location is not a URL ends the step at once as the server’s fault, not as a network error', async () => {
    const { url, requests } = await faultServer((_req, res) => res.writeHead(302, { location: 'http://exa mple/' }).end())
    const outcome = await run(url, { 'request-timeout': `${ANSWERED_REQUEST_TIMEOUT_S}s` })
    expect(outcome.outputs.result).toBe('error')
    expect(requests).toHaveLength(1)
    expect(outcome.stdout).toMatch(
      /^::error::Update u1 ended with an error: the server answered HTTP 302 with a Location that is not a URL \("http:\/\/exa mple\/"\)/m
    )
    expect(outcome.stdout).not.toContain('network error')
  })

  it('a redirect to javascript: names what the server said', async () => {
    const { url } = await faultServer((_req, res) => res.writeHead(302, { location: 'javascript:alert(1)' }).end())
    const outcome = await run(url, { 'request-timeout': `${ANSWERED_REQUEST_TIMEOUT_S}s` })
    expect(outcome.outputs.result).toBe('error')
    expect(outcome.stdout).toContain('the server redirected to "javascript:alert(1)", another origin than base-url')
    expect(outcome.stdout).not.toContain('redirected to null')
  })

  it('a redirect within the origin is followed with the key', async () => {
    const { url, requests } = await faultServer((req, res) =>
      req.url?.startsWith('/old')
        ? res.writeHead(308, { location: '/new/v1/project/update-status/u1' }).end()
        : json(res, 200, { _id: 'u1', status: 'success' })
    )
    const outcome = await run(`${url}/old`, { 'request-timeout': `${ANSWERED_REQUEST_TIMEOUT_S}s` })
    expect(outcome.code, outcome.stdout).toBe(0)
    expect(requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${ADMIN_KEY}`, `Bearer ${ADMIN_KEY}`])
  })
})
