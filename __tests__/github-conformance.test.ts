// GitHub's calls conform to GitHub's published OpenAPI description (@octokit/openapi): the
// adapter's own code (src/github/*-api.ts) drives every REST call it makes against the fake GitHub
// API of the end-to-end tests (dev/github-api.js) on 127.0.0.1, which records each request and its
// answer. Each request must name an operation of the description, with only the parameters it
// declares, of their types, enums and stated limits; each answer of the stand-in must match the
// schema of its status code, which is what makes the stand-in a GitHub the e2e tests can trust.
// ROUTES is the one list of what src/github calls: a call in the source that it lacks fails here.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getOctokit } from '@actions/github'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Recorded, startGitHubApi } from '../dev/github-api.js'
import { createCommitStatus, listCommitStatuses } from '../src/github/commit-status-api.js'
import {
  commentBody,
  deleteComment,
  findCommentAndTwins,
  guardedClient,
  type Octokit,
  pullRequestHead,
  stepComments,
  tokenLogin,
  writeComment
} from '../src/github/comment-api.js'
import { createDeployment, createDeploymentStatus, deploymentStates, findDeployment } from '../src/github/deployment-api.js'
import { githubDryRun } from '../src/github/dry-run.js'
import { platformCheckReader } from '../src/github/platform-check-api.js'
import { INPUT_DEFAULTS, type RawInputs } from '../src/inputs/parse.js'
import { settingsFor } from './helpers/fakes.js'
import { description, operationOf, requestErrors, responseErrors } from './helpers/openapi.js'

/** Every GitHub REST route src/github calls, as octokit names them ("METHOD /path/{param}"). */
const ROUTES = [
  // The token's login, for the comment's owner (an installation token is refused it: 403).
  'GET /user',
  // The pull request comment.
  'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'GET /repos/{owner}/{repo}/issues/comments/{comment_id}',
  'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
  'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}',
  // The commit status, and the commit's statuses (also read by platform-check).
  'POST /repos/{owner}/{repo}/statuses/{sha}',
  'GET /repos/{owner}/{repo}/commits/{ref}/statuses',
  // platform-check's check runs.
  'GET /repos/{owner}/{repo}/commits/{ref}/check-runs',
  // The dry run (check: true): the branch's recent commits, for the platform-check name.
  'GET /repos/{owner}/{repo}/commits',
  // The deployment, its statuses, and the reads of both.
  'POST /repos/{owner}/{repo}/deployments',
  'GET /repos/{owner}/{repo}/deployments',
  'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
  'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses'
] as const

const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const OWNER = 'acme'
const REPO = 'docs'
const where = { owner: OWNER, repo: REPO }

/** The route of a recorded request, by the description; undefined for GraphQL (not REST) or a route it lacks. */
const routeOf = (request: Recorded) => operationOf(request.method, request.path)?.route
const isRest = (request: Recorded) => !/^(?:\/api)?\/graphql$/.test(request.path)

