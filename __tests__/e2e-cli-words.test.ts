import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY, ASSISTANT_KEY, SEARCH_DOMAIN } from '../dev/simulator.js'
import { type CommandRun, runCommand } from './helpers/cli.js'
import { parseGitLabDotenv } from './helpers/dotenv.js'
import { simulator } from './helpers/e2e.js'

// What the bundled command (dist/cli/index.js) says and decides, end to end against the
// simulator: the result's order, the words of where it runs, an address nothing answers at.
type Simulator = Awaited<ReturnType<typeof simulator>>
const REPORTS = ['--output-file', 'out.json', '--dotenv', 'docs.env', '--junit', 'junit.xml', '--summary-file', 'summary.md']
const KEY_ENV = { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' })
type Case = { name: string; failure?: { type: string; message: string; '#text': string } }

function reports(run: CommandRun) {
  const json = JSON.parse(run.file('out.json') ?? 'null') as Record<string, unknown>
  const junit = (xml.parse(run.file('junit.xml') ?? '') as { testsuites: { testsuite: { testcase: Case[] } } }).testsuites.testsuite.testcase
  return { json, dotenv: parseGitLabDotenv(run.file('docs.env') ?? ''), junit, summary: run.file('summary.md') ?? '' }
}

const fast = ['--min-interval', '100ms', '--max-interval', '200ms']
const wait = (sim: Simulator, args: string[], env: Record<string, string> = {}) =>
  runCommand(() => ['--base-url', sim.url, ...REPORTS, ...fast, ...args], { env: { ...KEY_ENV, ...env } })

describe.concurrent('the result’s order, end to end', () => {
  it.each(['true', 'false'])('a failure beside a timeout is failure, exit 1, with --fail-on-timeout %s', async (failOnTimeout) => {
    const sim = await simulator()
    sim.script('update', 'fails-at-once', [{ json: { status: 'failure', endedAt: '2026-01-01T00:00:00Z' } }])
    const run = await wait(sim, ['--status-id', 'update-forever', '--status-id', 'fails-at-once', '--timeout', '1500ms', '--fail-on-timeout', failOnTimeout])
    expect(run.code, run.stdout).toBe(1)
    expect(run.stdout).toContain('Result: failure (exit code 1)')
    const { json, dotenv, junit, summary } = reports(run)
    expect(json).toMatchObject({ result: 'failure', 'exit-code': 1 })
    expect(json.message).toMatch(/^2 of 2 targets did not succeed\. Update fails-at-once failed/)
    expect(dotenv.DOCS_RESULT).toBe('failure')
    expect(summary).toContain('## ❌ Docs updates failed')
    expect(junit.map((c) => c.failure?.type)).toEqual(['timeout', 'failure'])
  })
})

describe.concurrent('the words of where it runs, end to end', () => {
  const GITHUB_WORDS = /workflow file|annotated|re-run the workflow|workflow run/i
  it.each([
    ['GitLab CI', { GITLAB_CI: 'true' }],
    ['a terminal', {}]
  ])('invalid input under %s names the variable it came from, and no workflow file', async (_, ciEnv) => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-success', '--json'], { ...ciEnv, WAIT_FOR_DOCS_TIMEOUT: 'soon' })
    expect(run.code, run.stderr).toBe(2)
    const { json, junit, summary } = reports(run)
    // The summary is Markdown: read as its text.
    const summaryText = summary.replace(/\\(.)/g, '$1').replace(/&quot;/g, '"')
    const texts = { log: run.stderr, message: String(json.message), junit: junit[0]?.failure?.['#text'] ?? '', summary: summaryText }
    for (const [where, text] of Object.entries(texts)) {
      expect(text, where).not.toMatch(GITHUB_WORDS)
      expect(text, where).toContain('WAIT_FOR_DOCS_TIMEOUT: "soon" is not a positive duration')
    }
    expect(json.message).toMatch(/Next: fix these flags/)
  })

  it.each([
    ['GitLab CI', { GITLAB_CI: 'true' }],
    ['a terminal', {}]
  ])('a failed update under %s is not "annotated in the workflow run"', async (_, ciEnv) => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-failure', '--timeout', '20s'], ciEnv)
    expect(run.code, run.stdout).toBe(1)
    const { json, junit, summary } = reports(run)
    for (const [where, text] of Object.entries({ log: run.stdout, message: String(json.message), junit: junit[0]?.failure?.['#text'] ?? '', summary }))
      expect(text, where).not.toMatch(GITHUB_WORDS)
    expect(json.message).toContain('Next: fix docs/quickstart.mdx:12 (named in its log), push, and let the update run again.')
  })

  it('a flag is named as a flag: --timeout, never `timeout` of a workflow', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-forever', '--timeout', '1s'], { GITLAB_CI: 'true' })
    expect(run.code, run.stdout).toBe(3)
    expect(reports(run).json.message).toContain('raise --timeout (now 1.0s)')
    expect(run.stdout).not.toMatch(GITHUB_WORDS)
  })
})

describe.concurrent('a cancel during the page check, end to end', () => {
  it('SIGTERM while a page is read: every report says it was cancelled, and blames no input', async () => {
    const sim = await simulator()
    sim.script('page', 'guides/cancel-me', [{ missing: true }])
    let sent = false
    const run = await runCommand(
      () => [
        '--base-url',
        sim.url,
        ...REPORTS,
        ...fast,
        '--status-id',
        'update-success',
        '--timeout',
        '60s',
        '--search-domain',
        SEARCH_DOMAIN,
        '--page-path',
        'guides/cancel-me'
      ],
      {
        env: { ...KEY_ENV, WAIT_FOR_DOCS_ASSISTANT_KEY: ASSISTANT_KEY },
        onOutput: (written, child) => {
          if (sent || !written.includes('not found yet')) return
          sent = true
          child.kill('SIGTERM')
        }
      }
    )
    expect(run.code, run.stdout).toBe(143)
    const { json, junit, summary } = reports(run)
    expect(json.result).toBe('cancelled')
    expect(json.message).toContain('the run was cancelled during the page check; run the command again to check again')
    for (const text of [run.stdout, String(json.message), summary, JSON.stringify(junit)]) expect(text).not.toMatch(/check (?:--)?search-domain and/)
  })
})
