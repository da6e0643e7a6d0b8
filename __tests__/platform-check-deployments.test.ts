import { readFileSync } from 'node:fs'
import { getOctokit } from '@actions/github'
import { afterAll, describe, expect, it } from 'vitest'
import { startGitHubApi } from '../dev/github-api.js'
import { waitForTargets } from '../src/engine/wait.js'
import {
  counts,
  DEPLOYMENT_STATES,
  INACTIVE_WITHOUT_SUCCESS,
  judgeReports,
  NO_DEPLOYMENT_STATUS,
  newestPerName,
  reportState
} from '../src/engine/targets/platform-check.js'
import { deploymentStatusOf, MAX_CHECK_PAGES, platformCheckReader } from '../src/github/platform-check-api.js'
import type { CommitReport, PlatformCheckPort, PlatformCheckRead, PlatformCheckSettings, TargetReport } from '../src/model.js'
import { computeOutputs } from '../src/report/outputs.js'
import { renderComment } from '../src/report/comment.js'
import { runOutcome } from './helpers/builders.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import { summaryOf } from './helpers/explained.js'
import { recordingEvents, scriptedClient, settingsFor } from './helpers/fakes.js'

// The deployments the platform's app writes on the run's commit (an environment such as
// docs-deploy or Preview, and its statuses), waited on as platform-check.
const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const deployment = (overrides: Partial<CommitReport> = {}): CommitReport => ({
  kind: 'deployment',
  name: 'docs-deploy',
  id: 1,
  status: 'success',
  conclusion: null,
  url: 'https://docs.example/preview/1',
  ...overrides
})

