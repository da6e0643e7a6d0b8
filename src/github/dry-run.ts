// The action's part of the dry run (`check: true`): github-token and what each record asked for
// needs, read and never written, and the platform-check name among the names on the run's commit
// and the last commits of its branch. Reads only: a permission to write cannot be proven without
// writing, so each line names the one the record needs.
import type { DryRunCheck, DryRunPort, PlatformCheckPort, Settings } from '../model.js'
import { counts, fewNames, namesPresent, shownName, stateWord } from '../engine/targets/platform-check.js'
import { recordsAskedFor, type RawInputs } from '../inputs/parse.js'
import type { CommitReport } from '../model.js'
import { statusOf } from '../records/failure.js'
import { isAbort } from '../records/listing.js'
import { oneLine } from '../text.js'
import { timeoutSignal } from '../timeout-signal.js'
import { commentTarget, guardedClient, type Octokit, type RunContext, unreachableSaid } from './comment-api.js'
import { type GitHubToolkit, platformCheckReader, reportOf } from './platform-check-api.js'
import { runCommit } from './run-commit.js'

/** How many commits of the branch are read for the platform-check name, the run's own aside. */
export const RECENT_COMMITS = 10

/** The context as the dry run reads it: the run's ref too, for the branch whose last commits are read. */
type Context = RunContext & { ref?: string; payload: { pull_request?: { head?: { ref?: string } } } }

interface Place {
  octokit: Octokit
  owner: string
  repo: string
  sha: string
  context: Context
}

/** The reads of each record's permission, the platform-check name last; `load` is the toolkit (loaded on the first check). */
export function githubDryRun(
  settings: Settings,
  raw: RawInputs,
  clean: (text: string) => string,
  load: () => Promise<GitHubToolkit> = () => import('@actions/github')
): DryRunPort {
  return {
    async check(signal, timeoutMs) {
      const asked = recordsAskedFor(raw)
      const records = [
        asked.comment && ('pr-comment' as const),
        asked.deployment && ('deployment-environment' as const),
        asked.commitStatus && ('commit-status' as const)
      ].filter((r): r is Exclude<typeof r, false> => r !== false)
      if (records.length === 0 && !settings.platformCheck) return []
      const token = raw['github-token'].trim()
      if (token === '')
        return [
          ...[...records, ...(settings.platformCheck ? (['platform-check'] as const) : [])].map(
            (record): DryRunCheck => ({
              subject: `github-token for ${record}`,
              state: 'problem',
              invalid: true,
              words: `github-token is empty (a secret that is not set?), so ${record} would be skipped; pass github-token, or remove ${record}`
            })
          )
        ]
      let place: Place | { problem: string }
      try {
        place = await open(await load(), token, clean)
      } catch (error) {
        const why = oneLine(error instanceof Error ? error.message : String(error), 200)
        return [
          {
            subject: 'github-token',
            state: 'unknown',
            words: `the GitHub toolkit could not be loaded (${why}); check that the action's dist/ folder is complete`
          }
        ]
      }
      if ('problem' in place) {
        const { problem } = place
        return [{ subject: 'github-token', state: 'unknown', words: `${problem}, so nothing could be read from GitHub` }]
      }
      // One budget for every read: the dry run ends within the step's deadline, however many reads it makes.
      const budget = AbortSignal.any([signal, timeoutSignal(timeoutMs)])
      const within = () => budget
      const checks: DryRunCheck[] = []
      for (const record of records) checks.push(await recordCheck(record, place, settings, within))
      if (settings.platformCheck)
        checks.push(await nameCheck(settings, place, platformCheckReader(settings.platformCheck, clean, load), budget, timeoutMs, within))
      return checks
    }
  }
}

async function open(github: GitHubToolkit, token: string, clean: (text: string) => string): Promise<Place | { problem: string }> {
  const context = github.context as Context
  let repository: { owner: string; repo: string }
  try {
    repository = context.repo
  } catch {
    return { problem: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)' }
  }
  const commit = runCommit(context)
  if ('problem' in commit) return { problem: commit.problem }
  return { octokit: guardedClient(github.getOctokit(token), token, clean), ...repository, sha: commit.sha, context }
}