/** The routes src/github/*.ts calls: each `octokit.rest.<scope>.<method>(` by octokit's own route for it, and each route written out. */
function routesInSource(): Map<string, string[]> {
  const dir = join(import.meta.dirname, '../src/github')
  const rest = getOctokit('routes-only').rest as unknown as Record<string, Record<string, { endpoint: { DEFAULTS: { method: string; url: string } } }>>
  const found = new Map<string, string[]>()
  const add = (route: string, at: string) => found.set(route, [...(found.get(route) ?? []), at])
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(dir, file), 'utf8')
    for (const [, scope = '', method = ''] of source.matchAll(/\boctokit\.rest\.(\w+)\.(\w+)\s*\(/g)) {
      const endpoint = rest[scope]?.[method]?.endpoint.DEFAULTS
      add(endpoint ? `${endpoint.method} ${endpoint.url}` : `octokit.rest.${scope}.${method} (unknown to octokit)`, file)
    }
    for (const [, route = ''] of source.matchAll(/['"`]((?:GET|POST|PUT|PATCH|DELETE) \/[^'"`\s]*)['"`]/g)) add(route, file)
  }
  return found
}

describe("GitHub's calls and the stand-in's answers against GitHub's OpenAPI description", () => {
  let requests: Recorded[] = []

  beforeAll(async () => {
    const api = await startGitHubApi()
    try {
      const client = (token: string): Octokit =>
        guardedClient(getOctokit(token, { baseUrl: api.url, request: { fetch: globalThis.fetch } }), token, (text) => text)
      const octokit = client('gh-token')

      // The comment: whose it is (a user's token, then an installation's), found, written, read, updated, deleted.
      await tokenLogin(octokit)
      await tokenLogin(client('ghs_installation_token'))
      api.heads[7] = SHA
      const target = { ...where, number: 7 }
      const owner = { marker: '<!-- wait-for-docs -->', legacyMarker: [], login: 'docs-maintainer' }
      for (let i = 0; i < 101; i++) api.comments.push({ id: 1 + i, issue: 7, body: `comment ${i}`, user: 'someone' })
      await findCommentAndTwins(octokit, target, owner)
      const { id } = await writeComment(octokit, target, undefined, `${owner.marker}\nDocs are live.`)
      await writeComment(octokit, target, id, `${owner.marker}\nDocs are live, again.`)
      await commentBody(octokit, where, id)
      await stepComments(octokit, target, owner)
      await pullRequestHead(octokit, target)
      await deleteComment(octokit, where, id)
      await deleteComment(octokit, where, id)

      // The commit status, and the commit's statuses over two pages.
      const place = { ...where, sha: SHA, runUrl: 'https://github.com/acme/docs/actions/runs/1' }
      for (let i = 0; i < 100; i++) api.addStatus({ sha: SHA, state: 'success', context: `ci/${i}` })
      await createCommitStatus(octokit, place, { state: 'pending', context: 'docs', description: 'Waiting on the docs', targetUrl: place.runUrl })
      await createCommitStatus(octokit, place, { state: 'success', context: 'docs', description: 'Docs are live', targetUrl: undefined })
      await listCommitStatuses(octokit, place)

      // The deployment: created, found again by its mark, its statuses written and read.
      const deployPlace = { ...where, ref: SHA, runUrl: place.runUrl }
      const deployment = await createDeployment(octokit, deployPlace, { environment: 'docs', transient: false, description: 'Docs', marker: 'run-1' })
      await findDeployment(octokit, deployPlace, { environment: 'docs', marker: 'run-1' })
      await createDeploymentStatus(octokit, deployPlace, deployment, { state: 'in_progress', description: 'Waiting on the docs' })
      await createDeploymentStatus(octokit, deployPlace, deployment, {
        state: 'success',
        description: 'Docs are live',
        environmentUrl: 'https://docs.example/'
      })
      await createDeploymentStatus(octokit, { ...deployPlace, runUrl: undefined }, deployment, { state: 'failure', description: 'x'.repeat(141) }).catch(
        () => undefined
      )
      await deploymentStates(octokit, deployPlace, deployment)

      // platform-check: check runs over two pages, the statuses, and a read again with the ETags (304),
      // then a token refused both listings (403). A deployment stands on the commit for the reads of deployments.
      api.addCheckRun({ sha: SHA, name: 'docs-deploy', status: 'completed', conclusion: 'success', details_url: 'https://docs.example/d/1' })
      api.addCheckRun({ sha: SHA, name: 'docs-deploy', status: 'in_progress', app: { slug: 'host-a-app-installation' } })
      for (let i = 0; i < 100; i++) api.addCheckRun({ sha: SHA, name: `lint ${i}`, status: 'queued' })
      const reader = platformCheckReader(
        { name: 'docs-deploy', githubToken: 'ghs_reader_token' },
        (text) => text,
        async () => ({
          getOctokit: (token: string) => getOctokit(token, { baseUrl: api.url, request: { fetch: globalThis.fetch } }),
          context: { eventName: 'push', payload: {}, sha: SHA, repo: where } as never
        })
      )
      const signal = new AbortController().signal
      await reader.read(signal, 10_000)
      await reader.read(signal, 10_000)
      // The dry run's read of the name on the branch's recent commits (none carries it on the run's commit).
      api.branches.main = [SHA, `0${SHA.slice(1)}`]
      const toolkit = async () => ({
        getOctokit: (token: string) => getOctokit(token, { baseUrl: api.url, request: { fetch: globalThis.fetch } }),
        context: { eventName: 'push', payload: {}, sha: SHA, ref: 'refs/heads/main', repo: where, serverUrl: '', runId: 1 } as never
      })
      const dry = settingsFor({ check: 'true', 'platform-check': 'docs-preview', 'github-token': 'ghs_reader_token' })
      await githubDryRun(
        dry,
        { ...INPUT_DEFAULTS, 'platform-check': 'docs-preview', 'github-token': 'ghs_reader_token' } as RawInputs,
        (text) => text,
        toolkit
      ).check(signal, 10_000)
      api.refuseReads = true
      await reader.read(signal, 10_000)
      await api.settled()
    } finally {
      requests = [...api.requests]
      await api.close()
    }
  })

  it('drives every route of ROUTES, and nothing else', () => {
    const driven = new Set(requests.filter(isRest).map((r) => routeOf(r) ?? `${r.method} ${r.path} (not in the description)`))
    expect([...driven].sort()).toEqual([...ROUTES].sort())
  })

  it("every request names an operation of GitHub's description, with parameters it declares, of their types and limits", () => {
    const problems = requests.filter(isRest).flatMap((r) => requestErrors({ method: r.method, url: r.url ?? r.path, body: r.body }))
    expect(problems).toEqual([])
  })

  it("every answer of the stand-in matches the description's schema for its status code (successes, 304s and errors)", () => {
    const rest = requests.filter(isRest)
    expect(rest.every((r) => r.response)).toBe(true)
    const problems = rest.flatMap((r) => (r.response ? responseErrors({ method: r.method, url: r.url ?? r.path }, r.response) : []))
    expect(problems).toEqual([])
    // The run met answers of every kind: a creation, an update, a deletion, an unchanged page and errors.
    expect(new Set(rest.map((r) => r.response?.status))).toEqual(new Set([200, 201, 204, 304, 403, 404, 422]))
  })

  it('every route src/github calls is in ROUTES, and every route of ROUTES is called there', () => {
    const inSource = routesInSource()
    const missing = [...inSource].filter(([route]) => !(ROUTES as readonly string[]).includes(route)).map(([route, files]) => `${route} (${files.join(', ')})`)
    expect(missing, 'called in src/github, not covered by this conformance run: add it to ROUTES and drive it above').toEqual([])
    expect(ROUTES.filter((route) => !inSource.has(route))).toEqual([])
    // Each is an operation of the description.
    for (const route of ROUTES) expect(description().paths[route.split(' ')[1] ?? '']?.[route.split(' ')[0]?.toLowerCase() ?? ''], route).toBeDefined()
  })
})

describe('the conformance checker fails on a real mistake', () => {
  it('a route GitHub does not have', () => {
    expect(requestErrors({ method: 'GET', url: '/repos/acme/docs/commit/abc/statuses' })).toEqual([
      "GET /repos/acme/docs/commit/abc/statuses: no such operation in GitHub's description"
    ])
    expect(requestErrors({ method: 'PUT', url: '/repos/acme/docs/statuses/abc', body: { state: 'success' } })[0]).toMatch(/no such operation/)
  })

  it('per_page above the 100 GitHub states, a parameter of the wrong type, one the operation does not declare', () => {
    expect(requestErrors({ method: 'GET', url: `/repos/acme/docs/commits/${SHA}/statuses?per_page=101&page=1` })).toEqual([
      'GET /repos/{owner}/{repo}/commits/{ref}/statuses query per_page: 101 is above the stated max 100'
    ])
    expect(requestErrors({ method: 'GET', url: `/repos/acme/docs/commits/${SHA}/statuses?per_page=all` })[0]).toMatch(/per_page: string where integer/)
    expect(requestErrors({ method: 'GET', url: `/repos/acme/docs/commits/${SHA}/statuses?filter=all` })).toEqual([
      'GET /repos/{owner}/{repo}/commits/{ref}/statuses: query parameter filter is not declared'
    ])
    expect(requestErrors({ method: 'GET', url: `/repos/acme/docs/commits/${SHA}/check-runs?filter=newest` })[0]).toMatch(
      /"newest" is not one of \["latest","all"\]/
    )
    expect(requestErrors({ method: 'GET', url: '/repos/acme/docs/deployments/latest/statuses' })[0]).toMatch(/path deployment_id: string where integer/)
  })

  it('a body field out of its enum, of the wrong type, undeclared, or missing where required', () => {
    const status = (body: unknown) => requestErrors({ method: 'POST', url: `/repos/acme/docs/statuses/${SHA}`, body })
    expect(status({ state: 'done', context: 'docs' })).toEqual([
      'POST /repos/{owner}/{repo}/statuses/{sha} body.state: "done" is not one of ["error","failure","pending","success"]'
    ])
    expect(status({ state: 'success', context: 7 })[0]).toMatch(/body\.context: integer where string/)
    expect(status({ state: 'success', log_url: 'https://x' })).toEqual(['POST /repos/{owner}/{repo}/statuses/{sha} body.log_url: not declared'])
    expect(status({ context: 'docs' })).toEqual(['POST /repos/{owner}/{repo}/statuses/{sha} body.state: required, missing'])
    const deploymentStatus = requestErrors({ method: 'POST', url: '/repos/acme/docs/deployments/12/statuses', body: { state: 'done' } })
    expect(deploymentStatus[0]).toMatch(/body\.state: "done" is not one of/)
  })

  it('an answer missing what GitHub always sends, of the wrong type, or out of its enum', () => {
    const comments = { method: 'GET', url: '/repos/acme/docs/issues/7/comments' }
    // The stand-in's comment as it was before it took GitHub's full shape.
    const short = responseErrors(comments, { status: 200, body: [{ id: 1, body: 'hi', user: { login: 'docs-maintainer', type: 'User' } }] })
    expect(short).toContain('GET /repos/{owner}/{repo}/issues/{issue_number}/comments → 200[0].node_id: required, missing')
    expect(short).toContain('GET /repos/{owner}/{repo}/issues/{issue_number}/comments → 200[0].user.avatar_url: required, missing')
    expect(responseErrors(comments, { status: 200, body: { comments: [] } })).toEqual([
      'GET /repos/{owner}/{repo}/issues/{issue_number}/comments → 200: object where array is declared'
    ])
    const runs = { method: 'GET', url: `/repos/acme/docs/commits/${SHA}/check-runs` }
    expect(responseErrors(runs, { status: 200, body: { total_count: 0 } })).toEqual([
      'GET /repos/{owner}/{repo}/commits/{ref}/check-runs → 200.check_runs: required, missing'
    ])
    const deploymentStatuses = { method: 'GET', url: '/repos/acme/docs/deployments/12/statuses' }
    const done = responseErrors(deploymentStatuses, { status: 200, body: [{ state: 'done' }] })
    expect(done).toContain(
      'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses → 200[0].state: "done" is not one of ["error","failure","inactive","pending","success","queued","in_progress"]'
    )
    // An error the operation does not list is held to GitHub's basic-error; one it lists, to its own schema.
    expect(responseErrors({ method: 'POST', url: `/repos/acme/docs/statuses/${SHA}` }, { status: 422, body: { message: 7 } })).toEqual([
      'POST /repos/{owner}/{repo}/statuses/{sha} → 422 (basic-error).message: integer where string is declared'
    ])
    expect(
      responseErrors({ method: 'POST', url: '/repos/acme/docs/deployments/12/statuses' }, { status: 422, body: { message: 'Validation Failed' } })
    ).toEqual(['POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses → 422.documentation_url: required, missing'])
    expect(responseErrors({ method: 'DELETE', url: '/repos/acme/docs/issues/comments/1' }, { status: 204, body: { deleted: true } })[0]).toMatch(
      /a body where the description declares none/
    )
  })

  it('a request sent over the wire with per_page 101 is recorded by the stand-in and reported', async () => {
    const api = await startGitHubApi()
    try {
      const octokit = getOctokit('gh-token', { baseUrl: api.url, request: { fetch: globalThis.fetch } })
      await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/statuses', { ...where, ref: SHA, per_page: 101, state: 'done' })
      const [sent] = api.requests
      expect(sent && requestErrors({ method: sent.method, url: sent.url ?? sent.path, body: sent.body })).toEqual([
        'GET /repos/{owner}/{repo}/commits/{ref}/statuses query per_page: 101 is above the stated max 100',
        'GET /repos/{owner}/{repo}/commits/{ref}/statuses: query parameter state is not declared'
      ])
    } finally {
      await api.close()
    }
  })
})
