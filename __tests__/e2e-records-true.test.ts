import { afterAll, describe, expect, it } from 'vitest'
import { codesOf } from '../src/warnings.js'
import { GITLAB_TOKEN, JOB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, SHA } from '../dev/simulator.js'
import { tagOf, untagged } from '../src/records/gate.js'
import { runCommand } from './helpers/cli.js'
import { githubApi, killWhen, runAgainst, simulator } from './helpers/e2e.js'

// What the step writes elsewhere is true at the end: the commit statuses (the gate users
// require), the deployment, the comment and the note, on both runners, when a write is lost,
// when runs share a commit, and when the inputs are invalid.
const TOKEN = 'ghs_fake_token_for_tests_0037'
const gate = { 'commit-status': 'docs', 'github-token': TOKEN }

type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
const open: GitLabApi[] = []
afterAll(async () => {
  for (const api of open) await api.close()
})
async function gitlab(): Promise<GitLabApi> {
  const api = await startGitLabApi()
  open.push(api)
  return api
}
function pipelineJob(api: GitLabApi, extra: Record<string, string> = {}): Record<string, string> {
  return {
    GITLAB_CI: 'true',
    CI_API_V4_URL: api.apiUrl,
    CI_PROJECT_ID: '17',
    CI_PIPELINE_ID: '4711',
    CI_JOB_NAME: 'publish-docs',
    CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991',
    CI_COMMIT_SHA: SHA,
    CI_JOB_TOKEN: JOB_TOKEN,
    WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
    WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN,
    ...extra
  }
}
const fast = ['--min-interval', '100ms', '--max-interval', '200ms']
const output = (run: { stdout: string; stderr: string }) => run.stdout + run.stderr
/** A request as the stand-ins record it. */
type Sent = { method: string; path: string; body?: { state?: unknown; body?: unknown }; at: number }
/**
 * A lost write staged by order, not by time: answered `answer` (502) at once, and applied as the
 * first request after the outcome's write (`isOutcome`) arrives (or the one `later` requests after
 * that), before that request is served: after the outcome, and before that request reads it back,
 * however busy the machine.
 */
function landsAfterTheOutcome(
  api: { onRequest: ((request: Sent) => void) | undefined },
  isOutcome: (request: Sent) => boolean,
  answer: { status?: number; reset?: boolean } = { status: 502 },
  later = 0
) {
  let land = () => {}
  let after: number | undefined
  api.onRequest = (request) => {
    if (after === undefined) after = isOutcome(request) ? 0 : undefined
    else if (after++ === later) land()
  }
  return {
    ms: 0,
    ...answer,
    landing: (given: () => void) => {
      land = given
    }
  }
}
/** The commit status writes GitLab applied, in order (its statuses hold an open one moved in place: `statuses`). */
const written = (api: GitLabApi) => api.statusWrites.map((s) => (s.moved ? `${s.state} (moved)` : s.state))

describe.concurrent('invalid inputs leave no earlier success standing', () => {
  it('the action: a typo in another input writes error on the commit status, with the reason', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // An earlier run's success on the same commit and context.
    const earlier = await runAgainst(sim, { 'status-id': 'update-success', ...gate }, { env: { GITHUB_API_URL: api.url } })
    expect(earlier.code).toBe(0)
    expect(api.statuses.at(-1)?.state).toBe('success')
    const run = await runAgainst(sim, { 'status-id': 'update-success', timeout: 'soon', ...gate }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.outputs.result).toBe('error')
    expect(api.statuses.at(-1)).toMatchObject({ state: 'error', context: 'docs', sha: SHA })
    expect(api.statuses.at(-1)?.description).toMatch(/^Invalid input/)
    expect(run.stdout).toContain('Commit status docs: error on commit')
  })

  it('the action: an invalid commit-status context itself writes nothing and says why in the problems', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'commit-status': 'docs\u0007', 'github-token': TOKEN },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.outputs.result).toBe('error')
    expect(api.statuses).toEqual([])
    expect(run.stdout).toContain('commit-status')
  })

  it('the command on GitLab: a typo in another flag writes failed on the commit status, with the reason', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', '--timeout', 'soon', ...fast], {
      env: pipelineJob(api)
    })
    await api.settled()
    expect(run.code, output(run)).toBe(2)
    expect(api.statuses.map(({ state, name, sha }) => ({ state, name, sha }))).toEqual([{ state: 'failed', name: 'docs', sha: SHA }])
    expect(api.statuses[0]?.description).toMatch(/^Invalid input/)
  })
})

