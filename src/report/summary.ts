import { formatDuration } from '../durations.js'
import { counted, oneLine, sentence } from '../text.js'
import type { DryRunCheck, DryRunReport, PagesReport, RunOutcome, SearchReport, TargetReport } from '../model.js'
import type { ExplainOptions, Explainer, RunExplanation } from './explainer.js'
import { codeSpan, escapeHtml, escapeText, escapeWithCode, image, link, preBlock, table } from './markdown.js'
import { pageFacts, runFacts, type FilesChanged } from './facts.js'
import { startedMarkdown } from './started.js'
import { REPORT_KIND_WORDS, reportUrl, stateWord } from '../engine/targets/platform-check.js'
import { resultMark, titleFor } from './titles.js'

/** GitHub refuses step summaries over 1 MiB; stay well under it. */
export const MAX_SUMMARY_BYTES = 1000 * 1024
export const MAX_FILES_LISTED = 100
export const MAX_LOG_TAIL = 30
export const MAX_LOG_TAILS = 5

export interface SummaryOptions extends ExplainOptions {
  /** Wall-clock time when the summary is written: a start time of another day than this one gives its date. */
  now?: number
}

/**
 * The job summary as Markdown; every piece of server text in it is escaped. `told` explains the
 * outcome (load-explainer.ts: loaded only when there is something to explain).
 */
export function renderSummary(outcome: RunOutcome, told: Explainer, options: SummaryOptions = {}): string {
  const now = options.now ?? Date.now()
  const said = told.explainRun(outcome, options)
  const sections: string[] = [`## ${titleFor(outcome)}`, reasonSection(outcome, said)]
  // What this run started (by a trigger), right under the reason.
  const started = startedMarkdown(outcome)
  if (started) sections.push(started)
  if (outcome.dryRun) sections.push('### Dry run', dryRunTable(outcome.dryRun))
  if (outcome.problems.length > 0)
    // The explanation quotes each problem as the user reads it where the step runs.
    sections.push('### Input problems', (said.quoted[0] ?? []).map((p) => `- ${escapeText(p, 500)}`).join('\n'))

  const updates = outcome.targets.filter((t) => t.ref.kind === 'update')
  const jobs = outcome.targets.filter((t) => t.ref.kind === 'job')
  const several = outcome.targets.length > 1
  const reasonOf = (t: TargetReport) => told.explainTarget(t, options).reason
  if (updates.length > 0) sections.push(updates.length === 1 ? '### Update' : `### Updates (${updates.length})`, updateTable(updates, now, several, reasonOf))
  if (jobs.length > 0) sections.push(jobs.length === 1 ? '### Agent job' : `### Agent jobs (${jobs.length})`, jobTable(jobs, now, several, reasonOf))
  const checks = outcome.targets.filter((t) => t.ref.kind === 'platform-check')
  if (checks.length > 0) sections.push('### Platform deploy', checkTable(checks, several, reasonOf))
  const logs = logSection(updates, told)
  if (logs) sections.push(logs)
  const facts = runFacts(outcome)
  const files = filesSection(facts.files)
  if (files) sections.push(files)
  const screenshots = screenshotSection(updates)
  if (screenshots) sections.push(screenshots)
  if (outcome.pages) sections.push(pagesSection(outcome.pages))
  if (outcome.search) sections.push(searchSection(outcome.search))
  const { polls } = facts
  const exact = outcome.targets.length > 0 ? ' Hover a time for the exact moment (UTC).' : ''
  sections.push(`<sub>Finished in ${formatDuration(outcome.elapsedMs)} with ${counted(polls, 'poll')}.${exact}</sub>`)
  return fitInBudget(`${sections.join('\n\n')}\n`)
}

/** The marks of the dry run's checks. */
const CHECK_MARKS: Record<DryRunCheck['state'], string> = { ok: '✅', warning: '⚠️ unproven', problem: '❌', unknown: '❔ not learnt' }

/** The dry run: a row per check, what it checked and what it found. */
function dryRunTable(report: DryRunReport): string {
  return table(
    ['Check', 'Found'],
    report.checks.map((check) => [`${CHECK_MARKS[check.state]} ${escapeText(check.subject, 100)}`, escapeWithCode(check.words, 1500)])
  )
}

