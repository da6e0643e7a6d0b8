import { describe, expect, it } from 'vitest'
import { activeCommands, githubApi, runAgainst, simulator } from './helpers/e2e.js'

// The deployments the platform's app writes on the run's commit, waited on through the bundled
// action as the runner starts it, against the GitHub stand-in (paged, newest first, with ETags).
const TOKEN = 'ghs_fake_token_for_tests_0051'
// The commit of a push run (dev/run-action.js sets GITHUB_SHA to it).
const PUSHED = '3f786850e387550fdab836ed7e6dc881de23001b'
const PREVIEW_URL = 'https://docs.example.com/previews/42'
const LOG_URL = 'https://platform.example/acme/docs/deploys/42'

type Api = Awaited<ReturnType<typeof githubApi>>
const wait = { 'platform-check': 'docs-deploy', 'github-token': TOKEN, 'min-interval': '100ms', 'max-interval': '200ms' }
const deploymentReads = (api: Api) => api.requests.filter((r) => r.path === '/repos/acme/docs/deployments' && r.method === 'GET')

/** Calls the next step each time the action has read the deployments `every` more times. */
function onReads(api: Api, steps: (() => void)[], every = 2) {
  api.onRequest = (request) => {
    if (request.path !== '/repos/acme/docs/deployments' || request.method !== 'GET') return
    if (deploymentReads(api).length % every === 0) steps.shift()?.()
  }
}

describe.concurrent('waiting on a deployment the platform writes on the commit (platform-check), end to end', () => {
  it('one that appears late, queued → in_progress → success: success, its environment URL as platform-check-url', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.addDeployment({ sha: PUSHED, environment: 'github-pages' })
    let id = 0
    onReads(api, [
      () => {
        id = api.addDeployment({ sha: PUSHED, environment: 'docs-deploy' }).id
        api.addDeploymentStatus(id, { state: 'queued' })
      },
      () => api.addDeploymentStatus(id, { state: 'in_progress', log_url: LOG_URL }),
      () => api.addDeploymentStatus(id, { state: 'success', environment_url: PREVIEW_URL, log_url: LOG_URL })
    ])
    const run = await runAgainst(sim, wait, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.outputs.status).toBe('success')
    expect(run.outputs['platform-check-url']).toBe(PREVIEW_URL)
    expect(run.stdout).toContain('queued → in_progress')
    // Every read asked for the commit of the run, and sent the ETag of the last answer.
    const reads = deploymentReads(api)
    expect(reads.length).toBeGreaterThan(3)
    expect(reads.slice(1).every((r) => r.ifNoneMatch !== undefined)).toBe(true)
    // Only the environment that counts has its statuses read.
    const statusReads = api.requests.filter((r) => /\/deployments\/\d+\/statuses$/.test(r.path))
    expect(statusReads.length).toBeGreaterThan(0)
    expect(statusReads.every((r) => r.path === `/repos/acme/docs/deployments/${id}/statuses`)).toBe(true)
    expect(sim.requests).toHaveLength(0)
  })

  it('one that fails: failure, naming the environment and its address', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const { id } = api.addDeployment({ sha: PUSHED, environment: 'Preview' })
    api.addDeploymentStatus(id, { state: 'in_progress', log_url: LOG_URL })
    api.addDeploymentStatus(id, { state: 'failure', log_url: LOG_URL })
    const run = await runAgainst(sim, { ...wait, 'platform-check': 'Prev*' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(run.stdout).toMatch(/::error::.*deployment "Preview" ended with "failure" \(https:\/\/platform\.example\/acme\/docs\/deploys\/42\)/)
    expect(run.outputs['platform-check-url']).toBe(LOG_URL)
  })

  it('still in progress at the deadline: timeout, the words naming its address', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const { id } = api.addDeployment({ sha: PUSHED, environment: 'docs-deploy' })
    api.addDeploymentStatus(id, { state: 'in_progress', log_url: 'https://user:secret@platform.example/acme/docs/deploys/43' })
    const run = await runAgainst(sim, { ...wait, timeout: '1s' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('timeout')
    expect(run.stdout).toContain('deployment "docs-deploy" still "in_progress" (https://platform.example/acme/docs/deploys/43) when the timeout (1.0s) ran out')
    expect(run.stdout).not.toContain('secret')
    expect(activeCommands(run.stdout).filter((line) => line.includes('secret'))).toEqual([])
  })

  it('a refused read of the deployments (403): error naming deployments: read, at once, never a hang', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.refuseDeploymentReads = true
    const run = await runAgainst(sim, { ...wait, timeout: '20s' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toMatch(/::error::.*HTTP 403 .*deployments of commit 3f78685.*Resource not accessible by integration.*the token needs deployments: read/)
    expect(run.stdout).toContain('`deployments: read`')
    expect(deploymentReads(api)).toHaveLength(1)
  })
})
