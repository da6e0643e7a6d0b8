import { afterAll, describe, expect, it, vi } from 'vitest'
import { GITLAB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { SHA } from '../dev/simulator.js'
import { gitlabStatusPort, statusPlace, statusToken } from '../src/gitlab/commit-status.js'
import { mergeRequestNotePort } from '../src/gitlab/mr-note.js'
import { refusedByGitHub } from '../src/github/comment-api.js'
import { explainStatusError } from '../src/github/commit-status-api.js'
import type { Settings } from '../src/model.js'
import { githubStatusState, gitlabStatusState, statusTargetUrl } from '../src/report/commit-status.js'
import { secretForms } from '../src/report/markdown.js'
import { createRedactor } from '../src/text.js'
import { runOutcome, updateReport } from './helpers/builders.js'
import { recordLifecycle } from '../src/records/lifecycle.js'

// The client's teardown after a request (api/connections.ts, destroyAll), made slow at will: what
// the port answers must not wait on it.
const teardown = vi.hoisted(() => ({ ms: 0 }))
vi.mock('../src/api/connections.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/api/connections.js')>()
  return {
    ...actual,
    openConnections: (...args: Parameters<typeof actual.openConnections>) => {
      const connections = actual.openConnections(...args)
      return {
        ...connections,
        destroyAll: async () => {
          await connections.destroyAll()
          if (teardown.ms > 0) await new Promise((resolve) => setTimeout(resolve, teardown.ms))
        }
      }
    }
  }
})

const open: { close(): Promise<unknown> }[] = []
afterAll(async () => {
  for (const server of open) await server.close()
})

describe('the state of a commit status', () => {
  it('is success only on success, on GitHub and on GitLab', () => {
    expect(['success', 'failure', 'timeout', 'error', 'cancelled'].map((r) => githubStatusState(r as never))).toEqual([
      'success',
      'failure',
      'error',
      'error',
      'error'
    ])
    expect(['success', 'failure', 'timeout', 'error', 'cancelled'].map((r) => gitlabStatusState(r as never))).toEqual([
      'success',
      'failed',
      'failed',
      'failed',
      'canceled'
    ])
  })

  const same = (text: string) => text

  it('links the docs on success (the preview, else deployment-url), the run otherwise', () => {
    const links = { preview: 'https://pr-7.preview.example.com', url: 'https://docs.example.com', run: 'https://github.com/a/b/actions/runs/1' }
    expect(statusTargetUrl(true, links, same)).toBe('https://pr-7.preview.example.com/')
    expect(statusTargetUrl(true, { ...links, preview: undefined }, same)).toBe('https://docs.example.com/')
    expect(statusTargetUrl(true, { run: links.run }, same)).toBe(links.run)
    expect(statusTargetUrl(false, links, same)).toBe(links.run)
    // Never an address that is not http(s), nor a preview with credentials in it.
    expect(statusTargetUrl(false, { run: 'javascript:alert(1)', preview: 'https://user:pw@x.example.com' }, same)).toBeUndefined()
  })

  it('cuts a key the platform put into the preview’s address, in any spelling, as the log does', () => {
    const key = 'sk_live_0123456789abcdef'
    const clean = createRedactor(secretForms([key]))
    for (const spelt of [key, Buffer.from(key).toString('base64url'), Buffer.from(key).toString('hex'), Buffer.from(key, 'utf16le').toString('hex')]) {
      const url = statusTargetUrl(true, { preview: `https://pr-7.preview.example.com/?t=${spelt}` }, clean)
      // The key alone is cut; a run that spells it once decoded (UTF-16 hex) is cut whole.
      expect(url).toMatch(/^https:\/\/pr-7\.preview\.example\.com\/\?(?:t=)?\*\*\*$/)
    }
  })
})

