import { describe, expect, it } from 'vitest'
import { PROJECT_ID, SHA } from '../dev/simulator.js'
import { tagOf, untagged } from '../src/records/gate.js'
import { githubApi, runAgainst, simulator } from './helpers/e2e.js'

const TOKEN = 'ghs_fake_token_for_tests_0003'
const HEAD = 'c0ffee0123456789abcdef0123456789abcdef01'
const QUEUED = 'feedface0123456789abcdef0123456789abcdef'
const RUN_URL = 'https://github.com/acme/docs/actions/runs/4242424242'
const ENDED = { endedAt: '2026-01-01T00:00:00Z' }
const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: HEAD } } } }
const mergeGroup = {
  name: 'merge_group',
  payload: {
    action: 'checks_requested',
    merge_group: { head_sha: QUEUED, head_ref: `refs/heads/gh-readonly-queue/main/pr-7-${HEAD}`, base_ref: 'refs/heads/main' }
  }
}
const gate = { 'commit-status': 'docs', 'github-token': TOKEN }

type Api = Awaited<ReturnType<typeof githubApi>>
const states = (api: Api) => api.statuses.map((s) => s.state)
const warnings = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('::warning::'))

describe.concurrent('the docs as a required check (commit status), end to end', () => {
  it('a preview on a pull request: pending on its head while the update builds, then success linking the preview', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'building' }])
    // The update settles only once the status shows pending: a status written only after the wait would never come.
    const shownPending = () => states(api).includes('pending')
    sim.script('update', 'building', [{ fn: () => ({ json: shownPending() ? { status: 'success', ...ENDED } : { status: 'in_progress' } }) }])
    const run = await runAgainst(
      sim,
      { trigger: 'preview', 'project-id': PROJECT_ID, 'preview-branch': 'feature/new-nav', ...gate },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(api.statuses.map(({ sha, state, context, target_url }) => ({ sha, state, context, target_url: untagged(target_url) }))).toEqual([
      { sha: HEAD, state: 'pending', context: 'docs', target_url: RUN_URL },
      { sha: HEAD, state: 'success', context: 'docs', target_url: 'https://acme-feature-new-nav.preview.example.com/' }
    ])
    // Each link carries this job's tag in its fragment (records/gate.ts): its run, and its own state.
    expect(api.statuses.map((s) => tagOf(s.target_url))).toEqual([
      expect.objectContaining({ run: '4242424242', own: 'pending', label: 'wait-for-docs' }),
      expect.objectContaining({ run: '4242424242', own: 'success', label: 'wait-for-docs' })
    ])
    expect(api.statuses[0]?.description).toBe('Waiting for the docs update: update building')
    expect(api.statuses[1]?.description).toBe('Update building succeeded.')
    expect(api.requests.every((r) => r.authorization === `token ${TOKEN}`)).toBe(true)
    expect(run.stdout).toContain(`Commit status docs: success on commit c0ffee0, linking https://acme-feature-new-nav.preview.example.com/.`)
    expect(warnings(run.stdout)).toEqual([])
  })

  it('push: GITHUB_SHA; a failure links the run, with the reason of the annotation', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-failure', ...gate, 'deployment-url': 'https://docs.example.com' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(states(api)).toEqual(['pending', 'failure'])
    expect(api.statuses.every((s) => s.sha === SHA)).toBe(true)
    const failure = api.statuses.at(-1)
    expect(failure?.description).toBe('Update update-failure failed: “Update failed: broken link in docs/quickstart.mdx”')
    expect(run.stdout).toContain(`::error::${failure?.description}`)
    expect(untagged(failure?.target_url)).toBe(RUN_URL)
  })

  it('success without a preview links deployment-url', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', ...gate, 'deployment-url': 'https://docs.example.com/guide' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code).toBe(0)
    expect(states(api)).toEqual(['pending', 'success'])
    expect(untagged(api.statuses.at(-1)?.target_url)).toBe('https://docs.example.com/guide')
  })

  it.each([
    ['a timeout', { 'status-id': 'update-forever', timeout: '1s' }, 'timeout', /^Update update-forever still "(?:queued|in_progress)" after \d/],
    [
      'an error',
      { 'status-id': 'update-forbidden' },
      'error',
      /^Update update-forbidden could not be read: admin-key is not allowed to read it \(HTTP 403\)\.$/
    ]
  ])('%s: error, saying why — never success', async (_name, inputs, result, description) => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(sim, { ...inputs, ...gate }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe(result)
    expect(states(api)).toEqual(['pending', 'error'])
    expect(api.statuses.at(-1)?.description).toMatch(description)
  })

  it('a reason longer than GitHub allows is cut to 140 characters', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const summary = `Build failed: ${'the page docs/reference/configuration.mdx links to a heading that no longer exists; '.repeat(5)}`
    sim.script('update', 'long-failure', [{ json: { status: 'failure', summary, ...ENDED } }])
    const run = await runAgainst(sim, { 'status-id': 'long-failure', ...gate }, { env: { GITHUB_API_URL: api.url } })
    expect(run.outputs.result).toBe('failure')
    expect(states(api)).toEqual(['pending', 'failure'])
    const description = api.statuses.at(-1)?.description ?? ''
    expect(Array.from(description)).toHaveLength(140)
    expect(description).toMatch(/^Update long-failure failed: “Build failed: the page docs\/reference\/configuration\.mdx .*…$/)
    expect(warnings(run.stdout)).toEqual([])
  })

  it('a pending status GitHub applies late, after request-timeout, does not stand after the outcome: the outcome is written again', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // The update succeeds at once. The pending write is held until the outcome's arrives (sent
    // request-timeout after the outcome was known, the pending unanswered), then applied and
    // answered once that one is: it lands after the outcome by order, however slow the machine.
    // request-timeout is the time its answer has to reach the step.
    let outcomeApplied: () => void = () => undefined
    const applied = new Promise<void>((resolve) => {
      outcomeApplied = resolve
    })
    api.delayWrites({ ms: 0, onArrive: () => applied }, { ms: 0, onArrive: () => void setImmediate(outcomeApplied) })
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate, 'request-timeout': '3s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    // The outcome went request-timeout after it was known, whatever the pending did; the pending landed, and the outcome was written again after it.
    // The pending landed over the outcome, which was written again after it.
    expect(states(api).slice(0, 2)).toEqual(['success', 'pending'])
    expect(states(api).at(-1)).toBe('success')
    expect(warnings(run.stdout)).toEqual([])
  })

  it('without statuses: write, one warning that names it; the outcome stands', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.failWith = 403
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...gate }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(warnings(run.stdout)).toEqual([
      "::warning::The commit status docs could not be written: the token may not write commit statuses (HTTP 403). Add `permissions: statuses: write` to the job (or pass a github-token that has it). The step's result does not depend on it. [commit-status.not-written]"
    ])
    // A refused token is not asked twice.
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /repos/acme/docs/statuses/${SHA}`])
  })

  it('a 403 never turns a failure into anything else', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.failWith = 403
    const run = await runAgainst(sim, { 'status-id': 'update-failure', ...gate }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(warnings(run.stdout)).toHaveLength(1)
  })

  it('an empty github-token: one warning, no status; the outcome stands', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(sim, { 'status-id': 'update-success', 'commit-status': 'docs', 'github-token': '' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(0)
    expect(warnings(run.stdout)).toEqual([
      "::warning::commit-status is set, but github-token is empty (a secret that is not set?). No commit status was written, so a check that branch protection requires stays expected; the step's result does not depend on it. [commit-status.no-token]"
    ])
    expect(api.requests).toEqual([])
  })

  it('a GITHUB_SHA that is not a commit id is said as such, by the status and the deployment; nothing is posted', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', ...gate, 'deployment-environment': 'docs' },
      { env: { GITHUB_API_URL: api.url, GITHUB_SHA: 'main' } }
    )
    expect(run.code).toBe(0)
    expect(warnings(run.stdout).sort()).toEqual([
      `::warning::commit-status is set, but the commit of the run is unknown (GITHUB_SHA is "main", which is not a commit id). No commit status was written. The step's result does not depend on it. [commit-status.skipped]`,
      `::warning::deployment-environment is set, but the commit of the run is unknown (GITHUB_SHA is "main", which is not a commit id). No deployment was created. The step's result does not depend on it. [deployment.skipped]`
    ])
    expect(api.requests).toEqual([])
  })

  it('work that could not be started still posts its error: a required check never keeps an older success', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { trigger: 'preview', 'project-id': 'trigger-403', 'preview-branch': 'feature/x', ...gate },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.outputs.result).toBe('error')
    expect(states(api)).toEqual(['error'])
    expect(api.statuses[0]?.sha).toBe(HEAD)
  })

  it('the merge queue: the status on merge_group.head_sha, the deployment too, and the comment on the queued pull request, saying so', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', ...gate, 'deployment-environment': 'docs', 'pr-comment': 'true' },
      { env: { GITHUB_API_URL: api.url }, event: mergeGroup }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(api.statuses.map((s) => `${s.sha} ${s.state}`)).toEqual([`${QUEUED} pending`, `${QUEUED} success`])
    expect(api.deployments.map((d) => d.ref)).toEqual([QUEUED])
    expect(api.comments).toHaveLength(1)
    const [comment] = api.comments
    expect(comment?.issue).toBe(7)
    expect(comment?.body).toContain('commit `feedfac`')
    expect(comment?.body).toContain('ran in the merge queue (into `main`)')
    expect(run.stdout).toContain('Updated the comment on pull request #7.')
    expect(warnings(run.stdout)).toEqual([])
  })

  it('nothing is posted without commit-status', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(sim, { 'status-id': 'update-success', 'github-token': TOKEN }, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(run.code).toBe(0)
    expect(api.requests).toEqual([])
  })
})

