// The few GitLab REST (v4) calls of the merge request note and the commit status, over the project's own connections
// (the runner's proxy, name lookups that end on time), each ended by one abort signal in every
// phase. Nothing here retries: a note is best effort, and a POST is never sent twice.
import { request as undiciRequest } from '../api/undici.js'
import * as z from 'zod/mini'
import { openConnections } from '../api/connections.js'
import { ACCEPT_ENCODING, readBody } from '../api/decode.js'
import { describeNetworkError, USER_AGENT } from '../api/client.js'
import { rateLimitPauseMs } from '../api/retry-after.js'
import { cleanStrings, createRedactor, oneLine, proxyRefusalStatus } from '../text.js'
import { cleanerWith } from './context.js'
import { secretForms } from '../report/markdown.js'
import { noAnswer } from '../records/failure.js'
import { listedRecords, PageTally } from '../records/listing.js'
import type { ListedStatus } from '../records/gate.js'

/** Bodies above this are refused: a page of 100 notes of GitLab's largest size fits. */
const MAX_BODY_BYTES = 32 * 1024 * 1024
/** Pages of 100 notes read at most while looking for ours (a merge request with 100 000 notes). */
export const MAX_NOTE_PAGES = 1000
/** How many pages of 100 commit statuses of one name are read at the most. */
export const MAX_STATUS_PAGES = 100

/** A page of the commit's statuses, as GitLab lists them. */
const statusListing = z.array(
  z.object({
    id: z.int(),
    status: z.string(),
    name: z.nullish(z.string()),
    description: z.nullish(z.string()),
    target_url: z.nullish(z.string()),
    pipeline_id: z.nullish(z.int())
  })
)

/**
 * An answer other than the one expected, or no answer. `retryAfterMs`: the pause a rate limit
 * (429) asked for before the next request (rateLimitPauseMs), when it said one.
 */
export class GitLabError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
    /**
     * The state a commit status already holds, when GitLab refused to move it there again (400,
     * "Cannot transition status via :run from :running"): its words are the only sign of it,
     * read here, once, at the boundary.
     */
    readonly heldState?: string
  ) {
    super(message)
  }
}

/** The state GitLab's 400 says a commit status already holds: "Cannot transition status via :<event> from :<state>". */
export function heldStateOf(status: number, json: unknown): string | undefined {
  if (status !== 400) return undefined
  const message = messageField(json)
  const text = typeof message === 'string' ? message : JSON.stringify(message ?? '')
  return /Cannot transition status via :\w+ from :(\w+)/.exec(text)?.[1]
}

/** How long GitLab asked to wait before the next write: a 429's pause; undefined for any other failure. */
export function gitlabRetryAfterMs(error: unknown): number | undefined {
  return error instanceof GitLabError && error.status === 429 ? error.retryAfterMs : undefined
}

/**
 * Why GitLab refused the write with 429, and what to do: `what` is the record ("note", "commit
 * status"). Undefined for any other failure.
 */
export function explainRateLimit(error: unknown, what: string): string | undefined {
  if (!(error instanceof GitLabError) || error.status !== 429) return undefined
  return (
    `GitLab asked to slow down: a rate limit of its API was reached (${oneLine(error.message, 300)}); the next run writes the ${what} again. ` +
    `If it happens often, give this job a token of its own: GitLab counts API requests per user, and every job and script that uses the same token shares that count`
  )
}

/** The pause a 429 asks for: its Retry-After (seconds, or an HTTP date), else its RateLimit-Reset (epoch seconds). */
function pauseOf(status: number, header: (name: string) => string | undefined): number | undefined {
  return status === 429 ? rateLimitPauseMs({ retryAfter: header('retry-after'), reset: header('ratelimit-reset') }, Date.now()) : undefined
}

export interface GitLabNote {
  id: number
  body: string
  authorId: number | undefined
  system: boolean
}

const noteSchema = z.object({
  id: z.int(),
  body: z.nullish(z.string()),
  system: z.nullish(z.boolean()),
  author: z.nullish(z.object({ id: z.int() }))
})
const userSchema = z.object({ id: z.int() })

