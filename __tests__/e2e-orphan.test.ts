import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY } from '../dev/simulator.js'
import { COMMAND } from './helpers/cli.js'
import { parseGitLabDotenv } from './helpers/dotenv.js'
import { simulator } from './helpers/e2e.js'

// A cancel always lands: when the process that started the command goes away — a package runner
// (`npx`) ended by the CI system's cancel, its child orphaned — the command ends as on SIGTERM,
// every report written with result cancelled, and nothing is left polling.
//
// The test through `npx` needs a registry that has the package: .ci/run publishes it to a local
// one and gives its address in TEST_REGISTRY_OF_WAIT_FOR_DOCS. Without it, that test is skipped and
// says why.
const REGISTRY = process.env.TEST_REGISTRY_OF_WAIT_FOR_DOCS ?? ''
const WAIT = ['--status-id', 'update-forever', '--min-interval', '200ms', '--max-interval', '200ms', '--timeout', '60s']
const REPORTS = ['--output-file', 'out.json', '--dotenv', 'docs.env', '--junit', 'junit.xml']

/** A process that exists and has not exited (an orphan that exited may stay a zombie until its new parent reaps it). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  if (process.platform !== 'linux') return true
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

/** The live processes whose command line names `text` (Linux: /proc). */
function processesNaming(text: string): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text) && running(Number(entry))) found.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return found
}

/** A clean environment: nothing of this process's npm, CI or proxies. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT']) if (process.env[name] !== undefined) env[name] = process.env[name] as string
  return { ...env, WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false', ...extra }
}

/** Starts `command` in `dir`; resolves once its output (the command's log, through it) shows the wait under way. */
function startUntilWaiting(command: string, args: string[], dir: string, env: Record<string, string>, limitMs: number) {
  const starter = spawn(command, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const waiting = new Promise<ChildProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      starter.kill('SIGKILL')
      reject(new Error(`the wait did not start within ${limitMs} ms:\n${output}`))
    }, limitMs)
    const seen = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.includes('in_progress')) {
        clearTimeout(timer)
        resolve(starter)
      }
    }
    starter.stdout.on('data', seen)
    starter.stderr.on('data', seen)
    starter.once('error', reject)
  })
  return { waiting, output: () => output }
}

