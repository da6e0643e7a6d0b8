import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { platformCheckProblem } from '../src/cli/platform-check.js'
import { counts, GITLAB_CI_JOB, judgeReports, newestPerName, reportState, reportUrl, shownName } from '../src/engine/targets/platform-check.js'
import { gitlabPlatformCheckReader, MAX_CHECK_PAGES, reportOf } from '../src/gitlab/platform-check.js'
import { INPUT_DEFAULTS, parseInputs, type RawInputs } from '../src/inputs/parse.js'
import type { CommitReport, PlatformCheckRead } from '../src/model.js'

// GitLab's side of platform-check: the statuses of the pipeline's commit, every page, each entry
// mapped to the engine's report, every refusal classified; against the stand-in of GitLab's API.
const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const PROJECT_URL = 'https://gitlab.example.com/acme/docs'

type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
const open: GitLabApi[] = []
afterAll(async () => {
  for (const api of open) await api.close()
})
async function gitlab(options: Parameters<typeof startGitLabApi>[0] = {}): Promise<GitLabApi> {
  const api = await startGitLabApi(options)
  open.push(api)
  return api
}

const pipelineEnv = (api: { apiUrl: string } | undefined, extra: Record<string, string> = {}) => ({
  GITLAB_CI: 'true',
  CI_API_V4_URL: api?.apiUrl ?? 'https://gitlab.example.com/api/v4',
  CI_PROJECT_ID: '17',
  CI_PROJECT_URL: PROJECT_URL,
  CI_COMMIT_SHA: SHA,
  CI_JOB_TOKEN: JOB_TOKEN,
  ...extra
})
const noClean = (text: string) => text
const read = (api: GitLabApi, token = GITLAB_TOKEN, timeoutMs = 10_000, signal = new AbortController().signal) =>
  gitlabPlatformCheckReader(token, pipelineEnv(api), noClean).read(signal, timeoutMs)
const listed = (answer: PlatformCheckRead) => {
  if (answer.kind !== 'listed') throw new Error(`not listed: ${answer.reason}`)
  return answer
}
const statusReads = (api: GitLabApi) => api.requests.filter((r) => r.path.endsWith('/statuses') && r.method === 'GET')