describe.concurrent('an unanswered opening write does not hold the outcome back', () => {
  it('the action: GitHub never answers the pending status; the docs fail: failure is written at once, the step ends long before its limit', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // The pending POST is held ten minutes (applied and answered then): as good as never.
    api.delayWrites(600_000)
    const started = Date.now()
    const run = await runAgainst(sim, { 'status-id': 'update-failure', ...gate, timeout: '60s', 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(api.statuses.map((status) => status.state)).toEqual(['failure'])
    // Not timeout + request-timeout (61 s): the outcome waited request-timeout, then the pending twice that at the most.
    expect(Date.now() - started).toBeLessThan(20_000)
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('its "in progress" write had no answer')
    expect(run.stdout).toContain('Commit status docs: failure on commit')
  })

  it('the command on GitLab: GitLab never answers the running status; the docs deploy: success is written at once', async () => {
    const sim = await simulator()
    const api = await gitlab()
    api.delayWrites(600_000)
    const started = Date.now()
    const run = await runCommand(
      () => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', '--timeout', '60s', '--request-timeout', '1s', ...fast],
      { env: pipelineJob(api) }
    )
    expect(run.code, output(run)).toBe(0)
    expect(api.statuses.map((status) => status.state)).toEqual(['success'])
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(output(run)).toContain('Commit status docs: success on commit')
  })
})

describe.concurrent('siblings on one commit never turn a failure green', () => {
  it('two matrix legs with one commit-status context: leg a fails, leg b succeeds after it: the check stays failure', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // Leg b succeeds once leg a's failure is on the commit, however the two processes are scheduled (found under load).
    const aFailed = () => api.statuses.some((s) => s.state === 'failure')
    sim.script('update', 'leg-b', [{ fn: () => ({ json: aFailed() ? { status: 'success', endedAt: '2026-01-01T00:00:00Z' } : { status: 'in_progress' } }) }])
    // Each leg as the runner starts it: the same job and step, its own matrix values.
    const [a, b] = await Promise.all([
      runAgainst(sim, { 'status-id': 'update-failure', ...gate, matrix: '{\n  "site": "a"\n}' }, { env: { GITHUB_API_URL: api.url } }),
      runAgainst(sim, { 'status-id': 'leg-b', ...gate, matrix: '{\n  "site": "b"\n}' }, { env: { GITHUB_API_URL: api.url } })
    ])
    await api.settled()
    expect(a?.outputs.result).toBe('failure')
    expect(b?.outputs.result).toBe('success')
    const last = api.statuses.at(-1)
    expect(last?.state).toBe('failure')
    expect(last?.description).toMatch(/^Another job of this run \(wait-for-docs \(a\)\) failed: /)
    expect(b?.stdout).toContain('another job of this run (wait-for-docs (a)) failed it')
  })

  it('two jobs the runner names alike (callers of one reusable workflow, no matrix): job a fails, job b succeeds after it: the check stays failure', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const aFailed = () => api.statuses.some((s) => s.state === 'failure')
    sim.script('update', 'twin-b', [{ fn: () => ({ json: aFailed() ? { status: 'success', endedAt: '2026-01-01T00:00:00Z' } : { status: 'in_progress' } }) }])
    const [a, b] = await Promise.all([
      runAgainst(sim, { 'status-id': 'update-failure', ...gate }, { env: { GITHUB_API_URL: api.url } }),
      runAgainst(sim, { 'status-id': 'twin-b', ...gate }, { env: { GITHUB_API_URL: api.url } })
    ])
    await api.settled()
    expect([a?.outputs.result, b?.outputs.result]).toEqual(['failure', 'success'])
    expect(api.statuses.at(-1)?.state).toBe('failure')
    expect(api.statuses.at(-1)?.description).toMatch(/^Another job of this run \(wait-for-docs\) failed: /)
  })

  it('the other jobs’ statuses cannot be read at first: this job’s success is not written over what it could not see (found by the explorer)', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // Another leg of this run failed already; the first two listings of the commit's statuses fail.
    api.statuses.push({
      id: 901,
      sha: SHA,
      state: 'failure',
      context: 'docs',
      description: 'Another leg failed',
      target_url: 'https://github.com/acme/docs/actions/runs/4242424242',
      at: Date.now()
    } as (typeof api.statuses)[number])
    api.failStatusListings = 2
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.outputs.result).toBe('success')
    expect(api.statuses.map((s) => s.state)).toEqual(['failure', 'pending', 'failure'])
    expect(api.statuses.at(-1)?.description).toMatch(/^Another job of this run failed/)
    expect(run.stdout).toContain('could not be read')
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])
  })

  it('the other jobs’ statuses can never be read: no success is written, and one warning says why and what to do', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.failStatusListings = 1000
    // Tried again until the step's time for writes ends (timeout + request-timeout + 2 s): a short one.
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate, timeout: '3s', 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code).toBe(0)
    expect(api.statuses.map((s) => s.state)).toEqual(['pending'])
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('the statuses the other jobs of this run wrote on docs could not be read (HTTP 503')
    expect(warnings[0]).toContain("this job's success must not replace another job's failure")
    // Machines tell it by its code: the success was not written, for this reason.
    expect(codesOf(warnings[0] ?? '')).toEqual(['commit-status.others-unread'])
  })

  it('the other jobs’ statuses unread after this job’s success, and never again: the success stands unconfirmed, and the warning says it was written', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // Read before the success, then never again: every try after it fails before its own write.
    api.onRequest = (request) => {
      if (request.method === 'POST' && /\/statuses\//.test(request.path) && request.body?.state === 'success') api.failStatusListings = 1000
    }
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate, timeout: '3s', 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code).toBe(0)
    expect(api.statuses.map((s) => s.state)).toEqual(['pending', 'success'])
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    // It was written: the check shows it, and what to look at before merging is said, not "not written".
    expect(warnings[0]).toContain('Commit status docs: success was written on commit')
    expect(warnings[0]).not.toContain('so it was not written')
    expect(codesOf(warnings[0] ?? '')).toEqual(['commit-status.unconfirmed'])
  })

  it.each([
    ['of the same pipeline: the status stays failed', 4711, ['failed', 'failed']],
    ['of an earlier pipeline (a retry): this job’s success stands', 4700, ['failed', 'success']]
  ])('the command on GitLab: another job failed the name %s', async (_name, pipeline, states) => {
    const sim = await simulator()
    const api = await gitlab()
    api.statuses.push({
      id: 777,
      project: '17',
      sha: SHA,
      state: 'failed',
      name: 'docs',
      description: 'Another leg failed',
      target_url: 'https://gitlab.example.com/acme/docs/-/jobs/990',
      pipeline_id: pipeline,
      at: Date.now()
    } as (typeof api.statuses)[number])
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', ...fast], { env: pipelineJob(api) })
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    // The failure is finished: the running is a status of its own, and the outcome moves it.
    expect(written(api)).toEqual(['running', `${states[1]} (moved)`])
    expect(api.statuses.map((s) => s.state)).toEqual(states)
    if (pipeline === 4711) {
      expect(api.statuses.at(-1)?.description).toMatch(/^Another job of this pipeline failed: Another leg failed/)
      expect(output(run)).toContain('another job of this pipeline failed it')
    }
  })

  it('the action: another leg’s failure below more than a page of newer statuses (150 of other checks): every page is read, and this job’s success does not cover it', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // Ids grow with time, as GitHub's do: the stand-in gives the step's own from 1000 on.
    const at = Date.now()
    api.statuses.push({
      id: 1,
      sha: SHA,
      state: 'failure',
      context: 'docs',
      description: 'Another leg failed',
      target_url: 'https://github.com/acme/docs/actions/runs/4242424242',
      at
    } as (typeof api.statuses)[number])
    for (let i = 0; i < 150; i++)
      api.statuses.push({
        id: 2 + i,
        sha: SHA,
        state: 'success',
        context: `ci/check-${i}`,
        description: 'Passed',
        target_url: 'https://ci.example.com/',
        at
      } as (typeof api.statuses)[number])
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.outputs.result).toBe('success')
    const docs = api.statuses.filter((s) => s.context === 'docs')
    expect(docs.map((s) => s.state)).toEqual(['failure', 'pending', 'failure'])
    expect(docs.at(-1)?.description).toMatch(/^Another job of this run failed: Another leg failed/)
    expect(run.stdout).toContain('another job of this run failed it')
    // The listing went past its first page (newest first: the failure is on the second).
    const pages = api.requests.filter((r) => r.method === 'GET' && /\/commits\/[^/]+\/statuses$/.test(r.path))
    expect(pages.length).toBeGreaterThanOrEqual(2)
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])
  })

  it('the command on GitLab: 120 statuses of the name from earlier pipelines, then another job’s failure in this one: GitLab lists oldest first, every page is read, the status stays failed', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const at = Date.now()
    const status = (id: number, state: string, pipeline: number, description: string) =>
      ({
        id,
        project: '17',
        sha: SHA,
        state,
        name: 'docs',
        description,
        target_url: `https://gitlab.example.com/acme/docs/-/jobs/${id}`,
        pipeline_id: pipeline,
        at
      }) as (typeof api.statuses)[number]
    for (let i = 0; i < 120; i++) api.statuses.push(status(1 + i, 'success', 4000 + i, 'Docs deployed'))
    api.statuses.push(status(200, 'failed', 4711, 'Another leg failed'))
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', ...fast], { env: pipelineJob(api) })
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    expect(api.statuses.slice(120).map((s) => s.state)).toEqual(['failed', 'failed'])
    expect(written(api)).toEqual(['running', 'failed (moved)'])
    expect(api.statuses.at(-1)?.description).toMatch(/^Another job of this pipeline failed: Another leg failed/)
    expect(output(run)).toContain('another job of this pipeline failed it')
  })

  it('a later attempt of the failed leg that succeeds turns the check green: an earlier attempt is not a sibling', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const first = await runAgainst(sim, { 'status-id': 'update-failure', ...gate }, { env: { GITHUB_API_URL: api.url } })
    expect(first.outputs.result).toBe('failure')
    const again = await runAgainst(sim, { 'status-id': 'update-success', ...gate }, { env: { GITHUB_API_URL: api.url, GITHUB_RUN_ATTEMPT: '2' } })
    expect(again.outputs.result).toBe('success')
    expect(api.statuses.at(-1)?.state).toBe('success')
    expect(untagged(api.statuses.at(-2)?.target_url)).toMatch(/\/actions\/runs\/4242424242\/attempts\/2$/)
    expect(tagOf(api.statuses.at(-2)?.target_url)?.own).toBe('pending')
  })
})

