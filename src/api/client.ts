import type { Dispatcher } from 'undici'
import { classifyResponse, type ApiResult, type KeyInput, type ResponseFacts } from './classify.js'
import { openConnections } from './connections.js'
import { ACCEPT_ENCODING, readBody } from './decode.js'
import { request as undiciRequest } from './undici.js'
import type { ProxyChoice } from './proxy.js'
import { oneLine, proxyRefusalStatus, redact } from '../text.js'
import type { Unreachable } from '../model.js'
import { timeoutSignal } from '../timeout-signal.js'

export const USER_AGENT = 'wait-for-docs'
/** Bodies above this (decoded) are refused rather than read into memory. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024
const MAX_REDIRECTS = 5
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000

export interface ApiRequest {
  method: 'GET' | 'POST'
  /** Path below the base URL, already encoded, starting with `/`. */
  path: string
  /** The bearer key; a request without one (a page of the docs site) sends no Authorization at all. */
  key?: string
  /** The input that holds `key`, for the words of a 401 or 403. */
  keyInput?: KeyInput
  /** What the answer may be; default `application/json`. */
  accept?: string
  /** Headers sent besides the client's own (a protected preview's `page-header`). */
  headers?: Readonly<Record<string, string>>
  json?: unknown
  timeoutMs: number
  /** What sets `timeoutMs`, named as the user knows it; default `request-timeout`. */
  limit?: string
  signal: AbortSignal
  /** How an answer is read; polls use classifyResponse, a POST that starts work has rules of its own. */
  classify?: (facts: ResponseFacts) => ApiResult
}

export interface ApiClient {
  /**
   * Ends by `timeoutMs` or on abort of `signal` in every phase. Every result but `ok` says in
   * `sent` whether the request may have reached the server (see `ApiResult`).
   */
  request(request: ApiRequest): Promise<ApiResult>
  /** Closes every connection, including any request still hanging in any phase. */
  close(): Promise<void>
}

export interface ApiClientOptions {
  baseUrl: URL
  /**
   * Every phase inside the HTTP library (connect, TLS, proxy CONNECT, headers, body) is limited
   * to this too, so nothing a request leaves behind outlives it by much. Default 30 s.
   */
  requestTimeoutMs?: number
  /** The environment to read HTTPS_PROXY / HTTP_PROXY / NO_PROXY from; default process.env. */
  env?: NodeJS.ProcessEnv
  now?: () => number
  /** Every key of the run: cut out of any answer that echoes one, before anything reads it. */
  secrets?: readonly string[]
  /** The input the address came from, named in the words of a redirect or an unreachable address; default `base-url`. */
  addressInput?: AddressInput
}

/** Where a client's address comes from: the platform's API, or the site readers are served the docs from. */
export type AddressInput = 'base-url' | 'site-url'

/** What a client says of its address when a server sends it elsewhere: the platform's words are as they always were. */
const ADDRESS_WORDS: Record<AddressInput, { elsewhere: string; fix: string }> = {
  'base-url': {
    elsewhere: 'another origin than base-url; the key is not sent there. Set base-url to the address the API really answers on',
    fix: "Check that base-url is the platform's API address; if it is, report the answer to the platform"
  },
  'site-url': {
    elsewhere: 'another origin than site-url; nothing is sent there. Set site-url to the address the pages are served from',
    fix: 'Check that site-url is the address the pages are served from'
  }
}

