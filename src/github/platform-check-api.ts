// GitHub's side of `platform-check`: every check run, commit status and deployment of the run's
// commit, read page by page (100 a page, until a short page, at most MAX_CHECK_PAGES), each page
// asked with the ETag of its last answer (a 304 is "unchanged", and costs no rate limit), and
// every failure classified for the poll loop: a refusal names the permission, a rate limit or a
// server error is tried again on the schedule. Of the deployments, only the newest of each
// environment that counts has its newest status read: the rest are names on the commit.
import type { CommitReport, PlatformCheckPort, PlatformCheckRead, PlatformCheckSettings } from '../model.js'
import { statusOf } from '../records/failure.js'
import { isAbort } from '../records/listing.js'
import { counts, INACTIVE_WITHOUT_SUCCESS, NO_DEPLOYMENT_STATUS, newestPerName } from '../engine/targets/platform-check.js'
import { oneLine } from '../text.js'
import { timeoutSignal } from '../timeout-signal.js'
import { guardedClient, type Octokit, type RunContext, rateLimited, retryAfterMs, unreachableSaid } from './comment-api.js'
import { NEVER_APPEARED as GITHUB_REPORTS } from '../engine/platform-check.js'
import { runCommit } from './run-commit.js'

/** The most pages of 100 read of either listing: a listing that does not end within them is a read that failed. */
export const MAX_CHECK_PAGES = 30
const PER_PAGE = 100

