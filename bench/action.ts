// Runs a command as a child process and times it, and prepares the environment the GitHub runner
// gives an action (the same variables as dev/run-action.js, plus every input with its default,
// as the runner passes them).

import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseOutputFile } from '../dev/run-action.js'
import { INPUT_DEFAULTS } from '../src/inputs.js'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const ACTION_ENTRY = path.join(REPO_ROOT, 'dist', 'index.js')

export interface ActionRun {
  env: Record<string, string>
  cwd: string
  outputFile: string
  summaryFile: string
  readOutputs(): Promise<Record<string, string>>
  /** Removes the temp files. */
  cleanup(): Promise<void>
}

/** Temp files and the environment of one action run; nothing of the parent's INPUT_* or proxies leaks in. */
export async function prepareActionRun(inputs: Record<string, string>): Promise<ActionRun> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-bench-'))
  const outputFile = path.join(tempDir, 'github_output')
  const summaryFile = path.join(tempDir, 'step_summary.md')
  const eventFile = path.join(tempDir, 'event.json')
  const runnerTemp = path.join(tempDir, 'runner_temp')
  const workspace = path.join(tempDir, 'workspace')
  await Promise.all([mkdir(runnerTemp), mkdir(workspace)])
  await Promise.all([writeFile(outputFile, ''), writeFile(summaryFile, ''), writeFile(eventFile, '{}\n')])
  const env: Record<string, string> = {}
  for (const name of ['PATH', 'HOME', 'SYSTEMROOT', 'TMPDIR']) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  Object.assign(env, {
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_EVENT_NAME: 'push',
    RUNNER_TEMP: runnerTemp,
    GITHUB_WORKSPACE: workspace,
    GITHUB_RUN_ID: '4242424242',
    GITHUB_RUN_NUMBER: '7',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SHA: '3f786850e387550fdab836ed7e6dc881de23001b',
    GITHUB_WORKFLOW: 'docs',
    GITHUB_JOB: 'wait-for-docs',
    GITHUB_ACTOR: 'octocat',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_GRAPHQL_URL: 'https://api.github.com/graphql'
  })
  for (const [name, value] of Object.entries({ ...INPUT_DEFAULTS, ...inputs })) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  return {
    env,
    cwd: workspace,
    outputFile,
    summaryFile,
    readOutputs: async () => parseOutputFile(await readFile(outputFile, 'utf8')),
    cleanup: () => rm(tempDir, { recursive: true, force: true })
  }
}

export interface Timed {
  code: number | null
  /** Wall time from spawn() to the child's exit with its stdio closed. */
  ms: number
  stdout: string
  stderr: string
  pid: number | undefined
}

/** Spawns `command args`, collects its output and times it with a monotonic clock. */
export function timedSpawn(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number; onSpawn?: (pid: number | undefined) => void } = {}
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(command, args, { env: options.env ?? {}, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    options.onSpawn?.(child.pid)
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, ms: Number(process.hrtime.bigint() - started) / 1e6, stdout, stderr, pid: child.pid })
    })
  })
}
