// A fake GitHub REST API on 127.0.0.1 for the PR comment, the deployment and the commit status:
// lists, creates and updates issue comments, creates deployments and their statuses, creates
// commit statuses (`statuses`, in the order applied; listed newest first by GET
// /repos/:owner/:repo/commits/:ref/statuses), in memory, answers GET /user,
// and records every request. Paths may carry the
// /api/v3 prefix of GitHub Enterprise Server.
//
// As GitHub does, a write is applied once its request has arrived whole, whether or not the
// client is still there to read the answer: `delayWrites(ms, ...)` holds the next writes that
// long before applying and answering them (`{ ms, status }` answers that error status instead,
// and applies nothing), and `settled()` resolves once every held write is done.
// `delayDeploymentWrites(...)` does the same for the writes of deployments and their statuses, and
// either queue also takes `{ ms, answer: 'never' }` (applied after `ms`, never answered: the
// client gives up) and `{ ms, status, apply: true }` (applied, then answered with an error status,
// as a gateway that timed out while GitHub wrote it). Deployments are listed by GET (`sha`,
// `environment`), newest first, with their `payload`. `failWith` makes every request answer an error status (403 for a token without
// pull-requests: write or deployments: write), with `failMessage` as GitHub's message; `hang` leaves every request unanswered; `onRequest` is told of each
// request as it arrives. `serve(req, res)` is its handler, for a client served in process
// (__tests__/helpers/in-process.ts), where a test's fake timers own every moment of a write.
//
// Who wrote a comment follows from the token, as on GitHub: an installation token (`ghs_`)
// is refused GET /user (403) and writes as its app's bot, which GraphQL's viewer names: the
// bot named in `logins`, by default `github-actions[bot]` (the GITHUB_TOKEN). Any other token
// is the user named in `logins` (default `docs-maintainer`). `writes()` lists the requests that
// write a comment. A comment is deleted by its author (DELETE, 204), through the same queue of
// planned writes.
//
// The check runs of a commit (`checkRuns`, added and changed over time by `addCheckRun` and
// `updateCheckRun`) are listed by GET /repos/:owner/:repo/commits/:ref/check-runs in GitHub's
// shape (`{ total_count, check_runs }`, page by page, `filter=latest` by default: the newest of
// each name), and, like the commit's statuses, with an ETag: a request whose If-None-Match holds
// the ETag of the same answer is answered 304 without a body. `refuseReads` answers both
// listings 403 (a token without checks: read or statuses: read).
//
// The deployments of a commit are listed as GitHub does, by GET /repos/:owner/:repo/deployments
// (`sha`, `environment`), newest first, page by page (30 a page unless per_page, 100 at the
// most), with `created_at` and an ETag; a deployment's statuses likewise, newest first. Besides the
// step's own, the platform's app writes deployments of its own (`addDeployment`) and moves them
// on (`addDeploymentStatus`). `refuseDeploymentReads` answers both listings 403 (a token without
// deployments: read).
// Every answer is in GitHub's full shape (github-shapes.js), and is recorded with its request
// (`response`: the status and the body), for __tests__/github-conformance.test.ts to check both
// against GitHub's published OpenAPI description.
// The commits of a branch (`branches`, newest first) are listed by GET /repos/:owner/:repo/commits?sha=<branch>.
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import { heldWrites } from './held-writes.js'
import {
  authenticatedUserShape,
  checkRunShape,
  commentShape,
  commitShape,
  deploymentShape,
  deploymentStatusShape,
  pullRequestShape,
  statusShape
} from './github-shapes.js'

const STATES = ['error', 'failure', 'inactive', 'in_progress', 'queued', 'pending', 'success']
const COMMIT_STATES = ['error', 'failure', 'pending', 'success']

export const ACTIONS_BOT = 'github-actions[bot]'
const DEFAULT_LOGIN = 'docs-maintainer'
/** The address GitHub gives with the errors that its description says carry one (a 422's validation-error). */
const DOCS = 'https://docs.github.com/rest'

