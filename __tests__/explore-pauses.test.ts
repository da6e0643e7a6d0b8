import { describe, expect, it } from 'vitest'
import { notePause, pausedWithin, pausesSeen, watchPauses } from '../explore/pauses.js'

// The explorer's own loop, held: what the timing judges allow a run for.
describe("the explorer's pauses", () => {
  it('counts the part of each pause within the window asked', () => {
    const to = 5_000_000
    notePause(700, to)
    notePause(100, to + 1000)
    expect(pausedWithin(to - 2000, to)).toBe(700)
    expect(pausedWithin(to - 300, to + 500)).toBe(300)
    expect(pausedWithin(to - 2000, to + 2000)).toBe(800)
    expect(pausedWithin(to + 1, to + 800)).toBe(0)
    expect(pausesSeen().longest).toBeGreaterThanOrEqual(700)
    expect(pausesSeen().long).toBeGreaterThanOrEqual(1)
  })

  it('sees a loop held by busy work as a pause at least as long (a busy machine only lengthens it)', async () => {
    watchPauses()
    await new Promise((resolve) => setTimeout(resolve, 60))
    const from = Date.now()
    while (Date.now() - from < 300) {
      // Held: no timer can run.
    }
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(pausedWithin(from - 100, Date.now())).toBeGreaterThanOrEqual(250)
  })
})
