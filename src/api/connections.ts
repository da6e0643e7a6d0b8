import type { Socket } from 'node:net'
import type { Dispatcher } from 'undici'
import { createBoundedLookup } from './lookup.js'
import { chooseProxy, type ProxyChoice } from './proxy.js'
import { Agent, buildConnector, Pool, ProxyAgent } from './undici.js'

/** The dispatcher of one client, and a way to end every socket it opened, connecting or not. */
export interface Connections {
  dispatcher: Dispatcher
  proxy: ProxyChoice | undefined
  /** Destroys every socket still open (a handshake or a proxy CONNECT that never ends included). */
  destroyAll(): Promise<void>
}

/**
 * How much later than the request's own limit the HTTP library's headers and body limits come.
 * Its clock for them ticks every half second and counts a limit from the tick before it was set:
 * a limit of over a second fires up to half a second early (found by the explorer: an answer due
 * in 0.9 s cut as "Headers Timeout Error" with a request-timeout of 1.3 s). The callers' signals
 * hold the request's limit exactly; these only end what an abandoned request left behind.
 */
export const COARSE_CLOCK_SLACK_MS = 1000

/**
 * The most an answer's headers may hold: Node's own default, given here so that undici need not
 * load node:http to read it (dev/dist-rewrites.js, `httpAtUse`). Every API the client calls
 * answers with a few kB of headers.
 */
export const MAX_HEADER_BYTES = 16 * 1024

/**
 * Opens connections to `target`, through the runner's proxy when one applies. Every phase has a
 * limit inside undici too (the name lookup, TCP and TLS connect: `phaseTimeoutMs`; the headers,
 * the body and the proxy's CONNECT answer: `COARSE_CLOCK_SLACK_MS` later), so a socket left
 * behind by an abandoned request ends on its own; `destroyAll` ends them, and every lookup under
 * way, at once.
 */
export function openConnections(target: URL, phaseTimeoutMs: number, env: NodeJS.ProcessEnv = process.env): Connections {
  const sockets = new Set<Socket>()
  const timeout = Math.max(1, Math.ceil(phaseTimeoutMs))
  const names = createBoundedLookup(timeout)
  const tracked = (options: buildConnector.BuildOptions): buildConnector.connector => {
    const connect = buildConnector({ ...options, timeout, lookup: names.lookup } as buildConnector.BuildOptions)
    return (opts, callback) => {
      const socket = connect(opts, callback) as unknown as Socket
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
      return socket as never
    }
  }
  const limits = { headersTimeout: timeout + COARSE_CLOCK_SLACK_MS, bodyTimeout: timeout + COARSE_CLOCK_SLACK_MS, maxHeaderSize: MAX_HEADER_BYTES }
  const proxy = chooseProxy(target, env)
  const dispatcher: Dispatcher = proxy
    ? new ProxyAgent({
        uri: proxy.url,
        ...limits,
        requestTls: { timeout },
        proxyTls: { timeout },
        // The connection to the proxy: tracked, and its CONNECT answer bounded by headersTimeout.
        clientFactory: (origin, options) => new Pool(origin, { ...options, ...limits, connect: tracked({}) })
      })
    : new Agent({ ...limits, connect: tracked({}) })
  return {
    dispatcher,
    proxy,
    destroyAll: async () => {
      names.cancel()
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      // undici's own teardown waits on nothing that can hang once the sockets are gone; bounded anyway.
      await Promise.race([dispatcher.destroy().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 200).unref())])
    }
  }
}
