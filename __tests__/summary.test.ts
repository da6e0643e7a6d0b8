import { describe, expect, it } from 'vitest'
import { MAX_FILES_LISTED, MAX_SUMMARY_BYTES } from '../src/report/summary.js'
import type { RunOutcome, TargetReport } from '../src/model.js'
import { runOutcome, updateReport } from './helpers/builders.js'
import { summaryOf } from './helpers/explained.js'

const update = (id: string, record: Record<string, unknown>, overrides: Partial<TargetReport> = {}) =>
  updateReport(id, record, { polls: 4, finishedAfterMs: 1000, ...overrides })
const outcome = (targets: TargetReport[], extra: Partial<RunOutcome> = {}) =>
  runOutcome(targets, { headline: 'update u1 succeeded.', elapsedMs: 12_345, ...extra })

describe('renderSummary', () => {
  it('shows the outcome, the update, files, screenshots, log tail and timing', () => {
    const md = summaryOf(
      outcome([
        update('u1', {
          status: 'success',
          createdAt: '2026-01-01T00:00:00Z',
          endedAt: '2026-01-01T00:01:00Z',
          logs: ['Building', 'Deployed'],
          author: { name: 'Ada Lovelace' },
          screenshotLight: 'https://cdn.example.com/light.png',
          screenshotDark: 'https://cdn.example.com/dark.png',
          commit: {
            sha: '0123456789abcdef0123',
            ref: 'main',
            message: 'docs: update',
            filesChanged: { added: ['docs/new.mdx'], modified: ['docs/index.mdx'], removed: [] }
          }
        })
      ])
    )
    expect(md).toContain('## ✅ Docs update deployed')
    // No status column repeating the result; the time in words, the exact time in a tooltip.
    expect(md).toContain(
      '| `u1` | ✅ success | `0123456` on `main`<br>docs: update | Ada Lovelace | <span title="started 2026-01-01T00:00:00.000Z, ended 2026-01-01T00:01:00.000Z">took 1m00s</span> |'
    )
    expect(md).toContain('Ada Lovelace')
    expect(md).toContain('### Files changed (2)')
    expect(md).toContain('- `docs/new.mdx`')
    expect(md).toContain(
      '### Screenshots\n\n| Light | Dark |\n| --- | --- |\n| <img src="https://cdn.example.com/light.png" alt="Screenshot (light)" width="400"> | <img src="https://cdn.example.com/dark.png" alt="Screenshot (dark)" width="400"> |'
    )
    // A log that tells of a success stays closed.
    expect(md).toContain('<details><summary>✅ u1</summary>\n\n<pre>\nBuilding\nDeployed\n</pre>')
    expect(md).toContain('Finished in 12.3s with 4 polls.')
  })

  it('lists input problems', () => {
    const md = summaryOf(outcome([], { result: 'error', headline: 'Invalid input', problems: ['timeout: "x" is not a positive duration'] }))
    expect(md).toContain('## ⚠️ Could not wait for the docs')
    expect(md).toContain('**Next:** fix these inputs in the workflow file')
    expect(md).toContain('### Input problems\n\n- timeout: &quot;x&quot; is not a positive duration')
  })

  it('escapes hostile server text everywhere', () => {
    const hostile = '<img src=x onerror=alert(1)> [a](https://evil.example) ![i](https://evil.example/i.png) @octocat'
    const md = summaryOf(
      outcome(
        [
          update(
            'u1',
            {
              status: hostile,
              logs: [hostile, '</pre><script>x</script>'],
              author: { name: hostile },
              commit: { sha: hostile, message: hostile, filesChanged: { added: [hostile], modified: [], removed: [] } }
            },
            { error: hostile, result: 'failure' }
          )
        ],
        { result: 'failure', headline: hostile }
      )
    )
    // Code spans and <pre> blocks show their text literally (no markup, links or mentions there),
    // as long as nothing in them can close them; check everything else.
    const outsideCode = md.replace(/(`+)[^`]*?\1/g, '').replace(/<pre>\n[^<]*\n<\/pre>/g, '')
    expect(outsideCode).not.toMatch(/<img src=x|<script>|(?<!\\)\]\(|https:\/\/evil|@octocat/)
    expect(md).toContain('&lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;')
  })

  it('a failure leads with the reason, quotes the error lines, and opens the log that holds them', () => {
    const failed = update(
      'u1',
      {
        status: 'failure',
        summary: 'Update failed: broken link in docs/quickstart.mdx',
        createdAt: '2026-01-01T00:00:00Z',
        endedAt: '2026-01-01T00:01:35Z',
        logs: ['Validating 42 pages', 'Error: docs/quickstart.mdx:12: broken link to /install'],
        author: { name: 'Ada Lovelace' },
        commit: { sha: 'b1946ac92492d2347c62', ref: 'main', message: 'docs: rework links' }
      },
      { result: 'failure', error: 'the update ended with status "failure"' }
    )
    expect(summaryOf(outcome([failed], { result: 'failure' }))).toMatchInlineSnapshot(`
      "## ❌ Docs update failed

      **Update u1 failed: “Update failed: broken link in docs/quickstart.mdx”**

      <pre>
      Error: docs/quickstart.mdx:12: broken link to /install
      </pre>

      **Next:** fix docs/quickstart.mdx:12 (named in its log and annotated in the workflow run), push, and let the update run again.

      ### Update

      | Update | Result | Commit | Author | Time |
      | --- | --- | --- | --- | --- |
      | \`u1\` | ❌ failure | \`b1946ac\` on \`main\`<br>docs: rework links | Ada Lovelace | <span title="started 2026-01-01T00:00:00.000Z, ended 2026-01-01T00:01:35.000Z">took 1m35s</span> |

      ### Update logs

      <details open><summary>❌ u1</summary>

      <pre>
      Validating 42 pages
      Error: docs/quickstart.mdx:12: broken link to /install
      </pre>

      </details>

      <sub>Finished in 12.3s with 4 polls. Hover a time for the exact moment (UTC).</sub>
      "
    `)
  })

  it('an update that ended with an unknown status: the summary holds its status, its summary and its log tail, which the reason points to', () => {
    const ended = update(
      'u1',
      { status: 'aborted', summary: 'Build stopped by an admin', endedAt: '2026-01-01T00:01:35Z', logs: ['Validating 42 pages', 'Stopped'] },
      { result: 'error', error: 'the update ended with status "aborted", which this action does not know; it is not counted as success' }
    )
    const md = summaryOf(outcome([ended], { result: 'error' }))
    expect(md).toContain(
      '**Update u1 ended with status &quot;aborted&quot;, which this action does not know, so it does not count as success: “Build stopped by an admin”**'
    )
    expect(md).toContain('**Next:** its status, summary and last log lines are in the job summary;')
    expect(md).toContain(
      '<details open><summary>⚠️ u1 — status aborted</summary>\n\nSummary: Build stopped by an admin\n\n<pre>\nValidating 42 pages\nStopped\n</pre>\n\n</details>'
    )
    const bare = update('u2', { status: 'paused@x', endedAt: '2026-01-01T00:01:35Z' }, { result: 'error', error: 'unknown' })
    expect(summaryOf(outcome([bare], { result: 'error' }))).toContain(
      '<details open><summary>⚠️ u2 — status paused@\u200bx</summary>\n\nIts record has no log lines.\n\n</details>'
    )
  })

  it('a timeout says how long it waited and which input to raise; a start time is a clock time, not "… ago"', () => {
    const pending = update('u1', { status: 'in_progress', createdAt: '2026-01-01T00:00:00Z' }, { result: 'timeout', finishedAfterMs: 600_000 })
    const md = summaryOf(outcome([pending], { result: 'timeout' }), { timeoutMs: 600_000, now: Date.parse('2026-01-01T00:10:05Z') })
    expect(md).toContain('## ⏱️ Timed out waiting for the docs update\n\n**Update u1 still &quot;in\\_progress&quot; after 10m00s.**')
    expect(md).toContain('**Next:** if this update usually takes longer, raise `timeout` (now 10m00s)')
    expect(md).toContain('| ⏱️ timeout (`in_progress`) |')
    expect(md).toContain('<span title="started 2026-01-01T00:00:00.000Z">started 00:00:00 UTC</span>')
    expect(md).not.toContain(' ago')
    // Written on another day than the update started, the date comes with it.
    const late = summaryOf(outcome([pending], { result: 'timeout' }), { now: Date.parse('2026-01-02T00:00:05Z') })
    expect(late).toContain('<span title="started 2026-01-01T00:00:00.000Z">started 2026-01-01 00:00:00 UTC</span>')
  })

  it.each<[Partial<RunOutcome>, string]>([
    [{ targets: [], search: { result: 'success', queries: [], error: null, skipped: false } }, '## ✅ Docs search check passed'],
    [{ result: 'failure', targets: [], search: { result: 'failure', queries: [], error: 'x', skipped: false } }, '## ❌ Docs search check failed']
  ])('the heading fits the kind of work: %#', (extra, heading) => {
    expect(summaryOf(outcome([], extra))).toMatch(new RegExp(`^${heading}\n`))
  })

  it('with several targets, each row gives its reason; the heading names agent jobs', () => {
    const job = (id: string, status: string, overrides: Partial<TargetReport>): TargetReport => ({
      ...update(id, { status }),
      ref: { kind: 'job', id, projectId: 'p' },
      parsed: undefined,
      ...overrides
    })
    const md = summaryOf(
      outcome([job('j1', 'completed', {}), job('j2', 'failed', { result: 'failure', status: 'failed', error: 'the agent job failed' })], { result: 'failure' })
    )
    expect(md).toMatch(/^## ❌ Agent jobs failed\n\n\*\*1 of 2 targets did not succeed\. Agent job j2 failed/)
    expect(md).toContain('### Agent jobs (2)\n\n| Job | Result | Pull request | Source | Time |')
    expect(md).toContain('| `j2` | ❌ failure<br>failed (status &quot;failed&quot;; job id j2) |')
  })

  it('shortens long file lists with a note', () => {
    const added = Array.from({ length: 250 }, (_, i) => `docs/p${i}.mdx`)
    const md = summaryOf(outcome([update('u1', { status: 'success', commit: { filesChanged: { added, modified: [], removed: [] } } })]))
    expect(md.match(/^- `docs\/p\d+\.mdx`$/gm)).toHaveLength(MAX_FILES_LISTED)
    expect(md).toContain(`- … and ${250 - MAX_FILES_LISTED} more (see the \`files-added\` output)`)
  })

  it('stays under the 1 MiB limit with 500 targets full of long text', () => {
    const long = 'x'.repeat(5000)
    const targets = Array.from({ length: 500 }, (_, i) =>
      update(
        `u${i}`,
        {
          status: 'failure',
          logs: Array(200).fill(long),
          author: { name: long },
          commit: { sha: long, message: long, filesChanged: { added: Array(300).fill(`${long}${i}`), modified: [], removed: [] } }
        },
        { result: 'failure', error: long }
      )
    )
    const md = summaryOf(outcome(targets, { result: 'failure', headline: long }))
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
    expect(md.match(/^\| `u\d+` \|/gm)).toHaveLength(500)
  })

  it('cuts a summary that would still be too large, with a note', () => {
    const targets = Array.from({ length: 6000 }, (_, i) => update(`target-${'y'.repeat(150)}-${i}`, { status: 'success' }))
    const md = summaryOf(outcome(targets))
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
    expect(md).toContain('The summary was cut here to stay under GitHub’s 1 MiB limit')
  })
})

describe('what the trigger started, with the preview’s address', () => {
  const preview = (result: RunOutcome['result'], status: string) =>
    outcome([update('st_1', { status, endedAt: '2026-01-01T00:01:00Z' }, { result: result === 'cancelled' ? 'cancelled' : result })], {
      result,
      trigger: {
        kind: 'preview',
        result: 'success',
        ref: { kind: 'update', id: 'st_1' },
        previewUrl: 'https://pr-7.preview.example.com',
        requests: 1,
        error: null
      }
    })

  it('links the preview once it deployed', () => {
    expect(summaryOf(preview('success', 'success'))).toContain(
      '**Started:** preview deployment, status id `st_1` · [open the preview](https://pr-7.preview.example.com/)'
    )
  })

  it.each([
    ['failed', 'failure', 'failure'],
    ['timed out', 'timeout', 'in_progress']
  ] as const)('a preview that %s is not linked: its address shows the previous deployment, and says so', (_, result, status) => {
    const md = summaryOf(preview(result, status))
    expect(md).not.toContain('open the preview')
    expect(md).not.toContain('](https://pr-7')
    expect(md).toContain(
      '**Started:** preview deployment, status id `st_1` · not deployed: its address `https://pr-7.preview.example.com` shows the previous deployment, if there is one'
    )
  })
})
