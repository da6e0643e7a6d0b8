// A record's story in one run, as records/lifecycle.ts tells it: one value (`RecordState`), and
// one table of what each event makes of it (`next`). The lifecycle sends the writes and waits on
// them; every change of what it knows of the record (the open's, the close's, where it is, the
// pause a rate limit asked for, what it has said) is an event of this table, and what a change
// says (a line of the log, the record's one warning) comes back as data for it to write. Pure: no
// clock, no port, no log (a time is the event's, read by the lifecycle).
import type { WarningCode } from '../warnings.js'

/** What became of the opening write, as the close is told it. */
export type Opened =
  /** No open was asked for: the run ended before waiting began. */
  | 'never'
  /** The record is open where the lifecycle says. */
  | 'written'
  /** The server answered that it did not write it (a 403, a 422…): nothing to find again. */
  | 'refused'
  /** No answer came (a timeout, a connection that failed): the server may have applied it; find it again. */
  | 'lost'
  /**
   * The open is still in flight, unanswered request-timeout after the outcome: it may land yet.
   * Find it again and write there, but create nothing (a second record if the open lands).
   */
  | 'unanswered'
  /** The port has nowhere to write (not a pull request…): the close says why. */
  | 'skipped'

/** The tries of the opening write whose answer was lost: how many, when the last was sent, and why it was lost. Each may land later. */
export interface LostTries {
  readonly count: number
  readonly lastSentAt: number
  readonly why: string
}

/**
 * The opening write's story:
 *
 *     never ──open()──▶ sending ──answered──────────▶ written
 *                        │ ▲ a try failed on the way ├──nowhere to go──▶ skipped
 *                        └─┘ (sent again)            └──given up──────▶ lost | refused
 *
 * A try whose answer was lost may land later, whatever came after it: `lost` counts them, and
 * stays in every later state. While it is sent, the close is told `lost` (find it again).
 */
export type OpenStory =
  | { readonly at: 'never' }
  | {
      readonly at: 'sending' | 'written' | 'skipped' | 'lost' | 'refused' | 'unsent'
      readonly done: Promise<void>
      readonly lost: LostTries | undefined
    }

/**
 * What the close is told of the open. One that never reached the server (`unsent`) is, as a
 * refused one, nothing to find again; unlike one, it says nothing of the close's own write.
 */
export const openedOf = (open: OpenStory): Opened => (open.at === 'sending' ? 'lost' : open.at === 'unsent' ? 'refused' : open.at)

/**
 * The close's story: not begun, or closing, with what it found of the record (`at-once`: a lost
 * creation's, found at once and the outcome written to it; `landed`: an unanswered creation's,
 * found and updated, so that creation has landed; `anew`: the record was deleted during the run,
 * by a person or a bot, and the outcome is written anew, once), the first write of the outcome
 * whose answer was lost (when it was sent, and why), and why the last try of the outcome that
 * failed on the way failed, and its code, until a try lands (`onTheWay`: when the end of the time
 * for writes cuts the tries after it, that is the cause said, not only the time that ran out).
 */
export type CloseStory =
  | { readonly at: 'not-begun' }
  | {
      readonly at: 'closing'
      readonly done: Promise<void>
      readonly found: 'nothing' | 'at-once' | 'landed' | 'anew'
      readonly lost: { readonly at: number; readonly why: string } | undefined
      readonly onTheWay: { readonly why: string; readonly code: WarningCode } | undefined
    }

/** A sentence of a record's warning, and its codes. */
export interface Said {
  readonly line: string
  readonly codes: readonly WarningCode[]
}

/**
 * What the record has said: nothing yet; the close's warnings, gathered to be said as one when it
 * ends (with the lines of its writes that failed: untrue once a later write of the same close
 * lands); or its one warning, said (anything after it is a line of the log).
 */
export type Voice =
  | { readonly at: 'quiet' }
  | { readonly at: 'gathering'; readonly lines: readonly Said[]; readonly failures: readonly string[] }
  | { readonly at: 'warned' }

/**
 * A record's story, one value: the open's, the close's, where the record is once known (the
 * port's handle), the time before which no write may go (the pause the last rate limit asked for,
 * ms since the epoch), and what it has said.
 */
export interface RecordState<Where> {
  readonly open: OpenStory
  readonly close: CloseStory
  readonly where: Where | undefined
  readonly notBefore: number
  readonly voice: Voice
}

/** Before anything is sent. */
export const firstState = <Where>(): RecordState<Where> => ({
  open: { at: 'never' },
  close: { at: 'not-begun' },
  where: undefined,
  notBefore: 0,
  voice: { at: 'quiet' }
})

