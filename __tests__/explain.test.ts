import { describe, expect, it } from 'vitest'
import { explainTarget } from '../src/report/advice.js'
import { errorLines, fileAnnotations, fileRefOf } from '../src/report/evidence.js'
import { failureMessage } from '../src/report/explain.js'
import { commandPlace } from '../src/report/place.js'
import type { RunOutcome, TargetReport } from '../src/model.js'
import { runOutcome, targetReport } from './helpers/builders.js'

// These tests read a target that finished after 95 s and 3 polls, in a run that failed.
const target = (kind: 'update' | 'job', id: string, record: Record<string, unknown> | null, overrides: Partial<TargetReport> = {}) =>
  targetReport(kind, id, record, { polls: 3, finishedAfterMs: 95_000, ...overrides })

const outcome = (targets: TargetReport[], extra: Partial<RunOutcome> = {}) =>
  runOutcome(targets, { result: 'failure', headline: 'headline', elapsedMs: 1000, ...extra })

const FAILED_UPDATE = target(
  'update',
  'u1',
  {
    status: 'failure',
    summary: 'broken link in docs/quickstart.mdx',
    logs: ['Cloning', 'Validating 42 pages', 'Error: docs/quickstart.mdx:12: broken link to /install', 'warning: image missing in guides/setup.md', 'done']
  },
  { result: 'failure', error: 'the update ended with status "failure"' }
)

