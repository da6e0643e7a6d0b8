// The three parties the step talks to, on 127.0.0.1, each answer drawn from the schedule: the
// platform (records, the POST that starts work), GitHub (the comment, the deployment) and GitLab
// (the merge request note). One server does the faults for all three: each request belongs to a
// channel, and the n-th request of a channel gets the channel's n-th fault. What each party
// applied, answered and delivered is recorded, for the invariants to judge.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { openState, refusedMove, writableState } from '../dev/gitlab-status-rule.js'
import { createHash } from 'node:crypto'
import type { CheckPlan, Fault, Schedule, SiteAnswer } from './schedule.js'
import { checkNameMatches, checkStepResult, SITE_PREFIX, startedId } from './schedule.js'

export const ADMIN_KEY = 'wfd_admin_EXPLORER_0123456789abcdef'
export const GITHUB_TOKEN = 'ghp_EXPLORERtoken0123456789abcdefABCD'
export const GITLAB_TOKEN = 'glpat-EXPLORERtoken0123456789'
/** The assistant key the page reads are made with (a search key). */
export const ASSISTANT_KEY = 'wfd_assistant_EXPLORER_fedcba9876543210'
export const KEYS = [ADMIN_KEY, GITHUB_TOKEN, GITLAB_TOKEN, ASSISTANT_KEY]
/** The text the page check asks for (page-contains); the live page holds it in another case. */
export const PAGE_TEXT = 'the new setup steps'
/** Server text meant to become a workflow command, a GitLab section or a terminal escape if printed raw. */
export const INJECTION = 'INJECTED'
export const HOSTILE = [
  `::warning::${INJECTION} warning`,
  `::set-output name=result::${INJECTION}`,
  `::stop-commands::${INJECTION}`,
  `##[error]${INJECTION}`,
  `section_start:1700000000:${INJECTION}\r\u001b[0K${INJECTION} section`,
  `\u001b[31m${INJECTION} red\u001b[0m`,
  // Azure Pipelines runs these anywhere in a line, TeamCity too: every CI's log must break them.
  `##vso[task.setvariable variable=result]${INJECTION}`,
  `##teamcity[buildProblem description='${INJECTION}']`,
  // GitHub reads a command at a line's start once trimmed; a bidi override reorders what a reader sees.
  `   ::warning::${INJECTION} indented`,
  `\u202e${INJECTION} reversed\u202c and \u2067${INJECTION} isolated\u2069`
]

/** Another step's marker, as the platform may hand it back inside a file's path: never a marker in the step's comment or note. */
export const FOREIGN_MARKER = '<!-- wait-for-docs/3 github/file/.github/workflows/other.yml/other/other//update -->'
/** A password inside the URLs the platform hands back (a job's `prLink`, a preview's URL): never shown. */
export const URL_SECRET = 'EXPLORERurlPassw0rd'
/** The bidi controls a reader's view is reordered by (Trojan Source): never shown raw. */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/

/**
 * The key of an Authorization header as a server may echo it encoded: the header in base64 (as a
 * `Basic` header or a token dump does), the key in hex, percent-encoded, split by zero-width
 * spaces, as HTML numeric references, and as the hex of its UTF-16 code units.
 */
