// Types only: @actions/github itself is loaded lazily, and only when a comment is asked for.
import type { getOctokit } from '@actions/github'
import { counted } from '../text.js'
import { formatDuration } from '../durations.js'
import type { CommentKind, RunOutcome, TargetRef } from '../model.js'
import { describeRef } from '../engine/wait.js'
import { explainRun, explainTarget, resultMark, titleFor } from './explain.js'
import { escapeText, escapeWithCode, link, codeSpan, table } from './markdown.js'
import { pageFacts, runFacts } from './facts.js'
import { startedMarkdown } from './started.js'

export type Octokit = ReturnType<typeof getOctokit>

/** Where the comment goes, or why there is nowhere to put it. */
export type CommentTarget = { owner: string; repo: string; number: number } | { skip: string }

/** The parts of the run's context the comment needs (from @actions/github's context). */
export interface RunContext {
  eventName: string
  repo: { owner: string; repo: string }
  payload: { pull_request?: { number?: number; head?: { sha?: string } } }
  serverUrl: string
  runId: number
  sha?: string
}

/** The commit the run reflects: the pull request's head (what was pushed), else the run's GITHUB_SHA. */
export function commentCommit(context: RunContext): string | undefined {
  const sha = context.payload.pull_request?.head?.sha ?? context.sha
  return sha && /^[0-9a-f]{7,64}$/i.test(sha) ? sha : undefined
}

/** Where the comment says it came from: the commit and the run. */
export interface CommentSource {
  runUrl?: string | undefined
  sha?: string | undefined
}

function footer(source: CommentSource, extra: string): string {
  const parts = [
    ...(source.sha ? [`commit ${codeSpan(source.sha.slice(0, 7))}`] : []),
    ...(source.runUrl ? [`[workflow run](${source.runUrl})`] : []),
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

/** The pull request of the run, or the one named by pr-number-target. */
export function commentTarget(context: RunContext, prNumberTarget: number | undefined): CommentTarget {
  const number = prNumberTarget ?? context.payload.pull_request?.number
  if (!context.repo.owner || !context.repo.repo) return { skip: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' }
  if (number === undefined)
    return {
      skip: `this run (event ${context.eventName || 'unknown'}) is not for a pull request; on workflow_run or push, pass the number in pr-number-target`
    }
  return { owner: context.repo.owner, repo: context.repo.repo, number }
}

/**
 * The hidden marker that finds this step's comment again on later runs: one per workflow, job
 * and kind of target, so two steps of one workflow keep two comments.
 */
export function commentMarker(kinds: readonly CommentKind[], workflow: string | undefined, job: string | undefined): string {
  // Outside the runner GITHUB_WORKFLOW and GITHUB_JOB may be unset.
  const clean = (text: string | undefined) => (text ?? '').replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 80)
  return `<!-- wait-for-docs:${clean(workflow)}/${clean(job)}:${kinds.join('+') || 'none'} -->`
}

/** The comment: the outcome in short, with every piece of server text escaped. */
export function renderComment(outcome: RunOutcome, marker: string, source: CommentSource | string | undefined): string {
  const from: CommentSource = typeof source === 'string' ? { runUrl: source } : (source ?? {})
  const { lead, next } = explainRun(outcome)
  const lines = [marker, `### ${titleFor(outcome)}`, '', `**${escapeText(lead[0] ?? '', 600)}**`, '']
  const deployed = deployedLine(outcome, from.sha)
  if (deployed) lines.push(deployed, '')
  const started = startedMarkdown(outcome.trigger)
  if (started) lines.push(started, '')
  if (outcome.problems.length > 0) lines.push(...outcome.problems.slice(0, 20).map((problem) => `- ${escapeText(problem, 300)}`), '')
  if (next) lines.push(`**Next:** ${escapeWithCode(next, 400)}.`, '')
  if (outcome.targets.length > 0) {
    const withPr = outcome.targets.some((t) => t.ref.kind === 'job')
    // One target's reason is the lead above; several each get theirs.
    const withReason = outcome.targets.length > 1
    const rows = outcome.targets.slice(0, MAX_COMMENT_TARGETS).map((t) => {
      const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined
      const row = [`${t.ref.kind === 'update' ? 'update' : 'agent job'} ${codeSpan(t.ref.id, 80)}`, `${resultMark(t.result)} ${t.result}`]
      if (withReason) row.push(escapeText(explainTarget(t).reason, 300))
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

/** Updates the comment that carries the marker, or creates it. */
export async function upsertComment(
  octokit: Octokit,
  target: { owner: string; repo: string; number: number },
  marker: string,
  body: string
): Promise<'created' | 'updated'> {
  const where = { owner: target.owner, repo: target.repo }
  for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, { ...where, issue_number: target.number, per_page: 100 })) {
    const mine = page.data.find((comment) => comment.body?.includes(marker))
    if (mine) {
      await octokit.rest.issues.updateComment({ ...where, comment_id: mine.id, body })
      return 'updated'
    }
  }
  await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body })
  return 'created'
}

/** What to tell the user when the comment could not be written; the step does not fail for it. */
export function explainCommentError(error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : undefined
  if (status === 403 || status === 401)
    return `the token may not comment on pull requests (HTTP ${status}). Add \`permissions: pull-requests: write\` to the job (or pass a github-token that has it)`
  if (status === 404) return 'the pull request was not found (HTTP 404); check pr-number-target and that the token can see the repository'
  const message = error instanceof Error ? error.message : String(error)
  return `${status ? `HTTP ${status}: ` : ''}${message.split('\n')[0]?.slice(0, 300)}`
}
