import { describe, expect, it } from 'vitest'
import { ASSISTANT_KEY, PROJECT_ID, SEARCH_DOMAIN, SHA } from '../dev/simulator.js'
import { activeCommands, githubApi, runAgainst, simulator } from './helpers/e2e.js'

const TOKEN = 'ghs_fake_token_for_tests_0002'
const HEAD = 'c0ffee0123456789abcdef0123456789abcdef01'
const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: HEAD } } } }
const RUN_URL = 'https://github.com/acme/docs/actions/runs/4242424242'
const ENDED = { endedAt: '2026-01-01T00:00:00Z' }
const deployTo = (environment: string) => ({ 'deployment-environment': environment, 'github-token': TOKEN })

type Api = Awaited<ReturnType<typeof githubApi>>
const states = (api: Api) => api.deployments.flatMap((d) => d.statuses.map((s) => s.state))
const lastStatus = (api: Api) => api.deployments[0]?.statuses.at(-1)
const warnings = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('::warning::'))

describe.concurrent('the docs as a deployment, end to end', () => {
  it('a preview: one transient deployment of the pull request head, in progress while the update builds, then success at the preview', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'building' }])
    // The update settles only once the deployment shows it in progress: a status written only
    // after the wait would never come, and the run would time out.
    const shownInProgress = () => states(api).includes('in_progress')
    sim.script('update', 'building', [{ fn: () => ({ json: shownInProgress() ? { status: 'success', ...ENDED } : { status: 'in_progress' } }) }])
    const run = await runAgainst(
      sim,
      { trigger: 'preview', 'project-id': PROJECT_ID, 'preview-branch': 'feature/new-nav', ...deployTo('docs-preview') },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/deployments'))).toHaveLength(1)
    expect(api.deployments).toHaveLength(1)
    const [deployment] = api.deployments
    expect(deployment).toMatchObject({
      ref: HEAD,
      environment: 'docs-preview',
      auto_merge: false,
      required_contexts: [],
      transient_environment: true
    })
    expect(deployment?.statuses.map((s) => s.state)).toEqual(['in_progress', 'success'])
    const [inProgress, success] = deployment?.statuses ?? []
    expect(inProgress).toMatchObject({ log_url: RUN_URL, description: 'Waiting for the docs update: update building' })
    expect(success).toMatchObject({ log_url: RUN_URL, description: 'Update building succeeded.' })
    expect(success?.environment_url).toBe(new URL(run.outputs['preview-url'] ?? '').href)
    expect(run.outputs['preview-url']).toBe('https://acme-feature-new-nav.preview.example.com')
    expect(run.outputs['deployment-id']).toBe(String(deployment?.id))
    expect(run.stdout).toContain(`Created deployment ${deployment?.id} in environment docs-preview (a preview: transient) for commit c0ffee0.`)
    expect(api.requests.every((r) => r.authorization === `token ${TOKEN}`)).toBe(true)
    // The token appears once: in the ::add-mask:: command that hides it.
    expect((run.stdout + run.stderr + run.summary).split(TOKEN)).toHaveLength(2)
  })

  it('a failed update: failure, with the reason of the annotation within 140 characters; the commit of the run on push', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-failure', ...deployTo('docs'), 'deployment-url': 'https://docs.example.com' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(api.deployments).toHaveLength(1)
    expect(api.deployments[0]).toMatchObject({ ref: SHA, environment: 'docs', transient_environment: false })
    expect(states(api)).toEqual(['in_progress', 'failure'])
    const failure = lastStatus(api)
    expect(failure?.description).toBe('Update update-failure failed: “Update failed: broken link in docs/quickstart.mdx”')
    // The annotation leads with the same reason.
    expect(run.stdout).toContain(`::error::${failure?.description}`)
    expect(failure?.environment_url).toBeUndefined()
  })

  it('a reason longer than GitHub allows is cut to 140 characters', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const summary = `Build failed: ${'the page docs/reference/configuration.mdx links to a heading that no longer exists; '.repeat(5)}`
    sim.script('update', 'long-failure', [{ json: { status: 'failure', summary, ...ENDED } }])
    const run = await runAgainst(sim, { 'status-id': 'long-failure', ...deployTo('docs') }, { env: { GITHUB_API_URL: api.url } })
    expect(run.outputs.result).toBe('failure')
    expect(states(api)).toEqual(['in_progress', 'failure'])
    const description = lastStatus(api)?.description ?? ''
    expect(Array.from(description)).toHaveLength(140)
    expect(description).toMatch(/^Update long-failure failed: “Build failed: the page docs\/reference\/configuration\.mdx .*…$/)
    expect(warnings(run.stdout)).toEqual([])
  })

  it('success without a preview shows deployment-url', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', ...deployTo('docs'), 'deployment-url': 'https://docs.example.com/guide' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code).toBe(0)
    expect(states(api)).toEqual(['in_progress', 'success'])
    expect(lastStatus(api)?.environment_url).toBe('https://docs.example.com/guide')
  })

  it.each([
    ['a timeout', { 'status-id': 'update-forever', timeout: '1s' }, 'timeout', /^Update update-forever still "(?:queued|in_progress)" after \d/],
    [
      'an error',
      { 'status-id': 'update-forbidden' },
      'error',
      /^Update update-forbidden could not be read: admin-key is not allowed to read it \(HTTP 403\)\.$/
    ]
  ])('%s: error, saying why', async (_name, inputs, result, description) => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(sim, { ...inputs, ...deployTo('docs') }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe(result)
    expect(states(api)).toEqual(['in_progress', 'error'])
    expect(lastStatus(api)?.description).toMatch(description)
    expect(lastStatus(api)?.environment_url).toBeUndefined()
  })

  it('without deployments: write, one warning that names it; the outcome stands', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.failWith = 403
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...deployTo('docs') }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.outputs['deployment-id']).toBe('')
    expect(warnings(run.stdout)).toEqual([
      "::warning::The deployment could not be created in environment docs: the token may not write deployments (HTTP 403: Resource not accessible by integration). Add `permissions: deployments: write` to the job (or pass a github-token that has it). The step's result does not depend on it. [deployment.not-written]"
    ])
    // One POST, never repeated; no status for a deployment that does not exist.
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /repos/acme/docs/deployments'])
  })

  it('an empty github-token (a secret that is not set): one warning, no deployment; the outcome stands', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'deployment-environment': 'docs', 'github-token': '' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.outputs['deployment-id']).toBe('')
    expect(warnings(run.stdout)).toEqual([
      "::warning::deployment-environment is set, but github-token is empty (a secret that is not set?). No deployment was recorded; the step's result does not depend on it. [deployment.no-token]"
    ])
    expect(api.requests).toEqual([])
  })

  it("any other failure is a warning with GitHub's message, inert in the log", async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.failWith = 422
    api.failMessage = 'Branch "main" is not allowed to deploy to docs due to environment protection rules. ##[error]pwned'
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...deployTo('docs') }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(0)
    expect(run.outputs.result).toBe('success')
    const [warning, ...more] = warnings(run.stdout)
    expect(more).toEqual([])
    expect(warning).toContain(
      '::warning::The deployment could not be created in environment docs: HTTP 422: Branch "main" is not allowed to deploy to docs due to environment protection rules.'
    )
    expect(run.stdout).not.toContain('##[error]')
    expect(activeCommands(run.stdout).filter((c) => c.includes('pwned') && !c.startsWith('::warning::'))).toEqual([])
  })

  it('a GitHub API that never answers the creation: looked for after twice request-timeout, never created again, one warning; the step passes on time', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.hang = true
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', ...deployTo('docs'), timeout: '3s', 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
    // The POST that may have created it is not sent again; it is looked for (a GET, which changes nothing).
    expect(api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual(['POST /repos/acme/docs/deployments'])
    expect(warnings(run.stdout)).toHaveLength(1)
    expect(warnings(run.stdout)[0]).toMatch(
      /^::warning::The deployment in environment docs could not be created, or has no status: .*The step's result does not depend on it\. \[deployment\.not-written\]$/
    )
    // The contract's bound, plus the start of a Node process on a busy machine.
    expect(run.durationMs).toBeLessThan((3 + 1 + 2) * 1000 + 3000)
  })

  it('nothing is created without deployment-environment', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(sim, { 'status-id': 'update-success', 'github-token': TOKEN }, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(run.code).toBe(0)
    expect(api.requests).toEqual([])
    expect(run.outputs['deployment-id']).toBe('')
  })

  it('work that could not be started creates no deployment, and the log says so', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { trigger: 'preview', 'project-id': 'trigger-403', 'preview-branch': 'feature/x', ...deployTo('docs-preview') },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.outputs.result).toBe('error')
    expect(api.requests).toEqual([])
    expect(run.stdout).toContain('No deployment was created: the run ended before waiting began.')
  })

  it.each([
    [
      'deployment-url without deployment-environment',
      { 'status-id': 'update-success', 'deployment-url': 'https://docs.example.com' },
      'deployment-url: is only used with deployment-environment'
    ],
    [
      'a deployment-url that is not https://',
      { 'status-id': 'update-success', ...deployTo('docs'), 'deployment-url': 'http://docs.example.com' },
      'deployment-url: "http://docs.example.com" must use https://'
    ],
    [
      'only agent jobs',
      { 'job-id': 'job-completed-pr', 'project-id': PROJECT_ID, ...deployTo('docs') },
      'deployment-environment: needs a docs update to record; give a status-id or trigger: update or preview'
    ],
    [
      'only the search check',
      { 'search-query': 'install', 'search-domain': SEARCH_DOMAIN, 'assistant-key': ASSISTANT_KEY, ...deployTo('docs') },
      'deployment-environment: needs a docs update to record'
    ],
    [
      'trigger: agent',
      { trigger: 'agent', 'project-id': PROJECT_ID, 'agent-prompt': 'Fix the links', ...deployTo('docs') },
      'deployment-environment: needs a docs update to record'
    ]
  ])('invalid input: %s; nothing is sent', async (_name, inputs, message) => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(sim, inputs, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toContain(message)
    expect(sim.requests).toEqual([])
    expect(api.requests).toEqual([])
  })
})

