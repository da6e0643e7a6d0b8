// The parts of undici the client uses, each loaded by its own path. undici's index also loads
// and compiles fetch, WebSocket, EventSource, the cache API and the mocks, which a run never
// uses: without the GitHub toolkit (which loads the index anyway) that is most of what undici
// costs at start-up (bench/results.md, experiment (e)). Of its request methods, only request()
// and connect() (a ProxyAgent's tunnel): not stream(), pipeline() nor upgrade().
import type { Dispatcher } from 'undici'
import connect from 'undici/lib/api/api-connect.js'
import undiciRequest from 'undici/lib/api/api-request.js'
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js'

export { default as buildConnector } from 'undici/lib/core/connect.js'
export { default as Agent } from 'undici/lib/dispatcher/agent.js'
export { default as Pool } from 'undici/lib/dispatcher/pool.js'
export { default as ProxyAgent } from 'undici/lib/dispatcher/proxy-agent.js'

// As undici's index does for every request method: these two on every dispatcher (a ProxyAgent
// opens its tunnel with the connect() of its pool).
Object.assign(DispatcherClass.prototype, { request: undiciRequest, connect })

/** undici's request() through one dispatcher, to a URL. */
export function request(
  url: URL,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; headers: Record<string, string>; body: string | null; signal: AbortSignal; dispatcher: Dispatcher }
): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options
  return undiciRequest.call(dispatcher, { ...rest, origin: url.origin, path: `${url.pathname}${url.search}` })
}
