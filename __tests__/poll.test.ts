import { afterEach, describe, expect, it, vi } from 'vitest'
import { FINAL_POLL_ALLOWANCE_MS, pollUntilSettled, requestAllowance, requestBudget, systemClock, UNREACHABLE_RULE } from '../src/engine/poll.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import type { Attempt } from '../src/model.js'

const never = new AbortController().signal

function options(clock: ReturnType<typeof virtualClock>, overrides: Partial<Parameters<typeof pollUntilSettled>[1]> = {}) {
  return { deadline: clock.now() + 60_000, minIntervalMs: 2000, maxIntervalMs: 30_000, clock, random: seededRandom(7), signal: never, ...overrides }
}

describe('pollUntilSettled', () => {
  it('polls at once, then after delays within the bounds, until settled', async () => {
    const clock = virtualClock()
    const start = clock.now()
    const times: number[] = []
    const end = await pollUntilSettled<string>(async (n) => {
      times.push(clock.now() - start)
      return n < 5 ? { kind: 'pending' } : { kind: 'settled', value: 'done' }
    }, options(clock))
    expect(end).toEqual({ kind: 'settled', value: 'done' })
    expect(times[0]).toBe(0)
    expect(times).toHaveLength(5)
    for (const delay of clock.sleeps) {
      expect(delay).toBeGreaterThanOrEqual(2000)
      expect(delay).toBeLessThanOrEqual(30_000)
    }
  })

  it('never sleeps past the deadline: the last poll is at the deadline, then timeout', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const clock = virtualClock()
      const deadline = clock.now() + 45_000
      const times: number[] = []
      const end = await pollUntilSettled(
        async () => {
          times.push(clock.now())
          return { kind: 'pending' }
        },
        options(clock, { deadline, random: seededRandom(seed) })
      )
      expect(end).toEqual({ kind: 'timeout' })
      expect(times.at(-1)).toBe(deadline)
      expect(times.every((t) => t <= deadline)).toBe(true)
    }
  })

  it('honours Retry-After in seconds: the next poll waits at least that long', async () => {
    const clock = virtualClock()
    let n = 0
    await pollUntilSettled<string>(async () => {
      n++
      if (n === 1) return { kind: 'transient', reason: 'HTTP 429', retryAfterMs: 12_000 }
      return { kind: 'settled', value: 'ok' }
    }, options(clock))
    expect(clock.sleeps).toEqual([12_000])
  })

  it('bounds Retry-After by the deadline', async () => {
    const clock = virtualClock()
    const deadline = clock.now() + 5000
    const end = await pollUntilSettled(async () => ({ kind: 'transient', reason: 'HTTP 429', retryAfterMs: 3_600_000 }), options(clock, { deadline }))
    expect(clock.sleeps).toEqual([5000])
    expect(clock.now()).toBe(deadline)
    expect(end).toEqual({ kind: 'timeout', lastProblem: 'HTTP 429' })
  })

  it('tolerates a 404 on the first 3 polls, then reports it', async () => {
    const clock = virtualClock()
    let polls = 0
    const end = await pollUntilSettled(async () => {
      polls++
      return { kind: 'not-found', reason: 'HTTP 404: Update status not found' }
    }, options(clock))
    expect(polls).toBe(4)
    // Past the grace, the platform says for certain there is no such thing: a setup to fix.
    expect(end).toEqual({ kind: 'error', reason: 'HTTP 404: Update status not found', misconfigured: true })
  })

  it('the grace counts 404 answers, not polls: network errors first do not use it up', async () => {
    const clock = virtualClock()
    const answers: Attempt<string>[] = [
      { kind: 'transient', reason: 'HTTP 503' },
      { kind: 'transient', reason: 'network error' },
      { kind: 'not-found', reason: '404' },
      { kind: 'transient', reason: 'HTTP 503' },
      { kind: 'not-found', reason: '404' },
      { kind: 'not-found', reason: '404' },
      { kind: 'settled', value: 'found' }
    ]
    const end = await pollUntilSettled(async (n) => answers[n - 1] as Attempt<string>, options(clock))
    expect(end).toEqual({ kind: 'settled', value: 'found' })
  })

  it('the fourth 404 answer ends the wait, however many polls came before', async () => {
    const clock = virtualClock()
    let polls = 0
    const end = await pollUntilSettled<string>(async (n) => {
      polls++
      return n <= 3 ? { kind: 'transient', reason: 'HTTP 503' } : { kind: 'not-found', reason: '404' }
    }, options(clock))
    expect(polls).toBe(7)
    expect(end).toEqual({ kind: 'error', reason: '404', misconfigured: true })
  })

  it('succeeds when a brand-new id appears within the grace', async () => {
    const clock = virtualClock()
    const answers: Attempt<string>[] = [
      { kind: 'not-found', reason: '404' },
      { kind: 'not-found', reason: '404' },
      { kind: 'settled', value: 'found' }
    ]
    const end = await pollUntilSettled(async (n) => answers[n - 1] as Attempt<string>, options(clock))
    expect(end).toEqual({ kind: 'settled', value: 'found' })
  })

  it('ends at once on a fatal answer', async () => {
    const clock = virtualClock()
    const end = await pollUntilSettled(async () => ({ kind: 'fatal', reason: 'HTTP 401' }), options(clock))
    expect(end).toEqual({ kind: 'error', reason: 'HTTP 401' })
    expect(clock.sleeps).toEqual([])
  })

  it('keeps retrying transient failures inside the schedule', async () => {
    const clock = virtualClock()
    const end = await pollUntilSettled<string>(
      async (n) => (n < 4 ? { kind: 'transient', reason: 'HTTP 503' } : { kind: 'settled', value: 'ok' }),
      options(clock)
    )
    expect(end).toEqual({ kind: 'settled', value: 'ok' })
    expect(clock.sleeps).toHaveLength(3)
  })
})

