// Runs the bundled action as a child process, the way the GitHub runner does:
// inputs as INPUT_* env vars, fresh GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files,
// and a clean environment (nothing of the parent's proxies or INPUT_* leaks in).
//
// CLI, to run the action by hand (against `npm run simulator`, or any platform):
//   node dev/run-action.js base-url=http://127.0.0.1:4010 admin-key=... status-id=update-failure
// prints the action's log as it comes, then its outputs and where the job summary was written.

import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const readIfExists = (file) => readFile(file, 'utf8').catch((err) => (err.code === 'ENOENT' ? '' : Promise.reject(err)))

/**
 * Parses the content of a GITHUB_OUTPUT (or GITHUB_ENV) file.
 * Accepts the heredoc form written by @actions/core (`name<<DELIM\nvalue\nDELIM`)
 * and plain `name=value` lines. Later entries win. An unterminated heredoc takes
 * the rest of the file as its value.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseOutputFile(text) {
  /** @type {Record<string, string>} */
  const outputs = {}
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const heredoc = line.indexOf('<<')
    const eq = line.indexOf('=')
    if (heredoc > 0 && (eq === -1 || heredoc < eq)) {
      const delimiter = line.slice(heredoc + 2)
      const value = []
      while (++i < lines.length && lines[i] !== delimiter) value.push(lines[i])
      outputs[line.slice(0, heredoc)] = value.join('\n')
    } else if (eq > 0) {
      outputs[line.slice(0, eq)] = line.slice(eq + 1)
    }
  }
  return outputs
}

/**
 * Temp files and the environment the runner gives an action: fresh GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files, the GITHUB_* variables, the inputs as INPUT_* variables, and from
 * the parent only PATH, HOME, SYSTEMROOT and TMPDIR (no proxies, no INPUT_*). `env` applies last;
 * undefined there removes a variable.
 * @param {{ inputs?: Record<string, string | number | boolean>, env?: Record<string, string | undefined>, event?: { name: string, payload: object } }} [options]
 * @returns {Promise<{ env: Record<string, string>, cwd: string, outputFile: string, summaryFile: string, tempDir: string }>}
 */
export async function prepareRunner({ inputs = {}, env = {}, event = { name: 'push', payload: {} } } = {}) {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-run-'))
  const outputFile = path.join(tempDir, 'github_output')
  const summaryFile = path.join(tempDir, 'step_summary.md')
  const eventFile = path.join(tempDir, 'event.json')
  const runnerTemp = path.join(tempDir, 'runner_temp')
  const workspace = path.join(tempDir, 'workspace')
  await Promise.all([mkdir(runnerTemp), mkdir(workspace)])
  await Promise.all([writeFile(outputFile, ''), writeFile(summaryFile, ''), writeFile(eventFile, `${JSON.stringify(event.payload)}\n`)])

  /** @type {Record<string, string>} */
  const childEnv = {}
  for (const name of ['PATH', 'HOME', 'SYSTEMROOT', 'TMPDIR']) {
    if (process.env[name] !== undefined) childEnv[name] = process.env[name]
  }
  Object.assign(childEnv, {
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_EVENT_NAME: event.name,
    RUNNER_TEMP: runnerTemp,
    GITHUB_WORKSPACE: workspace,
    GITHUB_RUN_ID: '4242424242',
    GITHUB_RUN_NUMBER: '7',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SHA: '3f786850e387550fdab836ed7e6dc881de23001b',
    GITHUB_WORKFLOW: 'docs',
    // The workflow's file (and the ref it ran from), which names the workflow in the comment's marker.
    GITHUB_WORKFLOW_REF: 'acme/docs/.github/workflows/docs.yml@refs/heads/main',
    GITHUB_JOB: 'wait-for-docs',
    // A step without an id: `__` and the action's repository; a second use in the job gets `_2`.
    GITHUB_ACTION: '__acme_wait-for-docs',
    GITHUB_ACTOR: 'octocat',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_GRAPHQL_URL: 'https://api.github.com/graphql'
  })
  for (const [name, value] of Object.entries(inputs)) {
    childEnv[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = String(value)
  }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name]
    else childEnv[name] = String(value)
  }

  return { env: childEnv, cwd: workspace, outputFile, summaryFile, tempDir }
}

/**
 * @typedef {object} RunResult
 * @property {number | null} code exit code (null if killed by a signal)
 * @property {NodeJS.Signals | null} signal
 * @property {string} stdout
 * @property {string} stderr
 * @property {Record<string, string>} outputs parsed GITHUB_OUTPUT
 * @property {string} summary content of GITHUB_STEP_SUMMARY
 * @property {number} durationMs from the spawn to the child's exit (its stdio closed)
 * @property {number} endedAt when the child's exit was seen (Date.now()), before its files were read
 * @property {string} outputFile
 * @property {string} summaryFile
 * @property {string} tempDir
 */

