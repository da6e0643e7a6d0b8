import { describe, expect, it } from 'vitest'
import { ADMIN_KEY, PROJECT_ID, SHA } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { githubApi, runAgainst, simulator } from './helpers/e2e.js'

// What the outputs and their messages say is true of them, end to end through the bundled action.
describe.concurrent('the outputs say what they hold', () => {
  it('files-* cut to fit the size limit of an output: a warning says how many of how many', async () => {
    const sim = await simulator()
    const added = Array.from({ length: 40_000 }, (_, i) => `docs/reference/generated/section-${Math.floor(i / 100)}/page-${String(i).padStart(5, '0')}.mdx`)
    sim.script('update', 'many-files', [
      {
        json: {
          _id: 'many-files',
          projectId: PROJECT_ID,
          createdAt: '2026-01-01T00:00:00Z',
          status: 'success',
          endedAt: '2026-01-01T00:01:00Z',
          summary: 'Deployed',
          logs: [],
          commit: { sha: SHA, ref: 'main', message: 'docs', filesChanged: { added, modified: [], removed: [] } }
        }
      }
    ])
    const run = await runAgainst(sim, { 'status-id': 'many-files' })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs['files-changed-count']).toBe('40000')
    const held = (JSON.parse(run.outputs['files-changed'] ?? '[]') as string[]).length
    expect(held).toBeGreaterThan(0)
    expect(held).toBeLessThan(40_000)
    const shown = held.toLocaleString('en-US')
    for (const name of ['files-added', 'files-changed'])
      expect(run.stdout).toContain(
        `::warning::${name} holds the first ${shown} of 40,000 files: the rest did not fit the size limit of an output (900 KB); files-changed-count counts every file.`
      )
    expect(run.stdout).not.toContain('::warning::files-modified')
  })

  it('a commit status for another commit than expect-sha keeps both commits within its 140 characters', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const expected = 'abcdef0123456789abcdef0123456789abcdef01'
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-other-commit', 'expect-sha': expected, 'commit-status': 'docs', 'github-token': 'ghs_words_test' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code, run.stdout).toBe(1)
    const description = api.statuses.at(-1)?.description ?? ''
    expect(Array.from(description).length).toBeLessThanOrEqual(140)
    // Both commits, each by enough of its sha to be told apart.
    expect(description).toContain(expected.slice(0, 12))
    expect(description).toMatch(/deployed commit [0-9a-f]{12}/)
  })

  it.for([
    ['--no-summary', ['--no-summary'], {}],
    ['WAIT_FOR_DOCS_SUMMARY=false', [], { WAIT_FOR_DOCS_SUMMARY: 'false' }]
  ] as const)(
    '--summary-file with the summary off (%s): no warning, and a report on the same path is not said to be overwritten by it',
    async ([, flags, env]) => {
      const sim = await simulator()
      const run = await runCommand(
        () => [
          '--base-url',
          sim.url,
          '--status-id',
          'update-success',
          '--min-interval',
          '100ms',
          '--max-interval',
          '200ms',
          '--summary-file',
          'docs.xml',
          '--junit',
          'docs.xml',
          ...flags
        ],
        { env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, ...env } }
      )
      expect(run.code, run.stdout).toBe(0)
      expect(run.stdout).not.toMatch(/warning|name the same file/i)
      expect(run.file('docs.xml')).toContain('<testsuites')
    }
  )
})