export const echoedEncoded = (authorization: string | undefined): string => {
  if (authorization === undefined) return ''
  const key = authorization.replace(/^(bearer|token) /i, '')
  const percent = [...Buffer.from(key, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')
  const split = key.replace(/(.{4})(?=.)/g, '$1\u200b')
  const html = [...key].map((char) => `&#${char.codePointAt(0)};`).join('')
  return ` (as sent: ${Buffer.from(authorization, 'utf8').toString('base64')}; hex ${Buffer.from(key, 'utf8').toString('hex')}; url ${percent}; split ${split}; html ${html}; utf-16 ${Buffer.from(key, 'utf16le').toString('hex')})`
}
/**
 * The preview's address the platform hands back: with a password in it (which the step must not
 * link), or, with `key`, the admin key encoded in its path, query and fragment (which the step
 * may link, the key cut out).
 */
export function previewAddress(key: boolean): string {
  if (!key) return `https://explorer-user:${URL_SECRET}@acme-preview.example.com`
  const hex = Buffer.from(ADMIN_KEY, 'utf8').toString('hex')
  return `https://acme-preview.example.com/${hex}/?sig=${Buffer.from(ADMIN_KEY, 'utf8').toString('base64url')}#${Buffer.from(ADMIN_KEY, 'utf16le').toString('hex')}`
}
export const OUR_GITHUB_LOGIN = 'docs-bot'
export const GITLAB_USER = { id: 4242, username: 'project_1_bot_docs' }

export interface Reply {
  status: number
  json?: unknown
  raw?: string
  headers?: Record<string, string>
}

/** The states that are a definite failure of the work. */
export const FAILED_STATES = new Set(['failure', 'failed', 'archived'])

/**
 * The state a platform answer delivered whole, if it held one: only the record of the id the
 * request asked for counts (an answer that names no id, or another, is not this target's).
 */
export const deliveredState = (s: Seen): string | undefined => {
  const json = s.delivered?.status === 200 ? s.delivered.json : undefined
  if (!json || typeof json !== 'object' || Array.isArray(json)) return undefined
  const record = json as { status?: unknown; _id?: unknown; id?: unknown }
  const asked = /^(status|job):(.+)$/.exec(s.channel)
  if (asked && (asked[1] === 'status' ? record._id : record.id) !== asked[2]) return undefined
  return typeof record.status === 'string' ? record.status : undefined
}

/** Told of each request as it arrives, and again once its answer was delivered whole. */
export type OnSeen = (seen: Seen, event?: 'delivered') => void

/** One request as a party saw it. */
export interface Seen {
  party: 'platform' | 'github' | 'gitlab' | 'site'
  channel: string
  method: string
  path: string
  fault: Fault
  at: number
  /** When a write was applied (undefined: not applied). */
  appliedAt?: number
  /** The reply, once sent whole to an open connection. */
  delivered?: Reply
  /** When that reply was sent whole. */
  deliveredAt?: number
  auth?: string
  body?: string
  /** Which run of the schedule sent it (its address's `/run-N` prefix, `runPath`); undefined: the first. */
  run?: number
  /** What an applied write answered (a created record's id), even when the answer was never delivered. */
  appliedReply?: Reply
  /** The site's reads (`site`): every header as it arrived. */
  headers?: Record<string, string>
  /** The site's reads: the page read (as page-path gives it), and what the site served for it. */
  page?: string
  served?: SiteAnswer['kind'] | 'refused' | 'unknown'
  /**
   * A listing of the commit's check runs or statuses, when the schedule waits on platform-check:
   * which, its page, and the newest report of each name platform-check takes (per kind) that the
   * commit held when the read was answered.
   */
  listing?: { of: 'check-runs' | 'statuses'; page: number; newest: CheckReportSeen[] }
}

/** A report on the commit as the GitHub stand-in held it: its kind, name, id, state, and what that state means. */
export interface CheckReportSeen {
  kind: 'check-run' | 'status'
  name: string
  id: number
  state: string
  result: 'success' | 'failure' | 'cancelled' | 'pending'
}

/**
 * The address of a shared stand-in (GitHub, GitLab) for the run `index` of a schedule: the first
 * run's is the stand-in's own; a later run's has the prefix `/run-N`, which the stand-in strips,
 * so that every run writes the same records while each request is known by its run and meets
 * that run's faults (`run-N:<channel>`).
 */
export const runPath = (url: string, index: number): string => (index === 0 ? url : `${url}/run-${index}`)

/** The run a request's path names, and the path without it. */
function runOfPath(url: URL): { run: number; url: URL } {
  const prefixed = /^\/run-(\d{1,2})(\/.*)$/.exec(url.pathname)
  if (!prefixed) return { run: 0, url }
  return { run: Number(prefixed[1]), url: new URL(`${prefixed[2]}${url.search}`, url) }
}

interface Route {
  channel: string
  write: boolean
  /** Applies the write (or answers the read): `seen` is the request, for a record to name the write that made it. */
  apply: (body: unknown, seen: Seen) => Reply
  /** A fault anchored to an event rather than to the request's place in its channel (the run's own, `run`), if one is due. */
  anchored?: (run: number) => Fault | undefined
}

export interface Party {
  url: string
  seen: Seen[]
  /** Resolves once every held write has been applied. */
  settled(): Promise<void>
  close(): Promise<void>
}

/** Serves `route` with the faults of the schedule. */
async function faultyServer(
  party: Seen['party'],
  faults: Record<string, Fault[]>,
  route: (req: IncomingMessage, url: URL) => Route | Reply,
  onSeen: OnSeen,
  /** Resolves once the run (`run`, 0 the first) printed its result, or ended without one. */
  whenOutcome: (run: number) => Promise<void> = () => Promise.resolve(),
  /** The port to listen on (0: any free one). */
  port = 0
): Promise<Party> {
  const counts = new Map<string, number>()
  const seen: Seen[] = []
  const held = new Set<Promise<void>>()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const later = (ms: number, work: () => void) => {
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        work()
        resolve()
      }, ms)
      timers.add(timer)
    })
    return done
  }
  const send = (res: ServerResponse, record: Seen, reply: Reply, cut = false) => {
    if (res.destroyed || res.socket?.destroyed) return
    const text = reply.raw ?? JSON.stringify(reply.json ?? null)
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...runHeaders(record.run, reply.headers)
    })
    if (cut) {
      res.write(text.slice(0, Math.max(1, Math.floor(text.length / 2))))
      setTimeout(() => res.destroy(), 5)
      return
    }
    res.end(text)
    res.once('finish', () => {
      if (!res.socket?.destroyed || res.writableFinished) {
        record.delivered = reply
        record.deliveredAt = Date.now()
        onSeen(record, 'delivered')
      }
    })
  }
  const server = createServer(async (req, res) => {
    const { run, url } = runOfPath(new URL(req.url ?? '/', 'http://127.0.0.1'))
    const found = route(req, url)
    const channel = 'channel' in found ? found.channel : 'none'
    const n = counts.get(runChannel(run, channel)) ?? 0
    counts.set(runChannel(run, channel), n + 1)
    const fault: Fault = ('channel' in found ? (found.anchored?.(run) ?? faults[runChannel(run, channel)]?.[n]) : undefined) ?? { kind: 'ok' }
    const record: Seen = { party, channel, method: req.method ?? '', path: url.pathname + url.search, fault, at: Date.now(), auth: req.headers.authorization }
    if (run > 0) record.run = run
    seen.push(record)
    onSeen(record)
    if (fault.kind === 'reset-before') {
      req.socket.destroy()
      return
    }
    let text = ''
    try {
      for await (const chunk of req) text += chunk
    } catch {
      return
    }
    record.body = text
    if (!('channel' in found)) return send(res, record, found)
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    const apply = () => {
      const reply = found.apply(body, record)
      if (found.write && reply.status < 300) record.appliedAt = Date.now()
      if (found.write) record.appliedReply = reply
      return reply
    }
    switch (fault.kind) {
      case 'status': {
        // The error echoes what it was sent, key included, and text that would be a command if printed raw.
        const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) }
        const message = `${fault.code} from the explorer for ${req.headers.authorization ?? 'no key'}${echoedEncoded(req.headers.authorization)} ${HOSTILE.join(' ')}`
        return send(res, record, { status: fault.code, json: { error: message, message }, headers })
      }
      case 'bad-record':
        return send(res, record, mangle(apply(), fault.shape))
      case 'latency': {
        const reply = apply()
        held.add(later(fault.ms, () => send(res, record, reply)))
        return
      }
      case 'held-write':
        held.add(later(fault.ms, () => send(res, record, apply())))
        return
      case 'held-past-outcome':
        // Anchored to the run's outcome, not to a drawn time: still held when the outcome is known.
        held.add(whenOutcome(run).then(() => later(fault.ms, () => send(res, record, apply()))))
        return
      case 'never-answered':
        apply()
        return
      case 'lost-later': {
        // The answer is lost on the way (a gateway gave up, the connection broke); the API applies the write later all the same.
        held.add(later(fault.appliedAfterMs, () => apply()))
        if (fault.answer === 'reset') {
          req.socket.destroy()
          return
        }
        const code = fault.code ?? 502
        const message = `${code} from the explorer's gateway for ${req.headers.authorization ?? 'no key'} ${HOSTILE.join(' ')}`
        return send(res, record, { status: code, json: { message } })
      }
      case 'hang':
        // Never answered, never applied: held until the stand-in closes.
        return
      case 'rate-limit': {
        const limit =
          fault.code === 403
            ? 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'
            : party === 'gitlab'
              ? 'Retry later'
              : 'API rate limit exceeded for installation.'
        const message = `${limit} ${HOSTILE[0]}`
        return send(res, record, { status: fault.code, json: { message }, headers: { 'retry-after': String(fault.retryAfter) } })
      }
      case 'refused':
        return send(res, record, refusal(party, record.channel, fault.code))
      case 'reset-after':
        apply()
        req.socket.destroy()
        return
      case 'reset-mid-body':
        return send(res, record, apply(), true)
      default:
        return send(res, record, apply())
    }
  })
  // A page's links, for a later run, point under its own prefix.
  const runHeaders = (run: number | undefined, headers: Record<string, string> | undefined) => {
    if (!run || !headers?.link) return headers
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { ...headers, link: headers.link.replaceAll(`<${origin}/`, `<${runPath(origin, run)}/`) }
  }
  await listen(server, port)
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async settled() {
      while (held.size > 0) {
        const now = [...held]
        await Promise.all(now)
        for (const promise of now) held.delete(promise)
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/**
 * Listens on `port` of 127.0.0.1 (0: any free one). A port just closed (the platform of a leg that
 * ended, opened again for its re-run) is tried again for a while before it is given up on.
 */
async function listen(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject)
          resolve()
        })
      })
      return
    } catch (error) {
      if (port === 0 || tries >= 40 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/** A refusal as GitHub or GitLab words it, for good (nothing applied), with server text that would be a command if printed raw. */
function refusal(party: Seen['party'], channel: string, code: 401 | 403 | 404 | 422): Reply {
  const github: Record<typeof code, string> = {
    401: 'Bad credentials',
    403: 'Resource not accessible by integration',
    404: 'Not Found',
    422: channel.endsWith('gh:status') ? 'This SHA and context has reached the maximum number of statuses.' : 'Validation Failed'
  }
  const gitlab: Record<typeof code, string> = { 401: '401 Unauthorized', 403: '403 Forbidden', 404: '404 Not found', 422: '422 Unprocessable' }
  const message = `${(party === 'gitlab' ? gitlab : github)[code]} ${HOSTILE[0]}`
  return { status: code, json: party === 'gitlab' ? { message } : { message, documentation_url: 'https://docs.github.com/rest' } }
}

/** Where a later run's faults of a channel are (the first run's are under the channel's own name). */
export const runChannel = (run: number, channel: string): string => (run === 0 ? channel : `run-${run}:${channel}`)

function mangle(reply: Reply, shape: Extract<Fault, { kind: 'bad-record' }>['shape']): Reply {
  if (reply.status !== 200 || typeof reply.json !== 'object' || reply.json === null) return reply
  const record = { ...(reply.json as Record<string, unknown>) }
  switch (shape) {
    case 'no-status':
      delete record.status
      break
    case 'status-number':
      record.status = 42
      break
    case 'commit-string':
      record.commit = 'not an object'
      break
    case 'logs-object':
      record.logs = { line: HOSTILE[0] }
      break
    case 'not-json':
      return { status: 200, raw: `<html>${HOSTILE.join('\n')}</html>` }
    case 'array':
      return { status: 200, json: [record] }
    case 'catch-all':
      return { status: 200, json: { status: 'success' } }
    case 'other-id':
      if ('_id' in record) record._id = `${String(record._id)}-other`
      if ('id' in record) record.id = `${String(record.id)}-other`
      // Another's record, and one that says it succeeded.
      record.status = '_id' in record ? 'success' : 'completed'
      break
  }
  return { status: 200, json: record }
}

const notFound = (message = 'Not Found'): Reply => ({ status: 404, json: { error: message, message } })

/** What the platform did for one target: the state of each poll and whether it was delivered. */
export interface PlatformState {
  /** Start POSTs that were applied (work started). */
  started: number
  /** Per target id, the states served in order. */
  served: Map<string, Seen[]>
}

const ISO = '2026-01-01T00:00:00.000Z'
/** The files of a big update (`bigRecords`): a report on stdout near a megabyte, more than the pipe between holds. */
const BIG_CHANGE = Array.from({ length: 30_000 }, (_, i) => `docs/section-${i % 97}/page-${i}.mdx`)

/** The platform: update records, agent jobs and the POSTs that start work, as the schedule plans them; on `port` when given (a leg's, for its re-run). */
export async function startPlatform(schedule: Schedule, onSeen: OnSeen, port = 0): Promise<Party & { state: PlatformState }> {
  const plans = new Map<string, string[]>()
  schedule.targets.forEach((target, i) => {
    plans.set(target.kind === 'update' ? `st_${i}` : `job_${i}`, target.states)
  })
  const state: PlatformState = { started: 0, served: new Map() }
  const polls = new Map<string, number>()
  const next = (id: string): string | undefined => {
    const states = plans.get(id)
    if (!states) return undefined
    const n = polls.get(id) ?? 0
    polls.set(id, n + 1)
    return states[Math.min(n, states.length - 1)]
  }
  const updateRecord = (id: string, status: string) => ({
    _id: id,
    projectId: 'proj-x',
    createdAt: ISO,
    ...(status === 'success' || status === 'failure' ? { endedAt: ISO } : {}),
    status,
    summary: `Update ${status} ${HOSTILE[0]}`,
    logs: ['building', ...HOSTILE, ...(status === 'failure' ? ['error: docs/page.mdx:3 broken link'] : [])],
    subdomain: 'acme',
    commit: {
      sha: '3f786850e387550fdab836ed7e6dc881de23001b',
      ref: 'main',
      message: `docs ${HOSTILE[1]}`,
      filesChanged: { added: [`docs/${FOREIGN_MARKER}.mdx`], modified: schedule.bigRecords ? BIG_CHANGE : ['a.mdx'], removed: [] }
    },
    source: 'api'
  })
  const jobRecord = (id: string, status: string) => ({
    id,
    status,
    source: { repository: 'https://github.com/acme/docs', ref: 'main' },
    model: 'm1',
    prLink: status === 'completed' ? `https:/explorer-user:${URL_SECRET}@github.com/acme/docs/pull/12` : null,
    createdAt: ISO,
    archivedAt: status === 'archived' ? ISO : null
  })
  // The pages: read after read, what the discovery API answers for each (the last repeats).
  const pageReads = new Map<string, number>()
  const pageAnswer = (body: unknown): Reply => {
    const asked = typeof (body as { path?: unknown } | undefined)?.path === 'string' ? (body as { path: string }).path : ''
    const answers = schedule.pages?.answers[asked]
    if (!answers) return notFound('No such page')
    const n = pageReads.get(asked) ?? 0
    pageReads.set(asked, n + 1)
    const answer = answers[Math.min(n, answers.length - 1)]
    switch (answer) {
      case 'missing':
        return { status: 404, json: { message: `Page not found ${HOSTILE[0]}` } }
      case 'without-text':
        return { status: 200, json: { path: asked, content: `# Setup\nThe old words. ${HOSTILE[1]}` } }
      case 'other-path':
        // A catch-all, or a captive portal: one page for every request, holding the text.
        return { status: 200, json: { path: 'index', content: `# Home\n${PAGE_TEXT} ${HOSTILE[0]}` } }
      case 'no-path':
        return { status: 200, json: { content: `# Setup\n${PAGE_TEXT}` } }
      default:
        return { status: 200, json: { path: asked, content: `# Setup\nIntro. ${PAGE_TEXT.toUpperCase()}  is here. ${HOSTILE[1]}` } }
    }
  }
  const trigger = schedule.trigger
  const startWork = (): Reply => {
    if (!trigger) return notFound()
    state.started++
    const id = startedId(trigger.target.kind)
    plans.set(id, trigger.target.states)
    if (trigger.kind === 'agent') return { status: 201, json: jobRecord(id, 'active') }
    if (trigger.kind === 'preview') return { status: 202, json: { statusId: id, previewUrl: previewAddress(schedule.previewKey === true) } }
    return { status: 202, json: { statusId: id } }
  }
  // Each run has a platform of its own: its first request, and whether the Retry-After anchored to its deadline was given.
  let firstAt: number | undefined
  let lateGiven = false
  const late = schedule.lateRetryAfter
  const lateRetryAfter = (run: number): Fault | undefined => {
    if (run !== 0 || !late || lateGiven || firstAt === undefined) return undefined
    if (Date.now() < firstAt + schedule.timeoutMs - late.beforeEndMs) return undefined
    lateGiven = true
    return { kind: 'status', code: 429, retryAfter: late.seconds }
  }
  const party = await faultyServer(
    'platform',
    schedule.faults,
    (req, url): Route | Reply => {
      const discovery = url.pathname.startsWith('/discovery/')
      if (req.headers.authorization !== `Bearer ${discovery ? ASSISTANT_KEY : ADMIN_KEY}`) return { status: 401, json: { error: 'Unauthorized' } }
      firstAt ??= Date.now()
      const path = url.pathname
      const update = /^\/v1\/project\/update-status\/([^/]+)$/.exec(path)
      const job = /^\/v2\/agent\/[^/]+\/job\/([^/]+)$/.exec(path)
      const read = (id: string, render: (id: string, status: string) => unknown, channel: string): Route => ({
        channel,
        write: false,
        apply: () => {
          const status = next(id)
          return status === undefined ? notFound() : { status: 200, json: render(id, status) }
        },
        anchored: lateRetryAfter
      })
      if (update && req.method === 'GET') return read(decodeURIComponent(update[1] ?? ''), updateRecord, `status:${decodeURIComponent(update[1] ?? '')}`)
      if (job && req.method === 'GET') return read(decodeURIComponent(job[1] ?? ''), jobRecord, `job:${decodeURIComponent(job[1] ?? '')}`)
      if (req.method === 'POST' && /^\/discovery\/v1\/page\/[^/]+$/.test(path)) {
        if (!schedule.pages || req.headers.authorization !== `Bearer ${ASSISTANT_KEY}`) return notFound()
        return { channel: 'page', write: false, apply: (body) => pageAnswer(body) }
      }
      if (req.method === 'POST' && /^\/v1\/project\/(update|preview)\/[^/]+$|^\/v2\/agent\/[^/]+\/job$/.test(path))
        return { channel: 'trigger', write: true, apply: startWork }
      return notFound()
    },
    onSeen,
    undefined,
    port
  )
  return { ...party, state }
}

/** The first run's first listing of comments or notes answered with no list, once, when the schedule says so (`cutListing`). */
function listingCut(schedule: Schedule): (run: number) => Fault | undefined {
  let given = false
  return (run) => {
    if (run !== 0 || !schedule.cutListing || given) return undefined
    given = true
    return { kind: 'bad-record', shape: schedule.cutListing }
  }
}

/** A list split in pages as the schedule says; `repeat` serves the first page again as the second. */
function pageOf<T>(items: T[], url: URL, perPage: number, repeat: boolean, base: string) {
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
  const real = Math.max(1, Math.ceil(items.length / perPage))
  // A repeated page (as a list that shifts while it is read): page 2 serves page 1 again, and every later page the one before it; nothing is lost.
  const pages = repeat && real > 1 ? real + 1 : real
  const shownPage = repeat && real > 1 && page >= 2 ? page - 1 : page
  const slice = items.slice((shownPage - 1) * perPage, shownPage * perPage)
  const link = (n: number) => {
    const target = new URL(url.pathname, base)
    for (const [k, v] of url.searchParams) target.searchParams.set(k, v)
    target.searchParams.set('page', String(n))
    return target.href
  }
  const headers: Record<string, string> = {
    link: [...(page < pages ? [`<${link(page + 1)}>; rel="next"`] : []), `<${link(pages)}>; rel="last"`].join(', '),
    'x-page': String(page),
    'x-next-page': page < pages ? String(page + 1) : '',
    'x-total-pages': String(pages)
  }
  return { slice, headers }
}

export interface Comment {
  id: number
  body: string
  user: string
}

export interface DeploymentRecord {
  id: number
  statuses: { state: string; description?: string; environmentUrl?: string | undefined; appliedAt: number }[]
  description?: string
  payload?: unknown
}

/** A commit status as applied, in order: the step's own, or another job's of the same run (`sibling`). */
export interface CommitStatusRecord {
  id: number
  state: string
  /** GitHub's context, GitLab's name. */
  context: string
  description?: string
  targetUrl?: string
  appliedAt: number
  /** `filler`: written before the runs (another context on GitHub, an earlier pipeline on GitLab): `statusListing.filler`, or another app's; `platform`: a report of the platform's (platform-check). */
  by: 'step' | 'sibling' | 'filler' | 'platform'
  /** GitLab: the pipeline the status was written in (`pipeline_id`), when the job named it. */
  pipeline?: number
  /** The commit it is on: one of the heads of a schedule of several heads (`headSha`); absent, RUN_SHA. */
  sha?: string
  /** The request whose write left it so (none for one written before the runs, or another job's canned one). */
  request?: Seen
  /** GitLab's log of writes: this write moved the open status of its name in place (the same id), rather than adding one. */
  moved?: boolean
}

/** The commit every record of a run is written on (the pull request's head, the pipeline's commit). */
export const RUN_SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
/** The commit of run `index` of a schedule of several heads of one pull / merge request (`heads`): the first is RUN_SHA, each later one a push after it. */
export const headSha = (index: number): string => (index === 0 ? RUN_SHA : `${String(index).repeat(8)}${RUN_SHA.slice(8)}`)

/** Whether a status is on `sha` (one written before the runs, or without a commit of its own, is on RUN_SHA). */
const onCommit = (status: CommitStatusRecord, sha: string) => (status.sha ?? RUN_SHA) === sha

/** The pull / merge request's head, as a push moves it (a schedule of several heads); RUN_SHA until then. */
export interface MovingHead {
  sha: string
  /** Every commit that was the head: the repository's, which statuses may be written on and listed of (RUN_SHA the first). */
  commits: Set<string>
}

/** A push of `sha`: it is the head now, and a commit of the repository. */
export function pushHead(head: MovingHead, sha: string): void {
  head.sha = sha
  head.commits.add(sha)
}
/** The context (GitHub) or name (GitLab) of the commit status the explorer asks for. */
export const STATUS_CONTEXT = 'docs'
/** The run the action believes it is (dev/run-action.js): where its statuses link, and another job's of the same run. */
export const RUN_LINK = 'https://github.com/acme/docs/actions/runs/4242424242'

/** GitHub: the pull request's comments (paged, created, updated, deleted), the token's login, deployments and their statuses. */
export async function startGitHub(
  schedule: Schedule,
  marker: string,
  onSeen: OnSeen,
  whenOutcome?: (run: number) => Promise<void>
): Promise<
  Party & { comments: Comment[]; deployments: DeploymentRecord[]; statuses: CommitStatusRecord[]; addSibling: (state: string) => void; head: MovingHead }
> {
  let nextId = 100
  const head: MovingHead = { sha: RUN_SHA, commits: new Set([RUN_SHA]) }
  const comments: Comment[] = []
  const deployments: DeploymentRecord[] = []
  const statuses: CommitStatusRecord[] = []
  for (let i = 0; i < (schedule.statusListing?.filler ?? 0); i++)
    statuses.push({ id: nextId++, state: 'success', context: 'ci/lint', description: `Lint ${i}`, appliedAt: 0, by: 'filler' })
  for (let i = 0; i < schedule.existing.filler; i++) comments.push({ id: nextId++, body: `Looks good ${i}`, user: 'reviewer' })
  for (let i = 0; i < schedule.existing.othersWithMarker; i++) comments.push({ id: nextId++, body: `${marker}\nquoted by someone else`, user: 'someone-else' })
  if (schedule.existing.ours) comments.push({ id: nextId++, body: `${marker}\n### ✅ an earlier run`, user: OUR_GITHUB_LOGIN })
  const cutListing = listingCut(schedule)
  const shown = (c: Comment) => ({ id: c.id, body: c.body, user: { login: c.user, type: 'User' } })
  const checks = schedule.check ? commitReports(schedule.check, statuses, () => nextId++) : undefined
  let base = ''
  const party = await faultyServer(
    'github',
    schedule.faults,
    (req, url): Route | Reply => {
      if (req.headers.authorization?.replace(/^(token|bearer) /i, '') !== GITHUB_TOKEN) return { status: 401, json: { message: 'Bad credentials' } }
      const path = url.pathname
      const list = /^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/.exec(path)
      const edit = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path)
      const deploymentStatuses = /^\/repos\/[^/]+\/[^/]+\/deployments\/(\d+)\/statuses$/.exec(path)
      const commitStatus = /^\/repos\/[^/]+\/[^/]+\/statuses\/([^/]+)$/.exec(path)
      const commitStatuses = /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/statuses$/.exec(path)
      if (path === '/user' && req.method === 'GET')
        return { channel: 'gh:read', write: false, apply: () => ({ status: 200, json: { login: OUR_GITHUB_LOGIN, type: 'User' } }) }
      if (path === '/graphql')
        return { channel: 'gh:read', write: false, apply: () => ({ status: 200, json: { data: { viewer: { login: OUR_GITHUB_LOGIN } } } }) }
      if (list && req.method === 'GET')
        return {
          channel: 'gh:read',
          write: false,
          apply: () => {
            const perPage = Math.min(schedule.paging.perPage, Number(url.searchParams.get('per_page') ?? 30) || 30)
            const { slice, headers } = pageOf(comments, url, perPage, schedule.paging.repeat, base)
            return { status: 200, json: slice.map(shown), headers }
          },
          anchored: cutListing
        }
      // What the comment shows now, read before the outcome goes there (records/heads.ts).
      if (edit && req.method === 'GET')
        return {
          channel: 'gh:read',
          write: false,
          apply: () => {
            const comment = comments.find((c) => c.id === Number(edit[1]))
            return comment ? { status: 200, json: shown(comment) } : notFound()
          }
        }
      // The pull request's head: the runs' one commit, or the newest head's of a schedule of several heads (read when answered).
      if (/^\/repos\/[^/]+\/[^/]+\/pulls\/\d+$/.test(path) && req.method === 'GET')
        return { channel: 'gh:read', write: false, apply: () => ({ status: 200, json: { head: { sha: head.sha } } }) }
      if (list && req.method === 'POST')
        return {
          channel: 'gh:write',
          write: true,
          apply: (body) => {
            const comment = { id: nextId++, body: String((body as { body?: unknown })?.body ?? ''), user: OUR_GITHUB_LOGIN }
            comments.push(comment)
            return { status: 201, json: shown(comment) }
          }
        }
      if (edit && req.method === 'PATCH')
        return {
          channel: 'gh:write',
          write: true,
          apply: (body) => {
            const comment = comments.find((c) => c.id === Number(edit[1]))
            if (!comment) return notFound()
            if (comment.user !== OUR_GITHUB_LOGIN) return { status: 403, json: { message: 'Must have admin rights to Repository.' } }
            comment.body = String((body as { body?: unknown })?.body ?? '')
            return { status: 200, json: shown(comment) }
          }
        }
      // A twin of the step's comment removed: a write of the comment, on its channel and with its faults.
      if (edit && req.method === 'DELETE')
        return {
          channel: 'gh:write',
          write: true,
          apply: () => {
            const index = comments.findIndex((c) => c.id === Number(edit[1]))
            if (index === -1) return notFound()
            if (comments[index]?.user !== OUR_GITHUB_LOGIN) return { status: 403, json: { message: 'Must have admin rights to Repository.' } }
            comments.splice(index, 1)
            return { status: 204, raw: '' }
          }
        }
      if (/^\/repos\/[^/]+\/[^/]+\/deployments$/.test(path) && req.method === 'POST')
        return {
          channel: 'gh:deploy',
          write: true,
          apply: (body) => {
            const b = body as { description?: string; payload?: unknown }
            const deployment = { id: nextId++, statuses: [], description: b?.description, payload: b?.payload }
            deployments.push(deployment)
            return { status: 201, json: { id: deployment.id, sha: 'x', environment: 'docs', task: 'deploy' } }
          }
        }
      // A lost creation is found again by the run's mark in the payload; a lost status is read back.
      if (/^\/repos\/[^/]+\/[^/]+\/deployments$/.test(path) && req.method === 'GET')
        return {
          channel: 'gh:lookup',
          write: false,
          apply: () => ({
            status: 200,
            json: [...deployments]
              .reverse()
              .map((d) => ({ id: d.id, sha: RUN_SHA, ref: RUN_SHA, environment: 'docs', task: 'deploy', payload: d.payload ?? {} }))
          })
        }
      if (deploymentStatuses && req.method === 'GET')
        return {
          channel: 'gh:lookup',
          write: false,
          apply: () => {
            const deployment = deployments.find((d) => d.id === Number(deploymentStatuses[1]))
            if (!deployment) return notFound()
            return { status: 200, json: [...deployment.statuses].reverse().map((s, i) => ({ id: i + 1, state: s.state, description: s.description ?? '' })) }
          }
        }
      if (commitStatus && req.method === 'POST')
        return {
          channel: 'gh:status',
          write: true,
          apply: (body, seen) => {
            const b = body as { state?: unknown; context?: unknown; description?: unknown; target_url?: unknown }
            const sha = decodeURIComponent(commitStatus[1] ?? '')
            if (!head.commits.has(sha)) return { status: 422, json: { message: 'No commit found for SHA' } }
            const status: CommitStatusRecord = {
              id: nextId++,
              state: String(b?.state),
              context: typeof b?.context === 'string' ? b.context : 'default',
              appliedAt: Date.now(),
              by: 'step',
              sha,
              request: seen,
              ...(typeof b?.description === 'string' ? { description: b.description } : {}),
              ...(typeof b?.target_url === 'string' ? { targetUrl: b.target_url } : {})
            }
            statuses.push(status)
            return { status: 201, json: shownStatus(status) }
          }
        }
      // The commit's check runs (platform-check), newest first, page by page, with an ETag.
      const checkRuns = /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/check-runs$/.exec(path)
      if (checkRuns && req.method === 'GET' && checks) {
        // The platform writes between the step's reads: its changes come as a read of the first page arrives.
        if (pageNumber(url) === 1) checks.advance()
        return {
          channel: 'gh:checks',
          write: false,
          apply: (_body, seen) => {
            const sha = decodeURIComponent(checkRuns[1] ?? '')
            if (sha !== RUN_SHA) return { status: 422, json: { message: `No commit found for SHA: ${sha}` } }
            const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30) || 30, 100)
            const runs = checks.runs(url.searchParams.get('filter') === 'all')
            const { slice, headers } = pageOf(runs, url, perPage, false, base)
            seen.listing = { of: 'check-runs', page: pageNumber(url), newest: checks.newest() }
            return withEtag(req, { status: 200, json: { total_count: runs.length, check_runs: slice }, headers })
          },
          anchored: () => checks.refusal('check-runs')
        }
      }
      // The commit's own, newest first, page by page (per_page 30 by default, 100 at the most), as GitHub lists them.
      if (commitStatuses && req.method === 'GET')
        return {
          channel: 'gh:lookup',
          write: false,
          apply: (_body, seen) => {
            const sha = decodeURIComponent(commitStatuses[1] ?? '')
            if (!head.commits.has(sha)) return { status: 422, json: { message: `No commit found for SHA: ${sha}` } }
            const perPage = Math.min(schedule.statusListing?.perPage ?? 100, Number(url.searchParams.get('per_page') ?? 30) || 30, 100)
            const { slice, headers } = pageOf(statuses.filter((s) => onCommit(s, sha)).reverse(), url, perPage, false, base)
            if (!checks) return { status: 200, json: slice.map(shownStatus), headers }
            seen.listing = { of: 'statuses', page: pageNumber(url), newest: checks.newest() }
            return withEtag(req, { status: 200, json: slice.map(shownStatus), headers })
          },
          ...(checks ? { anchored: () => checks.refusal('statuses') } : {})
        }
      if (deploymentStatuses && req.method === 'POST')
        return {
          channel: 'gh:deploy',
          write: true,
          apply: (body) => {
            const deployment = deployments.find((d) => d.id === Number(deploymentStatuses[1]))
            if (!deployment) return notFound()
            const b = body as { state?: string; description?: string; environment_url?: string }
            deployment.statuses.push({ state: String(b?.state), description: b?.description, environmentUrl: b?.environment_url, appliedAt: Date.now() })
            return { status: 201, json: { id: nextId++, state: b?.state } }
          }
        }
      return notFound()
    },
    onSeen,
    whenOutcome
  )
  base = party.url
  const addSibling = (state: string) => {
    statuses.push({
      id: nextId++,
      state,
      context: STATUS_CONTEXT,
      description: `Another leg ${state} ${HOSTILE[0]}`,
      targetUrl: RUN_LINK,
      appliedAt: Date.now(),
      by: 'sibling'
    })
  }
  return { ...party, comments, deployments, statuses, addSibling, head }
}

