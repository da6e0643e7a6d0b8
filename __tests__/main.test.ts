import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startGitHubApi } from '../dev/github-api.js'
import { parseOutputFile } from '../dev/run-action.js'
import { ADMIN_KEY, ASSISTANT_KEY, PROJECT_ID, SEARCH_DOMAIN, SHA, startSimulator } from '../dev/simulator.js'
import { run, unforeseen } from '../src/github/main.js'

// run() in process, with the real @actions/core reading INPUT_* variables and writing the
// runner's files: the same path as the bundle, visible to coverage.
let sim: Awaited<ReturnType<typeof startSimulator>>
let github: Awaited<ReturnType<typeof startGitHubApi>>
let stdout: string[]
// @actions/core remembers the summary file it first wrote to, so every test shares one.
let summaryFile: string

beforeAll(async () => {
  sim = await startSimulator()
  github = await startGitHubApi()
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-summary-'))
  tempDirs.push(dir)
  summaryFile = path.join(dir, 'summary.md')
})
// Every temp folder of this file, removed when it is done.
const tempDirs: string[] = []
afterAll(async () => {
  await sim.close()
  await github.close()
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

beforeEach(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-main-'))
  tempDirs.push(dir)
  const outputFile = path.join(dir, 'output')
  await writeFile(outputFile, '')
  await writeFile(summaryFile, '')
  vi.stubEnv('GITHUB_OUTPUT', outputFile)
  vi.stubEnv('GITHUB_STEP_SUMMARY', summaryFile)
  const event = path.join(dir, 'event.json')
  await writeFile(event, JSON.stringify({ pull_request: { number: 9 } }))
  vi.stubEnv('GITHUB_EVENT_PATH', event)
  vi.stubEnv('GITHUB_EVENT_NAME', 'pull_request')
  vi.stubEnv('GITHUB_REPOSITORY', 'acme/docs')
  vi.stubEnv('GITHUB_API_URL', github.url)
  // @actions/github reads the run's context once, when the first test that needs it loads it.
  vi.stubEnv('GITHUB_SHA', SHA)
  stdout = []
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout.push(String(chunk))
    return true
  })
  sim.reset()
})

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  process.exitCode = undefined
})

function inputs(values: Record<string, string>) {
  const all = { 'base-url': sim.url, 'admin-key': ADMIN_KEY, 'min-interval': '50ms', 'max-interval': '100ms', timeout: '10s', ...values }
  for (const [name, value] of Object.entries(all)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value)
}

async function outputs() {
  return parseOutputFile(await readFile(process.env.GITHUB_OUTPUT as string, 'utf8'))
}
const summary = () => readFile(summaryFile, 'utf8')