describe('failureMessage', () => {
  it('an update failure quotes its summary and its error lines, then says what to do', () => {
    expect(failureMessage(outcome([FAILED_UPDATE]))).toBe(
      [
        'Update u1 failed: “broken link in docs/quickstart.mdx”',
        'Errors in its log:',
        '  Error: docs/quickstart.mdx:12: broken link to /install',
        '  warning: image missing in guides/setup.md',
        'Next: fix docs/quickstart.mdx:12 (and 1 other file its log names; each is annotated in the workflow run), push, and let the update run again.'
      ].join('\n')
    )
  })

  it('names the file even when the quoted line is cut before it, and says how many error lines are left out', () => {
    const long = `Error: ${'x'.repeat(320)} in guides/setup.mdx:40`
    const logs = [long, ...Array.from({ length: 6 }, (_, i) => `Error ${i + 1}: failed`)]
    const t = target('update', 'u1', { status: 'failure', logs: [...logs.slice(1), long] }, { result: 'failure' })
    const message = failureMessage(outcome([t]))
    expect(message).toContain('Errors in its log:\n  Error 1: failed\n  … 2 more lines that look like errors, then the last 4:\n  Error 4: failed\n')
    // The quoted line is cut at 300 characters; the file it names is kept beside it.
    expect(message).toMatch(/\n {2}Error: x+… \(\d+ more characters\) \[guides\/setup\.mdx:40\]\n/)
    expect(message).toContain('Next: fix guides/setup.mdx:40 (named in its log and annotated in the workflow run), push')
    expect(fileAnnotations(outcome([t]))).toEqual([
      { file: 'guides/setup.mdx', line: 40, message: expect.stringMatching(/^update u1 failed: Error: x+… \(\d+ more characters\) \[guides\/setup\.mdx:40\]$/) }
    ])
    const one = target('update', 'u1', { status: 'failure', logs: Array.from({ length: 6 }, (_, i) => `Error ${i + 1}: failed`) }, { result: 'failure' })
    expect(failureMessage(outcome([one]))).toContain('\n  Error 1: failed\n  … 1 more line that looks like errors, then the last 4:\n  Error 3: failed\n')
  })

  it('quotes at most 5 error lines: the first (most often the cause) and the last ones', () => {
    const logs = Array.from({ length: 9 }, (_, i) => `Error ${i + 1}: failed`)
    const t = target('update', 'u1', { status: 'failure', logs }, { result: 'failure' })
    const message = failureMessage(outcome([t]))
    expect(message.match(/^ {2}Error/gm)).toHaveLength(5)
    expect(message).toContain('  Error 1: failed\n  … 4 more lines that look like errors, then the last 4:\n  Error 6: failed')
    expect(message).toContain('  Error 9: failed')
    expect(message).not.toContain('Error 5:')
    // No file named: the next step points at the log instead.
    expect(message).toMatch(/Next: read the update log in the job summary/)
  })

  it('an update whose log names 30 files: all counted, the first error (the cause) quoted beside the last ones, the first file to fix', () => {
    const logs = [
      'Building 30 pages',
      'Error: docs/snippets/shared.mdx:3: unclosed tag <Note>',
      ...Array.from({ length: 29 }, (_, i) => `Error: docs/page-${i + 1}.mdx:1: cannot import snippets/shared.mdx`),
      'Build failed'
    ]
    const t = target('update', 'u1', { status: 'failure', summary: 'Build failed: 30 pages', logs }, { result: 'failure' })
    const message = failureMessage(outcome([t]))
    expect(message).toContain(
      'Errors in its log:\n  Error: docs/snippets/shared.mdx:3: unclosed tag <Note>\n  … 26 more lines that look like errors, then the last 4:\n'
    )
    expect(message).toContain('  Error: docs/page-29.mdx:1: cannot import snippets/shared.mdx\n  Build failed\n')
    // 30 files: the first to fix, and 29 others, 3 of them in the lines quoted (and annotated).
    expect(message).toContain(
      'Next: fix docs/snippets/shared.mdx:3 (and 29 other files its log names; 3 of them are annotated in the workflow run, every one is in its log), push, and let the update run again.'
    )
    expect(fileAnnotations(outcome([t])).map((a) => a.file)).toEqual(['docs/snippets/shared.mdx', 'docs/page-27.mdx', 'docs/page-28.mdx', 'docs/page-29.mdx'])
    // The command's words: quoted, not annotated.
    expect(failureMessage(outcome([t]), { place: commandPlace('other') })).toContain(
      '(and 29 other files its log names; 3 of them are quoted above, every one is in its log)'
    )
  })

  it('an update without a summary of its own gives its status', () => {
    const t = target('update', 'u1', { status: 'failure', summary: 'Update failure' }, { result: 'failure' })
    expect(failureMessage(outcome([t]))).toBe(
      'Update u1 failed (status "failure").\nNext: read the update log in the job summary, fix the docs source, and run the update again.'
    )
  })

  it('a job failure gives the status and the job id or its link', () => {
    const failed = target('job', 'j1', { status: 'failed', prLink: null }, { result: 'failure', error: 'the agent job failed' })
    expect(failureMessage(outcome([failed]))).toBe(
      'Agent job j1 failed (status "failed"; job id j1).\nNext: open the job in the dashboard to read why it failed, then start it again.'
    )
    const withPr = target('job', 'j2', { status: 'failed', prLink: 'https://github.com/a/b/pull/3' }, { result: 'failure' })
    expect(failureMessage(outcome([withPr]))).toContain('its pull request: https://github.com/a/b/pull/3')
  })

  it('a timeout gives the last status, the time waited and the input to raise', () => {
    const t = target(
      'update',
      'u1',
      { status: 'in_progress' },
      { result: 'timeout', error: 'still "in_progress" when the timeout (1m30s) ran out', finishedAfterMs: 90_000 }
    )
    expect(failureMessage(outcome([t], { result: 'timeout' }), { timeoutMs: 90_000 })).toBe(
      'Update u1 still "in_progress" after 1m30s.\nNext: if this update usually takes longer, raise `timeout` (now 1m30s); if it is stuck, check it in the dashboard.'
    )
  })

  it('a timeout with no answer at all points at the network, the server or base-url', () => {
    const timeout = (problem: string) =>
      target('update', 'u1', null, {
        result: 'timeout',
        error: `no status read when the timeout (2.0s) ran out; last problem: ${problem}`,
        finishedAfterMs: 2000
      })
    expect(failureMessage(outcome([timeout('network error: connect ECONNREFUSED 127.0.0.1:1')]))).toBe(
      'Update u1 never answered with a status after 2.0s: network error: connect ECONNREFUSED 127.0.0.1:1.\nNext: check that `base-url` is right and reachable from the runner (and HTTPS_PROXY / NO_PROXY on self-hosted runners), then re-run the workflow.'
    )
    expect(failureMessage(outcome([timeout('HTTP 503: maintenance')]))).toContain('Next: the platform kept answering with a server error')
    expect(failureMessage(outcome([timeout('HTTP 429: slow down')]))).toContain('Next: the platform kept asking to slow down')
    expect(failureMessage(outcome([timeout('HTTP 200 with a body that is not JSON')]))).toContain(
      'Next: check that `base-url` is the address of the platform API'
    )
    // Slower than request-timeout is not unreachable: no "check base-url … HTTPS_PROXY".
    const slow = failureMessage(outcome([timeout('no complete answer within 1.0s (request-timeout)')]))
    expect(slow).toContain('Next: the platform did not answer within `request-timeout`: if it is this slow, raise `request-timeout`')
    expect(slow).not.toMatch(/HTTPS_PROXY/)
  })

  it('an auth error names the key; not found names the input to check', () => {
    const unauthorized = target('update', 'u1', null, {
      result: 'error',
      error: 'HTTP 401: the platform rejected admin-key (admin API key); check that the secret holds a current admin API key'
    })
    expect(failureMessage(outcome([unauthorized], { result: 'error' }))).toBe(
      'Update u1 could not be read: the platform rejected admin-key (HTTP 401).\nNext: put a current API key in the secret passed as `admin-key`.'
    )
    const forbidden = target('update', 'u1', null, { result: 'error', error: 'HTTP 403: admin-key (admin API key) was accepted but is not allowed' })
    expect(failureMessage(outcome([forbidden]))).toContain('Update u1 could not be read: admin-key is not allowed to read it (HTTP 403).')
    const missing = target('job', 'j1', null, { result: 'error', error: 'HTTP 404: Job not found' })
    expect(failureMessage(outcome([missing]))).toBe(
      "Agent job j1 was not found (HTTP 404: Job not found).\nNext: check `job-id` and `project-id`: the id must come from the step that started it, for the project of the key; if it is right, check that `base-url` is the address of the platform's API (it answered 404 for the id)."
    )
    // One id found and one not: the address is right, only the id is to check.
    const found = target('update', 'u1', { status: 'failure' }, { result: 'failure' })
    const missingUpdate = target('update', 'u2', null, { result: 'error', error: 'HTTP 404: Update not found' })
    expect(failureMessage(outcome([missingUpdate, found]))).not.toContain('base-url')
    expect(failureMessage(outcome([missingUpdate, { ...missingUpdate, ref: { kind: 'update', id: 'u3' } }]))).toMatch(
      /; if they are right, check that `base-url` is the address of the platform's API \(it answered 404 for every id\)\.$/
    )
  })

  it('with several targets, leads with the count and the first failure; fail-fast victims come last', () => {
    const ok = target('update', 'ok', { status: 'success' })
    const stopped = target(
      'update',
      'u0',
      { status: 'queued' },
      { result: 'cancelled', stoppedByFailFast: true, error: 'stopped by fail-fast: update u1 ended with failure' }
    )
    const message = failureMessage(outcome([ok, stopped, FAILED_UPDATE]))
    expect(message.split('\n')).toEqual([
      '2 of 3 targets did not succeed. Update u1 failed: “broken link in docs/quickstart.mdx”',
      'Errors in its log:',
      '  Error: docs/quickstart.mdx:12: broken link to /install',
      '  warning: image missing in guides/setup.md',
      '- update u0 stopped by fail-fast: update u1 ended with failure',
      'Next: fix docs/quickstart.mdx:12 (and 1 other file its log names; each is annotated in the workflow run), push, and let the update run again.'
    ])
  })

  it('with several failed updates, each one’s log lines stand under it', () => {
    const a = target('update', 'a', { status: 'failure', logs: ['Installing', 'fatal: out of memory'] }, { result: 'failure' })
    const b = target('update', 'b', { status: 'failure', logs: ['Error: docs/b.mdx:3: broken link'] }, { result: 'failure' })
    expect(failureMessage(outcome([a, b])).split('\n')).toEqual([
      '2 of 2 targets did not succeed. Update a failed (status "failure").',
      'Errors in its log:',
      '  fatal: out of memory',
      '- update b failed (status "failure")',
      '  Errors in its log:',
      '    Error: docs/b.mdx:3: broken link',
      'Next: read the update log in the job summary, fix the docs source, and run the update again.'
    ])
    expect(fileAnnotations(outcome([a, b]))).toEqual([{ file: 'docs/b.mdx', line: 3, message: 'update b failed: Error: docs/b.mdx:3: broken link' }])
  })

  it('an update of another commit than expect-sha: the commit is the reason, its log lines are not quoted nor annotated', () => {
    const other = target(
      'update',
      'u1',
      { status: 'success', commit: { sha: '0badc0ffee' }, logs: ['warning: image missing in docs/img.mdx', 'Deployed'] },
      { result: 'failure', error: 'the update deployed commit 0badc0ffee, not 3f78685 (expect-sha)' }
    )
    expect(failureMessage(outcome([other]))).toBe(
      [
        'Update u1 did not deploy the expected commit: the update deployed commit 0badc0ffee, not 3f78685 (expect-sha).',
        'Next: check that the platform deploys the branch this run is for and that the update started after the push; remove `expect-sha` if any commit will do.'
      ].join('\n')
    )
    expect(fileAnnotations(outcome([other]))).toEqual([])
  })

  it('input problems are listed with a next step', () => {
    expect(
      failureMessage(
        outcome([], { result: 'error', headline: 'Invalid input (1 problem); no request was sent.', problems: ['timeout: "x" is not a duration'] })
      )
    ).toBe(
      'Invalid input (1 problem); no request was sent.\n- timeout: "x" is not a duration\nNext: fix these inputs in the workflow file (see the README for each input).'
    )
  })
})