describe.concurrent('the rule for runs that share a commit (docs/usage/required-check.md), end to end', () => {
  const ENDED = { endedAt: '2026-01-01T00:00:00Z' }
  const leg = (site: string) => ({ ...gate, matrix: `{\n  "site": "${site}"\n}` })
  const env = (api: { url: string }, more: Record<string, string> = {}) => ({ env: { GITHUB_API_URL: api.url, ...more } })

  it('the action: leg a’s success while leg b still waits holds the check pending, naming b; only b’s success turns it green', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // Leg b ends only once leg a has ended: a wait that outlasts the other leg's. Leg a ends once
    // leg b's pending is on the commit, however the two processes are scheduled (found under load).
    let aEnded = false
    const bWaits = () => api.statuses.some((s) => tagOf(s.target_url)?.label === 'wait-for-docs (b)')
    sim.script('update', 'leg-a', [{ fn: () => ({ json: bWaits() ? { status: 'success', ...ENDED } : { status: 'in_progress' } }) }])
    sim.script('update', 'leg-b', [{ fn: () => ({ json: aEnded ? { status: 'success', ...ENDED } : { status: 'in_progress' } }) }])
    const [a, b] = await Promise.all([
      runAgainst(sim, { 'status-id': 'leg-a', ...leg('a') }, env(api)).finally(() => {
        aEnded = true
      }),
      runAgainst(sim, { 'status-id': 'leg-b', ...leg('b') }, env(api))
    ])
    await api.settled()
    expect(a.outputs.result).toBe('success')
    expect(b.outputs.result).toBe('success')
    const held = api.statuses.find((s) => tagOf(s.target_url)?.label === 'wait-for-docs (a)' && tagOf(s.target_url)?.own === 'success')
    expect(held?.state).toBe('pending')
    expect(held?.description).toBe('Docs ready in this job; waiting for another job of this run: wait-for-docs (b)')
    expect(a.stdout).toMatch(/Commit status docs: pending on commit \w{7}, linking /)
    expect(a.stdout).toContain('(this job’s docs are ready; the check waits for another job of this run: wait-for-docs (b))')
    // No success stood while b waited: the only one is b's, the last.
    expect(api.statuses.filter((s) => s.state === 'success').map((s) => tagOf(s.target_url)?.label)).toEqual(['wait-for-docs (b)'])
    expect(api.statuses.at(-1)?.state).toBe('success')
  })

  it('the action: a re-run of only the passing leg (attempt 2) keeps the failure of the leg that was not re-run', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const a = await runAgainst(sim, { 'status-id': 'update-success', ...leg('a') }, env(api))
    const b = await runAgainst(sim, { 'status-id': 'update-failure', ...leg('b') }, env(api))
    expect([a.outputs.result, b.outputs.result]).toEqual(['success', 'failure'])
    const again = await runAgainst(sim, { 'status-id': 'update-success', ...leg('a') }, env(api, { GITHUB_RUN_ATTEMPT: '2' }))
    await api.settled()
    expect(again.outputs.result).toBe('success')
    expect(api.statuses.at(-1)?.state).toBe('failure')
    expect(api.statuses.at(-1)?.description).toMatch(/^Another job of this run \(wait-for-docs \(b\)\) failed: /)
    expect(again.stdout).toContain('another job of this run (wait-for-docs (b)) failed it')
    // Leg b re-run in attempt 3, passing now: the check turns green.
    const fixed = await runAgainst(sim, { 'status-id': 'update-success', ...leg('b') }, env(api, { GITHUB_RUN_ATTEMPT: '3' }))
    await api.settled()
    expect(fixed.outputs.result).toBe('success')
    expect(api.statuses.at(-1)?.state).toBe('success')
  })

  it('the action: a fail-fast matrix: the leg cancelled after another leg failed leaves the failure, in that leg’s words, not its cancel', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'leg-a-long', [{ json: { status: 'in_progress' }, repeat: 1000 }])
    const bFailed = () => api.statuses.some((s) => s.state === 'failure')
    const [a, b] = await Promise.all([
      runAgainst(sim, { 'status-id': 'leg-a-long', ...leg('a') }, { ...env(api), onStdout: killWhen(bFailed, 'SIGTERM') }),
      runAgainst(sim, { 'status-id': 'update-failure', ...leg('b') }, env(api))
    ])
    await api.settled()
    expect(a.outputs.result).toBe('cancelled')
    expect(b.outputs.result).toBe('failure')
    const last = api.statuses.at(-1)
    expect(last?.state).toBe('failure')
    expect(tagOf(last?.target_url)).toMatchObject({ label: 'wait-for-docs (a)', own: 'cancelled' })
    expect(last?.description).toMatch(/^Another job of this run \(wait-for-docs \(b\)\) failed: /)
  })

  it('the command on GitLab: a retried job (a new job of the same name in the same pipeline) replaces its own earlier failure', async () => {
    const sim = await simulator()
    const api = await gitlab()
    sim.script('update', 'flaky', [{ json: { status: 'failure', ...ENDED } }, { json: { status: 'success', ...ENDED } }])
    const args = () => ['--base-url', sim.url, '--status-id', 'flaky', '--commit-status', 'docs', ...fast]
    const first = await runCommand(args, { env: pipelineJob(api, { CI_JOB_ID: '990', CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/990' }) })
    expect(first.code, output(first)).toBe(1)
    const retry = await runCommand(args, { env: pipelineJob(api, { CI_JOB_ID: '991', CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991' }) })
    await api.settled()
    expect(retry.code, output(retry)).toBe(0)
    // Each job's running is moved to its outcome; the retry's running comes after a finished failure: a status of its own.
    expect(written(api)).toEqual(['running', 'failed (moved)', 'running', 'success (moved)'])
    expect(api.statuses.map((s) => s.state)).toEqual(['failed', 'success'])
    expect(untagged(api.statuses.at(-1)?.target_url)).toBe('https://gitlab.example.com/acme/docs/-/jobs/991')
    expect(output(retry)).not.toContain('another job of this pipeline')
  })
})

describe.concurrent('the status follows the step’s verdict', () => {
  it('the action: a timeout that fail-on-timeout: false lets through is success, saying it timed out and was let through; with fail-on-timeout it is error', async () => {
    const sim = await simulator()
    const [through, failing] = [await githubApi(), await githubApi()]
    sim.script('update', 'slow', [{ json: { status: 'in_progress' }, repeat: 1000 }])
    const inputs = { 'status-id': 'slow', ...gate, timeout: '1s', 'request-timeout': '1s' }
    const let_ = await runAgainst(sim, { ...inputs, 'fail-on-timeout': 'false' }, { env: { GITHUB_API_URL: through.url } })
    const fail = await runAgainst(sim, inputs, { env: { GITHUB_API_URL: failing.url } })
    await Promise.all([through.settled(), failing.settled()])
    expect([let_.code, let_.outputs.result]).toEqual([0, 'timeout'])
    expect(through.statuses.map((s) => s.state)).toEqual(['pending', 'success'])
    expect(through.statuses.at(-1)?.description).toMatch(/^Timed out, let through \(fail-on-timeout: false\): /)
    expect([fail.code, fail.outputs.result]).toEqual([1, 'timeout'])
    expect(failing.statuses.map((s) => s.state)).toEqual(['pending', 'error'])
  })

  it('the command on GitLab: a timeout that --fail-on-timeout false lets through is success, saying so (exit 0)', async () => {
    const sim = await simulator()
    const api = await gitlab()
    sim.script('update', 'slow', [{ json: { status: 'in_progress' }, repeat: 1000 }])
    const run = await runCommand(
      () => [
        '--base-url',
        sim.url,
        '--status-id',
        'slow',
        '--commit-status',
        'docs',
        '--timeout',
        '1s',
        '--request-timeout',
        '1s',
        '--fail-on-timeout',
        'false',
        ...fast
      ],
      { env: pipelineJob(api) }
    )
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    expect(written(api)).toEqual(['running', 'success (moved)'])
    expect(api.statuses.at(-1)?.description).toMatch(/^Timed out, let through \(fail-on-timeout: false\): /)
  })
})

describe.concurrent('one retry rule for every record write', () => {
  it.each([
    ['a 429', 429],
    ['a 403 secondary rate limit', 403]
  ])('the action: %s with Retry-After on the outcome’s write is waited out, within the step’s limit: the check ends true', async (_name, status) => {
    const sim = await simulator()
    const api = await githubApi()
    let armed = false
    // Once the pending status is in, GitHub limits the rate of writes for 2 s.
    api.onRequest = (request) => {
      if (armed || request.method !== 'POST' || !request.path.includes('/statuses/')) return
      armed = true
      setTimeout(() => api.rateLimit(2000, status), 0)
    }
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    expect(api.statuses.map((s) => s.state)).toEqual(['pending', 'success'])
    expect(run.stdout).toContain('as it asked')
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])
  })

  /** Arms `then` once the first commit status write (the pending) was answered. */
  const afterThePending = (api: Awaited<ReturnType<typeof githubApi>>, then: () => void) => {
    let armed = false
    api.onRequest = (request) => {
      if (armed || request.method !== 'POST' || !request.path.includes('/statuses/')) return
      armed = true
      setTimeout(then, 0)
    }
  }

  it('the action: the outcome’s write refused three times with Retry-After 1 s is sent a fourth time, not given up: the check ends true', async () => {
    const sim = await simulator()
    const api = await githubApi()
    afterThePending(api, () => api.limitWrites(3, 1))
    const run = await runAgainst(sim, { 'status-id': 'update-failure', ...gate }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code, run.stdout).toBe(1)
    expect(api.statuses.map((s) => s.state)).toEqual(['pending', 'failure'])
    expect(api.requests.filter((r) => r.method === 'POST' && r.path.includes('/statuses/'))).toHaveLength(5)
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])
  })

  it('the action: a Retry-After longer than what is left of the step ends the tries at once, and its warning says so, not "did not answer"', async () => {
    const sim = await simulator()
    const api = await githubApi()
    afterThePending(api, () => api.limitWrites(100, 600))
    const run = await runAgainst(sim, { 'status-id': 'update-failure', ...gate, timeout: '60s', 'request-timeout': '5s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code, run.stdout).toBe(1)
    // Ended at once: not held idle to the step's limit (60 s + 5 s).
    expect(run.durationMs).toBeLessThan(30_000)
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('it asked to wait 10m00s before the next try, longer than the')
    expect(warnings[0]).not.toContain('did not answer')
  })

  it('the action: the pending answered 502 (not applied) is sent again: an earlier run’s success on the commit does not stand while this one waits', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // Another run on the same commit (a second event on the head) left success.
    api.statuses.push({
      id: 1,
      sha: SHA,
      state: 'success',
      context: 'docs',
      description: 'Docs deployed',
      target_url: 'https://github.com/acme/docs/actions/runs/1',
      at: Date.now()
    } as (typeof api.statuses)[number])
    api.delayWrites({ ms: 0, status: 502 })
    // The update settles only once the check shows pending: what a merge sees while this run waits.
    sim.script('update', 'while-pending', [
      { fn: () => ({ json: api.statuses.at(-1)?.state === 'pending' ? { status: 'success', endedAt: '2026-01-01T00:00:00Z' } : { status: 'in_progress' } }) }
    ])
    const run = await runAgainst(sim, { 'status-id': 'while-pending', ...gate, timeout: '10s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.outputs.result).toBe('success')
    expect(api.statuses.map((s) => s.state)).toEqual(['success', 'pending', 'success'])
    expect(run.stdout).toContain('did not take the "in progress" write')
  })

  it.each([
    ['Retry-After: 1', { retryAfter: true }],
    ['only RateLimit-Reset (epoch seconds)', { retryAfter: false }]
  ])(
    'the command on GitLab: a 429 with %s on the outcome’s writes is waited out as asked: the note and the commit status end with the outcome',
    async (_name, limit) => {
      const sim = await simulator()
      const api = await gitlab()
      let writes = 0
      let limitEndsAt = Number.POSITIVE_INFINITY
      // Once "in progress" and running are in, GitLab limits the rate of writes for 1 s: both outcomes are refused at first.
      api.onRequest = (request) => {
        if (request.method === 'GET' || ++writes !== 3) return
        api.rateLimit(1000, limit)
        limitEndsAt = Date.now() + 1000
      }
      const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', '--mr-comment', ...fast], {
        env: pipelineJob(api, { CI_MERGE_REQUEST_IID: '3' })
      })
      await api.settled()
      expect(run.code, output(run)).toBe(0)
      const sent = api.requests.filter((r) => r.method !== 'GET')
      // The opens, the two outcomes refused with 429, and each outcome once more, after the limit's end.
      expect(sent.slice(0, 2).map((r) => r.body?.state ?? 'note')).toEqual(expect.arrayContaining(['running', 'note']))
      expect(sent, output(run)).toHaveLength(6)
      expect(sent.slice(4).every((r) => r.at >= limitEndsAt)).toBe(true)
      expect(written(api)).toEqual(['running', 'success (moved)'])
      expect(api.notes).toHaveLength(1)
      expect(api.notes[0]?.body).toContain('### ✅ Docs update deployed')
      // The log says why it waited, and that it waited as asked.
      const retries = output(run)
        .split('\n')
        .filter((line) => /did not take the outcome \(GitLab asked to slow down: a rate limit of its API was reached \(HTTP 429\).*as it asked\.$/.test(line))
      expect(retries, output(run)).toHaveLength(2)
      if (limit.retryAfter) expect(retries.every((line) => line.includes('writing it again in 1.0s, as it asked.'))).toBe(true)
      expect(output(run)).toContain('Commit status docs: success on commit')
      expect(output(run)).toContain('Updated the note on merge request !3.')
      expect(output(run)).not.toMatch(/could not be written|warning/)
    }
  )

  it('the action: the deployment’s creation refused by a rate limit when waiting begins: it is created with the outcome once the pause is over', async () => {
    const sim = await simulator()
    const api = await githubApi()
    let armed = false
    api.onRequest = (request) => {
      if (armed || request.method !== 'POST' || !/\/deployments$/.test(request.path)) return
      armed = true
      api.rateLimit(1000)
    }
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'deployment-environment': 'docs', 'github-token': TOKEN },
      { env: { GITHUB_API_URL: api.url } }
    )
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    expect(api.deployments).toHaveLength(1)
    expect(api.deployments[0]?.statuses.map((s) => s.state)).toEqual(['success'])
    expect(run.stdout).toContain('with the outcome (GitHub had asked to slow down when waiting began)')
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])
  })

  it('the command on GitLab: a close applied but answered 502 is sent again, written anew after the finished one, and read back: no warning', async () => {
    const sim = await simulator()
    const api = await gitlab()
    // The running status at once; the outcome applied (moving the running), then answered 502 as a
    // gateway that timed out: it has landed before its answer, whenever the step reads it back.
    api.delayWrites(0, { ms: 0, status: 502, apply: true })
    const run = await runCommand(
      () => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', '--request-timeout', '1s', ...fast],
      { env: pipelineJob(api) }
    )
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    // GitLab moved the running to success; the success sent again comes after a finished status: one of its own.
    expect(written(api)).toEqual(['running', 'success (moved)', 'success'])
    expect(api.statuses.map((s) => s.state)).toEqual(['success', 'success'])
    expect(output(run)).toContain('Commit status docs: success on commit')
    expect(output(run)).not.toMatch(/could not be written|warning/)
  })
})

