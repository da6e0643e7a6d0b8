import { formatDuration } from '../durations.js'
import { startedMarkdown } from './started.js'
import { codeSpan, escapeHtml, escapeText, image, link, preBlock, table } from './markdown.js'
import type { Result, RunOutcome, SearchReport, TargetReport } from '../model.js'

/** GitHub refuses step summaries over 1 MiB; stay well under it. */
export const MAX_SUMMARY_BYTES = 1000 * 1024
export const MAX_FILES_LISTED = 100
export const MAX_LOG_TAIL = 30
export const MAX_LOG_TAILS = 5

const HEADINGS: Record<Result, string> = {
  success: '✅ Docs are live',
  failure: '❌ Docs did not make it',
  timeout: '⏱️ Timed out waiting for the docs',
  cancelled: '🛑 Cancelled while waiting for the docs',
  error: '⚠️ Could not wait for the docs'
}

/** The job summary as Markdown; every piece of server text in it is escaped. */
export function renderSummary(outcome: RunOutcome): string {
  const sections: string[] = [`## ${HEADINGS[outcome.result]}`, escapeText(outcome.headline, 1000)]
  const started = startedMarkdown(outcome.trigger)
  if (started) sections.push(started)
  if (outcome.problems.length > 0) sections.push('### Input problems', outcome.problems.map((p) => `- ${escapeText(p, 500)}`).join('\n'))

  const updates = outcome.targets.filter((t) => t.ref.kind === 'update')
  const jobs = outcome.targets.filter((t) => t.ref.kind === 'job')
  if (updates.length > 0) sections.push('### Updates', updateTable(updates))
  if (jobs.length > 0) sections.push('### Agent jobs', jobTable(jobs))
  const files = filesSection(updates)
  if (files) sections.push(files)
  const screenshots = screenshotSection(updates)
  if (screenshots) sections.push(screenshots)
  const logs = logSection(updates)
  if (logs) sections.push(logs)
  if (outcome.search) sections.push(searchSection(outcome.search))
  const polls = outcome.targets.reduce((sum, t) => sum + t.polls, 0)
  sections.push(`<sub>Finished in ${formatDuration(outcome.elapsedMs)} with ${polls} poll${polls === 1 ? '' : 's'}.</sub>`)
  return fitInBudget(`${sections.join('\n\n')}\n`)
}

function result(t: TargetReport): string {
  const mark = t.result === 'success' ? '✅' : t.result === 'failure' ? '❌' : t.result === 'timeout' ? '⏱️' : t.result === 'cancelled' ? '🛑' : '⚠️'
  const why = t.error ? `<br>${escapeText(t.error, 300)}` : t.note ? `<br>${escapeText(t.note, 200)}` : ''
  return `${mark} ${t.result}${why}`
}

function updateTable(targets: readonly TargetReport[]): string {
  const rows = targets.map((t) => {
    const u = t.parsed?.kind === 'update' ? t.parsed.data : undefined
    const commit = u?.commit
    const commitCell = commit?.sha
      ? `${codeSpan(commit.sha.slice(0, 12))}${commit.ref ? ` on ${codeSpan(commit.ref, 80)}` : ''}${commit.message ? `<br>${escapeText(commit.message, 120)}` : ''}`
      : ''
    return [
      codeSpan(t.ref.id),
      result(t),
      codeSpan(t.status, 40),
      escapeText(u?.createdAt ?? '', 40),
      escapeText(u?.endedAt ?? '', 40),
      commitCell,
      escapeText(u?.author?.name ?? '', 80)
    ]
  })
  return table(['Update', 'Result', 'Status', 'Created', 'Ended', 'Commit', 'Author'], rows)
}

function jobTable(targets: readonly TargetReport[]): string {
  const rows = targets.map((t) => {
    const j = t.parsed?.kind === 'job' ? t.parsed.data : undefined
    return [
      codeSpan(t.ref.id),
      result(t),
      codeSpan(t.status, 40),
      escapeText(j?.source?.repository ?? '', 120),
      codeSpan(j?.source?.ref ?? '', 80),
      escapeText(j?.model ?? '', 60),
      escapeText(j?.createdAt ?? '', 40),
      escapeText(j?.archivedAt ?? '', 40),
      j?.prLink ? link('pull request', j.prLink) : ''
    ]
  })
  return table(['Job', 'Result', 'Status', 'Repository', 'Ref', 'Model', 'Created', 'Archived', 'Pull request'], rows)
}