/**
 * The platform client: sends the bearer key, limits each request in time and size, honours the
 * proxy settings of the runner, follows redirects only within the base URL's origin (the key
 * never goes elsewhere), and turns every answer or failure into an `ApiResult`.
 *
 * A request ends at its budget or on cancel in every phase, whatever the socket does: the HTTP
 * library does not honour an abort while it connects (DNS, TCP, TLS, proxy CONNECT), so the
 * request is raced against the signal; whatever it leaves hanging is bounded by the same limit
 * inside the library and destroyed by `close()`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const connections = openConnections(options.baseUrl, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, options.env)
  const now = options.now ?? Date.now
  const origin = options.baseUrl.origin
  const basePath = options.baseUrl.pathname.replace(/\/+$/, '')
  const addressInput = options.addressInput ?? 'base-url'
  const words = ADDRESS_WORDS[addressInput]

  async function request(req: ApiRequest): Promise<ApiResult> {
    const timeout = timeoutSignal(Math.max(1, req.timeoutMs))
    const signal = AbortSignal.any([req.signal, timeout])
    const progress: Progress = { sent: false }
    const stopped = (): ApiResult => {
      if (req.signal.aborted) return { kind: 'transient', reason: 'cancelled', sent: progress.sent }
      const within = `no complete answer within ${formatSeconds(req.timeoutMs)} (${req.limit ?? 'request-timeout'})`
      // Through a proxy, nothing is sent to the platform before the proxy opens the tunnel: a
      // proxy that never answers CONNECT is what held it, and is named (the variable, never its value).
      const proxy = connections.proxy
      if (proxy && !progress.sent)
        return {
          kind: 'transient',
          reason: `${within}: the proxy named by ${proxy.variable} did not open a connection to ${options.baseUrl.host} in that time; check that proxy, or list the host in NO_PROXY if it needs none`,
          sent: false
        }
      return { kind: 'transient', reason: within, sent: progress.sent }
    }
    if (signal.aborted) return stopped()
    let onAbort: (() => void) | undefined
    const aborted = new Promise<'stopped'>((resolve) => {
      onAbort = () => resolve('stopped')
      signal.addEventListener('abort', onAbort, { once: true })
    })
    const exchange = send(req, signal, progress).catch((error: unknown): ApiResult => {
      if (signal.aborted) return stopped()
      return failure(error, progress.sent, connections.proxy, options.baseUrl, addressInput)
    })
    try {
      const first = await Promise.race([exchange, aborted])
      return first === 'stopped' ? stopped() : first
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort)
    }
  }

  // Every key of the run and the request's own: one list per key, so its redactor is built once.
  const secretLists = new Map<string, readonly string[]>()
  const secretsWith = (key: string | undefined): readonly string[] => {
    let list = secretLists.get(key ?? '')
    if (!list) {
      list = key === undefined ? [...(options.secrets ?? [])] : [key, ...(options.secrets ?? [])]
      secretLists.set(key ?? '', list)
    }
    return list
  }

  async function send(req: ApiRequest, signal: AbortSignal, progress: Progress): Promise<ApiResult> {
    let url = new URL(`${origin}${basePath}${req.path}`)
    let method = req.method
    let json = req.json
    const secrets = secretsWith(req.key)
    // The library calls onConnect once a socket is ready and it starts writing the request: from
    // then on the server may have received it.
    const dispatcher = {
      dispatch: (opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers) =>
        connections.dispatcher.dispatch(opts, {
          ...bindAll(handler),
          onConnect: (abort: (err?: Error) => void) => {
            progress.sent = true
            handler.onConnect?.(abort)
          }
        })
    } as unknown as Dispatcher
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = {
        ...req.headers,
        accept: req.accept ?? 'application/json',
        'accept-encoding': ACCEPT_ENCODING,
        'user-agent': USER_AGENT
      }
      if (req.key !== undefined) headers.authorization = `Bearer ${req.key}`
      if (json !== undefined) headers['content-type'] = 'application/json'
      const response = await undiciRequest(url, {
        method,
        headers,
        body: json === undefined ? null : JSON.stringify(json),
        signal,
        dispatcher
      })
      // Destroying an unread body emits an error; reading still reports its own errors.
      response.body.on('error', () => undefined)
      const header = (name: string) => {
        const value = response.headers[name]
        return (Array.isArray(value) ? value[0] : value) ?? null
      }
      const status = response.statusCode
      const location = header('location')
      if (status >= 300 && status < 400 && location) {
        response.body.destroy()
        const said = oneLine(redact(location, secrets), 200)
        const next = URL.canParse(location, url.href) ? new URL(location, url) : undefined
        if (!next)
          return {
            kind: 'fatal',
            reason: `the server answered HTTP ${status} with a Location that is not a URL ("${said}"), so the redirect cannot be followed; this is a fault of the server at ${addressInput} or of a proxy in between. ${words.fix}`,
            sent: true
          }
        if (next.origin !== origin) {
          // A URL without an origin of its own (javascript:, data:, mailto:) is named as it was said.
          const where = next.origin === 'null' ? `"${said}"` : oneLine(redact(next.origin, secrets), 200)
          return {
            kind: 'fatal',
            reason: `the server redirected to ${where}, ${words.elsewhere}`,
            sent: true
          }
        }
        if (hop >= MAX_REDIRECTS) return { kind: 'fatal', reason: `more than ${MAX_REDIRECTS} redirects`, sent: true }
        // As browsers do: a 303 is fetched with GET, and so is a 301 or 302 answer to a POST.
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET'
          json = undefined
        }
        url = next
        continue
      }
      const body = await readBody(response.body, header('content-encoding'), MAX_BODY_BYTES)
      if ('tooLarge' in body) return { kind: 'fatal', reason: `HTTP ${status} with a body over ${MAX_BODY_BYTES / 1024 / 1024} MiB`, sent: true }
      if ('undecodable' in body)
        return { kind: 'transient', reason: `HTTP ${status} with a body that could not be decoded (content-encoding ${body.undecodable})`, sent: true }
      const classified = (req.classify ?? classifyResponse)({
        status,
        retryAfter: header('retry-after'),
        contentType: header('content-type'),
        bodyText: body.text,
        ...(req.keyInput ? { keyInput: req.keyInput } : {}),
        secrets,
        now: now()
      })
      return classified.kind === 'ok' ? classified : { ...classified, sent: true }
    }
  }

  return {
    request,
    close: () => connections.destroyAll()
  }
}

interface Progress {
  sent: boolean
}

/** Every method of an undici handler, bound to it, so that it can be extended by spreading. */
function bindAll(handler: Dispatcher.DispatchHandlers): Dispatcher.DispatchHandlers {
  const bound: Record<string, unknown> = {}
  for (let proto: object | null = handler; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto))
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = (handler as unknown as Record<string, unknown>)[name]
      if (name !== 'constructor' && typeof value === 'function' && !(name in bound)) bound[name] = value.bind(handler)
    }
  return bound as Dispatcher.DispatchHandlers
}

