import { counted, sentence } from '../text.js'
import { formatDuration } from '../durations.js'
import type { CommentKind, RunOutcome, TargetRef } from '../model.js'
import { describeRef } from '../engine/wait.js'
import { explainTarget } from './advice.js'
import { fileAnnotations, fileRefText } from './evidence.js'
import { explainRun, resultMark, titleFor } from './explain.js'
import { commandPlace, GITHUB_ACTIONS_PLACE } from './place.js'
import { escapeText, escapeWithCode, link, codeSpan, table } from './markdown.js'
import { pageFacts, runFacts } from './facts.js'
import { startedMarkdown } from './started.js'

/** Where the comment says it came from: the commit and the run. */
export interface CommentSource {
  runUrl?: string | undefined
  sha?: string | undefined
  /** What the run is called where it runs, and whether it annotates files: a GitHub workflow run does, a GitLab job does not. */
  run?: { label: string; annotates: boolean } | undefined
  /** The run was the merge queue's, for a pull request merging into this branch. */
  mergeQueue?: { base: string } | undefined
}

const WORKFLOW_RUN = { label: 'workflow run', annotates: true }

function footer(source: CommentSource, extra: string): string {
  const parts = [
    ...(source.sha ? [`commit ${codeSpan(source.sha.slice(0, 7))}`] : []),
    ...(source.runUrl ? [`[${(source.run ?? WORKFLOW_RUN).label}](${source.runUrl})`] : []),
    ...(source.mergeQueue ? [`ran in the merge queue (into ${codeSpan(source.mergeQueue.base, 100)})`] : []),
    ...(extra ? [extra] : [])
  ]
  return `<sub>${parts.join(' · ')}</sub>`
}

export const MAX_COMMENT_TARGETS = 50

/** The comment posted when the wait starts; the outcome replaces it when the wait ends. */
export function renderInProgressComment(marker: string, targets: readonly TargetRef[], source: CommentSource, work: string): string {
  const listed = targets.slice(0, MAX_COMMENT_TARGETS).map((ref) => `- ${describeRef(ref).replace(/ \S+$/, '')} ${codeSpan(ref.id, 80)}`)
  if (targets.length > MAX_COMMENT_TARGETS) listed.push(`- … and ${targets.length - MAX_COMMENT_TARGETS} more`)
  const lines = [marker, `### ⏳ Waiting for the ${work}`, '', 'The outcome will replace this comment when the wait ends.', '']
  if (listed.length > 0) lines.push(...listed, '')
  lines.push(footer(source, 'in progress'))
  return `${lines.join('\n')}\n`
}

export const MAX_COMMENT_FILES = 20
export const MAX_COMMENT_PAGES = 20

/** Where a comment belongs: the run's workflow, job and step, and the pr-comment-key that keeps matrix legs apart. */
export interface CommentPlace {
  workflow?: string | undefined
  job?: string | undefined
  /** GITHUB_ACTION: the step's id, or `__owner_repo` (`_2`, `_3`… for further uses in one job). */
  step?: string | undefined
  /** pr-comment-key. */
  key?: string | undefined
}

