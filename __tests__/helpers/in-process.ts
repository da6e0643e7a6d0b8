// An in-process transport: the clients' requests served by a stand-in's own handler (dev/github-api.js,
// dev/gitlab-api.js: `serve`) in this process, with no socket between them. A request then takes
// no time of its own: what it meets is only what the stand-in plans (a write held, answered late,
// never answered), on the timers of the test, so a test on fake timers owns every moment of it.
// The client's side is undici's (its request() and fetch() dispatch through `dispatch` here), so the
// ports, their signals and their error types are the ones a run uses.
import { STATUS_CODES } from 'node:http'
import { Readable } from 'node:stream'
import { Dispatcher, errors, getGlobalDispatcher, setGlobalDispatcher } from 'undici'

/** A stand-in's handler of one request, as node:http calls it. */
export type Serve = (req: Readable & { method: string; url: string; headers: Record<string, string> }, res: InProcessResponse) => unknown

/** The part of node:http's ServerResponse the stand-ins use. */
export interface InProcessResponse {
  /** True once the client went away (its request aborted), as a socket closed by the client. */
  destroyed: boolean
  writeHead(status: number, headers?: Record<string, string>): InProcessResponse
  end(body?: string): void
  /** Drops the connection without an answer, as a reset does. */
  destroy(): void
}

type Handler = Dispatcher.DispatchHandlers & { onConnect?(abort: (error?: Error) => void): void }

/** The request's headers as one lower-cased record: undici's request() gives an object, its fetch() an object or pairs. */
function headersOf(given: Dispatcher.DispatchOptions['headers']): Record<string, string> {
  const pairs: [string, unknown][] = !given
    ? []
    : Array.isArray(given)
      ? Array.from({ length: given.length / 2 }, (_, i) => [String(given[2 * i]), given[2 * i + 1]])
      : typeof (given as Iterable<unknown>)[Symbol.iterator] === 'function'
        ? [...(given as Iterable<[string, unknown]>)]
        : Object.entries(given)
  const headers: Record<string, string> = {}
  for (const [name, value] of pairs) if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
  return headers
}

/** The request's body, whole. */
async function bodyOf(body: unknown): Promise<Buffer> {
  if (body === null || body === undefined) return Buffer.alloc(0)
  if (typeof body === 'string' || body instanceof Uint8Array) return Buffer.from(body)
  const chunks: Buffer[] = []
  for await (const chunk of body as AsyncIterable<string | Uint8Array>) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * A dispatcher serving each request to an origin in `routes` with that origin's stand-in, in
 * process; any other origin goes to `elsewhere` (a real dispatcher), or is refused as no server.
 */
export class InProcessTransport extends Dispatcher {
  constructor(
    private readonly routes: Map<string, Serve> = new Map(),
    private readonly elsewhere?: Dispatcher
  ) {
    super()
  }

  /** Serves `origin` (the stand-in's `url`) with `serve` from now on. */
  route(origin: string, serve: Serve): this {
    this.routes.set(new URL(origin).origin, serve)
    return this
  }

  /** Over a real dispatcher: the routed origins in process, the rest through `real`. */
  over(real: Dispatcher): InProcessTransport {
    return new InProcessTransport(this.routes, real)
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
    const origin = new URL(String(options.origin)).origin
    const serve = this.routes.get(origin)
    if (!serve) {
      if (this.elsewhere) return this.elsewhere.dispatch(options, handler)
      throw new Error(`no stand-in serves ${origin} in process`)
    }
    void this.serveOne(serve, origin, options, handler as Handler)
    return true
  }

  private async serveOne(serve: Serve, origin: string, options: Dispatcher.DispatchOptions, handler: Handler): Promise<void> {
    // One story per request: sent, then answered, failed or aborted; nothing after the first end.
    let ended = false
    const end = (error: Error) => {
      if (ended) return
      ended = true
      res.destroyed = true
      handler.onError?.(error)
    }
    const res: InProcessResponse = {
      destroyed: false,
      writeHead(status, headers = {}) {
        head = { status, headers }
        return res
      },
      end(body = '') {
        if (ended) return
        ended = true
        const answer = head ?? { status: 200, headers: {} }
        const raw = Object.entries(answer.headers).flatMap(([name, value]) => [Buffer.from(name), Buffer.from(String(value))])
        handler.onHeaders?.(answer.status, raw, () => undefined, STATUS_CODES[answer.status] ?? '')
        if (body) handler.onData?.(Buffer.from(body))
        handler.onComplete?.([])
      },
      destroy() {
        end(new errors.SocketError('other side closed'))
      }
    }
    let head: { status: number; headers: Record<string, string> } | undefined
    handler.onConnect?.((error) => end(error ?? new errors.RequestAbortedError()))
    if (ended) return
    const body = await bodyOf(options.body)
    if (ended) return
    const req = Object.assign(Readable.from(body.length > 0 ? [body] : []), {
      method: options.method,
      url: options.path,
      headers: { host: new URL(origin).host, ...headersOf(options.headers) }
    })
    try {
      await serve(req, res)
    } catch (error) {
      end(error instanceof Error ? error : new Error(String(error)))
    }
  }

  // Nothing to close: no socket was opened.
  override async close(): Promise<void> {}
  override async destroy(): Promise<void> {}
}

/** The one transport of a test file: its stand-ins' origins, routed by `serveInProcess`. */
export const inProcess = new InProcessTransport()

/**
 * Serves each stand-in's requests in process from now on: fetch's (the GitHub toolkit's, through
 * undici's global dispatcher) and the project's own clients' (through `openConnections`, which the
 * test file mocks with `inProcessConnections`). Returns what puts the global dispatcher back.
 */
export function serveInProcess(...apis: { url: string; serve: unknown }[]): () => void {
  for (const api of apis) inProcess.route(api.url, api.serve as Serve)
  const before = getGlobalDispatcher()
  setGlobalDispatcher(inProcess.over(before))
  return () => setGlobalDispatcher(before)
}

/**
 * src/api/connections.js with the routed origins served in process, for `vi.mock`:
 * `vi.mock('../src/api/connections.js', inProcessConnections)`. Any other origin is reached as a run reaches it.
 */
export async function inProcessConnections(importOriginal: () => Promise<typeof import('../../src/api/connections.js')>) {
  const real = await importOriginal()
  return {
    ...real,
    openConnections: (...args: Parameters<typeof real.openConnections>) => {
      const connections = real.openConnections(...args)
      return { ...connections, dispatcher: inProcess.over(connections.dispatcher) }
    }
  }
}
