// Runs of two heads of one pull or merge request share its comment or note (one marker), and
// the run of the older head may end last: it must not put the older head's outcome over the
// newer head's record ("❌ … fix the docs source" for a head whose docs deployed). The record
// names the commit it reflects on its second line, which this run reads before it writes there.

/** The hidden line under the marker that names the commit a comment or note reflects. */
export function commitLine(sha: string): string {
  return `<!-- wait-for-docs commit ${sha.toLowerCase()} -->`
}

const COMMIT_LINE = /^<!-- wait-for-docs commit ([0-9a-f]{7,64}) -->$/

/**
 * The commit a record's body reflects, from its second line (the renderer's, under the marker;
 * no server text can write a line that reads as one there), or undefined (a body of an earlier
 * version, or of another writer).
 */
export function shownCommit(body: string | undefined): string | undefined {
  const second = body?.split('\n', 2)[1]?.replace(/\r$/, '')
  return second === undefined ? undefined : COMMIT_LINE.exec(second)?.[1]
}

/** Whether two commit ids (a full SHA, or a short one) name the same commit. */
export const sameCommit = (a: string, b: string): boolean => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()]
  return x.startsWith(y) || y.startsWith(x)
}

/**
 * The rule for runs of different heads that share a record: a run leaves the record as it is
 * when the record shows another commit than its own and its own commit is no longer the pull or
 * merge request's head (the head's run writes the record, or wrote it). The head is read only
 * when the record shows another commit (`head` is then asked for); unknown, the run writes, as
 * it would without this rule. Resolves with the head that the record is left to, or undefined.
 */
export async function leftToNewerHead(
  own: string | undefined,
  shown: string | undefined,
  head: () => Promise<string | undefined>
): Promise<string | undefined> {
  if (!own || !shown || sameCommit(own, shown)) return undefined
  const current = await head().catch(() => undefined)
  return current && !sameCommit(current, own) ? current : undefined
}

/** What a run says when it leaves the record to the newer head's run. */
export function newerHeadSaid(record: string, shown: string, own: string, head: string, request: 'pull request' | 'merge request'): string {
  const short = (sha: string) => sha.slice(0, 7)
  return `${record} was left as it is: it shows commit ${short(shown)}, and this run's commit ${short(own)} is no longer the ${request}'s head (${short(head)} is), whose run writes it. This run's outcome is in its own log and reports.`
}
