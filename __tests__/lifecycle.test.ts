import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NoAnswer } from '../src/records/failure.js'
import {
  NotFoundYet,
  type Opened,
  oneWarning,
  type RecordPort,
  RecordSkipped,
  recordLifecycle,
  type WriteSignals,
  withinBudget
} from '../src/records/lifecycle.js'
import { OtherJobsUnread } from '../src/records/gate.js'
import { ListingCut } from '../src/records/listing.js'
import { COMMENT_EXIT_MARGIN_MS } from '../src/step/limits.js'
import { TEST_PORT_WORDS } from './helpers/fakes.js'
import { collectGarbage } from './helpers/gc.js'

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

describe('oneWarning', () => {
  it.each([
    [['A failed. The result does not depend on it.'], 'A failed. The result does not depend on it.'],
    [
      ['A failed: x. The result does not depend on it.', 'B may land. The result does not depend on it.'],
      'A failed: x. Also: B may land. The result does not depend on it.'
    ],
    [['A failed. It stands.', 'B may land. Re-run.'], 'A failed. It stands. Also: B may land. Re-run.'],
    [['A failed.', 'A failed.'], 'A failed.']
  ])('%j → %s', (lines, said) => {
    expect(oneWarning(lines)).toBe(said)
  })
})

/** A cancel that has not come yet; `come(graceMs)` makes it come now. */
function cancellation() {
  const controller = new AbortController()
  let exitBy: number | undefined
  return {
    signal: controller.signal,
    exitBy: () => exitBy,
    come(graceMs = 1500) {
      exitBy = Date.now() + graceMs
      controller.abort()
    }
  }
}

/** A write that a script answers: after `ms` (applied then), never (`Infinity`), or with an error. */
type Answer = { ms: number; fail?: { status?: number; message: string } }
const HTTP = (status: number, message = `HTTP ${status}`) => Object.assign(new Error(message), { status })

/** A port over an in-memory record: each write applied when its answer comes, as GitHub and GitLab do. */
function scriptedPort(script: { open?: Answer[]; close?: Answer[] } = {}) {
  const record = { states: [] as string[], id: 7 }
  const calls: { what: string; where: number | undefined; opened?: Opened; at: number }[] = []
  const send = (answer: Answer | undefined, apply: () => void, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const ms = answer?.ms ?? 10
      if (ms === Number.POSITIVE_INFINITY) {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true })
        return
      }
      setTimeout(() => {
        if (answer?.fail) return reject(HTTP(answer.fail.status ?? 500, answer.fail.message))
        apply()
        resolve()
      }, ms)
    })
  const port: RecordPort<number, string> = {
    api: 'Test API',
    record: 'comment',
    async open(signals: WriteSignals, at) {
      calls.push({ what: 'open', where: undefined, at: Date.now() })
      at(record.id)
      await send(script.open?.shift(), () => record.states.push('in_progress'), signals.write)
      return record.id
    },
    async close(outcome, where, opened, signals) {
      calls.push({ what: 'close', where, opened, at: Date.now() })
      await send(script.close?.shift(), () => record.states.push(outcome), signals.write)
      return { where: where ?? record.id, done: where === undefined ? 'created' : 'updated' }
    },
    ...TEST_PORT_WORDS,
    // Its own words: a test may change them.
    words: { ...TEST_PORT_WORDS.words }
  }
  return { port, record, calls }
}

function lifecycleOf(port: RecordPort<number, string>, cancel = cancellation(), endAt = 30_000, requestTimeoutMs = 1000) {
  const log = { info: vi.fn<(line: string) => void>(), warning: vi.fn<(line: string, codes?: unknown) => void>() }
  const lifecycle = recordLifecycle(port, { cancel, endAt, requestTimeoutMs, log, clean: (text) => text })
  return { lifecycle, log, cancel }
}

/** The open, `openFor` ms (fake time) for it, then the close with `outcome`, given `closeFor` ms to end. */
async function openThenClose(lifecycle: ReturnType<typeof recordLifecycle<number, string>>, outcome: string, { openFor = 50, closeFor = 50 } = {}) {
  lifecycle.open()
  await vi.advanceTimersByTimeAsync(openFor)
  const closed = lifecycle.close(outcome)
  await vi.advanceTimersByTimeAsync(closeFor)
  await closed
}

