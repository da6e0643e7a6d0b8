import { createSocket, type Socket } from 'node:dgram'
import type { LookupAddress } from 'node:dns'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBoundedLookup, readHosts } from '../src/api/lookup.js'

// DNS servers of the test's own on loopback: one that answers every A query with 192.0.2.7 (and
// AAAA with nothing), one that never answers.
let answering: Socket
let silent: Socket
let refusing: Socket
let dropsAaaa: Socket
let dir: string
let hostsFile: string
const address = (socket: Socket) => `127.0.0.1:${socket.address().port}`

/** The answer to a DNS query: its question, and one A record when it asks for A. */
function answer(query: Buffer): Buffer {
  let end = 12
  while (query[end] !== 0) end += (query[end] ?? 0) + 1
  const question = query.subarray(12, end + 5)
  const isA = query.readUInt16BE(end + 1) === 1
  const header = Buffer.from(query.subarray(0, 12))
  header.writeUInt16BE(0x8180, 2) // a response, recursion available, no error
  header.writeUInt16BE(1, 4)
  header.writeUInt16BE(isA ? 1 : 0, 6)
  header.writeUInt32BE(0, 8)
  const record = Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 192, 0, 2, 7])
  return Buffer.concat([header, question, isA ? record : Buffer.alloc(0)])
}

beforeAll(async () => {
  answering = createSocket('udp4')
  answering.on('message', (query, from) => answering.send(answer(query), from.port, from.address))
  silent = createSocket('udp4')
  silent.on('message', () => undefined)
  refusing = createSocket('udp4')
  refusing.on('message', (query, from) => {
    const reply = Buffer.from(query)
    reply.writeUInt16BE(0x8185, 2) // a response: REFUSED
    refusing.send(reply, from.port, from.address)
  })
  dropsAaaa = createSocket('udp4')
  dropsAaaa.on('message', (query, from) => {
    const reply = answer(query)
    if (reply.readUInt16BE(6) > 0) dropsAaaa.send(reply, from.port, from.address)
  })
  await Promise.all([answering, silent, refusing, dropsAaaa].map((s) => new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve))))
  dir = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-hosts-'))
  hostsFile = path.join(dir, 'hosts')
  await writeFile(hostsFile, '# comment\n10.1.2.3  docs.internal api.internal # trailing\n::1 six.internal\n\nnot-an-ip name\n')
})
afterAll(async () => {
  for (const socket of [answering, silent, refusing, dropsAaaa]) socket.close()
  await rm(dir, { recursive: true, force: true })
})

function look(lookup: ReturnType<typeof createBoundedLookup>, host: string, all = true) {
  return new Promise<{ error: NodeJS.ErrnoException | null; found: string | LookupAddress[]; family?: number | undefined }>((resolve) =>
    lookup.lookup(host, { all }, (error, found, family) => resolve({ error, found, family }))
  )
}

describe('the bounded name lookup', () => {
  it('asks the DNS servers, and answers as net.connect expects, one address or all', async () => {
    const names = createBoundedLookup(2000, { hostsFile, servers: [address(answering)] })
    expect(await look(names, 'docs.example.test')).toEqual({ error: null, found: [{ address: '192.0.2.7', family: 4 }], family: undefined })
    expect(await look(names, 'docs.example.test', false)).toEqual({ error: null, found: '192.0.2.7', family: 4 })
  })

  it('reads the hosts file first, then localhost and address literals, without asking anyone', async () => {
    const names = createBoundedLookup(2000, { hostsFile, servers: [address(silent)] })
    expect((await look(names, 'API.internal.')).found).toEqual([{ address: '10.1.2.3', family: 4 }])
    expect((await look(names, 'six.internal')).found).toEqual([{ address: '::1', family: 6 }])
    expect((await look(names, 'localhost')).found).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 }
    ])
    expect((await look(names, '127.0.0.9', false)).found).toBe('127.0.0.9')
  })

  it('a DNS server that never answers ends the lookup within its time, naming the cause', async () => {
    const names = createBoundedLookup(500, { hostsFile, servers: [address(silent)] })
    const started = Date.now()
    const { error } = await look(names, 'docs.example.test')
    expect(error?.code).toBe('ETIMEOUT')
    expect(error?.message).toBe('ETIMEOUT looking up docs.example.test: the DNS servers did not answer in time')
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('a cancel ends every lookup under way at once', async () => {
    const names = createBoundedLookup(60_000, { hostsFile, servers: [address(silent)] })
    const pending = look(names, 'docs.example.test')
    const started = Date.now()
    names.cancel()
    const { error } = await pending
    expect(error?.code).toBe('ECANCELLED')
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('a resolver that drops AAAA queries does not hold the addresses it gave', async () => {
    const names = createBoundedLookup(10_000, { hostsFile, servers: [address(dropsAaaa)] })
    const started = Date.now()
    expect((await look(names, 'docs.example.test')).found).toEqual([{ address: '192.0.2.7', family: 4 }])
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('a refusal is asked of the system, which completes names with its search domains', async () => {
    const names = createBoundedLookup(2000, { hostsFile, servers: [address(refusing)] })
    const { error } = await look(names, 'no-such-name.invalid')
    // The system's own lookup answered (getaddrinfo), not the refusal.
    expect(error?.message).toMatch(/^getaddrinfo /)
  })

  it('reads a hosts file line by line, skipping what is not an address', () => {
    expect([...readHosts(hostsFile).keys()]).toEqual(['docs.internal', 'api.internal', 'six.internal'])
    expect(readHosts(path.join(dir, 'missing')).size).toBe(0)
  })
})
