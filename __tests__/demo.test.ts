import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// `npm run demo` (dev/demo.js) as a reader runs it: what its summary says is what happened, it
// leaves nothing behind, and a Ctrl-C shows how the action ended.
const DEMO = path.resolve(import.meta.dirname, '..', 'dev', 'demo.js')
const temps: string[] = []
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

function demo(args: string[], onOutput?: (written: string, child: ChildProcess) => void) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-demo-test-'))
  temps.push(tmp)
  const child = spawn(process.execPath, [DEMO, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: tmp },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk
    onOutput?.(out, child)
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk
  })
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; tmp: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the demo did not end\n${out}`))
    }, 60_000)
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, out, tmp })
    })
  })
}

describe.concurrent('npm run demo', () => {
  it('says how long the update took as it happened, and leaves no folder in the temp dir', async () => {
    const run = await demo(['update-success'])
    expect(run.code, run.out).toBe(0)
    const took = /took (?:(\d+)m)?(\d+(?:\.\d+)?)s/.exec(run.out)
    expect(took, run.out).not.toBeNull()
    const seconds = Number(took?.[1] ?? 0) * 60 + Number(took?.[2])
    // The update's polls at 1s–3s reach success in a few seconds; the summary must not say more than the run lasted.
    const lasted = Number(/=== Outputs \(exit code 0, ([\d.]+) s\)/.exec(run.out)?.[1])
    expect(seconds).toBeLessThanOrEqual(lasted + 1)
    expect(readdirSync(run.tmp)).toEqual([])
  })

  it('Ctrl-C shows how the action ended: its cancel, its outputs and its summary', async () => {
    let sent = false
    const run = await demo(['update-forever'], (written, child) => {
      if (sent || !written.includes('in_progress')) return
      sent = true
      child.kill('SIGINT')
    })
    expect(sent, run.out).toBe(true)
    expect(run.out).toContain('Received SIGINT')
    expect(run.out).toMatch(/=== Outputs \(exit code \d+/)
    expect(run.out).toMatch(/result\s+= cancelled/)
    expect(readdirSync(run.tmp)).toEqual([])
  })
})