describe('a record kept true', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('open, then close with the outcome, where the open went', async () => {
    const { port, record, calls } = scriptedPort()
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success')
    expect(record.states).toEqual(['in_progress', 'success'])
    expect(calls.map((c) => [c.what, c.where])).toEqual([
      ['open', undefined],
      ['close', 7]
    ])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('an open answered within request-timeout of the outcome is waited on: the close goes after it, never under it', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: 1000 }] })
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { openFor: 100, closeFor: 6000 })
    expect(calls.filter((c) => c.what === 'close').map((c) => c.at)).toEqual([1000])
    expect(record.states).toEqual(['in_progress', 'success'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('an open unanswered for twice request-timeout after the outcome does not hold it back: the close goes then, and one warning says the open may land over it', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: 5000 }] })
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { openFor: 100, closeFor: 6000 })
    expect(calls.filter((c) => c.what === 'close').map((c) => c.at)).toEqual([1100])
    expect(record.states).toEqual(['success', 'in_progress'])
    expect(log.warning).toHaveBeenCalledTimes(1)
    expect(log.warning.mock.calls[0]?.[0]).toMatch(/^record 7 holds the outcome, but its "in progress" write had no answer when the outcome had waited on it/)
  })

  it('a cancel while the open is in flight: the close goes at once where the record is, and again if the open lands after it', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: 800 }] })
    const { lifecycle, log, cancel } = lifecycleOf(port)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(100)
    const closed = lifecycle.close('error')
    await vi.advanceTimersByTimeAsync(100)
    cancel.come(1500)
    await vi.advanceTimersByTimeAsync(2000)
    await closed
    expect(calls.filter((c) => c.what === 'close').map((c) => c.at)).toEqual([200, 800])
    expect(record.states).toEqual(['error', 'in_progress', 'error'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it("a close to a known record that fails on the way (a gateway's 502) is sent again: the record ends holding the outcome", async () => {
    const { port, record, calls } = scriptedPort({ close: [{ ms: 10, fail: { status: 502, message: 'Bad Gateway' } }, { ms: 10 }] })
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'failure', { closeFor: 2000 })
    expect(calls.filter((c) => c.what === 'close')).toHaveLength(2)
    expect(record.states).toEqual(['in_progress', 'failure'])
    expect(log.warning).not.toHaveBeenCalled()
    expect(log.info).toHaveBeenCalledWith('The Test API did not take the outcome (Bad Gateway); writing it again.')
  })

  it('a close the server refuses (a 4xx) is not sent again, nor one to a record not known (a creation could make a second)', async () => {
    const refused = scriptedPort({ close: [{ ms: 10, fail: { status: 422, message: 'Unprocessable' } }, { ms: 10 }] })
    const first = lifecycleOf(refused.port)
    first.lifecycle.open()
    await vi.advanceTimersByTimeAsync(50)
    const closed = first.lifecycle.close('failure')
    await vi.advanceTimersByTimeAsync(2000)
    await closed
    expect(refused.calls.filter((c) => c.what === 'close')).toHaveLength(1)
    expect(first.log.warning).toHaveBeenCalledTimes(1)

    const unknown = scriptedPort({
      open: [{ ms: 10, fail: { status: 502, message: 'Bad Gateway' } }],
      // The look at once, then the close that may make it: both fail on the way.
      close: [{ ms: 10, fail: { status: 502, message: 'Bad Gateway' } }, { ms: 10, fail: { status: 502, message: 'Bad Gateway' } }, { ms: 10 }]
    })
    const open = unknown.port.open.bind(unknown.port)
    // An open that never learns where the record is.
    unknown.port.open = (signals) => open(signals, () => undefined)
    const second = lifecycleOf(unknown.port)
    second.lifecycle.open()
    await vi.advanceTimersByTimeAsync(50)
    const closedToo = second.lifecycle.close('failure')
    // A lost creation is looked for at once (never made there), then given twice request-timeout to land.
    await vi.advanceTimersByTimeAsync(5000)
    await closedToo
    const making = unknown.calls.filter((c) => c.what === 'close' && c.opened !== 'unanswered')
    expect(making).toHaveLength(1)
    expect(second.log.warning).toHaveBeenCalledTimes(1)
  })

  it('a creation of the close answered 2xx without the record (cut short) was applied: its one warning says the record may still appear (found by the explorer)', async () => {
    const cut = scriptedPort({
      open: [{ ms: 10, fail: { status: 403, message: 'Forbidden' } }],
      close: [{ ms: 10, fail: { status: 201, message: 'the answer did not name the record' } }]
    })
    const open = cut.port.open.bind(cut.port)
    // The open refused: nothing was made, so the close creates.
    cut.port.open = (signals) => open(signals, () => undefined)
    cut.port.words.lateCreation = () => 'a second record may appear beside another run’s'
    const { lifecycle, log } = lifecycleOf(cut.port)
    await openThenClose(lifecycle, 'failure', { closeFor: 5000 })
    expect(cut.calls.filter((c) => c.what === 'close')).toHaveLength(1)
    expect(log.warning).toHaveBeenCalledTimes(1)
    expect(log.warning).toHaveBeenCalledWith(
      "record ? not closed: the answer did not name the record. That creation's answer was lost: if the Test API applies it later, a second record may appear beside another run’s",
      ['comment.not-written']
    )
  })

  it('a record known only after the cancel (a deployment created, its first status in flight): the close goes as soon as it is known', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: Number.POSITIVE_INFINITY }] })
    const open = port.open.bind(port)
    // The creation answers at 100 ms, after the cancel; then its "in progress" write never answers.
    port.open = async (signals, at) => {
      await new Promise((resolve) => setTimeout(resolve, 100))
      return open(signals, at)
    }
    const { lifecycle, log, cancel } = lifecycleOf(port)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(20)
    cancel.come(1500)
    const closed = lifecycle.close('error')
    await vi.advanceTimersByTimeAsync(2000)
    await closed
    expect(calls.filter((c) => c.what === 'close').map((c) => [c.at, c.where])).toEqual([[100, 7]])
    expect(record.states).toEqual(['error'])
    expect(log.warning).toHaveBeenCalledTimes(1)
    expect(log.warning.mock.calls[0]?.[0]).toMatch(
      /^record 7 holds the outcome, but its "in progress" write had no answer when the cancelled run had to end; if the Test API applies that write later, it shows "in progress" until the next run$/
    )
  })

  it('a close whose tries all failed, then written after all once the open landed: its one warning no longer says the outcome could not be written (found by the long run)', async () => {
    const fail = { status: 502, message: 'Bad Gateway' }
    const { port, record, calls } = scriptedPort({
      open: [{ ms: 1200, fail }],
      close: [{ ms: 10, fail }, { ms: 10, fail }, { ms: 10, fail }, { ms: 10 }]
    })
    port.readBack = async () => 'outcome'
    const { lifecycle, log, cancel } = lifecycleOf(port)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(20)
    cancel.come(1500)
    const closed = lifecycle.close('cancelled')
    await vi.advanceTimersByTimeAsync(3000)
    await closed
    expect(calls.filter((c) => c.what === 'close')).toHaveLength(4)
    expect(record.states).toEqual(['cancelled'])
    for (const [line] of log.warning.mock.calls) expect(line).not.toMatch(/not closed/)
  })

  it("the lookup after the open's write (the oldest record after a creation) has request-timeout from then, not what was left of the wait (found by the long run)", async () => {
    const { port } = scriptedPort({ open: [{ ms: 3000 }] })
    const open = port.open.bind(port)
    let after: AbortSignal | undefined
    port.open = async (signals, at) => {
      const where = await open(signals, at)
      // The creation was answered after the wait's end (2 s): the oldest is looked for now.
      after = signals.nextLookup()
      return where
    }
    const log = { info: vi.fn<(line: string) => void>(), warning: vi.fn<(line: string, codes?: unknown) => void>() }
    const lifecycle = recordLifecycle(port, {
      cancel: cancellation(),
      endAt: 30_000,
      openLookupEndAt: 2000,
      requestTimeoutMs: 1000,
      log,
      clean: (text) => text
    })
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(3000)
    expect(after?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(999)
    expect(after?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(2)
    expect(after?.aborted).toBe(true)
  })

  it('a cancel while the open is in flight, the open then lost (a 502): written again, then read back, and one warning if that write is not seen (found by the explorer)', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: 300, fail: { status: 502, message: 'Bad gateway' } }] })
    const reads: ('open' | 'close')[] = []
    // The lost "in progress" write is not seen: it may land after the step.
    port.readBack = async (_where, _signals, lost) => {
      reads.push(lost)
      return 'unseen'
    }
    const { lifecycle, log, cancel } = lifecycleOf(port)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(100)
    cancel.come(1500)
    const closed = lifecycle.close('error')
    await vi.advanceTimersByTimeAsync(2000)
    await closed
    // At once after the cancel, and again once the open settled: it may have landed on top.
    expect(calls.filter((c) => c.what === 'close').map((c) => c.at)).toEqual([100, 300])
    expect(record.states).toEqual(['error', 'error'])
    expect(reads).toEqual(['open'])
    expect(log.warning.mock.calls.map(([line]) => line)).toEqual([
      expect.stringMatching(
        /^record 7 holds the outcome, but its "in progress" write got no answer and was not seen applied \d+ms after it was sent; if the Test API applies it later, it shows "in progress" until the next run \(Bad gateway\)$/
      )
    ])
  })

  it('a close that found two reasons to warn (applied in doubt, then an open never answered) says both in one warning', async () => {
    const { port, record } = scriptedPort({ open: [{ ms: Number.POSITIVE_INFINITY }] })
    const close = port.close.bind(port)
    // The outcome is applied, then a read after it fails: the write counts as written, in doubt.
    port.close = async (outcome, where, opened, signals) => {
      await close(outcome, where, opened, signals)
      throw Object.assign(HTTP(400, 'the statuses could not be read again'), { applied: true })
    }
    port.appliedDespite = (error) => (error as { applied?: boolean }).applied === true
    // Real time: how long an unanswered open holds the close is AbortSignal.timeout's (request-timeout, 1 s here, twice).
    vi.useRealTimers()
    const { lifecycle, log } = lifecycleOf(port, cancellation(), Date.now() + 30_000)
    lifecycle.open()
    await lifecycle.close('success')
    expect(record.states).toEqual(['success'])
    expect(log.warning.mock.calls.map(([line]) => line)).toEqual([
      'record 7 not closed: the statuses could not be read again Also: record 7 holds the outcome, but its "in progress" write had no answer when the outcome had waited on it for 2.0s (twice request-timeout); if the Test API applies that write later, it shows "in progress" until the next run'
    ])
    // The one warning carries the code of each thing it says.
    expect(log.warning.mock.calls.map(([, codes]) => codes)).toEqual([['comment.not-written', 'comment.may-not-hold']])
  })

  it('an open answered while the close is in flight may have been applied after it: the close is written again', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: 150 }], close: [{ ms: 200 }, { ms: 10 }] })
    const { lifecycle, log, cancel } = lifecycleOf(port)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(20)
    cancel.come(1500)
    const closed = lifecycle.close('failure')
    await vi.advanceTimersByTimeAsync(2000)
    await closed
    expect(calls.filter((c) => c.what === 'close').map((c) => c.at)).toEqual([20, 220])
    expect(record.states.at(-1)).toBe('failure')
    expect(log.warning).not.toHaveBeenCalled()
  })

  it("a cancel heard after the step's limit ran out: the warning names the limit, which ended the write (found by the long run)", async () => {
    const { port, record } = scriptedPort({ close: [{ ms: Number.POSITIVE_INFINITY }] })
    const { lifecycle, log, cancel } = lifecycleOf(port, cancellation(), 1000)
    lifecycle.open()
    // The outcome comes after the limit, and the cancel just after it (a package runner killed then).
    await vi.advanceTimersByTimeAsync(1100)
    cancel.come(1500)
    const closed = lifecycle.close('success')
    await vi.advanceTimersByTimeAsync(1500)
    await closed
    expect(record.states).toEqual(['in_progress'])
    expect(log.warning.mock.calls).toEqual([
      ["record 7 not closed: the Test API did not answer before the step's time limit (timeout + request-timeout + 2s) ran out", ['comment.out-of-time']]
    ])
  })

  it('a cancel during the close shortens it to the grace, live: one warning naming the record, within the grace', async () => {
    const { port, record } = scriptedPort({ close: [{ ms: Number.POSITIVE_INFINITY }] })
    const { lifecycle, log, cancel } = lifecycleOf(port)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(50)
    let done = false
    const closed = lifecycle.close('success').then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(100)
    cancel.come(1500)
    await vi.advanceTimersByTimeAsync(1500 - COMMENT_EXIT_MARGIN_MS)
    await closed
    expect(done).toBe(true)
    expect(record.states).toEqual(['in_progress'])
    expect(log.warning.mock.calls).toEqual([['record 7 not closed: the Test API did not answer before the cancelled run had to end', ['comment.out-of-time']]])
  })

  it("the server's words reach the log as one line without its terminal escapes (found by the explorer)", async () => {
    const { port } = scriptedPort({ close: [{ ms: 10, fail: { status: 422, message: 'bad \u001b[31mred\u001b[0m\nnext line' } }] })
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { closeFor: 2000 })
    const said = [...log.info.mock.calls, ...log.warning.mock.calls].map(([line]) => line).join('\n')
    expect(said).toContain('bad red next line')
    expect(said).not.toContain('\u001b')
  })

  it('an open whose answer was lost: the close is told so, and finds the record again', async () => {
    const { port, calls } = scriptedPort({ open: [{ ms: 10, fail: { status: 502, message: 'Bad gateway' } }] })
    const at = port.open
    port.open = async (signals, _at) => at(signals, () => undefined)
    const { lifecycle } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success')
    // Looked for first, with nothing made where it is not found.
    expect(calls.find((c) => c.what === 'close')).toMatchObject({ what: 'close', where: undefined, opened: 'unanswered' })
  })

  it.each([
    ['outcome', []],
    [
      'unseen',
      [
        'record 7 holds the outcome, but its "in progress" write got no answer and was not seen applied 2.0s after it was sent; if the Test API applies it later, it shows "in progress" until the next run (Bad gateway)'
      ]
    ]
  ] as const)('an open whose answer was lost is read back twice request-timeout after it was sent: %s', async (stands, warned) => {
    const { port, record } = scriptedPort({ open: [{ ms: 10, fail: { status: 502, message: 'Bad gateway' } }] })
    const readAt: number[] = []
    port.readBack = async () => {
      readAt.push(Date.now())
      return stands
    }
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'failure', { closeFor: 3000 })
    expect(record.states).toEqual(['failure'])
    expect(readAt).toEqual([2000])
    expect(log.warning.mock.calls.map(([line]) => line)).toEqual(warned)
  })

  it('a lost creation found at once whose write is rate limited: the next write goes no sooner than asked (found by the explorer)', async () => {
    // The open's 502 comes late: the time a lost write is given to land is over when the close looks.
    const { port, record, calls } = scriptedPort({ open: [{ ms: 2500, fail: { status: 502, message: 'Bad gateway' } }] })
    // A creation: where it is, is not known before its answer.
    const open = port.open
    port.open = async (signals) => open(signals, () => undefined)
    const close = port.close.bind(port)
    let limited = true
    port.close = async (outcome, where, opened, signals, found) => {
      // Found by its marker; the write to it is refused once with Retry-After 1.5 s.
      found?.(record.id)
      if (limited) {
        limited = false
        calls.push({ what: 'close', where, opened, at: Date.now() })
        throw HTTP(403, 'You have exceeded a secondary rate limit')
      }
      return close(outcome, where ?? record.id, opened, signals)
    }
    port.retryAfterMs = (error) => ((error as { status?: number }).status === 403 ? 1500 : undefined)
    port.readBack = async () => 'outcome'
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'failure', { openFor: 2600, closeFor: 5000 })
    const closes = calls.filter((c) => c.what === 'close').map((c) => c.at)
    expect(closes).toHaveLength(2)
    expect((closes[1] ?? 0) - (closes[0] ?? 0)).toBeGreaterThanOrEqual(1500)
    expect(record.states).toEqual(['failure'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it.each([
    [true, [['close', 2050]]],
    [false, []]
  ] as const)('a write of the outcome whose answer was lost is read back only where it could turn what stands (closeMayTurn %s)', async (mayTurn, reads) => {
    const { port, record } = scriptedPort({ close: [{ ms: 10, fail: { status: 502, message: 'Bad gateway' } }, { ms: 10 }] })
    const seen: [string, number][] = []
    port.readBack = async (_where, _signals, lost) => {
      seen.push([lost, Date.now()])
      return 'outcome'
    }
    port.closeMayTurn = () => mayTurn
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { closeFor: 3000 })
    expect(record.states).toEqual(['in_progress', 'success'])
    // Read twice request-timeout after the lost write was sent (at 50 ms).
    expect(seen).toEqual(reads)
    expect(log.warning).not.toHaveBeenCalled()
  })

  it.each([
    ['a 502, then a write held past the end', [{ ms: 10, fail: { status: 502, message: 'Bad gateway' } }, { ms: Number.POSITIVE_INFINITY }], true],
    ['a 429 every time (nothing lost)', Array.from({ length: 50 }, () => ({ ms: 10, fail: { status: 429, message: 'Too many' } })), false]
  ] as const)(
    'a close whose every try failed, one of them with its answer lost (%s): a success that may land later over another job’s failure is said, first (found by the long run)',
    async (_name, close, lost) => {
      const { port } = scriptedPort({ close: close.map((answer) => ({ ...answer })) })
      port.closeMayTurn = () => true
      port.words.lateClose = () => "it may show success over another job's failure"
      const { lifecycle, log } = lifecycleOf(port, cancellation(), 4000)
      await openThenClose(lifecycle, 'success', { closeFor: 5000 })
      expect(log.warning).toHaveBeenCalledTimes(1)
      const said = log.warning.mock.calls[0]?.[0] ?? ''
      if (lost) {
        expect(said).toMatch(
          /^record 7 not closed: a write of its outcome got no answer, and if the Test API applies it later, it may show success over another job's failure \(/
        )
      } else expect(said).toMatch(/^record 7 not closed: Too many/)
    }
  )

  it('a try that could not read the other jobs’ statuses sent nothing: the success lost on the next try is given its whole time to land from when it was sent (found by the long run)', async () => {
    const { port, calls } = scriptedPort({ close: [{ ms: 10, fail: { status: 500, message: 'Internal error' } }, { ms: 10 }] })
    const scripted = port.close.bind(port)
    let tries = 0
    port.close = async (outcome, where, opened, signals, found) => {
      if (++tries > 1) return scripted(outcome, where, opened, signals, found)
      calls.push({ what: 'close', where, opened, at: Date.now() })
      await new Promise((resolve) => setTimeout(resolve, 10))
      // The listing before the write was reset: the write was never sent.
      throw new OtherJobsUnread(Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }), false)
    }
    const readAt: number[] = []
    port.readBack = async () => {
      readAt.push(Date.now())
      return 'outcome'
    }
    port.closeMayTurn = () => true
    port.words.lateClose = () => "it may show success over another job's failure"
    const { lifecycle } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { closeFor: 10_000 })
    const closes = calls.filter((c) => c.what === 'close').map((c) => c.at)
    expect(closes).toHaveLength(3)
    // Read back twice request-timeout (2 s) after the lost write (the second try) was sent, not after the first try.
    expect(readAt).toHaveLength(1)
    expect((readAt[0] ?? 0) - (closes[1] ?? 0)).toBeGreaterThanOrEqual(2000)
  })

  it('an open and a write of the outcome both lost (one outage): each is read back, the outcome’s too, where it could turn what stands', async () => {
    const fail = { status: 502, message: 'Bad gateway' }
    const { port } = scriptedPort({ open: [{ ms: 10, fail }], close: [{ ms: 10, fail }, { ms: 10 }] })
    const seen: string[] = []
    port.readBack = async (_where, _signals, lost) => {
      seen.push(lost)
      return lost === 'open' ? 'outcome' : 'unseen'
    }
    port.closeMayTurn = () => true
    port.words.lateClose = () => "it may show success over another job's failure"
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { closeFor: 10_000 })
    expect(seen).toEqual(['open', 'close'])
    expect(log.warning).toHaveBeenCalledTimes(1)
    expect(log.warning.mock.calls[0]?.[0]).toMatch(
      /a write of its outcome got no answer and was not seen applied .*it may show success over another job's failure \(Bad gateway\)/
    )
  })

  it('a lost write of the outcome that may land after the step: its warning has the code the port gives what it may show', async () => {
    const fail = { status: 502, message: 'Bad gateway' }
    const { port } = scriptedPort({ close: [{ ms: 10, fail }, { ms: 10 }] })
    Object.assign(port, { record: 'commit-status' })
    port.readBack = async () => 'unseen'
    port.closeMayTurn = () => true
    port.words.lateClose = () => "it may show success over another job's failure"
    port.words.lateCloseCode = () => 'commit-status.late-success'
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { closeFor: 10_000 })
    expect(log.warning.mock.calls.map(([, codes]) => codes)).toEqual([['commit-status.may-not-hold', 'commit-status.late-success']])
  })

  it('a rate limit’s pause holds the outcome written again once the open landed, after the close’s tries (found by the explorer)', async () => {
    const limited = { ms: 10, fail: { status: 429, message: 'Too many' } }
    const { port, calls } = scriptedPort({ open: [{ ms: 4000 }], close: [limited, limited, limited, { ms: 10 }, limited, { ms: 10 }] })
    port.retryAfterMs = (error) => ((error as { status?: number }).status === 429 ? 1000 : undefined)
    const { lifecycle } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { closeFor: 10_000 })
    const at = calls.filter((c) => c.what === 'close').map((c) => c.at)
    // Three refused, the fourth taken; once the open landed (at 4 s), written again: refused, then taken.
    expect(at.length).toBe(6)
    // Each write after a 429 at least the asked second after it (answered 10 ms after it was sent).
    const refused = [0, 1, 2, 4]
    for (const i of refused) expect((at[i + 1] ?? 0) - (at[i] ?? 0)).toBeGreaterThanOrEqual(1010)
    // The outcome written again once the open landed (at 4 s), after it.
    expect(at[4]).toBeGreaterThanOrEqual(4000)
  })

  it('an open whose answer was lost and that landed over the outcome: the outcome is written again', async () => {
    const { port, record } = scriptedPort({ open: [{ ms: 10, fail: { status: 502, message: 'Bad gateway' } }] })
    const answers: ('stale' | 'outcome')[] = ['stale', 'outcome']
    port.readBack = async () => answers.shift() ?? 'outcome'
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'failure', { closeFor: 3000 })
    expect(record.states).toEqual(['failure', 'failure'])
    expect(answers).toEqual([])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('a record deleted after the outcome is written anew: the read back asks of the new one, and says what the lost open may still do (found by the long run)', async () => {
    const { port, record } = scriptedPort({ open: [{ ms: 10, fail: { status: 502, message: 'Bad gateway' } }] })
    const close = port.close
    // The second close finds record 7 gone (a person deleted it) and makes record 8.
    const ids = [7, 8]
    port.close = async (...args) => ({ ...(await close(...args)), where: ids.shift() ?? 8 })
    const asked: number[] = []
    port.readBack = async (where) => {
      asked.push(where)
      return where === 7 ? 'stale' : 'unseen'
    }
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { closeFor: 3000 })
    expect(record.states).toEqual(['success', 'success'])
    expect(asked).toEqual([7, 8])
    expect(log.warning.mock.calls.map(([line]) => line)).toEqual([
      expect.stringMatching(/^record 8 holds the outcome, but its "in progress" write got no answer and was not seen applied .* \(Bad gateway\)$/)
    ])
  })

  it('what stands is never the outcome however often it is written: written again, each time read back, until the time for writes ends; then one warning says so (found by the long run)', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: 10, fail: { status: 502, message: 'Bad gateway' } }] })
    let reads = 0
    port.readBack = async () => {
      reads++
      return 'stale'
    }
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'failure', { closeFor: 30_000 })
    // The outcome at 50 ms, read back once the lost open had its time to land (2 s), written again at
    // once, then after 250 ms, 500 ms, 1 s, 2 s, 4 s and 5 s each (the backoff), until the next
    // pause no longer fits before the step's limit (30 s): never a fixed number of times.
    const at = calls.filter((c) => c.what === 'close').map((c) => c.at)
    expect(at).toEqual([50, 2000, 2260, 2770, 3780, 5790, 9800, 14_810, 19_820, 24_830, 29_840])
    expect(record.states).toEqual(at.map(() => 'failure'))
    expect(reads).toBe(at.length)
    // The rounds are folded in the log: the first three said, not every one.
    expect(log.info.mock.calls.filter(([line]) => line.startsWith('A write whose answer was lost was applied after the outcome'))).toEqual([
      ['A write whose answer was lost was applied after the outcome; writing the outcome again.'],
      ['A write whose answer was lost was applied after the outcome; writing the outcome again in 250ms (1 time so far).'],
      ['A write whose answer was lost was applied after the outcome; writing the outcome again in 500ms (2 times so far).']
    ])
    // The write's own line too: the outcome's first, and the first three rounds'.
    expect(log.info.mock.calls.filter(([line]) => line === 'closed 7 (updated)')).toHaveLength(4)
    expect(log.warning.mock.calls.map(([line]) => line)).toEqual([
      'record 7 holds the outcome, but its "in progress" write got no answer, and what stands was still not the outcome after it was written again 10 times; the next write was due in 5.0s, longer than the 150ms left of the step\'s time for writes, so the writes ended there; if the Test API applied that write after the outcome, it shows "in progress" until the next run (Bad gateway)'
    ])
  })

  it('a lost write that landed over the outcome three times: the outcome written again each time, and it stands at the end, with no warning (twice at the most gave up before)', async () => {
    const { port, record } = scriptedPort({ open: [{ ms: 10, fail: { status: 502, message: 'Bad gateway' } }] })
    const answers: ('stale' | 'outcome')[] = ['stale', 'stale', 'stale', 'outcome']
    port.readBack = async () => answers.shift() ?? 'outcome'
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'failure', { closeFor: 5000 })
    expect(answers).toEqual([])
    expect(record.states).toEqual(['failure', 'failure', 'failure', 'failure'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('a cancel while the outcome waits to be written again over a lost write that landed: the warning says what stands was read and is not the outcome, not that it was not read', async () => {
    const { port } = scriptedPort({ open: [{ ms: 10, fail: { status: 502, message: 'Bad gateway' } }] })
    const cancel = cancellation()
    let reads = 0
    port.readBack = async () => {
      // The second read finds it stale again: the next write waits its backoff, and the cancel comes then.
      if (++reads === 2) setTimeout(() => cancel.come(100), 100)
      return 'stale'
    }
    const { lifecycle, log } = lifecycleOf(port, cancel)
    await openThenClose(lifecycle, 'failure', { closeFor: 5000 })
    expect(reads).toBe(2)
    expect(log.warning).toHaveBeenCalledTimes(1)
    const said = String(log.warning.mock.calls[0]?.[0])
    expect(said).toContain(
      'was applied over the outcome, which was written again 1 time, and what stands was still not the outcome when the cancelled run had to end'
    )
    expect(said).not.toContain('no time left to read back')
  })

  it('an open answered 429 is no refusal (the one rule, by default): a record that cannot go anywhere once refused (a deployment) is still written by the close', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: 10, fail: { status: 429, message: 'Too many requests' } }] })
    const at = port.open
    // Nowhere known after the open: a creation, as a deployment's is.
    port.open = async (signals, _at) => at(signals, () => undefined)
    port.words.notOpened = (why) => `never created: ${why}`
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success')
    expect(calls.at(-1)).toMatchObject({ what: 'close', where: undefined, opened: 'lost' })
    expect(record.states).toEqual(['success'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('an open that never reached the server (a connection refused) is no refusal: a record that cannot go anywhere once refused (a deployment) is written by the close, told there is nothing to find', async () => {
    const { port, record, calls } = scriptedPort()
    port.open = async () => {
      calls.push({ what: 'open', where: undefined, at: Date.now() })
      throw new NoAnswer('network error: connect ECONNREFUSED 127.0.0.1:1', 'no')
    }
    port.words.notOpened = (why) => `never created: ${why}`
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success')
    expect(calls.at(-1)).toMatchObject({ what: 'close', where: undefined, opened: 'refused' })
    expect(record.states).toEqual(['success'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it.each([401, 403, 404, 422])('an open answered %i is refused for good (the one rule, by default): the close is told so', async (status) => {
    const { port, calls } = scriptedPort({ open: [{ ms: 10, fail: { status, message: `HTTP ${status}` } }] })
    const at = port.open
    port.open = async (signals, _at) => at(signals, () => undefined)
    const { lifecycle } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success')
    expect(calls.at(-1)).toMatchObject({ what: 'close', opened: 'refused' })
  })

  it('a refused open: the close is told so; a close that fails too is one warning', async () => {
    const { port, calls } = scriptedPort({
      open: [{ ms: 10, fail: { status: 403, message: 'forbidden' } }],
      close: [{ ms: 10, fail: { status: 403, message: 'forbidden' } }]
    })
    const at = port.open
    port.open = async (signals, _at) => at(signals, () => undefined)
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success')
    expect(calls.at(-1)).toMatchObject({ what: 'close', opened: 'refused' })
    expect(log.info.mock.calls).toContainEqual(['open failed: forbidden'])
    expect(log.warning.mock.calls).toEqual([['record ? not closed: forbidden', ['comment.not-written']]])
  })

  it('an open that never answers and gives no place, the step ending before twice request-timeout: no close under it; one warning at the end of the step', async () => {
    const { port, record } = scriptedPort({ open: [{ ms: Number.POSITIVE_INFINITY }] })
    const at = port.open
    port.open = async (signals, _at) => at(signals, () => undefined)
    const { lifecycle, log } = lifecycleOf(port, cancellation(), 1500)
    lifecycle.open()
    const closed = lifecycle.close('success')
    await vi.advanceTimersByTimeAsync(2000)
    await closed
    expect(record.states).toEqual([])
    expect(log.warning).toHaveBeenCalledTimes(1)
    expect(log.warning.mock.calls[0]?.[0]).toMatch(/^record \? not closed: the Test API had not answered its "in progress" write when the step's time limit/)
  })

  it('an open that never answers and gives no place: the close goes twice request-timeout after the outcome, told the creation is unanswered (found by the explorer)', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: Number.POSITIVE_INFINITY }] })
    const at = port.open
    port.open = async (signals, _at) => at(signals, () => undefined)
    const { lifecycle, log } = lifecycleOf(port, cancellation(), 5000)
    lifecycle.open()
    const closed = lifecycle.close('success')
    await vi.advanceTimersByTimeAsync(5000)
    await closed
    expect(calls.map((c) => [c.what, c.opened, c.at])).toEqual([
      ['open', undefined, 0],
      ['close', 'unanswered', 2000]
    ])
    expect(record.states).toEqual(['success'])
    expect(log.warning).toHaveBeenCalledTimes(1)
    expect(log.warning.mock.calls[0]?.[0]).toMatch(/^record 7 holds the outcome, but its "in progress" write had no answer when the outcome had waited on it/)
  })

  it('a cancel, then an open that never answers and whose record is not found: the warning says the time the outcome waited on it, not twice request-timeout (40 s) it never waited', async () => {
    const port: RecordPort<number, string> = {
      ...scriptedPort({ open: [{ ms: Number.POSITIVE_INFINITY }] }).port,
      async close(_outcome, where, opened) {
        if (where === undefined && opened === 'unanswered') throw new NotFoundYet()
        return { where: where ?? 7, done: 'updated' }
      }
    }
    const at = port.open
    port.open = async (signals, _at) => at(signals, () => undefined)
    const { lifecycle, log, cancel } = lifecycleOf(port, cancellation(), 600_000, 20_000)
    lifecycle.open()
    cancel.come(1500)
    const closed = lifecycle.close('cancelled')
    await vi.advanceTimersByTimeAsync(1500)
    await closed
    expect(log.warning.mock.calls).toEqual([
      [
        'record ? not closed: the Test API had not answered its "in progress" write within 1.1s of the outcome (all a cancelled run could wait) and has no record of it yet, so the outcome was not written (it would make a second one); if the Test API applies that write later, it shows "in progress" until the next run',
        ['comment.not-written']
      ]
    ])
  })

  it('a listing answered page by page whose whole took longer than request-timeout: the words say so, not that the API did not answer (found by a user)', async () => {
    const { port } = scriptedPort()
    // The lookup before the "in progress" write reads 20 pages, each answered in 150 ms, and its time runs out on the 21st.
    port.open = (signals) =>
      new Promise((_, reject) =>
        signals.lookup.addEventListener('abort', () => reject(new ListingCut("the merge request's notes", 20, 150, signals.lookup.reason)), { once: true })
      )
    const { lifecycle, log } = lifecycleOf(port)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(1000)
    const said = [...log.info.mock.calls, ...log.warning.mock.calls].flat().join('\n')
    expect(said).toContain(
      "the Test API answered 20 pages of the merge request's notes, each within 150ms, but not all of them within 1.0s (request-timeout, for the whole listing)"
    )
    expect(said).not.toContain('did not answer within')
    await vi.advanceTimersByTimeAsync(100)
    void lifecycle.close('success')
    await vi.advanceTimersByTimeAsync(30_000)
  })

  it('a cancel while the creation is unanswered, with a request-timeout shorter than the grace: waited on while the grace leaves time, and the outcome goes where it answered (found by a user)', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: 1000 }] })
    // A creation: where it is, is known only from its answer.
    const at = port.open
    port.open = async (signals, _at) => at(signals, () => undefined)
    const { lifecycle, log, cancel } = lifecycleOf(port, cancellation(), 600_000, 300)
    lifecycle.open()
    cancel.come(1500)
    const closed = lifecycle.close('cancelled')
    await vi.advanceTimersByTimeAsync(1500)
    await closed
    // Not given up at twice request-timeout (600 ms): the close went once the creation answered, at 1 s.
    expect(calls.map((c) => [c.what, c.where, c.at])).toEqual([
      ['open', undefined, 0],
      ['close', 7, 1000]
    ])
    expect(record.states).toEqual(['in_progress', 'cancelled'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('after a cancel nothing is opened; the close still writes the outcome', async () => {
    const { port, record, calls } = scriptedPort()
    const { lifecycle, cancel } = lifecycleOf(port)
    cancel.come()
    lifecycle.open()
    const closed = lifecycle.close('cancelled')
    await vi.advanceTimersByTimeAsync(50)
    await closed
    expect(calls.map((c) => [c.what, c.opened])).toEqual([['close', 'never']])
    expect(record.states).toEqual(['cancelled'])
  })

  it('a record with nowhere to go says why, once, at the level the port gives', async () => {
    const { port } = scriptedPort()
    port.open = async () => {
      throw new RecordSkipped('not a pull request', 'comment.skipped')
    }
    port.close = async () => {
      throw new RecordSkipped('not a pull request', 'comment.skipped')
    }
    const { lifecycle, log } = lifecycleOf(port)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(10)
    await lifecycle.close('success')
    expect(log.warning.mock.calls).toEqual([['not a pull request', ['comment.skipped']]])
    expect(log.info).not.toHaveBeenCalled()
  })

  it('a port that throws where it should not: still one warning, never a rejection', async () => {
    const { port } = scriptedPort()
    port.words.closed = () => {
      throw new Error('words failed')
    }
    const { lifecycle, log } = lifecycleOf(port)
    const closed = lifecycle.close('success')
    await vi.advanceTimersByTimeAsync(50)
    await expect(closed).resolves.toBeUndefined()
    expect(log.warning).toHaveBeenCalledTimes(1)
  })
})

