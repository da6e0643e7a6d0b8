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