/** The listings, what each is called, and the permission that reads it. */
const LISTINGS = {
  'check-runs': { route: 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs', what: 'check runs', permission: 'checks: read' },
  statuses: { route: 'GET /repos/{owner}/{repo}/commits/{ref}/statuses', what: 'commit statuses', permission: 'statuses: read' },
  deployments: { route: 'GET /repos/{owner}/{repo}/deployments', what: 'deployments', permission: 'deployments: read' },
  'deployment-statuses': {
    route: 'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
    what: 'deployment statuses',
    permission: 'deployments: read'
  }
} as const

/** The listings of the commit read in full, in this order; a deployment's statuses are read for the deployments that count. */
const COMMIT_LISTINGS = ['check-runs', 'statuses', 'deployments'] as const

/** Every permission the reads need, for the words of a refusal. */
const PERMISSIONS = [...new Set(Object.values(LISTINGS).map((l) => l.permission))]

type Listing = keyof typeof LISTINGS

/** What the reader needs of @actions/github: its client and the run's context. */
export interface GitHubToolkit {
  getOctokit(token: string): Octokit
  context: RunContext
}

/** A page as last answered, kept for its ETag: a 304 answers with it again. */
interface CachedPage {
  etag: string
  items: unknown[]
}

/**
 * The reader of the reports on the run's commit (runCommit: the pull request's head, else
 * GITHUB_SHA). The toolkit is loaded on the first read; `clean` cuts every key from what the
 * client writes and says.
 */
export function platformCheckReader(
  settings: PlatformCheckSettings,
  clean: (text: string) => string,
  load: () => Promise<GitHubToolkit> = () => import('@actions/github')
): PlatformCheckPort {
  let opened: Promise<{ octokit: Octokit; owner: string; repo: string; sha: string } | { problem: string }> | undefined
  const cache = new Map<string, CachedPage>()
  const open = async () => {
    const github = await load()
    const { owner, repo } = repositoryOf(github.context)
    if (!owner || !repo) return { problem: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' }
    const commit = runCommit(github.context)
    if ('problem' in commit) return { problem: commit.problem }
    return { octokit: guardedClient(github.getOctokit(settings.githubToken), settings.githubToken, clean), owner, repo, sha: commit.sha }
  }
  const excluded = { ownEnvironment: settings.ownEnvironment }
  return {
    reads: GITHUB_REPORTS,
    async read(signal, timeoutMs): Promise<PlatformCheckRead> {
      opened ??= open()
      let place: Awaited<typeof opened>
      try {
        place = await opened
      } catch (error) {
        opened = undefined
        return { kind: 'fatal', reason: `the GitHub toolkit could not be loaded (${oneLine(error instanceof Error ? error.message : String(error), 200)})` }
      }
      if ('problem' in place) return { kind: 'fatal', reason: `${place.problem}, so platform-check has no commit to read`, misconfigured: true }
      const within = AbortSignal.any([signal, timeoutSignal(timeoutMs)])
      const failed = (read: Exclude<PlatformCheckRead, { kind: 'listed' }>) =>
        read.kind === 'transient' && signal.aborted ? ({ kind: 'transient', reason: 'cancelled' } as const) : timedOut(read, within, signal, timeoutMs)
      const reports: CommitReport[] = []
      for (const listing of COMMIT_LISTINGS) {
        const read = await readListing(place, listing, within, cache)
        if ('kind' in read) return failed(read)
        if (listing !== 'deployments') {
          reports.push(...read.reports)
          continue
        }
        // The newest deployment of each environment; of those that count, the newest status.
        for (const deployment of newestPerName(read.reports)) {
          if (!counts(settings.name, deployment, excluded)) {
            reports.push({ ...deployment, status: 'unread' })
            continue
          }
          const newest = await readNewestStatus(place, deployment.id, within, cache)
          if ('kind' in newest) return failed(newest)
          reports.push({ ...deployment, ...newest.state })
        }
      }
      return { kind: 'listed', commit: place.sha, reports }
    }
  }
}

/** A read cut by request-timeout says so, not "aborted". */
function timedOut(read: PlatformCheckRead, within: AbortSignal, signal: AbortSignal, timeoutMs: number): PlatformCheckRead {
  if (read.kind === 'transient' && within.aborted && !signal.aborted)
    return { kind: 'transient', reason: `no complete answer within ${timeoutMs / 1000}s (request-timeout) from the GitHub API` }
  return read
}

function repositoryOf(context: RunContext): { owner: string | undefined; repo: string | undefined } {
  try {
    return context.repo
  } catch {
    return { owner: undefined, repo: undefined }
  }
}

/** Every page of one listing, as reports; or why it could not be read. */
async function readListing(
  place: { octokit: Octokit; owner: string; repo: string; sha: string },
  listing: (typeof COMMIT_LISTINGS)[number],
  signal: AbortSignal,
  cache: Map<string, CachedPage>
): Promise<{ reports: CommitReport[] } | Exclude<PlatformCheckRead, { kind: 'listed' }>> {
  const { what } = LISTINGS[listing]
  const reports: CommitReport[] = []
  // The deployments are listed by their commit (`sha`); the check runs and statuses are the commit's own.
  const params: Record<string, string> =
    listing === 'deployments' ? { sha: place.sha } : listing === 'check-runs' ? { ref: place.sha, filter: 'all' } : { ref: place.sha }
  for (let page = 1; page <= MAX_CHECK_PAGES; page++) {
    const items = await readPage(place, listing, { ...params, per_page: PER_PAGE, page }, `${listing} ${place.sha} ${page}`, signal, cache)
    if (!Array.isArray(items)) return items
    for (const item of items) {
      const report = reportOf(listing, item)
      // GitHub gives every entry an id, a name and a state: an answer with one that has none is not its listing, and a report left out could be the one that failed.
      if (!report)
        return {
          kind: 'transient',
          reason: `GitHub's answer listing the ${what} of commit ${place.sha.slice(0, 7)} held an entry without an id, a name or a state (not GitHub's own listing: a proxy's or a catch-all's answer?); it is read again`
        }
      reports.push(report)
    }
    if (items.length < PER_PAGE) return { reports }
  }
  return {
    kind: 'transient',
    reason: `the ${what} of commit ${place.sha.slice(0, 7)} did not end within ${MAX_CHECK_PAGES} pages of ${PER_PAGE}; the listing is not believed`
  }
}

/** One page of a listing, asked with the ETag of its last answer; its entries, or why it could not be read. */
async function readPage(
  place: { octokit: Octokit; owner: string; repo: string; sha: string },
  listing: Listing,
  params: Record<string, string | number>,
  key: string,
  signal: AbortSignal,
  cache: Map<string, CachedPage>
): Promise<unknown[] | Exclude<PlatformCheckRead, { kind: 'listed' }>> {
  const cached = cache.get(key)
  try {
    const response = await place.octokit.request(LISTINGS[listing].route, {
      owner: place.owner,
      repo: place.repo,
      ...params,
      headers: cached ? { 'if-none-match': cached.etag } : {},
      request: { signal }
    })
    const items = itemsOf(listing, response.data)
    if (!items)
      return {
        kind: 'transient',
        reason: `GitHub's answer listing the ${LISTINGS[listing].what} of commit ${place.sha.slice(0, 7)} was not the listing expected (cut short, or not from the GitHub API)`
      }
    const etag = response.headers.etag
    if (typeof etag === 'string' && etag !== '') cache.set(key, { etag, items })
    return items
  } catch (error) {
    // Unchanged since the last read: the page as it was.
    if (statusOf(error) === 304 && cached) return cached.items
    return classifyFailure(error, listing, place.sha)
  }
}

/**
 * The newest status of a deployment (GitHub lists them newest first): its state and address, or
 * `created` while it has none. An `inactive` one counts as deployed only with a `success` before
 * it on the page (its address then); else it is INACTIVE_WITHOUT_SUCCESS. An entry without a
 * state is no status of GitHub's: the read failed.
 */
async function readNewestStatus(
  place: { octokit: Octokit; owner: string; repo: string; sha: string },
  id: number,
  signal: AbortSignal,
  cache: Map<string, CachedPage>
): Promise<{ state: Pick<CommitReport, 'status' | 'url'> } | Exclude<PlatformCheckRead, { kind: 'listed' }>> {
  const params = { deployment_id: id, per_page: PER_PAGE, page: 1 }
  const items = await readPage(place, 'deployment-statuses', params, `deployment-statuses ${id}`, signal, cache)
  if (!Array.isArray(items)) return items
  const states = items.map(deploymentStatusOf)
  if (states.some((state) => state === undefined))
    return {
      kind: 'transient',
      reason: `GitHub's answer listing the statuses of deployment ${id} held an entry without a state (not GitHub's own listing: a proxy's or a catch-all's answer?); it is read again`
    }
  const [newest] = states as Pick<CommitReport, 'status' | 'url'>[]
  if (!newest) return { state: { status: NO_DEPLOYMENT_STATUS, url: undefined } }
  if (newest.status !== 'inactive') return { state: newest }
  const deployed = states.find((state) => state?.status === 'success')
  return { state: deployed ? { status: 'inactive', url: deployed.url ?? newest.url } : { status: INACTIVE_WITHOUT_SUCCESS, url: newest.url } }
}

/** A deployment status's state and the address readers get (environment_url, else target_url, else log_url); undefined without a state. */
export function deploymentStatusOf(item: unknown): Pick<CommitReport, 'status' | 'url'> | undefined {
  if (!item || typeof item !== 'object') return undefined
  const entry = item as Record<string, unknown>
  const state = text(entry.state)
  if (state === undefined) return undefined
  return { status: state, url: text(entry.environment_url) || text(entry.target_url) || text(entry.log_url) || undefined }
}

/** The entries of a page: `check_runs` of the check runs' answer, the other answers themselves; undefined when it is not a listing. */
function itemsOf(listing: Listing, data: unknown): unknown[] | undefined {
  if (listing !== 'check-runs') return Array.isArray(data) ? data : undefined
  const runs = data && typeof data === 'object' ? (data as { check_runs?: unknown }).check_runs : undefined
  return Array.isArray(runs) ? runs : undefined
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** One entry as a report, or undefined for an entry without a name, an id or a state. */
export function reportOf(listing: (typeof COMMIT_LISTINGS)[number], item: unknown): CommitReport | undefined {
  if (!item || typeof item !== 'object') return undefined
  const entry = item as Record<string, unknown>
  const id = entry.id
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined
  if (listing === 'deployments') {
    // A deployment as listed; its state is read from its statuses.
    const name = text(entry.environment)
    if (name === undefined) return undefined
    return { kind: 'deployment', name, id, status: NO_DEPLOYMENT_STATUS, conclusion: null, url: undefined }
  }
  if (listing === 'check-runs') {
    const name = text(entry.name)
    const status = text(entry.status)
    if (name === undefined || status === undefined) return undefined
    const app = entry.app && typeof entry.app === 'object' ? text((entry.app as { slug?: unknown }).slug) : undefined
    return { kind: 'check-run', name, id, status, conclusion: text(entry.conclusion) ?? null, url: text(entry.details_url) || text(entry.html_url), app }
  }
  const name = text(entry.context)
  const state = text(entry.state)
  if (name === undefined || state === undefined) return undefined
  return { kind: 'status', name, id, status: state, conclusion: null, url: text(entry.target_url) }
}

/**
 * A failed read, classified: a refusal (401, 403, 404) names the permission and ends the wait
 * (misconfigured); a rate limit, a server error or no answer is tried again on the schedule.
 */
export function classifyFailure(error: unknown, listing: Listing, sha: string): Exclude<PlatformCheckRead, { kind: 'listed' }> {
  const { what, permission } = LISTINGS[listing]
  const status = statusOf(error)
  const said = oneLine((error instanceof Error ? error.message : String(error)).split('\n')[0]?.replace(/ - https:\/\/docs\.github\.com\S*$/, '') ?? '', 200)
  const reading = `reading the ${what} of commit ${sha.slice(0, 7)}`
  if (isAbort(error)) return { kind: 'transient', reason: `the GitHub API did not answer in time ${reading}` }
  const unreached = unreachableSaid(error)
  if (unreached) return { kind: 'transient', reason: unreached }
  if (rateLimited(error)) {
    const wait = retryAfterMs(error)
    return { kind: 'transient', reason: `HTTP ${status} from GitHub ${reading}: rate limited (${said})`, ...(wait === undefined ? {} : { retryAfterMs: wait }) }
  }
  if (status === 401)
    return {
      kind: 'fatal',
      misconfigured: true,
      reason: `HTTP 401 from GitHub ${reading}: github-token was refused (${said}); give a current token with ${permission}`
    }
  // The listing of the deployments was just read with this token: the deployment was deleted meanwhile.
  if (status === 404 && listing === 'deployment-statuses')
    return { kind: 'transient', reason: `HTTP 404 from GitHub ${reading}: a deployment listed a moment ago was not found (deleted meanwhile?); read again` }
  if (status === 403 || status === 404)
    return {
      kind: 'fatal',
      misconfigured: true,
      reason: `HTTP ${status} from GitHub ${reading} (${said}): the token needs ${permission}; add \`permissions: ${permission}\` to the job (platform-check reads with ${PERMISSIONS.slice(0, -1).join(', ')} and ${PERMISSIONS.at(-1)}), or pass a github-token that has it`
    }
  if (status === 408 || (status !== undefined && status >= 500)) return { kind: 'transient', reason: `HTTP ${status} from GitHub ${reading}` }
  if (status !== undefined) return { kind: 'fatal', reason: `HTTP ${status} from GitHub ${reading} (${said})` }
  return { kind: 'transient', reason: `${reading} failed: ${said}` }
}