export interface GitLabClient {
  /** The id of the token's own user. */
  currentUserId(): Promise<number>
  /**
   * Every note of the merge request, page after page, until `rank` gives one 0 (the note sought);
   * else the first note of the lowest rank it gave (an earlier version's note), or undefined.
   */
  findNote(project: string, mergeRequest: string, rank: (note: GitLabNote) => number | undefined): Promise<GitLabNote | undefined>
  /** The note `findNote` finds, and the other notes ranked 0 after it (twins a lost creation left), read to the last page when there is one. */
  findNoteAndTwins(
    project: string,
    mergeRequest: string,
    rank: (note: GitLabNote) => number | undefined
  ): Promise<{ note: GitLabNote | undefined; twins: number[] }>
  /** Every note of the merge request that `keep` keeps, each once, oldest (lowest id) first. */
  listNotes(project: string, mergeRequest: string, keep: (note: GitLabNote) => boolean): Promise<GitLabNote[]>
  /** The body of a note as it stands now, or undefined when the answer is no note. */
  noteBody(project: string, mergeRequest: string, noteId: number): Promise<string | undefined>
  /** The merge request's head commit as it stands now (its `sha`), or undefined when the answer names none. */
  mergeRequestHead(project: string, mergeRequest: string): Promise<string | undefined>
  /** Deletes a note (204); one that is gone already (404) is no failure. */
  deleteNote(project: string, mergeRequest: string, noteId: number): Promise<void>
  /** Creates a note; resolves with its id. */
  createNote(project: string, mergeRequest: string, body: string): Promise<number>
  updateNote(project: string, mergeRequest: string, noteId: number, body: string): Promise<void>
  /** One commit status (POST /projects/:id/statuses/:sha); GitLab shows the latest of each name. */
  /** Writes a commit status; resolves with its id when GitLab names it. */
  setCommitStatus(project: string, sha: string, status: GitLabCommitStatus): Promise<number | undefined>
  /** Every status of `name` on the commit, every page read, newest (highest id) first, as they stand now. */
  commitStatuses(project: string, sha: string, name: string): Promise<ListedStatus[]>
  /**
   * Every status on the commit as GitLab lists them without `all` (the latest of each name in
   * each pipeline, oldest first), every page read up to `maxPages` of 100: each entry as GitLab
   * gave it, for the reader to take what it knows (platform-check).
   */
  commitReports(project: string, sha: string, maxPages: number): Promise<Record<string, unknown>[]>
  /** Ends every connection still open, whatever phase it is in. */
  close(): Promise<void>
}