describe("GitHub's refusal of a commit status", () => {
  const http = (status: number, message: string) => Object.assign(new Error(message), { status })
  it('a secondary rate limit (403) is no refusal: the outcome is still written, and the words say to slow down', () => {
    const limited = http(403, 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. - https://docs.github.com/rest')
    expect(refusedByGitHub(limited)).toBe(false)
    expect(explainStatusError(limited)).toBe(
      'GitHub asked to slow down (HTTP 403: You have exceeded a secondary rate limit. Please wait a few minutes before you try again); the next run writes the status again'
    )
  })
  it('a permission 403 is a refusal that names statuses: write', () => {
    const forbidden = http(403, 'Resource not accessible by integration')
    expect(refusedByGitHub(forbidden)).toBe(true)
    expect(explainStatusError(forbidden, undefined)).toContain('`permissions: statuses: write`')
  })
})

describe('the GitLab commit status place and token', () => {
  const env = { GITLAB_CI: 'true', CI_API_V4_URL: 'https://gitlab.example.com/api/v4', CI_PROJECT_ID: '17', CI_COMMIT_SHA: SHA, CI_PIPELINE_ID: '4711' }
  it('is the pipeline’s commit in the project, with the pipeline', () => {
    expect(statusPlace(env)).toMatchObject({ project: '17', sha: SHA, pipelineId: 4711 })
  })
  it('says which variable is missing or not a commit id', () => {
    expect(statusPlace({ ...env, CI_COMMIT_SHA: '' })).toEqual({ skip: "the pipeline's commit is unknown (CI_COMMIT_SHA is not set)" })
    expect(statusPlace({ ...env, CI_COMMIT_SHA: 'main' })).toEqual({
      skip: `the pipeline's commit is unknown (CI_COMMIT_SHA is "main", which is not a commit id)`
    })
    expect(statusPlace({ ...env, GITLAB_CI: undefined })).toMatchObject({ skip: expect.stringContaining('GITLAB_CI is not set') })
  })
  it('refuses the CI job token, however it is given', () => {
    expect(statusToken('glcbt-64_abc', {})).toMatchObject({ problem: expect.stringContaining('GitLab does not let a job token write commit statuses') })
    expect(statusToken('abc123', { CI_JOB_TOKEN: 'abc123' })).toMatchObject({ problem: expect.stringContaining('CI_JOB_TOKEN') })
    expect(statusToken('glpat-x', {})).toEqual({ token: 'glpat-x' })
  })
})

describe('the GitLab port', () => {
  it('a close written again that GitLab finds already in that state is done; another refusal is not', async () => {
    const api = await startGitLabApi()
    open.push(api)
    const env = { GITLAB_CI: 'true', CI_API_V4_URL: api.apiUrl, CI_PROJECT_ID: '17', CI_COMMIT_SHA: SHA }
    const place = statusPlace(env)
    if ('skip' in place) throw new Error(place.skip)
    const settings = { requestTimeoutMs: 5000, timeoutMs: 10_000, commitStatus: undefined } as unknown as Settings
    const port = gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => Date.now() + 5000 })
    const signals = { write: AbortSignal.timeout(5000), lookup: AbortSignal.timeout(5000), nextLookup: () => AbortSignal.timeout(5000) }
    const success = runOutcome([updateReport('u1', { status: 'success' })], { result: 'success' })
    await expect(port.close(success, true, 'written', signals)).resolves.toEqual({ where: true, done: 'updated' })
    await expect(port.close(success, true, 'written', signals)).resolves.toEqual({ where: true, done: 'updated' })
    expect(api.statuses.map((s) => s.state)).toEqual(['success'])
    // A fresh port (a close applied whose answer was lost, sent again) is done too: GitLab says the outcome stands.
    const fresh = gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => Date.now() + 5000 })
    await expect(fresh.close(success, true, 'written', signals)).resolves.toEqual({ where: true, done: 'updated' })
    // Any other 400 is the failure it is.
    api.failWith = 400
    const other = gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => Date.now() + 5000 })
    await expect(other.close(success, true, 'written', signals)).rejects.toThrow(/HTTP 400/)
  })

  it('an open refused for its token (403) holds the outcome back, the same refusal again; one refused for its own request (422) does not: the outcome is sent', async () => {
    const api = await startGitLabApi()
    open.push(api)
    const env = { GITLAB_CI: 'true', CI_API_V4_URL: api.apiUrl, CI_PROJECT_ID: '17', CI_COMMIT_SHA: SHA }
    const place = statusPlace(env)
    if ('skip' in place) throw new Error(place.skip)
    const settings = { requestTimeoutMs: 5000, timeoutMs: 10_000, commitStatus: undefined } as unknown as Settings
    const signals = { write: AbortSignal.timeout(5000), lookup: AbortSignal.timeout(5000), nextLookup: () => AbortSignal.timeout(5000) }
    const success = runOutcome([updateReport('u1', { status: 'success' })], { result: 'success' })
    for (const [status, sent] of [
      [403, false],
      [422, true]
    ] as const) {
      const port = gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => Date.now() + 5000 })
      api.failWith = status
      const refusal = await port.open(signals, () => undefined).catch((error: unknown) => error)
      expect(String(refusal)).toContain(`HTTP ${status}`)
      // Both refused for good (the one rule); only the token's refusal holds for the outcome's write too.
      expect(port.refused?.(refusal), `HTTP ${status}`).toBe(true)
      api.failWith = undefined
      api.statuses.length = 0
      const closed = port.close(success, true, 'refused', signals)
      if (sent) await expect(closed).resolves.toEqual({ where: true, done: 'updated' })
      else await expect(closed).rejects.toThrow('HTTP 403')
      expect(
        api.statuses.map((s) => s.state),
        `HTTP ${status}`
      ).toEqual(sent ? ['success'] : [])
    }
  })

  it('an open that GitLab finds already running (another job of the pipeline wrote it) is done, not a write that failed (found by the long run)', async () => {
    const api = await startGitLabApi()
    open.push(api)
    const env = { GITLAB_CI: 'true', CI_API_V4_URL: api.apiUrl, CI_PROJECT_ID: '17', CI_COMMIT_SHA: SHA }
    const place = statusPlace(env)
    if ('skip' in place) throw new Error(place.skip)
    const settings = { requestTimeoutMs: 5000, timeoutMs: 10_000, commitStatus: undefined } as unknown as Settings
    const signals = { write: AbortSignal.timeout(5000), lookup: AbortSignal.timeout(5000), nextLookup: () => AbortSignal.timeout(5000) }
    const portOf = () => gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => Date.now() + 5000 })
    await expect(portOf().open(signals, () => undefined)).resolves.toBe(true)
    // The second leg's `running` is refused as already so: what it asked for stands.
    await expect(portOf().open(signals, () => undefined)).resolves.toBe(true)
    expect(api.statuses.map((s) => s.state)).toEqual(['running'])
    // Any other 400 is the failure it is.
    api.failWith = 400
    await expect(portOf().open(signals, () => undefined)).rejects.toThrow(/HTTP 400/)
  })
})