/** What each record reads to show that the token reaches it, and the permission its writes need. */
const RECORD_READS = {
  'commit-status': { what: "the commit statuses of the run's commit", read: 'statuses: read', write: 'statuses: write' },
  'deployment-environment': { what: 'the deployments of the repository', read: 'deployments: read', write: 'deployments: write' },
  'pr-comment': { what: 'the comments of the pull request', read: 'pull-requests: read', write: 'pull-requests: write' }
} as const

async function recordCheck(record: keyof typeof RECORD_READS, place: Place, settings: Settings, within: () => AbortSignal): Promise<DryRunCheck> {
  const { what, write } = RECORD_READS[record]
  const subject = `github-token for ${record}`
  const { octokit, owner, repo, sha } = place
  let request: () => Promise<unknown>
  if (record === 'commit-status')
    request = () => octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/statuses', { owner, repo, ref: sha, per_page: 1, request: { signal: within() } })
  else if (record === 'deployment-environment')
    request = () => octokit.request('GET /repos/{owner}/{repo}/deployments', { owner, repo, per_page: 1, request: { signal: within() } })
  else {
    const target = commentTarget(place.context, settings.comment?.prNumberTarget)
    if ('skip' in target) return { subject, state: 'warning', words: `not checked: ${target.skip}; the comment would be skipped with a warning` }
    request = () =>
      octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner,
        repo,
        issue_number: target.number,
        per_page: 1,
        request: { signal: within() }
      })
  }
  try {
    await request()
  } catch (error) {
    return refusal(error, subject, what, write, within().aborted)
  }
  return {
    subject,
    state: 'ok',
    words: `reads ${what}; writing needs ${write}, which cannot be proven without writing: check that the job's permissions (or the token's) grant it`
  }
}

/** A read that failed: a refusal (401, 403, 404) is certain and names the permission; anything else could not tell. */
function refusal(error: unknown, subject: string, what: string, write: string, outOfTime: boolean): DryRunCheck {
  const status = statusOf(error)
  const said = oneLine((error instanceof Error ? error.message : String(error)).split('\n')[0]?.replace(/ - https:\/\/docs\.github\.com\S*$/, '') ?? '', 200)
  if (status === 401)
    return {
      subject,
      state: 'problem',
      misconfigured: true,
      words: `GitHub refused github-token reading ${what} (HTTP 401: ${said}); give a current token with ${write}`
    }
  if (status === 403 || status === 404)
    return {
      subject,
      state: 'problem',
      misconfigured: true,
      words: `the token cannot read ${what} (HTTP ${status}: ${said}), so it cannot write them either: it needs ${write}; add \`permissions: ${write}\` to the job, or pass a github-token that has it`
    }
  if (outOfTime || isAbort(error))
    return { subject, state: 'unknown', words: `the GitHub API did not answer in time reading ${what} (request-timeout, or a cancel); run again` }
  const unreached = unreachableSaid(error)
  return { subject, state: 'unknown', words: `${what} could not be read (${unreached ?? (status ? `HTTP ${status}: ${said}` : said)}); run again` }
}

/** The branch whose last commits are read: the pull request's head branch, else the pushed branch; undefined on a tag. */
function branchOf(context: Context): string | undefined {
  const head = context.payload.pull_request?.head?.ref
  if (head) return head
  const ref = context.ref ?? ''
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : undefined
}

/**
 * The platform-check name: on the run's commit (every page, as the wait reads it), else on the
 * last RECENT_COMMITS commits of the branch (the first page of each listing: check runs, statuses, deployments). Found: ok. Other
 * names there but never this one: a problem with the input (the name is likely wrong). Nothing
 * reported at all: a warning (the platform's app may not have run yet).
 */
