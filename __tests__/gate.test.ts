import { describe, expect, it } from 'vitest'
import {
  decide,
  type Answered,
  type ListedStatus,
  OtherJobsUnread,
  type OwnState,
  shownOwn,
  standsRight,
  statusStands,
  tagged,
  landingsOf,
  tagOf,
  untagged,
  type Writer,
  writeByTheRule,
  writer
} from '../src/records/gate.js'

// The one rule for the runs that share a commit status (docs/usage/required-check.md, "Runs
// that share a commit"), row by row, as both platforms' commit status ports use it.
const RUN = 'https://github.com/acme/docs/actions/runs/42'
const leg = (name: string, attempt = 1): Writer =>
  writer('42', ['docs.yml', 'docs', name, '__acme_wait-for-docs'], `docs (${name})`, attempt > 1 ? `${RUN}/attempts/${attempt}` : RUN, attempt)
const me = leg('a')
const b = leg('b')
const c = leg('c')
const githubState = (own: OwnState) => (own === 'cancelled' ? 'error' : own)
const gitlabState = (own: OwnState) => (own === 'pending' ? 'running' : own === 'cancelled' ? 'canceled' : own === 'success' ? 'success' : 'failed')

let nextId = 1
/** A status `who` wrote with its own state `own` (shown as `state`, its own by default). */
const wrote = (who: Writer, own: OwnState, state: string = githubState(own), description = `${who.label} ${own}`): ListedStatus => ({
  id: nextId++,
  state,
  context: 'docs',
  description,
  targetUrl: tagged(RUN, who, own),
  run: undefined
})
/** Newest first, as the ports list them. */
const listing = (...written: ListedStatus[]) => [...written].reverse()
/** The statuses of answered writes, as the record keeps them: by id, with the own state of their tag. */
const answered = (...written: ListedStatus[]) => new Map(written.map((status) => [status.id, { state: status.state, own: tagOf(status.targetUrl)?.own }]))

describe('the tag', () => {
  it('is read back whole from the link, which still goes where it went', () => {
    const link = tagged('https://preview.example.com/docs#install', me, 'success')
    expect(link?.startsWith('https://preview.example.com/docs#wait-for-docs&')).toBe(true)
    expect(untagged(link)).toBe('https://preview.example.com/docs')
    expect(tagOf(link)).toEqual({ run: '42', key: me.key, own: 'success', mark: me.mark, attempt: 1, label: 'docs (a)' })
  })
  it('a link too long for the platform drops the label, then the link', () => {
    const long = `https://preview.example.com/${'x'.repeat(160)}`
    const bare = tagged(long, me, 'success', 255)
    expect(bare && bare.length <= 255).toBe(true)
    expect(tagOf(bare)?.label).toBeUndefined()
    expect(tagged(`https://preview.example.com/${'x'.repeat(300)}`, me, 'success', 255)).toBeUndefined()
  })
  it('a fragment that only looks like one is no tag', () => {
    expect(tagOf(`${RUN}#wait-for-docs-1a2b3c4d`)).toBeUndefined()
    expect(tagOf(`${RUN}#wait-for-docs&run=42&w=zz&own=success&m=1a2b3c4d`)).toBeUndefined()
    expect(tagOf(`${RUN}#wait-for-docs&run=42&w=${me.key}&own=green&m=${me.mark}`)).toBeUndefined()
  })
  it('one writer is the same key in every run of it (a re-run); another leg or step is another', () => {
    expect(leg('a', 2).key).toBe(me.key)
    expect(leg('a', 2).mark).not.toBe(me.mark)
    expect(b.key).not.toBe(me.key)
    expect(writer('42', ['docs.yml', 'docs', 'a', '__acme_wait-for-docs_2'], 'docs (a)', RUN).key).not.toBe(me.key)
  })
})

