import type { LookupAddress, LookupOptions } from 'node:dns'
import type { Resolver } from 'node:dns/promises'
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'

// The system's name lookup (getaddrinfo) runs on libuv's thread pool and cannot be stopped: a
// DNS server that does not answer holds a thread for the resolver's own time limits (5 s, two
// tries, by default), and Node waits for every such thread before the process can exit. So a
// deadline or a cancel could not end the step on time. Names are looked up here the way the
// system does for a host name, without it: the hosts file first, then the DNS servers the
// system uses, through c-ares, which runs on the event loop, with a time limit and a cancel.

/** Once addresses of one kind are known, how long the other kind's answer is still waited for. */
const OTHER_KIND_GRACE_MS = 100

type Callback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void
export type LookupFunction = (hostname: string, options: LookupOptions, callback: Callback) => void

export interface BoundedLookup {
  lookup: LookupFunction
  /** Ends every lookup under way: each fails at once. */
  cancel(): void
}

/**
 * A `lookup` for net.connect and tls.connect that ends within `timeoutMs` whatever the DNS
 * servers do. A name the DNS servers answered for without an address (no such name, a refusal,
 * a failure) is then asked of the system resolver, for what only it knows (search domains, mDNS,
 * a directory): the servers answered, so it answers as fast. A silence is not asked again.
 */
export function createBoundedLookup(timeoutMs: number, options: { hostsFile?: string; servers?: string[] } = {}): BoundedLookup {
  const hostsFile = options.hostsFile ?? defaultHostsFile()
  // One try of 40 % of the time, which c-ares may stretch up to twice that (measured): a silent
  // server is named as the cause before the request itself runs out of time, and the request's
  // next try asks again.
  // Made by the first name the hosts file does not hold: node:dns is loaded then, not by a run
  // whose addresses need no lookup (an IP address, localhost, a name in the hosts file).
  let resolver: Resolver | undefined
  const servers = (): Resolver => {
    if (resolver) return resolver
    resolver = new (process.getBuiltinModule('node:dns/promises').Resolver)({ timeout: Math.max(1, Math.floor(timeoutMs * 0.4)), tries: 1 })
    if (options.servers) resolver.setServers(options.servers)
    return resolver
  }
  let hosts: Map<string, LookupAddress[]> | undefined

  /**
   * Asks the DNS servers for the addresses of each kind wanted. Once one kind has some, the
   * other gets a short grace, not its whole time: some resolvers drop AAAA queries.
   */
  const askServers = (host: string, family: number) =>
    new Promise<{ found: LookupAddress[]; codes: string[] }>((resolve) => {
      const kinds = ([4, 6] as const).filter((kind) => family === 0 || family === kind)
      const found = new Map<number, LookupAddress[]>()
      const codes: string[] = []
      let pending = kinds.length
      let grace: NodeJS.Timeout | undefined
      const finish = () => {
        clearTimeout(grace)
        resolve({ found: kinds.flatMap((kind) => found.get(kind) ?? []), codes })
      }
      for (const kind of kinds)
        (kind === 4 ? servers().resolve4(host) : servers().resolve6(host))
          .then(
            (addresses) => {
              found.set(
                kind,
                addresses.map((address) => ({ address, family: kind }))
              )
              if (addresses.length > 0 && pending > 1) grace ??= setTimeout(finish, OTHER_KIND_GRACE_MS)
            },
            (error: NodeJS.ErrnoException) => codes.push(error.code ?? 'ESERVFAIL')
          )
          .finally(() => {
            if (--pending === 0) finish()
          })
    })

  const resolve = async (name: string, family: number): Promise<LookupAddress[]> => {
    const host = name.toLowerCase().replace(/\.$/, '')
    const literal = isIP(host)
    if (literal) return [{ address: host, family: literal }]
    hosts ??= readHosts(hostsFile)
    const listed = hosts.get(host)
    if (listed) return listed
    if (host === 'localhost' || host.endsWith('.localhost'))
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 }
      ]
    const { found, codes } = await askServers(host, family)
    if (found.length > 0) return found
    // A server that did not answer in time, or a cancel, ends the lookup: the system would wait
    // on the same silence, on a thread nothing can stop. Any other answer (no such name, a
    // refusal, a failure: a stub resolver may refuse a name it completes with a search domain)
    // is asked of the system, with the name as given.
    const silent = codes.find((code) => code === 'ETIMEOUT' || code === 'ECANCELLED')
    if (silent) throw lookupError(host, silent)
    return askSystem(name, family)
  }

  return {
    lookup(hostname, options, callback) {
      const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0
      resolve(hostname, family).then(
        (found) => {
          const chosen = family === 0 ? found : found.filter((a) => a.family === family)
          const first = chosen[0]
          if (!first) return callback(lookupError(hostname, 'ENOTFOUND'), '')
          if (options.all) callback(null, chosen)
          else callback(null, first.address, first.family)
        },
        (error: NodeJS.ErrnoException) => callback(error, '')
      )
    },
    cancel: () => resolver?.cancel()
  }
}

function askSystem(host: string, family: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    process.getBuiltinModule('node:dns').lookup(host, { all: true, family }, (error, addresses) => (error ? reject(error) : resolve(addresses)))
  })
}

function lookupError(host: string, code: string): NodeJS.ErrnoException {
  const why = code === 'ETIMEOUT' ? 'the DNS servers did not answer in time' : code === 'ECANCELLED' ? 'the lookup was cancelled' : `DNS answered ${code}`
  return Object.assign(new Error(`${code} looking up ${host}: ${why}`), { code, hostname: host })
}

function defaultHostsFile(): string {
  return process.platform === 'win32' ? path.join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'drivers', 'etc', 'hosts') : '/etc/hosts'
}

/** The hosts file as name → addresses, in its order; empty when it cannot be read. */
export function readHosts(file: string): Map<string, LookupAddress[]> {
  const hosts = new Map<string, LookupAddress[]>()
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return hosts
  }
  for (const line of text.split(/\r?\n/)) {
    const [address, ...names] = (line.split('#')[0] ?? '').trim().split(/\s+/)
    const family = address ? isIP(address.replace(/%.*$/, '')) : 0
    if (!address || !family) continue
    for (const name of names) {
      const key = name.toLowerCase()
      const known = hosts.get(key) ?? []
      if (!known.some((a) => a.address === address)) known.push({ address, family })
      hosts.set(key, known)
    }
  }
  return hosts
}
