// Types only: @actions/github itself is loaded lazily, and only when a deployment is asked for.
import type { DeploymentState } from '../report/deployment.js'
import type { Octokit, RunContext } from './comment-api.js'
import { ListingNotRead, NotAnswered, rateLimited, runUrlOf, unreachableSaid } from './comment-api.js'
import { type ForkPullRequest, forkRefusal, runFork } from './fork.js'
import { runCommit } from './run-commit.js'
import { statusOf } from '../records/failure.js'
import { listedRecords } from '../records/listing.js'

/** Where the deployment goes: the repository, the commit it deploys and the run it links; or why there is nowhere. */
export type DeploymentPlace = { owner: string; repo: string; ref: string; runUrl: string | undefined } | { skip: string }

/** The repository and commit of the run (runCommit of run-commit.ts: the pull request's head, the merge queue's head, else GITHUB_SHA). */
export function deploymentPlace(context: RunContext): DeploymentPlace {
  const { owner, repo } = context.repo
  if (!owner || !repo) return { skip: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' }
  const commit = runCommit(context)
  if ('problem' in commit) return { skip: commit.problem }
  return { owner, repo, ref: commit.sha, runUrl: runUrlOf(context, owner, repo) }
}

type Place = Exclude<DeploymentPlace, { skip: string }>

export interface NewDeployment {
  environment: string
  /** A preview: GitHub marks it inactive once a later deployment of the environment succeeds. */
  transient: boolean
  description: string
  /** This run's own mark, in the deployment's payload: how the run finds it again when the POST's answer was lost. */
  marker: string
}

/** The key of the payload that holds the run's mark. */
const MARK = 'wait-for-docs-run'

/** Creates the deployment (one POST, never repeated) and returns its id. */
export async function createDeployment(octokit: Octokit, place: Place, deployment: NewDeployment): Promise<number> {
  const { data } = await octokit.rest.repos.createDeployment({
    owner: place.owner,
    repo: place.repo,
    ref: place.ref,
    environment: deployment.environment,
    description: deployment.description,
    auto_merge: false,
    required_contexts: [],
    transient_environment: deployment.transient,
    payload: { [MARK]: deployment.marker }
  })
  const answer: unknown = data
  if (typeof answer === 'object' && answer !== null) {
    if ('id' in answer && typeof answer.id === 'number') return answer.id
    // A 202 answers a merge of the default branch, which auto_merge: false never asks for.
    if ('message' in answer) throw new Error(`GitHub created no deployment: ${String(answer.message)}`)
  }
  // Perhaps created, where unknown: the lifecycle finds it again by its mark, never creates a second.
  throw new NotAnswered('the POST that creates the deployment', 'did not name the deployment (cut short, or not from the GitHub API)', 201)
}

/**
 * The deployment this run created, found by its mark among the latest of the environment for the
 * commit (a GET): for a POST whose answer was lost while GitHub created it. Undefined when there is none.
 * One page is enough: GitHub lists the newest first, and the run's own was created moments ago.
 */
export async function findDeployment(octokit: Octokit, place: Place, wanted: { environment: string; marker: string }): Promise<number | undefined> {
  const { data } = await octokit.rest.repos.listDeployments({
    owner: place.owner,
    repo: place.repo,
    sha: place.ref,
    environment: wanted.environment,
    per_page: 100
  })
  const listed = listedRecords(data)
  if ('problem' in listed) throw new ListingNotRead("the run's deployments", `${listed.problem} (cut short, or not from the GitHub API)`)
  const payloadOf = (payload: unknown): unknown => {
    if (typeof payload !== 'string') return payload
    try {
      return JSON.parse(payload)
    } catch {
      return undefined
    }
  }
  return data.find((deployment) => {
    const payload = payloadOf(deployment.payload)
    return typeof payload === 'object' && payload !== null && (payload as Record<string, unknown>)[MARK] === wanted.marker
  })?.id
}

export interface DeploymentStatus {
  state: DeploymentState
  description: string
  /** The docs' address, on success. */
  environmentUrl?: string | undefined
}

export async function createDeploymentStatus(octokit: Octokit, place: Place, id: number, status: DeploymentStatus): Promise<void> {
  await octokit.rest.repos.createDeploymentStatus({
    owner: place.owner,
    repo: place.repo,
    deployment_id: id,
    state: status.state,
    description: status.description,
    ...(place.runUrl ? { log_url: place.runUrl } : {}),
    ...(status.environmentUrl ? { environment_url: status.environmentUrl } : {})
  })
}

/** The state of the deployment's newest status (GitHub lists them newest first); undefined when it has none. */
export async function deploymentStates(octokit: Octokit, place: Place, id: number): Promise<string[]> {
  const { data } = await octokit.rest.repos.listDeploymentStatuses({ owner: place.owner, repo: place.repo, deployment_id: id, per_page: 100 })
  if (!Array.isArray(data)) throw new Error("GitHub listed the deployment's statuses as something other than a list")
  return data.flatMap((status) => (typeof status?.state === 'string' ? [status.state] : []))
}

/**
 * What to tell the user when the deployment could not be written; the step does not fail for it.
 * `fork`: the fork the run's pull request comes from (read from the run's event by default).
 */
export function explainDeploymentError(error: unknown, fork: ForkPullRequest | undefined = runFork()): string {
  const status = statusOf(error)
  // GitHub's own words, one line, without the full stop the sentence around them adds.
  // Octokit appends the documentation's address to GitHub's message: left out.
  const said = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
  const message = said
    .replace(/ - https:\/\/docs\.github\.com\S*$/, '')
    .slice(0, 300)
    .replace(/[\s.]+$/, '')
  const url = typeof error === 'object' && error !== null && 'request' in error ? (error.request as { url?: unknown }).url : undefined
  const ofStatus = typeof url === 'string' && /\/deployments\/\d+\/statuses\b/.test(url)
  const unreached = unreachableSaid(error)
  if (unreached) return unreached
  if (status === 401) return 'GitHub refused the token (HTTP 401): pass a current github-token, or leave github-token to its default, the job’s token'
  // Only GitHub's permission answer is about `deployments: write`; a secondary rate limit is a 403 too.
  if (rateLimited(error)) return `GitHub asked to slow down (HTTP ${status}: ${message}); the next run writes the deployment again`
  if (status === 403 && /not accessible by integration|must have (?:admin|write|push)|permission/i.test(message))
    return fork
      ? forkRefusal(fork, 'deployments', 'deployments', status)
      : `the token may not write deployments (HTTP 403: ${message}). Add \`permissions: deployments: write\` to the job (or pass a github-token that has it)`
  if (status === 404 && ofStatus)
    return 'the deployment was not found when its status was written (HTTP 404): it was deleted meanwhile, or the token can no longer see it'
  if (status === 404) return 'the repository was not found (HTTP 404); check that github-token belongs to this repository'
  return `${status ? `HTTP ${status}: ` : ''}${message}`
}