describe('the table: what the check shows, from every writer’s latest own state', () => {
  it('row 1: every writer success: success, this writer’s own', () => {
    const d = decide(listing(wrote(me, 'pending'), wrote(b, 'pending'), wrote(b, 'success')), 'docs', me, 'success')
    expect(d).toEqual({ kind: 'own', own: 'success' })
  })
  it('row 2: another writer still waiting: pending (held), naming it; never success', () => {
    const d = decide(listing(wrote(me, 'pending'), wrote(b, 'pending'), wrote(c, 'pending'), wrote(c, 'success')), 'docs', me, 'success')
    expect(d.kind).toBe('hold')
    expect(shownOwn(d)).toBe('pending')
    expect(d.kind === 'hold' && d.waitingOn.map((w) => w.label)).toEqual(['docs (b)'])
  })
  it('row 3: another writer failed: failure, in its words, over this one’s success', () => {
    const d = decide(listing(wrote(b, 'failure')), 'docs', me, 'success')
    expect(d.kind === 'keep' && d.by.label).toBe('docs (b)')
    expect(shownOwn(d)).toBe('failure')
  })
  it('row 4: a failure outranks a timeout, and both outrank a cancel: a fail-fast matrix’s check names the leg that failed', () => {
    const listed = listing(wrote(b, 'failure'), wrote(c, 'error'))
    expect(shownOwn(decide(listed, 'docs', me, 'cancelled'))).toBe('failure')
    expect(shownOwn(decide(listing(wrote(c, 'error')), 'docs', me, 'cancelled'))).toBe('error')
    expect(decide(listing(wrote(c, 'cancelled')), 'docs', me, 'error')).toEqual({ kind: 'own', own: 'error' })
    expect(decide(listed, 'docs', me, 'failure')).toEqual({ kind: 'own', own: 'failure' })
  })
  it('row 5: a failure stands until that same writer writes again: a re-run of another leg never clears it', () => {
    // Attempt 1: b failed, a passed. Attempt 2 re-runs only a (a new mark, the same key): b’s failure stands.
    const listed = listing(wrote(me, 'success'), wrote(b, 'failure'))
    expect(shownOwn(decide(listed, 'docs', leg('a', 2), 'success'))).toBe('failure')
    // Attempt 2 re-runs b, which passes now: its own latest state is success.
    const rerun = leg('b', 2)
    expect(decide([...listing(wrote(rerun, 'success')), ...listed], 'docs', me, 'success')).toEqual({ kind: 'own', own: 'success' })
  })
  it('row 6: a writer’s own earlier failure is its own, not another’s: a retried job turns green', () => {
    const listed = listing(wrote(me, 'pending'), wrote(me, 'failure'))
    expect(decide(listed, 'docs', leg('a', 2), 'success')).toEqual({ kind: 'own', own: 'success' })
  })
  it('row 7: another run (another workflow, another pipeline) is not held to this one', () => {
    const other = writer('77', ['other.yml', 'docs', 'a', 'x'], 'other', undefined)
    expect(decide(listing(wrote(other, 'failure'), wrote(other, 'pending')), 'docs', me, 'success')).toEqual({ kind: 'own', own: 'success' })
  })
  it('row 8: an untagged failure of this run attempt (an earlier version’s) stands; of another attempt, or not a failure, it does not count', () => {
    const untaggedStatus = (state: string, run: string): ListedStatus => ({
      id: nextId++,
      state,
      context: 'docs',
      description: 'Another leg failed',
      targetUrl: run,
      run
    })
    expect(shownOwn(decide([untaggedStatus('failure', RUN)], 'docs', me, 'success'))).toBe('failure')
    expect(shownOwn(decide([untaggedStatus('canceled', RUN)], 'docs', me, 'success'))).toBe('cancelled')
    expect(decide([untaggedStatus('failure', `${RUN}/attempts/2`)], 'docs', me, 'success').kind).toBe('own')
    expect(decide([untaggedStatus('pending', RUN)], 'docs', me, 'success').kind).toBe('own')
  })
  it('row 9: two writers the runner names alike in one attempt (two callers of one reusable workflow) are two: one’s success never replaces the other’s failure', () => {
    const twin = leg('a')
    expect(twin.key).toBe(me.key)
    expect(shownOwn(decide(listing(wrote(twin, 'failure')), 'docs', me, 'success'))).toBe('failure')
    // A later attempt of that identity replaces both.
    expect(decide(listing(wrote(twin, 'failure')), 'docs', leg('a', 2), 'success')).toEqual({ kind: 'own', own: 'success' })
  })
  it('statuses of another context are not read', () => {
    expect(decide([{ ...wrote(b, 'failure'), context: 'lint' }], 'docs', me, 'success').kind).toBe('own')
  })
})

