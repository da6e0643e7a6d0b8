import { execFile } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY } from '../dev/simulator.js'
import { simulator } from './helpers/e2e.js'

const run = promisify(execFile)
const CLI = path.resolve(import.meta.dirname, '..', 'dev', 'run-action.js')

describe('dev/run-action.js by hand, as the README shows it', () => {
  it('runs the bundle with inputs given as name=value (dashes and all), then prints the outputs and where the summary is', async () => {
    const sim = await simulator()
    const failed = await run(process.execPath, [CLI, `base-url=${sim.url}`, `admin-key=${ADMIN_KEY}`, 'status-id=update-failure', 'min-interval=100ms']).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error
    )
    expect(failed?.code).toBe(1)
    const stdout = failed?.stdout ?? ''
    expect(stdout).toContain('::error title=Docs update failed,file=docs/quickstart.mdx,line=12::')
    expect(stdout).toMatch(/^=== Outputs \(exit code 1\) ===$/m)
    expect(stdout).toMatch(/^result = failure$/m)
    const summaryFile = /^Job summary: (.+)$/m.exec(stdout)?.[1] ?? ''
    expect(existsSync(summaryFile)).toBe(true)
    expect(readFileSync(summaryFile, 'utf8')).toMatch(/^## ❌ Docs update failed/)
    rmSync(path.dirname(summaryFile), { recursive: true, force: true })
  })

  it('says what it takes when an argument is not name=value', async () => {
    const error = await run(process.execPath, [CLI, 'status-id']).catch((e: { code: number; stderr: string }) => e)
    expect(error).toMatchObject({ code: 2 })
    expect((error as { stderr: string }).stderr).toContain('"status-id" is not name=value.')
  })
})
