// The reports of the checks that run after the wait (the page check, the search check) when
// they did not run, and what a search check's report holds: what every run needs of them, apart
// from the checks themselves, which are loaded only when asked for.
import { formatDuration } from '../durations.js'
import type { PagesSkipped, QueryReport, Result, SearchReport, SearchSkipped } from '../model.js'

/** The report of a page check that did not run because a wait did not succeed. */
export function skippedPages(waitResult: Result, elapsedMs: number): PagesSkipped {
  return {
    skipped: true,
    reason: `not read: the wait ended with ${waitResult} after ${formatDuration(elapsedMs)}, and pages are read only after every wait has succeeded`
  }
}

/** The report of a search check that did not run because a wait did not succeed. */
export function skippedSearch(waitResult: Result, elapsedMs: number, what = 'the wait'): SearchSkipped {
  const runOnly = what === 'the wait' ? 'searches run only after every wait has succeeded' : `searches run only after ${what} has passed`
  return {
    skipped: true,
    reason: `not run: ${what} ended with ${waitResult} after ${formatDuration(elapsedMs)}, and ${runOnly}`
  }
}

/** The queries of a search check that ran; none when it was skipped or not asked for. */
export function queriesOf(search: SearchReport | undefined): readonly QueryReport[] {
  return search && !search.skipped ? search.queries : []
}