// Real time, with the timers of Node and its garbage collector.
describe('a record kept true, in real time', () => {
  it('an open never answered holds the close back request-timeout at most, also when the garbage is collected meanwhile (found by the explorer: Node 20 lost the time limit)', async () => {
    const { port, record, calls } = scriptedPort({ open: [{ ms: Number.POSITIVE_INFINITY }] })
    const endAt = Date.now() + 10_000
    const log = { info: vi.fn<(line: string) => void>(), warning: vi.fn<(line: string, codes?: unknown) => void>() }
    const lifecycle = recordLifecycle(port, { cancel: cancellation(), endAt, requestTimeoutMs: 300, log, clean: (text) => text })
    lifecycle.open()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const closedAt = Date.now()
    const closed = lifecycle.close('failure')
    for (const ms of [10, 50, 100]) {
      await new Promise((resolve) => setTimeout(resolve, ms))
      collectGarbage()
    }
    await closed
    const close = calls.find((c) => c.what === 'close')
    // Request-timeout (300 ms) after the outcome, with room for a busy machine; the step's end is 10 s away.
    expect(close?.at).toBeDefined()
    expect((close?.at ?? endAt) - closedAt).toBeLessThan(5000)
    expect(record.states).toEqual(['failure'])
  })

  it('each try of the close has its own request-timeout for its lookups: a try after a pause is not cut by the time the first one used (found by the explorer)', async () => {
    const { port, record } = scriptedPort()
    const lookupsAborted: boolean[] = []
    const close = port.close.bind(port)
    let tries = 0
    // The close reads before it writes (the commit status reads the other jobs' statuses); the
    // first try is refused with Retry-After 1.2 s, longer than request-timeout (1 s).
    port.close = async (outcome, where, opened, signals) => {
      lookupsAborted.push(signals.lookup.aborted)
      if (++tries === 1) throw HTTP(429, 'Too Many Requests')
      return close(outcome, where, opened, signals)
    }
    port.retryAfterMs = (error) => ((error as { status?: number }).status === 429 ? 1200 : undefined)
    const { lifecycle, log } = lifecycleOf(port, cancellation(), Date.now() + 30_000)
    lifecycle.open()
    await new Promise((resolve) => setTimeout(resolve, 50))
    await lifecycle.close('success')
    expect(lookupsAborted).toEqual([false, false])
    expect(record.states).toEqual(['in_progress', 'success'])
    expect(log.warning).not.toHaveBeenCalled()
  })
})

