import { createHash } from 'node:crypto'
import { counted, sentence } from '../text.js'
import { formatDuration } from '../durations.js'
import type { CommentKind, RunOutcome, TargetRef } from '../model.js'
import { describeRef } from '../engine/wait.js'
import { explainTarget } from './advice.js'
import { fileAnnotations, fileRefText } from './evidence.js'
import { explainRun } from './explain.js'
import { commandPlace, GITHUB_ACTIONS_PLACE } from './place.js'
import { escapeText, escapeWithCode, link, codeSpan, table } from './markdown.js'
import { pageFacts, runFacts } from './facts.js'
import { startedMarkdown } from './started.js'
import { resultMark, TARGET_NOUNS, titleFor } from './titles.js'
import { platformCheckUrl } from './outputs.js'
import { commitLine } from '../records/heads.js'

/** Where the comment says it came from: the commit and the run. */
export interface CommentSource {
  runUrl?: string | undefined
  sha?: string | undefined
  /** What the run is called where it runs, and whether it annotates files: a GitHub workflow run does, a GitLab job does not. */
  run?: { label: string; annotates: boolean } | undefined
  /** The run was the merge queue's, for a pull request merging into this branch. */
  mergeQueue?: { base: string } | undefined
  /** What the run's event says of the commit expect-sha names, when it is not the one pushed (advice.ts `ExplainOptions.expectedCommit`). */
  expectedCommit?: string | undefined
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
  const lines = [`### ⏳ Waiting for the ${work}`, '', 'The outcome will replace this comment when the wait ends.', '']
  if (listed.length > 0) lines.push(...listed, '')
  lines.push(footer(source, 'in progress'))
  return withMarker(marker, lines, source.sha)
}

/**
 * What the comment or note says when this run's outcome, of a commit that is no longer the head,
 * was written while the head moved on: the newer head's run writes it (records/heads.ts). It names
 * this run's commit on its second line, so that run, reading it, writes over it.
 */
export function renderLeftToNewerHead(
  marker: string,
  source: CommentSource,
  head: string,
  result: RunOutcome['result'],
  where: { what: 'comment' | 'note'; on: 'pull request' | 'merge request' }
): string {
  const own = `${source.sha ? ` for commit ${codeSpan(source.sha.slice(0, 7))}` : ''} (${resultMark(result)} ${result})`
  const newer = codeSpan(head.slice(0, 7))
  const lines = [
    `### ⏭️ Left to the run of the ${where.on}'s head, ${newer}`,
    '',
    `This ${where.what} showed the outcome${own}, whose run ended after the ${where.on}'s head moved to ${newer}. The run of ${newer} writes its outcome here; until it does, look at that commit's ${where.on === 'pull request' ? 'checks' : 'pipeline'}.`,
    '',
    footer(source, `left to ${newer}`)
  ]
  return withMarker(marker, lines, source.sha)
}

export const MAX_COMMENT_FILES = 20
export const MAX_COMMENT_PAGES = 20

/** Where a comment belongs: the run's workflow, job and step, and the pr-comment-key that keeps matrix legs apart. */
export interface CommentPlace {
  /** A GitHub workflow's step (the default), or a GitLab job, which has no workflow nor step. */
  ci?: 'github' | 'gitlab' | undefined
  /** GITHUB_WORKFLOW: the workflow's name, which names it only when its file is unknown. */
  workflow?: string | undefined
  /** The workflow's file in its repository (`.github/workflows/docs.yml`, from GITHUB_WORKFLOW_REF). */
  workflowFile?: string | undefined
  /** GITHUB_JOB, or GitLab's CI_JOB_NAME (which names a parallel:matrix leg too). */
  job?: string | undefined
  /** GITHUB_ACTION: the step's id, or `__owner_repo` (`_2`, `_3`… for further uses in one job). */
  step?: string | undefined
  /** pr-comment-key. */
  key?: string | undefined
}