describe('where the command can read platform-check', () => {
  it('in a GitLab CI job with a token that may read: nothing stands in the way', () => {
    expect(platformCheckProblem(GITLAB_TOKEN, pipelineEnv(undefined))).toBeUndefined()
  })

  it('outside GitLab CI: invalid, saying where it is read', () => {
    expect(platformCheckProblem(GITLAB_TOKEN, {})).toMatch(
      /reads it on GitLab CI only.*not a GitLab CI job \(GITLAB_CI is not set\)\. Run the command in a GitLab CI job/
    )
    expect(platformCheckProblem(GITLAB_TOKEN, { GITHUB_ACTIONS: 'true' })).toMatch(/give platform-check to the action's step \(uses: OWNER\/wait-for-docs@v1\)/)
  })

  it("without the pipeline's commit, or without a token that may read statuses: invalid, naming what to set", () => {
    expect(platformCheckProblem(GITLAB_TOKEN, pipelineEnv(undefined, { CI_COMMIT_SHA: '' }))).toMatch(/CI_COMMIT_SHA is not set/)
    expect(platformCheckProblem(GITLAB_TOKEN, pipelineEnv(undefined, { CI_COMMIT_SHA: 'main' }))).toMatch(/CI_COMMIT_SHA is not a commit id/)
    expect(platformCheckProblem('', pipelineEnv(undefined))).toMatch(
      /no token was given \(WAIT_FOR_DOCS_GITLAB_TOKEN is not set\).*read_api scope.*Reporter role/
    )
    expect(platformCheckProblem(JOB_TOKEN, pipelineEnv(undefined))).toMatch(
      /holds the CI job token \(CI_JOB_TOKEN\), and GitLab does not let a job token read commit statuses/
    )
  })
})

describe('the inputs of platform-check read from GitLab', () => {
  const raw = (overrides: Partial<RawInputs>): RawInputs => {
    const all = Object.fromEntries(Object.keys(INPUT_DEFAULTS).map((name) => [name, ''])) as RawInputs
    return { ...all, ...overrides }
  }

  it('need no github-token (the command reads with its GitLab token); read from GitHub they do', () => {
    const given = raw({ 'platform-check': 'docs-deploy', 'commit-status': 'docs' })
    const fromGitLab = parseInputs(given, { platformCheckFrom: 'gitlab' })
    expect(fromGitLab.ok && fromGitLab.settings.platformCheck).toEqual({ name: 'docs-deploy', githubToken: '' })
    // The own status's name is known, so that a pattern never waits on it.
    expect(fromGitLab.ok && fromGitLab.settings.commitStatus?.context).toBe('docs')
    const fromGitHub = parseInputs(given)
    expect(!fromGitHub.ok && fromGitHub.problems).toEqual([expect.stringMatching(/^github-token: is required with platform-check/)])
  })
})

describe("a GitLab status as the engine's report", () => {
  it('maps id, name, status and target_url; a job of the project is marked, an entry without a name or status is left out', () => {
    expect(reportOf({ id: 7, name: 'docs-deploy', status: 'running', target_url: 'https://docs.example.com/d/7' }, PROJECT_URL, noClean)).toEqual({
      kind: 'status',
      name: 'docs-deploy',
      id: 7,
      status: 'running',
      conclusion: null,
      url: 'https://docs.example.com/d/7'
    })
    expect(reportOf({ id: 8, name: 'build', status: 'success', target_url: `${PROJECT_URL}/-/jobs/91` }, PROJECT_URL, noClean)?.app).toBe(GITLAB_CI_JOB)
    // Another project's jobs, or a project whose address is unknown: a status like any other.
    expect(reportOf({ id: 8, name: 'build', status: 'success', target_url: `${PROJECT_URL}-fork/-/jobs/91` }, PROJECT_URL, noClean)?.app).toBeUndefined()
    expect(reportOf({ id: 8, name: 'build', status: 'success', target_url: `${PROJECT_URL}/-/jobs/91` }, undefined, noClean)?.app).toBeUndefined()
    expect(reportOf({ id: 9, name: null, status: 'success' }, PROJECT_URL, noClean)).toBeUndefined()
    expect(reportOf({ id: 9, name: 'x' }, PROJECT_URL, noClean)).toBeUndefined()
    expect(reportOf({ id: 1.5, name: 'x', status: 'success' }, PROJECT_URL, noClean)).toBeUndefined()
    expect(reportOf({ id: 9, name: 'x', status: 'success', target_url: '' }, PROJECT_URL, noClean)?.url).toBeUndefined()
  })

  it.each([
    ['success', 'success'],
    ['skipped', 'success'],
    ['failed', 'failure'],
    ['canceled', 'cancelled']
  ] as const)('GitLab %s is %s', (status, result) => {
    expect(reportState({ kind: 'status', name: 'd', id: 1, status, conclusion: null, url: undefined })).toEqual({ state: 'settled', result })
  })

  it.each(['pending', 'running', 'created', 'waiting_for_resource', 'preparing', 'scheduled', 'manual', 'canceling'])('GitLab %s is waited on', (status) => {
    expect(reportState({ kind: 'status', name: 'd', id: 1, status, conclusion: null, url: undefined })).toEqual({ state: 'pending' })
  })

  it('a job of the pipelines counts when named exactly, never through a pattern (the job of the step would wait on itself)', () => {
    const job: CommitReport = {
      kind: 'status',
      name: 'docs-build',
      id: 3,
      status: 'running',
      conclusion: null,
      url: `${PROJECT_URL}/-/jobs/3`,
      app: GITLAB_CI_JOB
    }
    expect(counts('docs-build', job)).toBe(true)
    expect(counts('docs*', job)).toBe(false)
    expect(counts('docs*', { ...job, app: undefined })).toBe(true)
  })

  it('hostile text: the token is cut from names and addresses; a user and password never shown; a name shown on one line', () => {
    const clean = (text: string) => text.replaceAll('sekrit', '***')
    const report = reportOf(
      { id: 5, name: `docs ${GITLAB_TOKEN}\n::warning::pwned`, status: 'failed', target_url: `https://user:${GITLAB_TOKEN}@docs.example.com/sekrit` },
      PROJECT_URL,
      (text) => clean(text.replaceAll(GITLAB_TOKEN, '***'))
    ) as CommitReport
    expect(JSON.stringify(report)).not.toContain(GITLAB_TOKEN)
    expect(JSON.stringify(report)).not.toContain('sekrit')
    expect(reportUrl(report)).toBe('https://docs.example.com/***')
    expect(shownName(report.name)).not.toMatch(/\n/)
    const judged = judgeReports([report])
    expect(judged.state === 'settled' && judged.reason).toMatch(
      /^commit status "docs \*\*\* ::warning::pwned" ended with "failed" \(https:\/\/docs\.example\.com\/\*\*\*\)$/
    )
  })
})

describe("the reader of the pipeline commit's statuses, against the stand-in of GitLab's API", () => {
  it('reads every page of 100 (GitLab lists oldest first): the newest of each name is the one past the first pages', async () => {
    const api = await gitlab()
    for (let n = 0; n < 230; n++) api.addStatus('17', SHA, { name: `lint-${n}`, state: 'success', pipeline_id: 1 })
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'success', target_url: 'https://docs.example.com/d/1', pipeline_id: 2 })
    // Another commit's, and another project's: not listed.
    api.addStatus('17', 'a'.repeat(40), { name: 'docs-deploy', state: 'failed' })
    api.addStatus('18', SHA, { name: 'docs-deploy', state: 'failed' })
    const answer = listed(await read(api))
    expect(answer.commit).toBe(SHA)
    expect(answer.reports).toHaveLength(231)
    expect(answer.reports.at(-1)).toMatchObject({ name: 'docs-deploy', status: 'success', url: 'https://docs.example.com/d/1' })
    expect(statusReads(api).map((r) => [r.query.page, r.query.per_page, r.query.all, r.token])).toEqual([
      ['1', '100', undefined, GITLAB_TOKEN],
      ['2', '100', undefined, GITLAB_TOKEN],
      ['3', '100', undefined, GITLAB_TOKEN]
    ])
  })

  it('follows the Link header alone, as GitLab sends it for keyset pages', async () => {
    const api = await gitlab({ linkOnly: true })
    for (let n = 0; n < 150; n++) api.addStatus('17', SHA, { name: `s-${n}`, state: 'running', pipeline_id: 1 })
    expect(listed(await read(api)).reports).toHaveLength(150)
    expect(statusReads(api)).toHaveLength(2)
  })

  it('a redeploy: GitLab lists the latest of the name, and of what is listed the newest (highest id) counts', async () => {
    const api = await gitlab()
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'failed', pipeline_id: 1 })
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'running', pipeline_id: 1 })
    // Another pipeline's older status of the name is listed too: the higher id still wins.
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'success', pipeline_id: 0 })
    const reports = listed(await read(api)).reports
    expect(reports.map((r) => r.status)).toEqual(['running', 'success'])
    expect(newestPerName(reports).map((r) => r.status)).toEqual(['success'])
  })

  it('a page with an entry that is no status (no id, name or status) is a read that failed, tried again: never one status fewer', async () => {
    const entries = [
      { id: 5, name: 'docs-deploy', status: 'success' },
      { id: 6, status: 'failed' }
    ]
    const fake = (() => ({ commitReports: async () => entries, close: async () => undefined })) as never
    const answer = await gitlabPlatformCheckReader(GITLAB_TOKEN, pipelineEnv(undefined), noClean, fake).read(new AbortController().signal, 10_000)
    expect(answer).toMatchObject({ kind: 'transient', reason: expect.stringMatching(/held an entry without an id, a name or a status .*; it is read again$/) })
    entries.pop()
    expect(
      listed(await gitlabPlatformCheckReader(GITLAB_TOKEN, pipelineEnv(undefined), noClean, fake).read(new AbortController().signal, 10_000)).reports
    ).toHaveLength(1)
  })

  it('a listing that does not end within the cap is a read that failed, tried again', async () => {
    const api = await gitlab({ perPage: 1 })
    for (let n = 0; n <= MAX_CHECK_PAGES; n++) api.addStatus('17', SHA, { name: `s-${n}`, state: 'running', pipeline_id: 1 })
    const answer = await read(api)
    expect(answer).toMatchObject({ kind: 'transient', reason: expect.stringMatching(/did not end within 30 pages of 100/) })
  })

  it('a refused token (401): fatal and misconfigured, naming the variable and the token to create', async () => {
    const api = await gitlab()
    const answer = await read(api, 'glpat-revoked-token-0000')
    expect(answer).toMatchObject({ kind: 'fatal', misconfigured: true })
    expect(answer.kind !== 'listed' && answer.reason).toMatch(
      /^HTTP 401 from GitLab reading the statuses of commit 3f78685: the token in WAIT_FOR_DOCS_GITLAB_TOKEN was refused .*read_api scope/
    )
    expect(answer.kind !== 'listed' && answer.reason).not.toContain('glpat-revoked-token-0000')
  })

  it('a token that may not read (403): fatal and misconfigured, naming the scope and role, and that the CI job token cannot', async () => {
    const api = await gitlab()
    api.failWith = 403
    const answer = await read(api)
    expect(answer).toMatchObject({ kind: 'fatal', misconfigured: true })
    expect(answer.kind !== 'listed' && answer.reason).toMatch(
      /HTTP 403 .*read_api or api scope and at least the Reporter role, and the CI job token cannot read them/
    )
  })

  it('no such project (404): fatal and misconfigured', async () => {
    const api = await gitlab()
    api.failWith = 404
    expect(await read(api)).toMatchObject({ kind: 'fatal', misconfigured: true, reason: expect.stringMatching(/did not find project 17/) })
  })

  it('a server error or a rate limit: tried again on the schedule (a rate limit with the pause it asked for)', async () => {
    const api = await gitlab()
    api.failWith = 502
    expect(await read(api)).toEqual({ kind: 'transient', reason: 'HTTP 502 from GitLab reading the statuses of commit 3f78685' })
    api.failWith = 429
    expect(await read(api)).toMatchObject({ kind: 'transient', reason: expect.stringMatching(/^HTTP 429 from GitLab .*rate limited/) })
  })

  it('a CI_API_V4_URL that is not the API (404): fatal, never read as "none there"', async () => {
    const api = await gitlab()
    const reader = gitlabPlatformCheckReader(GITLAB_TOKEN, { ...pipelineEnv(api), CI_API_V4_URL: `${api.url}/not-the-api` }, noClean)
    expect(await reader.read(new AbortController().signal, 10_000)).toMatchObject({ kind: 'fatal', reason: expect.stringMatching(/HTTP 404/) })
  })

  it('no answer within request-timeout: tried again, saying so; a cancel is a cancel', async () => {
    const api = await gitlab()
    api.hang = true
    expect(await read(api, GITLAB_TOKEN, 300)).toEqual({ kind: 'transient', reason: 'no complete answer within 0.3s (request-timeout) from the GitLab API' })
    const cancel = new AbortController()
    const reading = read(api, GITLAB_TOKEN, 60_000, cancel.signal)
    cancel.abort()
    expect(await reading).toEqual({ kind: 'transient', reason: 'cancelled' })
  })

  it('outside a pipeline, or with the job token: fatal before any request', async () => {
    const api = await gitlab()
    const outside = await gitlabPlatformCheckReader(GITLAB_TOKEN, {}, noClean).read(new AbortController().signal, 1000)
    expect(outside).toMatchObject({ kind: 'fatal', misconfigured: true, reason: expect.stringMatching(/GITLAB_CI is not set/) })
    expect(await read(api, JOB_TOKEN)).toMatchObject({ kind: 'fatal', misconfigured: true, reason: expect.stringMatching(/CI job token/) })
    expect(api.requests).toEqual([])
  })
})