/**
 * @typedef {{ id: number, issue: number, body: string, user: string }} Comment
 * @typedef {{ id: number, state: string, description?: string, log_url?: string, environment_url?: string, at: number }} DeploymentStatus
 * @typedef {{ id: number, ref: string, environment: string, transient_environment?: boolean, auto_merge?: boolean,
 *   required_contexts?: string[], description?: string, payload?: unknown, statuses: DeploymentStatus[], at?: number }} Deployment
 * @typedef {{ id: number, sha: string, state: string, context: string, description?: string, target_url?: string, at: number }} CommitStatus
 * @typedef {{ id: number, sha: string, name: string, status: string, conclusion?: string | null, details_url?: string | null, html_url?: string, app?: { slug: string } }} CheckRun
 * @typedef {{ method: string, path: string, url?: string, authorization?: string, body?: any, at: number, appliedAt?: number, ifNoneMatch?: string,
 *   response?: { status: number, body?: unknown } }} Recorded
 * @returns {Promise<{ url: string, requests: Recorded[], comments: Comment[], deployments: Deployment[], statuses: CommitStatus[], logins: Record<string, string>, heads: Record<number, string>,
 *   failWith: number | undefined, failMessage: string, failStatusListings: number, rateLimit(ms: number, status?: number): void, limitWrites(count: number, seconds?: number): void, hang: boolean, onRequest: ((request: Recorded) => void) | undefined,
 *   writes(): Recorded[], delayWrites(...delays: import('./held-writes.js').WritePlan[]): void,
 *   delayDeploymentWrites(...delays: import('./held-writes.js').WritePlan[]): void,
 *   addStatus(status: Omit<CommitStatus, 'id' | 'at'>): CommitStatus,
 *   checkRuns: CheckRun[], addCheckRun(run: Omit<CheckRun, 'id'> & { id?: number }): CheckRun, updateCheckRun(id: number, changes: Partial<CheckRun>): CheckRun,
 *   refuseReads: boolean, conditionalAnswers: number, refuseDeploymentReads: boolean,
 *   addDeployment(deployment: { sha: string, environment: string, id?: number }): Deployment,
 *   addDeploymentStatus(id: number, status: { state: string, environment_url?: string, log_url?: string, target_url?: string }): DeploymentStatus,
 *   branches: Record<string, string[]>,
 *   settled(): Promise<void>, close(): Promise<void>, serve(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void }>}
 */
