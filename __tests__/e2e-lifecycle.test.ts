import { describe, expect, it } from 'vitest'
import { PROJECT_ID } from '../dev/simulator.js'
import { expectAllOutputs, githubApi, runAgainst, simulator } from './helpers/e2e.js'

// What the step writes outside itself (the pull request comment, the deployment) is kept true by
// one lifecycle: whatever GitHub answers late, whenever a cancel lands, the step never crashes.
const TOKEN = 'ghs_fake_token_for_tests_0002'
const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: 'c0ffee0123456789abcdef0123456789abcdef01' } } } }
const comment = { 'pr-comment': 'true', 'github-token': TOKEN }
const warnings = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('::warning::'))

describe.concurrent('the step never crashes on what it writes elsewhere', () => {
  it.each([
    ['timeout: 10ms', { 'status-id': 'update-forever', timeout: '10ms' }, 'timeout'],
    ['request-timeout: 10ms', { 'status-id': 'update-success', 'request-timeout': '10ms' }, undefined]
  ])('pr-comment with %s: outputs, summary and an outcome comment, no stack trace', async (_name, inputs, result) => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(sim, { ...comment, ...inputs }, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(run.stderr).not.toMatch(/AbortError|DOMException|\n\s+at /)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    if (result) expect(run.outputs.result).toBe(result)
    expect(run.outputs.result).not.toBe('')
    expect(run.summary).not.toBe('')
  })

  it('a SIGINT as waiting begins, with the comment and a deployment: cancelled, every output, the summary, the outcome commented and the deployment settled', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'building' }])
    sim.script('update', 'building', [{ json: { status: 'in_progress' } }])
    const run = await runAgainst(
      sim,
      { trigger: 'preview', 'project-id': PROJECT_ID, 'preview-branch': 'feature/x', ...comment, 'deployment-environment': 'docs-preview' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest, onStdout: killOnceNow('Waiting on update', 'SIGINT') }
    )
    expect(run.stderr).not.toMatch(/AbortError|DOMException|\n\s+at /)
    expect(run.outputs.result).toBe('cancelled')
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.summary).toContain('ancel')
    expect(run.stdout).toMatch(/^::error::/m)
    await api.settled()
    expect(api.comments.at(-1)?.body ?? '').not.toContain('in progress')
    expect(api.comments).toHaveLength(1)
    for (const deployment of api.deployments) expect(deployment.statuses.at(-1)?.state).toBe('error')
    expect(warnings(run.stdout).filter((w) => /Unexpected/.test(w))).toEqual([])
  })
})

type Api = Awaited<ReturnType<typeof githubApi>>
const statesOf = (api: Api) => api.deployments.flatMap((d) => d.statuses.map((s) => s.state))
const statusRequests = (api: Api) => api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/statuses'))
const deployTo = { 'deployment-environment': 'docs', 'github-token': TOKEN }

