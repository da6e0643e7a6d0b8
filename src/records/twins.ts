// The story of a record a creation makes (the pull request comment, the merge request note), for
// the read back of an "in progress" write whose answer was lost (records/lifecycle.ts, `ReadBack`):
// what the run's port sent and saw of it, and what stands. A lost creation that lands late makes
// a second record of the step, a twin; the ports list the step's own records and remove it. The
// rule is the same for both ports; this file knows no CI system and no HTTP client.
import type { MessageKind } from '../warnings.js'
import type { Opened, ReadBack } from './lifecycle.js'

/**
 * What a run sent and saw of its comment or note, one value: what the open sent last (nothing
 * that may land: its lookup failed first, or its write was answered without being applied or never
 * sent; a creation; an update) and its body; what the close sent last, and its
 * body (from the close's creation on, an update of the record it made); whether the close went to
 * a record the open's creation is not (one it made, or another run's it found); whether the lost
 * write was seen landed (its "in progress" stood where the close went, or in a twin that was
 * removed); and this run's record made beside an older one of the step that could not be looked
 * for or removed then (the close tries again).
 */
interface TwinState {
  readonly opened: { readonly sent: 'nothing' } | { readonly sent: 'creation' | 'update'; readonly body: string }
  readonly closed: { readonly sent: 'nothing' } | { readonly sent: 'creation' | 'update'; readonly body: string | undefined }
  readonly elsewhere: boolean
  readonly seen: boolean
  readonly twinLeft: number | undefined
}

/**
 * What a run sent and saw of its comment or note (one per step), told by the port as it writes,
 * and what stands after an "in progress" write whose answer was lost (a `ReadBack`).
 */
