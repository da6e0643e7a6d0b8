import { describe, expect, it } from 'vitest'
import { withinBudget } from '../src/github/pr-comment.js'

/** Rejections no one observed while `during` runs. */
async function unobserved(during: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = []
  const onRejection = (reason: unknown) => void seen.push(reason)
  process.on('unhandledRejection', onRejection)
  try {
    await during()
    await new Promise((resolve) => setTimeout(resolve, 20))
  } finally {
    process.off('unhandledRejection', onRejection)
  }
  return seen
}

describe('withinBudget', () => {
  it('with a signal already aborted: rejects with its reason, and the work that fails later is still observed', async () => {
    let fail: (error: Error) => void = () => undefined
    const work = new Promise<never>((_, reject) => {
      fail = reject
    })
    const seen = await unobserved(async () => {
      await expect(withinBudget(work, AbortSignal.abort(new Error('cancelled')))).rejects.toThrow('cancelled')
      fail(new Error('the request, aborted too'))
    })
    expect(seen).toEqual([])
  })

  it('with a signal that aborts later: the work that fails after it is observed', async () => {
    let fail: (error: Error) => void = () => undefined
    const work = new Promise<never>((_, reject) => {
      fail = reject
    })
    const budget = new AbortController()
    const seen = await unobserved(async () => {
      const given = withinBudget(work, budget.signal)
      budget.abort(new Error('time'))
      await expect(given).rejects.toThrow('time')
      fail(new Error('late'))
    })
    expect(seen).toEqual([])
  })
})
