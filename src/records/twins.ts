// The story of a record a creation makes (the pull request comment, the merge request note), for
// the read back of an "in progress" write whose answer was lost (records/lifecycle.ts, `ReadBack`):
// what the run's port sent and saw of it, and what stands. A lost creation that lands late makes
// a second record of the step, a twin; the ports list the step's own records and remove it. The
// rule is the same for both ports; this file knows no CI system and no HTTP client.
import type { ReadBack } from './lifecycle.js'

/**
 * What a run sent and saw of its comment or note (one per step), told by the port as it writes,
 * and what stands after an "in progress" write whose answer was lost (a `ReadBack`).
 */
export function twinStory() {
  /** What the open sent last: nothing (its lookup failed first), a creation, or an update. */
  let sent: 'nothing' | 'creation' | 'update' = 'nothing'
  let openBody: string | undefined
  let closeBody: string | undefined
  /** A close created the record, rather than finding it. */
  let closeCreated = false
  /** What the close sent last: a creation (no record found), or an update. */
  let closeSent: 'creation' | 'update' | undefined
  /** The lost write was seen landed: its "in progress" stood where the close went, or in a twin that was removed. */
  let seen = false
  const same = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim()
  return {
    /**
     * What the lost "in progress" write shows if it lands after the step: a creation the close
     * could not find (it made the record anew) is a second one of the step, which no later run
     * takes for its own; an update shows "in progress" until the next run writes over it.
     */
    lateOpen(what: string): string {
      return sent === 'creation' && closeCreated
        ? `a second ${what} of this step appears saying "⏳ Waiting", which the next run of this step removes`
        : `the ${what} says "⏳ Waiting" until the next run`
    },
    /**
     * This run's record, made where an older one of the step may stand that could not be looked
     * for or removed: a second one may stand, whatever it says.
     */
    twinStands(what: string): string {
      return `a second ${what} of this step may stand beside an older one (it could not be looked for, or removed), which the next run of this step removes`
    },
    opening(write: 'creation' | 'update', body: string) {
      sent = write
      openBody = body
    },
    closing(body: string, write: 'creation' | 'update') {
      closeBody = body
      closeSent = write
    },
    created() {
      closeCreated = true
      // What the close writes from here on goes to a record that stands.
      closeSent = 'update'
    },
    /**
     * What the close's creation shows if its answer was lost and it lands after the step: the
     * record itself, late (with its "in progress" one too, when the open's creation went
     * unanswered before it); beside another run's, a second one, which the next run removes.
     * Undefined when the close sent no creation.
     */
    lateCreation(what: string): string | undefined {
      if (closeSent !== 'creation') return undefined
      const waiting = sent === 'creation' && !seen ? `, and so may its "⏳ Waiting" one` : ''
      return `the ${what} may still appear after the step${waiting}; if a second ${what} of this step appears, the next run of this step removes it`
    },
    /** A close that created a record found an older one of the step and went to it: the lost creation, if it holds the open's body. */
    keptOlder(body: string) {
      if (closeBody !== undefined && same(body, openBody)) seen = true
    },
    /**
     * `listed`: the step's own records with the current marker (never anyone else's, nor an
     * earlier version's). Every one but `where` is a twin, made by a lost creation that landed (or
     * by another run of the step at once, which keeps `where`, the oldest, too): it is removed
     * with `remove`. Then `where` holding anything but the outcome last written is 'stale' (the
     * lifecycle writes it again); else the lost write is accounted for ('outcome') when it was
     * seen landed, when it was a creation the close found rather than made, or when the open sent
     * no write at all; else it may still land ('unseen').
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
        if (same(twin.body, openBody)) seen = true
      }
      if (!same(stands.body, closeBody)) {
        if (same(stands.body, openBody)) seen = true
        return 'stale'
      }
      // A lost write of the outcome, sent again since, lands as the same outcome: nothing to say.
      if (lost === 'close') return 'outcome'
      return seen || sent === 'nothing' || (sent === 'creation' && !closeCreated) ? 'outcome' : 'unseen'
    }
  }
}
