// The table of a record's story (records/record-story.ts), row by row: a state, an event → the
// next state and what it says. Pure: no port, no timer, no log.
import { describe, expect, it } from 'vitest'
import { firstState, type LostTries, next, type OpenStory, openedOf, type RecordEvent, type RecordState } from '../src/records/record-story.js'
import type { WarningCode } from '../src/warnings.js'

/** A state of the story: the first one, with `change`; frozen, so that a transition that changed it in place would throw. */
const given = (change: Partial<RecordState<string>> = {}): RecordState<string> => {
  const state = { ...firstState<string>(), ...change }
  for (const part of Object.values(state)) if (typeof part === 'object' && part !== null) Object.freeze(part)
  return Object.freeze(state)
}
const work = Promise.resolve()
const later = Promise.resolve()
const lostOnce: LostTries = { count: 1, lastSentAt: 1000, why: 'a 502' }
/** The open sent, at `at`. */
const opening = (at: Exclude<OpenStory['at'], 'never'>, lost: LostTries | undefined = undefined): OpenStory => ({ at, done: work, lost })
const sending = (lost: LostTries | undefined = undefined) => opening('sending', lost)
const closing = (
  change: { found?: 'nothing' | 'at-once' | 'landed' | 'anew'; lost?: { at: number; why: string }; onTheWay?: { why: string; code: WarningCode } } = {}
) => ({ at: 'closing', done: work, found: 'nothing', lost: undefined, onTheWay: undefined, ...change }) as const
const gathering = (lines: { line: string; codes: ('comment.not-written' | 'comment.may-not-hold')[] }[] = [], failures: string[] = []) =>
  ({ at: 'gathering', lines, failures }) as const
const tell = (state: RecordState<string>, event: RecordEvent<string>) => next(state, event)

