/** What a record's log adds to the lines seen before, and whether lines may have been missed. */
export interface NewLogLines {
  lines: string[]
  /** The log no longer continues the lines seen (the server trimmed, rotated or replaced it): some may never have been seen. */
  gap: boolean
}

/**
 * The lines of `log` that come after those `seen` at the last poll. A log that grew is continued
 * where it was left; one trimmed at its start is matched on the longest run of lines that ends
 * the seen ones and starts the new; one with nothing in common is shown whole, with `gap` set.
 */
export function newLogLines(seen: readonly string[], log: readonly string[]): NewLogLines {
  if (seen.length === 0) return { lines: [...log], gap: false }
  if (log.length >= seen.length && seen.every((line, i) => log[i] === line)) return { lines: log.slice(seen.length), gap: false }
  // A shorter answer that the seen lines begin with (a record read from a replica behind) adds nothing.
  if (log.every((line, i) => seen[i] === line)) return { lines: [], gap: false }
  const last = seen[seen.length - 1]
  // The longest overlap first: the last seen line at its latest place in the new log that the lines before it agree with.
  for (let end = Math.min(log.length, seen.length) - 1; end >= 0; end--) {
    if (log[end] !== last) continue
    const offset = seen.length - 1 - end
    let agrees = true
    for (let i = 0; i < end && agrees; i++) agrees = log[i] === seen[offset + i]
    if (agrees) return { lines: log.slice(end + 1), gap: false }
  }
  return { lines: [...log], gap: true }
}