/** The page a listing's request asks for (1 when it names none). */
const pageNumber = (url: URL): number => Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)

/** A listing's page with GitHub's ETag; 304 without a body when If-None-Match holds it. */
function withEtag(req: IncomingMessage, reply: Reply): Reply {
  const etag = `W/"${createHash('sha256')
    .update(JSON.stringify(reply.json ?? null))
    .digest('hex')
    .slice(0, 32)}"`
  const asked = req.headers['if-none-match']
  if (typeof asked === 'string' && asked.split(/\s*,\s*/).includes(etag)) return { status: 304, raw: '', headers: { ...reply.headers, etag } }
  return { ...reply, headers: { ...reply.headers, etag } }
}

/** A check run as the stand-in keeps it. */
interface CheckRunRecord {
  id: number
  name: string
  status: string
  conclusion: string | null
  app: string
}

/**
 * The reports on the run's commit for platform-check (`CheckPlan`): its check runs, and its
 * commit statuses (kept with the step's own in `statuses`). The plan's changes are due `atMs`
 * after the first read of the check runs, and are made as a read of the first page arrives
 * (`advance`): a read of every page sees one state of the commit. Others' reports come alike.
 * From its `fromRead`-th read on, a refused listing answers 403.
 */
function commitReports(plan: CheckPlan, statuses: CommitStatusRecord[], nextId: () => number) {
  const runs: CheckRunRecord[] = []
  const changes = plan.reports.flatMap((report, index) => report.steps.map((step) => ({ report, index, step }))).sort((a, b) => a.step.atMs - b.step.atMs)
  const current = new Map<number, CheckRunRecord>()
  let anchor: number | undefined
  let made = 0
  let othersMade = false
  const reads = { 'check-runs': 0, statuses: 0 }
  const counted = (name: string, kind: 'check-run' | 'status') => checkNameMatches(plan.name, name) && !(kind === 'status' && name === STATUS_CONTEXT)
  const apply = ({ report, index, step }: (typeof changes)[number]) => {
    if (report.kind === 'status') {
      statuses.push({
        id: nextId(),
        state: step.state,
        context: report.name,
        description: `Deploy ${step.state} ${HOSTILE[0]}`,
        targetUrl: `https://explorer-user:${URL_SECRET}@dash.host-a.example/deploys/${index}`,
        appliedAt: Date.now(),
        by: 'platform'
      })
      return
    }
    const completed = checkStepResult('check-run', step.state) !== 'pending'
    const fields = { status: completed ? 'completed' : step.state, conclusion: completed ? step.state : null }
    const known = current.get(index)
    if (known && !step.rerun) Object.assign(known, fields)
    else {
      const run = { id: nextId(), name: report.name, app: report.name === 'ci/build' ? 'ci-app' : 'host-a', ...fields }
      runs.push(run)
      current.set(index, run)
    }
  }
  return {
    advance() {
      const now = Date.now()
      anchor ??= now
      while (made < changes.length && anchor + (changes[made]?.step.atMs ?? 0) <= now) apply(changes[made++] as (typeof changes)[number])
      if (plan.others && !othersMade && anchor + plan.others.atMs <= now) {
        othersMade = true
        for (let i = 0; i < plan.others.count; i++) {
          runs.push({ id: nextId(), name: `ci/test-${i}`, status: 'completed', conclusion: 'success', app: 'ci-app' })
          statuses.push({ id: nextId(), state: 'success', context: `ci/lint-${i}`, description: `Lint ${i}`, appliedAt: now, by: 'filler' })
        }
      }
    },
    /** The commit's check runs, newest first: every one (`filter=all`), or the newest of each name (GitHub's default). */
    runs(all: boolean): unknown[] {
      const newestFirst = [...runs].sort((a, b) => b.id - a.id)
      const shown = all ? newestFirst : newestFirst.filter((run, i) => newestFirst.findIndex((r) => r.name === run.name) === i)
      return shown.map((run) => ({
        id: run.id,
        head_sha: RUN_SHA,
        name: run.name,
        status: run.status,
        conclusion: run.conclusion,
        details_url: `https://dash.host-a.example/deploys/${run.id}`,
        html_url: `https://github.com/acme/docs/runs/${run.id}`,
        app: { slug: run.app },
        output: { title: `Deploy ${run.conclusion ?? run.status}`, summary: HOSTILE.join(' ') }
      }))
    },
    /** The newest report of each name platform-check takes, per kind, as the commit holds them now. */
    newest(): CheckReportSeen[] {
      const newest = new Map<string, CheckReportSeen>()
      const all: CheckReportSeen[] = [
        ...runs
          .filter((run) => counted(run.name, 'check-run'))
          .map((run): CheckReportSeen => {
            const state = run.status === 'completed' ? (run.conclusion ?? 'completed') : run.status
            return {
              kind: 'check-run',
              name: run.name,
              id: run.id,
              state,
              result: run.status === 'completed' ? checkStepResult('check-run', state) : 'pending'
            }
          }),
        ...statuses
          .filter((status) => status.by === 'platform' && counted(status.context, 'status'))
          .map(
            (status): CheckReportSeen => ({
              kind: 'status',
              name: status.context,
              id: status.id,
              state: status.state,
              result: checkStepResult('status', status.state)
            })
          )
      ]
      for (const report of all) {
        const key = `${report.kind} ${report.name}`
        if ((newest.get(key)?.id ?? -1) < report.id) newest.set(key, report)
      }
      return [...newest.values()]
    },
    /** A listing refused from the plan's read on: the token lacks its permission. */
    refusal(listing: 'check-runs' | 'statuses'): Fault | undefined {
      reads[listing]++
      return plan.refused?.listing === listing && reads[listing] >= plan.refused.fromRead ? { kind: 'refused', code: 403 } : undefined
    }
  }
}

