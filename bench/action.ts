// Runs a command as a child process and times it, and prepares the environment the GitHub runner
// gives an action (dev/run-action.js's, plus every input with its default, as the runner passes them).

import { spawn } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseOutputFile, prepareRunner } from '../dev/run-action.js'
import { INPUT_DEFAULTS } from '../src/inputs/parse.js'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const ACTION_ENTRY = path.join(REPO_ROOT, 'dist', 'index.js')
/** The command line, bundled by `npm run package`; the bench says "not built" where it is missing. */
export const CLI_ENTRY = path.join(REPO_ROOT, 'dist', 'cli', 'index.js')

export interface ActionRun {
  env: Record<string, string>
  cwd: string
  outputFile: string
  summaryFile: string
  readOutputs(): Promise<Record<string, string>>
  /** Removes the temp files. */
  cleanup(): Promise<void>
}

/** Temp files and the environment of one action run, every input with its default as the runner passes them. */
export async function prepareActionRun(inputs: Record<string, string>): Promise<ActionRun> {
  const run = await prepareRunner({ inputs: { ...INPUT_DEFAULTS, ...inputs } })
  return {
    ...run,
    readOutputs: async () => parseOutputFile(await readFile(run.outputFile, 'utf8')),
    cleanup: () => rm(run.tempDir, { recursive: true, force: true })
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