export function twinStory() {
  let story: TwinState = { opened: { sent: 'nothing' }, closed: { sent: 'nothing' }, elsewhere: false, seen: false, twinLeft: undefined }
  const sent = () => story.opened.sent
  const openBody = () => (story.opened.sent === 'nothing' ? undefined : story.opened.body)
  const closeBody = () => (story.closed.sent === 'nothing' ? undefined : story.closed.body)
  const closeSent = () => story.closed.sent
  const seen = () => {
    story = { ...story, seen: true }
  }
  /**
   * A mark only this run writes, below its "in progress" body: another run of the step (a re-run,
   * a second step, a leg with the same marker) writes the same words, and a creation of its that
   * lands late is not this run's lost one. Hidden in the rendered Markdown; not a marker.
   */
  const mark = `<!-- run ${Math.random().toString(16).slice(2, 10).padEnd(8, '0')} -->`
  const same = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim()
  /** The open sent a creation, and the close went to a record it did not find as that one: the creation landing late is a second record. */
  const secondIfLate = () => sent() === 'creation' && story.elsewhere
  /**
   * What a lost "in progress" write shows if it lands late, as its warning's kind: a second record
   * (`late-twin`); the step's one record, or a second beside another run's (`late-waiting-or-twin`:
   * a creation the close neither found nor wrote beside, found by the explorer); or the record
   * saying "in progress" until the next run (no kind of its own).
   */
  const lateOpenKind = (): MessageKind | undefined =>
    secondIfLate() ? 'late-twin' : sent() === 'creation' && closeSent() === 'nothing' && !story.seen ? 'late-waiting-or-twin' : undefined
  /** `lateOpen`, below: the words of `lateOpenKind`. */
  const lateOpen = (what: string): string => {
    const second = `a second ${what} of this step appears saying "⏳ Waiting", which the next run of this step removes`
    const kind = lateOpenKind()
    if (kind === 'late-twin') return second
    if (kind === 'late-waiting-or-twin')
      return `the ${what} says "⏳ Waiting" until the next run, or, if another run of this step wrote its own meanwhile, ${second}`
    return `the ${what} says "⏳ Waiting" until the next run`
  }
  /** What a failed close adds (`twinStands`): a second record beside an older one; the open's lost creation landing as a second. */
  const besideOlder = () => story.twinLeft !== undefined
  const lostCreationLate = (opened?: Opened) => opened === 'lost' && !story.seen && secondIfLate()
  return {
    /**
     * What the lost "in progress" write shows if it lands after the step: a creation the close
     * could not find (it made the record anew, or wrote to another run's) is a second one of the
     * step, which no later run takes for its own; one the close neither found nor wrote beside
     * (it wrote nothing) is the step's record, or a second beside another run's made meanwhile;
     * an update shows "in progress" until the next run writes over it.
     */
    lateOpen,
    lateOpenKind,
    /**
     * What a close that failed adds while this run's record stands where an older one of the step
     * may stand that could not be looked for or removed: a second one may stand, whatever it
     * says; and, while the open's creation whose answer was lost (`opened` 'lost') is unseen and
     * the close went to another record (another run's, found; or one it made), that the creation
     * may land as a second one. '' else; with "; " before each.
     */
    twinStands(what: string, opened?: Opened): string {
      const beside = besideOlder()
        ? `; a second ${what} of this step may stand beside an older one (it could not be looked for, or removed), which the next run of this step removes`
        : ''
      const late = lostCreationLate(opened) ? `; if its "in progress" creation, whose answer was lost, lands later, ${lateOpen(what)}` : ''
      return `${beside}${late}`
    },
    /** The kinds of what `twinStands` says. */
    twinStandsKinds(opened?: Opened): MessageKind[] {
      return [...(besideOlder() ? (['twin-left'] as const) : []), ...(lostCreationLate(opened) ? (['late-twin'] as const) : [])]
    },
    /** The close's write went to this run's record made beside an older one that could not be looked for then: `keepOldest` again. */
    leftBeside(where: number): boolean {
      return where === story.twinLeft
    },
    /**
     * After this run created the record `created`, the oldest of the step's records is the one
     * kept: two runs of the step at once (two pushes in quick succession, a re-run while the first
     * still waits) may each have found none and created one. Ids only grow, so every run that
     * lists them agrees on the oldest whatever their timing (the newest moves each time one more
     * is created), and a lost creation that lands late is a newer one, the one removed. This
     * run's record is deleted first, then `body` written to the oldest: a delete that fails leaves
     * this run's record in place, as it was (and the close tries again). `at` is told the oldest
     * before it is written. Resolves with where the body stands.
     */
    async keepOldest(
      created: number,
      body: string,
      io: {
        /** The step's own records with the current marker, oldest first (a lookup with a time of its own: the creation may have taken all of the first one's). */
        list: () => Promise<readonly { id: number; body: string }[]>
        remove: (id: number) => Promise<void>
        write: (id: number, body: string) => Promise<unknown>
      },
      at: ((id: number) => void) | undefined
    ): Promise<number> {
      const older = await io
        .list()
        .then(
          async (listed) => {
            const found = listed.find((record) => record.id < created)
            story = { ...story, twinLeft: undefined }
            if (found) await io.remove(created)
            return found
          },
          () => 'unread' as const
        )
        .catch(() => 'unread' as const)
      // Not listed or not deleted: this run's record stands, as a lookup that failed leaves it.
      if (older === 'unread') {
        story = { ...story, twinLeft: created }
        return created
      }
      if (!older) return created
      // A close that created a record went to an older one: the lost creation, if it holds the open's body.
      if (closeBody() !== undefined && same(older.body, openBody())) seen()
      at?.(older.id)
      await io.write(older.id, body)
      return older.id
    },
    /** The "in progress" body this run sends: `rendered` with this run's mark after it. */
    own(rendered: string): string {
      return rendered.endsWith(mark) ? rendered : `${rendered}${rendered.endsWith('\n') ? '' : '\n'}${mark}`
    },
    opening(write: 'creation' | 'update', body: string) {
      story = { ...story, opened: { sent: write, body } }
    },
    /** The open's write was answered without being applied (refused, a rate limit), or never sent: nothing of it can land. */
    openingUnsent() {
      story = { ...story, opened: { sent: 'nothing' } }
    },
    closing(body: string, write: 'creation' | 'update') {
      story = { ...story, closed: { sent: write, body } }
    },
    created() {
      // What the close writes from here on goes to a record that stands, one the open's creation is not.
      story = { ...story, elsewhere: true, closed: { sent: 'update', body: closeBody() } }
    },
    /**
     * What the close's creation shows if its answer was lost and it lands after the step: the
     * record itself, late (with its "in progress" one too, when the open's creation went
     * unanswered before it); beside another run's, a second one, which the next run removes.
     * Undefined when the close sent no creation.
     */
    lateCreation(what: string): string | undefined {
      if (closeSent() !== 'creation') return undefined
      const waiting = sent() === 'creation' && !story.seen ? `, and so may its "⏳ Waiting" one` : ''
      return `the ${what} may still appear after the step${waiting}; if a second ${what} of this step appears, the next run of this step removes it`
    },
    /**
     * The close found a record of the step where the open went nowhere known: this run's lost
     * creation when it holds the open's body (this run's mark), else another run's, beside which
     * the lost creation may still land.
     */
    closeFound(body: string | undefined) {
      if (same(body, openBody())) seen()
      else story = { ...story, elsewhere: true }
    },
    /**
     * `listed`: the step's own records with the current marker (never anyone else's, nor an
     * earlier version's). Every one but `where` is a twin, made by a lost creation that landed (or
     * by another run of the step at once, which keeps `where`, the oldest, too): it is removed
     * with `remove`. Then `where` holding anything but the outcome last written is 'stale' (the
     * lifecycle writes it again); else the lost write is accounted for ('outcome') when it was
     * seen landed, when it was a creation the close found rather than made (this run's, by its
     * mark), or when the open sent no write at all; else it may still land ('unseen').
     */
    async readBack(
      where: number,
      listed: readonly { id: number; body: string }[],
      remove: (id: number) => Promise<void>,
      lost: 'open' | 'close' = 'open'
    ): Promise<ReadBack> {
      const stands = listed.find((record) => record.id === where)
      // Gone (deleted by someone): written anew by the lifecycle, and nothing else is taken for a twin of it.
      if (!stands) return 'stale'
      for (const twin of listed) {
        if (twin.id === where) continue
        await remove(twin.id)
        if (same(twin.body, openBody())) seen()
      }
      if (!same(stands.body, closeBody())) {
        if (same(stands.body, openBody())) seen()
        return 'stale'
      }
      // A lost write of the outcome, sent again since, lands as the same outcome: nothing to say.
      if (lost === 'close') return 'outcome'
      return story.seen || sent() === 'nothing' || (sent() === 'creation' && !story.elsewhere) ? 'outcome' : 'unseen'
    }
  }
}