describe.concurrent('a lost write that still lands is read back and made true', () => {
  it.each([
    ['answered 502', { status: 502 }],
    ['its connection reset', { reset: true }]
  ])('the action: the pending status %s and applied after the outcome: the check ends with the outcome', async (_name, answer) => {
    const sim = await simulator()
    const api = await githubApi()
    // Applied as the read back's listing arrives: the second request after the outcome's write,
    // which the step's own listing after its write follows.
    api.delayWrites(landsAfterTheOutcome(api, (r) => r.method === 'POST' && r.body?.state === 'success', answer, 1))
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate, 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    const states = api.statuses.map((s) => s.state)
    // The pending was sent again at once; the late one landed after the outcome, and the outcome was written again after it.
    expect(states.lastIndexOf('pending')).toBeGreaterThan(states.indexOf('success'))
    expect(states.at(-1)).toBe('success')
    expect(run.stdout).toContain('was applied after the outcome; writing the outcome again')
  })

  it('the action: the deployment’s in_progress status answered 502 and applied later: the deployment ends with the outcome', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // Applied as the request after the outcome's status arrives (at a time, 1.5 s, it failed under load).
    api.delayDeploymentWrites(
      0,
      landsAfterTheOutcome(api, (r) => r.method === 'POST' && r.path.includes('/deployments/') && r.body?.state === 'success')
    )
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'deployment-environment': 'docs', 'github-token': TOKEN, 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: api.url } }
    )
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    const states = api.deployments.flatMap((d) => d.statuses.map((s) => s.state))
    expect(states.at(-1)).toBe('success')
    expect(states).toContain('in_progress')
  })

  it('the command on GitLab: the running status answered 502 and applied after the outcome: the status ends with the outcome', async () => {
    const sim = await simulator()
    const api = await gitlab()
    api.delayWrites(landsAfterTheOutcome(api, (r) => r.method === 'POST' && r.body?.state === 'success'))
    const run = await runCommand(
      () => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', '--request-timeout', '1s', ...fast],
      { env: pipelineJob(api) }
    )
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    // The running landed after the finished success (a status of its own), and the outcome moved it.
    expect(written(api)).toEqual(['success', 'running', 'success (moved)'])
    expect(api.statuses.map((s) => s.state)).toEqual(['success', 'success'])
    expect(output(run)).not.toContain('warning')
  })
})

