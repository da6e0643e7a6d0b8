import { describe, expect, it } from 'vitest'
import { SHA } from '../dev/simulator.js'
import { runAgainst, simulator } from './helpers/e2e.js'

// What the step says when things fail: each target's reason and evidence under its own name.
const ENDED = '2026-01-01T00:00:00Z'
const failed = (logs: string[]) => [{ json: { status: 'in_progress' } }, { json: { status: 'failure', endedAt: ENDED, logs } }]

/** The step's failure message (`::error::` without a file), its lines decoded. */
function failureMessage(stdout: string): string[] {
  const line = stdout.split('\n').find((l) => l.startsWith('::error::'))
  expect(line, stdout).toBeDefined()
  return (line ?? '')
    .slice('::error::'.length)
    .split('%0A')
    .map((part) => part.replace(/%0D/g, '\r').replace(/%25/g, '%'))
}

/** The file annotations of the step: `file:line` and the message. */
function fileAnnotations(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((l) => /^::error [^:]*file=/.test(l))
    .map((l) => {
      const file = /file=([^,:]+)/.exec(l)?.[1]
      const line = /line=(\d+)/.exec(l)?.[1]
      return `${file}${line ? `:${line}` : ''} ${l.slice(l.indexOf('::', 2) + 2)}`
    })
}

describe.concurrent('every reason under its own target, end to end', () => {
  it('two failing updates: each one’s log lines stand under it in the failure message and the summary', async () => {
    const sim = await simulator()
    sim.script('update', 'a', failed(['Installing dependencies', 'fatal: out of memory']))
    sim.script('update', 'b', failed(['Validating 42 pages', 'Error: docs/quickstart.mdx:12: broken link to /instal']))
    const run = await runAgainst(sim, { 'status-id': 'a,b' })
    expect(run.outputs.result).toBe('failure')
    expect(failureMessage(run.stdout)).toEqual([
      '2 of 2 targets did not succeed. Update a failed (status "failure").',
      'Errors in its log:',
      '  fatal: out of memory',
      '- update b failed (status "failure")',
      '  Errors in its log:',
      '    Error: docs/quickstart.mdx:12: broken link to /instal',
      'Next: read the update log in the job summary, fix the docs source, and run the update again.'
    ])
    expect(fileAnnotations(run.stdout)).toEqual(['docs/quickstart.mdx:12 update b failed: Error: docs/quickstart.mdx:12: broken link to /instal'])
    // In the summary: a's line right after a's reason, b's right after b's.
    const summary = run.summary
    const order = ['did not succeed. Update a failed', 'fatal: out of memory', '- update b failed', 'Error: docs/quickstart.mdx:12'].map((text) =>
      summary.indexOf(text)
    )
    expect(order.every((at) => at >= 0)).toBe(true)
    expect([...order].sort((x, y) => x - y)).toEqual(order)
    expect(summary.slice(0, summary.indexOf('- update b failed'))).not.toContain('quickstart.mdx')
  })

  it('with fail-fast: the failed update’s lines stand under it, not under the target it stopped', async () => {
    const sim = await simulator()
    sim.script('update', 'a', failed(['Installing dependencies', 'fatal: out of memory']))
    sim.script('update', 'b', [{ json: { status: 'in_progress' } }])
    const run = await runAgainst(sim, { 'status-id': 'b,a', 'fail-fast': 'true' })
    expect(run.outputs.result).toBe('failure')
    expect(failureMessage(run.stdout)).toEqual([
      '2 of 2 targets did not succeed. Update a failed (status "failure").',
      'Errors in its log:',
      '  fatal: out of memory',
      '- update b stopped by fail-fast: update a ended with failure',
      'Next: read the update log in the job summary, fix the docs source, and run the update again.'
    ])
    expect(run.stdout).toMatch(/^2\/2 settled, 1 failed, 1 stopped by fail-fast, 0 pending — /m)
  })

  it('docs-root puts the docs folder in front of the file an annotation points at', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-failure', 'docs-root': './apps/docs/' })
    expect(run.outputs.result).toBe('failure')
    expect(run.stdout).toContain(
      '::error title=Docs update failed,file=apps/docs/docs/quickstart.mdx,line=12::update update-failure failed: Error: docs/quickstart.mdx:12: broken link to /quickstart/instal'
    )
  })

  it('expect-sha: an update of another commit with a warning line in its log is reported by its commit alone', async () => {
    const sim = await simulator()
    sim.script('update', 'other', [
      { json: { status: 'success', endedAt: ENDED, commit: { sha: '0badc0ffee' }, logs: ['warning: image missing in docs/img.mdx', 'Deployed'] } }
    ])
    const run = await runAgainst(sim, { 'status-id': 'other', 'expect-sha': SHA })
    expect(run.outputs.result).toBe('failure')
    expect(failureMessage(run.stdout)).toEqual([
      `Update other did not deploy the expected commit: the update deployed commit 0badc0ffee, not ${SHA} (expect-sha).`,
      'Next: check that the platform deploys the branch this run is for and that the update started after the push; remove `expect-sha` if any commit will do.'
    ])
    expect(fileAnnotations(run.stdout)).toEqual([])
    expect(run.stdout).not.toContain('file=docs/img.mdx')
  })

  // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a template
  it('expect-sha: ${{ github.sha }} on pull_request (the merge commit) is said to be it, and the head’s expression named', async () => {
    const sim = await simulator()
    const head = 'c0ffee0123456789abcdef0123456789abcdef01'
    // The platform deployed what was pushed: the pull request's head, not GitHub's merge commit (GITHUB_SHA).
    sim.script('update', 'pushed', [{ json: { status: 'success', endedAt: ENDED, commit: { sha: head } } }])
    const run = await runAgainst(
      sim,
      { 'status-id': 'pushed', 'expect-sha': SHA },
      { event: { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: head } } } } }
    )
    expect(run.outputs.result).toBe('failure')
    expect(failureMessage(run.stdout)).toEqual([
      `Update pushed did not deploy the expected commit: the update deployed commit ${head}, not ${SHA} (expect-sha).`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a template
      "Next: `expect-sha` is 3f78685, the merge commit GitHub makes to test the pull request (`github.sha` on `pull_request`), which the platform never deploys: give it `${{ github.event.pull_request.head.sha }}`, the pull request's head (c0ffee0), instead."
    ])
    // In Markdown, escaped: it reads github.event.pull_request.head.sha.
    expect(run.summary).toContain('the merge commit GitHub makes to test the pull request')
    expect(run.summary).toContain('github.event.pull\\_request.head.sha')
  })

  it('expect-sha: a record naming the expected commit abbreviated to 7 digits passes', async () => {
    const sim = await simulator()
    sim.script('update', 'short', [{ json: { status: 'success', endedAt: ENDED, commit: { sha: SHA.slice(0, 7) } } }])
    const run = await runAgainst(sim, { 'status-id': 'short', 'expect-sha': SHA })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
  })
})
