import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY, PROJECT_ID } from '../dev/simulator.js'
import { OUTPUT_NAMES } from '../src/report/outputs.js'
import { type CommandRun, runCommand } from './helpers/cli.js'
import { parseGitLabDotenv } from './helpers/dotenv.js'
import { simulator } from './helpers/e2e.js'

// The bundled command (dist/cli/index.js, `npm run package`) as a child process over real HTTP
// against the platform simulator: every exit code, every report, a cancel, and no key anywhere.
type Simulator = Awaited<ReturnType<typeof simulator>>
const FAST = { '--min-interval': '100ms', '--max-interval': '200ms', '--timeout': '20s' }
/** Fast polling, for the flags the test does not set itself: a single-value flag may be given once. */
const fast = (args: string[]) => [...args, ...Object.entries(FAST).flatMap(([flag, value]) => (args.includes(flag) ? [] : [flag, value]))]
const REPORTS = ['--output-file', 'out.json', '--dotenv', 'docs.env', '--junit', 'junit.xml', '--summary-file', 'summary.md']
const KEY_ENV = { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' })

type Case = { name: string; failure?: { type: string; message: string; '#text': string }; skipped?: { message: string }; 'system-out'?: string }

/** Every report of a run, each parsed as its reader would: JSON, GitLab's dotenv rules, an XML parser. */
function reports(run: CommandRun) {
  const json = JSON.parse(run.file('out.json') ?? 'null') as Record<string, unknown>
  const junitText = run.file('junit.xml') ?? ''
  expect(XMLValidator.validate(junitText)).toBe(true)
  const junit = (xml.parse(junitText) as { testsuites: { testsuite: { testcase: Case[] } } }).testsuites.testsuite.testcase
  return { json, dotenv: parseGitLabDotenv(run.file('docs.env') ?? ''), junit, summary: run.file('summary.md') ?? '' }
}

const wait = (sim: Simulator, args: string[], options: Parameters<typeof runCommand>[1] = {}) =>
  runCommand(() => ['--base-url', sim.url, ...REPORTS, ...fast(args)], { ...options, env: { ...KEY_ENV, ...options.env } })

describe('the command, end to end', () => {
  it('0: success, every report written, the JSON on stdout alone with the log on stderr', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-success', '--json'])
    expect(run.code, run.stderr).toBe(0)
    const stdout = JSON.parse(run.stdout) as Record<string, unknown>
    for (const name of OUTPUT_NAMES) expect(stdout, name).toHaveProperty(name)
    expect(stdout).toMatchObject({ result: 'success', 'status-id': 'update-success', 'files-changed-count': 4, 'exit-code': 0 })
    expect(Array.isArray(stdout['files-changed'])).toBe(true)
    expect(run.stdout).not.toContain('\u001b')
    expect(run.stderr).toContain('Result: success')
    const { json, dotenv, junit, summary } = reports(run)
    expect(json).toEqual(stdout)
    expect(dotenv).toMatchObject({ DOCS_RESULT: 'success', DOCS_STATUS_ID: 'update-success', DOCS_FILES_CHANGED_COUNT: '4' })
    expect(junit.map((c) => [c.name, c.failure])).toEqual([['update update-success', undefined]])
    expect(junit[0]?.['system-out']).toContain('Deployed 4 changed pages')
    expect(summary).toContain('## ✅ Docs update deployed')
    // Written whole: no temp file left beside the reports.
    expect(run.file('.out.json.tmp')).toBeUndefined()
  })

  it('1: the update failed; the JUnit failure says why and what to do', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-failure'])
    expect(run.code, run.stdout).toBe(1)
    const { json, dotenv, junit } = reports(run)
    expect(json).toMatchObject({ result: 'failure', 'exit-code': 1 })
    expect(dotenv.DOCS_RESULT).toBe('failure')
    expect(junit[0]?.failure?.type).toBe('failure')
    expect(junit[0]?.failure?.['#text']).toContain('broken link in docs/quickstart.mdx')
    expect(junit[0]?.failure?.['#text']).toContain('Next: fix docs/quickstart.mdx:12 (named in its log')
    expect(run.stdout).toContain('Result: failure (exit code 1)')
  })

  it('1: the update deployed another commit than --expect-sha', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-other-commit', '--expect-sha', 'abcdef1'])
    expect(run.code, run.stdout).toBe(1)
    expect(reports(run).json).toMatchObject({ result: 'failure' })
  })

  it.each([
    ['the flag', ['--expect-sha', ''], {}, '--expect-sha is given empty'],
    ['its variable', [], { WAIT_FOR_DOCS_EXPECT_SHA: '' }, 'WAIT_FOR_DOCS_EXPECT_SHA is given empty']
  ])(
    '2: the gate given explicitly empty through %s (a CI variable this CI does not set) is invalid input, naming it; an update of another commit never passes',
    async (_name, args, env, said) => {
      const sim = await simulator()
      const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-other-commit', ...args], { env: { ...env } })
      expect(run.code, run.stdout + run.stderr).toBe(2)
      expect(run.stdout + run.stderr).toContain(said)
      expect(run.stdout + run.stderr).toContain('$CI_COMMIT_SHA on GitLab')
    }
  )

  it('2: invalid input, every problem at once, nothing sent, every report written, the key never printed', async () => {
    const sim = await simulator()
    const run = await runCommand(() => [
      '--base-url',
      sim.url,
      '--status-id',
      'a/b',
      '--timeout',
      'soon',
      '--bogus',
      '--admin-key',
      ADMIN_KEY,
      ...REPORTS,
      '--json'
    ])
    expect(run.code, run.stderr).toBe(2)
    expect(sim.requests).toEqual([])
    expect(run.stderr).toContain('Invalid input (3 problems); no request was sent.')
    expect(run.stderr).toContain('- --bogus is not a flag of wait-for-docs')
    expect(run.stderr).toContain('- --status-id: "a/b" contains')
    expect(run.stderr).toContain('- --timeout: "soon" is not a positive duration')
    expect(run.stderr).toContain('admin-key was given as a flag')
    const { json, dotenv, junit, summary } = reports(run)
    expect(JSON.parse(run.stdout)).toEqual(json)
    expect(json).toMatchObject({ result: 'error', 'exit-code': 2 })
    expect(dotenv.DOCS_RESULT).toBe('error')
    expect(junit.map((c) => c.failure?.type)).toEqual(['invalid-input'])
    expect(summary).toContain('Input problems')
    for (const text of [run.stdout, run.stderr, ...['out.json', 'docs.env', 'junit.xml', 'summary.md'].map((f) => run.file(f) ?? '')])
      expect(text).not.toContain(ADMIN_KEY)
  })

  it('2: a mistyped WAIT_FOR_DOCS_* variable (the gate left off) is invalid input with a "did you mean", nothing sent, its value never shown', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-success', ...REPORTS], {
      env: { ...KEY_ENV, WAIT_FOR_DOCS_EXPECTED_SHA: 'c0ffee0123456789abcdef0123456789abcdef01' }
    })
    expect(run.code, run.stdout).toBe(2)
    expect(sim.requests).toEqual([])
    expect(run.stdout).toContain(
      '- "WAIT_FOR_DOCS_EXPECTED_SHA" is not a variable of wait-for-docs (did you mean WAIT_FOR_DOCS_EXPECT_SHA?); its value is not read.'
    )
    expect(reports(run).json).toMatchObject({ result: 'error', 'exit-code': 2 })
    expect(run.stdout).not.toContain('c0ffee0123456789')
  })

  it('3: timeout; 0 with --fail-on-timeout false', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-forever', '--timeout', '1s'])
    expect(run.code, run.stdout).toBe(3)
    const { json, dotenv, junit } = reports(run)
    expect(json).toMatchObject({ result: 'timeout', 'exit-code': 3 })
    // The last status seen: how far it got in a second depends on the machine's load.
    expect(['queued', 'in_progress']).toContain(json.status)
    expect(dotenv.DOCS_RESULT).toBe('timeout')
    expect(junit[0]?.failure?.type).toBe('timeout')
    expect(junit[0]?.failure?.['#text']).toContain('raise --timeout')
    const passing = await wait(sim, ['--status-id', 'update-forever', '--timeout', '1s', '--fail-on-timeout', 'false'])
    expect(passing.code, passing.stdout).toBe(0)
    expect(reports(passing).json).toMatchObject({ result: 'timeout', 'exit-code': 0 })
  })

  it('5: the platform refused the setup (the key may not read the update): an error no allow-failure of 3 and 4 lets through', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-forbidden'])
    expect(run.code, run.stdout).toBe(5)
    const { json, junit } = reports(run)
    expect(json).toMatchObject({ result: 'error', 'exit-code': 5 })
    expect(junit[0]?.failure?.type).toBe('error')
  })

  it('4: a report that cannot be written is an error, and the other reports say so', async () => {
    const sim = await simulator()
    const run = await runCommand(
      (dir) => {
        // A file where the report's folder should be (a missing folder is created).
        writeFileSync(path.join(dir, 'missing'), 'a file')
        return [
          '--base-url',
          sim.url,
          ...fast([]),
          '--status-id',
          'update-success',
          '--output-file',
          'missing/out.json',
          '--dotenv',
          'docs.env',
          '--junit',
          'junit.xml',
          '--json'
        ]
      },
      {
        env: KEY_ENV
      }
    )
    expect(run.code, run.stdout).toBe(4)
    expect(run.stderr).toContain(
      `The JSON report could not be written to missing/out.json: its folder ${path.join(run.dir, 'missing')} could not be created: ${path.join(run.dir, 'missing')} is a file, not a folder`
    )
    expect(parseGitLabDotenv(run.file('docs.env') ?? '')).toMatchObject({ DOCS_RESULT: 'error' })
    // The JSON on stdout and the JUnit report say why it is an error, not only what the wait found.
    expect(JSON.parse(run.stdout)).toMatchObject({ result: 'error', 'exit-code': 4, message: expect.stringContaining('The JSON report could not be written') })
    const junitText = run.file('junit.xml') ?? ''
    const cases = (xml.parse(junitText) as { testsuites: { testsuite: { testcase: Case[] } } }).testsuites.testsuite.testcase
    const failing = [cases].flat().filter((c) => c.failure)
    expect(failing.map((c) => c.failure?.type)).toEqual(['error'])
    expect(junitText).toContain('The JSON report could not be written to missing/out.json')
  })

  it('starts the work, then waits on it; the started id is in every report', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--trigger', 'update', '--project-id', PROJECT_ID])
    expect(run.code, run.stdout).toBe(0)
    expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    const { json, dotenv, junit } = reports(run)
    expect(json).toMatchObject({ result: 'success', 'status-id': 'update-success' })
    expect(dotenv.DOCS_STATUS_ID).toBe('update-success')
    expect(junit.map((c) => c.name)).toEqual(['start the docs update', 'update update-success'])
  })

  it('the started id is in the dotenv and JSON reports at once: a job killed while waiting still leaves it, and no result', async () => {
    const sim = await simulator()
    sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'update-forever' }])
    let atKill: string | undefined
    const run = await wait(sim, ['--trigger', 'update', '--project-id', PROJECT_ID], {
      onOutput(written, child) {
        // The status change is printed while waiting (the outcome line alone says "status in_progress", at the end).
        if (atKill === undefined && written.includes('queued → in_progress')) {
          atKill = written
          child.kill('SIGKILL')
        }
      }
    })
    expect(run.signal, run.stdout).toBe('SIGKILL')
    // Killed while waiting: nothing of the end was printed, so the reports hold what the start wrote.
    expect(atKill).toContain('Waiting on update update-forever')
    expect(atKill).not.toMatch(/update update-forever: (timeout|success|failure|error)|Result:/)
    expect(parseGitLabDotenv(run.file('docs.env') ?? '')).toEqual({ DOCS_STATUS_ID: 'update-forever' })
    expect(JSON.parse(run.file('out.json') ?? 'null')).toEqual({ 'status-id': 'update-forever' })
  })

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130]
  ] as const)('%s: exit %i within 2 s, every report written with result cancelled', async (signal, code) => {
    const sim = await simulator()
    let sentAt = 0
    const run = await wait(sim, ['--status-id', 'update-forever', '--min-interval', '1s', '--max-interval', '1s'], {
      onOutput(written, child) {
        if (!sentAt && written.includes('in_progress')) {
          sentAt = Date.now()
          child.kill(signal)
        }
      }
    })
    const endedAfter = Date.now() - sentAt
    expect(sentAt).toBeGreaterThan(0)
    expect(run.code, run.stdout).toBe(code)
    expect(endedAfter).toBeLessThan(2000)
    expect(run.stdout).toContain(`Received ${signal}`)
    const { json, dotenv, junit, summary } = reports(run)
    expect(json).toMatchObject({ result: 'cancelled', status: 'in_progress', 'exit-code': code })
    expect(dotenv.DOCS_RESULT).toBe('cancelled')
    expect(junit[0]?.failure?.type).toBe('cancelled')
    expect(junit[0]?.failure?.message).toContain('cancelled')
    expect(summary).toContain('Cancelled while waiting')
  })

  it('the key is never printed, given as a flag, echoed back by the server in its log, its summary and an error', async () => {
    const sim = await simulator()
    sim.script('update', 'echo-key', [
      { json: { status: 'in_progress', logs: [`using key ${ADMIN_KEY}`, `lower ${ADMIN_KEY.toLowerCase()}`] } },
      { json: { status: 'failure', endedAt: '2026-01-01T00:00:00Z', summary: `failed with ${ADMIN_KEY}`, logs: [`error: key ${ADMIN_KEY} refused`] } }
    ])
    const run = await runCommand(() => ['--base-url', sim.url, ...fast([]), ...REPORTS, '--status-id', 'echo-key', '--admin-key', ADMIN_KEY, '--verbose'])
    expect(run.code, run.stdout).toBe(1)
    expect(run.stdout).toContain('using key ***')
    expect(run.stdout).toContain('process list')
    for (const text of [run.stdout, run.stderr, ...['out.json', 'docs.env', 'junit.xml', 'summary.md'].map((f) => run.file(f) ?? '')])
      expect(text.toLowerCase()).not.toContain(ADMIN_KEY.toLowerCase())
  })

  it('under GitLab CI: collapsible sections, and nothing the server sent opens one, colours the log or acts as a command', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-hostile'], { env: { GITLAB_CI: 'true', NO_COLOR: '1' } })
    expect(run.code, run.stdout).toBe(0)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: GitLab's section markers are made of them
    const marker = /\u001b\[0Ksection_(?:start|end):\d+:wait_for_docs_\d+(?:\[collapsed=true\])?\r\u001b\[0K/g
    expect(run.stdout.match(marker)?.length ?? 0).toBeGreaterThanOrEqual(2)
    const rest = run.stdout.split(marker).join('')
    expect(rest).not.toContain('\u001b')
    expect(rest).not.toContain('\r')
    const commands = run.stdout.split('\n').filter((line) => line.trimStart().startsWith('::') || line.includes('##['))
    expect(commands).toEqual([])
    expect(XMLValidator.validate(run.file('junit.xml') ?? '')).toBe(true)
  })

  it('elsewhere: plain lines, no workflow command, no escape, no colour on a pipe', async () => {
    const sim = await simulator()
    const run = await wait(sim, ['--status-id', 'update-success'])
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain('\u001b')
    expect(run.stdout).not.toMatch(/^::/m)
    expect(run.stdout).toContain('Waiting on update update-success')
  })

  it('--help and --version', async () => {
    const help = await runCommand(() => ['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--[no-]fail-on-timeout')
    expect(help.stdout).toContain('WAIT_FOR_DOCS_ADMIN_KEY')
    // The flags that may be repeated are named, each one (page-path too), and marked below.
    const lists = /Lists \(([^)]*)\)/.exec(help.stdout.replace(/\s+/g, ' '))?.[1] ?? ''
    for (const flag of ['--status-id', '--job-id', '--search-query', '--page-path']) {
      expect(lists, flag).toContain(flag)
      expect(help.stdout, flag).toContain(`${flag} <value>…`)
    }
    const version = await runCommand(() => ['--version'])
    expect(version.code).toBe(0)
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
  })
})