describe.concurrent('a lost write that may land after the step is one warning naming the record', () => {
  const warnings = (text: string) => text.split('\n').filter((line) => line.startsWith('::warning::'))
  it('the action: the pending status answered 502 and applied 6 s later, after the step: the outcome stands, and one warning says it may not', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.delayWrites({ ms: 0, status: 502, appliedAfterMs: 6000 })
    const run = await runAgainst(sim, { 'status-id': 'update-failure', ...gate, 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout).toBe(1)
    // The pending is sent again while the wait goes on (250 ms after): whether that comes before
    // the first poll's failure is the machine's speed; the outcome is last either way.
    const states = api.statuses.map((s) => s.state)
    expect(states.at(-1)).toBe('failure')
    expect(states.slice(0, -1).every((state) => state === 'pending')).toBe(true)
    const said = warnings(run.stdout)
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(
      /^::warning::Commit status docs holds the outcome \(failure\) on commit \w+, but its "in progress" write got no answer and was not seen applied .*; if the GitHub API applies it later, .* \(HTTP 502/
    )
    expect(said[0]).toContain('was not seen applied')
    await api.settled()
  })

  it('the action: the pending status answered 502 but applied at once, before the outcome: seen under it, no warning', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.delayWrites({ ms: 0, status: 502, apply: true })
    const run = await runAgainst(sim, { 'status-id': 'update-failure', ...gate, 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code, run.stdout).toBe(1)
    // The pending is sent again while the wait goes on (250 ms after): whether that comes before
    // the first poll's failure is the machine's speed (found under load: a second pending); the
    // outcome is last either way, and nothing is left to warn of.
    const states = api.statuses.map((s) => s.state)
    expect(states.at(-1)).toBe('failure')
    expect(states.slice(0, -1).length).toBeGreaterThanOrEqual(1)
    expect(states.slice(0, -1).every((state) => state === 'pending')).toBe(true)
    expect(warnings(run.stdout)).toEqual([])
  })

  it('the action: the deployment’s in_progress answered 502 and applied 6 s later: one warning names the deployment', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.delayDeploymentWrites(0, { ms: 0, status: 502, appliedAfterMs: 6000 })
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'deployment-environment': 'docs', 'github-token': TOKEN, 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code, run.stdout).toBe(0)
    const said = warnings(run.stdout)
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/^::warning::Deployment \d+ holds its last status \(success\), but its "in progress" write got no answer/)
    await api.settled()
  })

  it('the command on GitLab: the running status answered 502 and applied 6 s later: one warning names the commit status', async () => {
    const sim = await simulator()
    const api = await gitlab()
    api.delayWrites({ ms: 0, status: 502, appliedAfterMs: 6000 })
    const run = await runCommand(
      () => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', '--request-timeout', '1s', ...fast],
      { env: pipelineJob(api) }
    )
    expect(run.code, output(run)).toBe(0)
    // GitLab's running is tried once (a retry answered "already so" cannot tell the lost one landed); the lost one lands after the step.
    expect(api.statuses.map((s) => s.state)).toEqual(['success'])
    expect(output(run)).toMatch(
      /Commit status docs holds the outcome \(success\) on commit \w+, but its "in progress" write got no answer and was not seen applied .*; if the GitLab API applies it later, .* \(HTTP 502/
    )
    await api.settled()
  })
})

