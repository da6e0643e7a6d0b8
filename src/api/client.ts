import { Agent, EnvHttpProxyAgent, request as undiciRequest, type Dispatcher } from 'undici'
import { classifyResponse, type ApiResult, type KeyInput, type ResponseFacts } from './classify.js'
import { oneLine, redact } from '../text.js'

export const USER_AGENT = 'wait-for-docs'
/** Bodies above this are refused rather than read into memory. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024
const MAX_REDIRECTS = 5

export interface ApiRequest {
  method: 'GET' | 'POST'
  /** Path below the base URL, already encoded, starting with `/`. */
  path: string
  key: string
  keyInput: KeyInput
  json?: unknown
  timeoutMs: number
  signal: AbortSignal
  /** How an answer is read; polls use classifyResponse, a POST that starts work has rules of its own. */
  classify?: (facts: ResponseFacts) => ApiResult
}

export interface ApiClient {
  request(request: ApiRequest): Promise<ApiResult>
  /** Closes pooled connections, including any request still hanging. */
  close(): Promise<void>
}

export interface ApiClientOptions {
  baseUrl: URL
  /** Defaults to a proxy-aware dispatcher reading HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  dispatcher?: Dispatcher
  now?: () => number
  /** Every key of the run: cut out of any answer that echoes one, before anything reads it. */
  secrets?: readonly string[]
}

/**
 * The platform client: sends the bearer key, limits each request in time and size, honours the
 * proxy settings of the runner, follows redirects only within the base URL's origin (the key
 * never goes elsewhere), and turns every answer or failure into an `ApiResult`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const dispatcher = options.dispatcher ?? createDispatcher()
  const now = options.now ?? Date.now
  const origin = options.baseUrl.origin
  const basePath = options.baseUrl.pathname.replace(/\/+$/, '')

  async function request(req: ApiRequest): Promise<ApiResult> {
    const timeout = AbortSignal.timeout(Math.max(1, req.timeoutMs))
    const signal = AbortSignal.any([req.signal, timeout])
    let url = new URL(`${origin}${basePath}${req.path}`)
    const secrets = [req.key, ...(options.secrets ?? [])]
    try {
      for (let hop = 0; ; hop++) {
        const headers: Record<string, string> = {
          accept: 'application/json',
          authorization: `Bearer ${req.key}`,
          'user-agent': USER_AGENT
        }
        if (req.json !== undefined) headers['content-type'] = 'application/json'
        const response = await undiciRequest(url, {
          method: req.method,
          headers,
          body: req.json === undefined ? null : JSON.stringify(req.json),
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
          const next = new URL(location, url)
          if (next.origin !== origin)
            return {
              kind: 'fatal',
              reason: `the server redirected to ${oneLine(redact(next.origin, secrets), 200)}, another origin than base-url; the key is not sent there. Set base-url to the address the API really answers on`
            }
          if (hop >= MAX_REDIRECTS) return { kind: 'fatal', reason: `more than ${MAX_REDIRECTS} redirects` }
          url = next
          continue
        }
        const bodyText = await readLimited(response.body, MAX_BODY_BYTES)
        if (bodyText === undefined) return { kind: 'fatal', reason: `HTTP ${status} with a body over ${MAX_BODY_BYTES / 1024 / 1024} MiB` }
        return (req.classify ?? classifyResponse)({
          status,
          retryAfter: header('retry-after'),
          contentType: header('content-type'),
          bodyText,
          keyInput: req.keyInput,
          secrets,
          now: now()
        })
      }
    } catch (error) {
      if (req.signal.aborted) return { kind: 'transient', reason: 'cancelled' }
      if (timeout.aborted) return { kind: 'transient', reason: `no complete answer within ${formatSeconds(req.timeoutMs)} (request-timeout)` }
      const reason = `network error: ${describeNetworkError(error)}`
      return NOT_SENT_CODES.has(networkErrorCode(error) ?? '') ? { kind: 'transient', reason, notActedOn: true } : { kind: 'transient', reason }
    }
  }

  return {
    request,
    close: () => dispatcher.destroy()
  }
}

/**
 * A proxy-aware dispatcher when the runner sets a proxy (NO_PROXY honoured), a plain one
 * otherwise. A proxy given without a scheme (`proxy.internal:3128`, as curl accepts) is taken as
 * http://. Throws with the variable's name, never its value (it may hold credentials), when
 * it is not a URL.
 */
export function createDispatcher(env: NodeJS.ProcessEnv = process.env): Dispatcher {
  const httpProxy = proxyFrom(env, 'http_proxy', 'HTTP_PROXY')
  const httpsProxy = proxyFrom(env, 'https_proxy', 'HTTPS_PROXY')
  if (!httpProxy && !httpsProxy) return new Agent()
  // undici flags EnvHttpProxyAgent as experimental with a process warning: noise in a step log.
  const emitWarning = process.emitWarning
  process.emitWarning = (() => undefined) as typeof process.emitWarning
  try {
    return new EnvHttpProxyAgent({ httpProxy, httpsProxy: httpsProxy ?? httpProxy, noProxy: env.no_proxy ?? env.NO_PROXY ?? '' })
  } finally {
    process.emitWarning = emitWarning
  }
}

function proxyFrom(env: NodeJS.ProcessEnv, lower: string, upper: string): string | undefined {
  const name = env[lower] ? lower : upper
  const value = env[name]?.trim()
  if (!value) return undefined
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error(`the proxy variable ${name} is not an http:// or https:// URL; set it like http://proxy.example:3128`)
  return url
}

async function readLimited(body: AsyncIterable<Uint8Array> & { destroy(): void }, limit: number): Promise<string | undefined> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.byteLength
    if (size > limit) {
      body.destroy()
      return undefined
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Failures that prove no byte of the request reached the server: no connection was ever made. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

function networkErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  return cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : undefined
}

function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = networkErrorCode(error)
  const message = cause instanceof Error ? cause.message : String(cause)
  return oneLine(code && !message.includes(code) ? `${code} ${message}` : message, 300)
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))}s`
}