describe("the open's rows", () => {
  it('open-sent: never → sending, nothing lost yet; sent once, a second open() changes nothing', () => {
    const sent = tell(given(), { type: 'open-sent' })
    expect(sent.state.open).toEqual({ at: 'sending', done: expect.any(Promise), lost: undefined })
    expect(sent.say).toEqual([])
    for (const open of [sending(lostOnce), opening('written', lostOnce)]) expect(tell(given({ open }), { type: 'open-sent' }).state.open).toBe(open)
  })

  it('open-running: the work of an open still sending is kept to be waited on; one that already settled (refused at once) keeps its state', () => {
    expect(tell(given({ open: sending() }), { type: 'open-running', done: later }).state.open).toEqual({ at: 'sending', done: later, lost: undefined })
    const refused = opening('refused')
    expect(tell(given({ open: refused }), { type: 'open-running', done: later }).state.open).toBe(refused)
  })

  it('open-answered: sending → written, where it went known, its lost tries kept', () => {
    const { state } = tell(given({ open: sending(lostOnce) }), { type: 'open-answered', where: 'comment 1' })
    expect(state.open).toEqual({ at: 'written', done: work, lost: lostOnce })
    expect(state.where).toBe('comment 1')
  })

  it.each([
    ['open-skipped', 'skipped'],
    ['open-given-up', 'lost']
  ] as const)('%s: sending → %s, its lost tries kept', (type, at) => {
    expect(tell(given({ open: sending(lostOnce) }), { type }).state.open).toEqual({ at, done: work, lost: lostOnce })
  })

  it('open-refused: sending → refused; after a try whose answer was lost, → lost (that try may land yet)', () => {
    expect(tell(given({ open: sending() }), { type: 'open-refused' }).state.open.at).toBe('refused')
    expect(tell(given({ open: sending(lostOnce) }), { type: 'open-refused' }).state.open).toEqual({ at: 'lost', done: work, lost: lostOnce })
  })

  it('open-unsent: sending → unsent (it never reached the server: nothing of it exists); after a try whose answer was lost, → lost', () => {
    expect(tell(given({ open: sending() }), { type: 'open-unsent' }).state.open.at).toBe('unsent')
    expect(tell(given({ open: sending(lostOnce) }), { type: 'open-unsent' }).state.open).toEqual({ at: 'lost', done: work, lost: lostOnce })
  })

  it('open-try-lost: each try counted, the last one sent and its reason kept, in whichever state the open is', () => {
    const once = tell(given({ open: sending() }), { type: 'open-try-lost', sentAt: 1000, why: 'a 502' }).state
    expect(once.open).toEqual({ at: 'sending', done: work, lost: { count: 1, lastSentAt: 1000, why: 'a 502' } })
    const twice = tell(once, { type: 'open-try-lost', sentAt: 1500, why: 'a reset' }).state
    expect(twice.open).toEqual({ at: 'sending', done: work, lost: { count: 2, lastSentAt: 1500, why: 'a reset' } })
    expect(tell(given({ open: opening('lost', lostOnce) }), { type: 'open-try-lost', sentAt: 2000, why: 'a 504' }).state.open).toEqual({
      at: 'lost',
      done: work,
      lost: { count: 2, lastSentAt: 2000, why: 'a 504' }
    })
  })

  it('open-ended: an open still sending when its work ends is lost (the close finds it again); one that said how stays as it said', () => {
    expect(tell(given({ open: sending() }), { type: 'open-ended' }).state.open).toEqual({ at: 'lost', done: work, lost: undefined })
    for (const at of ['written', 'skipped', 'lost', 'refused'] as const) {
      const open = opening(at)
      expect(tell(given({ open }), { type: 'open-ended' }).state.open).toBe(open)
    }
  })

  // As the lifecycle did before its table: the open's transitions are no-ops before it is sent.
  it.each([
    { type: 'open-running', done: later },
    { type: 'open-answered', where: 'comment 1' },
    { type: 'open-skipped' },
    { type: 'open-try-lost', sentAt: 1000, why: 'a 502' },
    { type: 'open-given-up' },
    { type: 'open-refused' },
    { type: 'open-unsent' },
    { type: 'open-ended' }
  ] as const)('$type before the open was sent leaves it never sent', (event) => {
    expect(tell(given(), event).state.open).toEqual({ at: 'never' })
  })

  it("what the close is told of the open: 'lost' while it is sending (find it again), else its state", () => {
    expect(openedOf({ at: 'never' })).toBe('never')
    expect(openedOf(sending())).toBe('lost')
    for (const at of ['written', 'skipped', 'lost', 'refused'] as const) expect(openedOf(opening(at))).toBe(at)
    // Never sent, as refused: nothing to find again.
    expect(openedOf(opening('unsent'))).toBe('refused')
  })
})

describe('where the record is', () => {
  it('where-known: the port found or made it; nothing else changes', () => {
    const before = given({ open: sending(), close: closing() })
    expect(tell(before, { type: 'where-known', where: 'deployment 7' }).state).toEqual({ ...before, where: 'deployment 7' })
  })

  it('record-gone: deleted during the run, the outcome is written anew (nowhere known, found anew)', () => {
    const { state } = tell(given({ where: 'comment 1', close: closing() }), { type: 'record-gone' })
    expect(state.where).toBeUndefined()
    expect(state.close).toEqual(closing({ found: 'anew' }))
  })

  it('rate-limited: no write before the latest pause asked for; an earlier one does not shorten it', () => {
    const limited = tell(given(), { type: 'rate-limited', until: 5000 }).state
    expect(limited.notBefore).toBe(5000)
    expect(tell(limited, { type: 'rate-limited', until: 3000 }).state.notBefore).toBe(5000)
    expect(tell(limited, { type: 'rate-limited', until: 0 }).state.notBefore).toBe(5000)
  })
})

