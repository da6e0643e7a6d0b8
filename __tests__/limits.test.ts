import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COMMENT_EXIT_MARGIN_MS, commentDeadline, commentEndAt, lookupBudgetMs } from '../src/step/limits.js'

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

/** A cancel that has not come yet; `come(graceMs)` makes it come now. */
function cancellation() {
  const controller = new AbortController()
  let exitBy: number | undefined
  return {
    signal: controller.signal,
    exitBy: () => exitBy,
    come(graceMs: number) {
      exitBy = Date.now() + graceMs
      controller.abort()
    }
  }
}

describe('the time the comment has', () => {
  it('ends with the step: timeout + request-timeout past the start, within the 2 s slack', () => {
    const endAt = commentEndAt({ startedAt: 1000, timeoutMs: 60_000, requestTimeoutMs: 10_000 }, 10_000)
    expect(endAt).toBeGreaterThan(1000 + 70_000)
    expect(endAt).toBeLessThanOrEqual(1000 + 70_000 + 2000)
    // Invalid inputs: no wait ran, request-timeout from now.
    expect(commentEndAt(undefined, 10_000, 5000)).toBe(15_000)
  })

  it('a write is given up at the end, not at request-timeout', () => {
    const deadline = commentDeadline(30_000, cancellation())
    vi.advanceTimersByTime(29_999)
    expect(deadline.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(deadline.aborted).toBe(true)
  })

  it('after a cancel, ends the margin before the process must exit', () => {
    const cancel = cancellation()
    const deadline = commentDeadline(30_000, cancel)
    vi.advanceTimersByTime(1000)
    cancel.come(1500)
    vi.advanceTimersByTime(1500 - COMMENT_EXIT_MARGIN_MS - 1)
    expect(deadline.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(deadline.aborted).toBe(true)
  })

  it('a cancel that came before counts too; one whose grace outlasts the end changes nothing', () => {
    const early = cancellation()
    early.come(1500)
    const shortened = commentDeadline(30_000, early)
    vi.advanceTimersByTime(1500 - COMMENT_EXIT_MARGIN_MS)
    expect(shortened.aborted).toBe(true)
    const late = cancellation()
    const kept = commentDeadline(Date.now() + 500, late)
    late.come(1500)
    vi.advanceTimersByTime(500)
    expect(kept.aborted).toBe(true)
  })

  it('lookups get request-timeout, never past the end', () => {
    expect(lookupBudgetMs(10_000, 60_000, 0)).toBe(10_000)
    expect(lookupBudgetMs(10_000, 4000, 0)).toBe(4000)
    expect(lookupBudgetMs(10_000, 0, 5000)).toBe(1)
  })
})