describe.concurrent('a lost write of the outcome is read back too', () => {
  const warnings = (text: string) => text.split('\n').filter((line) => line.startsWith('::warning::'))
  const sibling = (api: Awaited<ReturnType<typeof githubApi>>) =>
    api.addStatus({
      sha: SHA,
      state: 'failure',
      context: 'docs',
      description: 'Another leg failed',
      target_url: 'https://github.com/acme/docs/actions/runs/4242424242'
    })

  it('the action: the success answered 502 and applied later, after another job’s failure: the check ends with that failure (found by the explorer)', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // The pending at once; another leg fails as the success is sent; the success is answered 502,
    // and applied as the read back's listing arrives (the second request after the failure's
    // write, which the step's own listing after its write follows).
    let posts = 0
    api.delayWrites(
      0,
      landsAfterTheOutcome(
        api,
        (request) => {
          if (request.method === 'POST' && request.path.includes('/statuses/') && ++posts === 2) sibling(api)
          return request.method === 'POST' && request.body?.state === 'failure'
        },
        { status: 502 },
        1
      )
    )
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate, 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    const states = api.statuses.map((s) => s.state)
    // The late success landed over the other leg's failure, and the failure was written again after it.
    expect(states.lastIndexOf('success')).toBeLessThan(states.length - 1)
    expect(states.at(-1)).toBe('failure')
    expect(api.statuses.at(-1)?.description).toMatch(/^Another job of this run failed/)
    expect(run.stdout).toContain('A write whose answer was lost was applied after the outcome; writing the outcome again.')
  })

  it('the action: the success answered 502 and applied 6 s later, after the step: one warning says it may cover another job’s failure', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.delayWrites(0, { ms: 0, status: 502, appliedAfterMs: 6000 })
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate, 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout).toBe(0)
    const said = warnings(run.stdout)
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(
      /^::warning::Commit status docs holds the outcome \(success\) on commit \w+, but a write of its outcome got no answer and was not seen applied .*; if the GitHub API applies it later, .* \(HTTP 502/
    )
    expect(said[0]).toContain("the check may show success over another job's failure: look at the run's jobs before you merge")
    expect(codesOf(said[0] ?? '')).toEqual(['commit-status.may-not-hold', 'commit-status.late-success'])
    await api.settled()
  })

  it('the action: a failure answered 502 and applied later: the same outcome lands, nothing to say', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.delayWrites(0, { ms: 0, status: 502, appliedAfterMs: 6000 })
    const run = await runAgainst(sim, { 'status-id': 'update-failure', ...gate, 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout).toBe(1)
    expect(warnings(run.stdout)).toEqual([])
    expect(api.statuses.map((s) => s.state)).toEqual(['pending', 'failure'])
    await api.settled()
  })
})

