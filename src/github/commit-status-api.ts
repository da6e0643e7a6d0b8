// The GitHub API call of the commit status: one POST /repos/{owner}/{repo}/statuses/{sha} per state.
import type { ListedStatus } from '../records/gate.js'
import type { GitHubStatusState } from '../report/commit-status.js'
import { ListingNotRead, type Octokit, type RunContext, rateLimited, runUrlOf, unreachableSaid } from './comment-api.js'
import { statusOf } from '../records/failure.js'
import { listedRecords, PageTally } from '../records/listing.js'
import { type ForkPullRequest, forkRefusal, runFork } from './fork.js'
import { runCommit } from './run-commit.js'

/** Where the status goes: the repository, the run's commit and the run; or why there is nowhere. */
export type StatusPlace = { owner: string; repo: string; sha: string; runUrl: string | undefined } | { skip: string }

/**
 * The repository and the run's commit (runCommit: the pull request's head, the merge queue's
 * head_sha, else GITHUB_SHA), and the run's address: a later attempt's own
 * (`…/attempts/N`), so that the statuses of one attempt are told from another's.
 */
export function statusPlace(context: RunContext, attempt = process.env.GITHUB_RUN_ATTEMPT): StatusPlace {
  const { owner, repo } = context.repo
  if (!owner || !repo) return { skip: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' }
  const commit = runCommit(context)
  if ('problem' in commit) return { skip: commit.problem }
  const run = runUrlOf(context, owner, repo)
  const later = attempt && /^\d{1,9}$/.test(attempt) && Number(attempt) > 1 ? `/attempts/${Number(attempt)}` : ''
  return { owner, repo, sha: commit.sha, runUrl: run && `${run}${later}` }
}

export interface CommitStatus {
  state: GitHubStatusState
  context: string
  description: string
  targetUrl: string | undefined
}

/** Posts one status on the commit; GitHub shows the latest of each context. Resolves with its id, when GitHub gave one. */
export async function createCommitStatus(octokit: Octokit, place: Exclude<StatusPlace, { skip: string }>, status: CommitStatus): Promise<number | undefined> {
  const created = await octokit.rest.repos.createCommitStatus({
    owner: place.owner,
    repo: place.repo,
    sha: place.sha,
    state: status.state,
    context: status.context,
    description: status.description,
    ...(status.targetUrl ? { target_url: status.targetUrl } : {})
  })
  const id = (created.data as { id?: unknown } | undefined)?.id
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined
}

/** How many pages of 100 statuses are read at the most (GitHub keeps 1,000 a context; a commit has several). */
export const MAX_STATUS_PAGES = 100
/** What the statuses' listing is called where its pages are counted (records/listing.ts). */
export const STATUSES = "the commit's statuses"

/**
 * Every status of the commit, newest (highest id) first, each once, as the sibling rule reads
 * them (records/siblings.ts). Page after page, by hand, as the comments are: a failure another
 * job wrote may stand below a hundred newer statuses of any context, and a success written over
 * what was not read could cover it. A page that is not a list, or pages that do not end, are a
 * lookup that failed (no success is written over it).
 */
export async function listCommitStatuses(
  octokit: Octokit,
  place: Exclude<StatusPlace, { skip: string }>,
  tally = new PageTally(STATUSES)
): Promise<ListedStatus[]> {
  const found = new Map<number, ListedStatus>()
  for (let page = 1; page <= MAX_STATUS_PAGES; page++) {
    const response = await tally.page(() =>
      octokit.rest.repos.listCommitStatusesForRef({ owner: place.owner, repo: place.repo, ref: place.sha, per_page: 100, page })
    )
    const listed = listedRecords(response.data)
    if ('problem' in listed) throw new ListingNotRead("the commit's statuses", `${listed.problem} (cut short, or not from the GitHub API)`)
    // A list that shifts while it is read (a status written meanwhile) serves one twice: once is enough.
    for (const status of response.data)
      if (typeof status.state === 'string' && typeof status.context === 'string' && !found.has(status.id))
        found.set(status.id, {
          id: status.id,
          state: status.state,
          context: status.context,
          description: status.description ?? undefined,
          targetUrl: status.target_url ?? undefined,
          // A status links the run attempt that wrote it (a failure links where its reason is: the run).
          run: status.target_url?.split('#')[0] ?? undefined
        })
    if (!/rel="next"/.test(response.headers.link ?? '')) return [...found.values()].sort((a, b) => b.id - a.id)
  }
  throw new ListingNotRead("the commit's statuses", `did not end within ${MAX_STATUS_PAGES} pages of 100`)
}

/**
 * What to tell the user when the status could not be written; the step does not fail for it.
 * `fork`: the fork the run's pull request comes from (read from the run's event by default),
 * whose token is read-only whatever the job's permissions say.
 */
export function explainStatusError(error: unknown, fork: ForkPullRequest | undefined = runFork()): string {
  const status = statusOf(error)
  const unreached = unreachableSaid(error)
  if (unreached) return unreached
  if (rateLimited(error)) {
    const message = (error instanceof Error ? error.message : String(error))
      .split('\n')[0]
      ?.replace(/ - https:\/\/docs\.github\.com\S*$/, '')
      .slice(0, 300)
      .replace(/[\s.]+$/, '')
    return `GitHub asked to slow down (HTTP ${status}: ${message}); the next run writes the status again`
  }
  if ((status === 403 || status === 401) && fork) return forkRefusal(fork, 'commit statuses', 'statuses', status)
  if (status === 403 || status === 401)
    return `the token may not write commit statuses (HTTP ${status}). Add \`permissions: statuses: write\` to the job (or pass a github-token that has it)`
  if (status === 404) return 'the repository was not found (HTTP 404); check that github-token belongs to this repository and has statuses: write'
  if (status === 422 && error instanceof Error && /maximum number of statuses/i.test(error.message))
    return (
      `the commit already has GitHub's most statuses of one name, 1000 per commit and context (HTTP 422), and GitHub takes no more: ` +
      `the check keeps the state it had before this run, which may be an earlier run's success. ` +
      `Give commit-status a new context name (and require that name in branch protection), or push a new commit`
    )
  // GitHub's own words, one line, without the documentation's address octokit appends.
  const said = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.replace(/ - https:\/\/docs\.github\.com\S*$/, '') ?? ''
  if (status === 422) return `GitHub refused the status (HTTP 422: ${said.slice(0, 200)}); the commit of the run may not be in this repository`
  return `${status ? `HTTP ${status}: ` : ''}${said.slice(0, 300)}`
}
