import { createSocket, type Socket as DgramSocket } from 'node:dgram'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { runAction } from '../dev/run-action.js'
import { ADMIN_KEY } from '../dev/simulator.js'
import { UNREACHABLE_RULE } from '../src/engine/poll.js'
import { runCommand } from './helpers/cli.js'

// A base URL nothing answers at, end to end through dist/: a port nothing listens on, and a name
// the DNS says does not exist. From the first retry line the log says to check base-url, and the
// run ends with `error` by the rule of UNREACHABLE_RULE (the README's), not at the timeout.
const dnsServers: DgramSocket[] = []
afterAll(async () => {
  for (const udp of dnsServers) await new Promise<void>((resolve) => udp.close(resolve))
})

/** A port of 127.0.0.1 that nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A DNS server that answers every question "no such name" (NXDOMAIN), made the step's DNS server. */
async function nxdomainDns(): Promise<Record<string, string>> {
  const udp = createSocket('udp4')
  udp.on('message', (query, from) => {
    // The question ends after its name's labels and 4 bytes of type and class.
    let end = 12
    while (end < query.length && query[end] !== 0) end += (query[end] as number) + 1
    const answer = Buffer.from(query.subarray(0, end + 5))
    answer[2] = 0x81 // a response, recursion desired
    answer[3] = 0x83 // recursion available, NXDOMAIN
    answer.writeUInt16BE(1, 4)
    answer.writeUInt32BE(0, 6)
    answer.writeUInt16BE(0, 10)
    udp.send(answer, from.port, from.address)
  })
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve))
  dnsServers.push(udp)
  const preload = new URL('./fixtures/dns-server.mjs', import.meta.url).href
  return { NODE_OPTIONS: `--import ${preload}`, TEST_DNS_SERVER: `127.0.0.1:${udp.address().port}`, TEST_SYSTEM_LOOKUP: 'nxdomain' }
}

const SLOW = { 'min-interval': '1s', 'max-interval': '2s', timeout: '10m', 'request-timeout': '5s' }
const HOST = 'docs.example.invalid'

describe.concurrent('nothing answers at base-url (the action)', () => {
  it('a port nothing listens on: "check base-url" from the first retry, then error once it cannot be a blip', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`
    const run = await runAction({ inputs: { 'base-url': base, 'admin-key': ADMIN_KEY, 'status-id': 'u1', ...SLOW }, timeoutMs: 60_000 })
    expect(run.outputs.result, run.stdout).toBe('error')
    expect(run.code).toBe(1)
    // Ended by the rule, far inside the 10 minutes of timeout.
    const elapsed = Number(run.outputs.elapsed)
    expect(elapsed).toBeGreaterThanOrEqual(UNREACHABLE_RULE.refusedForMs / 1000)
    expect(elapsed).toBeLessThan(50)
    const firstRetry = run.stdout.split('\n').find((line) => /retrying in/.test(line)) ?? ''
    expect(firstRetry).toContain(`nothing answered at base-url ${base} (nothing listens there`)
    expect(firstRetry).toContain('check base-url')
    expect(run.stdout).toMatch(
      /::error::Update u1 could not be read: nothing answered at base-url .* on \d+ tries in a row over \S+; check base-url\.%0ANext: check `base-url`: it must be the address of the platform API/
    )
    expect(run.stdout).not.toMatch(/kept answering|raise `timeout`/)
  }, 60_000)

  it('a name that does not resolve: error after a few tries, naming the name', async () => {
    const env = await nxdomainDns()
    const run = await runAction({ inputs: { 'base-url': `https://${HOST}`, 'admin-key': ADMIN_KEY, 'status-id': 'u1', ...SLOW }, env, timeoutMs: 60_000 })
    expect(run.outputs.result, run.stdout).toBe('error')
    expect(Number(run.outputs.elapsed)).toBeLessThan(30)
    const firstRetry = run.stdout.split('\n').find((line) => /retrying in/.test(line)) ?? ''
    expect(firstRetry).toContain(`nothing answered at base-url https://${HOST} (its name ${HOST} does not resolve`)
    expect(run.stdout).toContain(`on ${UNREACHABLE_RULE.tries} tries in a row`)
  }, 60_000)
})

describe.concurrent('nothing answers at base-url (the command)', () => {
  const fast = ['--min-interval', '1s', '--max-interval', '2s', '--timeout', '10m', '--request-timeout', '5s', '--status-id', 'u1']

  it('a port nothing listens on: exit 4, naming WAIT_FOR_DOCS_BASE_URL where it came from', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`
    const run = await runCommand(() => [...fast, '--json'], { env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, WAIT_FOR_DOCS_BASE_URL: base }, timeoutMs: 60_000 })
    expect(run.code, run.stderr).toBe(4)
    const json = JSON.parse(run.stdout) as Record<string, unknown>
    expect(json.result).toBe('error')
    expect(json.message).toContain('Next: check WAIT_FOR_DOCS_BASE_URL: it must be the address of the platform API')
    // The log names the input as it was given: the variable.
    expect(run.stderr.split('\n').find((line) => /retrying in/.test(line))).toContain(`nothing answered at WAIT_FOR_DOCS_BASE_URL ${base}`)
  }, 60_000)

  it('a name that does not resolve, given as --base-url: exit 4, naming the flag', async () => {
    const env = await nxdomainDns()
    const run = await runCommand(() => [...fast, '--json', '--base-url', `https://${HOST}`], {
      env: { ...env, WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY },
      timeoutMs: 60_000
    })
    expect(run.code, run.stderr).toBe(4)
    const json = JSON.parse(run.stdout) as Record<string, unknown>
    expect(json.message).toContain(`its name ${HOST} does not resolve`)
    expect(json.message).toContain('Next: check --base-url:')
  }, 60_000)
})