const shownStatus = (s: CommitStatusRecord) => ({
  id: s.id,
  state: s.state,
  context: s.context,
  description: s.description ?? null,
  target_url: s.targetUrl ?? null,
  created_at: new Date(s.appliedAt).toISOString()
})

/** A GitLab commit status as its API answers it. */
const shownGitLabStatus = (s: CommitStatusRecord) => ({
  id: s.id,
  status: s.state,
  name: s.context,
  description: s.description ?? null,
  target_url: s.targetUrl ?? null,
  pipeline_id: s.pipeline ?? null
})

export interface Note {
  id: number
  body: string
  authorId: number
}

/** GitLab: the token's user, and the merge request's notes (paged), created, updated and deleted. */
export async function startGitLab(
  schedule: Schedule,
  marker: string,
  onSeen: OnSeen,
  whenOutcome?: (run: number) => Promise<void>
): Promise<Party & { notes: Note[]; statuses: CommitStatusRecord[]; statusWrites: CommitStatusRecord[]; head: MovingHead }> {
  let nextId = 5000
  const head: MovingHead = { sha: RUN_SHA, commits: new Set([RUN_SHA]) }
  const notes: Note[] = []
  // The commit statuses as GitLab holds them, in the order created (a moved one keeps its place);
  // `statusWrites`, every write applied, in order, each as it left its status (one id, several writes).
  const statuses: CommitStatusRecord[] = []
  const statusWrites: CommitStatusRecord[] = []
  /** The statuses marked retried (a newer one of the name in their pipeline), by id. */
  const retried = new Set<number>()
  // Scheduled pipelines on an unchanged commit: the name's statuses of earlier pipelines, oldest first.
  for (let i = 0; i < (schedule.statusListing?.filler ?? 0); i++) {
    const filler: CommitStatusRecord = {
      id: nextId++,
      state: 'success',
      context: STATUS_CONTEXT,
      description: `Docs deployed ${i}`,
      appliedAt: 0,
      by: 'filler',
      pipeline: 100 + i
    }
    statuses.push(filler)
    statusWrites.push({ ...filler, moved: false })
  }
  for (let i = 0; i < schedule.existing.filler; i++) notes.push({ id: nextId++, body: `Looks good ${i}`, authorId: 7 })
  for (let i = 0; i < schedule.existing.othersWithMarker; i++) notes.push({ id: nextId++, body: `${marker}\nquoted by someone else`, authorId: 8 })
  if (schedule.existing.ours) notes.push({ id: nextId++, body: `${marker}\n### ✅ an earlier run`, authorId: GITLAB_USER.id })
  const cutListing = listingCut(schedule)
  const shown = (n: Note) => ({
    id: n.id,
    type: null,
    body: n.body,
    author: { id: n.authorId, username: n.authorId === GITLAB_USER.id ? GITLAB_USER.username : 'reviewer' },
    system: false
  })
  let base = ''
  const party = await faultyServer(
    'gitlab',
    schedule.faults,
    (req, url): Route | Reply => {
      if (req.headers['private-token'] !== GITLAB_TOKEN) return { status: 401, json: { message: '401 Unauthorized' } }
      const path = url.pathname
      const list = /^\/api\/v4\/projects\/[^/]+\/merge_requests\/\d+\/notes$/.exec(path)
      const one = /^\/api\/v4\/projects\/[^/]+\/merge_requests\/\d+\/notes\/(\d+)$/.exec(path)
      const commitStatus = /^\/api\/v4\/projects\/[^/]+\/statuses\/([^/]+)$/.exec(path)
      const commitStatuses = /^\/api\/v4\/projects\/[^/]+\/repository\/commits\/([^/]+)\/statuses$/.exec(path)
      if (commitStatus && req.method === 'POST')
        return {
          channel: 'gl:status',
          write: true,
          apply: (body, seen) => {
            const b = body as { state?: unknown; name?: unknown; description?: unknown; target_url?: unknown; pipeline_id?: unknown }
            const sha = decodeURIComponent(commitStatus[1] ?? '')
            if (!head.commits.has(sha)) return notFound('404 Commit Not Found')
            const name = typeof b?.name === 'string' ? b.name : 'default'
            const state = String(b?.state)
            if (!writableState(state)) return { status: 400, json: { error: 'state does not have a valid value' } }
            const pipeline = typeof b?.pipeline_id === 'number' ? b.pipeline_id : undefined
            const words = {
              ...(typeof b?.description === 'string' ? { description: b.description } : {}),
              ...(typeof b?.target_url === 'string' ? { targetUrl: b.target_url } : {})
            }
            const same = (s: CommitStatusRecord) => onCommit(s, sha) && s.context === name && s.pipeline === pipeline
            // GitLab's CreateCommitStatusService finds the open status of the name in its pipeline
            // (running_or_pending) and moves it in place, keeping its id and its place in the
            // listing; a move its state machine has no transition for (its own state again, pending
            // over running) is refused: "Cannot transition status via :run from :running".
            const open = statuses.filter((s) => same(s) && openState(s.state)).at(-1)
            if (open) {
              const refused = refusedMove(state, open.state)
              if (refused) return { status: 400, json: { message: refused } }
              Object.assign(open, { state, appliedAt: Date.now() }, words)
              statusWrites.push({ ...open, request: seen, moved: true })
              return { status: 201, json: shownGitLabStatus(open) }
            }
            // After a finished one (or none), a status of its own: the older ones of the name in the
            // pipeline are retried (listed with all=true only).
            const status: CommitStatusRecord = {
              id: nextId++,
              state,
              context: name,
              appliedAt: Date.now(),
              by: 'step',
              sha,
              ...words,
              ...(pipeline !== undefined ? { pipeline } : {})
            }
            if (pipeline !== undefined) for (const older of statuses.filter(same)) retried.add(older.id)
            statuses.push(status)
            statusWrites.push({ ...status, request: seen, moved: false })
            return { status: 201, json: shownGitLabStatus(status) }
          }
        }
      if (commitStatuses && req.method === 'GET')
        return {
          channel: 'gl:lookup',
          write: false,
          apply: () => {
            const name = url.searchParams.get('name')
            const sha = decodeURIComponent(commitStatuses[1] ?? '')
            if (!head.commits.has(sha)) return notFound('404 Commit Not Found')
            // Without all=true, GitLab lists the latest status of each name in each pipeline: the retried ones are left out.
            const all = url.searchParams.get('all') === 'true'
            // The commit's own, oldest first (a moved one where it was created), page by page (per_page 20 by default, 100 at the most), as GitLab lists them.
            const perPage = Math.min(schedule.statusListing?.perPage ?? 100, Number(url.searchParams.get('per_page') ?? 20) || 20, 100)
            const { slice: listed, headers } = pageOf(
              statuses.filter((s) => onCommit(s, sha) && (name === null || s.context === name) && (all || !retried.has(s.id))),
              url,
              perPage,
              false,
              base
            )
            // With where each links and the pipeline that wrote it (GitLab 16+), which tells a job of this pipeline from another's.
            return { status: 200, headers, json: listed.map(shownGitLabStatus) }
          }
        }
      if (path === '/api/v4/user' && req.method === 'GET')
        return { channel: 'gl:read', write: false, apply: () => ({ status: 200, json: { ...GITLAB_USER, state: 'active' } }) }
      if (list && req.method === 'GET')
        return {
          channel: 'gl:read',
          write: false,
          apply: () => {
            const perPage = Math.min(schedule.paging.perPage, Number(url.searchParams.get('per_page') ?? 20) || 20)
            const { slice, headers } = pageOf(notes, url, perPage, schedule.paging.repeat, base)
            return { status: 200, json: slice.map(shown), headers }
          },
          anchored: cutListing
        }
      if (list && req.method === 'POST')
        return {
          channel: 'gl:write',
          write: true,
          apply: (body) => {
            const note = { id: nextId++, body: String((body as { body?: unknown })?.body ?? ''), authorId: GITLAB_USER.id }
            notes.push(note)
            return { status: 201, json: shown(note) }
          }
        }
      // What the note shows now, read before the outcome goes there (records/heads.ts).
      if (one && req.method === 'GET')
        return {
          channel: 'gl:read',
          write: false,
          apply: () => {
            const note = notes.find((n) => n.id === Number(one[1]))
            return note ? { status: 200, json: shown(note) } : notFound('404 Not found')
          }
        }
      // The merge request's head: the runs' one commit, or the newest head's of a schedule of several heads (read when answered).
      if (/^\/api\/v4\/projects\/[^/]+\/merge_requests\/\d+$/.test(path) && req.method === 'GET')
        return { channel: 'gl:read', write: false, apply: () => ({ status: 200, json: { sha: head.sha } }) }
      if (one && req.method === 'PUT')
        return {
          channel: 'gl:write',
          write: true,
          apply: (body) => {
            const note = notes.find((n) => n.id === Number(one[1]))
            if (!note) return notFound('404 Not found')
            if (note.authorId !== GITLAB_USER.id) return { status: 403, json: { message: '403 Forbidden' } }
            note.body = String((body as { body?: unknown })?.body ?? '')
            return { status: 200, json: shown(note) }
          }
        }
      // A twin of the job's note removed: a write of the note, on its channel and with its faults.
      if (one && req.method === 'DELETE')
        return {
          channel: 'gl:write',
          write: true,
          apply: () => {
            const index = notes.findIndex((n) => n.id === Number(one[1]))
            if (index === -1) return notFound('404 Not found')
            if (notes[index]?.authorId !== GITLAB_USER.id) return { status: 403, json: { message: '403 Forbidden' } }
            notes.splice(index, 1)
            return { status: 204, raw: '' }
          }
        }
      return notFound('404 Not found')
    },
    onSeen,
    whenOutcome
  )
  base = party.url
  return { ...party, notes, statuses, statusWrites, head }
}