describe('explainTarget', () => {
  it('a cancelled wait says that the wait was cancelled, not the update', () => {
    const t = target('update', 'u1', { status: 'in_progress' }, { result: 'cancelled', error: 'the run was cancelled' })
    expect(failureMessage(outcome([t], { result: 'cancelled' }))).toBe(
      'Update u1 had not settled when the wait on it was cancelled (last status "in_progress"); only the wait was cancelled, not the update.\nNext: follow the update in the dashboard, or re-run the workflow to wait on it again.'
    )
  })

  it('says why a success was special', () => {
    expect(explainTarget(target('job', 'j', { status: 'completed' }, { note: 'no pull request' }))).toEqual({ reason: 'succeeded (no pull request)', next: '' })
  })
})

describe('errorLines and file references', () => {
  it('finds the lines that look like errors', () => {
    expect(errorLines(['Building', 'ERROR in page', 'Could not resolve x', 'Deployed 3 pages'])).toEqual(['ERROR in page', 'Could not resolve x'])
  })

  it.each([
    ['Error: docs/quickstart.mdx:12: broken link', { file: 'docs/quickstart.mdx', line: 12 }],
    ['broken link in docs/quickstart.mdx', { file: 'docs/quickstart.mdx' }],
    ['failed to parse path/to/page.md', { file: 'path/to/page.md' }],
    ['invalid frontmatter (guides/setup.mdx:3)', { file: 'guides/setup.mdx', line: 3 }],
    ['error in ../../etc/passwd.md', undefined],
    ['error in /etc/page.md', undefined],
    ['Error fetching https://example.com/a.json', undefined],
    ['Error: something broke', undefined]
  ])('%s', (line, expected) => {
    expect(fileRefOf(line)).toEqual(expected)
  })

  it('a failed update annotates each file once; a successful one never', () => {
    const again = target('update', 'u2', { status: 'failure', logs: ['Error: docs/quickstart.mdx:12: broken link to /install'] }, { result: 'failure' })
    const passed = target('update', 'u3', { status: 'success', logs: ['error: docs/other.mdx:1: ignored'] })
    expect(fileAnnotations(outcome([FAILED_UPDATE, again, passed]))).toEqual([
      { file: 'docs/quickstart.mdx', line: 12, message: 'update u1 failed: Error: docs/quickstart.mdx:12: broken link to /install' },
      { file: 'guides/setup.md', message: 'update u1 failed: warning: image missing in guides/setup.md' }
    ])
  })
})

