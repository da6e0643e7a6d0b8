import { describe, expect, it } from 'vitest'
import { ADMIN_KEY } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { simulator } from './helpers/e2e.js'

// The command's messages name each input as the user gave it (its flag, or its variable), never
// as the action's input: the engine's reasons too ("(expect-sha)", "raise timeout").
const fast = ['--min-interval', '100ms', '--max-interval', '200ms']
const output = (run: { stdout: string; stderr: string }) => run.stdout + run.stderr

describe.concurrent('messages name inputs as they were given', () => {
  it('a flag: the reason names --expect-sha, the JSON message too', async () => {
    const sim = await simulator()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--expect-sha', 'deadbeef', '--json', ...fast], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
    })
    expect(run.code, output(run)).toBe(1)
    expect(run.stderr).toContain('(--expect-sha)')
    expect(run.stderr).not.toMatch(/[^-]expect-sha\)/)
    expect(JSON.parse(run.stdout).message).toContain('(--expect-sha)')
  })

  it('a variable: the reason names WAIT_FOR_DOCS_EXPECT_SHA', async () => {
    const sim = await simulator()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', ...fast], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, WAIT_FOR_DOCS_EXPECT_SHA: 'deadbeef' }
    })
    expect(run.code, output(run)).toBe(1)
    expect(output(run)).toContain('(WAIT_FOR_DOCS_EXPECT_SHA)')
  })

  it('a timeout passed with --no-fail-on-timeout says --fail-on-timeout is false, not the input', async () => {
    const sim = await simulator()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-forever', '--timeout', '1s', '--no-fail-on-timeout', ...fast], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
    })
    expect(run.code, output(run)).toBe(0)
    expect(output(run)).toContain('(--fail-on-timeout is false, so the command succeeds)')
  })
})