/** Polls until `done` holds or `limitMs` has passed; whether it held. */
async function within(limitMs: number, done: () => boolean): Promise<boolean> {
  const until = Date.now() + limitMs
  while (Date.now() < until) {
    if (done()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return done()
}

function cancelledReports(dir: string) {
  const json = existsSync(path.join(dir, 'out.json')) ? JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) : undefined
  const dotenv = existsSync(path.join(dir, 'docs.env')) ? parseGitLabDotenv(readFileSync(path.join(dir, 'docs.env'), 'utf8')) : {}
  const junit = existsSync(path.join(dir, 'junit.xml')) ? readFileSync(path.join(dir, 'junit.xml'), 'utf8') : ''
  return { json, dotenv, junit }
}

describe('a cancel by the end of the process that started the command', () => {
  it('the starter killed outright (SIGKILL: it passes nothing on): the orphan writes every report, cancelled, exit code 143, and is gone within 2 s', async () => {
    const sim = await simulator()
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-orphan-'))
    // The starter runs the command as npx does: a child with the same stdio, and prints its pid.
    const starterScript = `const c = require('node:child_process').spawn(process.execPath, JSON.parse(process.argv[1]), { stdio: 'inherit' }); console.log('child ' + c.pid); setInterval(() => {}, 1000)`
    const args = [COMMAND, '--base-url', sim.url, ...REPORTS, ...WAIT]
    const started = startUntilWaiting(process.execPath, ['-e', starterScript, JSON.stringify(args)], dir, cleanEnv({}), 20_000)
    const starter = await started.waiting
    const child = Number(/child (\d+)/.exec(started.output())?.[1])
    expect(child).toBeGreaterThan(0)
    starter.kill('SIGKILL')
    const killedAt = Date.now()
    const gone = await within(2000, () => !running(child) && cancelledReports(dir).json?.result === 'cancelled')
    const elapsed = Date.now() - killedAt
    const state = running(child) ? 'still runs' : 'ended'
    if (state === 'still runs') process.kill(child, 'SIGKILL')
    expect(gone, `after ${elapsed} ms: the orphan ${state}; its output:\n${started.output()}`).toBe(true)
    const { json, dotenv, junit } = cancelledReports(dir)
    expect(json).toMatchObject({ result: 'cancelled', 'exit-code': 143 })
    expect(dotenv.DOCS_RESULT).toBe('cancelled')
    expect(junit).toContain('<failure type="cancelled"')
    const polls = sim.requests.length
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(sim.requests.length, 'nothing polls on').toBe(polls)
  }, 30_000)

  it('the starter runs the command through `sh -c`, as npx does, and is killed outright: the shell survives, the command still ends cancelled within 2 s', async (context) => {
    if (process.platform !== 'linux') return context.skip('the shell between is seen through /proc (Linux); elsewhere only the parent is watched')
    const sim = await simulator()
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-sh-orphan-'))
    // The starter runs `sh -c '<node> <command> …'` (the shell stays: it waits for the command) and prints the shell's pid.
    const starterScript = `const c = require('node:child_process').spawn('sh', ['-c', '"$0" "$@"', ...JSON.parse(process.argv[1])], { stdio: 'inherit' }); console.log('shell ' + c.pid); setInterval(() => {}, 1000)`
    const args = [process.execPath, COMMAND, '--base-url', sim.url, ...REPORTS, ...WAIT]
    const started = startUntilWaiting(process.execPath, ['-e', starterScript, JSON.stringify(args)], dir, cleanEnv({}), 20_000)
    const starter = await started.waiting
    const shell = Number(/shell (\d+)/.exec(started.output())?.[1])
    const command = Number(readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(/\s+/)[0])
    expect(readFileSync(`/proc/${shell}/comm`, 'utf8').trim(), 'the shell stays between the starter and the command').toBe('sh')
    expect(command).toBeGreaterThan(0)
    starter.kill('SIGKILL')
    const killedAt = Date.now()
    const gone = await within(2000, () => !running(command) && cancelledReports(dir).json?.result === 'cancelled')
    const elapsed = Date.now() - killedAt
    const state = running(command) ? 'still runs' : 'ended'
    for (const pid of [command, shell]) if (running(pid)) process.kill(pid, 'SIGKILL')
    expect(gone, `after ${elapsed} ms: the command ${state}; its output:\n${started.output()}`).toBe(true)
    const { json, dotenv, junit } = cancelledReports(dir)
    expect(json).toMatchObject({ result: 'cancelled', 'exit-code': 143 })
    expect(dotenv.DOCS_RESULT).toBe('cancelled')
    expect(junit).toContain('<failure type="cancelled"')
    expect(started.output()).toContain(`The process that started this one (pid ${starter.pid}) is gone`)
    const polls = sim.requests.length
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(sim.requests.length, 'nothing polls on').toBe(polls)
  }, 30_000)

  it('the log’s reader gone first (a stopped runner: EPIPE), then SIGTERM: every report written, cancelled, exit code 143', async () => {
    const sim = await simulator()
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-epipe-'))
    const started = startUntilWaiting(process.execPath, [COMMAND, '--base-url', sim.url, ...REPORTS, ...WAIT], dir, cleanEnv({}), 20_000)
    const command = await started.waiting
    const ended = new Promise<number | null>((resolve) => command.once('close', (code) => resolve(code)))
    // Nobody reads the log any more: the next line the command writes fails with EPIPE.
    command.stdout?.destroy()
    command.stderr?.destroy()
    await new Promise((resolve) => setTimeout(resolve, 600))
    command.kill('SIGTERM')
    expect(await ended).toBe(143)
    const { json, dotenv } = cancelledReports(dir)
    expect(json).toMatchObject({ result: 'cancelled', 'exit-code': 143 })
    expect(dotenv.DOCS_RESULT).toBe('cancelled')
  }, 30_000)

  it('npx from the registry, sent SIGTERM alone: every report written, cancelled, and no process left within 2 s', async (context) => {
    if (!REGISTRY)
      return context.skip('no registry with the package: TEST_REGISTRY_OF_WAIT_FOR_DOCS is not set (.ci/run publishes to a local registry and sets it)')
    if (process.platform !== 'linux') return context.skip('finding every process the run started reads /proc (Linux)')
    const sim = await simulator()
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-npx-orphan-'))
    const env = cleanEnv({ npm_config_registry: REGISTRY, npm_config_cache: path.join(dir, 'npm-cache'), npm_config_yes: 'true' })
    // As the README's terminal example runs it, the npm cache empty: npx installs from the registry.
    const started = startUntilWaiting('npx', ['--yes', 'wait-for-docs@1', '--base-url', sim.url, ...REPORTS, ...WAIT], dir, env, 120_000)
    const npx = await started.waiting
    expect(processesNaming(dir).length, 'the command runs under npx').toBeGreaterThanOrEqual(1)
    npx.kill('SIGTERM')
    const killedAt = Date.now()
    const gone = await within(2000, () => processesNaming(dir).length === 0 && cancelledReports(dir).json?.result === 'cancelled')
    const elapsed = Date.now() - killedAt
    const left = processesNaming(dir)
    for (const pid of left) process.kill(pid, 'SIGKILL')
    expect(gone, `after ${elapsed} ms: ${left.length} process(es) left; the output:\n${started.output()}`).toBe(true)
    const { json, dotenv } = cancelledReports(dir)
    expect(json).toMatchObject({ result: 'cancelled', 'exit-code': 143 })
    expect(dotenv.DOCS_RESULT).toBe('cancelled')
  }, 180_000)
})
