// The step's one message on a pull or merge request (the GitHub comment, the GitLab note) as a
// record (records/lifecycle.ts), one algorithm for both: found by its marker, left to a newer
// head's run (heads.ts), "in progress" then the outcome in its place, the oldest kept when two
// runs created one each, a twin a lost creation left removed, a lost write read back (twins.ts).
// Each platform is a small port (`MessagePlatform`): where it goes, its calls, its bodies and its
// words. Knows no HTTP client.
import type { WarningCode } from '../warnings.js'
import type { RunOutcome } from '../model.js'
import { leftToNewerHead, newerHeadSaid, sameCommit, shownCommit } from './heads.js'
import { type AfterClose, NotFoundYet, type Opened, type RecordPort, RecordSkipped, type RecordWords, type WriteSignals } from './lifecycle.js'
import { failureOf } from './failure.js'
import { twinStory } from './twins.js'

/** A message as listed: its id and what it says. */
export interface Posted {
  id: number
  body: string
}

/** The platform's calls, with the signals of one write or lookup (lookups end with `lookup`, writes with `write`). */
export interface MessageIo {
  /** The step's message by its marker (or an earlier version's), and the step's twins beside it. */
  find(): Promise<{ id: number | undefined; body?: string | undefined; twins: readonly number[] }>
  /** The step's own messages with the current marker, oldest first: never anyone else's, nor an earlier version's. */
  ours(): Promise<readonly Posted[]>
  /** What the message `id` shows now. */
  bodyOf(id: number): Promise<string | undefined>
  /** The pull or merge request's head commit. */
  head(): Promise<string | undefined>
  write(id: number | undefined, body: string): Promise<{ where: number; done: 'created' | 'updated' }>
  remove(id: number): Promise<void>
  /** This run's commit, held to the head; undefined when it never is (a merge queue's run). */
  ownCommit: string | undefined
  /** The "in progress" body, cleaned. */
  inProgress(): string
  /** The outcome's body, cleaned. */
  outcome(outcome: RunOutcome): string
  /** The body that leaves the message to the run of the newer head `head` (this run's commit on its second line, and its result), cleaned. */
  leftTo(head: string, result: RunOutcome['result']): string
}

/** The sentences of a platform's message; `closeFailed`'s reason already says what a twin may do. */
export type MessageWords = Pick<RecordWords<number>, 'opened' | 'closed' | 'openFailed' | 'deleted' | 'mayNotHold'> & {
  closeFailed(why: string): string
  /** The message, for the log's line on a newer head ("The comment on pull request #7"). */
  named(): string
}

/** One platform's message, as the shared record drives it. */
export interface MessagePlatform {
  readonly api: string
  /** What users call it: a `comment`, a `note` (the first part of its warnings' codes too). */
  readonly what: 'comment' | 'note'
  /** What it is on: a `pull request`, a `merge request`. */
  readonly on: 'pull request' | 'merge request'
  /** Its calls with `signals`; throws `RecordSkipped` when it has nowhere to go. */
  connect(signals: WriteSignals): Promise<MessageIo>
  explain(error: unknown): string
  refused?(error: unknown): boolean
  /** The message was deleted during the run (a 404 to its update). */
  gone(error: unknown): boolean
  retryAfterMs(error: unknown): number | undefined
  words: MessageWords
}