// Alone, once the others are done: the bound is the contract's, not a measure of a busy machine.
describe('a cancelled required check, end to end', () => {
  it('a cancel writes the last status (error) within the grace, after pending', async () => {
    const sim = await simulator()
    const api = await githubApi()
    let sentAt = 0
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-forever', 'min-interval': '1s', 'max-interval': '1s', ...gate },
      {
        env: { GITHUB_API_URL: api.url },
        onStdout: (_chunk, child) => {
          if (!sentAt && states(api).includes('pending')) {
            sentAt = Date.now()
            child.kill('SIGINT')
          }
        }
      }
    )
    expect(sentAt, run.stdout).toBeGreaterThan(0)
    expect(Date.now() - sentAt).toBeLessThan(2000)
    expect(run.outputs.result).toBe('cancelled')
    // The last word is the outcome's: a pending answered after the close went is followed by the close again.
    expect(states(api)[0]).toBe('pending')
    expect(states(api).slice(1)).toContain('error')
    expect(new Set(states(api).slice(1))).toEqual(new Set(['error']))
    expect(api.statuses.at(-1)?.description).toMatch(/^Update update-forever had not settled when the wait on it was cancelled/)
    expect(Array.from(api.statuses.at(-1)?.description ?? '').length).toBeLessThanOrEqual(140)
  })

  it('a cancel while the pending write is unanswered ends within the grace, with one warning', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.hang = true
    let sentAt = 0
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-forever', 'min-interval': '1s', 'max-interval': '1s', ...gate },
      {
        env: { GITHUB_API_URL: api.url },
        onStdout: (_chunk, child) => {
          if (!sentAt && api.requests.length > 0) {
            sentAt = Date.now()
            child.kill('SIGINT')
          }
        }
      }
    )
    expect(sentAt, run.stdout).toBeGreaterThan(0)
    expect(Date.now() - sentAt).toBeLessThan(2000)
    expect(run.outputs.result).toBe('cancelled')
    const [warning, ...more] = warnings(run.stdout)
    expect(more).toEqual([])
    expect(warning).toMatch(
      /^::warning::The last commit status \(error\) of docs could not be written: the GitHub API did not answer before the cancelled run had to end\b.*The step's result does not depend on it\. \[commit-status\.out-of-time\]$/
    )
  })
})
