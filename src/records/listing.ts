// A listing read to find a record of the step again (the pull request's comments, the merge
// request's notes, the commit's deployments). "Ours is not there" creates a second record
// beside the step's own, so a listing is believed only when it reads as one: a list whose every
// entry is a record with an id. A body cut short, a proxy's page or a list of something else is
// a lookup that failed, said as such, never an empty page.

/** An entry of a listing: an object with a numeric id; the rest is each API's own. */
export type Listed = { id: number } & Record<string, unknown>

/** The entries of a listing, or why it does not read as a listing of records. */
export function listedRecords(json: unknown): { entries: Listed[] } | { problem: string } {
  if (!Array.isArray(json)) return { problem: 'was not a list' }
  for (const entry of json)
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || typeof (entry as { id?: unknown }).id !== 'number')
      return { problem: 'held an entry that is not a record with an id' }
  return { entries: json as Listed[] }
}

/**
 * A listing read page after page, one lookup in all: its time (request-timeout) bounds every
 * page together. When that time runs out after pages were answered, the lookup is a `ListingCut`
 * (an abort, as the lookup's own), so that the warning says what was slow: the listing as a
 * whole, not a request that never answered (found by a user: "did not answer within 3.0s" for a
 * listing GitLab answered page by page in 150 ms).
 */
export class ListingCut extends Error {
  constructor(
    readonly what: string,
    readonly pages: number,
    readonly slowestMs: number,
    cause: unknown
  ) {
    super(`${what}: ${pages} pages read when the lookup's time ran out`, { cause })
    this.name = 'AbortError'
  }
}

/** A request ended by its signal (an abort, or a timeout's). */
export const isAbort = (error: unknown) => error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')

/** Counts the pages of one listing as they are answered, and the slowest answer. */
export class PageTally {
  private pages = 0
  private slowestMs = 0
  constructor(readonly what: string) {}

  /** Reads one page through `read`, counted once answered; a lookup's time that runs out during it after a page was answered is a `ListingCut`. */
  async page<T>(read: () => Promise<T>): Promise<T> {
    const sentAt = Date.now()
    try {
      const answer = await read()
      this.pages++
      this.slowestMs = Math.max(this.slowestMs, Date.now() - sentAt)
      return answer
    } catch (error) {
      throw this.cut(error)
    }
  }

  /** The error to throw for `error`, an error of the lookup that read this listing: a `ListingCut` when its time ran out after a page was answered. */
  cut(error: unknown): unknown {
    return this.pages > 0 && isAbort(error) && !(error instanceof ListingCut) ? new ListingCut(this.what, this.pages, this.slowestMs, error) : error
  }
}
