import { expect, vi } from 'vitest'
import type { Clock } from '../../src/model.js'

/**
 * A discrete-event clock: sleeps resolve in order of their wake time, and time jumps straight
 * to the next wake-up once the program is idle, so timing is exact and no test really waits.
 */
export function virtualClock(start = 1_000_000): Clock & { sleeps: number[] } {
  let now = start
  let order = 0
  let scheduled = false
  const sleeps: number[] = []
  const timers: { at: number; order: number; wake: () => void }[] = []
  const next = () => {
    scheduled = false
    timers.sort((a, b) => a.at - b.at || a.order - b.order)
    const timer = timers.shift()
    if (!timer) return
    now = Math.max(now, timer.at)
    timer.wake()
    schedule()
  }
  const schedule = () => {
    if (scheduled || timers.length === 0) return
    scheduled = true
    setImmediate(next)
  }
  return {
    now: () => now,
    sleeps,
    sleep: (ms, signal) => {
      sleeps.push(ms)
      if (signal.aborted) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const onAbort = () => {
          const index = timers.indexOf(timer)
          if (index >= 0) timers.splice(index, 1)
          resolve()
        }
        // Woken on time, it lets go of the signal, as the real clock does.
        const timer = {
          at: now + ms,
          order: order++,
          wake: () => {
            signal.removeEventListener('abort', onAbort)
            resolve()
          }
        }
        timers.push(timer)
        signal.addEventListener('abort', onAbort, { once: true })
        schedule()
      })
    }
  }
}

/** A small seeded random source (mulberry32), so runs are repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// On vitest's fake timers, with requests that take no time of their own (helpers/in-process.ts):

/**
 * Runs what is due now, with the test's clock standing still, until `done` says so: the requests
 * take no time in process, so what they do before their next timer happens here, at this moment.
 */
export async function atThisMoment(done: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 1000 && !done(); turn++) await vi.advanceTimersByTimeAsync(0)
  expect(done(), `${what}, with the clock standing still`).toBe(true)
}

/** Resolves `promise` with the clock standing still (it is due now, not after any time). */
export async function nowOf<T>(promise: Promise<T>, what: string): Promise<T> {
  let settled = false
  const result = promise.finally(() => {
    settled = true
  })
  await atThisMoment(() => settled, what)
  return result
}

/** When (the test's time) `promise` settles, once the clock has run `ms` further. */
export async function settlesAt(promise: Promise<unknown>, ms: number): Promise<number | undefined> {
  let at: number | undefined
  promise.then(
    () => {
      at = Date.now()
    },
    () => {
      at = Date.now()
    }
  )
  await vi.advanceTimersByTimeAsync(ms)
  return at
}