async function nameCheck(
  settings: Settings,
  place: Place,
  reader: PlatformCheckPort,
  signal: AbortSignal,
  timeoutMs: number,
  within: () => AbortSignal
): Promise<DryRunCheck> {
  const check = settings.platformCheck
  const subject = 'platform-check'
  if (!check) return { subject, state: 'ok', words: 'not asked for' }
  const name = shownName(check.name)
  const excluded = { ownContext: settings.commitStatus?.context }
  const read = await reader.read(signal, timeoutMs)
  if (read.kind === 'fatal')
    return { subject, state: read.misconfigured ? 'problem' : 'unknown', ...(read.misconfigured ? { misconfigured: true } : {}), words: read.reason }
  if (read.kind === 'transient') {
    const why = signal.aborted ? 'no complete answer within request-timeout, or a cancel' : read.reason
    return { subject, state: 'unknown', words: `the run's commit could not be read (${why}); run again` }
  }
  const short = place.sha.slice(0, 7)
  const here = read.reports.filter((r) => counts(check.name, r, excluded))
  if (here.length > 0)
    return {
      subject,
      state: 'ok',
      words: `${name} is on the run's commit ${short}: ${here.map((r) => `${shownName(r.name)} ${oneLine(stateWord(r), 40)}`).join(', ')}; github-token reads it (checks: read, statuses: read, deployments: read)`
    }
  const seen: CommitReport[] = [...read.reports]
  const branch = branchOf(place.context)
  let readCommits = 0
  let unread = ''
  if (branch) {
    try {
      for (const sha of await recentCommits(place, branch, within)) {
        if (sha === place.sha) continue
        const reports = await firstPages(place, sha, within)
        readCommits++
        seen.push(...reports)
        const there = reports.filter((r) => counts(check.name, r, excluded))
        if (there.length > 0)
          return {
            subject,
            state: 'ok',
            words: `${name} is on ${sha.slice(0, 7)}, a recent commit of branch ${shownName(branch)}, not yet on the run's commit ${short}: the name is right, and the platform's app has not reported on this commit yet (the wait waits for it)`
          }
      }
    } catch (error) {
      unread = ` (the branch's other commits could not all be read: HTTP ${statusOf(error) ?? 'no answer'})`
    }
  }
  const others = readCommits === 1 ? '1 recent commit' : `${readCommits} recent commits`
  const where = `the run's commit ${short}${branch && readCommits > 0 ? ` nor on ${others} of branch ${shownName(branch)}` : ''}${unread}`
  const names = namesPresent(seen.filter((r) => !(r.kind === 'status' && r.name === excluded.ownContext)))
  if (names.length === 0)
    return {
      subject,
      state: 'warning',
      words: `nothing reports on ${where} yet, so the name ${name} cannot be checked: if the platform's app is installed on this repository and deploys this branch, it may not have run yet`
    }
  return {
    subject,
    state: 'problem',
    invalid: true,
    words: `no check run, commit status or deployment named ${name} on ${where}; the names there are ${fewNames(names, 10)}. Check platform-check: give the name the platform's app reports under (see the commit's checks on GitHub)`
  }
}

/** The last commits of the branch, newest first: one page of RECENT_COMMITS. */
async function recentCommits(place: Place, branch: string, within: () => AbortSignal): Promise<string[]> {
  const { octokit, owner, repo } = place
  const answer = await octokit.request('GET /repos/{owner}/{repo}/commits', {
    owner,
    repo,
    sha: branch,
    per_page: RECENT_COMMITS,
    request: { signal: within() }
  })
  const commits = Array.isArray(answer.data) ? (answer.data as unknown[]) : []
  return commits
    .map((c) => (c && typeof c === 'object' ? (c as { sha?: unknown }).sha : undefined))
    .filter((sha): sha is string => typeof sha === 'string')
    .slice(0, RECENT_COMMITS)
}

/** The first page (100) of the check runs and of the statuses of one commit: enough to see the names its apps report under. */
async function firstPages(place: Place, sha: string, within: () => AbortSignal): Promise<CommitReport[]> {
  const { octokit, owner, repo } = place
  const [runs, statuses, deployments] = await Promise.all([
    octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
      owner,
      repo,
      ref: sha,
      per_page: 100,
      filter: 'all',
      request: { signal: within() }
    }),
    octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/statuses', { owner, repo, ref: sha, per_page: 100, request: { signal: within() } }),
    octokit.request('GET /repos/{owner}/{repo}/deployments', { owner, repo, sha, per_page: 100, request: { signal: within() } })
  ])
  const runItems = (runs.data as { check_runs?: unknown }).check_runs
  const listed = (data: unknown) => (Array.isArray(data) ? (data as unknown[]) : [])
  const reports = [
    ...listed(runItems).map((item) => reportOf('check-runs', item)),
    ...listed(statuses.data).map((item) => reportOf('statuses', item)),
    ...listed(deployments.data).map((item) => reportOf('deployments', item))
  ]
  return reports.filter((r): r is CommitReport => r !== undefined)
}