/** What happened to the record, as the lifecycle tells it (docs/architecture.md, "A record's story, one value", holds the table). */
export type RecordEvent<Where> =
  /** `open()` sends the "in progress" write (only the first time). */
  | { readonly type: 'open-sent' }
  /** The open's work, to be waited on. */
  | { readonly type: 'open-running'; readonly done: Promise<void> }
  /** The open was answered: the record is where it says. */
  | { readonly type: 'open-answered'; readonly where: Where }
  /** The port has nowhere to write. */
  | { readonly type: 'open-skipped' }
  /** A try of the open got no answer: it may land later. */
  | { readonly type: 'open-try-lost'; readonly sentAt: number; readonly why: string }
  /** The open is tried no more, and may have been applied. */
  | { readonly type: 'open-given-up' }
  /** The open is tried no more, and the server answered that it did not apply it (it would refuse it again). */
  | { readonly type: 'open-refused' }
  /** The open is tried no more, and its last try never reached the server (a connection refused, a name not found): nothing of it exists. */
  | { readonly type: 'open-unsent' }
  /** The open's work ended (whether or not it said how). */
  | { readonly type: 'open-ended' }
  /** The port knows where the record is (a deployment's id before its first status, a record found again before the close writes to it). */
  | { readonly type: 'where-known'; readonly where: Where }
  /** `close(outcome)` begins. */
  | { readonly type: 'close-began' }
  /** The close's work, to be waited on. */
  | { readonly type: 'close-running'; readonly done: Promise<void> }
  /** A lost creation's record was found at once, and the outcome written to it. */
  | { readonly type: 'found-at-once'; readonly where: Where }
  /** A write of the outcome was answered: where it went, what the close told the port of the open, and whether it created the record. */
  | { readonly type: 'close-written'; readonly where: Where; readonly told: Opened; readonly done: 'created' | 'updated' }
  /** A write of the outcome begins its tries (the first, or one again over what a lost write left): what earlier tries failed with is not its cause. */
  | { readonly type: 'close-tries-began' }
  /** A try of the outcome failed on the way (a 5xx, a rate limit, no answer) and is sent again: why, and its code. */
  | { readonly type: 'close-try-failed'; readonly why: string; readonly code: WarningCode }
  /** A write of the outcome got no answer: it may land later. */
  | { readonly type: 'close-write-lost'; readonly sentAt: number; readonly why: string }
  /** The record the close wrote to was deleted during the run: the outcome is written anew. */
  | { readonly type: 'record-gone' }
  /** A rate limit asked that no write go before `until`. */
  | { readonly type: 'rate-limited'; readonly until: number }
  /** A warning, its words (keys cut) and codes. */
  | { readonly type: 'warned'; readonly line: string; readonly codes: readonly [WarningCode, ...WarningCode[]] }
  /** A write of the outcome failed: a warning that a later write of the same close, landing, takes back. */
  | { readonly type: 'write-failed'; readonly line: string; readonly codes: readonly [WarningCode, ...WarningCode[]] }
  /** The close ended: its gathered warnings are said, as one. */
  | { readonly type: 'close-ended' }

/** What a transition says: a line of the log, or the record's one warning with its codes. */
export type Say =
  | { readonly level: 'info'; readonly line: string }
  | { readonly level: 'warning'; readonly line: string; readonly codes: readonly WarningCode[] }

/** The state after an event, and what the lifecycle says of it, in order. */
export interface Transition<Where> {
  readonly state: RecordState<Where>
  readonly say: readonly Say[]
}

/**
 * The sentences of one record's warnings as one: in the order found, joined by "Also:", the
 * closing sentence they share (what the step's result does not depend on) said once, at the end.
 */
export function oneWarning(lines: readonly string[]): string {
  lines = [...new Set(lines)]
  if (lines.length === 1) return lines[0] as string
  const last = (line: string) => /(?<=[.!?]\s)[^.!?]+[.!?]$/.exec(line)?.[0]
  const shared = last(lines[0] as string)
  const same = shared !== undefined && lines.every((line) => last(line) === shared)
  const body = (line: string) => (same ? line.slice(0, line.length - (shared as string).length).trimEnd() : line)
  return lines.map((line, i) => (i === 0 ? body(line) : `Also: ${body(line)}`)).join(' ') + (same ? ` ${shared}` : '')
}

/** The open moves to `at`, its lost tries and its work kept; before it is sent, it does not. */
const openMovesTo = (open: OpenStory, at: 'written' | 'skipped' | 'lost' | 'refused' | 'unsent'): OpenStory => (open.at === 'never' ? open : { ...open, at })

/** What the close found, or its lost write, changes; before it begins, nothing does. */
const closeFinds = (
  close: CloseStory,
  change: { found?: 'at-once' | 'landed' | 'anew'; lost?: { at: number; why: string }; onTheWay?: { why: string; code: WarningCode } | undefined }
): CloseStory => (close.at === 'closing' ? { ...close, ...change } : close)

