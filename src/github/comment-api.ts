// Types only: @actions/github itself is loaded lazily, and only when a comment is asked for.
import type { getOctokit } from '@actions/github'

import { type ForkPullRequest, forkRefusal, runFork } from './fork.js'
import { queuedPullRequest, type RunEvent, runCommit } from './run-commit.js'
import { rateLimitPauseMs } from '../api/retry-after.js'
import { NoAnswer, noAnswer, refusedForGood, statusOf } from '../records/failure.js'
import { listedRecords, PageTally } from '../records/listing.js'
import { markerRank } from '../report/comment.js'
import { secretForms } from '../report/markdown.js'
import { createRedactor, proxyRefusalStatus } from '../text.js'

export type Octokit = ReturnType<typeof getOctokit>

/** The parameters of a request that say where it goes and how, not what it writes. */
const ROUTING = new Set([
  'method',
  'url',
  'baseUrl',
  'headers',
  'request',
  'mediaType',
  'owner',
  'repo',
  'ref',
  'sha',
  'issue_number',
  'comment_id',
  'deployment_id'
])

/**
 * The client, guarded both ways. What it writes to GitHub passes through `clean`, as the log
 * does: every text of a write (a body, a description, a `target_url`, an `environment_url`), so
 * a key the platform put into an address, in any spelling, is never sent. Its errors' words have
 * the token masked in every spelling (hex, percent-encoded, base64) as they come: the words are
 * cut to length further on, and a cut spelling of the token would not be found after.
 */
export function guardedClient(octokit: Octokit, token: string, clean: (text: string) => string): Octokit {
  const mask = createRedactor(secretForms(token ? [token] : []))
  octokit.hook.before('request', (options) => {
    if (options.method === 'GET') return
    const params = options as unknown as Record<string, unknown>
    for (const [name, value] of Object.entries(params)) if (!ROUTING.has(name) && typeof value === 'string') params[name] = mask(clean(value))
  })
  octokit.hook.error('request', (error) => {
    if (error instanceof Error) error.message = mask(error.message)
    // No answer at all, which octokit makes an HTTP 500 without a response: typed as what it is
    // (records/failure.ts), with whether it may have reached GitHub, for the lifecycle and the words.
    if (unreachable(error)) throw noAnswer(error, error.message, { proxyStatus: proxyRefusalStatus(error), url: requestUrl(error) })
    throw error
  })
  return octokit
}

/** Where the comment goes (with the branch a merge queue run merges into), or why there is nowhere to put it. */
export type CommentTarget = { owner: string; repo: string; number: number; mergeQueue?: { base: string } } | { skip: string }

/** The parts of the run's context the comment, the deployment and the commit status need (from @actions/github's context). */
export interface RunContext extends RunEvent {
  repo: { owner: string; repo: string }
  serverUrl: string
  runId: number
}

/** The address of the workflow run, for the comment's and the deployment's links; undefined outside a run. */
export function runUrlOf(context: RunContext, owner: string, repo: string): string | undefined {
  return context.runId ? `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}` : undefined
}

/** The commit the run reflects (runCommit of run-commit.ts), when it is known. */
export function commentCommit(context: RunContext): string | undefined {
  const commit = runCommit(context)
  return 'sha' in commit ? commit.sha : undefined
}

/**
 * The pull request of the run, or the one named by pr-number-target; in the merge queue, the
 * pull request the queue's branch names.
 */
export function commentTarget(context: RunContext, prNumberTarget: number | undefined): CommentTarget {
  if (!context.repo.owner || !context.repo.repo) return { skip: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' }
  const where = { owner: context.repo.owner, repo: context.repo.repo }
  if (prNumberTarget !== undefined) return { ...where, number: prNumberTarget }
  const number = context.payload.pull_request?.number
  if (number !== undefined) return { ...where, number }
  if (context.payload.merge_group) {
    const queued = queuedPullRequest(context)
    if (queued) return { ...where, number: queued.number, mergeQueue: { base: queued.base } }
    return {
      skip: "the merge queue's branch (merge_group.head_ref) does not name a pull request (gh-readonly-queue/<base>/pr-<number>-<sha>); pass the number in pr-number-target"
    }
  }
  return {
    skip: `this run (event ${context.eventName || 'unknown'}) is not for a pull request; on workflow_run or push, pass the number in pr-number-target`
  }
}

/** A GitHub login, a bot's with its [bot] suffix. */
const LOGIN = /^[A-Za-z0-9-]{1,100}(?:\[bot\])?$/

/** Who the workflow's GITHUB_TOKEN writes as; GitHub refuses it GET /user. */
export const ACTIONS_BOT = 'github-actions[bot]'

/**
 * The login the token writes comments as: the user GET /user returns. An installation token
 * (the GITHUB_TOKEN, or a GitHub App's) is refused GET /user (403) and writes as its app's bot,
 * which GraphQL's viewer names; when that cannot be asked, the GitHub Actions bot.
 */
export async function tokenLogin(octokit: Octokit): Promise<string> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated()
    // Octokit gives a body cut short as an empty text: no login is no answer, never someone else's.
    const login: unknown = typeof data === 'object' && data !== null ? data.login : undefined
    if (typeof login !== 'string' || !LOGIN.test(login)) throw new NotAnswered('GET /user', 'did not name a user (cut short, or not from the GitHub API)')
    return login
  } catch (error) {
    if (statusOf(error) !== 403) throw error
  }
  let viewer: unknown
  try {
    viewer = (await octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }')).viewer?.login
  } catch (error) {
    // Given up on its time: asked again later, never taken for the bot.
    if (error instanceof Error && error.name === 'AbortError') throw error
  }
  // A bot's login ends in [bot] in the REST API, which lists the comments; GraphQL may leave it off.
  if (typeof viewer !== 'string' || !LOGIN.test(viewer)) return ACTIONS_BOT
  return viewer.endsWith('[bot]') ? viewer : `${viewer}[bot]`
}