/** Each character outside [A-Za-z0-9_.-] as its UTF-8 bytes in %XX: two texts, two parts, and nothing that ends an HTML comment. */
const encoded = (text: string) =>
  [...new TextEncoder().encode(text)]
    .map((byte) => (/[A-Za-z0-9_.-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('')

const kindsPart = (kinds: readonly CommentKind[]) => kinds.join('+') || 'none'

/**
 * The step's whole identity as one text, every part encoded whole (never folded, never cut) and
 * joined by `/`: two steps that differ in any part, by a single character, differ here.
 */
export function commentIdentity(kinds: readonly CommentKind[], place: CommentPlace): string {
  const parts =
    place.ci === 'gitlab'
      ? ['gitlab', place.job, place.key]
      : ['github', place.workflowFile !== undefined ? 'file' : 'name', place.workflowFile ?? place.workflow, place.job, place.step, place.key]
  return [...parts.map((part) => encoded(part ?? '')), kindsPart(kinds)].join('/')
}

/** An identity longer than this is named by its SHA-256 in the marker, never cut. */
export const MAX_MARKER_IDENTITY = 200

const MARKER_OPENING = '<!-- wait-for-docs/3 '

/**
 * The hidden marker that finds this step's comment (or this job's note) again on later runs, on
 * the comment's first line: one per workflow file, job, step, pr-comment-key and kinds of target,
 * so two steps of one job, two legs of a matrix with their own keys, and two workflows however
 * alike their names keep a comment each.
 */
export function commentMarker(kinds: readonly CommentKind[], place: CommentPlace): string {
  const identity = commentIdentity(kinds, place)
  const named = identity.length <= MAX_MARKER_IDENTITY ? identity : `sha256-${createHash('sha256').update(identity).digest('hex')}`
  return `${MARKER_OPENING}${named} -->`
}

/** How earlier versions wrote a part: every run of other characters as `_`, cut at 80 characters. */
const FOLDED_MAX = 80
const folded = (text: string | undefined) => (text ?? '').replace(/[^A-Za-z0-9_.-]+/g, '_')

/**
 * The markers of earlier versions whose comment this step takes over, newest first: each is
 * taken by the one step that could have written it, never by two siblings at once.
 * - The previous marker (GitHub: the workflow's name, the job and the step folded to
 *   [A-Za-z0-9_.-], the key encoded; GitLab: the job's name folded, no key), by the step whose
 *   marker it was; a GitLab job only without a key, since the previous note did not hold it.
 * - The first marker (workflow and job only, before steps and keys were in it), by a step
 *   without pr-comment-key: legs of a matrix, which run at once, all have keys; steps of one job
 *   without a key run one after the other, so the first takes it and the next finds none.
 * A marker whose parts were cut at 80 characters is nobody's alone (legs named alike shared it),
 * so none takes it over.
 */
export function earlierMarkers(kinds: readonly CommentKind[], place: CommentPlace): string[] {
  const github = place.ci !== 'gitlab'
  const workflow = github ? folded(place.workflow) : 'gitlab'
  const parts = [workflow, folded(place.job), ...(github && place.step !== undefined ? [folded(place.step)] : [])]
  if (parts.some((part) => part.length > FOLDED_MAX)) return []
  const kind = kindsPart(kinds)
  const markers: string[] = []
  if (github) markers.push(`<!-- wait-for-docs:${parts.join('/')}${place.key ? `/${encoded(place.key)}` : ''}:${kind} -->`)
  if (!place.key) markers.push(`<!-- wait-for-docs:${workflow}/${folded(place.job)}:${kind} -->`)
  return [...new Set(markers)]
}

/**
 * Which marker heads a comment's body, where the renderer puts it (the first line): its index in
 * `markers` (this step's first, then earlier versions' it takes over), or undefined. A marker
 * anywhere else in the body (quoted, or printed in server text) never makes it the step's.
 */
export function markerRank(body: string, markers: readonly string[]): number | undefined {
  const first = body.split('\n', 1)[0]?.replace(/\r$/, '') ?? ''
  const index = markers.indexOf(first)
  return index === -1 ? undefined : index
}

const ZWSP = '\u200b'

/**
 * The lines below the marker, where server text is: every `<!--` broken by a zero-width space,
 * so nothing there reads as a marker to any version's finder, even one that looks everywhere.
 */
function withMarker(marker: string, lines: readonly string[], sha?: string): string {
  // The commit it reflects, under the marker: a run of an older head reads it before it writes (records/heads.ts).
  const commit = sha && /^[0-9a-f]{7,64}$/i.test(sha) ? `${commitLine(sha)}\n` : ''
  return `${marker}\n${commit}${lines.join('\n').replace(/<!--/g, `<${ZWSP}!--`)}\n`
}

/** The comment: the outcome in short, with every piece of server text escaped. */
export function renderComment(outcome: RunOutcome, marker: string, source: CommentSource | string | undefined): string {
  const from: CommentSource = typeof source === 'string' ? { runUrl: source } : (source ?? {})
  // A run that annotates nothing is the command's under GitLab (the merge request note): its words.
  const explain = { place: from.run && !from.run.annotates ? commandPlace('gitlab') : GITHUB_ACTIONS_PLACE, expectedCommit: from.expectedCommit }
  const { lead, next } = explainRun(outcome, explain)
  const lines = [`### ${titleFor(outcome)}`, '', `**${escapeText(lead[0] ?? '', 600)}**`, '']
  const deployed = deployedLine(outcome, from.sha)
  if (deployed) lines.push(deployed, '')
  const started = startedMarkdown(outcome)
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
      const row = [`${TARGET_NOUNS[t.ref.kind]} ${codeSpan(t.ref.id, 80)}`, `${resultMark(t.result)} ${t.result}`]
      if (withReason) row.push(escapeText(explainTarget(t, explain).reason, 300))
      return withPr ? [...row, prLink ? link('pull request', prLink) : ''] : row
    })
    lines.push(table(['Target', 'Result', ...(withReason ? ['Reason'] : []), ...(withPr ? ['Pull request'] : [])], rows))
    if (outcome.targets.length > MAX_COMMENT_TARGETS) lines.push('', `… and ${outcome.targets.length - MAX_COMMENT_TARGETS} more targets.`)
    lines.push('')
    const checkUrl = platformCheckUrl(outcome)
    if (checkUrl) lines.push(`**Platform deploy:** ${link('open what the platform reported', checkUrl)}`, '')
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
  return withMarker(marker, lines, from.sha)
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