/** A warning: gathered while the close runs, said at once before it; one per record (a line of the log after it). */
const warned = (voice: Voice, line: string, codes: readonly WarningCode[]): { voice: Voice; say: Say[] } => {
  if (voice.at === 'warned') return { voice, say: [{ level: 'info', line }] }
  if (voice.at === 'gathering') return { voice: { ...voice, lines: [...voice.lines, { line, codes }] }, say: [] }
  return { voice: { at: 'warned' }, say: [{ level: 'warning', line, codes: [...new Set(codes)] }] }
}

/**
 * The table: what `event` makes of `state`, and what it says. An event that does not apply in a
 * state (the open's before it is sent, the close's before it begins) leaves that part as it is.
 */
export function next<Where>(state: RecordState<Where>, event: RecordEvent<Where>): Transition<Where> {
  const to = (change: Partial<RecordState<Where>>, say: readonly Say[] = []): Transition<Where> => ({ state: { ...state, ...change }, say })
  const { open, close, voice } = state
  switch (event.type) {
    case 'open-sent':
      return open.at === 'never' ? to({ open: { at: 'sending', done: Promise.resolve(), lost: undefined } }) : to({})
    case 'open-running':
      return open.at === 'sending' ? to({ open: { ...open, done: event.done } }) : to({})
    case 'open-answered':
      return to({ where: event.where, open: openMovesTo(open, 'written') })
    case 'open-skipped':
      return to({ open: openMovesTo(open, 'skipped') })
    case 'open-try-lost':
      // Each may land later, whatever the tries after it do: the time to land counts from the last, its reason the one said.
      return open.at === 'never' ? to({}) : to({ open: { ...open, lost: { count: (open.lost?.count ?? 0) + 1, lastSentAt: event.sentAt, why: event.why } } })
    case 'open-given-up':
      return to({ open: openMovesTo(open, 'lost') })
    case 'open-refused':
    case 'open-unsent':
      // An earlier try whose answer was lost may land yet: then the open is lost, not refused or unsent.
      return to({ open: openMovesTo(open, open.at !== 'never' && open.lost !== undefined ? 'lost' : event.type === 'open-refused' ? 'refused' : 'unsent') })
    case 'open-ended':
      // Should it end without saying how (nothing in it throws), the open is taken as lost: the close finds it again.
      return open.at === 'sending' ? to({ open: openMovesTo(open, 'lost') }) : to({})
    case 'where-known':
      return to({ where: event.where })
    case 'close-began':
      // The close's warnings are gathered, unless the record already said its one.
      return close.at === 'closing'
        ? to({})
        : to({
            close: { at: 'closing', done: Promise.resolve(), found: 'nothing', lost: undefined, onTheWay: undefined },
            voice: voice.at === 'quiet' ? { at: 'gathering', lines: [], failures: [] } : voice
          })
    case 'close-running':
      return close.at === 'closing' ? to({ close: { ...close, done: event.done } }) : to({})
    case 'found-at-once':
      return to({ where: event.where, close: closeFinds(close, { found: 'at-once' }) })
    case 'close-written':
      // Found where an unanswered creation put it: that creation has landed, nothing of it can come later.
      // What an earlier try said of the outcome ("could not be written"), and why it failed, no longer hold.
      return to({
        where: event.where,
        close: closeFinds(close, { ...(event.told === 'unanswered' && event.done === 'updated' ? { found: 'landed' } : {}), onTheWay: undefined }),
        voice: voice.at === 'gathering' ? { at: 'gathering', lines: voice.lines.filter((said) => !voice.failures.includes(said.line)), failures: [] } : voice
      })
    case 'close-tries-began':
      return to({ close: closeFinds(close, { onTheWay: undefined }) })
    case 'close-try-failed':
      return to({ close: closeFinds(close, { onTheWay: { why: event.why, code: event.code } }) })
    case 'close-write-lost':
      // The first one is the one that may land over what follows it.
      return close.at === 'closing' && close.lost === undefined ? to({ close: closeFinds(close, { lost: { at: event.sentAt, why: event.why } }) }) : to({})
    case 'record-gone':
      return to({ where: undefined, close: closeFinds(close, { found: 'anew' }) })
    case 'rate-limited':
      return to({ notBefore: Math.max(state.notBefore, event.until) })
    case 'warned': {
      const said = warned(voice, event.line, event.codes)
      return to({ voice: said.voice }, said.say)
    }
    case 'write-failed': {
      const said = warned(voice.at === 'gathering' ? { ...voice, failures: [...voice.failures, event.line] } : voice, event.line, event.codes)
      return to({ voice: said.voice }, said.say)
    }
    case 'close-ended': {
      if (voice.at !== 'gathering') return to({})
      const { lines } = voice
      if (lines.length === 0) return to({ voice: { at: 'quiet' } })
      return to({ voice: { at: 'warned' } }, [
        { level: 'warning', line: oneWarning(lines.map((said) => said.line)), codes: [...new Set(lines.flatMap((said) => said.codes))] }
      ])
    }
  }
}