describe.concurrent('the deployment is true at the end', () => {
  it('an in_progress status GitHub answers after request-timeout does not stand after the outcome: the last status is the outcome, not "in progress"', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // The creation at once; the in_progress status held until the outcome's arrives (sent
    // request-timeout after the outcome was known, the in_progress unanswered), then applied and
    // answered once that one is: it lands after the outcome by order, however slow the machine.
    // request-timeout is the time its answer has to reach the step.
    let outcomeApplied: () => void = () => undefined
    const applied = new Promise<void>((resolve) => {
      outcomeApplied = resolve
    })
    api.delayDeploymentWrites(0, { ms: 0, onArrive: () => applied }, { ms: 0, onArrive: () => void setImmediate(outcomeApplied) })
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...deployTo, 'request-timeout': '3s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    // The outcome went request-timeout after it was known; the in_progress landed after it, and the outcome was written again.
    expect(statesOf(api).slice(0, 2)).toEqual(['success', 'in_progress'])
    expect(statesOf(api).at(-1)).toBe('success')
    expect(warnings(run.stdout)).toEqual([])
  })

  it('a cancel while the in_progress status is in flight sends error at once to the deployment, and the warning names it', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'building', [{ json: { status: 'in_progress' } }])
    api.delayDeploymentWrites(0, 6000)
    let signalledAt = 0
    const run = await runAgainst(
      sim,
      { 'status-id': 'building', ...deployTo },
      {
        env: { GITHUB_API_URL: api.url },
        onStdout: (_chunk, child) => {
          if (!signalledAt && statusRequests(api).length > 0) {
            signalledAt = Date.now()
            child.kill('SIGINT')
          }
        }
      }
    )
    expect(signalledAt, run.stdout).toBeGreaterThan(0)
    expect(Date.now() - signalledAt).toBeLessThan(2000)
    expect(run.outputs.result).toBe('cancelled')
    const id = api.deployments[0]?.id
    expect(statusRequests(api).map((r) => r.body?.state)).toEqual(['in_progress', 'error'])
    expect(statesOf(api)).toContain('error')
    expect(warnings(run.stdout)).toEqual([
      `::warning::Deployment ${id} holds its last status (error), but its "in progress" write had no answer when the cancelled run had to end; if the GitHub API applies that write later, it shows "in progress" until the next run. The step's result does not depend on it. [deployment.may-not-hold]`
    ])
  })

  it("a cancel during the last status's write shortens it to the grace: the step ends on time with its outcome's exit code and one warning naming the deployment", async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.delayDeploymentWrites(0, 0, 8000)
    let signalledAt = 0
    let child: import('node:child_process').ChildProcess | undefined
    // The signal goes as the last status arrives at GitHub.
    api.onRequest = (request) => {
      if (!signalledAt && request.path.endsWith('/statuses') && request.body?.state === 'success') {
        signalledAt = Date.now()
        child?.kill('SIGINT')
      }
    }
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', ...deployTo },
      {
        env: { GITHUB_API_URL: api.url },
        onStdout: (_chunk, running) => {
          child ??= running
        }
      }
    )
    expect(signalledAt, run.stdout).toBeGreaterThan(0)
    expect(Date.now() - signalledAt).toBeLessThan(2000)
    expect(run.outputs.result).toBe('success')
    expect(run.code, run.stdout).toBe(0)
    // The log says what the grace is for: the deployment is among what is being finished.
    expect(run.stdout).toContain('Received SIGINT: the wait is over; finishing the outputs, the summary and the deployment within 1.5s.')
    const id = api.deployments[0]?.id
    expect(warnings(run.stdout)).toEqual([
      `::warning::The last status (success) of deployment ${id} could not be written: the GitHub API did not answer before the cancelled run had to end. The step's result does not depend on it. [deployment.out-of-time]`
    ])
  })

  it('a creation GitHub answers after request-timeout is waited on: the deployment gets its statuses, and no warning', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.delayDeploymentWrites(1500)
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...deployTo, 'request-timeout': '1s' }, { env: { GITHUB_API_URL: api.url } })
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    expect(api.deployments).toHaveLength(1)
    expect(statesOf(api).at(-1)).toBe('success')
    expect(run.outputs['deployment-id']).toBe(String(api.deployments[0]?.id))
    expect(warnings(run.stdout)).toEqual([])
  })

  it("a creation applied but answered with a gateway's error is found again by the run's mark: its last status is the outcome", async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.delayDeploymentWrites({ ms: 100, status: 504, apply: true })
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...deployTo }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout).toBe(0)
    expect(api.deployments).toHaveLength(1)
    expect(statesOf(api)).toEqual(['success'])
    expect(api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/deployments'))).toHaveLength(1)
    expect(run.outputs['deployment-id']).toBe(String(api.deployments[0]?.id))
    expect(warnings(run.stdout)).toEqual([])
  })
})

/** Sends `signal` the moment the log shows `text`: while the comment's client is still loading. */
function killOnceNow(text: string, signal: NodeJS.Signals) {
  let seen = ''
  let sent = false
  return (chunk: string, child: import('node:child_process').ChildProcess) => {
    seen += chunk
    if (sent || !seen.includes(text)) return
    sent = true
    child.kill(signal)
  }
}
