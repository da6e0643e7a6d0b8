// A pull request from a fork, read from the run's event. GitHub runs `pull_request` (and its
// review events) for a fork's pull request with a read-only token whatever `permissions:` says,
// and without the repository's secrets: a write it refuses is said as the fork's, with the
// workflow that works, never as a permission to add.
import { readFileSync } from 'node:fs'

/** A fork's pull request: the fork by name, when its name is a plain `owner/name`. */
export interface ForkPullRequest {
  head: string | undefined
}

/** The parts of the event a fork is read from (@actions/github's context, or the event file). */
export interface ForkEvent {
  eventName: string
  payload: unknown
}

/** The events that run on the pull request's own code, with a read-only token when it comes from a fork. */
const READ_ONLY_FOR_FORKS = new Set(['pull_request', 'pull_request_review', 'pull_request_review_comment'])

/** A repository's name as GitHub spells it; anything else is not shown. */
const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined

/**
 * The fork a read-only run's pull request comes from: `pull_request.head.repo.full_name` is not
 * `base.repo.full_name`; or, when either name is missing, `head.repo.fork`; or `head.repo` is null
 * (the fork was deleted). Undefined on `pull_request_target`, `workflow_run` and every other event,
 * whose token is the base repository's.
 */
export function forkPullRequest(event: ForkEvent): ForkPullRequest | undefined {
  if (!READ_ONLY_FOR_FORKS.has(event.eventName)) return undefined
  const pullRequest = field(event.payload, 'pull_request')
  const head = field(pullRequest, 'head')
  const headRepo = field(head, 'repo')
  const baseRepo = field(field(pullRequest, 'base'), 'repo')
  const name = (repo: unknown) => {
    const value = field(repo, 'full_name')
    return typeof value === 'string' && value !== '' ? value : undefined
  }
  const [headName, baseName] = [name(headRepo), name(baseRepo)]
  const fork =
    typeof head === 'object' && head !== null && headRepo === null
      ? true
      : headName !== undefined && baseName !== undefined
        ? headName.toLowerCase() !== baseName.toLowerCase()
        : field(headRepo, 'fork') === true
  if (!fork) return undefined
  return { head: headName !== undefined && REPOSITORY.test(headName) ? headName : undefined }
}

/** The run's fork, read from GITHUB_EVENT_NAME and the event file (GITHUB_EVENT_PATH); undefined when either cannot be read. */
export function runFork(env: Readonly<Record<string, string | undefined>> = process.env): ForkPullRequest | undefined {
  try {
    const path = env.GITHUB_EVENT_PATH
    return path ? forkPullRequest({ eventName: env.GITHUB_EVENT_NAME ?? '', payload: JSON.parse(readFileSync(path, 'utf8')) }) : undefined
  } catch {
    return undefined
  }
}

/**
 * Why a fork's run may not write `what` (HTTP `status`), and the workflow that works: the base
 * repository's token on `pull_request_target`. At most 400 characters, whatever the fork's name.
 */
export function forkRefusal(fork: ForkPullRequest, what: string, permission: string, status: number | undefined): string {
  const from = fork.head && fork.head.length <= 40 ? `a fork (${fork.head})` : 'a fork'
  return (
    `the token may not write ${what}${status ? ` (HTTP ${status})` : ''}: this pull request comes from ${from}, and GitHub gives a fork's pull request ` +
    `a read-only token whatever \`permissions:\` says, so \`${permission}: write\` cannot help. Run the step on \`pull_request_target\`, ` +
    `without running the pull request's code (see "Pull requests from forks" in the README)`
  )
}
