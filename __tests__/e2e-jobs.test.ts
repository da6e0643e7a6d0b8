import { describe, expect, it } from 'vitest'
import { PROJECT_ID } from '../dev/simulator.js'
import { OUTPUT_NAMES } from '../src/report/outputs.js'
import { expectAllOutputs, runAgainst, simulator } from './helpers/e2e.js'

const PR = 'https://github.com/acme/docs/pull/42'

interface TargetResult {
  kind: string
  id: string
  result: string
  status: string
  record: Record<string, unknown> | null
  error: string | null
}

describe.concurrent('agent jobs, end to end', () => {
  it.each<[string, Record<string, string>, number, Record<string, string>, string?]>([
    ['job-completed-pr', {}, 0, { result: 'success', status: 'completed', 'pr-link': PR, 'pr-number': '42' }],
    [
      'job-completed-nopr',
      {},
      0,
      { result: 'success', status: 'completed', 'pr-link': '', 'pr-number': '' },
      'the agent changed no file, so it opened no pull request'
    ],
    [
      'job-completed-nopr',
      { 'require-pr': 'true' },
      1,
      { result: 'failure', 'pr-link': '' },
      'the job completed without a pull request, and require-pr is set'
    ],
    ['job-failed', {}, 1, { result: 'failure', status: 'failed' }, 'the agent job failed'],
    ['job-archived-pr', {}, 1, { result: 'failure', status: 'archived', 'pr-link': PR }, 'set accept-archived: true to count that as success'],
    ['job-archived-pr', { 'accept-archived': 'true' }, 0, { result: 'success', 'pr-link': PR, 'pr-number': '42' }],
    ['job-archived-nopr', { 'accept-archived': 'true' }, 0, { result: 'success', 'pr-link': '' }],
    ['job-archived-nopr', {}, 1, { result: 'failure' }]
  ])('%s %o exits %d', async (id, inputs, code, expected, logText) => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'job-id': id, 'project-id': PROJECT_ID, ...inputs })
    expect(run.code, run.stdout).toBe(code)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({ ...expected, model: expect.any(String), 'source-repository': 'https://github.com/acme/docs', 'source-ref': 'main' })
    expect(run.outputs.model).not.toBe('')
    if (logText) expect(run.stdout).toContain(logText)
    if (id === 'job-failed')
      expect(run.stdout).toContain(
        '::error::Agent job job-failed failed (status "failed"; job id job-failed).%0ANext: open the job in the dashboard to read why it failed, then start it again.'
      )
    expect(run.summary).toContain('### Agent job\n')
    expect(run.summary).toContain('https:\u200b//github.com/acme/docs')
    if (expected['pr-link']) expect(run.summary).toContain(`[pull request](${PR})`)
  })

  it.each([
    ['without require-pr: success, pr-link empty with a line saying why', {}, 0, 'success'],
    ['with require-pr: failure, no pull request', { 'require-pr': 'true' }, 1, 'failure']
  ])('a prLink with a line break and a command after it: %s; the text is in no output', async (_, inputs, code, result) => {
    const sim = await simulator()
    sim.script('job', 'job-hostile-pr', [
      { json: { status: 'completed', prLink: `${PR}\n::error::pwned @admin`, source: { repository: 'https://github.com/acme/docs', ref: 'main' }, model: 'm' } }
    ])
    const run = await runAgainst(sim, { 'job-id': 'job-hostile-pr', 'project-id': PROJECT_ID, ...inputs })
    expect(run.code, run.stdout).toBe(code)
    expect(run.outputs).toMatchObject({ result, 'pr-link': '', 'pr-number': '' })
    // Only `results` holds the record as the platform sent it, as JSON: a value a later step reads as data.
    for (const [name, value] of Object.entries(run.outputs)) if (name !== 'results') expect(value, name).not.toContain('pwned')
    if (code === 0) expect(run.stdout).toContain("The pr-link output is empty: the agent job's prLink is not one well-formed URL (it holds a line break).")
    expect(run.summary).not.toContain(`[pull request](${PR}`)
  })

  it('a job that does not exist ends with the server message after the grace', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'job-id': 'no-such-job', 'project-id': PROJECT_ID })
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ result: 'error', polls: '4' })
    expect(run.stdout).toContain('HTTP 404: Job not found')
    expect(run.stdout).toMatch(/::error::Agent job no-such-job was not found .*%0ANext: check `job-id` and `project-id`/)
    expect(run.stdout).toMatch(/%0ANext: .*; if it is right, check that `base-url` is the address of the platform's API \(it answered 404 for the id\)\.$/m)
  })

  it('waits on 3 updates and 3 jobs at once; one failure fails the step, every output is written', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, {
      'status-id': 'update-success\nupdate-5xx, update-failure\nupdate-success',
      'job-id': 'job-completed-pr,job-completed-nopr,job-archived-pr',
      'project-id': PROJECT_ID,
      'accept-archived': 'true'
    })
    expect(run.code, run.stdout).toBe(1)
    expect(Object.keys(run.outputs).sort()).toEqual([...OUTPUT_NAMES].sort())
    const results = JSON.parse(run.outputs.results as string) as TargetResult[]
    expect(results.map((r) => [r.kind, r.id, r.result, r.status])).toEqual([
      ['update', 'update-success', 'success', 'success'],
      ['update', 'update-5xx', 'success', 'success'],
      ['update', 'update-failure', 'failure', 'failure'],
      ['job', 'job-completed-pr', 'success', 'completed'],
      ['job', 'job-completed-nopr', 'success', 'completed'],
      ['job', 'job-archived-pr', 'success', 'archived']
    ])
    expect(results[2]?.error).toBe('the update ended with status "failure"')
    expect(results.every((r) => r.record !== null)).toBe(true)
    const polls = results.length // at least one poll each
    expect(Number(run.outputs.polls)).toBeGreaterThan(polls)
    expect(run.outputs).toMatchObject({
      result: 'failure',
      status: 'success',
      'commit-ref': 'main',
      'commit-message': 'docs: update quickstart',
      'files-added': '["docs/new-page.mdx"]',
      'files-modified': '["docs/index.mdx","docs/quickstart.mdx"]',
      'files-removed': '["docs/old-page.mdx"]',
      'files-changed-count': '4',
      subdomain: 'acme',
      'pr-link': PR,
      'pr-number': '42',
      'source-repository': 'https://github.com/acme/docs',
      'source-ref': 'main'
    })
    // One group per target, written when it settles, and a progress line after each.
    // The duplicate update-success was waited on once.
    expect(run.stdout.match(/^::group::[✓✗] /gm)).toHaveLength(6)
    expect(run.stdout).toMatch(/^6\/6 settled, 1 failed, 0 pending — /m)
    expect(run.stdout).toContain(
      '::error::1 of 6 targets did not succeed. Update update-failure failed: “Update failed: broken link in docs/quickstart.mdx”%0AErrors in its log:'
    )
    expect(run.summary.match(/^\| `update-/gm)).toHaveLength(3)
    expect(run.summary.match(/^\| `job-/gm)).toHaveLength(3)
  })

  it('with fail-fast, the first failure ends the wait; the others are cancelled and the result is failure', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-forever,update-failure', 'job-id': 'job-forever', 'project-id': PROJECT_ID, 'fail-fast': 'true' })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('failure')
    const results = JSON.parse(run.outputs.results as string) as TargetResult[]
    expect(results.map((r) => r.result)).toEqual(['cancelled', 'failure', 'cancelled'])
    expect(results[0]?.error).toBe('stopped by fail-fast: update update-failure ended with failure')
    // The wait ended at the failure, before the timeout (FAST: 20 s) that the pending targets would have run to.
    expect(Number(run.outputs.elapsed)).toBeLessThan(20)
  })
})

describe('a failure beside a timeout', () => {
  it.each(['true', 'false'])('is the result, the headline and the failure, with fail-on-timeout: %s', async (failOnTimeout) => {
    const sim = await simulator()
    // The failure is the first answer, read before the deadline however busy the machine is.
    sim.script('update', 'fails-at-once', [{ json: { status: 'failure', endedAt: '2026-01-01T00:00:00Z' } }])
    const run = await runAgainst(sim, { 'status-id': 'update-forever,fails-at-once', timeout: '1500ms', 'fail-on-timeout': failOnTimeout })
    expect(run.outputs.result).toBe('failure')
    expect(run.code).toBe(1)
    expect(run.summary).toContain('## ❌ Docs updates failed')
    expect(run.summary).not.toContain('Timed out')
    // The failure leads the message; the timeout is listed after it.
    expect(run.stdout).toMatch(/::error::2 of 2 targets did not succeed\. Update fails-at-once failed/)
    expect(run.stdout).not.toContain('Result: timeout')
  })
})