describe('the GitLab port, two steps of one job', () => {
  it("a lost running is not taken for an earlier step's running of the same job (same name, same job link)", async () => {
    const api = await startGitLabApi()
    open.push(api)
    const env = {
      GITLAB_CI: 'true',
      CI_API_V4_URL: api.apiUrl,
      CI_PROJECT_ID: '17',
      CI_COMMIT_SHA: SHA,
      CI_PIPELINE_ID: '4711',
      CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991'
    }
    const place = statusPlace(env)
    if ('skip' in place) throw new Error(place.skip)
    const settings = { requestTimeoutMs: 5000, timeoutMs: 10_000, commitStatus: undefined } as unknown as Settings
    const port = () => gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => Date.now() + 5000 })
    const signals = () => ({ write: AbortSignal.timeout(5000), lookup: AbortSignal.timeout(5000), nextLookup: () => AbortSignal.timeout(5000) })
    const success = runOutcome([updateReport('u1', { status: 'success' })], { result: 'success' })
    // Step 1: running, then success.
    const first = port()
    await first.open(signals(), () => undefined)
    await first.close(success, true, 'written', signals())
    // Step 2: its running's answer was lost (a 502) and GitLab has not applied it yet; its success
    // is refused as already so (400, Cannot transition): what stands is step 1's.
    const second = port()
    await second.close(success, true, 'lost', signals())
    expect(api.statuses.map((s) => s.state)).toEqual(['running', 'success'])
    // Step 1's running is not step 2's: step 2's may still land, and the read back says so.
    await expect(second.readBack?.(true, signals(), 'open')).resolves.toBe('unseen')
  })
})