/** A failure before any answer was read, with what it means for the user. */
function failure(error: unknown, sent: boolean, proxy: ProxyChoice | undefined, baseUrl: URL, addressInput: AddressInput): ApiResult {
  const proxyStatus = proxyRefusalStatus(error)
  if (proxy && proxyStatus === 407)
    return {
      kind: 'fatal',
      misconfigured: true,
      reason: `the proxy named by ${proxy.variable} asked for credentials (HTTP 407 Proxy Authentication Required); put the proxy's user and password in ${proxy.variable} (http://user:password@host:port), or ask the runner's administrator which proxy to use`,
      sent: false
    }
  if (proxy && proxyStatus)
    return { kind: 'transient', reason: `network error: the proxy named by ${proxy.variable} refused the tunnel (HTTP ${proxyStatus} to CONNECT)`, sent: false }
  const unreachable = proxy ? undefined : unreachableBy(error)
  if (unreachable) {
    const why = unreachable === 'unresolved' ? `its name ${baseUrl.hostname} does not resolve` : 'nothing listens there'
    return {
      kind: 'transient',
      reason: `nothing answered at ${addressInput} ${baseUrl.origin} (${why}: ${describeNetworkError(error)}); check ${addressInput}`,
      sent: false,
      unreachable
    }
  }
  return { kind: 'transient', reason: `network error: ${describeNetworkError(error)}`, sent }
}

/**
 * Whether the error proves that nothing is at base-url (not a blip of the network): the DNS said
 * the name does not exist, or the address refused the connection. A DNS server that did not
 * answer (ETIMEOUT, EAI_AGAIN) proves nothing.
 */
function unreachableBy(error: unknown): Unreachable | undefined {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : ''
  if (code === 'ENOTFOUND') return 'unresolved'
  if (code === 'ECONNREFUSED') return 'refused'
  return undefined
}

/** A network error in a few words: its cause's message, with the system's code (ECONNRESET…) when the message lacks it. */
export function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : undefined
  const message = cause instanceof Error ? cause.message : String(cause)
  return oneLine(code && !message.includes(code) ? `${code} ${message}` : message, 300)
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))}s`
}
