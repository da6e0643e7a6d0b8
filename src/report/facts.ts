import { queriesOf } from '../engine/skipped.js'
import { formatDuration } from '../durations.js'
import { counted } from '../text.js'
import type { JobRecord, PageReport, RunOutcome, UpdateRecord } from '../model.js'

/** The changed files of every update: each kind deduplicated, `changed` all three at once. */
export interface FilesChanged {
  added: string[]
  modified: string[]
  removed: string[]
  changed: string[]
}

/**
 * Facts about a run that more than one report states, computed once so that the outputs, the
 * summary and the comment cannot disagree (the files changed, the counts).
 */
export interface RunFacts {
  /** The records read, in target order (a `trigger`'s work first). */
  updates: UpdateRecord[]
  jobs: JobRecord[]
  files: FilesChanged
  /** Requests made to the status and job endpoints. */
  polls: number
  /** Results over every search query. */
  searchResults: number
}

export function runFacts(outcome: RunOutcome): RunFacts {
  const updates: UpdateRecord[] = []
  const jobs: JobRecord[] = []
  for (const target of outcome.targets) {
    if (target.parsed?.kind === 'update') updates.push(target.parsed.data)
    if (target.parsed?.kind === 'job') jobs.push(target.parsed.data)
  }
  const union = (pick: 'added' | 'modified' | 'removed') => [...new Set(updates.flatMap((u) => u.commit?.filesChanged?.[pick] ?? []))]
  const added = union('added')
  const modified = union('modified')
  const removed = union('removed')
  return {
    updates,
    jobs,
    files: { added, modified, removed, changed: [...new Set([...added, ...modified, ...removed])] },
    polls: outcome.targets.reduce((sum, t) => sum + t.polls, 0),
    searchResults: queriesOf(outcome.search).reduce((sum, q) => sum + q.results.length, 0)
  }
}

/** Found, holds the text, and when, in words: for the summary's table and the comment's lines. */
export function pageFacts(page: PageReport): [found: string, holds: string, when: string] {
  const found = page.found ? `yes (${counted(page.length ?? 0, 'character')})` : page.reads > 0 ? 'no' : 'not read'
  const holds = page.contains === null ? 'not asked' : page.contains ? 'yes' : 'no'
  const reads = counted(page.reads, 'read')
  const when = page.liveAfterMs !== undefined ? `live after ${formatDuration(page.liveAfterMs)} (${reads})` : `not live (${reads})`
  return [found, holds, when]
}
