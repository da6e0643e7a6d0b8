import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { Resolver } from 'node:dns/promises'
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'

// The system's name lookup (getaddrinfo) runs on libuv's thread pool and cannot be stopped: a
// DNS server that does not answer holds a thread for the resolver's own time limits (5 s, two
// tries, by default), and Node waits for every such thread before the process can exit. So a
// deadline or a cancel could not end the step on time. Names are looked up here the way the
// system does for a host name, without it: the hosts file first, then the DNS servers the
// system uses, through c-ares, which runs on the event loop, with a time limit and a cancel.

type Callback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void
export type LookupFunction = (hostname: string, options: LookupOptions, callback: Callback) => void

export interface BoundedLookup {
  lookup: LookupFunction
  /** Ends every lookup under way: each fails at once. */
  cancel(): void
}

/**
 * A `lookup` for net.connect and tls.connect that ends within `timeoutMs` whatever the DNS
 * servers do. A name the DNS servers do not know is then asked of the system resolver, for the
 * sources only it reads (mDNS, a directory): the servers answered, so it answers as fast.
 */
export function createBoundedLookup(timeoutMs: number, options: { hostsFile?: string; servers?: string[] } = {}): BoundedLookup {
  const hostsFile = options.hostsFile ?? defaultHostsFile()
  // One try of 40 % of the time, which c-ares may stretch up to twice that (measured): a silent
  // server is named as the cause before the request itself runs out of time, and the request's
  // next try asks again.
  const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs * 0.4)), tries: 1 })
  if (options.servers) resolver.setServers(options.servers)
  let hosts: Map<string, LookupAddress[]> | undefined

  const resolve = async (name: string, family: number): Promise<LookupAddress[]> => {
    const host = name.toLowerCase().replace(/\.$/, '')
    const literal = isIP(host)
    if (literal) return [{ address: host, family: literal }]
    if (host === 'localhost' || host.endsWith('.localhost'))
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 }
      ]
    hosts ??= readHosts(hostsFile)
    const listed = hosts.get(host)
    if (listed) return listed
    const asked = await Promise.allSettled([
      family === 6 ? Promise.resolve([]) : resolver.resolve4(host),
      family === 4 ? Promise.resolve([]) : resolver.resolve6(host)
    ])
    const found = asked.flatMap((answer, i) => (answer.status === 'fulfilled' ? answer.value.map((address) => ({ address, family: i === 0 ? 4 : 6 })) : []))
    if (found.length > 0) return found
    // Only when every server answered that it knows no address: a silence is not asked again.
    for (const answer of asked) {
      const code = answer.status === 'rejected' ? ((answer.reason as NodeJS.ErrnoException).code ?? 'ESERVFAIL') : 'ENODATA'
      if (code !== 'ENOTFOUND' && code !== 'ENODATA') throw lookupError(host, code)
    }
    return askSystem(host, family)
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
    cancel: () => resolver.cancel()
  }
}

function askSystem(host: string, family: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    systemLookup(host, { all: true, family }, (error, addresses) => (error ? reject(error) : resolve(addresses)))
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