describe('writeByTheRule', () => {
  function world(listings: (readonly ListedStatus[] | Error)[]) {
    const sent: string[] = []
    const io = {
      list: async () => {
        const next = listings.shift() ?? []
        if (next instanceof Error) throw next
        return next
      },
      context: 'docs',
      me,
      stateOf: githubState,
      send: async (body: string) => {
        sent.push(body)
      },
      body: (d: ReturnType<typeof decide>) => (d.kind === 'keep' ? `keep ${d.by.label}` : d.kind === 'hold' ? 'hold' : d.own)
    }
    return { io, sent }
  }

  it('a success over another writer’s failure writes that failure, and the read after finds it standing', async () => {
    const failed = wrote(b, 'failure')
    const { io, sent } = world([listing(failed), listing(failed, wrote(me, 'success', 'failure'))])
    await writeByTheRule('success', io)
    expect(sent).toEqual(['keep docs (b)'])
  })
  it('two writers ending at once: each holds pending, then the read after sees both ended and writes success', async () => {
    const { io, sent } = world([listing(wrote(b, 'pending')), listing(wrote(b, 'pending'), wrote(me, 'success', 'pending'), wrote(b, 'success', 'pending'))])
    await writeByTheRule('success', io)
    expect(sent).toEqual(['hold', 'success'])
  })
  it('a failure written by another writer between the two reads is written after the success', async () => {
    // b's failure landed between the first read and this writer's success: the success is newest.
    const { io, sent } = world([[], listing(wrote(b, 'failure'), wrote(me, 'success'))])
    const d = await writeByTheRule('success', io)
    expect(sent).toEqual(['success', 'keep docs (b)'])
    expect(shownOwn(d)).toBe('failure')
  })
  it('a failure of its own is written without reading', async () => {
    const { io, sent } = world([new Error('never read')])
    await writeByTheRule('failure', io)
    expect(sent).toEqual(['failure'])
  })
  it('a cancel reads first, to keep another’s failure; unread, it writes its own (never a success)', async () => {
    const kept = world([listing(wrote(b, 'failure'))])
    await writeByTheRule('cancelled', kept.io)
    expect(kept.sent).toEqual(['keep docs (b)'])
    const unread = world([new Error('HTTP 503')])
    await writeByTheRule('cancelled', unread.io)
    expect(unread.sent).toEqual(['cancelled'])
  })
  it('unread before a success: nothing is written, and the error says so', async () => {
    const { io, sent } = world([new Error('HTTP 503')])
    const error = await writeByTheRule('success', io).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OtherJobsUnread)
    expect((error as OtherJobsUnread).written).toBe(false)
    expect(sent).toEqual([])
  })
  it('unread after the write: it stands unconfirmed, and the error says it was written', async () => {
    const { io, sent } = world([[], new Error('HTTP 503')])
    const error = await writeByTheRule('success', io).catch((e: unknown) => e)
    expect((error as OtherJobsUnread).written).toBe(true)
    expect(sent).toEqual(['success'])
  })
})

