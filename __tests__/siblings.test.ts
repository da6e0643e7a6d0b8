import { describe, expect, it } from 'vitest'
import { type ListedStatus, OtherJobsUnread, statusStands, writeBesideSiblings } from '../src/records/siblings.js'

// The one rule for statuses runs share, as both platforms' commit status ports use it.
const failed = (id: number, run = 'run-1'): ListedStatus => ({ id, state: 'failure', context: 'docs', description: 'leg a', targetUrl: run, run })

function world(listings: (readonly ListedStatus[] | Error)[]) {
  const sent: string[] = []
  const own = new Set<number>()
  const io = {
    list: async () => {
      const next = listings.shift() ?? []
      if (next instanceof Error) throw next
      return next
    },
    mine: { context: 'docs', run: 'run-1', own },
    send: async (body: string) => {
      sent.push(body)
    },
    keep: (status: ListedStatus) => `kept ${status.id}`
  }
  return { io, sent }
}

describe('writeBesideSiblings', () => {
  it('a success over another job’s failure of the same run writes that failure instead, and reads no more', async () => {
    const { io, sent } = world([[failed(7)]])
    await writeBesideSiblings('success', true, io)
    expect(sent).toEqual(['kept 7'])
  })

  it('a failure written by another job between the two reads is written again after the success', async () => {
    const { io, sent } = world([[], [failed(9)]])
    await writeBesideSiblings('success', true, io)
    expect(sent).toEqual(['success', 'kept 9'])
  })

  it('another job’s canceled (GitLab) is kept as a failure is', async () => {
    const { io, sent } = world([[{ ...failed(8), state: 'canceled' }]])
    await writeBesideSiblings('success', true, io)
    expect(sent).toEqual(['kept 8'])
  })

  it('a failure of another run (a later attempt, another pipeline) is not this job’s to keep', async () => {
    const { io, sent } = world([[failed(7, 'run-0')], []])
    await writeBesideSiblings('success', true, io)
    expect(sent).toEqual(['success'])
  })

  it('unread before the write: nothing is written, and the error says so', async () => {
    const { io, sent } = world([new Error('HTTP 503')])
    const error = await writeBesideSiblings('success', true, io).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OtherJobsUnread)
    expect((error as OtherJobsUnread).written).toBe(false)
    expect(sent).toEqual([])
  })

  it('unread after the write: the success stands unconfirmed, and the error says it was written', async () => {
    const { io, sent } = world([[], new Error('HTTP 503')])
    const error = await writeBesideSiblings('success', true, io).catch((e: unknown) => e)
    expect((error as OtherJobsUnread).written).toBe(true)
    expect(sent).toEqual(['success'])
  })

  it('anything but a success is written without reading', async () => {
    const { io, sent } = world([new Error('never read')])
    await writeBesideSiblings('failure', false, io)
    expect(sent).toEqual(['failure'])
  })
})

describe('statusStands: what stands on a shared status after a write whose answer was lost', () => {
  const mine = { context: 'docs', run: 'run-1', own: new Set([2, 4]) }
  const written = { inProgress: 'pending', inProgressUrl: 'run-1', last: { state: 'success', description: 'Deployed' } }
  const status = (id: number, state: string, over: Partial<ListedStatus> = {}): ListedStatus => ({
    id,
    state,
    context: 'docs',
    description: undefined,
    targetUrl: 'run-1',
    run: 'run-1',
    ...over
  })
  it('an "in progress" on top is stale, for either lost write', () => {
    expect(statusStands([status(5, 'pending'), status(4, 'success')], mine, 'open', written)).toBe('stale')
    expect(statusStands([status(5, 'pending'), status(4, 'success')], mine, 'close', written)).toBe('stale')
  })
  it('a success on top of another job’s failure of this run is stale', () => {
    expect(statusStands([status(6, 'success'), failed(5), status(4, 'success')], mine, 'close', written)).toBe('stale')
  })
  it('a lost "in progress" listed under the outcome is accounted for; not listed, it may still land', () => {
    expect(statusStands([status(4, 'success'), status(1, 'pending')], mine, 'open', written)).toBe('outcome')
    expect(statusStands([status(4, 'success'), status(2, 'pending')], mine, 'open', written)).toBe('unseen')
    // Another leg's pending of the same run links the run with its own mark: not this job's.
    expect(statusStands([status(4, 'success'), status(1, 'pending', { targetUrl: 'run-1#wait-for-docs-other' })], mine, 'open', written)).toBe('unseen')
    // With no link of its own (no job or run address), another step's "in progress" cannot be told from this one's.
    const unlinked = { ...written, inProgressUrl: undefined }
    expect(statusStands([status(4, 'success'), status(1, 'pending', { targetUrl: undefined })], mine, 'open', unlinked)).toBe('unseen')
  })
  it('a lost success is accounted for when listed; a lost failure can only land as the same outcome', () => {
    expect(statusStands([status(4, 'success', { description: 'Deployed' }), status(3, 'success', { description: 'Deployed' })], mine, 'close', written)).toBe(
      'outcome'
    )
    expect(statusStands([status(4, 'success', { description: 'Deployed' })], mine, 'close', written)).toBe('unseen')
    expect(statusStands([status(4, 'failure')], mine, 'close', { ...written, last: { state: 'failure', description: 'Failed' } })).toBe('outcome')
  })
})