/** How the step's comment is recognized: the marker on its first line, or an earlier version's, and who wrote it. */
export interface CommentOwner {
  marker: string
  /** The markers of earlier versions (newest first) whose comment this step takes over (`earlierMarkers`); none when it is not their one heir. */
  legacyMarker: readonly string[]
  login: string
}

/**
 * The step's comment on the pull request: one written by the token's own identity whose first
 * line is the marker, else the first one it wrote with an earlier version's marker it takes over
 * (the newest such marker first); undefined when there is none. A marker anywhere below the first
 * line, where server text is printed, never makes a comment the step's.
 */
export async function findComment(octokit: Octokit, target: { owner: string; repo: string; number: number }, owner: CommentOwner): Promise<number | undefined> {
  return (await findCommentAndTwins(octokit, target, owner)).id
}

/**
 * The step's comment as `findComment` finds it, with its body, and its twins: the step's other comments with the
 * current marker, newer than it (a creation whose answer was lost and that landed after its run
 * ended), which no run takes for its own. Read to the last page when the step has a comment.
 */
export async function findCommentAndTwins(
  octokit: Octokit,
  target: { owner: string; repo: string; number: number },
  owner: CommentOwner,
  tally = new PageTally(COMMENTS)
): Promise<{ id: number | undefined; body?: string; twins: number[] }> {
  const markers = [owner.marker, ...owner.legacyMarker]
  let legacy: { id: number; body: string; rank: number } | undefined
  let current: { id: number; body: string } | undefined
  const twins: number[] = []
  for await (const comment of commentsOf(octokit, target, tally)) {
    if (comment.user?.login !== owner.login || typeof comment.id !== 'number') continue
    const body = comment.body ?? ''
    const rank = markerRank(body, markers)
    if (rank === 0) {
      if (current === undefined) current = { id: comment.id, body }
      else if (comment.id !== current.id && !twins.includes(comment.id)) twins.push(comment.id)
    } else if (rank !== undefined && (legacy === undefined || rank < legacy.rank)) legacy = { id: comment.id, body, rank }
  }
  const found = current ?? legacy
  return found !== undefined ? { id: found.id, body: found.body, twins: current !== undefined ? twins : [] } : { id: undefined, twins: [] }
}

/** What the comments' listing is called where its pages are counted (records/listing.ts). */
export const COMMENTS = 'the comments of the pull request'

/** Every comment of the pull request, page after page (counted by `tally`); throws when a page is not a list or the pages do not end. */
async function* commentsOf(octokit: Octokit, target: { owner: string; repo: string; number: number }, tally: PageTally) {
  // Page by page, by hand: octokit's paginator takes a page whose body was cut short for an
  // empty one, and "no comment here" would create a second comment beside the step's own.
  for (let page = 1; page <= MAX_COMMENT_PAGES; page++) {
    const response = await tally.page(() =>
      octokit.rest.issues.listComments({ owner: target.owner, repo: target.repo, issue_number: target.number, per_page: 100, page })
    )
    const listed = listedRecords(response.data)
    if ('problem' in listed) throw new ListingNotRead('the comments of the pull request', `${listed.problem} (cut short, or not from the GitHub API)`)
    yield* response.data
    if (!/rel="next"/.test(response.headers.link ?? '')) return
  }
  throw new ListingNotRead('the comments of the pull request', `did not end within ${MAX_COMMENT_PAGES} pages of 100`)
}