/** The message of one run of the step, as a port of the lifecycle, over `platform`: its id is where it is. */
export function messageRecordPort(platform: MessagePlatform): RecordPort<number, RunOutcome> {
  const { what } = platform
  // What this run sent and saw of its message, for the read back of an "in progress" write whose answer was lost.
  const story = twinStory()
  // Until when a rate limit on a removal of a twin (which the port makes on its own) holds the record's next write.
  const paused = { until: 0 }
  /** Removes `id`; a rate limit it meets holds the next write of the record (`pausedUntil`), found by the explorer. */
  const removing = (io: MessageIo, id: number) =>
    io.remove(id).catch((error: unknown) => {
      const asked = platform.retryAfterMs(error)
      if (asked !== undefined) paused.until = Math.max(paused.until, Date.now() + asked)
      throw error
    })
  /** After this run created the message `created`, the oldest of the step's is kept (twins.ts `keepOldest`). */
  const oldestKept = (io: MessageIo, signals: WriteSignals, created: number, body: string, at: ((id: number) => void) | undefined) =>
    story.keepOldest(
      created,
      body,
      {
        // A lookup with a time of its own: the creation may have taken all of the first one's.
        list: async () => (await platform.connect({ ...signals, lookup: signals.nextLookup() })).ours(),
        remove: (id) => removing(io, id),
        write: (id, text) => io.write(id, text)
      },
      at
    )
  /** Throws `RecordSkipped` when the message, showing `shown`, is a newer head's to write: this run's commit is no longer the head (heads.ts). */
  const leaveToNewerHead = async (io: MessageIo, shown: string | undefined) => {
    const own = io.ownCommit
    const head = await leftToNewerHead(own, shownCommit(shown), () => io.head())
    if (head)
      throw new RecordSkipped(newerHeadSaid(platform.words.named(), shownCommit(shown) ?? '', own ?? '', head, platform.on), `${platform.what}.skipped`, 'info')
  }
  /** The outcome written where the open went, or where an earlier run's message is, or anew (the port's `close` before the head is read again). */
  const writeOutcome = async (
    outcome: RunOutcome,
    where: number | undefined,
    opened: Opened,
    signals: WriteSignals,
    found: ((id: number) => void) | undefined
  ): Promise<{ where: number; done: 'created' | 'updated' }> => {
    const io = await platform.connect(signals)
    // Where the open went; else the message of an earlier run, or of an open whose answer was lost.
    const known = where === undefined ? await io.find() : undefined
    const id = where ?? known?.id
    if (id === undefined && opened === 'unanswered') throw new NotFoundYet()
    // The message of a newer head's run is left to it: what it shows now is read first.
    if (id !== undefined) await leaveToNewerHead(io, known?.body ?? (await io.bodyOf(id).catch(() => undefined)))
    if (where === undefined && id !== undefined) {
      story.closeFound(known?.body)
      found?.(id)
    }
    const body = io.outcome(outcome)
    story.closing(body, id === undefined ? 'creation' : 'update')
    const written = await io.write(id, body)
    // The outcome went to this run's message, made beside an older one of the step that the open
    // could not look for or remove: the oldest is kept now, so that one message stands.
    if (written.done === 'updated' && story.leftBeside(written.where))
      return { where: await oldestKept(io, signals, written.where, body, found), done: written.done }
    if (written.done === 'updated') return written
    story.created()
    const kept = await oldestKept(io, signals, written.where, body, found)
    return { where: kept, done: kept === written.where ? 'created' : 'updated' }
  }
  /**
   * After this run wrote its outcome: the head may have moved on while it did, and the newer
   * head's run written its outcome before this write landed (heads.ts). When the head moved and
   * the message still shows this run's commit, it is left to that run: written once more to say
   * so. What this run could not tell or mark is its warning (`older-head`).
   */
  const leftAfterWrite = async (signals: WriteSignals, where: number, result: RunOutcome['result']): Promise<AfterClose | undefined> => {
    // Lookups with a time of their own: the write may have taken all of the first one's.
    const io = await platform.connect({ ...signals, lookup: signals.nextLookup() })
    const own = io.ownCommit
    if (!own) return undefined
    const short = (sha: string) => sha.slice(0, 7)
    const read = await io.head().then(
      (sha) => ({ sha }),
      (error: unknown) => ({ error })
    )
    // Refused (a token that may not read it), the head is not known, as before the write: the rule does not hold the run (heads.ts).
    if ('error' in read && failureOf(read.error, false) === 'refused') return undefined
    if ('error' in read) return mayStand((why) => `the ${platform.on}'s head could not be read after it was written (${why})`, read.error, own)
    const head = read.sha
    if (head === undefined) return mayStand(() => `the ${platform.on}'s head read after it was written named no commit`, undefined, own)
    if (sameCommit(head, own)) return undefined
    const shown = await io.bodyOf(where).then(
      (body) => ({ body }),
      (error: unknown) => ({ error })
    )
    if ('error' in shown)
      return mayStand(
        (why) => `the ${platform.on}'s head moved to ${short(head)} while it was written, and what the ${what} shows now could not be read (${why})`,
        shown.error,
        own
      )
    const now = shownCommit(shown.body)
    // The newer head's run wrote after this run did: the message is its own.
    if (now === undefined || !sameCommit(now, own)) return undefined
    const body = io.leftTo(head, result)
    const left = await io.write(where, body).then(
      () => undefined,
      (error: unknown) => ({ error })
    )
    if (left)
      return mayStand(
        (why) => `the ${platform.on}'s head moved to ${short(head)} while it was written, and leaving the ${what} to that commit's run failed (${why})`,
        left.error,
        own
      )
    // What the close wrote last: a read back of a lost write finds it standing as this run's last word.
    story.closing(body, 'update')
    return {
      level: 'info',
      code: `${what}.skipped`,
      sentence: () =>
        `${platform.words.named()} was left to the run of the ${platform.on}'s head ${short(head)}: the head moved there while this run wrote its outcome for commit ${short(own)}, so the ${what} now says that run writes it. This run's outcome is in its own log and reports.`
    }
  }
  /** The warning that this run's outcome may stand in the newer head's place: `why` it could not tell or mark it, worded by the lifecycle from `failed`. */
  const mayStand = (why: (reason: string) => string, failed: unknown, own: string | undefined): AfterClose => ({
    level: 'warning',
    code: `${what}.older-head`,
    failed,
    sentence: (reason) =>
      `${platform.words.named()} holds this run's outcome${own ? ` for commit ${own.slice(0, 7)}` : ''}, but ${why(reason)}. If the head moved on meanwhile, the ${what} may show this outcome in place of the newer head's: re-run the newest commit's ${platform.on === 'pull request' ? 'workflow' : 'pipeline'} to write it again.`
  })
  return {
    api: platform.api,
    record: platform.what,
    async open(signals, at) {
      const io = await platform.connect(signals)
      const { id, twins, body: shown } = await io.find()
      // The message of a newer head's run is left to it.
      if (id !== undefined) await leaveToNewerHead(io, shown)
      // An earlier run's message is where this one goes: a close after a cancel need not wait on the update.
      if (id !== undefined) at(id)
      // A second one of the step that an earlier run's lost creation left after it ended: removed (best effort).
      for (const twin of twins) await removing(io, twin).catch(() => undefined)
      const body = story.own(io.inProgress())
      story.opening(id === undefined ? 'creation' : 'update', body)
      const written = await io.write(id, body).catch((error: unknown) => {
        // Answered without being applied (refused, a rate limit), or never sent: nothing of it can land later.
        if (['refused', 'rate-limited', 'never-sent'].includes(failureOf(error, signals.write.aborted))) story.openingUnsent()
        throw error
      })
      if (written.done === 'updated') return written.where
      // The write that may be lost from here on is the one to the oldest message.
      return oldestKept(io, signals, written.where, body, (older) => {
        story.opening('update', body)
        at(older)
      })
    },
    async close(outcome, where, opened, signals, found) {
      const done = await writeOutcome(outcome, where, opened, signals, found)
      const after = await leftAfterWrite(signals, done.where, outcome.result).catch((error: unknown) =>
        mayStand((why) => `whether the ${platform.on}'s head moved on while it was written could not be told (${why})`, error, undefined)
      )
      return after ? { ...done, after } : done
    },
    async readBack(where, signals, lost) {
      const io = await platform.connect(signals)
      return story.readBack(where, await io.ours(), (twin) => removing(io, twin), lost)
    },
    pausedUntil: () => paused.until,
    explain: platform.explain,
    ...(platform.refused ? { refused: platform.refused } : {}),
    gone: platform.gone,
    retryAfterMs: platform.retryAfterMs,
    words: {
      opened: platform.words.opened,
      closed: platform.words.closed,
      openFailed: platform.words.openFailed,
      closeFailed: (why, _where, opened) => platform.words.closeFailed(`${why}${story.twinStands(what, opened)}`),
      deleted: platform.words.deleted,
      mayNotHold: platform.words.mayNotHold,
      lateOpen: () => story.lateOpen(what),
      lateCreation: () => story.lateCreation(what),
      lateOpenCode: () => {
        const kind = story.lateOpenKind()
        return kind && `${what}.${kind}`
      },
      lateCreationCode: () => `${what}.late-creation`,
      closeFailedCodes: (opened) => story.twinStandsKinds(opened).map((kind): WarningCode => `${what}.${kind}`)
    }
  }
}