// ---- the docs site (site-url) -----------------------------------------------------------------

/** The header a protected preview of the site lets readers in with (page-header), and its value: a secret. */
export const SITE_HEADER_NAME = 'x-preview-bypass'
export const SITE_HEADER_VALUE = 'EXPLORERbypass0123456789site'
/** Where a redirect of the site points: the page below this, within the site's origin. */
export const SITE_MOVED = '/_moved'

/** The page as an older copy serves it: the text only where a reader does not see it (a script, a comment). */
const stalePage = (path: string) =>
  `<!doctype html><html><head><title>${path}</title><script>window.next = "${PAGE_TEXT}"</script></head><body><!-- ${PAGE_TEXT} --><h1>Setup</h1><p>The old words. ${HOSTILE[1]}</p></body></html>`
/** The page as it is now: the text split by tags and spaces, in another case, as a reader sees it. */
const freshPage = (path: string) =>
  `<!doctype html><html><head><title>${path}</title></head><body><h1>Setup</h1><p>Intro. <strong>${PAGE_TEXT.split(' ').slice(0, 2).join(' ').toUpperCase()}</strong>\n  ${PAGE_TEXT.split(' ').slice(2).join('   ')} &amp; more. ${HOSTILE[0]}</p></body></html>`

/** The headers of a request, each one string (repeated ones joined). */
const headersOf = (req: IncomingMessage): Record<string, string> =>
  Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]))