describe.concurrent('a record deleted during the run is written anew with the outcome', () => {
  const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: 'c0ffee0123456789abcdef0123456789abcdef01' } } } }

  it('the action: the "in progress" comment deleted while waiting: the outcome is commented anew', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'deleted-meanwhile', [
      {
        fn: () => ({
          json: api.comments.length === 0 && api.writes().length > 0 ? { status: 'success', endedAt: '2026-01-01T00:00:00Z' } : { status: 'in_progress' }
        })
      }
    ])
    // Someone deletes the first comment as soon as it is posted.
    let deleted = false
    api.onRequest = (request) => {
      if (deleted || request.method !== 'POST' || !request.path.endsWith('/comments')) return
      deleted = true
      setTimeout(() => api.comments.splice(0), 50)
    }
    const run = await runAgainst(
      sim,
      { 'status-id': 'deleted-meanwhile', 'pr-comment': 'true', 'github-token': TOKEN, 'min-interval': '100ms', 'max-interval': '200ms' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    api.onRequest = undefined
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('Docs update deployed')
    // Said as what happened to the comment, not as a pull request that was not found.
    expect(run.stdout).toMatch(
      /The comment on pull request #\d+ was deleted during the run \(GitHub answered 404 to its update of comment \d+\); writing the outcome in a new comment\./
    )
    expect(run.stdout).not.toContain('pull request was not found')
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])
  })

  it('the command on GitLab: the "in progress" note deleted while waiting: the outcome is noted anew', async () => {
    const sim = await simulator()
    const api = await gitlab()
    sim.script('update', 'note-deleted', [
      {
        fn: () => ({
          json:
            api.notes.length === 0 && api.requests.some((r) => r.method === 'POST')
              ? { status: 'success', endedAt: '2026-01-01T00:00:00Z' }
              : { status: 'in_progress' }
        })
      }
    ])
    const env = pipelineJob(api, { CI_MERGE_REQUEST_IID: '3' })
    // Someone deletes the first note as soon as it is posted.
    let deleted = false
    const deleting = setInterval(() => {
      if (deleted || api.notes.length === 0) return
      deleted = true
      api.notes.splice(0)
    }, 10)
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'note-deleted', '--mr-comment', ...fast], { env })
    clearInterval(deleting)
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    expect(api.notes).toHaveLength(1)
    expect(api.notes[0]?.body).toContain('Docs update deployed')
    expect(output(run)).toMatch(
      /The note on merge request !3 was deleted during the run \(GitLab answered 404 to its update of note \d+\); writing the outcome in a new note\./
    )
  })
})

describe.concurrent('a creation whose answer was lost is not made twice', () => {
  const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: 'c0ffee0123456789abcdef0123456789abcdef01' } } } }

  it('the action: the "in progress" comment answered 502 and applied before the step looks for it: one comment, with the outcome', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // Applied as the request after it arrives: the step's first look finds it.
    api.delayWrites(landsAfterTheOutcome(api, (r) => r.method === 'POST' && r.path.endsWith('/comments')))
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN, 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('Docs update deployed')
  })

  it('the command on GitLab: the "in progress" note answered 502 and applied before the job looks for it: one note, with the outcome', async () => {
    const sim = await simulator()
    const api = await gitlab()
    // Applied as the request after it arrives: the job's first look finds it.
    api.delayWrites(landsAfterTheOutcome(api, (r) => r.method === 'POST' && r.path.endsWith('/notes')))
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', '--request-timeout', '1s', ...fast], {
      env: pipelineJob(api, { CI_MERGE_REQUEST_IID: '3' })
    })
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    expect(api.notes).toHaveLength(1)
    expect(api.notes[0]?.body).toContain('Docs update deployed')
  })
})

