// A stand-in for GitLab's REST API (v4) on 127.0.0.1, for the merge request note, the commit
// status and platform-check: GET /user, a merge request's notes listed page by page (x-page,
// x-next-page, x-total-pages and a Link header, as GitLab sends them), created and updated, a
// commit's statuses listed the same way (every name, oldest first; without all=true the latest
// of each name in each pipeline, as GitLab lists them; `addStatus` puts one there as the
// platform's integration would), and commit statuses
// (POST /projects/:id/statuses/:sha) by GitLab's rule (its Ci::CreateCommitStatusService): the
// open status of the name (pending or running; in the pipeline, on the ref, by the token's user)
// is moved in place, keeping its id, and a move GitLab's state machine has no
// transition for (its own state again, pending over running) is refused with 400 "Cannot
// transition status via :<event> from :<state>"; after a finished one (success, failed, canceled,
// skipped), or none, the write is a status of its own (a new id), and the older ones of the name
// in the pipeline are marked retried (listed with all=true only). `statuses` holds them as GitLab
// does, in the order created; `statusWrites`, every write applied, in order. In memory, with every
// request recorded.
// A token is known by `users`; the CI job token answers 403 everywhere, as GitLab's notes API
// refuses it; any other token answers 401. Only a note's author may update it (403 otherwise).
// `failWith` makes every request answer that status; `hang` leaves every request unanswered;
// `linkOnly` sends the Link header without the x-* ones, as GitLab's keyset pagination does.
// `rateLimit(ms)` refuses every write for the next `ms` with 429, as GitLab's rate limits do:
// `Retry later`, Retry-After (the whole seconds left) and the RateLimit-* headers (RateLimit-Reset
// in epoch seconds); `{ retryAfter: false }` leaves Retry-After out. `onRequest` sees each request
// as it arrives, before it is served. `serve(req, res)` is its handler, for a client served in
// process (__tests__/helpers/in-process.ts), where a test's fake timers own every moment of a write.
// As GitLab does, a write is applied once its request has arrived whole, whether or not the client
// is still there to read the answer: `delayWrites(ms, ...)` holds the next writes (of notes and commit statuses)
// that long before applying and answering them; `{ ms, answer: 'never' }` applies it after `ms`
// and never answers; `{ ms, status }` applies it, then answers that error status (a gateway that
// gave up while GitLab wrote it). `settled()` resolves once every held write is applied.
import { createServer } from 'node:http'
import { openState, refusedMove } from './gitlab-status-rule.js'
import { heldWrites } from './held-writes.js'

export const GITLAB_TOKEN = 'glpat-fake-token-for-tests-0001'
export const JOB_TOKEN = 'glcbt-64_fake-job-token-for-tests'
export const NOTE_AUTHOR = { id: 4242, username: 'project_1_bot_docs' }

/** The fields of `from` named in `keys` that it has. */
const pick = (from, keys) => Object.fromEntries(keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]]))

/**
 * @param {{ perPage?: number, users?: Record<string, { id: number, username: string }>, jobToken?: string, linkOnly?: boolean }} [options]
 *   perPage: the most notes a page holds whatever per_page asks (GitLab's is 100), so that a few
 *   notes make several pages.
 * @returns {Promise<{ url: string, apiUrl: string,
 *   requests: { method: string, path: string, query: Record<string, string>, token?: string, jobToken?: string, body?: any, at: number }[],
 *   notes: { id: number, project: string, mr: number, body: string, author: { id: number, username: string }, system: boolean }[],
 *   statuses: { id: number, project: string, sha: string, state: string, name: string, target_url?: string, description?: string, pipeline_id?: number, ref?: string, at: number }[],
 *   statusWrites: { id: number, project: string, sha: string, state: string, name: string, moved: boolean, target_url?: string, description?: string, pipeline_id?: number, at: number }[],
 *   addNote(project: string, mr: number, body: string, author?: { id: number, username: string }, system?: boolean): number, heads: Record<number, string>,
 *   addStatus(project: string | number, sha: string, status: { name: string, state: string, target_url?: string, description?: string, pipeline_id?: number }): number,
 *   failWith: number | undefined, hang: boolean, delayWrites(...delays: import('./held-writes.js').WritePlan[]): void,
 *   rateLimit(ms: number, options?: { retryAfter?: boolean }): void, onRequest: ((request: { method: string, path: string, body?: any, at: number }) => void) | undefined,
 *   settled(): Promise<void>, close(): Promise<void>, serve(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void }>}
 */
