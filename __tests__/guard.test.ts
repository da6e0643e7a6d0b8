import path from 'node:path'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY } from '../dev/simulator.js'
import { runCommand, unforeseen } from '../src/cli/main.js'
import type { RunRecord } from '../src/records/run-record.js'
import { faultMessage, guardProcess } from '../src/step/guard.js'
import { reportDir } from './helpers/cli.js'
import { simulator } from './helpers/e2e.js'

// The last net of the entries: a fault no code foresaw is never a stack trace; before the
// outcome is reported it is the outcome (result=error, every report, exit code 4), after it a
// warning beside the outcome, which stands.
const FAST = ['--min-interval', '100ms', '--max-interval', '200ms', '--timeout', '20s']

function io(argv: string[], note: (fault: () => void) => RunRecord) {
  const out: string[] = []
  const err: string[] = []
  const stderr = { write: (text: string) => err.push(text) }
  return {
    argv,
    env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, GITLAB_CI: 'false' },
    stdout: { write: (text: string) => out.push(text) },
    stderr,
    note: async () => () => note(() => unforeseen(new TypeError('the unforeseen'), stderr)),
    out: () => out.join(''),
    err: () => err.join('')
  }
}

describe('the last net of the command line', () => {
  it('a fault while waiting: every report says result=error, exit code 4, no stack trace', async () => {
    const sim = await simulator()
    const dir = reportDir()
    const dotenv = path.join(dir, 'd.env')
    const closedWith: string[] = []
    const run = io(['--base-url', sim.url, '--status-id', 'update-success', ...FAST, '--mr-comment', '--dotenv', dotenv, '--json'], (fault) => ({
      open() {
        fault()
      },
      async close(outcome) {
        closedWith.push(outcome.result)
      }
    }))
    expect(await runCommand(run)).toBe(4)
    expect(readFileSync(dotenv, 'utf8')).toContain('DOCS_RESULT=error')
    // The note opened "in progress" is closed with the error, never left in progress.
    expect(closedWith).toEqual(['error'])
    expect(JSON.parse(run.out())).toMatchObject({ result: 'error', 'exit-code': 4 })
    expect(run.err()).toContain('Unexpected error: TypeError: the unforeseen')
    expect(run.err()).not.toMatch(/\n\s+at /)
  })

  it('a fault after the outcome was reported: a warning, and the outcome and its exit code stand', async () => {
    const sim = await simulator()
    const dir = reportDir()
    const dotenv = path.join(dir, 'd.env')
    const run = io(['--base-url', sim.url, '--status-id', 'update-success', ...FAST, '--mr-comment', '--dotenv', dotenv, '--json'], (fault) => ({
      open() {},
      async close() {
        fault()
      }
    }))
    expect(await runCommand(run)).toBe(0)
    expect(readFileSync(dotenv, 'utf8')).toContain('DOCS_RESULT=success')
    expect(run.err()).toContain('Unexpected error: TypeError: the unforeseen. It came after the outcome was reported, which stands.')
  })
})

describe('guardProcess', () => {
  it('hands each unhandled rejection to the handler, in order, and stops listening', async () => {
    const seen: string[] = []
    const guard = guardProcess(async (error) => {
      seen.push(faultMessage(error))
    })
    process.emit('unhandledRejection', new RangeError('first'), Promise.resolve())
    process.emit('unhandledRejection', 'second', Promise.resolve())
    await new Promise((resolve) => setTimeout(resolve, 10))
    guard.stop()
    expect(seen).toEqual(['RangeError: first', 'second'])
    const listening = process.listeners('uncaughtException').length
    guardProcess(() => undefined).stop()
    expect(process.listeners('uncaughtException')).toHaveLength(listening)
  })
})