describe('run', () => {
  it('waits on an update and writes outputs and the summary', async () => {
    inputs({ 'status-id': 'update-success' })
    await run()
    expect(process.exitCode).toBeUndefined()
    expect(await outputs()).toMatchObject({ result: 'success', polls: '4', 'files-changed-count': '4' })
    expect(await summary()).toContain('## ✅ Docs update deployed')
    expect(stdout.join('')).toContain(`::add-mask::${ADMIN_KEY}`)
  })

  it('fails the step on invalid input, listing the problems, with every output written', async () => {
    inputs({ 'status-id': 'a/b', timeout: 'x' })
    await run()
    expect(process.exitCode).toBe(1)
    expect(await outputs()).toMatchObject({ result: 'error', polls: '0' })
    expect(stdout.join('')).toContain('::error::Invalid input (2 problems); no request was sent.')
  })

  it('passes a timeout when fail-on-timeout is false', async () => {
    inputs({ 'status-id': 'update-forever', timeout: '300ms', 'fail-on-timeout': 'false' })
    await run()
    expect(process.exitCode).toBeUndefined()
    expect((await outputs()).result).toBe('timeout')
    expect(stdout.join('')).toContain('::warning::Result: timeout')
  })

  it('waits on several targets, then searches, then comments on the pull request', async () => {
    inputs({
      'status-id': 'update-success',
      'job-id': 'job-completed-pr',
      'project-id': PROJECT_ID,
      'assistant-key': ASSISTANT_KEY,
      'search-domain': SEARCH_DOMAIN,
      'search-query': 'quickstart',
      'pr-comment': 'true',
      'github-token': 'ghs_main_test'
    })
    await run()
    expect(process.exitCode).toBeUndefined()
    const out = await outputs()
    expect(out).toMatchObject({ result: 'success', 'pr-number': '42' })
    expect(Number(out['search-result-count'])).toBeGreaterThan(0)
    expect(await summary()).toContain('### Search check')
    expect(github.comments.at(-1)?.body, stdout.join('')).toContain('### ✅ Docs update and agent job all succeeded')
    expect(stdout.join('')).toContain('Posted "in progress" on pull request #9.')
    expect(stdout.join('')).toContain('Updated the comment on pull request #9.')
  })

  it('a failed search after a good wait fails the step and says so', async () => {
    inputs({
      'status-id': 'update-success',
      'assistant-key': ASSISTANT_KEY,
      'search-domain': SEARCH_DOMAIN,
      'search-query': 'quickstart',
      'search-expect-path': 'nowhere'
    })
    await run()
    expect(process.exitCode).toBe(1)
    expect(stdout.join('')).toContain(
      '::error::The wait succeeded, but the search check did not: search "quickstart" returned no result whose path contains "nowhere"'
    )
  })

  it('records the update as a deployment: in progress while waiting, then the outcome', async () => {
    inputs({ 'status-id': 'update-failure', 'deployment-environment': 'docs', 'github-token': 'ghs_main_test' })
    await run()
    expect(process.exitCode).toBe(1)
    const deployment = github.deployments.at(-1)
    expect(deployment).toMatchObject({ ref: SHA, environment: 'docs', transient_environment: false })
    expect(deployment?.statuses.map((s) => s.state)).toEqual(['in_progress', 'failure'])
    expect((await outputs())['deployment-id']).toBe(String(deployment?.id))
  })

  it('a deployment GitHub refuses is one warning; the result stands', async () => {
    inputs({ 'status-id': 'update-success', 'deployment-environment': 'docs', 'github-token': 'ghs_main_test' })
    github.failWith = 403
    try {
      await run()
    } finally {
      github.failWith = undefined
    }
    expect(process.exitCode).toBeUndefined()
    expect((await outputs())['deployment-id']).toBe('')
    expect(stdout.join('').match(/::warning::/g)).toHaveLength(1)
    expect(stdout.join('')).toContain('Add `permissions: deployments: write` to the job')
  })

  it('does not write the summary when summary is false', async () => {
    inputs({ 'status-id': 'update-success', summary: 'false' })
    await run()
    expect(await summary()).toBe('')
  })
})

describe('the last net (unforeseen)', () => {
  it('a fault while waiting: result=error with every output and the summary, never a stack trace; one after it is a warning', async () => {
    inputs({ 'status-id': 'update-forever', timeout: '1s' })
    const running = run()
    await vi.waitFor(() => expect(stdout.join('')).toContain('Waiting on update update-forever'), { timeout: 20_000 })
    expect(await unforeseen(new TypeError('the unforeseen'))).toBe('reported')
    await running
    expect(process.exitCode).toBe(1)
    expect(await outputs()).toMatchObject({ result: 'error' })
    expect(await summary()).toContain('Unexpected error: TypeError: the unforeseen')
    // The run's own outcome does not overwrite the error reported.
    expect(stdout.join('')).not.toContain('Result: timeout')
    expect(await unforeseen(new Error('later'))).toBe('warned')
    expect(stdout.join('')).toContain('::warning::Unexpected error: later. It came after the outcome was reported, which stands.')
  })
  it('a fault while waiting closes what was opened: the deployment gets its error status, never left in progress', async () => {
    inputs({ 'status-id': 'update-forever', timeout: '1s', 'deployment-environment': 'docs', 'github-token': 'ghs_main_test' })
    const before = github.deployments.length
    const running = run()
    await vi.waitFor(() => expect(github.deployments.at(-1)?.statuses.map((s) => s.state)).toEqual(['in_progress']), { timeout: 20_000 })
    expect(github.deployments.length).toBe(before + 1)
    expect(await unforeseen(new TypeError('the unforeseen'))).toBe('reported')
    expect(github.deployments.at(-1)?.statuses.map((s) => s.state)).toEqual(['in_progress', 'error'])
    await running
    expect(github.deployments.at(-1)?.statuses.map((s) => s.state)).toEqual(['in_progress', 'error'])
  })
})