describe('pollUntilSettled with real timers', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('stops sleeping at once when aborted', async () => {
    vi.useFakeTimers()
    const controller = new AbortController()
    let polls = 0
    const ending = pollUntilSettled(
      async () => {
        polls++
        return { kind: 'pending' }
      },
      { deadline: Date.now() + 600_000, minIntervalMs: 10_000, maxIntervalMs: 30_000, clock: systemClock, random: () => 0.5, signal: controller.signal }
    )
    await vi.advanceTimersByTimeAsync(25_000)
    const before = polls
    expect(before).toBeGreaterThanOrEqual(2)
    controller.abort()
    await expect(ending).resolves.toEqual({ kind: 'cancelled' })
    expect(polls).toBe(before)
  })

  it('follows the schedule in real time', async () => {
    vi.useFakeTimers()
    const times: number[] = []
    const start = Date.now()
    const ending = pollUntilSettled<string>(
      async (n) => {
        times.push(Date.now() - start)
        return n < 3 ? { kind: 'pending' } : { kind: 'settled', value: 'x' }
      },
      { deadline: start + 60_000, minIntervalMs: 1000, maxIntervalMs: 1000, clock: systemClock, random: () => 0.5, signal: never }
    )
    await vi.advanceTimersByTimeAsync(5000)
    await expect(ending).resolves.toEqual({ kind: 'settled', value: 'x' })
    expect(times).toEqual([0, 1000, 2000])
  })
})

