// Types only: @actions/github itself is loaded lazily, and only when a comment is asked for.
import type { getOctokit } from '@actions/github'

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