/** What happened, in bold, then each failing target with its own evidence under it, and the next step. */
function reasonSection(outcome: RunOutcome, { lead, quoted, next }: RunExplanation): string {
  // Input problems have their own section; error lines are quoted here, and open in the log below.
  const evidence = (i: number) => (outcome.problems.length === 0 && (quoted[i]?.length ?? 0) > 0 ? [preBlock(quoted[i] ?? [])] : [])
  const parts = lead.flatMap((line, i) => [i === 0 ? `**${escapeText(line, 1000)}**` : `- ${escapeText(line.replace(/^- /, ''), 600)}`, ...evidence(i)])
  if (next) parts.push(`**Next:** ${escapeWithCode(sentence(next).slice(0, -1), 600)}.`)
  return parts.join('\n\n')
}

/** The result of one target; its reason too when there are several (one target's reason leads the summary). */
function resultCell(t: TargetReport, withReason: boolean, reasonOf: (t: TargetReport) => string): string {
  // The status shows only where it says more than the result (a timeout while "in_progress").
  const status = t.status && t.status !== t.result && !(t.result === 'failure' && /^fail/.test(t.status)) ? ` (${codeSpan(t.status, 40)})` : ''
  const why = !withReason ? '' : t.result === 'success' ? (t.note ? `<br>${escapeText(t.note, 200)}` : '') : `<br>${escapeText(reasonOf(t), 300)}`
  return `${resultMark(t.result)} ${t.result}${status}${why}`
}

/** When something started (its clock time) or how long it took, with the exact times in a tooltip. */
export function timeCell(label: string, iso: string | null | undefined, endIso: string | null | undefined, now: number): string {
  const start = iso ? Date.parse(iso) : Number.NaN
  if (!iso || Number.isNaN(start)) return ''
  const end = endIso ? Date.parse(endIso) : Number.NaN
  const title = `${label} ${new Date(start).toISOString()}${Number.isNaN(end) ? '' : `, ended ${new Date(end).toISOString()}`}`
  // A summary is read long after it was written: a clock time, never "… ago". The date only when it is not the day of the run.
  const at = new Date(start).toISOString()
  const day = at.slice(0, 10) === new Date(now).toISOString().slice(0, 10) ? '' : `${at.slice(0, 10)} `
  const words = Number.isNaN(end) ? `${label} ${day}${at.slice(11, 19)} UTC` : `took ${formatDuration(Math.max(0, end - start))}`
  return `<span title="${escapeHtml(title)}">${words}</span>`
}

function updateTable(targets: readonly TargetReport[], now: number, withReason: boolean, reasonOf: (t: TargetReport) => string): string {
  const rows = targets.map((t) => {
    const u = t.parsed?.kind === 'update' ? t.parsed.data : undefined
    const commit = u?.commit
    const commitCell = commit?.sha
      ? `${codeSpan(commit.sha.slice(0, 7))}${commit.ref ? ` on ${codeSpan(commit.ref, 80)}` : ''}${commit.message ? `<br>${escapeText(commit.message, 120)}` : ''}`
      : ''
    return [
      codeSpan(t.ref.id),
      resultCell(t, withReason, reasonOf),
      commitCell,
      escapeText(u?.author?.name ?? '', 80),
      timeCell('started', u?.createdAt, u?.endedAt, now)
    ]
  })
  return table(['Update', 'Result', 'Commit', 'Author', 'Time'], rows)
}

function jobTable(targets: readonly TargetReport[], now: number, withReason: boolean, reasonOf: (t: TargetReport) => string): string {
  const rows = targets.map((t) => {
    const j = t.parsed?.kind === 'job' ? t.parsed.data : undefined
    const source = j?.source?.repository ? `${escapeText(j.source.repository, 120)}${j.source.ref ? ` @ ${codeSpan(j.source.ref, 80)}` : ''}` : ''
    const model = j?.model ? `${source ? '<br>' : ''}model ${escapeText(j.model, 60)}` : ''
    return [
      codeSpan(t.ref.id),
      resultCell(t, withReason, reasonOf),
      j?.prLink ? link('pull request', j.prLink) : '',
      `${source}${model}`,
      timeCell('started', j?.createdAt, j?.archivedAt, now)
    ]
  })
  return table(['Job', 'Result', 'Pull request', 'Source', 'Time'], rows)
}

/** Most reports of a platform check listed; a pattern may match many. */
const MAX_CHECK_REPORTS = 20