describe("the close's rows", () => {
  it("close-began: not begun → closing, nothing found; the close's warnings are gathered", () => {
    const { state, say } = tell(given({ open: sending() }), { type: 'close-began' })
    expect(state.close).toEqual({ at: 'closing', done: expect.any(Promise), found: 'nothing', lost: undefined, onTheWay: undefined })
    expect(state.voice).toEqual({ at: 'gathering', lines: [], failures: [] })
    expect(state.open).toEqual(sending())
    expect(say).toEqual([])
  })

  it('close-began after the record said its one warning: what it says later stays a line of the log', () => {
    expect(tell(given({ voice: { at: 'warned' } }), { type: 'close-began' }).state.voice).toEqual({ at: 'warned' })
  })

  it('close-began a second time changes nothing (the close is written once)', () => {
    const before = given({ close: closing({ found: 'at-once' }), voice: gathering([{ line: 'A failed.', codes: ['comment.not-written'] }]) })
    expect(tell(before, { type: 'close-began' }).state).toEqual(before)
  })

  it('close-running: the work of the close is kept to be waited on', () => {
    expect(tell(given({ close: closing() }), { type: 'close-running', done: later }).state.close).toEqual({ ...closing(), done: later })
  })

  it('found-at-once: a lost creation found at once, the outcome written there', () => {
    const { state } = tell(given({ close: closing() }), { type: 'found-at-once', where: 'comment 1' })
    expect(state.close).toEqual(closing({ found: 'at-once' }))
    expect(state.where).toBe('comment 1')
  })

  it.each([
    ['an unanswered creation found and updated: it has landed', 'unanswered', 'updated', 'landed'],
    ['an unanswered creation not found (made anew): nothing found', 'unanswered', 'created', 'nothing'],
    ['a written open updated: nothing found', 'written', 'updated', 'nothing'],
    ['a lost open updated: nothing found', 'lost', 'updated', 'nothing']
  ] as const)('close-written, %s', (_row, told, done, found) => {
    const { state } = tell(given({ close: closing() }), { type: 'close-written', where: 'note 3', told, done })
    expect(state.close).toEqual(closing({ found }))
    expect(state.where).toBe('note 3')
  })

  it('close-written: what an earlier try of the close said of its write ("could not be written") is taken back, its other warnings kept', () => {
    const before = given({
      close: closing(),
      voice: gathering(
        [
          { line: 'Not written: a 502.', codes: ['comment.not-written'] },
          { line: 'May not hold.', codes: ['comment.may-not-hold'] }
        ],
        ['Not written: a 502.']
      )
    })
    const { state, say } = tell(before, { type: 'close-written', where: 'comment 1', told: 'written', done: 'updated' })
    expect(state.voice).toEqual(gathering([{ line: 'May not hold.', codes: ['comment.may-not-hold'] }]))
    expect(say).toEqual([])
  })

  it('close-write-lost: the first write of the outcome whose answer was lost is kept; a later one does not replace it', () => {
    const first = tell(given({ close: closing() }), { type: 'close-write-lost', sentAt: 1000, why: 'a 502' }).state
    expect(first.close).toEqual(closing({ lost: { at: 1000, why: 'a 502' } }))
    expect(tell(first, { type: 'close-write-lost', sentAt: 2000, why: 'a reset' }).state.close).toEqual(first.close)
  })

  it('close-try-failed: why the last try of the outcome failed on the way is kept, the latest one; a try that lands clears it', () => {
    const first = tell(given({ close: closing() }), { type: 'close-try-failed', why: 'HTTP 503', code: 'commit-status.others-unread' }).state
    expect(first.close).toEqual(closing({ onTheWay: { why: 'HTTP 503', code: 'commit-status.others-unread' } }))
    const second = tell(first, { type: 'close-try-failed', why: 'a reset', code: 'commit-status.not-written' }).state
    expect(second.close).toEqual(closing({ onTheWay: { why: 'a reset', code: 'commit-status.not-written' } }))
    expect(tell(second, { type: 'close-written', where: 'comment 1', told: 'written', done: 'updated' }).state.close).toEqual(closing())
    // Nor is it the cause of the tries of another write of the outcome (one again over what a lost write left).
    expect(tell(second, { type: 'close-tries-began' }).state.close).toEqual(closing())
  })

  // As the lifecycle did before its table: what the close finds is kept only once it began.
  it.each([
    { type: 'close-running', done: later },
    { type: 'found-at-once', where: 'comment 1' },
    { type: 'close-written', where: 'comment 1', told: 'unanswered', done: 'updated' },
    { type: 'close-write-lost', sentAt: 1000, why: 'a 502' },
    { type: 'close-try-failed', why: 'HTTP 503', code: 'comment.not-written' },
    { type: 'close-tries-began' },
    { type: 'record-gone' }
  ] as const)('$type before the close began leaves it not begun', (event) => {
    expect(tell(given(), event).state.close).toEqual({ at: 'not-begun' })
  })
})