/**
 * Runs `node <entry>` (default: <repo>/dist/index.js) as a child process.
 * Resolves once the child has exited and its stdio is closed. Rejects if the child
 * cannot be spawned, or if it is still running after `timeoutMs` (it is then
 * SIGKILLed; the error message holds stdout/stderr and `error.result` the partial result).
 * Temp files are removed once read, unless `keepTemp` is set (to inspect them).
 * @param {object} [options]
 * @param {Record<string, string | number | boolean>} [options.inputs] action inputs, e.g. { 'status-id': 'x' }
 * @param {Record<string, string | undefined>} [options.env] overrides applied last; undefined removes a variable
 * @param {string} [options.entry] script to run (default <repo>/dist/index.js)
 * @param {string} [options.node] node binary (default process.execPath)
 * @param {number} [options.timeoutMs] default 60000
 * @param {(child: import('node:child_process').ChildProcess) => void} [options.onSpawn] called once the child is spawned, before it prints anything
 * @param {(chunk: string, child: import('node:child_process').ChildProcess) => void} [options.onStdout]
 * @param {(chunk: string, child: import('node:child_process').ChildProcess) => void} [options.onStderr]
 * @param {number} [options.killAfterMs] send `signal` to the child after that many ms
 * @param {'SIGINT' | 'SIGTERM'} [options.signal] default 'SIGTERM'
 * @param {{ name: string, payload: object }} [options.event] the event of the run (default: push, `{}`)
 * @param {boolean} [options.keepTemp] keep the temp folder (outputFile, summaryFile) after the run
 * @returns {Promise<RunResult>}
 */
export async function runAction({
  inputs = {},
  env = {},
  entry = path.join(REPO_ROOT, 'dist', 'index.js'),
  node = process.execPath,
  timeoutMs = 60_000,
  onSpawn,
  onStdout,
  onStderr,
  killAfterMs,
  signal = 'SIGTERM',
  event = { name: 'push', payload: {} },
  keepTemp = false
} = {}) {
  const { env: childEnv, cwd, outputFile, summaryFile, tempDir } = await prepareRunner({ inputs, env, event })

  const started = Date.now()
  const child = spawn(node, [entry], { env: childEnv, cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  onSpawn?.(child)
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    stdout += chunk
    onStdout?.(chunk, child)
  })
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk
    onStderr?.(chunk, child)
  })

  let timedOut = false
  const timeout = setTimeout(() => {
    timedOut = true
    child.kill('SIGKILL')
  }, timeoutMs)
  const killer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill(signal), killAfterMs)

  let endedAt = 0
  const [code, exitSignal] = await new Promise((resolve, reject) => {
    child.once('error', (err) => {
      clearTimeout(timeout)
      clearTimeout(killer)
      reject(err)
    })
    child.once('close', (c, s) => {
      endedAt = Date.now()
      resolve([c, s])
    })
  }).finally(() => {
    clearTimeout(timeout)
    clearTimeout(killer)
  })

  const result = {
    code,
    signal: exitSignal,
    stdout,
    stderr,
    outputs: parseOutputFile(await readIfExists(outputFile)),
    summary: await readIfExists(summaryFile),
    durationMs: (endedAt || Date.now()) - started,
    endedAt,
    outputFile,
    summaryFile,
    tempDir
  }
  if (!keepTemp) await rm(tempDir, { recursive: true, force: true })
  if (timedOut) {
    const error = new Error(
      `Action did not finish within ${timeoutMs} ms and was killed (${entry}).\n` + `--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`
    )
    Object.assign(error, { result })
    throw error
  }
  return result
}

const USAGE = `Usage: node dev/run-action.js [--debug] name=value ...

Runs dist/index.js as the runner does: each name=value is the input of that name (as in the
workflow's \`with:\`, dashes and all), the GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files are
created fresh, and nothing of this shell's environment but PATH and HOME is passed on (set a
proxy as an input-like HTTPS_PROXY=... argument: upper-case names are environment variables).
The log is printed raw, workflow commands included; then the outputs and the path of the job
summary, which is kept. The exit code is the action's.

Against the simulator (npm run simulator, in another terminal):
  node dev/run-action.js base-url=http://127.0.0.1:4010 admin-key=sim_admin_0123456789abcdef status-id=update-failure`

/** The CLI: arguments as inputs (lower-case names) or environment variables (upper-case names). */
async function main(args) {
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    console.log(USAGE)
    return 0
  }
  /** @type {Record<string, string>} */
  const inputs = {}
  /** @type {Record<string, string>} */
  const env = {}
  if (args.includes('--debug')) env.RUNNER_DEBUG = '1'
  for (const arg of args.filter((a) => a !== '--debug')) {
    const eq = arg.indexOf('=')
    if (eq <= 0) {
      console.error(`"${arg}" is not name=value.\n\n${USAGE}`)
      return 2
    }
    const name = arg.slice(0, eq)
    if (/^[A-Z][A-Z0-9_]*$/.test(name)) env[name] = arg.slice(eq + 1)
    else inputs[name] = arg.slice(eq + 1)
  }
  const result = await runAction({
    inputs,
    env,
    timeoutMs: 8 * 24 * 3_600_000,
    keepTemp: true,
    onStdout: (chunk) => process.stdout.write(chunk),
    onStderr: (chunk) => process.stderr.write(chunk)
  })
  console.log(`\n=== Outputs (exit code ${result.code ?? `signal ${result.signal}`}) ===`)
  for (const [name, value] of Object.entries(result.outputs)) console.log(`${name} = ${value.length > 200 ? `${value.slice(0, 200)}…` : value}`)
  console.log(`\nJob summary: ${result.summaryFile}`)
  return result.code ?? 1
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err)
      process.exit(1)
    }
  )
}