export interface GitLabCommitStatus {
  state: 'running' | 'success' | 'failed' | 'canceled'
  name: string
  description: string
  targetUrl: string | undefined
  /** The pipeline to show it in (CI_PIPELINE_ID), when the commit has several. */
  pipelineId: number | undefined
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

interface Answer {
  status: number
  header(name: string): string | undefined
  json: unknown
}

/**
 * Ends a client's connections after its last request without waiting on the rest of its
 * teardown (its sockets are destroyed at once; undici's own, bounded, goes on alone): an answer
 * that came before the step's limit, GitLab's 400 "already so" included, is the caller's at once,
 * never cut by that limit while the client tears down (found by the explorer).
 */
export function closeSoon(gitlab: Pick<GitLabClient, 'close'>): void {
  gitlab.close().catch(() => undefined)
}

/**
 * A client for `apiUrl` (CI_API_V4_URL) with the token in the PRIVATE-TOKEN header; every request
 * ends when `signal` aborts, whatever the socket does (raced, as the platform client does: the
 * HTTP library does not honour an abort while it connects). Links to follow are taken only when
 * they stay under `apiUrl`, so the token goes nowhere else. Every text it writes (a note's body, a
 * status's description and `target_url`) passes through `clean` and the token's own cleaning, as
 * the log does.
 */
export function createGitLabClient(
  apiUrl: URL,
  token: string,
  signal: AbortSignal,
  phaseTimeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
  clean: (text: string) => string = (text) => text
): GitLabClient {
  const written = cleanerWith(token, clean)
  const connections = openConnections(apiUrl, phaseTimeoutMs, env)
  const base = apiUrl.href.replace(/\/+$/, '')
  const path = (project: string, mergeRequest: string) => `/projects/${encodeURIComponent(project)}/merge_requests/${encodeURIComponent(mergeRequest)}/notes`

  async function exchange(method: Method, url: string, json?: unknown): Promise<Answer> {
    if (signal.aborted) throw signal.reason
    let onAbort: (() => void) | undefined
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason)
      signal.addEventListener('abort', onAbort, { once: true })
    })
    const sent = (async (): Promise<Answer> => {
      const response = await undiciRequest(new URL(url), {
        method,
        headers: {
          accept: 'application/json',
          'accept-encoding': ACCEPT_ENCODING,
          'private-token': token,
          'user-agent': USER_AGENT,
          ...(json === undefined ? {} : { 'content-type': 'application/json' })
        },
        body: json === undefined ? null : JSON.stringify(cleanStrings(json, written)),
        signal,
        dispatcher: connections.dispatcher
      })
      response.body.on('error', () => undefined)
      const header = (name: string) => {
        const value = response.headers[name]
        return Array.isArray(value) ? value[0] : value
      }
      const body = await readBody(response.body, header('content-encoding') ?? null, MAX_BODY_BYTES)
      if (!('text' in body))
        throw new GitLabError(`HTTP ${response.statusCode} with a body that could not be read`, response.statusCode, pauseOf(response.statusCode, header))
      let parsed: unknown
      try {
        parsed = body.text === '' ? undefined : JSON.parse(body.text)
      } catch {
        parsed = undefined
      }
      return { status: response.statusCode, header, json: parsed }
    })()
    sent.catch(() => undefined)
    try {
      return await Promise.race([sent, aborted])
    } catch (error) {
      if (signal.aborted || error instanceof GitLabError) throw error
      // A phase's own limit (as long as the request's, or longer) ran out on the HTTP library's
      // coarse clock a moment before the request's signal: that is the signal's limit, and said
      // as it (found by CI: "Headers Timeout Error" where "did not answer within" was due).
      if (phaseTimedOut(error) && (await abortedWithin(signal, PHASE_TIE_MS))) throw signal.reason
      // No answer: typed for the lifecycle (records/failure.ts), with whether it may have reached GitLab.
      throw noAnswer(error, `network error: ${describeNetworkError(error)}`, { proxyStatus: proxyRefusalStatus(error), url })
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort)
    }
  }

  async function expect(method: Method, url: string, ok: number, json?: unknown): Promise<Answer> {
    const answer = await exchange(method, url, json)
    if (answer.status !== ok)
      throw new GitLabError(
        `HTTP ${answer.status}${messageOf(answer.json, token)}`,
        answer.status,
        pauseOf(answer.status, answer.header),
        heldStateOf(answer.status, answer.json)
      )
    return answer
  }

  /** The next page's URL: x-next-page, else the Link header's rel="next" when it stays under the API. */
  function nextPage(answer: Answer, current: URL): string | undefined {
    const next = answer.header('x-next-page')?.trim()
    if (next && /^\d{1,9}$/.test(next)) {
      const url = new URL(current)
      url.searchParams.set('page', next)
      return url.href
    }
    const linked = /<([^>]+)>\s*;\s*rel="?next"?/.exec(answer.header('link') ?? '')?.[1]
    if (!linked || !URL.canParse(linked)) return undefined
    const url = new URL(linked)
    return url.origin === apiUrl.origin && `${url.origin}${url.pathname}`.startsWith(`${base}/`) ? url.href : undefined
  }

  /** The notes of the merge request, page after page (MAX_NOTE_PAGES at the most). */
  async function* notesOf(project: string, mergeRequest: string): AsyncGenerator<GitLabNote> {
    let url: string | undefined = `${base}${path(project, mergeRequest)}?per_page=100&page=1&sort=asc&order_by=created_at`
    const seen = new Set<string>()
    const tally = new PageTally("the merge request's notes")
    for (let page = 0; url && page < MAX_NOTE_PAGES && !seen.has(url); page++) {
      seen.add(url)
      const at: string = url
      const answer = await tally.page(() => expect('GET', at, 200))
      const listed = listedRecords(answer.json)
      if ('problem' in listed) throw new GitLabError(`the listing of the merge request's notes ${listed.problem}; is CI_API_V4_URL the GitLab API?`)
      for (const item of listed.entries) {
        const parsed = noteSchema.safeParse(item)
        if (!parsed.success)
          throw new GitLabError(`the listing of the merge request's notes held an entry that is not a note; is CI_API_V4_URL the GitLab API?`)
        yield { id: parsed.data.id, body: parsed.data.body ?? '', authorId: parsed.data.author?.id, system: parsed.data.system ?? false }
      }
      url = nextPage(answer, new URL(url))
    }
  }

  return {
    async currentUserId() {
      const answer = await expect('GET', `${base}/user`, 200)
      const user = userSchema.safeParse(answer.json)
      if (!user.success) throw new GitLabError('GET /user did not answer with a user; is CI_API_V4_URL the GitLab API?')
      return user.data.id
    },
    async findNoteAndTwins(project, mergeRequest, rank) {
      let fallback: { note: GitLabNote; rank: number } | undefined
      let current: GitLabNote | undefined
      const twins: number[] = []
      for await (const note of notesOf(project, mergeRequest)) {
        const ranked = rank(note)
        if (ranked === 0) {
          if (current === undefined) current = note
          else if (note.id !== current.id && !twins.includes(note.id)) twins.push(note.id)
        } else if (ranked !== undefined && (fallback === undefined || ranked < fallback.rank)) fallback = { note, rank: ranked }
      }
      return current !== undefined ? { note: current, twins } : { note: fallback?.note, twins: [] }
    },
    async findNote(project, mergeRequest, rank) {
      let fallback: { note: GitLabNote; rank: number } | undefined
      for await (const note of notesOf(project, mergeRequest)) {
        const ranked = rank(note)
        if (ranked === 0) return note
        if (ranked !== undefined && (fallback === undefined || ranked < fallback.rank)) fallback = { note, rank: ranked }
      }
      return fallback?.note
    },
    async listNotes(project, mergeRequest, keep) {
      const kept = new Map<number, GitLabNote>()
      for await (const note of notesOf(project, mergeRequest)) if (keep(note)) kept.set(note.id, note)
      return [...kept.values()].sort((a, b) => a.id - b.id)
    },
    async noteBody(project, mergeRequest, noteId) {
      const answer = await expect('GET', `${base}${path(project, mergeRequest)}/${noteId}`, 200)
      const note = noteSchema.safeParse(answer.json)
      return note.success ? (note.data.body ?? '') : undefined
    },
    async mergeRequestHead(project, mergeRequest) {
      const answer = await expect('GET', `${base}/projects/${encodeURIComponent(project)}/merge_requests/${encodeURIComponent(mergeRequest)}`, 200)
      const sha: unknown = (answer.json as { sha?: unknown } | null)?.sha
      return typeof sha === 'string' && /^[0-9a-f]{7,64}$/i.test(sha) ? sha : undefined
    },
    async deleteNote(project, mergeRequest, noteId) {
      try {
        await expect('DELETE', `${base}${path(project, mergeRequest)}/${noteId}`, 204)
      } catch (error) {
        if (!(error instanceof GitLabError && error.status === 404)) throw error
      }
    },
    async createNote(project, mergeRequest, body) {
      const answer = await expect('POST', `${base}${path(project, mergeRequest)}`, 201, { body })
      const created = noteSchema.safeParse(answer.json)
      if (!created.success) throw new GitLabError('GitLab created the note but did not answer with it; is CI_API_V4_URL the GitLab API?', answer.status)
      return created.data.id
    },
    async updateNote(project, mergeRequest, noteId, body) {
      await expect('PUT', `${base}${path(project, mergeRequest)}/${noteId}`, 200, { body })
    },
    async setCommitStatus(project, sha, status) {
      const answer = await expect('POST', `${base}/projects/${encodeURIComponent(project)}/statuses/${encodeURIComponent(sha)}`, 201, {
        state: status.state,
        name: status.name,
        description: status.description,
        ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
        ...(status.pipelineId !== undefined ? { pipeline_id: status.pipelineId } : {})
      })
      const id = (answer.json as { id?: unknown } | null)?.id
      return typeof id === 'number' && Number.isInteger(id) ? id : undefined
    },
    async commitStatuses(project, sha, name) {
      // Every page: GitLab lists them oldest first, and with all=true every earlier pipeline's too,
      // so the newest (another job's failure among them) is on the last page. Each once, newest
      // (highest id) first, whatever order the pages come in.
      const found = new Map<number, ListedStatus>()
      let url: string | undefined =
        `${base}/projects/${encodeURIComponent(project)}/repository/commits/${encodeURIComponent(sha)}/statuses?name=${encodeURIComponent(name)}&all=true&per_page=100&page=1`
      const seen = new Set<string>()
      const tally = new PageTally("the commit's statuses")
      for (let page = 0; url; page++) {
        if (page === MAX_STATUS_PAGES || seen.has(url))
          throw new GitLabError(`GitLab's listing of the commit's statuses did not end within ${MAX_STATUS_PAGES} pages of 100`)
        seen.add(url)
        const at: string = url
        const answer = await tally.page(() => expect('GET', at, 200))
        const listed = statusListing.safeParse(answer.json)
        if (!listed.success) throw new GitLabError("GitLab did not list the commit's statuses; is CI_API_V4_URL the GitLab API?")
        for (const status of listed.data)
          if (status.name === name && !found.has(status.id))
            found.set(status.id, {
              id: status.id,
              state: status.status,
              context: name,
              description: status.description ?? undefined,
              targetUrl: status.target_url ?? undefined,
              // The pipeline that wrote it: a job of the same pipeline is a sibling; GitLab versions that do not say are no one's.
              run: typeof status.pipeline_id === 'number' ? `pipeline ${status.pipeline_id}` : undefined
            })
        url = nextPage(answer, new URL(url))
      }
      return [...found.values()].sort((a, b) => b.id - a.id)
    },
    async commitReports(project, sha, maxPages) {
      const entries: Record<string, unknown>[] = []
      let url: string | undefined = `${base}/projects/${encodeURIComponent(project)}/repository/commits/${encodeURIComponent(sha)}/statuses?per_page=100&page=1`
      const seen = new Set<string>()
      const tally = new PageTally("the commit's statuses")
      for (let page = 0; url; page++) {
        if (page === maxPages || seen.has(url))
          throw new GitLabError(`GitLab's listing of the commit's statuses did not end within ${maxPages} pages of 100; the listing is not believed`)
        seen.add(url)
        const at: string = url
        const answer = await tally.page(() => expect('GET', at, 200))
        const listed = listedRecords(answer.json)
        if ('problem' in listed) throw new GitLabError(`the listing of the commit's statuses ${listed.problem}; is CI_API_V4_URL the GitLab API?`)
        entries.push(...listed.entries)
        url = nextPage(answer, new URL(url))
      }
      return entries
    },
    close: () => connections.destroyAll()
  }
}