describe('the GitLab port, an answer near the end', () => {
  it("a write answered before the step's limit is not cut by the client's teardown (GitLab's already so is no warning)", async () => {
    const api = await startGitLabApi()
    open.push(api)
    const env = { GITLAB_CI: 'true', CI_API_V4_URL: api.apiUrl, CI_PROJECT_ID: '17', CI_COMMIT_SHA: SHA, CI_PIPELINE_ID: '4711' }
    const place = statusPlace(env)
    if ('skip' in place) throw new Error(place.skip)
    const settings = { requestTimeoutMs: 5000, timeoutMs: 10_000, commitStatus: undefined } as unknown as Settings
    const failure = runOutcome([updateReport('u1', { status: 'failure' })], { result: 'failure' })
    const signals = { write: AbortSignal.timeout(5000), lookup: AbortSignal.timeout(5000), nextLookup: () => AbortSignal.timeout(5000) }
    // Step 1 of the job wrote the outcome: GitLab refuses it again as already so (400, Cannot transition).
    const first = gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => Date.now() + 5000 })
    await first.close(failure, true, 'written', signals)
    // Step 2 writes it near its limit: GitLab answers at once, the client's teardown ends past the limit.
    teardown.ms = 600
    try {
      const endAt = Date.now() + 300
      const port = gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => endAt })
      const log = { info: vi.fn<(line: string) => void>(), warning: vi.fn<(line: string) => void>() }
      const cancel = { signal: new AbortController().signal, exitBy: () => undefined }
      const lifecycle = recordLifecycle(port, { cancel, endAt, requestTimeoutMs: 5000, log, clean: (text) => text })
      await lifecycle.close(failure)
      expect(api.statuses.map((s) => s.state)).toEqual(['failed'])
      expect(log.warning).not.toHaveBeenCalled()
      expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^Commit status docs: failed on commit/))
    } finally {
      teardown.ms = 0
    }
  })

  it("the merge request note's writes and lookups are not cut by the client's teardown either", async () => {
    const api = await startGitLabApi()
    open.push(api)
    const env = {
      GITLAB_CI: 'true',
      CI_API_V4_URL: api.apiUrl,
      CI_PROJECT_ID: '17',
      CI_MERGE_REQUEST_IID: '3',
      CI_JOB_NAME: 'publish-docs',
      CI_COMMIT_SHA: SHA
    }
    const failure = runOutcome([updateReport('u1', { status: 'failure' })], { result: 'failure' })
    teardown.ms = 600
    try {
      const endAt = Date.now() + 400
      const log = { info: vi.fn<(line: string) => void>(), warning: vi.fn<(line: string) => void>() }
      const port = mergeRequestNotePort(
        { env, token: GITLAB_TOKEN, log },
        { kinds: ['update'], requestTimeoutMs: 5000 },
        () => undefined,
        () => endAt
      )
      const cancel = { signal: new AbortController().signal, exitBy: () => undefined }
      await recordLifecycle(port, { cancel, endAt, requestTimeoutMs: 5000, log, clean: (text) => text }).close(failure)
      expect(api.notes).toHaveLength(1)
      expect(log.warning).not.toHaveBeenCalled()
      expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^Noted the outcome on merge request !3/))
    } finally {
      teardown.ms = 0
    }
  })
})
