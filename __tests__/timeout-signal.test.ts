import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { timeoutSignal } from '../src/timeout-signal.js'
import { collectGarbage } from './helpers/gc.js'

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src')

/** Resolves with how the signal ended: aborted (its reason's name) or still waiting after `withinMs`. */
function endOf(signal: AbortSignal, withinMs: number): Promise<string> {
  return new Promise((resolve) => {
    signal.addEventListener('abort', () => resolve(`aborted: ${(signal.reason as Error).name}`), { once: true })
    setTimeout(() => resolve('still waiting'), withinMs)
  })
}

describe('timeoutSignal', () => {
  it('inside AbortSignal.any, aborts with a TimeoutError after its time, also when the garbage is collected meanwhile', async () => {
    const other = new AbortController()
    // Nothing else holds the time's signal nor the combined one: as in a wait of the records.
    const ended = endOf(AbortSignal.any([timeoutSignal(100), other.signal]), 3000)
    collectGarbage()
    await new Promise((resolve) => setTimeout(resolve, 20))
    collectGarbage()
    expect(await ended).toBe('aborted: TimeoutError')
  })

  it('is not aborted before its time', async () => {
    const signal = timeoutSignal(60_000)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(signal.aborted).toBe(false)
  })

  it("src/ uses no AbortSignal.timeout (Node 20 loses it inside AbortSignal.any at a garbage collection; timeoutSignal doesn't)", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []
      )
    const all = files(SRC)
    expect(all.length).toBeGreaterThan(20)
    const users = all.filter((file) =>
      /AbortSignal\s*\.\s*timeout\s*\(/.test(
        readFileSync(file, 'utf8')
          .replace(/\/\/.*$/gm, '')
          .replace(/\/\*[\s\S]*?\*\//g, '')
      )
    )
    expect(users.map((file) => path.relative(SRC, file))).toEqual([])
  })
})