describe('one retry rule for every write: until the time for writes ends, with the pause asked for', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const gateway = { ms: 10, fail: { status: 502, message: 'Bad Gateway' } }
  const limited = { ms: 10, fail: { status: 429, message: 'Too many' } }

  it('a close refused six times on the way is sent a seventh time, not given up after three: the record ends holding the outcome', async () => {
    const { port, record, calls } = scriptedPort({ close: [gateway, gateway, gateway, gateway, gateway, gateway, { ms: 10 }] })
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'failure', { closeFor: 20_000 })
    expect(calls.filter((c) => c.what === 'close')).toHaveLength(7)
    expect(record.states).toEqual(['in_progress', 'failure'])
    expect(log.warning).not.toHaveBeenCalled()
    // The pauses grow (250 ms, doubling, 5 s at the most); repeats of the cause are folded.
    const at = calls.filter((c) => c.what === 'close').map((c) => c.at)
    expect(at.slice(1).map((t, i) => t - (at[i] ?? 0))).toEqual([260, 510, 1010, 2010, 4010, 5010])
    expect(log.info.mock.calls.filter(([line]) => line.startsWith('The Test API did not take the outcome'))).toHaveLength(3)
  })

  it("tries that failed on the way, then one cut by the step's limit: the warning says the cause they failed with, not only that the time ran out (found under load)", async () => {
    const unavailable = { ms: 3500, fail: { status: 503, message: 'Service Unavailable' } }
    const { port, calls } = scriptedPort({ close: [unavailable, unavailable, unavailable, unavailable, { ms: Number.POSITIVE_INFINITY }] })
    const { lifecycle, log } = lifecycleOf(port, cancellation(), 20_000)
    await openThenClose(lifecycle, 'success', { closeFor: 20_000 })
    // The fifth try goes at 17.8 s (its 2 s pause fitted) and is cut by the limit at 20 s.
    expect(calls.filter((c) => c.what === 'close').map((c) => c.at)).toEqual([50, 3800, 7800, 12_300, 17_800])
    expect(log.warning.mock.calls).toEqual([
      ["record 7 not closed: Service Unavailable; tried again until the step's time limit (timeout + request-timeout + 2s) ran out", ['comment.not-written']]
    ])
  })

  it('a 429 with Retry-After 1 s three times, then taken: written on the fourth try, each a second after the one before', async () => {
    const { port, record, calls } = scriptedPort({ close: [limited, limited, limited, { ms: 10 }] })
    port.retryAfterMs = (error) => ((error as { status?: number }).status === 429 ? 1000 : undefined)
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'failure', { closeFor: 10_000 })
    const at = calls.filter((c) => c.what === 'close').map((c) => c.at)
    expect(at).toHaveLength(4)
    for (let i = 1; i < at.length; i++) expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(1010)
    expect(record.states).toEqual(['in_progress', 'failure'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('a Retry-After longer than what is left ends the tries at once, and the warning says so (not "did not answer")', async () => {
    const { port, calls } = scriptedPort({ close: [limited, { ms: 10 }] })
    port.retryAfterMs = () => 60_000
    const { lifecycle, log } = lifecycleOf(port, cancellation(), 30_000)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(50)
    const closed = lifecycle.close('failure')
    let over = false
    void closed.then(() => {
      over = true
    })
    await vi.advanceTimersByTimeAsync(200)
    expect(over).toBe(true)
    expect(calls.filter((c) => c.what === 'close')).toHaveLength(1)
    expect(log.warning).toHaveBeenCalledTimes(1)
    expect(log.warning.mock.calls[0]?.[0]).toMatch(
      /^record 7 not closed: Too many; it asked to wait 1m00s before the next try, longer than the 29\.\ds left of the step's time for writes, so the tries ended there$/
    )
  })

  it('an "in progress" the port may send again (a status) that fails on the way is sent again while the wait goes on: an earlier run’s success does not stand', async () => {
    const { port, record, calls } = scriptedPort({ open: [gateway, { ms: 10 }] })
    Object.assign(port, { openAgain: true })
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { openFor: 1000, closeFor: 100 })
    expect(calls.filter((c) => c.what === 'open').map((c) => c.at)).toEqual([0, 260])
    expect(record.states).toEqual(['in_progress', 'success'])
    expect(log.info).toHaveBeenCalledWith('The Test API did not take the "in progress" write (Bad Gateway); writing it again in 250ms.')
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('every try of the "in progress" whose answer was lost is read back for, not only the last (found by the explorer)', async () => {
    // Two tries lost (each may land as a status of its own), the third answered.
    const { port } = scriptedPort({ open: [gateway, gateway, { ms: 10 }] })
    Object.assign(port, { openAgain: true })
    const asked: number[] = []
    port.readBack = async (_where, _signals, _lost, tries) => {
      asked.push(tries ?? 1)
      return 'outcome'
    }
    const { lifecycle } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { openFor: 2000, closeFor: 5000 })
    expect(asked).toEqual([2])
  })

  it('a rate limit on the "in progress" is waited out as asked; without openAgain (a creation) it is tried once', async () => {
    const again = scriptedPort({ open: [limited, { ms: 10 }] })
    Object.assign(again.port, { openAgain: true })
    again.port.retryAfterMs = () => 1000
    const once = scriptedPort({ open: [limited, { ms: 10 }] })
    for (const { port } of [again, once]) {
      const { lifecycle } = lifecycleOf(port)
      await openThenClose(lifecycle, 'success', { openFor: 2000, closeFor: 1500 })
    }
    expect(again.calls.filter((c) => c.what === 'open').map((c) => c.at)).toEqual([0, 1010])
    expect(again.record.states).toEqual(['in_progress', 'success'])
    expect(once.calls.filter((c) => c.what === 'open')).toHaveLength(1)
  })

  it('the "in progress" is not sent again once the close began', async () => {
    const { port, record, calls } = scriptedPort({ open: [gateway, gateway, gateway] })
    Object.assign(port, { openAgain: true })
    const { lifecycle } = lifecycleOf(port)
    lifecycle.open()
    await vi.advanceTimersByTimeAsync(300)
    const closed = lifecycle.close('failure')
    await vi.advanceTimersByTimeAsync(5000)
    await closed
    expect(calls.filter((c) => c.what === 'open').map((c) => c.at)).toEqual([0, 260])
    expect(record.states).toEqual(['failure'])
  })
})

describe('an "in progress" that never reached the server', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('a connection refused is no write that may land: the close goes at once, without waiting for it to land (found by the suite)', async () => {
    const { port, calls } = scriptedPort({ open: [{ ms: 10, fail: { message: 'connect ECONNREFUSED 127.0.0.1:1' } }] })
    const refusedAtConnect = Object.assign(new Error('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })
    })
    const open = port.open.bind(port)
    port.open = async (signals, at) => {
      await open(signals, at).catch(() => undefined)
      throw refusedAtConnect
    }
    port.readBack = async () => 'unseen'
    const { lifecycle, log } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { closeFor: 100 })
    // Closed within 100 ms of the outcome: not held twice request-timeout for a write that was never sent.
    expect(calls.filter((c) => c.what === 'close').map((c) => c.at)).toEqual([50])
    expect(log.warning).not.toHaveBeenCalled()
  })
})

