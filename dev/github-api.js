// A fake GitHub REST API on 127.0.0.1 for the PR comment and the deployment: lists, creates and
// updates issue comments, creates deployments and their statuses, in memory, and records every
// request. Paths may carry the /api/v3 prefix of GitHub Enterprise Server. `failWith` makes
// every request answer an error status (403 for a token without pull-requests: write or
// deployments: write), with `failMessage` as GitHub's message; `hang` leaves every request
// unanswered.
import { createServer } from 'node:http'

const STATES = ['error', 'failure', 'inactive', 'in_progress', 'queued', 'pending', 'success']

/**
 * @typedef {{ id: number, state: string, description?: string, log_url?: string, environment_url?: string, at: number }} DeploymentStatus
 * @typedef {{ id: number, ref: string, environment: string, transient_environment?: boolean, auto_merge?: boolean,
 *   required_contexts?: string[], description?: string, statuses: DeploymentStatus[] }} Deployment
 * @returns {Promise<{ url: string, requests: { method: string, path: string, authorization?: string, body?: any, at: number }[],
 *   comments: { id: number, issue: number, body: string }[], deployments: Deployment[], failWith: number | undefined,
 *   failMessage: string, hang: boolean, close(): Promise<void> }>}
 */
export async function startGitHubApi() {
  let nextId = 1000
  const api = {
    url: '',
    requests: [],
    comments: [],
    deployments: [],
    failWith: undefined,
    failMessage: 'Resource not accessible by integration',
    hang: false,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve(undefined))
      })
  }
  const send = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  const server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    const body = text ? JSON.parse(text) : undefined
    const url = new URL(req.url ?? '/', 'http://localhost')
    api.requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, body, at: Date.now() })
    if (api.hang) return
    if (api.failWith) return send(res, api.failWith, { message: api.failMessage, documentation_url: 'https://docs.github.com/rest' })
    const list = /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname)
    const edit = /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname)
    if (list && req.method === 'GET') {
      const issue = Number(list[3])
      return send(
        res,
        200,
        api.comments.filter((c) => c.issue === issue).map((c) => ({ id: c.id, body: c.body }))
      )
    }
    if (list && req.method === 'POST') {
      const comment = { id: nextId++, issue: Number(list[3]), body: body.body }
      api.comments.push(comment)
      return send(res, 201, { id: comment.id, body: comment.body })
    }
    if (edit && req.method === 'PATCH') {
      const comment = api.comments.find((c) => c.id === Number(edit[3]))
      if (!comment) return send(res, 404, { message: 'Not Found' })
      comment.body = body.body
      return send(res, 200, { id: comment.id, body: comment.body })
    }
    const deployments = /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/deployments$/.exec(url.pathname)
    const statuses = /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/deployments\/(\d+)\/statuses$/.exec(url.pathname)
    if (deployments && req.method === 'POST') {
      if (typeof body?.ref !== 'string' || typeof body?.environment !== 'string')
        return send(res, 422, { message: 'Invalid request: ref and environment are required' })
      const deployment = { id: nextId++, ...body, statuses: [] }
      api.deployments.push(deployment)
      const { statuses: _, ...shown } = deployment
      return send(res, 201, { ...shown, sha: body.ref, task: 'deploy' })
    }
    if (statuses && req.method === 'POST') {
      const deployment = api.deployments.find((d) => d.id === Number(statuses[3]))
      if (!deployment) return send(res, 404, { message: 'Not Found' })
      const description = typeof body?.description === 'string' ? body.description : undefined
      if (!STATES.includes(body?.state)) return send(res, 422, { message: `Validation Failed: state is not one of ${STATES.join(', ')}` })
      if (description && Array.from(description).length > 140)
        return send(res, 422, { message: 'Validation Failed: description is too long (maximum is 140 characters)' })
      const status = { id: nextId++, ...body, at: Date.now() }
      deployment.statuses.push(status)
      return send(res, 201, status)
    }
    send(res, 404, { message: 'Not Found' })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  api.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`
  return api
}
