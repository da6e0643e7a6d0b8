import type { ApiClient, ApiRequest } from '../../src/api/client.js'
import type { ApiResult } from '../../src/api/classify.js'
import { INPUT_DEFAULTS, parseInputs, type RawInputs } from '../../src/inputs/parse.js'
import type { Settings, WaitEvents } from '../../src/model.js'
import type { RecordPort } from '../../src/records/lifecycle.js'

export const ok = (body: unknown): ApiResult => ({ kind: 'ok', body })

const AS_IS = new WeakSet<object>()

/**
 * A 200 whose body the scripted client passes on exactly as written. Without it, the platform's
 * records name themselves as the platform's do (an update's `_id`, a job's `id`, a page's
 * `path`, taken from the request when the body leaves them out); a test of an answer without
 * them uses this.
 */
export const okAsIs = (body: object): ApiResult => {
  AS_IS.add(body)
  return { kind: 'ok', body }
}

/** The body as the platform would send it for this request: a record that names what was asked for. */
function named(req: ApiRequest, answer: ApiResult): ApiResult {
  if (answer.kind !== 'ok' || !answer.body || typeof answer.body !== 'object' || Array.isArray(answer.body) || AS_IS.has(answer.body)) return answer
  const body = answer.body as Record<string, unknown>
  const update = /^\/v1\/project\/update-status\/([^/]+)$/.exec(req.path)
  const job = /^\/v2\/agent\/[^/]+\/job\/([^/]+)$/.exec(req.path)
  const page = req.method === 'POST' && /^\/discovery\/v1\/page\//.test(req.path) ? (req.json as { path?: string } | undefined)?.path : undefined
  if (update?.[1] && !('_id' in body)) return { kind: 'ok', body: { _id: decodeURIComponent(update[1]), ...body } }
  if (job?.[1] && !('id' in body)) return { kind: 'ok', body: { id: decodeURIComponent(job[1]), ...body } }
  if (page !== undefined && !('path' in body)) return { kind: 'ok', body: { path: page, ...body } }
  return answer
}

/** An API client that answers each path from a script; the last answer repeats. */
export function scriptedClient(scripts: Record<string, ApiResult[]>, options: { latency?: (req: ApiRequest) => Promise<void> } = {}) {
  const counts = new Map<string, number>()
  const requests: ApiRequest[] = []
  const stats = { inFlight: 0, maxInFlight: 0 }
  const client: ApiClient = {
    async request(req) {
      requests.push(req)
      stats.inFlight++
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
      try {
        await options.latency?.(req)
        const script = scripts[req.path]
        if (!script) return { kind: 'not-found', reason: `HTTP 404: no script for ${req.path}` }
        const n = counts.get(req.path) ?? 0
        counts.set(req.path, n + 1)
        return named(req, script[Math.min(n, script.length - 1)] as ApiResult)
      } finally {
        stats.inFlight--
      }
    },
    close: async () => undefined
  }
  return { client, requests, stats }
}

/** Records every wait event as a readable line. */
export function recordingEvents(): WaitEvents & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    statusChanged: (ref, from, to) => lines.push(`${ref.id} status ${from ?? '-'} -> ${to}`),
    logLines: (ref, logs) => lines.push(...logs.map((l) => `${ref.id} log ${l}`)),
    unknownStatus: (ref, status) => lines.push(`${ref.id} unknown ${status}`),
    pollDone: () => undefined,
    settled: (report) => lines.push(`${report.ref.id} settled ${report.result}`),
    progress: (p) => lines.push(`progress ${p.settled}/${p.total}`)
  }
}

export function settingsFor(overrides: Partial<RawInputs>): Settings {
  const raw = { ...INPUT_DEFAULTS, 'base-url': 'https://api.example.com', 'admin-key': 'admin_key_k', ...overrides } as RawInputs
  const parsed = parseInputs(raw)
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'))
  return parsed.settings
}

/** A test port's `explain` and `words`: plain sentences that name the record and the reason, for the lifecycle's tests. */
export const TEST_PORT_WORDS: Pick<RecordPort<number, string>, 'explain' | 'words'> = {
  explain: (error) => (error instanceof Error ? error.message : String(error)),
  words: {
    opened: (where) => `opened ${where}`,
    closed: (where, done) => `closed ${where} (${done})`,
    openFailed: (why) => `open failed: ${why}`,
    closeFailed: (why, where) => `record ${where ?? '?'} not closed: ${why}`,
    mayNotHold: (why, where) => `record ${where} holds the outcome, but ${why}`
  }
}
