import { describe, expect, it } from 'vitest'
import type { ApiResult } from '../src/api/classify.js'
import { exitCodeOf } from '../src/cli/exit-codes.js'
import { DRY_RUN_TRIES, PROBE_JOB_ID, runDryRun } from '../src/engine/dry-run.js'
import { githubDryRun } from '../src/github/dry-run.js'
import type { GitHubToolkit } from '../src/github/platform-check-api.js'
import { INPUT_DEFAULTS, type RawInputs } from '../src/inputs/parse.js'
import type { DryRunCheck, DryRunPort } from '../src/model.js'
import { virtualClock } from './helpers/clock.js'
import { scriptedClient, settingsFor } from './helpers/fakes.js'

const STATUS = '/v1/project/update-status/st_1'
const PROBE = `/v2/agent/proj_1/job/${PROBE_JOB_ID}`
const ok: ApiResult = { kind: 'ok', body: { status: 'queued' } }
const unreachable: ApiResult = { kind: 'transient', reason: 'nothing answered at base-url' }

function dryRun(overrides: Partial<RawInputs>, scripts: Record<string, ApiResult[]>, port?: DryRunPort) {
  const settings = settingsFor({ check: 'true', ...overrides })
  const { client, requests } = scriptedClient(scripts)
  const clock = virtualClock()
  const said: DryRunCheck[] = []
  const startedAt = clock.now()
  const run = runDryRun(settings, { client, clock, signal: new AbortController().signal, startedAt, port, checked: (c) => said.push(c) })
  return { run, requests, clock, said, startedAt }
}

