// The parts of undici the client uses, each loaded by its own path. undici's index also loads
// and compiles fetch, WebSocket, EventSource, the cache API and the mocks, which a run never
// uses: without the GitHub toolkit (which loads the index anyway) that is most of what undici
// costs at start-up (bench/results.md, experiment (e)).
import type { Dispatcher } from 'undici'
import api from 'undici/lib/api/index.js'
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js'

export { default as buildConnector } from 'undici/lib/core/connect.js'
export { default as Agent } from 'undici/lib/dispatcher/agent.js'
export { default as Pool } from 'undici/lib/dispatcher/pool.js'
export { default as ProxyAgent } from 'undici/lib/dispatcher/proxy-agent.js'

// As undici's index does: the request methods on every dispatcher (a ProxyAgent opens its
// tunnel with the connect() of its pool).
Object.assign(DispatcherClass.prototype, api)

/** undici's request() through one dispatcher, to a URL. */
export function request(
  url: URL,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; headers: Record<string, string>; body: string | null; signal: AbortSignal; dispatcher: Dispatcher }
): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options
  return api.request.call(dispatcher, { ...rest, origin: url.origin, path: `${url.pathname}${url.search}` })
}
