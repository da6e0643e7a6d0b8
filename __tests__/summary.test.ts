import { describe, expect, it } from 'vitest'
import { MAX_FILES_LISTED, MAX_SUMMARY_BYTES, renderSummary } from '../src/report/summary.js'
import { updateRecordSchema } from '../src/engine/targets/update.js'
import type { RunOutcome, TargetReport } from '../src/model.js'

function update(id: string, record: Record<string, unknown>, overrides: Partial<TargetReport> = {}): TargetReport {
  const data = updateRecordSchema.parse(record)
  return {
    ref: { kind: 'update', id },
    result: 'success',
    status: data.status,
    record,
    parsed: { kind: 'update', data },
    error: null,
    note: undefined,
    stoppedByFailFast: false,
    polls: 4,
    logs: data.logs ?? [],
    transitions: [],
    finishedAfterMs: 1000,
    ...overrides
  }
}
const outcome = (targets: TargetReport[], extra: Partial<RunOutcome> = {}): RunOutcome => ({
  result: 'success',
  headline: 'update u1 succeeded.',
  problems: [],
  targets,
  search: undefined,
  elapsedMs: 12_345,
  ...extra
})

describe('renderSummary', () => {
  it('shows the outcome, the update, files, screenshots, log tail and timing', () => {
    const md = renderSummary(
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
    expect(md).toContain('## ✅ Docs are live')
    expect(md).toContain('| `u1` | ✅ success | `success` |')
    expect(md).toContain('`0123456789ab` on `main`<br>docs: update')
    expect(md).toContain('Ada Lovelace')
    expect(md).toContain('### Files changed (2)')
    expect(md).toContain('- `docs/new.mdx`')
    expect(md).toContain('<img src="https://cdn.example.com/light.png" alt="Screenshot (light)" width="400">')
    expect(md).toContain('<img src="https://cdn.example.com/dark.png" alt="Screenshot (dark)" width="400">')
    expect(md).toContain('<pre>\nBuilding\nDeployed\n</pre>')
    expect(md).toContain('Finished in 12.3s with 4 polls.')
  })

  it('lists input problems', () => {
    const md = renderSummary(outcome([], { result: 'error', headline: 'Invalid input', problems: ['timeout: "x" is not a positive duration'] }))
    expect(md).toContain('## ⚠️ Could not wait for the docs')
    expect(md).toContain('### Input problems\n\n- timeout: &quot;x&quot; is not a positive duration')
  })

  it('escapes hostile server text everywhere', () => {
    const hostile = '<img src=x onerror=alert(1)> [a](https://evil.example) ![i](https://evil.example/i.png) @octocat'
    const md = renderSummary(
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

  it('shortens long file lists with a note', () => {
    const added = Array.from({ length: 250 }, (_, i) => `docs/p${i}.mdx`)
    const md = renderSummary(outcome([update('u1', { status: 'success', commit: { filesChanged: { added, modified: [], removed: [] } } })]))
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
    const md = renderSummary(outcome(targets, { result: 'failure', headline: long }))
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
    expect(md.match(/^\| `u\d+` \|/gm)).toHaveLength(500)
  })

  it('cuts a summary that would still be too large, with a note', () => {
    const targets = Array.from({ length: 6000 }, (_, i) => update(`target-${'y'.repeat(150)}-${i}`, { status: 'success' }))
    const md = renderSummary(outcome(targets))
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
    expect(md).toContain('The summary was cut here to stay under GitHub’s 1 MiB limit')
  })
})
