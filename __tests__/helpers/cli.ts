// Runs the bundled command (dist/cli/index.js) as a child process, the way a CI job does: flags,
// WAIT_FOR_DOCS_* variables, and a clean environment (nothing of the parent's proxies or CI).
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const COMMAND = path.resolve(import.meta.dirname, '..', '..', 'dist', 'cli', 'index.js')

export interface CommandRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** A folder of its own for the reports. */
  dir: string
  /** A report's text, or undefined when it was not written. */
  file(name: string): string | undefined
}

export interface CommandRunOptions {
  env?: Record<string, string>
  /** Called with everything written so far, on each chunk of stdout or stderr. */
  onOutput?: (written: string, child: ChildProcess) => void
  timeoutMs?: number
  /** The command's entry, when not dist/cli/index.js (a copy of the bundle). */
  entry?: string
}

/** A fresh folder for a run's reports. */
export function reportDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-cli-'))
}

export function runCommand(args: (dir: string) => string[], options: CommandRunOptions = {}): Promise<CommandRun> {
  const dir = reportDir()
  const env: Record<string, string> = {}
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT']) if (process.env[name] !== undefined) env[name] = process.env[name] as string
  Object.assign(env, options.env)
  const child = spawn(process.execPath, [options.entry ?? COMMAND, ...args(dir)], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  const seen = () => options.onOutput?.(stdout + stderr, child)
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    seen()
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
    seen()
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the command did not end within ${options.timeoutMs ?? 25_000} ms\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`))
    }, options.timeoutMs ?? 25_000)
    child.once('error', reject)
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      const file = (name: string) => {
        try {
          return readFileSync(path.join(dir, name), 'utf8')
        } catch {
          return undefined
        }
      }
      resolve({ code, signal, stdout, stderr, dir, file })
    })
  })
}