describe('what the record says (warnings as data: words and codes)', () => {
  it('warned before the close: said at once, its codes once each; the record has said its one warning', () => {
    const { state, say } = tell(given(), { type: 'warned', line: 'Not opened.', codes: ['deployment.not-written', 'deployment.not-written'] })
    expect(say).toEqual([{ level: 'warning', line: 'Not opened.', codes: ['deployment.not-written'] }])
    expect(state.voice).toEqual({ at: 'warned' })
  })

  it('warned while the close runs: gathered, nothing said yet', () => {
    const { state, say } = tell(given({ voice: gathering() }), { type: 'warned', line: 'May not hold.', codes: ['comment.may-not-hold'] })
    expect(say).toEqual([])
    expect(state.voice).toEqual(gathering([{ line: 'May not hold.', codes: ['comment.may-not-hold'] }]))
  })

  it('warned after the one warning: a line of the log', () => {
    const { state, say } = tell(given({ voice: { at: 'warned' } }), { type: 'warned', line: 'Also this.', codes: ['comment.may-not-hold'] })
    expect(say).toEqual([{ level: 'info', line: 'Also this.' }])
    expect(state.voice).toEqual({ at: 'warned' })
  })

  it('write-failed while the close runs: gathered, and marked to be taken back if a later write lands', () => {
    const { state, say } = tell(given({ voice: gathering() }), { type: 'write-failed', line: 'Not written: a 502.', codes: ['comment.not-written'] })
    expect(say).toEqual([])
    expect(state.voice).toEqual(gathering([{ line: 'Not written: a 502.', codes: ['comment.not-written'] }], ['Not written: a 502.']))
  })

  it('write-failed outside the close: said as the warning it is', () => {
    expect(tell(given(), { type: 'write-failed', line: 'Not written.', codes: ['note.out-of-time'] }).say).toEqual([
      { level: 'warning', line: 'Not written.', codes: ['note.out-of-time'] }
    ])
  })

  it('close-ended: the gathered warnings said as one, every code once; the record has said its one warning', () => {
    const before = given({
      close: closing(),
      voice: gathering([
        { line: 'A failed: x. The result does not depend on it.', codes: ['comment.not-written'] },
        { line: 'B may land. The result does not depend on it.', codes: ['comment.may-not-hold', 'comment.not-written'] }
      ])
    })
    const { state, say } = tell(before, { type: 'close-ended' })
    expect(say).toEqual([
      {
        level: 'warning',
        line: 'A failed: x. Also: B may land. The result does not depend on it.',
        codes: ['comment.not-written', 'comment.may-not-hold']
      }
    ])
    expect(state.voice).toEqual({ at: 'warned' })
  })

  it('close-ended with nothing gathered: quiet, nothing said', () => {
    const { state, say } = tell(given({ voice: gathering() }), { type: 'close-ended' })
    expect(say).toEqual([])
    expect(state.voice).toEqual({ at: 'quiet' })
  })

  it('close-ended after the one warning was said (before the close): nothing more', () => {
    const { state, say } = tell(given({ voice: { at: 'warned' } }), { type: 'close-ended' })
    expect(say).toEqual([])
    expect(state.voice).toEqual({ at: 'warned' })
  })
})
