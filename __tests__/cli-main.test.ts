import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY } from '../dev/simulator.js'
import { runCommand, VERSION } from '../src/cli/main.js'
import type { RunRecord } from '../src/records/run-record.js'
import type { RawInputs } from '../src/inputs/parse.js'
import { reportDir } from './helpers/cli.js'
import { parseGitLabDotenv } from './helpers/dotenv.js'
import { simulator } from './helpers/e2e.js'

// The command in process (the end-to-end tests run its bundle): what it does with its flags,
// its reports and the merge request note's hooks.
const FAST = ['--min-interval', '100ms', '--max-interval', '200ms', '--timeout', '20s']

function io(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = []
  const err: string[] = []
  return {
    argv,
    env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, ...env },
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    out: () => out.join(''),
    err: () => err.join('')
  }
}

describe('runCommand', () => {
  it('--help and --version print and end with 0, nothing sent', async () => {
    const help = io(['--help'])
    expect(await runCommand(help)).toBe(0)
    expect(help.out()).toContain('Usage: wait-for-docs')
    const version = io(['--version'])
    expect(await runCommand(version)).toBe(0)
    expect(version.out()).toBe(`${VERSION}\n`)
  })

  it('writes every report asked for, atomically, and the JSON on stdout with --json', async () => {
    const sim = await simulator()
    const dir = reportDir()
    const file = (name: string) => path.join(dir, name)
    const run = io([
      '--base-url',
      sim.url,
      '--status-id',
      'update-success',
      ...FAST,
      '--json',
      '--output-file',
      file('o.json'),
      '--dotenv',
      file('d.env'),
      '--junit',
      file('j.xml'),
      '--summary-file',
      file('s.md')
    ])
    expect(await runCommand(run)).toBe(0)
    const json = JSON.parse(run.out())
    expect(json).toMatchObject({ result: 'success', 'exit-code': 0 })
    expect(JSON.parse(readFileSync(file('o.json'), 'utf8'))).toEqual(json)
    expect(parseGitLabDotenv(readFileSync(file('d.env'), 'utf8')).DOCS_RESULT).toBe('success')
    expect(readFileSync(file('j.xml'), 'utf8')).toContain('<testcase classname="wait-for-docs.update" name="update update-success"')
    expect(readFileSync(file('s.md'), 'utf8')).toContain('Docs update deployed')
    expect(run.err()).toContain('Result: success')
  })

  it('--no-summary turns the summary file off; a summary that cannot be written is a warning only', async () => {
    const sim = await simulator()
    const dir = reportDir()
    const off = io(['--base-url', sim.url, '--status-id', 'update-success', ...FAST, '--summary-file', path.join(dir, 's.md'), '--no-summary'])
    expect(await runCommand(off)).toBe(0)
    expect(() => readFileSync(path.join(dir, 's.md'))).toThrow()
    // A file where the summary's folder should be (a missing folder is created).
    writeFileSync(path.join(dir, 'missing'), 'a file')
    const broken = io(['--base-url', sim.url, '--status-id', 'update-success', ...FAST, '--summary-file', path.join(dir, 'missing', 's.md')])
    expect(await runCommand(broken)).toBe(0)
    expect(broken.out()).toContain('warning: The job summary could not be written to')
  })

  it('says what a dotenv value was left out for', async () => {
    const sim = await simulator()
    sim.script('update', 'quoted', [{ json: { status: 'success', endedAt: '2026-01-01T00:00:00Z', summary: 'said "done"' } }])
    const dir = reportDir()
    const run = io(['--base-url', sim.url, '--status-id', 'quoted', ...FAST, '--dotenv', path.join(dir, 'd.env')])
    expect(await runCommand(run)).toBe(0)
    expect(run.out()).toContain('dotenv report: left out DOCS_UPDATE_SUMMARY: it holds a quote')
  })

  it('--pr-comment is the action’s: the command says it writes none', async () => {
    const sim = await simulator()
    const run = io(['--base-url', sim.url, '--status-id', 'update-success', ...FAST, '--pr-comment', '--github-token', 'ghs_0123456789abcdef'])
    expect(await runCommand(run)).toBe(0)
    // Named as it was given: the flag.
    expect(run.out()).toContain('warning: --pr-comment is the GitHub Action’s pull request comment; the command line writes none.')
    expect(run.out()).not.toContain('ghs_0123456789abcdef')
  })

  it('--mr-comment: the note is told when the wait starts, then the outcome once the reports are written', async () => {
    const sim = await simulator()
    const dir = reportDir()
    const calls: string[] = []
    const seen: { token?: string; raw?: RawInputs } = {}
    const note = (context: { token: string }, raw: RawInputs): RunRecord => {
      seen.token = context.token
      seen.raw = raw
      return {
        open: (targets) => {
          calls.push(`in progress: ${targets.map((t) => t.id).join(',')}`)
        },
        close: async (outcome) => {
          calls.push(`outcome: ${outcome.result}; json written: ${readFileSync(path.join(dir, 'o.json'), 'utf8').includes('"result": "success"')}`)
        }
      }
    }
    const run = {
      ...io(['--base-url', sim.url, '--status-id', 'update-success', ...FAST, '--mr-comment', '--output-file', path.join(dir, 'o.json')], {
        WAIT_FOR_DOCS_GITLAB_TOKEN: 'glpat-0123456789'
      }),
      note: async () => note
    }
    expect(await runCommand(run)).toBe(0)
    expect(calls).toEqual(['in progress: update-success', 'outcome: success; json written: true'])
    expect(seen.token).toBe('glpat-0123456789')
    expect(seen.raw?.['status-id']).toBe('update-success')
  })

  it('--mr-comment without a note to write says so; without --mr-comment the note’s code is not even loaded', async () => {
    const sim = await simulator()
    const bare = io(['--base-url', sim.url, '--status-id', 'update-success', ...FAST, '--mr-comment'])
    expect(await runCommand(bare)).toBe(0)
    expect(bare.out()).toContain('warning: --mr-comment is set, but this build of wait-for-docs has no merge request note.')
    // The words name the flag as given; the code stays the code (found by the explorer: "[--commit-status.not-written]").
    const status = io(['--base-url', sim.url, '--status-id', 'update-success', ...FAST, '--commit-status', 'docs'])
    expect(await runCommand(status)).toBe(0)
    expect(status.out()).toContain(
      'warning: --commit-status is set, but this build of wait-for-docs has no commit status. No commit status was written. [commit-status.not-loaded]\n'
    )
    let made = false
    const off = {
      ...io(['--base-url', sim.url, '--status-id', 'update-success', ...FAST]),
      note: async () => {
        made = true
        return () => ({ open: () => {}, close: async () => {} })
      }
    }
    expect(await runCommand(off)).toBe(0)
    expect(made).toBe(false)
  })

  it('invalid flags and inputs: 2, every problem, nothing sent', async () => {
    const sim = await simulator()
    const run = io(['--base-url', sim.url, '--status-id', 'x', '--status', 'y', 'stray', '--timeout', 'never'])
    expect(await runCommand(run)).toBe(2)
    expect(run.out()).toContain('Invalid input (3 problems); no request was sent.')
    expect(run.out()).toContain('- --status is not a flag of wait-for-docs (did you mean --status-id?); see --help')
    expect(run.out()).toContain('- argument 7 is not a flag, and is not shown here (it may be a key)')
    expect(run.out()).not.toContain('stray')
    expect(run.out()).not.toContain('"y"')
    expect(run.out()).toContain('- --timeout: "never" is not a positive duration')
    expect(sim.requests).toEqual([])
  })
})
