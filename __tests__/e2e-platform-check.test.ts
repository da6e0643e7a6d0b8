import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { runAction } from '../dev/run-action.js'
import { activeCommands, githubApi, runAgainst, simulator } from './helpers/e2e.js'

const TOKEN = 'ghs_fake_token_for_tests_0051'
// The commit of a push run (dev/run-action.js sets GITHUB_SHA to it).
const PUSHED = '3f786850e387550fdab836ed7e6dc881de23001b'
const HEAD = 'c0ffee0123456789abcdef0123456789abcdef01'
const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: HEAD } } } }
const DEPLOY_URL = 'https://docs.example.com/acme/docs/deployments/42'

type Api = Awaited<ReturnType<typeof githubApi>>
const wait = { 'platform-check': 'Docs', 'github-token': TOKEN, 'min-interval': '100ms', 'max-interval': '200ms' }
const checkReads = (api: Api) => api.requests.filter((r) => r.path.endsWith('/check-runs'))

/** Calls `step` once each time the action has read the check runs `every` more times. */
function onReads(api: Api, steps: (() => void)[], every = 2) {
  api.onRequest = (request) => {
    if (!request.path.endsWith('/check-runs')) return
    const reads = checkReads(api).length
    if (reads % every === 0) steps.shift()?.()
  }
}