describe('the dry run (check), on the virtual clock', () => {
  it('parses check as a boolean input, off by default', () => {
    expect(INPUT_DEFAULTS.check).toBe('false')
    expect(settingsFor({ 'status-id': 'st_1' }).check).toBe(false)
    expect(settingsFor({ 'status-id': 'st_1', check: 'true' }).check).toBe(true)
  })

  it('reads the first status with the admin key, once, and sends no POST: success, exit 0', async () => {
    const { run, requests, said } = dryRun({ 'status-id': 'st_1' }, { [STATUS]: [ok] })
    const outcome = await run
    expect(outcome.result).toBe('success')
    expect(exitCodeOf(outcome, true)).toBe(0)
    expect(requests.map((r) => `${r.method} ${r.path} ${r.keyInput}`)).toEqual([`GET ${STATUS} admin-key`])
    expect(said.map((c) => `${c.subject} ${c.state}`)).toEqual(['admin-key ok'])
  })

  it('a trigger is not sent: the project is read with a job id no job has, and a 404 of the job proves the key', async () => {
    const { run, requests, said } = dryRun(
      { trigger: 'update', 'project-id': 'proj_1' },
      { [PROBE]: [{ kind: 'not-found', reason: 'HTTP 404: Job not found' }] }
    )
    const outcome = await run
    expect(outcome.result).toBe('success')
    expect(requests.every((r) => r.method === 'GET')).toBe(true)
    expect(said.map((c) => `${c.subject} ${c.state}`)).toEqual(['trigger: update ok', 'admin-key ok'])
  })

  it('no such project: misconfigured, exit 5, naming project-id', async () => {
    const { run } = dryRun({ trigger: 'update', 'project-id': 'proj_1' }, { [PROBE]: [{ kind: 'not-found', reason: 'HTTP 404: Project not found' }] })
    const outcome = await run
    expect(outcome.result).toBe('error')
    expect(exitCodeOf(outcome, true)).toBe(5)
    expect(outcome.dryRun?.checks.at(-1)).toMatchObject({ subject: 'project-id', state: 'problem', misconfigured: true })
  })

  it('a refused key: misconfigured, exit 5', async () => {
    const { run } = dryRun({ 'status-id': 'st_1' }, { [STATUS]: [{ kind: 'fatal', misconfigured: true, reason: 'HTTP 401: the platform rejected admin-key' }] })
    const outcome = await run
    expect(exitCodeOf(outcome, true)).toBe(5)
    expect(outcome.headline).toContain('HTTP 401: the platform rejected admin-key')
  })

  it('no such status: misconfigured, naming status-id', async () => {
    const { run } = dryRun({ 'status-id': 'st_1' }, { [STATUS]: [{ kind: 'not-found', reason: 'HTTP 404: Update status not found' }] })
    const outcome = await run
    expect(exitCodeOf(outcome, true)).toBe(5)
    expect(outcome.dryRun?.checks[0]).toMatchObject({ subject: 'status-id', state: 'problem' })
  })

  it('an unreachable platform is tried again on min-interval, then "could not tell": exit 4', async () => {
    const { run, requests, clock, startedAt } = dryRun({ 'status-id': 'st_1', 'min-interval': '2s' }, { [STATUS]: [unreachable] })
    const outcome = await run
    expect(requests).toHaveLength(DRY_RUN_TRIES)
    expect(clock.sleeps).toEqual([2000, 2000])
    expect(clock.now() - startedAt).toBe(4000)
    expect(outcome.result).toBe('error')
    expect(exitCodeOf(outcome, true)).toBe(4)
    expect(outcome.dryRun?.checks[0]?.state).toBe('unknown')
  })

  it('a transient answer then an answer: success, after one pause as long as Retry-After asked', async () => {
    const { run, clock } = dryRun({ 'status-id': 'st_1' }, { [STATUS]: [{ ...unreachable, retryAfterMs: 7000 }, ok] })
    expect((await run).result).toBe('success')
    expect(clock.sleeps).toEqual([7000])
  })

  it('never waits past the timeout: one try when the pause would cross it', async () => {
    const { run, requests } = dryRun({ 'status-id': 'st_1', timeout: '3s', 'min-interval': '5s' }, { [STATUS]: [unreachable] })
    expect((await run).result).toBe('error')
    expect(requests).toHaveLength(1)
  })

  it("the adapter's checks follow the platform's; a problem with the inputs is invalid input (exit 2) and outranks a refusal", async () => {
    const port: DryRunPort = {
      check: async () => [
        { subject: 'platform-check', state: 'problem', invalid: true, words: 'no report named "Docs"; the names there are "CI"' },
        { subject: 'github-token for commit-status', state: 'problem', misconfigured: true, words: 'needs statuses: write' }
      ]
    }
    const { run } = dryRun({ 'status-id': 'st_1' }, { [STATUS]: [ok] }, port)
    const outcome = await run
    expect(outcome.result).toBe('error')
    expect(outcome.problems).toEqual(['platform-check: no report named "Docs"; the names there are "CI"'])
    // The input problem is listed with the problems, said once; the refusal is in the headline.
    expect(outcome.headline).not.toContain('no report named')
    expect(outcome.headline).toContain('github-token for commit-status: needs statuses: write')
    expect(exitCodeOf(outcome, true)).toBe(2)
  })

  it('a cancel while the platform is read: result cancelled, and the port is not asked', async () => {
    const controller = new AbortController()
    const { client } = scriptedClient({ [STATUS]: [ok] }, { latency: async () => controller.abort() })
    const clock = virtualClock()
    let asked = 0
    const port: DryRunPort = {
      check: async () => {
        asked++
        return []
      }
    }
    const settings = settingsFor({ check: 'true', 'status-id': 'st_1' })
    const outcome = await runDryRun(settings, { client, clock, signal: controller.signal, startedAt: clock.now(), port })
    expect(outcome.result).toBe('cancelled')
    expect(outcome.dryRun?.checks[0]).toMatchObject({ subject: 'admin-key', state: 'unknown' })
    expect(asked).toBe(0)
  })

  it('a warning leaves the result success; the assistant key is not checked (a search is a POST), nor an admin key nothing names a read for', async () => {
    const { run, requests } = dryRun({ 'search-query': 'install', 'search-domain': 'acme', 'assistant-key': 'assistant_k' }, {})
    const outcome = await run
    expect(outcome.result).toBe('success')
    expect(requests).toEqual([])
    expect(outcome.dryRun?.checks.map((c) => `${c.subject} ${c.state}`)).toEqual(['admin-key warning', 'assistant-key warning'])
  })
})

