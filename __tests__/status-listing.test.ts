import { getOctokit } from '@actions/github'
import { afterAll, describe, expect, it } from 'vitest'
import { startGitHubApi } from '../dev/github-api.js'
import { GITLAB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { listCommitStatuses, MAX_STATUS_PAGES as GITHUB_PAGES } from '../src/github/commit-status-api.js'
import { createGitLabClient, MAX_STATUS_PAGES as GITLAB_PAGES } from '../src/gitlab/api.js'
import { closeStubServers, stubServer } from './helpers/stub-server.js'

// The commit's statuses are read to the last page before a success is written over them
// (records/siblings.ts): another job's failure may stand below a hundred newer statuses on
// GitHub (newest first), or on GitLab's last page (oldest first, every earlier pipeline's too).
const SHA = 'a'.repeat(40)
const servers: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const server of servers) await server.close()
  await closeStubServers()
})

describe("GitHub: the commit's statuses", () => {
  it('every page, newest first, each once: a failure 250 statuses down is read', async () => {
    const api = await startGitHubApi()
    servers.push(api)
    for (let i = 0; i < 251; i++)
      api.statuses.push({ id: 1 + i, sha: SHA, state: i === 0 ? 'failure' : 'success', context: i === 0 ? 'docs' : `ci/${i}`, at: Date.now() })
    const octokit = getOctokit('gh-token', { baseUrl: api.url, request: { fetch: globalThis.fetch } })
    const listed = await listCommitStatuses(octokit, { owner: 'acme', repo: 'docs', sha: SHA, runUrl: undefined })
    expect(listed).toHaveLength(251)
    expect(listed.map((s) => s.id)).toEqual(Array.from({ length: 251 }, (_, i) => 251 - i))
    expect(listed.at(-1)).toMatchObject({ state: 'failure', context: 'docs' })
    expect(api.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toHaveLength(3)
  })

  it(`pages that never end are a listing not read, after ${GITHUB_PAGES} pages, never a short one taken for all`, async () => {
    let asked = 0
    const url = await stubServer((req, res) => {
      asked++
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'))
      res.writeHead(200, { 'content-type': 'application/json', link: `<http://127.0.0.1/next?page=${page + 1}>; rel="next"` })
      res.end(JSON.stringify([{ id: page, state: 'success', context: 'docs', description: null, target_url: null }]))
    })
    const octokit = getOctokit('gh-token', { baseUrl: url, request: { fetch: globalThis.fetch } })
    await expect(listCommitStatuses(octokit, { owner: 'acme', repo: 'docs', sha: SHA, runUrl: undefined })).rejects.toThrow(
      `GitHub's answer listing the commit's statuses did not end within ${GITHUB_PAGES} pages of 100`
    )
    expect(asked).toBe(GITHUB_PAGES)
  })

  it('a page that is not a list is a listing not read', async () => {
    const url = await stubServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: 'ok' }))
    })
    const octokit = getOctokit('gh-token', { baseUrl: url, request: { fetch: globalThis.fetch } })
    await expect(listCommitStatuses(octokit, { owner: 'acme', repo: 'docs', sha: SHA, runUrl: undefined })).rejects.toThrow(
      "GitHub's answer listing the commit's statuses was not a list"
    )
  })
})

describe("GitLab: the commit's statuses of a name", () => {
  it.each([
    ['x-next-page', false],
    ['the Link header alone (keyset pagination)', true]
  ])('every page, by %s: the newest (on the last page, GitLab lists oldest first) comes first', async (_name, linkOnly) => {
    const api = await startGitLabApi({ perPage: 2, linkOnly })
    servers.push(api)
    for (let i = 0; i < 7; i++)
      api.statuses.push({ id: 10 + i, project: '17', sha: SHA, state: i === 6 ? 'failed' : 'success', name: 'docs', pipeline_id: 40 + i, at: Date.now() })
    api.statuses.push({ id: 30, project: '17', sha: SHA, state: 'failed', name: 'lint', at: Date.now() })
    const gitlab = createGitLabClient(new URL(api.apiUrl), GITLAB_TOKEN, new AbortController().signal, 5000, {})
    const listed = await gitlab.commitStatuses('17', SHA, 'docs')
    await gitlab.close()
    expect(listed.map((s) => s.id)).toEqual([16, 15, 14, 13, 12, 11, 10])
    expect(listed[0]).toMatchObject({ state: 'failed', run: 'pipeline 46' })
  })

  it(`pages that never end are a listing not read, after ${GITLAB_PAGES} pages`, async () => {
    let asked = 0
    const url = await stubServer((req, res) => {
      asked++
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'))
      res.writeHead(200, { 'content-type': 'application/json', 'x-next-page': String(page + 1) })
      res.end(JSON.stringify([{ id: page, status: 'success', name: 'docs' }]))
    })
    const gitlab = createGitLabClient(new URL(`${url}/api/v4`), 'glpat-token', new AbortController().signal, 5000, {})
    await expect(gitlab.commitStatuses('17', SHA, 'docs')).rejects.toThrow(`did not end within ${GITLAB_PAGES} pages of 100`)
    await gitlab.close()
    expect(asked).toBe(GITLAB_PAGES)
  })
})
