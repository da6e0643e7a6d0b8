import { createServer, type AddressInfo, type Socket } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../src/api/client.js'
import type { ApiResult } from '../src/api/classify.js'

// The real client against a scripted TCP peer on 127.0.0.1: whatever the socket does, every
// request ends by its budget (or at once on cancel) with a defined result.

const BODY = '{"status":"queued","logs":["a","b"]}'
const ANSWER = Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${BODY.length}\r\n\r\n${BODY}`)

type Script =
  | { kind: 'stall' }
  | { kind: 'reset'; at: number }
  | { kind: 'close'; at: number }
  | { kind: 'drip'; chunk: number; everyMs: number; stopAt: number }
  | { kind: 'answer' }
  | { kind: 'reset-at-accept' }
  | { kind: 'close-at-accept' }

const script: { current: Script } = { current: { kind: 'answer' } }
const sockets = new Set<Socket>()
const timers = new Set<NodeJS.Timeout>()
let port = 0
const server = createServer((socket) => {
  sockets.add(socket)
  socket.on('error', () => undefined)
  socket.on('close', () => sockets.delete(socket))
  const plan = script.current
  // Before a byte is read: the connection is accepted and dropped at once.
  if (plan.kind === 'reset-at-accept') return socket.resetAndDestroy()
  if (plan.kind === 'close-at-accept') return socket.end()
  // Acts once the request has come in, so "at byte n" is a byte of the answer.
  socket.once('data', () => {
    switch (plan.kind) {
      case 'stall':
        socket.resume()
        return
      case 'answer':
        socket.end(ANSWER)
        return
      case 'reset':
        socket.write(ANSWER.subarray(0, plan.at), () => socket.resetAndDestroy())
        return
      case 'close':
        socket.end(ANSWER.subarray(0, plan.at))
        return
      case 'drip': {
        let sent = 0
        const timer = setInterval(() => {
          if (socket.destroyed || sent >= plan.stopAt) {
            clearInterval(timer)
            timers.delete(timer)
            return
          }
          socket.write(ANSWER.subarray(sent, Math.min(plan.stopAt, sent + plan.chunk)))
          sent += plan.chunk
        }, plan.everyMs)
        timers.add(timer)
      }
    }
  })
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  for (const timer of timers) clearInterval(timer)
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => server.close(resolve))
})

const byte = fc.integer({ min: 0, max: ANSWER.length })
const scripts: fc.Arbitrary<Script> = fc.oneof(
  fc.constant<Script>({ kind: 'stall' }),
  fc.constant<Script>({ kind: 'answer' }),
  fc.constant<Script>({ kind: 'reset-at-accept' }),
  fc.constant<Script>({ kind: 'close-at-accept' }),
  byte.map((at): Script => ({ kind: 'reset', at })),
  byte.map((at): Script => ({ kind: 'close', at })),
  fc
    .record({ chunk: fc.integer({ min: 1, max: 40 }), everyMs: fc.integer({ min: 1, max: 150 }), stopAt: byte })
    .map((drip): Script => ({ kind: 'drip', ...drip }))
)

/** Whether the peer sends every byte of the answer. */
function deliversWhole(plan: Script): boolean {
  if (plan.kind === 'answer') return true
  if (plan.kind === 'reset' || plan.kind === 'close') return plan.at === ANSWER.length
  if (plan.kind === 'drip') return plan.stopAt === ANSWER.length
  return false
}

/** A result the poll loop knows how to handle, with a reason people can read and `sent` said. */
function isDefined(result: ApiResult): boolean {
  if (result.kind === 'ok') return typeof result.body === 'object'
  return (
    ['transient', 'not-found', 'fatal'].includes(result.kind) && typeof result.reason === 'string' && result.reason !== '' && typeof result.sent === 'boolean'
  )
}

// Margin for a shared, loaded machine: the bound is what is checked, not the speed.
const MARGIN_MS = 1000

describe('the client against a scripted socket', () => {
  it('every request ends by its budget, or soon after a cancel, with a defined result', async () => {
    await fc.assert(
      fc.asyncProperty(
        scripts,
        fc.integer({ min: 50, max: 400 }),
        fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
        // Over https the same bytes meet a TLS handshake: stalls and garbage land in that phase.
        fc.boolean(),
        async (plan, budgetMs, cancelAfterMs, tls) => {
          script.current = plan
          const api = createApiClient({ baseUrl: new URL(`${tls ? 'https' : 'http'}://127.0.0.1:${port}`), env: {}, requestTimeoutMs: 10_000 })
          const cancel = new AbortController()
          const timer = cancelAfterMs === undefined ? undefined : setTimeout(() => cancel.abort(), cancelAfterMs)
          const started = Date.now()
          try {
            const result = await api.request({
              method: 'GET',
              path: '/v1/project/update-status/u1',
              key: 'admin_key_property',
              keyInput: 'admin-key',
              timeoutMs: budgetMs,
              signal: cancel.signal
            })
            const took = Date.now() - started
            expect(isDefined(result), JSON.stringify(result)).toBe(true)
            expect(took).toBeLessThan(Math.min(budgetMs, cancelAfterMs ?? budgetMs) + MARGIN_MS)
            // A whole answer is read whole (unless the budget or a cancel came first).
            if (result.kind === 'ok') expect(deliversWhole(plan) && !tls && result.body).toEqual(JSON.parse(BODY))
            if (plan.kind === 'stall' || tls) expect(result.kind).toBe('transient')
            if (result.kind === 'transient' && result.reason === 'cancelled') expect(cancel.signal.aborted).toBe(true)
          } finally {
            clearTimeout(timer)
            await api.close()
          }
        }
      ),
      { numRuns: 40, interruptAfterTimeLimit: 20_000 }
    )
  }, 30_000)
})
