import { describe, expect, it } from 'vitest'
import { type AfterClose, type LifecycleOptions, recordLifecycle, type WriteSignals } from '../src/records/lifecycle.js'
import { commitLine, shownCommit } from '../src/records/heads.js'
import { type MessageIo, type MessagePlatform, messageRecordPort } from '../src/records/message-record.js'
import type { RunOutcome } from '../src/model.js'
import { renderLeftToNewerHead } from '../src/report/comment.js'
import { NoAnswer } from '../src/records/failure.js'
import { runOutcome, updateReport } from './helpers/builders.js'

// A run of an older head whose write of the outcome lands after the pull or merge request's head
// moved on (records/message-record.ts): the newer head's run may have written its outcome before
// that write landed, and nothing after would put it back. The run reads the head after its write;
// when it moved and the message still shows this run's commit, the message is left to the newer
// head's run (written once more to say so). Row by row, against an in-memory message.

const OLD = 'a'.repeat(40)
const NEW = 'b'.repeat(40)
const MARKER = '<!-- marker -->'
const failure = runOutcome([updateReport('st_1', { status: 'failure' })], { result: 'failure', headline: 'Update st_1 failed.' })
const bodyOf = (sha: string, text: string) => `${MARKER}\n${commitLine(sha)}\n${text}\n`

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`)
  }
}

interface World {
  body: string | undefined
  head: string | (() => string) | Error
  /** Called as the outcome's write lands (before it applies): a newer head's run that wrote just before. */
  beforeOutcome?: (world: World) => void
  bodyRead?: Error
  /** The "in progress" write gets no answer (it may land later); the newer head's run creates its message meanwhile. */
  openLost?: boolean
  /** The outcome's first write gets no answer (it may land later); the newer head's run writes its outcome meanwhile. */
  outcomeLost?: boolean
  /** An older message of the step (id 0) listed beside this run's, as another run's creation at once leaves it. */
  older?: string
  /** A removal refused with a rate limit that asks to wait this long (ms). */
  removeLimited?: number
  /** When each write was sent (ms since the epoch), with its body's first heading. */
  sent?: { at: number; heading: string }[]
  /** What the message shows when read after the outcome's write (another run's write after it). */
  shownAfter?: string
  leftWrite?: Error
  ownCommit?: string | undefined
  writes: string[]
  headReads: number
}

function platformOver(world: World): MessagePlatform {
  const io = (): MessageIo => ({
    find: async () => ({ id: world.body === undefined ? undefined : 1, body: world.body, twins: [] }),
    ours: async () => [
      ...(world.older === undefined ? [] : [{ id: 0, body: world.older }]),
      ...(world.body === undefined ? [] : [{ id: 1, body: world.body }])
    ],
    bodyOf: async () => {
      if (world.bodyRead) throw world.bodyRead
      return (world.writes.length > 0 ? world.shownAfter : undefined) ?? world.body
    },
    head: async () => {
      world.headReads++
      if (world.head instanceof Error) throw world.head
      return typeof world.head === 'function' ? world.head() : world.head
    },
    write: async (_id, body) => {
      world.sent?.push({ at: Date.now(), heading: /^### .*$/m.exec(body)?.[0] ?? '' })
      if (body.includes('Left to the run') && world.leftWrite) throw world.leftWrite
      if (body.includes('### ❌') && world.outcomeLost) {
        world.outcomeLost = false
        world.body = bodyOf(NEW, '### ✅ Docs update succeeded')
        world.head = NEW
        throw new NoAnswer('other side closed', 'maybe')
      }
      if (body.includes('⏳') && world.openLost) {
        world.body = bodyOf(NEW, '### ⏳ Waiting for the docs update')
        world.head = NEW
        throw new NoAnswer('other side closed', 'maybe')
      }
      if (body.includes('### ❌')) world.beforeOutcome?.(world)
      world.writes.push(body)
      const done = world.body === undefined ? ('created' as const) : ('updated' as const)
      world.body = body
      return { where: 1, done }
    },
    remove: async () => {
      if (world.removeLimited !== undefined) throw Object.assign(new HttpError(429), { retryAfter: world.removeLimited })
    },
    ownCommit: 'ownCommit' in world ? world.ownCommit : OLD,
    inProgress: () => bodyOf(OLD, '### ⏳ Waiting for the docs update'),
    outcome: () => bodyOf(OLD, '### ❌ Docs update failed'),
    leftTo: (head, result) => renderLeftToNewerHead(MARKER, { sha: OLD }, head, result, { what: 'comment', on: 'pull request' })
  })
  return {
    api: 'GitHub API',
    what: 'comment',
    on: 'pull request',
    connect: async () => io(),
    explain: (error) => (error instanceof Error ? error.message : String(error)),
    gone: () => false,
    retryAfterMs: (error) => (error instanceof HttpError && 'retryAfter' in error ? Number(error.retryAfter) : undefined),
    words: {
      named: () => 'The comment on pull request #7',
      opened: () => 'Posted "in progress".',
      closed: () => 'Updated the comment.',
      openFailed: (why) => `open failed: ${why}`,
      closeFailed: (why) => `close failed: ${why}`,
      mayNotHold: (why) => `may not hold: ${why}`
    }
  }
}

const signals = (): WriteSignals => ({
  write: new AbortController().signal,
  lookup: new AbortController().signal,
  nextLookup: () => new AbortController().signal
})

/** What the lifecycle says of a close's `after`: its level, code, and words with the failed request's reason (the platform's words here). */
const told = (after: AfterClose | undefined) =>
  after && { level: after.level, code: after.code, sentence: after.sentence(after.failed instanceof Error ? after.failed.message : '') }

const world = (overrides: Partial<World>): World => ({ body: bodyOf(OLD, '### ⏳ Waiting'), head: OLD, writes: [], headReads: 0, ...overrides })

/** The close of a run of commit OLD, with the message its open wrote (id 1). */
const close = (w: World) => messageRecordPort(platformOver(w)).close(failure as RunOutcome, 1, 'written', signals())

/** The lifecycle of the message over `w`, its log kept: info lines, and each warning with its codes. */
function loggedLifecycle(w: World) {
  const infos: string[] = []
  const warnings: { line: string; codes: readonly string[] }[] = []
  const lifecycle = recordLifecycle(messageRecordPort(platformOver(w)), {
    cancel: { signal: new AbortController().signal, exitBy: () => undefined },
    log: { info: (line) => infos.push(line), warning: (line, codes) => warnings.push({ line, codes: typeof codes === 'string' ? [codes] : codes }) },
    clean: (text) => text,
    endAt: Date.now() + 60_000,
    requestTimeoutMs: 10_000,
    landMs: 0
  })
  return { lifecycle, infos, warnings }
}

describe('a run of an older head whose close is left to the newer head’s run', () => {
  it('says that its "in progress" creation, whose answer was lost, may still land beside that run’s (found by the explorer)', async () => {
    const w = world({ body: undefined, openLost: true })
    const { lifecycle, infos, warnings } = loggedLifecycle(w)
    lifecycle.open()
    await lifecycle.close(failure as RunOutcome)
    expect(infos.at(-1)).toMatch(/^The comment on pull request #7 was left as it is: it shows commit bbbbbbb/)
    expect(warnings).toEqual([
      {
        line: 'This run\'s "in progress" write got no answer: if the GitHub API applies it later, the comment says "⏳ Waiting" until the next run, or, if another run of this step wrote its own meanwhile, a second comment of this step appears saying "⏳ Waiting", which the next run of this step removes.',
        codes: ['comment.may-not-hold', 'comment.late-waiting-or-twin']
      }
    ])
  })
})

describe('a run of an older head whose close is left to the newer head’s run, after a write of its outcome got no answer', () => {
  it('says that write may still land over that run’s (found by the explorer)', async () => {
    const w = world({ outcomeLost: true })
    const { lifecycle, infos, warnings } = loggedLifecycle(w)
    lifecycle.open()
    await lifecycle.close(failure as RunOutcome)
    expect(infos.at(-1)).toMatch(/^The comment on pull request #7 was left as it is: it shows commit bbbbbbb/)
    expect(warnings).toEqual([
      {
        line: "An earlier write of this run's outcome got no answer (other side closed): if the GitHub API applies it later, it stands in place of what the other run wrote there, until that run writes again.",
        codes: ['comment.may-not-hold']
      }
    ])
  })
})

describe('a rate limit met by a removal the message makes on its own', () => {
  it('holds the next write of the record for the pause it asked for (found by the explorer)', async () => {
    // The open creates this run's message beside an older one of the step, and its removal is refused: 429, Retry-After 1 s.
    const w = world({ body: undefined, older: bodyOf(OLD, '### ⏳ Waiting for the docs update'), removeLimited: 1000, sent: [] })
    const lifecycle = recordLifecycle(messageRecordPort(platformOver(w)), {
      cancel: { signal: new AbortController().signal, exitBy: () => undefined },
      log: { info: () => undefined, warning: () => undefined },
      clean: (text) => text,
      endAt: Date.now() + 60_000,
      requestTimeoutMs: 10_000
    })
    lifecycle.open()
    const refusedBy = Date.now()
    await lifecycle.close(failure as RunOutcome)
    const outcome = w.sent?.find((s) => s.heading.startsWith('### ❌'))
    // Not before the pause is over: a bound no machine's speed can cross from below.
    expect((outcome?.at ?? 0) - refusedBy).toBeGreaterThanOrEqual(1000)
  })
})

describe('after its outcome is written, a run of an older head leaves the message to the newer head’s run', () => {
  it('the head is still this run’s commit: the outcome stands, nothing more is written', async () => {
    const w = world({})
    await expect(close(w)).resolves.toEqual({ where: 1, done: 'updated' })
    expect(w.writes).toHaveLength(1)
    expect(w.headReads).toBe(1)
  })

  it('the head moved while the outcome was written, over the newer head’s (which wrote just before): the message is left to that run, and the log says so', async () => {
    // The newer head's run wrote its outcome and the head moved, just before this run's write landed.
    const w = world({
      beforeOutcome: (at) => {
        at.body = bodyOf(NEW, '### ✅ Docs update succeeded')
        at.head = NEW
      }
    })
    const done = await close(w)
    expect(w.writes).toHaveLength(2)
    expect(shownCommit(w.body)).toBe(OLD)
    expect(w.body).toContain("### ⏭️ Left to the run of the pull request's head, `bbbbbbb`")
    expect(w.body).toContain('This comment showed the outcome for commit `aaaaaaa` (❌ failure)')
    expect(told(done.after)).toEqual({
      level: 'info',
      code: 'comment.skipped',
      sentence:
        "The comment on pull request #7 was left to the run of the pull request's head bbbbbbb: the head moved there while this run wrote its outcome for commit aaaaaaa, so the comment now says that run writes it. This run's outcome is in its own log and reports."
    })
  })

  it('the head moved, and the newer head’s run wrote after this run did: its message is left as it is', async () => {
    const w = world({ head: NEW, shownAfter: bodyOf(NEW, '### ✅ Docs update succeeded') })
    const done = await close(w)
    expect(done.after).toBeUndefined()
    expect(w.writes).toHaveLength(1)
  })

  it('the head read is refused (a token that may not read the pull request): as without the rule, nothing said', async () => {
    const w = world({ head: new HttpError(403) })
    const done = await close(w)
    expect(done.after).toBeUndefined()
    expect(w.writes).toHaveLength(1)
  })

  it.each([
    ['the head could not be read (a 502)', { head: new HttpError(502) }, "the pull request's head could not be read after it was written (HTTP 502)"],
    [
      'the head read named no commit (an answer without one)',
      { head: () => undefined as unknown as string },
      "the pull request's head read after it was written named no commit"
    ],
    [
      'the head moved, and what the message shows could not be read',
      { head: NEW, bodyRead: new HttpError(503) },
      "the pull request's head moved to bbbbbbb while it was written, and what the comment shows now could not be read (HTTP 503)"
    ],
    [
      'the head moved, and leaving the message to its run failed',
      { head: NEW, leftWrite: new HttpError(500) },
      "the pull request's head moved to bbbbbbb while it was written, and leaving the comment to that commit's run failed (HTTP 500)"
    ]
  ] as const)('%s: a warning with its code, older-head', async (_row, overrides, why) => {
    const done = await close(world(overrides))
    expect(told(done.after)).toEqual({
      level: 'warning',
      code: 'comment.older-head',
      sentence: `The comment on pull request #7 holds this run's outcome for commit aaaaaaa, but ${why}. If the head moved on meanwhile, the comment may show this outcome in place of the newer head's: re-run the newest commit's workflow to write it again.`
    })
  })

  it('leaving it failed: the outcome is what the close wrote last, so a read back does not take it for a late write (found by the explorer)', async () => {
    const w = world({ head: NEW, leftWrite: new HttpError(403) })
    const port = messageRecordPort(platformOver(w))
    await port.close(failure as RunOutcome, 1, 'written', signals())
    expect(w.body).toContain('### ❌')
    await expect(port.readBack?.(1, signals(), 'close')).resolves.toBe('outcome')
  })

  it('a run whose commit is never the head (a merge queue’s) does not read it', async () => {
    const w = world({ ownCommit: undefined, head: NEW })
    const done = await close(w)
    expect(done.after).toBeUndefined()
    expect(w.headReads).toBe(0)
  })

  it('through the lifecycle: the line is said after the close’s, and a warning carries its code', async () => {
    for (const [overrides, expected] of [
      [
        {
          beforeOutcome: (at: World) => {
            at.head = NEW
          }
        },
        { info: /was left to the run of the pull request's head bbbbbbb/, warnings: [] }
      ],
      // Server text in the reason: one line, without its escapes, as every reason the lifecycle words.
      [{ head: Object.assign(new HttpError(502), { message: 'HTTP 502 \u001b[31mBad\nGateway' }) }, { info: undefined, warnings: [['comment.older-head']] }]
    ] as const) {
      const w = world(overrides as Partial<World>)
      const infos: string[] = []
      const warnings: (readonly string[])[] = []
      const options: LifecycleOptions = {
        cancel: { signal: new AbortController().signal, exitBy: () => undefined },
        log: {
          info: (line) => infos.push(line),
          warning: (line, codes) => {
            expect(line).toContain('(HTTP 502 Bad Gateway)')
            warnings.push(typeof codes === 'string' ? [codes] : codes)
          }
        },
        clean: (text) => text,
        endAt: Date.now() + 60_000,
        requestTimeoutMs: 10_000
      }
      const lifecycle = recordLifecycle(messageRecordPort(platformOver(w)), options)
      lifecycle.open()
      await lifecycle.close(failure as RunOutcome)
      expect(infos[0]).toBe('Posted "in progress".')
      expect(infos).toContain('Updated the comment.')
      if (expected.info) expect(infos.at(-1)).toMatch(expected.info)
      expect(warnings).toEqual(expected.warnings)
    }
  })
})
