import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classifyResponse } from '../src/api/classify.js'
import { parseRetryAfter } from '../src/api/retry-after.js'
import { pollUntilSettled } from '../src/engine/poll.js'
import { createSchedule } from '../src/engine/schedule.js'
import { jobTarget } from '../src/engine/targets/job.js'
import { TERMINAL_STATES } from '../src/engine/targets/states.js'
import { updateTarget } from '../src/engine/targets/update.js'
import { searchResponseSchema } from '../src/engine/search.js'
import { escapeText } from '../src/report/markdown.js'
import { inert } from '../src/report/log.js'
import { virtualClock } from './helpers/clock.js'
import type { Attempt } from '../src/model.js'

const KINDS = ['ok', 'transient', 'not-found', 'fatal']
const anyBody = fc.oneof(
  fc.string(),
  fc.json(),
  fc.jsonValue().map((v) => JSON.stringify(v))
)

describe('properties', () => {
  it('any status code and body classify to a defined kind, never a throw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), anyBody, fc.option(fc.string()), fc.option(fc.string()), (status, bodyText, retryAfter, contentType) => {
        const result = classifyResponse({ status, bodyText, retryAfter, contentType, keyInput: 'admin-key', now: 0 })
        expect(KINDS).toContain(result.kind)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach a message
        if (result.kind !== 'ok') expect(result.reason).not.toMatch(/[\r\n\u0000-\u001f]/)
        if (result.kind === 'ok') expect(status).toBeGreaterThanOrEqual(200)
        if (status >= 200 && status < 300) expect(['ok', 'transient']).toContain(result.kind)
      }),
      { numRuns: 2000 }
    )
  })

  it('Retry-After is never negative', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 2 ** 42 }), (value, now) => {
        const ms = parseRetryAfter(value, now)
        if (ms !== undefined) expect(ms).toBeGreaterThanOrEqual(0)
      })
    )
  })

  it('any JSON value is read or refused by the record schemas, and only a listed status can succeed', () => {
    const successes = new Set<string>([...TERMINAL_STATES.update.success, ...TERMINAL_STATES.job.success, ...TERMINAL_STATES.job.archived])
    const status = fc.oneof(fc.constantFrom('queued', 'in_progress', 'success', 'failure', 'active', 'completed', 'archived', 'failed'), fc.string())
    const record = fc.record(
      { status, endedAt: fc.option(fc.string()), prLink: fc.option(fc.webUrl()), logs: fc.anything(), commit: fc.anything() },
      { requiredKeys: [] }
    )
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), record, fc.anything()), fc.boolean(), fc.boolean(), (value, acceptArchived, requirePr) => {
        for (const target of [updateTarget, jobTarget] as const) {
          const parsed = target.schema.safeParse(value)
          if (!parsed.success) continue
          const judgement = target.judge(parsed.data as never, { acceptArchived, requirePr })
          if (judgement.state === 'settled' && judgement.result === 'success') expect(successes.has(parsed.data.status)).toBe(true)
        }
        searchResponseSchema.safeParse(value)
      }),
      { numRuns: 2000 }
    )
  })

  it('every delay of the schedule lies within its bounds, for any parameters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600_000 }),
        fc.integer({ min: 0, max: 3_600_000 }),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 80 }),
        (min, extra, randoms) => {
          const max = min + extra
          let i = 0
          const schedule = createSchedule({ minMs: min, maxMs: max, random: () => randoms[i++ % randoms.length] as number })
          for (let n = 0; n < 80; n++) {
            const delay = schedule.next()
            expect(delay).toBeGreaterThanOrEqual(min)
            expect(delay).toBeLessThanOrEqual(max)
          }
        }
      )
    )
  })

  it('the poll loop never polls after the deadline and always ends with a defined outcome', async () => {
    const attempt = fc.oneof(
      fc.constant<Attempt<string>>({ kind: 'pending' }),
      fc.integer({ min: 0, max: 10_000_000 }).map<Attempt<string>>((retryAfterMs) => ({ kind: 'transient', reason: 'x', retryAfterMs })),
      fc.constant<Attempt<string>>({ kind: 'not-found', reason: '404' }),
      fc.constant<Attempt<string>>({ kind: 'settled', value: 'done' }),
      fc.constant<Attempt<string>>({ kind: 'fatal', reason: 'no' })
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(attempt, { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 1, max: 120_000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 60_000 }),
        async (answers, timeout, min, extra) => {
          const clock = virtualClock()
          const deadline = clock.now() + timeout
          const times: number[] = []
          const end = await pollUntilSettled(
            async (n) => {
              times.push(clock.now())
              return answers[Math.min(n - 1, answers.length - 1)] as Attempt<string>
            },
            { deadline, minIntervalMs: min, maxIntervalMs: min + extra, clock, random: Math.random, signal: new AbortController().signal }
          )
          expect(['settled', 'timeout', 'error']).toContain(end.kind)
          expect(times.every((t) => t <= deadline)).toBe(true)
          if (end.kind === 'timeout') expect(times.at(-1)).toBe(deadline)
        }
      ),
      { numRuns: 300 }
    )
  })

  it('escaped server text never carries markup, links or mentions', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), (text) => {
        const md = escapeText(text)
        expect(md).not.toMatch(/<|>|(?<!\\)[[\]`*_~!|]|@(?!\u200b)|:\/\//)
        expect(inert(text)).not.toMatch(/[\r\n]|##\[/)
      }),
      { numRuns: 3000 }
    )
  })
})
