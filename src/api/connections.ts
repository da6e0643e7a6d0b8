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
 * Opens connections to `target`, through the runner's proxy when one applies. Every phase has a
 * limit of `phaseTimeoutMs` inside undici too (the name lookup, TCP and TLS connect, the proxy's
 * CONNECT answer), so a socket left behind by an abandoned request ends on its own; `destroyAll`
 * ends them, and every lookup under way, at once.
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
  const limits = { headersTimeout: timeout, bodyTimeout: timeout }
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
