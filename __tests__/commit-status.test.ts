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

/** The place of the commit status in the pipeline `env` describes. */
function placeIn(env: Record<string, string>) {
  const place = statusPlace(env)
  if ('skip' in place) throw new Error(place.skip)
  return place
}
/** The settings the GitLab ports of these tests run with. */
const PORT_SETTINGS = { requestTimeoutMs: 5000, timeoutMs: 10_000, commitStatus: undefined } as unknown as Settings
/** Five seconds for each request of a write. */
const fiveSeconds = () => ({ write: AbortSignal.timeout(5000), lookup: AbortSignal.timeout(5000), nextLookup: () => AbortSignal.timeout(5000) })

describe('the GitLab port', () => {
  it("a hold GitLab finds already so (running over another job's open running) is done; any other 400 is not, even for the state written last", async () => {
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
    const place = placeIn(env)
    const settings = PORT_SETTINGS
    const portOf = (job: string, at = place) =>
      gitlabStatusPort('docs', at, GITLAB_TOKEN, [], settings, { env: { ...env, CI_JOB_NAME: job }, clean: (t) => t, endAt: () => Date.now() + 5000 })
    const signals = fiveSeconds()
    const success = runOutcome([updateReport('u1', { status: 'success' })], { result: 'success' })
    // Leg b's running is open: GitLab moves it, and refuses to move it to running again.
    await portOf('publish-docs [b]').open(signals, () => undefined)
    const a = portOf('publish-docs [a]')
    await expect(a.close(success, true, 'written', signals)).resolves.toEqual({ where: true, done: 'updated' })
    // Leg a held the status for leg b: its running was sent, and refused as what stands.
    const posted = api.requests.filter((r) => r.method === 'POST').map((r) => r.body?.state)
    expect(posted).toEqual(['running', 'running'])
    expect(api.statuses.map((s) => s.state)).toEqual(['running'])
    expect(a.words.closed(true, 'updated')).toMatch(
      /^Commit status docs: running on commit \w+ \(this job’s docs are ready; the check waits for another job of this pipeline/
    )
    // A close sent again after a finished status is a status of its own, never refused as already
    // so: a 400 then is the failure it is, though this record wrote that state last.
    const alone = statusPlace({ ...env, CI_PIPELINE_ID: undefined })
    if ('skip' in alone) throw new Error(alone.skip)
    const again = portOf('publish-docs', alone)
    await expect(again.close(success, true, 'written', signals)).resolves.toEqual({ where: true, done: 'updated' })
    api.failWith = 400
    await expect(again.close(success, true, 'written', signals)).rejects.toThrow(/HTTP 400/)
  })

  it('an open refused for its token (403) holds the outcome back, the same refusal again; one refused for its own request (422) does not: the outcome is sent', async () => {
    const api = await startGitLabApi()
    open.push(api)
    const env = { GITLAB_CI: 'true', CI_API_V4_URL: api.apiUrl, CI_PROJECT_ID: '17', CI_COMMIT_SHA: SHA }
    const place = placeIn(env)
    const settings = PORT_SETTINGS
    const signals = fiveSeconds()
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
    const place = placeIn(env)
    const settings = PORT_SETTINGS
    const signals = fiveSeconds()
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
    const place = placeIn(env)
    const settings = PORT_SETTINGS
    const port = () => gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => Date.now() + 5000 })
    const signals = () => ({ write: AbortSignal.timeout(5000), lookup: AbortSignal.timeout(5000), nextLookup: () => AbortSignal.timeout(5000) })
    const success = runOutcome([updateReport('u1', { status: 'success' })], { result: 'success' })
    // Step 1 wrote its running and ended without its close (cancelled): the running stays open.
    await port().open(signals(), () => undefined)
    // Step 2's running is answered 502 and not applied (yet).
    api.delayWrites({ ms: 0, status: 502, apply: false })
    const second = port()
    await expect(second.open(signals(), () => undefined)).rejects.toThrow(/HTTP 502/)
    // Step 2's success holds the status for step 1, a writer of its own: its running is refused
    // as what stands (step 1's open running, the only status of the name).
    await second.close(success, true, 'lost', signals())
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body?.state)).toEqual(['running', 'running', 'running'])
    expect(api.statuses.map((s) => s.state)).toEqual(['running'])
    // Step 1's running is not step 2's: step 2's may still land, and the read back says so.
    await expect(second.readBack?.(true, signals(), 'open')).resolves.toBe('unseen')
  })
})