describe('docs-root', () => {
  it('puts the docs folder in front of the paths the platform names', () => {
    expect(fileAnnotations(outcome([FAILED_UPDATE]), 'apps/docs').map((a) => a.file)).toEqual(['apps/docs/docs/quickstart.mdx', 'apps/docs/guides/setup.md'])
    expect(fileAnnotations(outcome([FAILED_UPDATE]), '').map((a) => a.file)).toEqual(['docs/quickstart.mdx', 'guides/setup.md'])
  })
})

describe('archived and require-pr jobs', () => {
  it('say what did not succeed and which input changes it', () => {
    const archived = target(
      'job',
      'j1',
      { status: 'archived', prLink: null },
      { result: 'failure', error: 'the job was archived (set accept-archived: true to count that as success)' }
    )
    expect(explainTarget(archived)).toEqual({
      reason: 'did not succeed: the job was archived (set accept-archived: true to count that as success) (job id j1)',
      next: 'set `accept-archived` to true if an archived job is fine, else start the job again'
    })
    const noPr = target(
      'job',
      'j2',
      { status: 'completed', prLink: null },
      { result: 'failure', error: 'the job completed without a pull request, and require-pr is set' }
    )
    expect(explainTarget(noPr).next).toContain('drop `require-pr`')
  })
})
