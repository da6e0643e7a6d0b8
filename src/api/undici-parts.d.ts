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
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici'
  /** undici's request(), called with a dispatcher as `this`. */
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>
  export = request
}
declare module 'undici/lib/api/api-connect.js' {
  import type { Dispatcher } from 'undici'
  /** undici's connect(), called with a dispatcher as `this` (a ProxyAgent's tunnel). */
  function connect(this: Dispatcher, options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>
  export = connect
}