describe('the GitLab port, a running applied whose answer was lost', () => {
  it.each([
    ['alone (no pipeline id)', undefined],
    ['in a pipeline', '4711']
  ])('%s: the outcome moves it in place, and the read back knows it landed', async (_name, pipeline) => {
    const api = await startGitLabApi()
    open.push(api)
    const env = {
      GITLAB_CI: 'true',
      CI_API_V4_URL: api.apiUrl,
      CI_PROJECT_ID: '17',
      CI_COMMIT_SHA: SHA,
      CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991',
      ...(pipeline ? { CI_PIPELINE_ID: pipeline } : {})
    }
    const place = placeIn(env)
    const settings = PORT_SETTINGS
    const port = gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env, clean: (t) => t, endAt: () => Date.now() + 5000 })
    const signals = () => ({ write: AbortSignal.timeout(5000), lookup: AbortSignal.timeout(5000), nextLookup: () => AbortSignal.timeout(5000) })
    const success = runOutcome([updateReport('u1', { status: 'success' })], { result: 'success' })
    // The running applied, then answered 504 (a gateway that gave up).
    api.delayWrites({ ms: 0, status: 504, apply: true })
    await expect(port.open(signals(), () => undefined)).rejects.toThrow(/HTTP 504/)
    await port.close(success, true, 'lost', signals())
    expect(api.statusWrites.map((s) => (s.moved ? `${s.state} (moved)` : s.state))).toEqual(['running', 'success (moved)'])
    // No running is listed any more, yet the one that got no answer has landed: nothing of it can come.
    await expect(port.readBack?.(true, signals(), 'open')).resolves.toBe('outcome')
  })
})

describe('the GitLab port, an answer near the end', () => {
  it("a write answered before the step's limit is not cut by the client's teardown (GitLab's already so is no warning)", async () => {
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
    const place = placeIn(env)
    const settings = PORT_SETTINGS
    const success = runOutcome([updateReport('u1', { status: 'success' })], { result: 'success' })
    const signals = fiveSeconds()
    const portOf = (job: string, endAt: () => number) =>
      gitlabStatusPort('docs', place, GITLAB_TOKEN, [], settings, { env: { ...env, CI_JOB_NAME: job }, clean: (t) => t, endAt })
    // Leg b's running is open: leg a's hold (running) is refused as already so (400, Cannot transition).
    await portOf('publish-docs [b]', () => Date.now() + 5000).open(signals, () => undefined)
    // Leg a writes it near its limit: GitLab answers each request at once, the client's teardown
    // ends long past the limit (the teardown's time is the test's own: it is never waited on).
    teardown.ms = 60_000
    try {
      const endAt = Date.now() + 2000
      const port = portOf('publish-docs [a]', () => endAt)
      const log = { info: vi.fn<(line: string) => void>(), warning: vi.fn<(line: string) => void>() }
      const cancel = { signal: new AbortController().signal, exitBy: () => undefined }
      const lifecycle = recordLifecycle(port, { cancel, endAt, requestTimeoutMs: 5000, log, clean: (text) => text })
      await lifecycle.close(success)
      expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body?.state)).toEqual(['running', 'running'])
      expect(api.statuses.map((s) => s.state)).toEqual(['running'])
      expect(log.warning).not.toHaveBeenCalled()
      expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^Commit status docs: running on commit \w+ \(this job’s docs are ready/))
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