describe('what a failed request was is read from its type, never its words', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("a 502 whose words name a refused connection (a gateway's own upstream) may have been applied: it is read back", async () => {
    const { port } = scriptedPort({ open: [{ ms: 10, fail: { status: 502, message: 'upstream connect ECONNREFUSED 10.0.0.1:80' } }] })
    const readBacks: string[] = []
    port.readBack = async (_where, _signals, lost) => {
      readBacks.push(lost)
      return 'outcome'
    }
    const { lifecycle } = lifecycleOf(port)
    await openThenClose(lifecycle, 'success', { closeFor: 10_000 })
    expect(readBacks).toEqual(['open'])
  })

  it('a request that got no answer and never reached the server is no write that may land; one that may have reached it is', async () => {
    for (const [reached, readBack] of [
      ['no', []],
      ['maybe', ['open']]
    ] as const) {
      const { port } = scriptedPort()
      const open = port.open.bind(port)
      // The record is known (an update of one written before); the write's answer never comes.
      port.open = async (signals, at) => {
        await open(signals, at)
        throw new NoAnswer('no answer', reached)
      }
      const readBacks: string[] = []
      port.readBack = async (_where, _signals, lost) => {
        readBacks.push(lost)
        return 'outcome'
      }
      const { lifecycle } = lifecycleOf(port)
      await openThenClose(lifecycle, 'success', { closeFor: 10_000 })
      expect(readBacks, reached).toEqual(readBack)
    }
  })
})