/**
 * Every comment of the step with the current marker (`owner.marker` on its first line, written
 * by the token's own identity), oldest first, each once, with its body; never one of an earlier
 * version's marker, nor anyone else's. Two of them are twins: a creation whose answer was lost
 * and that landed late, or two runs of the step that each created one.
 */
export async function stepComments(
  octokit: Octokit,
  target: { owner: string; repo: string; number: number },
  owner: Pick<CommentOwner, 'marker' | 'login'>,
  tally = new PageTally(COMMENTS)
): Promise<{ id: number; body: string }[]> {
  const found = new Map<number, string>()
  for await (const comment of commentsOf(octokit, target, tally)) {
    if (comment.user?.login !== owner.login || typeof comment.id !== 'number') continue
    const body = comment.body ?? ''
    if (markerRank(body, [owner.marker]) === 0) found.set(comment.id, body)
  }
  return [...found].map(([id, body]) => ({ id, body })).sort((a, b) => a.id - b.id)
}

/** The body of comment `id` as it stands now, or undefined when it is gone or is no comment's answer. */
export async function commentBody(octokit: Octokit, target: { owner: string; repo: string }, id: number): Promise<string | undefined> {
  const { data } = await octokit.rest.issues.getComment({ owner: target.owner, repo: target.repo, comment_id: id })
  return typeof data?.body === 'string' ? data.body : undefined
}

/** The pull request's head commit as it stands now, or undefined when the answer names none. */
export async function pullRequestHead(octokit: Octokit, target: { owner: string; repo: string; number: number }): Promise<string | undefined> {
  const { data } = await octokit.rest.pulls.get({ owner: target.owner, repo: target.repo, pull_number: target.number })
  const sha: unknown = data?.head?.sha
  return typeof sha === 'string' && /^[0-9a-f]{7,64}$/i.test(sha) ? sha : undefined
}

/** Deletes the comment `id`; one that is gone already (404) is no failure. */
export async function deleteComment(octokit: Octokit, target: { owner: string; repo: string }, id: number): Promise<void> {
  try {
    await octokit.rest.issues.deleteComment({ owner: target.owner, repo: target.repo, comment_id: id })
  } catch (error) {
    if (statusOf(error) !== 404) throw error
  }
}

/**
 * The workflow's file in its repository, from GITHUB_WORKFLOW_REF
 * (`owner/repo/.github/workflows/docs.yml@refs/heads/main`): the part that names the workflow
 * whatever its name and whatever ref runs it; undefined when it is not set or not of that form.
 */
export function workflowFileOf(ref: string | undefined): string | undefined {
  return ref ? /^[^/@]+\/[^/@]+\/(.+?\.ya?ml)(?:@|$)/.exec(ref.trim())?.[1] : undefined
}

/** Pages of 100 comments read at the most: a listing that never ends is a failed lookup. */
export const MAX_COMMENT_PAGES = 100

/** GitHub's secondary rate limit: a 403 (or 429) that is no refusal of the token; the same write may go again. */
export function rateLimited(error: unknown): boolean {
  const status = statusOf(error)
  const message = error instanceof Error ? error.message : String(error)
  return status === 429 || (status === 403 && /rate limit/i.test(message))
}

/**
 * GitHub answered that it did not apply the write, and would refuse it again: the one rule
 * (records/failure.ts), less GitHub's secondary rate limit, a 403 that says so in its words alone
 * (no type carries it): that one passes after its pause. Every GitHub record's rule.
 */
export function refusedByGitHub(error: unknown): boolean {
  return refusedForGood(error) && !rateLimited(error)
}

/**
 * How long GitHub asked to wait before the next write, when it limited the rate (429, or a 403
 * secondary rate limit): its `retry-after` (seconds, or an HTTP date), else until
 * `x-ratelimit-reset` (epoch seconds), bounded (rateLimitPauseMs); else a second. Undefined for
 * any other answer.
 */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  if (!rateLimited(error)) return undefined
  const headers = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers ?? {}
  return rateLimitPauseMs({ retryAfter: headerText(headers['retry-after']), reset: headerText(headers['x-ratelimit-reset']) }, now) ?? 1000
}

const headerText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined)

/** A listing GitHub answered with something other than a list (a body cut short, a proxy's page). */
export class ListingNotRead extends Error {
  constructor(what: string, why = 'was not a list (cut short, or not from the GitHub API)') {
    super(`GitHub's answer listing ${what} ${why}`)
    this.name = 'ListingNotRead'
  }
}

