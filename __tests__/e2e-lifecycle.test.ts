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
