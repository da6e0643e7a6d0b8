// The GitHub API call of the commit status: one POST /repos/{owner}/{repo}/statuses/{sha} per state.
import type { GitHubStatusState } from '../report/commit-status.js'
import { type Octokit, type RunContext, rateLimited, runUrlOf } from './comment-api.js'
import { runCommit } from './run-commit.js'

/** Where the status goes: the repository, the run's commit and the run; or why there is nowhere. */
export type StatusPlace = { owner: string; repo: string; sha: string; runUrl: string | undefined } | { skip: string }

/** The repository and the run's commit (runCommit: the pull request's head, the merge queue's head_sha, else GITHUB_SHA). */
export function statusPlace(context: RunContext): StatusPlace {
  const { owner, repo } = context.repo
  if (!owner || !repo) return { skip: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' }
  const commit = runCommit(context)
  if ('problem' in commit) return { skip: commit.problem }
  return { owner, repo, sha: commit.sha, runUrl: runUrlOf(context, owner, repo) }
}

export interface CommitStatus {
  state: GitHubStatusState
  context: string
  description: string
  targetUrl: string | undefined
}

/** Posts one status on the commit; GitHub shows the latest of each context. */
export async function createCommitStatus(octokit: Octokit, place: Exclude<StatusPlace, { skip: string }>, status: CommitStatus): Promise<void> {
  await octokit.rest.repos.createCommitStatus({
    owner: place.owner,
    repo: place.repo,
    sha: place.sha,
    state: status.state,
    context: status.context,
    description: status.description,
    ...(status.targetUrl ? { target_url: status.targetUrl } : {})
  })
}

/** The token may not write statuses: sending the outcome would be refused the same way. */
export function refused(error: unknown): boolean {
  const status = statusOf(error)
  return (status === 401 || status === 403 || status === 404) && !rateLimited(error)
}

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : undefined
}

/** What to tell the user when the status could not be written; the step does not fail for it. */
export function explainStatusError(error: unknown): string {
  const status = statusOf(error)
  if (rateLimited(error)) {
    const message = (error instanceof Error ? error.message : String(error))
      .split('\n')[0]
      ?.replace(/ - https:\/\/docs\.github\.com\S*$/, '')
      .slice(0, 300)
      .replace(/[\s.]+$/, '')
    return `GitHub asked to slow down (HTTP ${status}: ${message}); the next run writes the status again`
  }
  if (status === 403 || status === 401)
    return `the token may not write commit statuses (HTTP ${status}). Add \`permissions: statuses: write\` to the job (or pass a github-token that has it)`
  if (status === 404) return 'the repository was not found (HTTP 404); check that github-token belongs to this repository and has statuses: write'
  if (status === 422) {
    const message = error instanceof Error ? error.message.split('\n')[0]?.slice(0, 200) : ''
    return `GitHub refused the status (HTTP 422: ${message}); the commit of the run may not be in this repository`
  }
  const message = error instanceof Error ? error.message : String(error)
  return `${status ? `HTTP ${status}: ` : ''}${message.split('\n')[0]?.slice(0, 300)}`
}