describe("a deployment's newest status, each state once", () => {
  it.each([
    ['success', { state: 'settled', result: 'success' }],
    ['failure', { state: 'settled', result: 'failure' }],
    ['error', { state: 'settled', result: 'failure' }],
    // Newest per environment counts: an inactive newest was taken over by a later commit's deploy, after it succeeded.
    ['inactive', { state: 'settled', result: 'success' }],
    // Made inactive with no success before it (the reader's INACTIVE_WITHOUT_SUCCESS): never a pass.
    [INACTIVE_WITHOUT_SUCCESS, { state: 'settled', result: 'cancelled' }],
    ['queued', { state: 'pending' }],
    ['pending', { state: 'pending' }],
    ['in_progress', { state: 'pending' }],
    [NO_DEPLOYMENT_STATUS, { state: 'pending' }],
    ['destroyed', { state: 'pending', unknown: 'destroyed' }]
  ])('%s', (state, expected) => {
    expect(reportState(deployment({ status: state }))).toEqual(expected)
  })

  it("the table holds GitHub's deployment states, and a deployment with no status yet", () => {
    expect(Object.keys(DEPLOYMENT_STATES).sort()).toEqual([
      'created',
      'error',
      'failure',
      'in_progress',
      'inactive',
      'inactive, never success',
      'pending',
      'queued',
      'success'
    ])
  })

  it('the docs’ outcome table has a deployment row for every state, with the result the code maps it to', () => {
    const rows = readFileSync(new URL('../docs/usage/platform-deploys-on-push.md', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| deployment'))
    for (const [state, result] of Object.entries(DEPLOYMENT_STATES)) {
      const row = state === NO_DEPLOYMENT_STATUS ? rows.find((r) => r.includes('no status yet')) : rows.find((r) => r.includes(`\`${state}\``))
      expect(row, state).toBeDefined()
      const shown = row?.split('|')[2]?.trim() ?? ''
      expect(result === 'pending' ? shown.startsWith('pending') : shown.startsWith(`\`${result}\``), `${state}: ${shown}`).toBe(true)
    }
  })

  it('a failed deployment is named by its environment, with its address', () => {
    const judged = judgeReports([deployment({ status: 'error' })])
    expect(judged).toEqual({ state: 'settled', result: 'failure', reason: 'deployment "docs-deploy" ended with "error" (https://docs.example/preview/1)' })
  })

  it('per environment, the newest (highest id) counts; a check run or status of the same name is its own', () => {
    const newest = newestPerName([
      deployment({ id: 9, status: 'in_progress' }),
      deployment({ id: 3, status: 'success' }),
      { ...deployment({ id: 2 }), kind: 'status' }
    ])
    expect(newest.map((r) => `${r.kind} ${r.id} ${r.status}`)).toEqual(['deployment 9 in_progress', 'status 2 success'])
  })

  it('the step’s own deployment-environment never counts, by pattern or by name', () => {
    const own = deployment({ name: 'docs' })
    expect(counts('*', own, { ownEnvironment: 'docs' })).toBe(false)
    expect(counts('docs', own, { ownEnvironment: 'docs' })).toBe(false)
    expect(counts('docs', own, { ownContext: 'docs' })).toBe(true)
    expect(counts('Prev*', deployment({ name: 'Preview' }), { ownEnvironment: 'docs' })).toBe(true)
  })

  it.each([
    [{ state: 'success', environment_url: 'https://e.example', target_url: 'https://t.example', log_url: 'https://l.example' }, 'https://e.example'],
    [{ state: 'success', environment_url: '', target_url: 'https://t.example', log_url: 'https://l.example' }, 'https://t.example'],
    [{ state: 'in_progress', log_url: 'https://l.example' }, 'https://l.example'],
    [{ state: 'queued' }, undefined]
  ])('the address readers get: environment_url, else target_url, else log_url (%#)', (status, url) => {
    expect(deploymentStatusOf(status)).toEqual({ status: status.state, url })
  })
})

/** A port that answers each read with the next of `reads` (the last one again once they run out). */
function scriptedPort(reads: PlatformCheckRead[]): PlatformCheckPort & { calls: number } {
  const port = {
    reads: 'check run, commit status or deployment',
    calls: 0,
    read: async () => {
      const answer = reads[Math.min(port.calls, reads.length - 1)] as PlatformCheckRead
      port.calls++
      return answer
    }
  }
  return port
}

const listed = (...reports: CommitReport[]): PlatformCheckRead => ({ kind: 'listed', commit: SHA, reports })

async function waitOn(name: string, port: PlatformCheckPort, ownEnvironment?: string) {
  const clock = virtualClock()
  const events = recordingEvents()
  const settings = settingsFor({ 'platform-check': name, 'github-token': 'ghs_t', timeout: '60s', 'min-interval': '5s', 'max-interval': '10s' })
  // The step's own deployment (deployment-environment, given with an update to record).
  if (ownEnvironment) settings.deployment = { environment: ownEnvironment, url: undefined, githubToken: 'ghs_t', requestTimeoutMs: 10_000 }
  const startedAt = clock.now()
  const [report] = (await waitForTargets(settings, {
    client: scriptedClient({}).client,
    clock,
    random: seededRandom(1),
    signal: new AbortController().signal,
    events,
    platformCheck: port
  })) as [TargetReport]
  return { report, events, elapsedMs: clock.now() - startedAt }
}

describe('the wait on a deployment, on the virtual clock', () => {
  it('one that appears late: none, created, queued, in_progress, then success, with its environment_url', async () => {
    const port = scriptedPort([
      listed(),
      listed(deployment({ status: 'created', url: undefined })),
      listed(deployment({ status: 'queued', url: undefined })),
      listed(deployment({ status: 'in_progress', url: 'https://platform.example/logs/1' })),
      listed(deployment())
    ])
    const { report, events } = await waitOn('docs-deploy', port)
    expect(report).toMatchObject({ result: 'success', status: 'success', polls: 5, error: null })
    expect(events.lines).toEqual([
      'docs-deploy status - -> created',
      'docs-deploy status created -> queued',
      'docs-deploy status queued -> in_progress',
      'docs-deploy status in_progress -> success',
      'docs-deploy settled success'
    ])
    expect(computeOutputs(runOutcome([report]))['platform-check-url']).toBe('https://docs.example/preview/1')
  })

  it('a newer deployment of the environment replaces the older: its failure counts', async () => {
    const { report } = await waitOn('docs-deploy', scriptedPort([listed(deployment({ id: 1 }), deployment({ id: 2, status: 'failure', url: undefined }))]))
    expect(report).toMatchObject({ result: 'failure', error: 'deployment "docs-deploy" ended with "failure"' })
  })

  it('still in progress at the deadline: timeout, naming its address', async () => {
    const { report, elapsedMs } = await waitOn(
      'Preview',
      scriptedPort([listed(deployment({ name: 'Preview', status: 'in_progress', url: 'https://platform.example/logs/7' }))])
    )
    expect(elapsedMs).toBe(60_000)
    expect(report.result).toBe('timeout')
    expect(report.error).toBe('deployment "Preview" still "in_progress" (https://platform.example/logs/7) when the timeout (1m00s) ran out')
  })

  it('the step’s own deployment (deployment-environment) is not waited on: it never appears', async () => {
    const { report } = await waitOn('docs*', scriptedPort([listed(deployment({ name: 'docs', status: 'in_progress' }))]), 'docs')
    expect(report.result).toBe('timeout')
    expect(report.error).toMatch(/^no check run, commit status or deployment whose name matches "docs\*" appeared on commit 3f78685 .*found instead: "docs"/)
  })

  it('a hostile environment name and address: inert in the words, the summary and the comment; no credentials', async () => {
    const hostile = deployment({
      name: 'docs\n::warning::pwned <img src=x> @team',
      status: 'failure',
      url: 'https://user:secret@docs.example/preview/1'
    })
    const { report } = await waitOn('docs*', scriptedPort([listed(hostile)]))
    expect(report.result).toBe('failure')
    expect(report.error).toBe('deployment "docs ::warning::pwned <img src=x> @team" ended with "failure" (https://docs.example/preview/1)')
    const outcome = runOutcome([report], { result: 'failure', headline: 'platform check "docs*": failure' })
    expect(computeOutputs(outcome)['platform-check-url']).toBe('https://docs.example/preview/1')
    const summary = summaryOf(outcome)
    expect(summary).toContain('deployment docs')
    expect(summary).not.toContain('secret')
    expect(summary).not.toContain('<img')
    expect(summary).not.toMatch(/[^\u200b]@team/)
    const comment = renderComment(outcome, '<!-- m -->', undefined)
    expect(comment).not.toContain('secret')
    expect(comment).not.toContain('<img')
  })
})

describe("the reader of a commit's deployments", async () => {
  const api = await startGitHubApi()
  afterAll(() => api.close())
  const readerOn = (url: string, sha: string, settings: Partial<PlatformCheckSettings> = {}) =>
    platformCheckReader(
      { name: 'docs-deploy', githubToken: 'ghs_reader_token', ...settings },
      (text) => text,
      async () => ({
        getOctokit: (token: string) => getOctokit(token, { baseUrl: url }),
        context: { eventName: 'push', payload: {}, sha, repo: { owner: 'acme', repo: 'docs' } } as never
      })
    )
  const read = (port: PlatformCheckPort) => port.read(new AbortController().signal, 10_000)
  const deploymentsOf = (answer: PlatformCheckRead) => (answer.kind === 'listed' ? answer.reports.filter((r) => r.kind === 'deployment') : [])

  it('lists the deployments by the commit; of the newest of each environment that counts, reads the newest status', async () => {
    const sha = 'd'.repeat(40)
    const older = api.addDeployment({ sha, environment: 'docs-deploy' })
    api.addDeploymentStatus(older.id, { state: 'success', environment_url: 'https://docs.example/old' })
    const newer = api.addDeployment({ sha, environment: 'docs-deploy' })
    api.addDeploymentStatus(newer.id, { state: 'queued' })
    api.addDeploymentStatus(newer.id, { state: 'in_progress', log_url: 'https://platform.example/logs/2' })
    api.addDeployment({ sha, environment: 'github-pages' })
    api.addDeployment({ sha: 'e'.repeat(40), environment: 'docs-deploy' })
    const before = api.requests.length
    const answer = await read(readerOn(api.url, sha))
    expect(deploymentsOf(answer)).toEqual([
      { kind: 'deployment', name: 'docs-deploy', id: newer.id, status: 'in_progress', conclusion: null, url: 'https://platform.example/logs/2' },
      { kind: 'deployment', name: 'github-pages', id: expect.any(Number), status: 'unread', conclusion: null, url: undefined }
    ])
    const asked = api.requests.slice(before).filter((r) => r.path.includes('/deployments'))
    expect(asked.map((r) => r.path)).toEqual(['/repos/acme/docs/deployments', `/repos/acme/docs/deployments/${newer.id}/statuses`])
  })

  it('a deployment with no status yet is created (pending); once it has one, the newest is read', async () => {
    const sha = 'f'.repeat(40)
    const { id } = api.addDeployment({ sha, environment: 'docs-deploy' })
    const port = readerOn(api.url, sha)
    expect(deploymentsOf(await read(port)).map((r) => r.status)).toEqual(['created'])
    api.addDeploymentStatus(id, { state: 'in_progress' })
    api.addDeploymentStatus(id, { state: 'success', environment_url: 'https://docs.example/' })
    expect(deploymentsOf(await read(port)).map((r) => [r.status, r.url])).toEqual([['success', 'https://docs.example/']])
  })

  it('an inactive newest status is deployed only with a success before it (its address then); else never a pass', async () => {
    const sha = '9'.repeat(40)
    const deployed = api.addDeployment({ sha, environment: 'docs-deploy' })
    api.addDeploymentStatus(deployed.id, { state: 'success', environment_url: 'https://docs.example/live' })
    api.addDeploymentStatus(deployed.id, { state: 'inactive' })
    expect(deploymentsOf(await read(readerOn(api.url, sha))).map((r) => [r.status, r.url])).toEqual([['inactive', 'https://docs.example/live']])
    const other = '8'.repeat(40)
    const never = api.addDeployment({ sha: other, environment: 'docs-deploy' })
    api.addDeploymentStatus(never.id, { state: 'in_progress' })
    api.addDeploymentStatus(never.id, { state: 'inactive' })
    const [report] = deploymentsOf(await read(readerOn(api.url, other)))
    expect(report?.status).toBe(INACTIVE_WITHOUT_SUCCESS)
    expect(reportState(report as CommitReport)).toEqual({ state: 'settled', result: 'cancelled' })
  })

  it('a status without a state is not GitHub’s: the read failed and is tried again, never a status fewer', async () => {
    const sha = '7'.repeat(40)
    const { id } = api.addDeployment({ sha, environment: 'docs-deploy' })
    api.addDeploymentStatus(id, { state: 'failure' })
    api.addDeploymentStatus(id, { state: undefined as unknown as string })
    const answer = await read(readerOn(api.url, sha))
    expect(answer).toMatchObject({ kind: 'transient', reason: expect.stringMatching(/held an entry without a state .*; it is read again$/) })
  })

  it('asks again with the ETag: an unchanged listing and status come back 304 and read as before', async () => {
    const sha = '1'.repeat(40)
    const { id } = api.addDeployment({ sha, environment: 'docs-deploy' })
    api.addDeploymentStatus(id, { state: 'pending' })
    const port = readerOn(api.url, sha)
    await read(port)
    const conditional = api.conditionalAnswers
    const again = await read(port)
    // check runs, statuses, deployments, and the deployment's statuses
    expect(api.conditionalAnswers).toBe(conditional + 4)
    expect(deploymentsOf(again).map((r) => r.status)).toEqual(['pending'])
  })

  it('more than 100 deployments on the commit: the one past the first page is found', async () => {
    const sha = '2'.repeat(40)
    // The newest come first: the platform's deployment, created first, is on the second page.
    const { id } = api.addDeployment({ sha, environment: 'docs-deploy' })
    api.addDeploymentStatus(id, { state: 'success', environment_url: 'https://docs.example/2' })
    for (let i = 0; i < 130; i++) api.addDeployment({ sha, environment: `env ${i}` })
    const before = api.requests.length
    const answer = await read(readerOn(api.url, sha))
    expect(deploymentsOf(answer).find((r) => r.name === 'docs-deploy')).toMatchObject({ status: 'success', url: 'https://docs.example/2' })
    expect(deploymentsOf(answer)).toHaveLength(131)
    const pages = api.requests.slice(before).filter((r) => r.path === '/repos/acme/docs/deployments')
    expect(pages).toHaveLength(2)
  })

  it('a listing of deployments that does not end is a read that failed', async () => {
    const sha = '3'.repeat(40)
    for (let i = 0; i < MAX_CHECK_PAGES * 100 + 1; i++) api.deployments.push({ id: 500_000 + i, ref: sha, environment: `e${i}`, statuses: [] })
    expect(await read(readerOn(api.url, sha))).toEqual({
      kind: 'transient',
      reason: `the deployments of commit 3333333 did not end within ${MAX_CHECK_PAGES} pages of 100; the listing is not believed`
    })
  })

  it('the step’s own deployment-environment: its statuses are not read, and it does not count', async () => {
    const sha = '4'.repeat(40)
    const { id } = api.addDeployment({ sha, environment: 'docs' })
    api.addDeploymentStatus(id, { state: 'in_progress' })
    const before = api.requests.length
    const answer = await read(readerOn(api.url, sha, { name: 'doc*', ownEnvironment: 'docs' }))
    expect(deploymentsOf(answer).map((r) => [r.name, r.status])).toEqual([['docs', 'unread']])
    expect(api.requests.slice(before).some((r) => r.path.endsWith('/statuses') && r.path.includes('/deployments/'))).toBe(false)
  })

  it('a deployment deleted between the listing and the read of its statuses: read again, not a refusal', async () => {
    const sha = '5'.repeat(40)
    const { id } = api.addDeployment({ sha, environment: 'docs-deploy' })
    api.onRequest = (request) => {
      if (request.path.endsWith(`/deployments/${id}/statuses`))
        api.deployments.splice(
          api.deployments.findIndex((d) => d.id === id),
          1
        )
    }
    const answer = await read(readerOn(api.url, sha))
    api.onRequest = undefined
    expect(answer).toEqual({
      kind: 'transient',
      reason:
        'HTTP 404 from GitHub reading the deployment statuses of commit 5555555: a deployment listed a moment ago was not found (deleted meanwhile?); read again'
    })
  })

  it('a refused read (403) of the deployments is fatal, names deployments: read, and keeps GitHub’s words', async () => {
    const refusing = await startGitHubApi()
    refusing.refuseDeploymentReads = true
    const answer = await read(readerOn(refusing.url, SHA))
    await refusing.close()
    expect(answer).toMatchObject({ kind: 'fatal', misconfigured: true })
    expect(answer.kind === 'fatal' && answer.reason).toBe(
      'HTTP 403 from GitHub reading the deployments of commit 3f78685 (Resource not accessible by integration): the token needs deployments: read; add `permissions: deployments: read` to the job (platform-check reads with checks: read, statuses: read and deployments: read), or pass a github-token that has it'
    )
  })
})