describe("the action's reads of GitHub for the dry run", () => {
  const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
  /** A toolkit whose client answers by route, and records every request. */
  function toolkit(answers: Record<string, (params: Record<string, unknown>) => unknown>) {
    const requests: string[] = []
    const octokit = {
      hook: { before: () => undefined, error: () => undefined },
      request: async (route: string, params: Record<string, unknown>) => {
        requests.push(route)
        const answer = answers[route]
        if (!answer) throw Object.assign(new Error(`Not Found - ${route}`), { status: 404 })
        return { data: answer(params), headers: {} }
      }
    }
    const load = async () =>
      ({
        getOctokit: () => octokit,
        context: { eventName: 'push', payload: {}, sha: SHA, ref: 'refs/heads/main', repo: { owner: 'acme', repo: 'docs' }, serverUrl: '', runId: 1 }
      }) as unknown as GitHubToolkit
    return { load, requests }
  }
  const raw = (overrides: Partial<RawInputs>) => ({ ...INPUT_DEFAULTS, 'github-token': 'ghs_token', ...overrides }) as RawInputs

  it('a token refused for the statuses: misconfigured, naming statuses: write; only GETs', async () => {
    const { load, requests } = toolkit({
      'GET /repos/{owner}/{repo}/commits/{ref}/statuses': () => {
        throw Object.assign(new Error('Resource not accessible by integration'), { status: 403 })
      }
    })
    const settings = settingsFor({ check: 'true', 'status-id': 'st_1', 'commit-status': 'docs', 'github-token': 'ghs_token' })
    const checks = await githubDryRun(settings, raw({ 'commit-status': 'docs' }), (t) => t, load).check(new AbortController().signal, 5000)
    expect(checks).toHaveLength(1)
    expect(checks[0]).toMatchObject({ subject: 'github-token for commit-status', state: 'problem', misconfigured: true })
    expect(checks[0]?.words).toContain('permissions: statuses: write')
    expect(requests.every((route) => route.startsWith('GET '))).toBe(true)
  })

  it("a deployment's environment on a recent commit of the branch is the name found: ok", async () => {
    const commits = [{ sha: SHA }, { sha: `01${'b'.repeat(38)}` }]
    const { load } = toolkit({
      'GET /repos/{owner}/{repo}/commits/{ref}/check-runs': () => ({ total_count: 0, check_runs: [] }),
      'GET /repos/{owner}/{repo}/commits/{ref}/statuses': () => [],
      'GET /repos/{owner}/{repo}/deployments': (p) => (p.sha === SHA ? [] : [{ id: 7, environment: 'docs-deploy' }]),
      'GET /repos/{owner}/{repo}/commits': () => commits
    })
    const settings = settingsFor({ check: 'true', 'platform-check': 'docs-deploy', 'github-token': 'ghs_token' })
    const checks = await githubDryRun(settings, raw({ 'platform-check': 'docs-deploy' }), (t) => t, load).check(new AbortController().signal, 5000)
    expect(checks[0]).toMatchObject({ subject: 'platform-check', state: 'ok' })
    expect(checks[0]?.words).toContain(`"docs-deploy" is on 01bbbbb, a recent commit of branch "main"`)
  })

  it('the name found on none of the commits read, with other names there: invalid, naming them; reads at most RECENT_COMMITS commits', async () => {
    const commits = Array.from({ length: 12 }, (_, i) => ({ sha: `${String(i).padStart(2, '0')}${'a'.repeat(38)}` }))
    const { load, requests } = toolkit({
      'GET /repos/{owner}/{repo}/commits/{ref}/check-runs': (p) => ({
        total_count: 1,
        check_runs: [{ id: 1, name: `CI ${p.ref}`.slice(0, 5), status: 'completed' }]
      }),
      'GET /repos/{owner}/{repo}/commits/{ref}/statuses': () => [],
      'GET /repos/{owner}/{repo}/deployments': () => [],
      'GET /repos/{owner}/{repo}/commits': (p) => commits.slice(0, Number(p.per_page))
    })
    const settings = settingsFor({ check: 'true', 'platform-check': 'Docs', 'github-token': 'ghs_token' })
    const checks = await githubDryRun(settings, raw({ 'platform-check': 'Docs' }), (t) => t, load).check(new AbortController().signal, 5000)
    expect(checks[0]).toMatchObject({ subject: 'platform-check', state: 'problem', invalid: true })
    expect(checks[0]?.words).toContain('nor on 10 recent commits of branch "main"')
    expect(checks[0]?.words).toContain('the names there are "CI 3f", "CI 00"')
    // The run's commit (its three listings), the branch's list, then 10 commits × 3 listings.
    expect(requests.filter((r) => r === 'GET /repos/{owner}/{repo}/commits')).toHaveLength(1)
    expect(requests).toHaveLength(3 + 1 + 10 * 3)
  })
})
