// Types of the undici modules src/api/undici.ts loads by path: each exports what undici's index exports under that name.
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici'
  export = Dispatcher
}
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici'
  export = Agent
}
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici'
  export = Pool
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import { ProxyAgent } from 'undici'
  export = ProxyAgent
}
declare module 'undici/lib/core/connect.js' {
  import { buildConnector } from 'undici'
  export = buildConnector
}
declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici'
  /** undici's request methods, called with a dispatcher as `this`. */
  const api: { request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> }
  export = api
}