export async function startGitHubApi() {
  let nextId = 1000
  /** @type {(number | { ms: number, status?: number, apply?: boolean, answer?: 'never' })[]} */
  const writeDelays = []
  /** @type {(number | { ms: number, status?: number, apply?: boolean, answer?: 'never' })[]} */
  const deploymentDelays = []
  // A status planned alone is an error GitHub answered without applying the write.
  const writes = heldWrites({ statusApplies: false, message: (_, applied) => (applied ? 'Gateway Timeout' : 'Server Error') })
  const api = {
    url: '',
    /** @type {Recorded[]} */
    requests: [],
    /** @type {Comment[]} */
    comments: [],
    /** @type {Deployment[]} */
    deployments: [],
    /** @type {CommitStatus[]} */
    statuses: [],
    /** @type {Record<string, string>} */
    logins: {},
    /** The head commit of each pull request by its number (a push to its branch moves it); one not set is answered 404. */
    /** @type {Record<number, string>} */
    heads: {},
    /** @type {number | undefined} */
    failWith: undefined,
    /** Every write for the next `ms` is refused as rate limited (`status` 429, or 403 as a secondary limit), with Retry-After. */
    /** A status another job writes now, with the next id (GitHub's ids grow with time). */
    addStatus: (status) => {
      const written = { ...status, id: nextId++, at: Date.now() }
      api.statuses.push(written)
      return written
    },
    /** @type {CheckRun[]} */
    checkRuns: [],
    /** A check run the platform's app writes now, with the next id unless given (GitHub's ids grow with time). */
    addCheckRun: (run) => {
      const written = { conclusion: null, ...run, id: run.id ?? nextId++ }
      api.checkRuns.push(written)
      return written
    },
    /** The platform's app moves a check run on (in_progress, completed with a conclusion). */
    updateCheckRun: (id, changes) => {
      const run = api.checkRuns.find((r) => r.id === id)
      if (!run) throw new Error(`no check run ${id}`)
      Object.assign(run, changes)
      return run
    },
    /** Answers the listings of check runs and statuses 403, as GitHub does for a token without checks: read / statuses: read. */
    refuseReads: false,
    /** Answers the listings of deployments and of their statuses 403, as GitHub does for a token without deployments: read. */
    refuseDeploymentReads: false,
    /** A deployment the platform's app creates now for the commit, with the next id unless given (GitHub's ids grow with time). */
    addDeployment: ({ sha, environment, id }) => {
      const deployment = { id: id ?? nextId++, ref: sha, environment, statuses: [], at: Date.now() }
      api.deployments.push(deployment)
      return deployment
    },
    /** The platform's app gives a deployment a new status (queued, in_progress, success, failure, error, inactive…). */
    addDeploymentStatus: (id, status) => {
      const deployment = api.deployments.find((d) => d.id === id)
      if (!deployment) throw new Error(`no deployment ${id}`)
      const written = { ...status, id: nextId++, at: Date.now() }
      deployment.statuses.push(written)
      return written
    },
    /** The commits of each branch, newest first, as GET /repos/:owner/:repo/commits?sha=<branch> lists them. */
    branches: {},
    /** How many reads were answered 304 (unchanged, for the If-None-Match sent). */
    conditionalAnswers: 0,
    rateLimit: (ms, status = 429) => {
      limited = { until: Date.now() + ms, status }
    },
    /** The next `count` writes are refused as rate limited (429), each asking for `seconds` of Retry-After, whenever they come. */
    limitWrites: (count, seconds = 1) => {
      limitedWrites = { count, seconds }
    },
    failMessage: 'Resource not accessible by integration',
    /** The next this many listings of a commit's statuses are answered 503 (a gateway that gave up). */
    failStatusListings: 0,
    hang: false,
    /** @type {((request: Recorded) => void) | undefined} */
    onRequest: undefined,
    /** The next writes, one delay each, are applied and answered that many ms after they arrived. */
    delayWrites: (...delays) => void writeDelays.push(...delays),
    /** The next writes of deployments and their statuses, one delay each. */
    delayDeploymentWrites: (...delays) => void deploymentDelays.push(...delays),
    /** The requests that create or update a comment. */
    writes: () => api.requests.filter((r) => (r.method === 'POST' || r.method === 'PATCH') && r.path.includes('/comments')),
    /** Resolves once every held write has been applied. */
    settled: writes.settled,
    close: () =>
      new Promise((resolve) => {
        writes.clear()
        server.closeAllConnections()
        server.close(() => resolve(undefined))
      })
  }
  /** @param {string | undefined} authorization */
  const loginOf = (authorization) => {
    const token = (authorization ?? '').replace(/^(?:token|bearer) /i, '')
    return api.logins[token] ?? (token.startsWith('ghs_') ? ACTIONS_BOT : DEFAULT_LOGIN)
  }
  const send = (res, status, body, headers = {}) => {
    if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
  }
  /** A listing's page as GitHub answers it: with an ETag, and 304 without a body when If-None-Match holds it. */
  const sendListed = (req, res, body, headers = {}) => {
    const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32)}"`
    const asked = req.headers['if-none-match']
    if (typeof asked === 'string' && asked.split(/\s*,\s*/).includes(etag)) {
      api.conditionalAnswers++
      if (!res.destroyed) res.writeHead(304, { etag, ...headers }).end()
      return
    }
    send(res, 200, body, { etag, ...headers })
  }
  /** The address of another page of the listing asked for, for the Link header. */
  const linkOf = (req, url, page, last) => {
    const pageUrl = (n) => {
      const target = new URL(url.pathname, `http://${req.headers.host}`)
      for (const [name, value] of url.searchParams) target.searchParams.set(name, value)
      target.searchParams.set('page', String(n))
      return target.href
    }
    return [...(page < last ? [`<${pageUrl(page + 1)}>; rel="next"`] : []), `<${pageUrl(last)}>; rel="last"`].join(', ')
  }
  /** One page of a listing as GitHub answers it: per_page (30 by default, 100 at the most) and page, with the Link header to the next and the last. */
  const pageOf = (req, url, listed) => {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30))
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
    const last = Math.max(1, Math.ceil(listed.length / perPage))
    return { items: listed.slice((page - 1) * perPage, page * perPage), link: linkOf(req, url, page, last) }
  }
  /** Until when every write is refused as rate limited, with which status (429, or 403 for a secondary limit). */
  let limited = { until: 0, status: 429 }
  /** How many writes more are refused as rate limited, and the Retry-After each asks for. */
  let limitedWrites = { count: 0, seconds: 1 }
  const server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    const body = text ? JSON.parse(text) : undefined
    const url = new URL(req.url ?? '/', 'http://localhost')
    /** @type {Recorded} */
    const request = { method: req.method ?? '', path: url.pathname, url: req.url ?? '/', authorization: req.headers.authorization, body, at: Date.now() }
    // The answer, as sent: its status and its body.
    const end = res.end.bind(res)
    res.end = /** @type {any} */ (
      (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => {
        const text = typeof chunk === 'string' ? chunk : chunk instanceof Buffer ? chunk.toString('utf8') : ''
        let answered = text
        try {
          answered = JSON.parse(text)
        } catch {}
        request.response = { status: res.statusCode, ...(text ? { body: answered } : {}) }
        return end(chunk, ...rest)
      }
    )
    if (typeof req.headers['if-none-match'] === 'string') request.ifNoneMatch = req.headers['if-none-match']
    api.requests.push(request)
    api.onRequest?.(request)
    if (api.hang) return
    if (api.failWith) return send(res, api.failWith, { message: api.failMessage, documentation_url: 'https://docs.github.com/rest' })
    const path = url.pathname.replace(/^\/api\/v3(?=\/)/, '')
    const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(path)
    const edit = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(path)
    const login = loginOf(req.headers.authorization)
    const installation = /^(?:token|bearer) ghs_/i.test(req.headers.authorization ?? '')
    if (path === '/user' && req.method === 'GET') {
      if (installation) return send(res, 403, { message: 'Resource not accessible by integration' })
      return send(res, 200, authenticatedUserShape(login))
    }
    if ((url.pathname === '/graphql' || url.pathname === '/api/graphql') && req.method === 'POST' && /\bviewer\b/.test(body?.query ?? '')) {
      return send(res, 200, { data: { viewer: { login } } })
    }
    // The statuses of a commit, newest first (GitHub lists them so), every context, page by page.
    const commitStatuses = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/statuses$/.exec(path)
    const checkRuns = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/check-runs$/.exec(path)
    if ((commitStatuses || checkRuns) && req.method === 'GET' && api.refuseReads)
      return send(res, 403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' })
    // The commits of a branch, newest first, page by page (GitHub answers 404 for a branch it does not know).
    const commits = /^\/repos\/([^/]+)\/([^/]+)\/commits$/.exec(path)
    if (commits && req.method === 'GET') {
      const listed = api.branches[url.searchParams.get('sha') ?? 'main']
      if (!listed) return send(res, 404, { message: 'No commit found for SHA', documentation_url: 'https://docs.github.com/rest' })
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30))
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
      return send(
        res,
        200,
        listed.slice((page - 1) * perPage, page * perPage).map((sha) => commitShape(sha, `commit ${sha.slice(0, 7)}`, commits[1], commits[2]))
      )
    }
    // The check runs of a commit, GitHub's shape, page by page; the newest of each name unless filter=all.
    if (checkRuns && req.method === 'GET') {
      const sha = decodeURIComponent(checkRuns[3] ?? '')
      let listed = api.checkRuns.filter((run) => run.sha === sha)
      if (url.searchParams.get('filter') !== 'all') listed = listed.filter((run) => !listed.some((other) => other.name === run.name && other.id > run.id))
      listed = [...listed].sort((a, b) => b.id - a.id)
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30))
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
      const last = Math.max(1, Math.ceil(listed.length / perPage))
      const shown = listed.slice((page - 1) * perPage, page * perPage).map((run) => checkRunShape(run, checkRuns[1], checkRuns[2]))
      return sendListed(req, res, { total_count: listed.length, check_runs: shown }, { link: linkOf(req, url, page, last) })
    }
    if (commitStatuses && req.method === 'GET') {
      if (api.failStatusListings > 0) {
        api.failStatusListings--
        return send(res, 503, { message: 'Service Unavailable' })
      }
      const sha = decodeURIComponent(commitStatuses[3] ?? '')
      const listed = api.statuses.filter((status) => status.sha === sha).reverse()
      // Page by page, as GitHub does: per_page 30 by default, 100 at the most, a Link header to the next.
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30))
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
      const last = Math.max(1, Math.ceil(listed.length / perPage))
      const pageUrl = (n) => {
        const target = new URL(url.pathname, `http://${req.headers.host}`)
        for (const [name, value] of url.searchParams) target.searchParams.set(name, value)
        target.searchParams.set('page', String(n))
        return target.href
      }
      const link = [...(page < last ? [`<${pageUrl(page + 1)}>; rel="next"`] : []), `<${pageUrl(last)}>; rel="last"`].join(', ')
      return sendListed(
        req,
        res,
        listed.slice((page - 1) * perPage, page * perPage).map((status) => statusShape(status, commitStatuses[1], commitStatuses[2])),
        { link }
      )
    }
    if (edit && req.method === 'GET') {
      const comment = api.comments.find((c) => c.id === Number(edit[3]))
      return comment ? send(res, 200, commentShape(comment, edit[1], edit[2])) : send(res, 404, { message: 'Not Found' })
    }
    const pull = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/.exec(path)
    if (pull && req.method === 'GET') {
      const head = api.heads[Number(pull[3])]
      return head ? send(res, 200, pullRequestShape(Number(pull[3]), head, pull[1], pull[2])) : send(res, 404, { message: 'Not Found' })
    }
    if (list && req.method === 'GET') {
      const issue = Number(list[3])
      const { items, link } = pageOf(
        req,
        url,
        api.comments.filter((c) => c.issue === issue)
      )
      return send(
        res,
        200,
        items.map((c) => commentShape(c, list[1], list[2])),
        { link }
      )
    }
    if (req.method !== 'GET' && limitedWrites.count > 0) {
      limitedWrites.count--
      return send(res, 429, { message: 'API rate limit exceeded' }, { 'retry-after': String(limitedWrites.seconds) })
    }
    if (req.method !== 'GET' && Date.now() < limited.until) {
      const seconds = Math.ceil((limited.until - Date.now()) / 1000)
      const message =
        limited.status === 403 ? 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' : 'API rate limit exceeded'
      return send(res, limited.status, { message }, { 'retry-after': String(seconds) })
    }
    const write = (apply, delays = writeDelays) =>
      writes.write(
        delays.shift(),
        apply,
        (status, answer) => send(res, status, answer),
        () => {
          request.appliedAt = Date.now()
        },
        () => res.destroy()
      )
    const deployments = /^\/repos\/([^/]+)\/([^/]+)\/deployments$/.exec(path)
    const statuses = /^\/repos\/([^/]+)\/([^/]+)\/deployments\/(\d+)\/statuses$/.exec(path)
    if ((statuses || deployments) && req.method === 'GET' && api.refuseDeploymentReads)
      return send(res, 403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' })
    /** One page of a listing, as GitHub answers it: 30 a page unless per_page (100 at the most), a Link header, an ETag. */
    const sendPage = (listed) => {
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30))
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
      const last = Math.max(1, Math.ceil(listed.length / perPage))
      return sendListed(req, res, listed.slice((page - 1) * perPage, page * perPage), { link: linkOf(req, url, page, last) })
    }
    // A deployment's statuses, newest first.
    if (statuses && req.method === 'GET') {
      const deployment = api.deployments.find((d) => d.id === Number(statuses[3]))
      if (!deployment) return send(res, 404, { message: 'Not Found' })
      return sendPage(
        [...deployment.statuses].reverse().map((status) => deploymentStatusShape(status, deployment.id, deployment.environment, statuses[1], statuses[2]))
      )
    }
    // The deployments, newest first, of a commit (`sha`) or an environment.
    if (deployments && req.method === 'GET') {
      const sha = url.searchParams.get('sha')
      const environment = url.searchParams.get('environment')
      const found = api.deployments.filter((d) => (!sha || d.ref === sha) && (!environment || d.environment === environment))
      return sendPage([...found].sort((a, b) => b.id - a.id).map((deployment) => deploymentShape(deployment, deployments[1], deployments[2])))
    }
    if (deployments && req.method === 'POST') {
      if (typeof body?.ref !== 'string' || typeof body?.environment !== 'string')
        return send(res, 422, { message: 'Invalid request: ref and environment are required', documentation_url: DOCS })
      return write(() => {
        const deployment = { id: nextId++, ...body, at: Date.now(), statuses: [] }
        api.deployments.push(deployment)
        return [201, deploymentShape(deployment, deployments[1], deployments[2])]
      }, deploymentDelays)
    }
    if (statuses && req.method === 'POST') {
      const description = typeof body?.description === 'string' ? body.description : undefined
      if (!STATES.includes(body?.state))
        return send(res, 422, { message: `Validation Failed: state is not one of ${STATES.join(', ')}`, documentation_url: DOCS })
      if (description && Array.from(description).length > 140)
        return send(res, 422, { message: 'Validation Failed: description is too long (maximum is 140 characters)', documentation_url: DOCS })
      return write(() => {
        const deployment = api.deployments.find((d) => d.id === Number(statuses[3]))
        if (!deployment) return [404, { message: 'Not Found' }]
        const status = { id: nextId++, ...body, at: Date.now() }
        deployment.statuses.push(status)
        return [201, deploymentStatusShape(status, deployment.id, deployment.environment, statuses[1], statuses[2])]
      }, deploymentDelays)
    }
    const commitStatus = /^\/repos\/([^/]+)\/([^/]+)\/statuses\/([^/]+)$/.exec(path)
    if (commitStatus && req.method === 'POST')
      return write(() => {
        const sha = decodeURIComponent(commitStatus[3] ?? '')
        if (!/^[0-9a-f]{40}$/i.test(sha)) return [422, { message: `No commit found for SHA: ${sha}`, documentation_url: DOCS }]
        if (!COMMIT_STATES.includes(body?.state))
          return [422, { message: `Validation Failed: state is not one of ${COMMIT_STATES.join(', ')}`, documentation_url: DOCS }]
        if (typeof body?.description === 'string' && Array.from(body.description).length > 140)
          return [422, { message: 'Validation Failed: description is too long (maximum is 140 characters)', documentation_url: DOCS }]
        const status = { id: nextId++, sha, context: 'default', ...body, at: Date.now() }
        api.statuses.push(status)
        return [201, statusShape(status, commitStatus[1], commitStatus[2])]
      })
    if (list && req.method === 'POST')
      return write(() => {
        const comment = { id: nextId++, issue: Number(list[3]), body: body.body, user: login }
        api.comments.push(comment)
        return [201, commentShape(comment, list[1], list[2])]
      })
    if (edit && req.method === 'PATCH')
      return write(() => {
        const comment = api.comments.find((c) => c.id === Number(edit[3]))
        if (!comment) return [404, { message: 'Not Found' }]
        if (comment.user !== login) return [403, { message: 'Must have admin rights to Repository.' }]
        comment.body = body.body
        return [200, commentShape(comment, edit[1], edit[2])]
      })
    // Deleted once applied (204, no body), as the writes are: held, lost or refused as `delayWrites` plans.
    if (edit && req.method === 'DELETE')
      return write(() => {
        const index = api.comments.findIndex((c) => c.id === Number(edit[3]))
        if (index === -1) return [404, { message: 'Not Found' }]
        if (api.comments[index]?.user !== login) return [403, { message: 'Must have admin rights to Repository.' }]
        api.comments.splice(index, 1)
        return [204, undefined]
      })
    send(res, 404, { message: 'Not Found' })
  })
  api.serve = (req, res) => server.emit('request', req, res)
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  api.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`
  return api
}