describe('requestBudget', () => {
  const deadline = 100_000
  it.each([
    ['long before the deadline: request-timeout', 10_000, 30_000, 30_000],
    ['close to the deadline: the time left', 80_000, 30_000, 20_000],
    ['at the deadline: the final allowance', 100_000, 30_000, FINAL_POLL_ALLOWANCE_MS],
    ['a little after it: what is left of the allowance', 103_000, 30_000, 2000],
    ['after the allowance: nothing', 105_000, 30_000, 0],
    ['a short request-timeout caps the allowance', 100_000, 1000, 1000]
  ])('%s', (_name, now, requestTimeoutMs, expected) => {
    expect(requestBudget(now, deadline, requestTimeoutMs)).toBe(expected)
  })

  it.each([
    [10_000, 30_000, 'request-timeout'],
    [80_000, 30_000, 'the time left before the timeout'],
    [100_000, 30_000, "the final poll's allowance of 5s past the timeout"],
    [103_000, 30_000, "the final poll's allowance of 5s past the timeout"],
    [100_000, 1000, 'request-timeout']
  ])('at %i with request-timeout %i, the budget is named as %s', (now, requestTimeoutMs, limit) => {
    expect(requestAllowance(now, deadline, requestTimeoutMs)).toEqual({ timeoutMs: requestBudget(now, deadline, requestTimeoutMs), limit })
  })
})

describe('nothing at base-url (UNREACHABLE_RULE)', () => {
  const refused: Attempt<never> = {
    kind: 'transient',
    reason: 'nothing answered at base-url https://x (nothing listens there: ECONNREFUSED); check base-url',
    unreachable: 'refused'
  }
  const unresolved: Attempt<never> = {
    kind: 'transient',
    reason: 'nothing answered at base-url https://x (its name x does not resolve: ENOTFOUND); check base-url',
    unreachable: 'unresolved'
  }

  it('a name that does not resolve ends with an error on the third try in a row, long before the timeout', async () => {
    const clock = virtualClock()
    const start = clock.now()
    let tries = 0
    const end = await pollUntilSettled(
      async () => {
        tries++
        return unresolved
      },
      options(clock, { deadline: start + 15 * 60_000 })
    )
    expect(tries).toBe(UNREACHABLE_RULE.tries)
    expect(end).toMatchObject({ kind: 'error' })
    expect(end.kind === 'error' && end.reason).toMatch(
      /^nothing answered at base-url https:\/\/x \(its name x does not resolve: ENOTFOUND\) on 3 tries in a row over \S+; check base-url$/
    )
    expect(clock.now() - start).toBeLessThan(60_000)
  })

  it('a refused connection ends with an error once it was refused on every try for refusedForMs, not before', async () => {
    const clock = virtualClock()
    const start = clock.now()
    const times: number[] = []
    const end = await pollUntilSettled(
      async () => {
        times.push(clock.now() - start)
        return refused
      },
      options(clock, { deadline: start + 15 * 60_000, minIntervalMs: 1000, maxIntervalMs: 2000 })
    )
    expect(end).toMatchObject({ kind: 'error' })
    const last = times.at(-1) as number
    expect(last).toBeGreaterThanOrEqual(UNREACHABLE_RULE.refusedForMs)
    // It stopped at the first try that met the rule.
    expect(times.at(-2) as number).toBeLessThan(UNREACHABLE_RULE.refusedForMs)
    expect(times.length).toBeGreaterThanOrEqual(UNREACHABLE_RULE.tries)
  })

  it('any answer between refusals starts the count again: a blip is retried until the timeout', async () => {
    const clock = virtualClock()
    const start = clock.now()
    let n = 0
    const end = await pollUntilSettled(
      async () => (++n % 3 === 0 ? { kind: 'transient', reason: 'HTTP 503' } : refused),
      options(clock, { deadline: start + 60_000, minIntervalMs: 5000, maxIntervalMs: 5000 })
    )
    expect(end).toMatchObject({ kind: 'timeout' })
  })
})

describe('the rule as the docs state it', () => {
  it('README and troubleshooting name the tries and the time of UNREACHABLE_RULE', async () => {
    const { readFileSync } = await import('node:fs')
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ')
    const troubleshooting = readFileSync(new URL('../docs/troubleshooting.md', import.meta.url), 'utf8').replace(/\s+/g, ' ')
    for (const text of [readme, troubleshooting]) {
      expect(text).toContain(`on ${UNREACHABLE_RULE.tries} tries in a row`)
      expect(text).toContain(`at least ${UNREACHABLE_RULE.refusedForMs / 1000} s`)
    }
  })
})
