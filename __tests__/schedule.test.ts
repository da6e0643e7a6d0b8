import { describe, expect, it } from 'vitest'
import { createSchedule, GROWTH } from '../src/engine/schedule.js'
import { seededRandom } from './helpers/clock.js'

describe('createSchedule', () => {
  it.each([
    [2000, 30_000],
    [500, 500],
    [100, 60_000],
    [1000, 1500]
  ])('keeps every delay within [%d, %d] for many seeds', (minMs, maxMs) => {
    for (let seed = 1; seed <= 50; seed++) {
      const schedule = createSchedule({ minMs, maxMs, random: seededRandom(seed) })
      for (let i = 0; i < 60; i++) {
        const delay = schedule.next()
        expect(delay).toBeGreaterThanOrEqual(minMs)
        expect(delay).toBeLessThanOrEqual(maxMs)
      }
    }
  })

  it('grows from min towards max, then stays at the cap (no jitter)', () => {
    const schedule = createSchedule({ minMs: 1000, maxMs: 10_000, random: () => 0.5, jitter: 0 })
    const delays = Array.from({ length: 200 }, () => schedule.next())
    expect(delays[0]).toBe(1000)
    expect(delays[1]).toBeCloseTo(1000 * GROWTH)
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] as number)
    expect(delays.at(-1)).toBe(10_000)
  })

  it('jitter spreads delays around the base', () => {
    const low = createSchedule({ minMs: 1000, maxMs: 100_000, random: () => 0, growth: 2, jitter: 0.2 })
    const high = createSchedule({ minMs: 1000, maxMs: 100_000, random: () => 0.999999, growth: 2, jitter: 0.2 })
    low.next()
    high.next()
    expect(low.next()).toBeCloseTo(2000 * 0.8)
    expect(high.next()).toBeCloseTo(2000 * 1.2, 0)
  })
})