export async function startGitLabApi(options = {}) {
  const maxPerPage = options.perPage ?? 100
  const users = options.users ?? { [GITLAB_TOKEN]: NOTE_AUTHOR }
  const jobToken = options.jobToken ?? JOB_TOKEN
  let nextId = 5000
  /** The commit statuses marked retried (a newer one of the name in their pipeline), by id. */
  const retried = new Set()
  /** Who wrote each commit status (the token's user id), by id: GitLab moves only the user's own open status (one a test added is anyone's). */
  const authors = new Map()
  /** @type {(number | { ms: number, answer?: 'never', status?: number })[]} */
  const writeDelays = []
  // A status planned is answered after the write was applied (a gateway that gave up on GitLab).
  const writes = heldWrites({ statusApplies: true, message: (status) => `${status} Gateway Timeout` })
  /** Until when every write is refused as rate limited, and whether the answer says Retry-After. */
  let limited = { until: 0, retryAfter: true }
  const api = {
    url: '',
    apiUrl: '',
    requests: [],
    notes: [],
    statuses: [],
    /** Every commit status write applied, in order: `moved` when it moved an open status (the same id), else a status of its own. */
    statusWrites: [],
    /** The head commit of each merge request by its iid (a push to its branch moves it); one not set is answered 404. */
    /** @type {Record<number, string>} */
    heads: {},
    failWith: undefined,
    hang: false,
    onRequest: undefined,
    /** Every write (a note, a commit status) for the next `ms` is refused with 429, as GitLab's rate limits answer. */
    rateLimit: (ms, { retryAfter = true } = {}) => {
      limited = { until: Date.now() + ms, retryAfter }
    },
    /**
     * A status someone else wrote on the commit (the platform's integration, a job of a
     * pipeline), as GitLab keeps it: a new id, and the older ones of the name in the same pipeline
     * (or, with none given, the ones of no pipeline) marked retried, listed with all=true only.
     */
    addStatus(project, sha, { name, state, target_url, description, pipeline_id }) {
      const same = (s) => s.project === String(project) && s.sha === sha && s.name === name && s.pipeline_id === pipeline_id
      for (const older of api.statuses.filter(same)) retried.add(older.id)
      const status = {
        id: nextId++,
        project: String(project),
        sha,
        state,
        name,
        at: Date.now(),
        ...pick({ target_url, description, pipeline_id }, ['target_url', 'description', 'pipeline_id'])
      }
      api.statuses.push(status)
      return status.id
    },
    addNote(project, mr, body, author = { id: 7, username: 'reviewer' }, system = false) {
      const note = { id: nextId++, project: String(project), mr: Number(mr), body, author, system }
      api.notes.push(note)
      return note.id
    },
    /** The next writes (notes, commit statuses), one delay each, are applied and answered that many ms after they arrived. */
    delayWrites: (...delays) => void writeDelays.push(...delays),
    /** Resolves once every held write has been applied. */
    settled: writes.settled,
    close: () =>
      new Promise((resolve) => {
        writes.clear()
        server.closeAllConnections()
        server.close(() => resolve(undefined))
      })
  }
  const send = (res, status, body, headers = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
  const shown = (note) => ({
    id: note.id,
    type: null,
    body: note.body,
    author: note.author,
    system: note.system,
    noteable_type: 'MergeRequest',
    noteable_iid: note.mr
  })

  /** One page of `items` as GitLab answers it: per_page (20 by default, `maxPerPage` at the most), x-* counts and a Link header. */
  const sendPage = (res, url, items) => {
    const perPage = Math.min(maxPerPage, Math.max(1, Number(url.searchParams.get('per_page') ?? 20) || 20))
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
    const pages = Math.max(1, Math.ceil(items.length / perPage))
    const next = page < pages ? String(page + 1) : ''
    const pageUrl = (n) => {
      const target = new URL(url.pathname, api.url)
      for (const [name, value] of url.searchParams) target.searchParams.set(name, value)
      target.searchParams.set('page', String(n))
      target.searchParams.set('per_page', String(perPage))
      return target.href
    }
    const links = [...(next ? [`<${pageUrl(page + 1)}>; rel="next"`] : []), `<${pageUrl(1)}>; rel="first"`, `<${pageUrl(pages)}>; rel="last"`]
    const counts = {
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-next-page': next,
      'x-prev-page': page > 1 ? String(page - 1) : '',
      'x-total': String(items.length),
      'x-total-pages': String(pages)
    }
    return send(res, 200, items.slice((page - 1) * perPage, page * perPage), { ...(options.linkOnly ? {} : counts), link: links.join(', ') })
  }
  const server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    let body
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      return send(res, 400, { error: 'body is not JSON' })
    }
    const url = new URL(req.url ?? '/', 'http://localhost')
    const header = (name) => {
      const value = req.headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    const token = header('private-token')
    const request = {
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      token,
      jobToken: header('job-token'),
      body,
      at: Date.now()
    }
    api.requests.push(request)
    api.onRequest?.(request)
    if (api.hang) return
    if (api.failWith) return send(res, api.failWith, { message: `${api.failWith} Error` })
    if (token === jobToken || header('job-token') !== undefined) return send(res, 403, { message: '403 Forbidden' })
    const user = token === undefined ? undefined : users[token]
    if (!user) return send(res, 401, { message: '401 Unauthorized' })
    if (req.method !== 'GET' && Date.now() < limited.until) {
      // As GitLab's Rack::Attack throttles answer: plain text, and when the period ends.
      const left = limited.until - Date.now()
      const reset = Math.ceil(limited.until / 1000)
      return res
        .writeHead(429, {
          'content-type': 'text/plain',
          'ratelimit-name': 'throttle_authenticated_api',
          'ratelimit-limit': '60',
          'ratelimit-observed': '61',
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(reset),
          'ratelimit-resettime': new Date(reset * 1000).toUTCString(),
          ...(limited.retryAfter ? { 'retry-after': String(Math.ceil(left / 1000)) } : {})
        })
        .end('Retry later\n')
    }

    if (url.pathname === '/api/v4/user' && req.method === 'GET') return send(res, 200, { ...user, name: user.username, state: 'active' })
    const list = /^\/api\/v4\/projects\/([^/]+)\/merge_requests\/(\d+)\/notes$/.exec(url.pathname)
    const one = /^\/api\/v4\/projects\/([^/]+)\/merge_requests\/(\d+)\/notes\/(\d+)$/.exec(url.pathname)
    if (list && req.method === 'GET') {
      const project = decodeURIComponent(list[1])
      const mr = Number(list[2])
      const notes = api.notes.filter((n) => n.project === project && n.mr === mr)
      return sendPage(res, url, notes.map(shown))
    }
    if (one && req.method === 'GET') {
      const note = api.notes.find((n) => n.id === Number(one[3]) && n.project === decodeURIComponent(one[1]) && n.mr === Number(one[2]))
      return note ? send(res, 200, shown(note)) : send(res, 404, { message: '404 Not found' })
    }
    const mergeRequest = /^\/api\/v4\/projects\/([^/]+)\/merge_requests\/(\d+)$/.exec(url.pathname)
    if (mergeRequest && req.method === 'GET') {
      const head = api.heads[Number(mergeRequest[2])]
      return head ? send(res, 200, { iid: Number(mergeRequest[2]), sha: head }) : send(res, 404, { message: '404 Not found' })
    }
    const write = (apply) =>
      writes.write(
        writeDelays.shift(),
        apply,
        (status, answer) => {
          if (!res.destroyed) send(res, status, answer)
        },
        undefined,
        () => res.destroy()
      )
    // The statuses of a commit (GET /projects/:id/repository/commits/:sha/statuses), oldest first as GitLab lists them, page by page, `name` filtering.
    const commitStatuses = /^\/api\/v4\/projects\/([^/]+)\/repository\/commits\/([^/]+)\/statuses$/.exec(url.pathname)
    if (commitStatuses && req.method === 'GET') {
      const project = decodeURIComponent(commitStatuses[1])
      const sha = decodeURIComponent(commitStatuses[2])
      const name = url.searchParams.get('name')
      // Without all=true, GitLab lists the latest status of each name in each pipeline: retried ones are left out.
      const all = url.searchParams.get('all') === 'true'
      const listed = api.statuses.filter((s) => s.project === project && s.sha === sha && (name === null || s.name === name) && (all || !retried.has(s.id)))
      return sendPage(
        res,
        url,
        listed.map(({ at, state, ...status }) => ({ ...status, status: state, created_at: new Date(at).toISOString() }))
      )
    }
    const commitStatus = /^\/api\/v4\/projects\/([^/]+)\/statuses\/([^/]+)$/.exec(url.pathname)
    if (commitStatus && req.method === 'POST') {
      const project = decodeURIComponent(commitStatus[1])
      const sha = decodeURIComponent(commitStatus[2])
      const name = typeof body?.name === 'string' ? body.name : typeof body?.context === 'string' ? body.context : 'default'
      if (!/^[0-9a-f]{40}$/i.test(sha)) return send(res, 404, { message: '404 Commit Not Found' })
      if (!['pending', 'running', 'success', 'failed', 'canceled', 'skipped'].includes(body?.state))
        return send(res, 400, { error: 'state does not have a valid value' })
      return write(() => {
        // GitLab's running_or_pending.find_or_initialize_by(project, pipeline, name, ref, user): the open status of the name, if any.
        const same = (s) => s.project === project && s.sha === sha && s.name === name && s.pipeline_id === body.pipeline_id && s.ref === body.ref
        const open = api.statuses.filter((s) => same(s) && openState(s.state) && (authors.get(s.id) ?? user.id) === user.id).at(-1)
        if (open) {
          const refused = refusedMove(body.state, open.state)
          if (refused) return [400, { message: refused }]
          // Moved in place: the same status, its state and the words given.
          Object.assign(open, { state: body.state }, pick(body, ['description', 'target_url']))
          api.statusWrites.push({
            ...pick(open, ['id', 'project', 'sha', 'state', 'name', 'description', 'target_url', 'pipeline_id']),
            moved: true,
            at: Date.now()
          })
          return [201, { ...open, status: open.state }]
        }
        const status = { id: nextId++, project, sha, ...body, name, at: Date.now() }
        // A status of its own: the older ones of the name in the pipeline are retried (its processing keeps the latest of each name).
        if (body.pipeline_id !== undefined) for (const older of api.statuses.filter(same)) retried.add(older.id)
        api.statuses.push(status)
        authors.set(status.id, user.id)
        api.statusWrites.push({
          ...pick(status, ['id', 'project', 'sha', 'state', 'name', 'description', 'target_url', 'pipeline_id']),
          moved: false,
          at: status.at
        })
        return [201, { ...status, status: status.state }]
      })
    }
    if (list && req.method === 'POST') {
      if (typeof body?.body !== 'string' || body.body === '') return send(res, 400, { message: { body: ["can't be blank"] } })
      return write(() => {
        const id = api.addNote(decodeURIComponent(list[1]), Number(list[2]), body.body, user)
        return [201, shown(api.notes.find((n) => n.id === id))]
      })
    }
    if (one && req.method === 'PUT') {
      if (typeof body?.body !== 'string' || body.body === '') return send(res, 400, { message: { body: ["can't be blank"] } })
      return write(() => {
        const note = api.notes.find((n) => n.id === Number(one[3]) && n.project === decodeURIComponent(one[1]) && n.mr === Number(one[2]))
        if (!note) return [404, { message: '404 Not found' }]
        if (note.author.id !== user.id) return [403, { message: '403 Forbidden' }]
        note.body = body.body
        return [200, shown(note)]
      })
    }
    // Deleted by its author once applied (204, no body), through the same queue of planned writes.
    if (one && req.method === 'DELETE')
      return write(() => {
        const index = api.notes.findIndex((n) => n.id === Number(one[3]) && n.project === decodeURIComponent(one[1]) && n.mr === Number(one[2]))
        if (index === -1) return [404, { message: '404 Not found' }]
        if (api.notes[index]?.author.id !== user.id) return [403, { message: '403 Forbidden' }]
        api.notes.splice(index, 1)
        return [204, undefined]
      })
    send(res, 404, { message: '404 Not found' })
  })
  api.serve = (req, res) => server.emit('request', req, res)
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  api.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`
  api.apiUrl = `${api.url}/api/v4`
  return api
}