// Outside the runner GITHUB_WORKFLOW and GITHUB_JOB may be unset.
const markerPart = (text: string | undefined) => (text ?? '').replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 80)
/** Two keys give two markers: every character outside [A-Za-z0-9_.-] is written as its UTF-8 bytes in %XX. */
const keyPart = (key: string) =>
  [...new TextEncoder().encode(key)]
    .map((byte) => (/[A-Za-z0-9_.-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('')

/**
 * The hidden marker that finds this step's comment again on later runs: one per workflow, job,
 * step, pr-comment-key and kind of target, so two steps of one job, and two legs of a matrix
 * with their own keys, keep a comment each.
 */
export function commentMarker(kinds: readonly CommentKind[], place: CommentPlace): string {
  const key = place.key ? `/${keyPart(place.key)}` : ''
  // Where there are no steps (a GitLab job), the workflow and the job name the place.
  const step = place.step === undefined ? '' : `/${markerPart(place.step)}`
  return `<!-- wait-for-docs:${markerPart(place.workflow)}/${markerPart(place.job)}${step}${key}:${kinds.join('+') || 'none'} -->`
}

/** The marker of earlier versions, which named the workflow and the job only: its comment is taken over once. */
export function legacyCommentMarker(kinds: readonly CommentKind[], place: CommentPlace): string {
  return `<!-- wait-for-docs:${markerPart(place.workflow)}/${markerPart(place.job)}:${kinds.join('+') || 'none'} -->`
}

/** The comment: the outcome in short, with every piece of server text escaped. */
export function renderComment(outcome: RunOutcome, marker: string, source: CommentSource | string | undefined): string {
  const from: CommentSource = typeof source === 'string' ? { runUrl: source } : (source ?? {})
  // A run that annotates nothing is the command's under GitLab (the merge request note): its words.
  const explain = { place: from.run && !from.run.annotates ? commandPlace('gitlab') : GITHUB_ACTIONS_PLACE }
  const { lead, next } = explainRun(outcome, explain)
  const lines = [marker, `### ${titleFor(outcome)}`, '', `**${escapeText(lead[0] ?? '', 600)}**`, '']
  const deployed = deployedLine(outcome, from.sha)
  if (deployed) lines.push(deployed, '')
  const started = startedMarkdown(outcome.trigger)
  if (started) lines.push(started, '')
  if (outcome.problems.length > 0) lines.push(...outcome.problems.slice(0, 20).map((problem) => `- ${escapeText(problem, 300)}`), '')
  if (next) lines.push(`**Next:** ${escapeWithCode(sentence(next).slice(0, -1), 400)}.`, '')
  // The log lines are not quoted here: the files they name are, with the run that annotates them.
  const named = fileAnnotations(outcome)
  if (named.length > 0) {
    const run = from.run ?? WORKFLOW_RUN
    const where = !from.runUrl ? '' : run.annotates ? ` (annotated in the ${link(run.label, from.runUrl)})` : ` (see the ${link(run.label, from.runUrl)})`
    lines.push(`**Files named in the update log:** ${named.map((note) => codeSpan(fileRefText(note), 150)).join(', ')}${where}`, '')
  }
  if (outcome.targets.length > 0) {
    const withPr = outcome.targets.some((t) => t.ref.kind === 'job')
    // One target's reason is the lead above; several each get theirs.
    const withReason = outcome.targets.length > 1
    const rows = outcome.targets.slice(0, MAX_COMMENT_TARGETS).map((t) => {
      const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined
      const row = [`${t.ref.kind === 'update' ? 'update' : 'agent job'} ${codeSpan(t.ref.id, 80)}`, `${resultMark(t.result)} ${t.result}`]
      if (withReason) row.push(escapeText(explainTarget(t, explain).reason, 300))
      return withPr ? [...row, prLink ? link('pull request', prLink) : ''] : row
    })
    lines.push(table(['Target', 'Result', ...(withReason ? ['Reason'] : []), ...(withPr ? ['Pull request'] : [])], rows))
    if (outcome.targets.length > MAX_COMMENT_TARGETS) lines.push('', `… and ${outcome.targets.length - MAX_COMMENT_TARGETS} more targets.`)
    lines.push('')
  }
  const facts = runFacts(outcome)
  const files = facts.files.changed
  if (files.length > 0) {
    const shown = files
      .slice(0, MAX_COMMENT_FILES)
      .map((f) => codeSpan(f, 150))
      .join(', ')
    lines.push(`**Files changed (${files.length}):** ${shown}${files.length > MAX_COMMENT_FILES ? `, … and ${files.length - MAX_COMMENT_FILES} more` : ''}`, '')
  }
  if (outcome.pages && !outcome.pages.skipped) {
    lines.push('**Pages:**', '')
    for (const page of outcome.pages.pages.slice(0, MAX_COMMENT_PAGES)) {
      const [found, holds, when] = pageFacts(page)
      lines.push(`- ${resultMark(page.result)} ${codeSpan(page.path, 150)}: found ${found}, holds the text ${holds}, ${when}`)
    }
    if (outcome.pages.pages.length > MAX_COMMENT_PAGES) lines.push(`- … and ${outcome.pages.pages.length - MAX_COMMENT_PAGES} more (see the job summary)`)
    lines.push('')
  }
  if (outcome.search && !outcome.search.skipped) {
    const count = facts.searchResults
    lines.push(`**Search check:** ${outcome.search.result}, ${counted(outcome.search.queries.length, 'query', 'queries')}, ${count} results`, '')
  }
  lines.push(footer(from, `took ${formatDuration(outcome.elapsedMs)}`))
  return `${lines.join('\n')}\n`
}

/** Deployed commits listed one by one; the summary has every update. */
const MAX_DEPLOYED_LISTED = 5

/**
 * The commit each update deployed (its record's `commit.sha`, once the platform says `success`),
 * which may not be the run's commit (a deploy branch, a re-run): said beside it when it differs.
 */
export function deployedLine(outcome: RunOutcome, runSha: string | undefined): string | undefined {
  const deployed = outcome.targets.flatMap((t) =>
    t.parsed?.kind === 'update' && t.parsed.data.status === 'success' && t.parsed.data.commit?.sha?.trim()
      ? [{ id: t.ref.id, sha: t.parsed.data.commit.sha.trim() }]
      : []
  )
  if (deployed.length === 0) return undefined
  const shas = [...new Set(deployed.map((d) => d.sha))]
  const short = (sha: string) => codeSpan(sha.slice(0, 7))
  const listed =
    shas.length === 1
      ? short(shas[0] ?? '')
      : deployed
          .slice(0, MAX_DEPLOYED_LISTED)
          .map((d) => `${short(d.sha)} (update ${codeSpan(d.id, 80)})`)
          .join(', ') + (deployed.length > MAX_DEPLOYED_LISTED ? `, … and ${deployed.length - MAX_DEPLOYED_LISTED} more` : '')
  const run = runSha?.toLowerCase()
  const other = run !== undefined && shas.some((sha) => !(sha.toLowerCase().startsWith(run) || run.startsWith(sha.toLowerCase())))
  return `**Deployed commit${shas.length === 1 ? '' : 's'}:** ${listed}${other ? ` — not the commit of this run, ${short(runSha ?? '')}` : ''}`
}