/** Each report that counts for a platform check, with its state and address; the commit it was read on. */
function checkTable(targets: readonly TargetReport[], withReason: boolean, reasonOf: (t: TargetReport) => string): string {
  const rows = targets.map((t) => {
    const data = t.parsed?.kind === 'platform-check' ? t.parsed.data : undefined
    const matched = data?.matched ?? []
    const reports = matched
      .slice(0, MAX_CHECK_REPORTS)
      .map((r) => {
        const url = reportUrl(r)
        const label = `${REPORT_KIND_WORDS[r.kind]} ${oneLine(r.name, 100)}`
        return `${url ? link(label, url) : escapeText(label, 120)}: ${codeSpan(stateWord(r), 40)}`
      })
      .join('<br>')
    const more = matched.length > MAX_CHECK_REPORTS ? `<br>… and ${matched.length - MAX_CHECK_REPORTS} more` : ''
    return [
      codeSpan(t.ref.id, 200),
      resultCell(t, withReason, reasonOf),
      data?.commit ? codeSpan(data.commit.slice(0, 7)) : '',
      reports ? `${reports}${more}` : matched.length === 0 && data ? 'none found yet' : ''
    ]
  })
  return table(['Platform check', 'Result', 'Commit', 'Reports'], rows)
}

function filesSection(files: FilesChanged): string | undefined {
  const total = files.changed.length
  if (total === 0) return undefined
  const parts = [`### Files changed (${total})`]
  for (const kind of ['added', 'modified', 'removed'] as const) {
    const paths = files[kind]
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
  const light = image('Screenshot (light)', u.data.screenshotLight ?? u.data.screenshot)
  const dark = image('Screenshot (dark)', u.data.screenshotDark)
  const shots: { label: string; img: string }[] = []
  if (light) shots.push({ label: 'Light', img: light })
  if (dark) shots.push({ label: 'Dark', img: dark })
  if (shots.length === 0) return undefined
  return `### Screenshots\n\n${table(
    shots.map((shot) => shot.label),
    [shots.map((shot) => shot.img)]
  )}`
}

function logSection(updates: readonly TargetReport[], told: Explainer): string | undefined {
  // An update that ended with an unknown status is shown by its record even without a log: the reason points here.
  const shown = updates.filter((t) => t.logs.length > 0 || told.unknownEndOf(t))
  if (shown.length === 0) return undefined
  const parts = ['### Update logs']
  for (const t of shown.slice(0, MAX_LOG_TAILS)) {
    const tail = t.logs.slice(-MAX_LOG_TAIL)
    const cut = t.logs.length > tail.length ? ` (last ${tail.length} of ${t.logs.length} lines)` : ''
    const unknown = told.unknownEndOf(t)
    const status = unknown ? ` — status ${escapeHtml(oneLine(t.status, 80)).replace(/@/g, '@\u200b')}` : ''
    const summary = unknown?.summary
    const body = [...(summary ? [`Summary: ${escapeText(summary, 300)}`] : []), tail.length > 0 ? preBlock(tail) : 'Its record has no log lines.'].join('\n\n')
    // Open where the log holds the failure; closed where it only tells of a success.
    const open = t.result === 'failure' || unknown ? ' open' : ''
    parts.push(`<details${open}><summary>${resultMark(t.result)} ${escapeHtml(t.ref.id)}${status}${cut}</summary>\n\n${body}\n\n</details>`)
  }
  if (shown.length > MAX_LOG_TAILS) parts.push(`Logs of ${shown.length - MAX_LOG_TAILS} more updates are not shown.`)
  return parts.join('\n\n')
}

export const MAX_PAGE_ROWS = 50

function pagesSection(pages: PagesReport): string {
  const parts = ['### Pages']
  if (pages.skipped) {
    parts.push(`Skipped: ${escapeText(pages.reason, 300)}`)
    return parts.join('\n\n')
  }
  const rows = pages.pages.slice(0, MAX_PAGE_ROWS).map((page) => [codeSpan(page.path, 200), `${resultMark(page.result)} ${page.result}`, ...pageFacts(page)])
  parts.push(table(['Page', 'Result', 'Found', 'Holds the text', 'When'], rows))
  if (pages.pages.length > MAX_PAGE_ROWS) parts.push(`… and ${pages.pages.length - MAX_PAGE_ROWS} more (see the \`page-results\` output)`)
  return parts.join('\n\n')
}

export const MAX_SEARCH_ROWS = 10

function searchSection(search: SearchReport): string {
  const parts = ['### Search check']
  if (search.skipped) {
    parts.push(`Skipped: ${escapeText(search.reason, 300)}`)
    return parts.join('\n\n')
  }
  const mark = search.result === 'success' ? '✅ passed' : `${search.result === 'failure' ? '❌' : '⚠️'} ${search.result}`
  parts.push(`${mark}${search.error && search.result !== 'failure' ? `: ${escapeText(search.error, 500)}` : ''}`)
  for (const query of search.queries) {
    const verdict = query.problem ? `❌ ${escapeText(query.problem, 500)}` : `✅ ${counted(query.results.length, 'result')}`
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