/** An answer of GitHub that does not hold what was asked (a body cut short, a proxy's page): a lookup that failed. */
export class NotAnswered extends Error {
  /** The HTTP status of an answer that could not be used: a creation's 201 is a record made, where unknown. */
  readonly status: number | undefined
  constructor(request: string, why: string, status?: number) {
    super(`GitHub's answer to ${request} ${why}`)
    this.name = 'NotAnswered'
    this.status = status
  }
}

/** Updates the comment `id`, or creates one when there is none; returns the comment's id. */
export async function writeComment(
  octokit: Octokit,
  target: { owner: string; repo: string; number: number },
  id: number | undefined,
  body: string
): Promise<{ id: number; done: 'created' | 'updated' }> {
  const where = { owner: target.owner, repo: target.repo }
  if (id !== undefined) {
    await octokit.rest.issues.updateComment({ ...where, comment_id: id, body })
    return { id, done: 'updated' }
  }
  const { data } = await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body })
  const created: unknown = typeof data === 'object' && data !== null ? data.id : undefined
  // Created, but where is unknown: the lifecycle finds it again, never creates a second.
  if (typeof created !== 'number')
    throw new NotAnswered('the POST that creates the comment', 'did not name the comment (cut short, or not from the GitHub API)', 201)
  return { id: created, done: 'created' }
}

/** The GitHub API did not answer at all: octokit reports a connection that failed as HTTP 500 without a response. */
function unreachable(error: unknown): error is Error {
  if (statusOf(error) !== 500 || !(error instanceof Error) || error.name === 'AbortError') return false
  return !('response' in error && error.response)
}

/** The address octokit sent a request to. */
function requestUrl(error: unknown): string | undefined {
  const url = typeof error === 'object' && error !== null && 'request' in error ? (error.request as { url?: unknown }).url : undefined
  return typeof url === 'string' ? url : undefined
}

/**
 * The GitHub API could not be reached (a connection refused, reset, or cut): said as that, with
 * where it was asked and what to check, never as the "HTTP 500" octokit makes of it; undefined
 * for an answer GitHub gave. One sentence for the comment, the deployment and the commit status.
 */
export function unreachableSaid(error: unknown, env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  if (!(error instanceof NoAnswer)) return undefined
  const refused = error.proxyStatus
  if (refused !== undefined) {
    // Named as the platform's side names it (api/client.ts): the proxy, its variable, what to put there.
    const variable = env.HTTPS_PROXY ? 'HTTPS_PROXY' : env.https_proxy ? 'https_proxy' : 'HTTPS_PROXY'
    return refused === 407
      ? `the proxy named by ${variable} asked for credentials on the way to the GitHub API (HTTP 407 Proxy Authentication Required); put the proxy's user and password in ${variable} (http://user:password@host:port), or ask the runner's administrator which proxy to use`
      : `the proxy named by ${variable} refused the tunnel to the GitHub API (HTTP ${refused} to CONNECT). Check ${variable} and NO_PROXY`
  }
  const message = error.message
    .split('\n')[0]
    ?.slice(0, 300)
    .replace(/[\s.]+$/, '')
  const origin = error.url && URL.canParse(error.url) ? ` at ${new URL(error.url).origin}` : ''
  return `the GitHub API${origin} could not be reached (${message}). Check GITHUB_API_URL, and on a self-hosted runner the proxy settings HTTPS_PROXY and NO_PROXY`
}

/**
 * What to tell the user when the comment could not be written; the step does not fail for it.
 * `fork`: the fork the run's pull request comes from (read from the run's event by default).
 */
export function explainCommentError(error: unknown, fork: ForkPullRequest | undefined = runFork()): string {
  const status = statusOf(error)
  // GitHub's own words, one line, without the full stop the sentence around them adds.
  // Octokit appends the documentation's address to GitHub's message: left out.
  const message = (error instanceof Error ? error.message : String(error))
    .split('\n')[0]
    ?.replace(/ - https:\/\/docs\.github\.com\S*$/, '')
    .slice(0, 300)
    .replace(/[\s.]+$/, '')
  const unreached = unreachableSaid(error)
  if (unreached) return unreached
  // A rate limit (a 429, a 403 secondary limit) is no refusal of the token: nothing to add to the job.
  if (rateLimited(error)) return `GitHub asked to slow down (HTTP ${status}: ${message}); the next run writes the comment again`
  if ((status === 403 || status === 401) && fork) return forkRefusal(fork, 'pull request comments', 'pull-requests', status)
  if (status === 403 || status === 401)
    return `the token may not comment on pull requests (HTTP ${status}). Add \`permissions: pull-requests: write\` to the job (or pass a github-token that has it)`
  if (status === 404) return 'the pull request was not found (HTTP 404); check pr-number-target and that the token can see the repository'
  return `${status ? `HTTP ${status}: ` : ''}${message}`
}