describe('a lookup around the write that failed (the other jobs’ statuses unread)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  /** A close whose lookup around the write fails with `cause` the first `times` tries, then passes (the outcome written). */
  const unread = (cause: unknown, written: boolean, times = Number.POSITIVE_INFINITY) => {
    const { port, calls, record } = scriptedPort()
    let failed = 0
    port.close = async (outcome, where, opened) => {
      calls.push({ what: 'close', where, opened, at: Date.now() })
      await new Promise((resolve) => setTimeout(resolve, 10))
      if (failed++ < times) throw new OtherJobsUnread(cause, written)
      record.states.push(outcome)
      return { where: where ?? record.id, done: 'updated' }
    }
    return { port, calls, record }
  }

  it('is judged by its cause: refused (403) it is not tried again; a 503 or no answer is tried again with the backoff until the time for writes ends, never a fixed number of times', async () => {
    for (const [cause, tries] of [
      [HTTP(403, 'Forbidden'), 1],
      // At 50 ms, then after 250 ms, 500 ms, 1 s, 2 s, 4 s, 5 s, 5 s; the next 5 s no longer fits before the step's limit (20 s).
      [HTTP(503, 'Service Unavailable'), 8],
      // No answer (GitLab's client's, typed at its boundary): tried again as a 503 is (it was taken for a refusal).
      [new NoAnswer('network error: other side closed', 'maybe'), 8],
      [new NoAnswer('network error: connect ECONNREFUSED 127.0.0.1:1', 'no'), 8]
    ] as const) {
      const { port, calls } = unread(cause, true)
      const began = Date.now()
      const { lifecycle, log } = lifecycleOf(port, cancellation(), began + 20_000)
      await openThenClose(lifecycle, 'success', { closeFor: 20_000 })
      const at = calls.filter((c) => c.what === 'close').map((c) => c.at - began)
      expect(at).toEqual([50, 310, 820, 1830, 3840, 7850, 12_860, 17_870].slice(0, tries))
      expect(log.warning).toHaveBeenCalledTimes(1)
      // Folded: the first tries said, not each one.
      expect(log.info.mock.calls.filter(([line]) => line.startsWith('The Test API did not take the outcome'))).toHaveLength(Math.min(tries - 1, 3))
    }
  })

  it('four tries whose lookups around the write failed, then one that passes: the outcome is written, with no warning (three tries gave up before)', async () => {
    const { port, calls, record } = unread(HTTP(503, 'Service Unavailable'), true, 4)
    const { lifecycle, log } = lifecycleOf(port, cancellation(), 600_000)
    await openThenClose(lifecycle, 'success', { closeFor: 10_000 })
    expect(calls.filter((c) => c.what === 'close').map((c) => c.at)).toEqual([50, 310, 820, 1830, 3840])
    expect(record.states).toEqual(['in_progress', 'success'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('a rate limit on the listing is waited out as it asks, as often as it comes while there is time', async () => {
    const { port, calls, record } = unread(HTTP(429, 'Too many'), false, 4)
    port.retryAfterMs = (error) => ((error as { status?: number }).status === 429 ? 2000 : undefined)
    const { lifecycle, log } = lifecycleOf(port, cancellation(), 600_000)
    await openThenClose(lifecycle, 'success', { closeFor: 20_000 })
    const at = calls.filter((c) => c.what === 'close').map((c) => c.at)
    expect(at).toHaveLength(5)
    for (let i = 1; i < at.length; i++) expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(2010)
    expect(record.states).toEqual(['in_progress', 'success'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('a rate limit on the listing that asks for more than is left: the tries end at once, and the warning says so', async () => {
    const { port, calls } = unread(HTTP(429, 'Too many'), false)
    port.retryAfterMs = (error) => ((error as { status?: number }).status === 429 ? 60_000 : undefined)
    const { lifecycle, log } = lifecycleOf(port, cancellation(), 20_000)
    await openThenClose(lifecycle, 'success', { closeFor: 100 })
    expect(calls.filter((c) => c.what === 'close')).toHaveLength(1)
    expect(log.warning.mock.calls).toEqual([
      [expect.stringContaining('it asked to wait 1m00s before the next try, longer than the 19.9s left'), ['comment.out-of-time']]
    ])
  })
})