/**
 * The docs site readers are served (site-url): each page of the schedule's `site` answers read
 * after read as drawn (the last repeats), slow when drawn; a read below `/_moved` is a redirect's,
 * and takes the page's next answer. With `header` other than `unneeded`, a read without the
 * page-header's value is refused (401). Anything else is a 404. Every request is recorded with
 * its headers and what was served.
 */
export async function startSite(schedule: Schedule, onSeen: OnSeen): Promise<Party> {
  const plan = schedule.site
  const seen: Seen[] = []
  const reads = new Map<string, number>()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const held = new Set<Promise<void>>()
  const prefix = plan?.prefix ? SITE_PREFIX : ''
  // The page a request path names (below the prefix, and below a redirect's `/_moved`), as page-path gives it.
  const pageOf = (pathname: string): { page?: string; moved: boolean } => {
    if (!pathname.startsWith(`${prefix}/`)) return { moved: false }
    let rest = pathname.slice(prefix.length)
    let moved = false
    while (rest.startsWith(`${SITE_MOVED}/`)) {
      rest = rest.slice(SITE_MOVED.length)
      moved = true
    }
    const bare = decodeURIComponent(rest).replace(/^\/+|\/+$/g, '')
    return { page: plan?.paths.find((p) => p.replace(/^\/+|\/+$/g, '') === bare), moved }
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const { page } = pageOf(url.pathname)
    const headers = headersOf(req)
    const record: Seen = {
      party: 'site',
      channel: `site:${page ?? url.pathname}`,
      method: req.method ?? '',
      path: url.pathname + url.search,
      fault: { kind: 'ok' },
      at: Date.now(),
      headers
    }
    if (headers.authorization !== undefined) record.auth = headers.authorization
    if (page !== undefined) record.page = page
    seen.push(record)
    onSeen(record)
    // Echoes what it was sent, as a debug page does: a header that reaches the log through it is a leak.
    const echo = `${req.method} ${url.pathname} with ${JSON.stringify(headers)} ${HOSTILE.join(' ')}`
    const send = (status: number, body: string, extra: Record<string, string> = {}, served: NonNullable<Seen['served']>) => {
      record.served = served
      if (res.destroyed || res.socket?.destroyed) return
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), ...extra })
      res.end(body)
      res.once('finish', () => {
        if (!res.socket?.destroyed || res.writableFinished) {
          record.delivered = { status, raw: body, headers: extra }
          record.deliveredAt = Date.now()
          onSeen(record, 'delivered')
        }
      })
    }
    if (!plan || page === undefined || req.method !== 'GET') return send(404, `<h1>Not Found</h1><p>${echo}</p>`, {}, 'unknown')
    if (plan.header !== 'unneeded' && headers[SITE_HEADER_NAME] !== SITE_HEADER_VALUE)
      return send(401, `<h1>Authentication required</h1><p>${echo}</p>`, { 'www-authenticate': 'Bearer realm="preview"' }, 'refused')
    const answers = plan.answers[page] ?? [{ kind: 'fresh' }]
    const n = reads.get(page) ?? 0
    reads.set(page, n + 1)
    const answer = answers[Math.min(n, answers.length - 1)] ?? { kind: 'fresh' }
    record.fault = siteFault(answer)
    const reply = () => {
      switch (answer.kind) {
        case 'missing':
          return send(404, `<h1>404: This page could not be found</h1><p>${echo}</p>`, {}, 'missing')
        case 'gone':
          return send(410, `<h1>410 Gone</h1><p>${echo}</p>`, {}, 'gone')
        case 'stale':
          return send(200, stalePage(page), {}, 'stale')
        case 'status': {
          const code = answer.code ?? 503
          return send(code, `<h1>${code}</h1><p>${echo}</p>`, answer.retryAfter === undefined ? {} : { 'retry-after': String(answer.retryAfter) }, 'status')
        }
        case 'redirect': {
          const rest = url.pathname.slice(prefix.length)
          return send(302, '', { location: `${prefix}${SITE_MOVED}${rest}${url.search}` }, 'redirect')
        }
        default:
          return send(200, freshPage(page), {}, 'fresh')
      }
    }
    if (answer.ms === undefined) return reply()
    held.add(
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer)
          reply()
          resolve()
        }, answer.ms)
        timers.add(timer)
      })
    )
  })
  await listen(server, 0)
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    seen,
    async settled() {
      await Promise.all([...held])
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** A site's answer as the fault it is for the judges that read faults (a Retry-After waited out, a slow answer). */
function siteFault(answer: SiteAnswer): Fault {
  if (answer.kind === 'status') {
    const code = answer.code ?? 503
    return answer.retryAfter === undefined ? { kind: 'status', code } : { kind: 'status', code, retryAfter: answer.retryAfter }
  }
  return answer.ms === undefined ? { kind: 'ok' } : { kind: 'latency', ms: answer.ms }
}