describe('standsRight and statusStands: what stands after a write whose answer was lost', () => {
  const io = { context: 'docs', me, stateOf: githubState, own: new Map<number, Answered>() }
  it('the newest status of this run in the state the table says stands; another run’s newer status is its own to set', () => {
    const mine = wrote(me, 'success')
    expect(standsRight([mine], 'docs', me, { kind: 'own', own: 'success' }, githubState)).toBe(true)
    const late = wrote(me, 'pending')
    expect(standsRight(listing(mine, late), 'docs', me, { kind: 'own', own: 'success' }, githubState)).toBe(false)
    const other = { ...wrote(writer('77', ['x'], 'other', undefined), 'failure') }
    expect(standsRight(listing(mine, other), 'docs', me, { kind: 'own', own: 'success' }, githubState)).toBe(true)
  })
  it('an "in progress" of this run on top is stale, for either lost write', () => {
    const listed = listing(wrote(me, 'success'), wrote(me, 'pending'))
    expect(statusStands(listed, io, 'success', 'open', true)).toBe('stale')
    expect(statusStands(listed, io, 'success', 'close', true)).toBe('stale')
  })
  it('a success on top of another writer’s failure is stale', () => {
    expect(statusStands(listing(wrote(b, 'failure'), wrote(me, 'success')), io, 'success', 'close', true)).toBe('stale')
  })
  it('a lost "in progress" listed under the outcome is accounted for; not listed, or another leg’s, it may still land', () => {
    // This run of the step is attempt 2; attempt 1 of the same writer left a pending of its own mark.
    const again = leg('a', 2)
    const theirs = wrote(me, 'pending')
    const open = wrote(again, 'pending')
    const outcome = wrote(again, 'success')
    const mine = { ...io, me: again }
    expect(statusStands(listing(open, outcome), { ...mine, own: answered(outcome) }, 'success', 'open', true)).toBe('outcome')
    expect(statusStands(listing(open, outcome), { ...mine, own: answered(open, outcome) }, 'success', 'open', true)).toBe('unseen')
    // Another run of this writer (an earlier attempt: another mark) is not this run of the step.
    expect(statusStands(listing(theirs, outcome), { ...mine, own: answered(outcome) }, 'success', 'open', true)).toBe('unseen')
  })
  it('three unanswered tries of the "in progress": one or two seen, the others may still land; all three seen, none can', () => {
    // Found by the explorer: the third try landed after the read back that saw the second (the check ended pending).
    const again = leg('a', 2)
    const [first, second, third] = [wrote(again, 'pending'), wrote(again, 'pending'), wrote(again, 'pending')]
    const outcome = wrote(again, 'success')
    const mine = { ...io, me: again, own: answered(outcome) }
    expect(statusStands(listing(first, outcome), mine, 'success', 'open', true, 3)).toBe('unseen')
    expect(statusStands(listing(first, second, outcome), mine, 'success', 'open', true, 3)).toBe('unseen')
    expect(statusStands(listing(first, second, third, outcome), mine, 'success', 'open', true, 3)).toBe('outcome')
  })
  it('a lost success is accounted for when listed; a lost failure can only land as the same outcome', () => {
    const a = wrote(me, 'success')
    const again = wrote(me, 'success')
    expect(statusStands(listing(a, again), { ...io, own: answered(again) }, 'success', 'close', true)).toBe('outcome')
    expect(statusStands([again], { ...io, own: answered(again) }, 'success', 'close', true)).toBe('unseen')
    expect(statusStands([wrote(me, 'failure')], io, 'failure', 'close', false)).toBe('outcome')
  })
  it('a lost success that moved the answered "in progress" in place (GitLab keeps its id) is accounted for; the "in progress" as answered is not it', () => {
    const open = wrote(me, 'pending')
    const moved = { ...wrote(me, 'success'), id: open.id }
    const again = wrote(me, 'success')
    expect(statusStands(listing(moved, again), { ...io, own: answered(open, again) }, 'success', 'close', true)).toBe('outcome')
    // The success sent again moved it, and was answered: the lost one may still land.
    expect(statusStands(listing(moved), { ...io, own: answered(moved) }, 'success', 'close', true)).toBe('unseen')
  })
  it('a lost success that moved the answered hold in place (the same link, another state) is accounted for', () => {
    const hold = wrote(me, 'success', 'running')
    const moved = { ...wrote(me, 'success'), id: hold.id }
    expect(statusStands(listing(moved), { ...io, stateOf: gitlabState, own: answered(hold) }, 'success', 'close', true)).toBe('outcome')
  })
  it('a lost "in progress" seen landed once is accounted for, though the outcome moved it in place since (GitLab)', () => {
    const late = wrote(me, 'pending', 'running')
    const outcome = wrote(me, 'success')
    const seen = landingsOf(listing(outcome, late), { ...io, stateOf: gitlabState, own: answered(outcome) })
    expect([...seen]).toEqual([`open ${late.id}`])
    // The outcome written again over it moved it: its id now shows that answered write.
    const moved = { ...wrote(me, 'success'), id: late.id }
    const now = { ...io, stateOf: gitlabState, own: answered(outcome, moved) }
    expect(statusStands(listing(outcome, moved), now, 'success', 'open', true)).toBe('unseen')
    expect(statusStands(listing(outcome, moved), { ...now, landed: seen }, 'success', 'open', true)).toBe('outcome')
  })
})