function filesSection(updates: readonly TargetReport[]): string | undefined {
  const lists = { added: new Set<string>(), modified: new Set<string>(), removed: new Set<string>() }
  for (const t of updates) {
    const files = t.parsed?.kind === 'update' ? t.parsed.data.commit?.filesChanged : undefined
    for (const kind of ['added', 'modified', 'removed'] as const) for (const path of files?.[kind] ?? []) lists[kind].add(path)
  }
  const total = lists.added.size + lists.modified.size + lists.removed.size
  if (total === 0) return undefined
  const parts = [`### Files changed (${total})`]
  for (const kind of ['added', 'modified', 'removed'] as const) {
    const paths = [...lists[kind]]
    if (paths.length === 0) continue
    const shown = paths.slice(0, MAX_FILES_LISTED).map((p) => `- ${codeSpan(p, 300)}`)
    if (paths.length > MAX_FILES_LISTED) shown.push(`- … and ${paths.length - MAX_FILES_LISTED} more (see the \`files-${kind}\` output)`)
    parts.push(`**${kind[0]?.toUpperCase()}${kind.slice(1)} (${paths.length})**\n\n${shown.join('\n')}`)
  }
  return parts.join('\n\n')
}

function screenshotSection(updates: readonly TargetReport[]): string | undefined {
  const u = updates.find((t) => t.parsed?.kind === 'update')?.parsed
  if (u?.kind !== 'update') return undefined
  const shots = [image('Screenshot (light)', u.data.screenshotLight ?? u.data.screenshot), image('Screenshot (dark)', u.data.screenshotDark)].filter(Boolean)
  return shots.length > 0 ? `### Screenshots\n\n${shots.join(' ')}` : undefined
}

function logSection(updates: readonly TargetReport[]): string | undefined {
  const withLogs = updates.filter((t) => t.logs.length > 0)
  if (withLogs.length === 0) return undefined
  const parts = ['### Update logs']
  for (const t of withLogs.slice(0, MAX_LOG_TAILS)) {
    const tail = t.logs.slice(-MAX_LOG_TAIL)
    const cut = t.logs.length > tail.length ? ` (last ${tail.length} of ${t.logs.length} lines)` : ''
    parts.push(`<details><summary>${escapeHtml(t.ref.id)}${cut}</summary>\n\n${preBlock(tail)}\n\n</details>`)
  }
  if (withLogs.length > MAX_LOG_TAILS) parts.push(`Logs of ${withLogs.length - MAX_LOG_TAILS} more updates are not shown.`)
  return parts.join('\n\n')
}

export const MAX_SEARCH_ROWS = 10

function searchSection(search: SearchReport): string {
  const parts = ['### Search check']
  if (search.skipped) {
    parts.push(`Skipped: ${escapeText(search.error ?? '', 300)}`)
    return parts.join('\n\n')
  }
  const mark = search.result === 'success' ? '✅ passed' : `${search.result === 'failure' ? '❌' : '⚠️'} ${search.result}`
  parts.push(`${mark}${search.error && search.result !== 'failure' ? `: ${escapeText(search.error, 500)}` : ''}`)
  for (const query of search.queries) {
    const verdict = query.problem ? `❌ ${escapeText(query.problem, 500)}` : `✅ ${query.results.length} result${query.results.length === 1 ? '' : 's'}`
    const rows = query.results.slice(0, MAX_SEARCH_ROWS).map((r, i) => {
      const score = typeof r.metadata.score === 'number' ? r.metadata.score.toFixed(2) : ''
      return [String(i + 1), codeSpan(r.path, 200), escapeText(r.content, 120), score]
    })
    const more = query.results.length > MAX_SEARCH_ROWS ? `\n\n… and ${query.results.length - MAX_SEARCH_ROWS} more (see the \`search-results\` output)` : ''
    parts.push(`**${escapeText(query.query, 200)}** — ${verdict}${rows.length > 0 ? `\n\n${table(['#', 'Path', 'Excerpt', 'Score'], rows)}` : ''}${more}`)
  }
  return parts.join('\n\n')
}

function fitInBudget(markdown: string): string {
  if (Buffer.byteLength(markdown) <= MAX_SUMMARY_BYTES) return markdown
  const note = '\n\n_The summary was cut here to stay under GitHub’s 1 MiB limit; the step outputs hold everything._\n'
  let cut = Buffer.from(markdown)
    .subarray(0, MAX_SUMMARY_BYTES - Buffer.byteLength(note))
    .toString('utf8')
  cut = cut.slice(0, cut.lastIndexOf('\n'))
  return `${cut}${note}`
}
