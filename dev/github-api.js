// A fake GitHub REST API on 127.0.0.1 for the PR comment: lists, creates and updates issue
// comments in memory, and records every request. Paths may carry the /api/v3 prefix of
// GitHub Enterprise Server. `failWith` makes every request answer an
// error status (403 for a token without pull-requests: write); `hang` leaves every request
// unanswered.
import { createServer } from 'node:http'

/**
 * @returns {Promise<{ url: string, requests: { method: string, path: string, authorization?: string, body?: any, at: number }[],
 *   comments: { id: number, issue: number, body: string }[], failWith: number | undefined, hang: boolean, close(): Promise<void> }>}
 */
export async function startGitHubApi() {
  let nextId = 1000
  const api = {
    url: '',
    requests: [],
    comments: [],
    failWith: undefined,
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
    if (api.failWith) return send(res, api.failWith, { message: 'Resource not accessible by integration' })
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
    send(res, 404, { message: 'Not Found' })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  api.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`
  return api
}