describe.concurrent('a twin made by a lost write is one record again (issue 37)', () => {
  const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: 'c0ffee0123456789abcdef0123456789abcdef01' } } } }
  const commentOn = { 'pr-comment': 'true', 'github-token': TOKEN }
  const warningsOf = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('::warning::'))
  const deletes = (requests: { method: string; path: string }[], what: string) => requests.filter((r) => r.method === 'DELETE' && r.path.includes(what))
  // The lifecycle gives a lost creation twice request-timeout (2 s) to land before the outcome
  // creates the comment; this one lands as the outcome's own POST arrives, before it is applied.
  const lateCreation = [
    ['answered 502', { status: 502 }],
    ['cut off by a reset', { reset: true }]
  ] as const
  const landingAsTheOutcomeArrives = (answer: { status?: number; reset?: boolean }) => {
    let land = () => {}
    const lost = {
      ms: 0,
      ...answer,
      landing: (given: () => void) => {
        land = given
      }
    }
    return [lost, { ms: 0, onArrive: () => land() }]
  }

  it.each(lateCreation)(
    'the action: the "in progress" comment %s and applied after the lifecycle waited: one comment, with the outcome',
    async (_name, answer) => {
      const sim = await simulator()
      const api = await githubApi()
      api.delayWrites(...landingAsTheOutcomeArrives(answer))
      const run = await runAgainst(
        sim,
        { 'status-id': 'update-success', ...commentOn, 'request-timeout': '1s' },
        { env: { GITHUB_API_URL: api.url }, event: pullRequest }
      )
      await api.settled()
      expect(run.code, run.stdout).toBe(0)
      expect(api.comments).toHaveLength(1)
      expect(api.comments[0]?.body).toContain('Docs update deployed')
      // Two creations were sent (the lost one, the outcome's), and one of the two comments was removed.
      expect(api.writes().filter((r) => r.method === 'POST')).toHaveLength(2)
      expect(deletes(api.requests, '/issues/comments/')).toHaveLength(1)
      expect(warningsOf(run.stdout)).toEqual([])
    }
  )

  it.each(lateCreation)(
    'the command on GitLab: the "in progress" note %s and applied after the lifecycle waited: one note, with the outcome',
    async (_name, answer) => {
      const sim = await simulator()
      const api = await gitlab()
      api.delayWrites(...landingAsTheOutcomeArrives(answer))
      const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', '--request-timeout', '1s', ...fast], {
        env: pipelineJob(api, { CI_MERGE_REQUEST_IID: '3' })
      })
      await api.settled()
      expect(run.code, output(run)).toBe(0)
      expect(api.notes).toHaveLength(1)
      expect(api.notes[0]?.body).toContain('Docs update deployed')
      expect(api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/notes'))).toHaveLength(2)
      expect(deletes(api.requests, '/notes/')).toHaveLength(1)
      expect(output(run)).not.toContain('warning')
    }
  )

  const theOutcome = (r: Sent) => r.method !== 'GET' && typeof r.body?.body === 'string' && !r.body.body.includes('⏳')

  it('the action: "in progress" onto an earlier run’s comment answered 503 and applied after the outcome: the outcome stands at the end', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const earlier = await runAgainst(sim, { 'status-id': 'update-success', ...commentOn }, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(earlier.code, earlier.stdout).toBe(0)
    expect(api.comments).toHaveLength(1)
    api.delayWrites(landsAfterTheOutcome(api, theOutcome, { status: 503 }))
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', ...commentOn, 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('Docs update deployed')
    expect(api.comments[0]?.body).not.toContain('⏳')
    expect(run.stdout).toContain('was applied after the outcome; writing the outcome again')
    expect(warningsOf(run.stdout)).toEqual([])
  })

  it('the command on GitLab: "in progress" onto an earlier run’s note answered 503 and applied after the outcome: the outcome stands at the end', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const args = () => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', '--request-timeout', '1s', ...fast]
    const env = pipelineJob(api, { CI_MERGE_REQUEST_IID: '3' })
    const earlier = await runCommand(args, { env })
    expect(earlier.code, output(earlier)).toBe(0)
    expect(api.notes).toHaveLength(1)
    api.delayWrites(landsAfterTheOutcome(api, theOutcome, { status: 503 }))
    const run = await runCommand(args, { env })
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    expect(api.notes).toHaveLength(1)
    expect(api.notes[0]?.body).toContain('Docs update deployed')
    expect(api.notes[0]?.body).not.toContain('⏳')
    expect(output(run)).toContain('was applied after the outcome; writing the outcome again')
    expect(output(run)).not.toContain('warning')
  })

  it('the action: two runs of the step at once on one pull request each create a comment: they end as one, with the outcome', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // Both creations held 3 s: each run looks before either comment exists.
    api.delayWrites(3000, 3000)
    const runs = await Promise.all(
      [1, 2].map(() => runAgainst(sim, { 'status-id': 'update-success', ...commentOn }, { env: { GITHUB_API_URL: api.url }, event: pullRequest }))
    )
    await api.settled()
    for (const run of runs) expect(run.code, run.stdout).toBe(0)
    expect(api.writes().filter((r) => r.method === 'POST')).toHaveLength(2)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('Docs update deployed')
    for (const run of runs) expect(warningsOf(run.stdout)).toEqual([])
  })

  it('the command on GitLab: two runs of the job at once on one merge request each create a note: they end as one, with the outcome', async () => {
    const sim = await simulator()
    const api = await gitlab()
    api.delayWrites(3000, 3000)
    const env = pipelineJob(api, { CI_MERGE_REQUEST_IID: '3' })
    const runs = await Promise.all(
      [1, 2].map(() => runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', ...fast], { env }))
    )
    await api.settled()
    for (const run of runs) expect(run.code, output(run)).toBe(0)
    expect(api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/notes'))).toHaveLength(2)
    expect(api.notes).toHaveLength(1)
    expect(api.notes[0]?.body).toContain('Docs update deployed')
  })
})