describe.concurrent('waiting on the deploy the platform starts by itself (platform-check), end to end', () => {
  it('a check run that appears late, queued → in_progress → completed success: success, with its address as platform-check-url', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.addCheckRun({ sha: PUSHED, name: 'CI', status: 'completed', conclusion: 'success' })
    let id = 0
    onReads(api, [
      () => {
        id = api.addCheckRun({ sha: PUSHED, name: 'Docs', status: 'queued', details_url: DEPLOY_URL }).id
      },
      () => api.updateCheckRun(id, { status: 'in_progress' }),
      () => api.updateCheckRun(id, { status: 'completed', conclusion: 'success' })
    ])
    const run = await runAgainst(sim, wait, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.outputs['platform-check-url']).toBe(DEPLOY_URL)
    expect(run.outputs.status).toBe('success')
    expect(run.stdout).toContain('queued → in_progress')
    // Every read asked for the commit of the run, every page, and sent the ETag of the last answer.
    expect(checkReads(api).every((r) => r.path === `/repos/acme/docs/commits/${PUSHED}/check-runs`)).toBe(true)
    expect(
      checkReads(api)
        .slice(1)
        .every((r) => r.ifNoneMatch !== undefined)
    ).toBe(true)
    expect(api.conditionalAnswers).toBeGreaterThan(0)
    // The platform's own API was never asked.
    expect(sim.requests).toHaveLength(0)
  })

  it("needs neither base-url nor admin-key: the platform's API is not asked", async () => {
    const api = await githubApi()
    api.addCheckRun({ sha: PUSHED, name: 'Docs', status: 'completed', conclusion: 'success', details_url: DEPLOY_URL })
    const run = await runAction({ timeoutMs: 25_000, inputs: { ...wait, timeout: '20s' }, env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.outputs['platform-check-url']).toBe(DEPLOY_URL)
    expect(run.stdout).toContain(`Waiting on platform check "Docs" on the run's commit`)
  })

  it("the README's workflow: the check, then the page as readers are served it, with neither base-url nor a key", async () => {
    const api = await githubApi()
    api.addCheckRun({ sha: PUSHED, name: 'Docs', status: 'completed', conclusion: 'success', details_url: DEPLOY_URL })
    const served: string[] = []
    const site = createServer((req, res) => {
      served.push(`${req.url} ${req.headers.authorization ?? ''}`)
      if (req.url === '/quickstart') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Quickstart</p>')
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    try {
      const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
      const run = await runAction({
        timeoutMs: 25_000,
        inputs: { ...wait, timeout: '20s', 'site-url': siteUrl, 'page-path': 'quickstart' },
        env: { GITHUB_API_URL: api.url }
      })
      expect(run.code, run.stdout + run.stderr).toBe(0)
      expect(run.outputs.result).toBe('success')
      expect(JSON.parse(run.outputs['page-results'] ?? '')).toEqual([{ path: 'quickstart', found: true, contains: null, length: expect.any(Number) }])
      expect(served).toEqual(['/quickstart '])
    } finally {
      site.closeAllConnections()
      await new Promise((resolve) => site.close(resolve))
    }
  })

  it('on a pull request, the head commit is read, not the merge commit', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.addCheckRun({ sha: PUSHED, name: 'Docs', status: 'completed', conclusion: 'failure' })
    api.addCheckRun({ sha: HEAD, name: 'Docs', status: 'completed', conclusion: 'success', details_url: DEPLOY_URL })
    const run = await runAgainst(sim, wait, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(checkReads(api).every((r) => r.path.includes(HEAD))).toBe(true)
  })

  it('a completed failure: failure, naming the check', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.addCheckRun({ sha: PUSHED, name: 'Docs', status: 'completed', conclusion: 'failure', details_url: DEPLOY_URL })
    const run = await runAgainst(sim, wait, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(run.stdout).toMatch(/::error::.*check run "Docs" ended with "failure"/)
    expect(run.outputs['platform-check-url']).toBe(DEPLOY_URL)
  })

  it('a commit status the platform writes counts too: error is a failure', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.addStatus({ sha: PUSHED, context: 'preview/docs/deploy-preview', state: 'error', target_url: 'https://app.preview.example/deploys/1' })
    const run = await runAgainst(sim, { ...wait, 'platform-check': 'preview/*' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.outputs.result).toBe('failure')
    expect(run.stdout).toContain('commit status "preview/docs/deploy-preview" ended with "error"')
    expect(run.outputs['platform-check-url']).toBe('https://app.preview.example/deploys/1')
  })

  it('never appearing: timeout, with what was looked for, on which commit, and the names that were there', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.addCheckRun({ sha: PUSHED, name: 'CI', status: 'completed', conclusion: 'success' })
    api.addStatus({ sha: PUSHED, context: 'docs-preview', state: 'success' })
    const run = await runAgainst(sim, { ...wait, timeout: '1s' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('timeout')
    expect(run.outputs['platform-check-url']).toBe('')
    expect(run.stdout).toContain(`no check run, commit status or deployment named "Docs" appeared on commit ${PUSHED.slice(0, 7)}`)
    expect(run.stdout).toContain('found instead: "CI", "docs-preview"')
    expect(run.stdout).toMatch(/platform's app is installed on this repository/)
  })

  it('a refused read: error naming checks: read, at once, never a hang', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.refuseReads = true
    const run = await runAgainst(sim, { ...wait, timeout: '20s' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toMatch(/::error::.*HTTP 403 .*Resource not accessible by integration.*checks: read/)
    expect(checkReads(api)).toHaveLength(1)
  })

  it('more than 100 check runs on the commit: the one past the first page is still found', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // The newest come first: the platform's check, written first, is on the second page.
    api.addCheckRun({ sha: PUSHED, name: 'Docs', status: 'completed', conclusion: 'success', details_url: DEPLOY_URL })
    for (let i = 0; i < 130; i++) api.addCheckRun({ sha: PUSHED, name: `lint ${i}`, status: 'completed', conclusion: 'success' })
    const run = await runAgainst(sim, wait, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs['platform-check-url']).toBe(DEPLOY_URL)
    expect(checkReads(api).length).toBeGreaterThanOrEqual(2)
  })

  it('a re-run: of two runs of the name, the newer counts', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.addCheckRun({ sha: PUSHED, name: 'Docs', status: 'completed', conclusion: 'failure', details_url: `${DEPLOY_URL}/old` })
    api.addCheckRun({ sha: PUSHED, name: 'Docs', status: 'completed', conclusion: 'success', details_url: DEPLOY_URL })
    const run = await runAgainst(sim, wait, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.outputs['platform-check-url']).toBe(DEPLOY_URL)
  })

  it('text from GitHub is inert: no workflow command, no user and password in the address', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.addCheckRun({ sha: PUSHED, name: 'Docs', status: 'completed', conclusion: 'success', details_url: 'https://user:secret@docs.example.com/d/1' })
    api.addCheckRun({ sha: PUSHED, name: 'Docs\n::warning::pwned', status: 'completed', conclusion: 'failure' })
    const run = await runAgainst(sim, { ...wait, 'platform-check': 'Doc*' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.outputs.result).toBe('failure')
    expect(run.outputs['platform-check-url']).toBe('https://docs.example.com/d/1')
    expect(run.stdout).not.toContain('secret')
    expect(run.stdout).toContain('pwned')
    expect(activeCommands(run.stdout).filter((line) => line.startsWith('::warning::pwned'))).toEqual([])
  })
})