/** GitLab's own message, one short line (it may be a string or an object of field errors). */
/** What GitLab's error body says: its `message` (a string, or an object of them), else its `error`. */
function messageField(json: unknown): unknown {
  if (json === null || typeof json !== 'object') return undefined
  return 'message' in json ? json.message : 'error' in json ? json.error : undefined
}

function messageOf(json: unknown, token: string): string {
  const message = messageField(json)
  if (message === undefined) return ''
  // The token masked in every spelling before the words are cut: a cut spelling of it would not be found after.
  const masked = createRedactor(secretForms(token ? [token] : []))(typeof message === 'string' ? message : JSON.stringify(message))
  return `: ${oneLine(masked, 200)}`
}

/** How long after a phase's own limit the request's signal is awaited: the HTTP library's timers run on a clock of about half a second, and its limits end up to a second late. */
const PHASE_TIE_MS = 1500

/** The HTTP library's limit of a phase (connect, headers, body) ran out. */
function phaseTimedOut(error: unknown): boolean {
  const codes = [error, error instanceof Error ? error.cause : undefined].map((e) => (e && typeof e === 'object' && 'code' in e ? String(e.code) : ''))
  return codes.some((code) => code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT')
}

/** Whether `signal` aborts within `ms` (a timer that holds the process: the outcome's write waits on it). */
function abortedWithin(signal: AbortSignal, ms: number): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve(false)
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      resolve(true)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