// Alone, once the others are done: the 2 s bound is the contract's, not a measure of a busy machine.
describe('a cancelled deployment, end to end', () => {
  it('a cancel writes the last status (error) after the outputs, and the step ends within 2 s of the signal', async () => {
    const sim = await simulator()
    const api = await githubApi()
    let sentAt = 0
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-forever', 'min-interval': '1s', 'max-interval': '1s', ...deployTo('docs') },
      {
        env: { GITHUB_API_URL: api.url },
        onStdout: (_chunk, child) => {
          if (!sentAt && states(api).includes('in_progress')) {
            sentAt = Date.now()
            child.kill('SIGINT')
          }
        }
      }
    )
    expect(sentAt, run.stdout).toBeGreaterThan(0)
    expect(Date.now() - sentAt).toBeLessThan(2000)
    expect(run.code).not.toBe(0)
    expect(run.outputs.result).toBe('cancelled')
    expect(states(api)).toEqual(['in_progress', 'error'])
    expect(lastStatus(api)?.description).toMatch(/^Update update-forever had not settled when the wait on it was cancelled/)
    expect(Array.from(lastStatus(api)?.description ?? '').length).toBeLessThanOrEqual(140)
    expect(run.outputs['deployment-id']).toBe(String(api.deployments[0]?.id))
  })

  it('a cancel while GitHub has not answered the creation still ends within 2 s, with the outputs and a warning', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.hang = true
    let sentAt = 0
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-forever', 'min-interval': '1s', 'max-interval': '1s', ...deployTo('docs') },
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
    expect(run.outputs['deployment-id']).toBe('')
    // One warning naming the deployment: the creation unanswered, then (half the grace later) not found either, as GitHub answers nothing.
    const said = warnings(run.stdout)
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(
      /^::warning::The deployment in environment docs could not be created, or has no status: the GitHub API .*the cancelled run had to end/
    )
    expect(said[0]).toMatch(/The step's result does not depend on it\. \[deployment\.out-of-time\]$/)
  })
})
