// GitLab's side of `platform-check`: every commit status of the pipeline's commit (the external
// ones the platform's integration writes, and the jobs of the project's pipelines), read page by
// page (100 a page, oldest first as GitLab lists them, following x-next-page or the Link header,
// at most MAX_CHECK_PAGES), and every failure classified for the poll loop: a refusal names the
// token to give, a rate limit or a server error is tried again on the schedule.
import { GITLAB_CI_JOB } from '../engine/targets/platform-check.js'
import type { CommitReport, PlatformCheckPort, PlatformCheckRead } from '../model.js'
import { NoAnswer } from '../records/failure.js'
import { isAbort } from '../records/listing.js'
import { oneLine } from '../text.js'
import { timeoutSignal } from '../timeout-signal.js'
import { closeSoon, createGitLabClient, GitLabError, type GitLabClient } from './api.js'
import { cleanerWith, GITLAB_TOKEN_VARIABLE, type PipelineCommit, pipelineCommit, READ_TOKEN, usableToken } from './context.js'

/** The most pages of 100 statuses read: a listing that does not end within them is a read that failed. */
export const MAX_CHECK_PAGES = 30

type Env = Readonly<Record<string, string | undefined>>

type Open = (apiUrl: URL, token: string, signal: AbortSignal, phaseTimeoutMs: number, env: Env, clean: (text: string) => string) => GitLabClient

/**
 * The reader of the statuses of the pipeline's commit (CI_COMMIT_SHA) with `token`
 * (WAIT_FOR_DOCS_GITLAB_TOKEN); every text it returns is cut of every key (`clean`, and the token).
 */
export function gitlabPlatformCheckReader(token: string, env: Env, clean: (text: string) => string, open: Open = createGitLabClient): PlatformCheckPort {
  const cleaned = cleanerWith(token, clean)
  return {
    reads: 'commit status',
    async read(signal, timeoutMs): Promise<PlatformCheckRead> {
      const place = pipelineCommit(env)
      if ('problem' in place) return { kind: 'fatal', reason: `${place.problem}, so platform-check has no commit to read`, misconfigured: true }
      const key = usableToken(token, env, 'commit statuses', READ_TOKEN, 'read')
      if ('problem' in key) return { kind: 'fatal', reason: cleaned(key.problem), misconfigured: true }
      const within = AbortSignal.any([signal, timeoutSignal(timeoutMs)])
      const gitlab = open(place.apiUrl, key.token, within, timeoutMs, env, cleaned)
      try {
        const entries = await gitlab.commitReports(place.project, place.sha, MAX_CHECK_PAGES)
        const reports: CommitReport[] = []
        for (const entry of entries) {
          const report = reportOf(entry, place.projectUrl, cleaned)
          // GitLab gives every status an id, a name and a status: an entry without one is not its listing, and a status left out could be the one that failed.
          if (!report)
            return {
              kind: 'transient',
              reason: `GitLab's answer listing the statuses of commit ${place.sha.slice(0, 7)} held an entry without an id, a name or a status (not GitLab's own listing: a proxy's or a catch-all's answer?); it is read again`
            }
          reports.push(report)
        }
        return { kind: 'listed', commit: place.sha, reports }
      } catch (error) {
        if (signal.aborted) return { kind: 'transient', reason: 'cancelled' }
        if (within.aborted) return { kind: 'transient', reason: `no complete answer within ${timeoutMs / 1000}s (request-timeout) from the GitLab API` }
        const read = classifyFailure(error, place)
        return { ...read, reason: cleaned(read.reason) }
      } finally {
        closeSoon(gitlab)
      }
    }
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/**
 * One entry of GitLab's listing as a report, or undefined for one without an id, a name or a
 * status. A status whose target is a job's page of the project (CI_PROJECT_URL/-/jobs/…) is a
 * job of its pipelines: counted only when named exactly (`app`, targets/platform-check.ts).
 */
export function reportOf(entry: Record<string, unknown>, projectUrl: string | undefined, clean: (text: string) => string): CommitReport | undefined {
  const id = entry.id
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined
  const name = text(entry.name)
  const status = text(entry.status)
  if (name === undefined || status === undefined) return undefined
  const url = text(entry.target_url) || undefined
  const job = projectUrl !== undefined && url?.startsWith(`${projectUrl}/-/jobs/`) === true
  return {
    kind: 'status',
    name: clean(name),
    id,
    status: clean(status),
    conclusion: null,
    url: url === undefined ? undefined : clean(url),
    ...(job ? { app: GITLAB_CI_JOB } : {})
  }
}

/**
 * A failed read, classified: a refusal (401, 403, 404) names the token or the project and ends
 * the wait (misconfigured); a rate limit, a server error, an answer that is not the listing or no
 * answer is tried again on the schedule.
 */
export function classifyFailure(error: unknown, place: Pick<PipelineCommit, 'project' | 'sha'>): Exclude<PlatformCheckRead, { kind: 'listed' }> {
  const reading = `reading the statuses of commit ${place.sha.slice(0, 7)}`
  const said = oneLine(error instanceof Error ? error.message : String(error), 200)
  if (isAbort(error)) return { kind: 'transient', reason: `the GitLab API did not answer in time ${reading}` }
  if (error instanceof NoAnswer) return { kind: 'transient', reason: `${reading} failed: ${said}` }
  const status = error instanceof GitLabError ? error.status : undefined
  if (status === 429) {
    const wait = error instanceof GitLabError ? error.retryAfterMs : undefined
    return { kind: 'transient', reason: `HTTP 429 from GitLab ${reading}: rate limited (${said})`, ...(wait === undefined ? {} : { retryAfterMs: wait }) }
  }
  if (status === 401)
    return {
      kind: 'fatal',
      misconfigured: true,
      reason: `HTTP 401 from GitLab ${reading}: the token in ${GITLAB_TOKEN_VARIABLE} was refused (expired, revoked, or not a token of this GitLab). ${READ_TOKEN}`
    }
  if (status === 403)
    return {
      kind: 'fatal',
      misconfigured: true,
      reason: `HTTP 403 from GitLab ${reading} (${said}): the token in ${GITLAB_TOKEN_VARIABLE} may not read this project's commit statuses; it needs the read_api or api scope and at least the Reporter role, and the CI job token cannot read them. ${READ_TOKEN}`
    }
  if (status === 404)
    return {
      kind: 'fatal',
      misconfigured: true,
      reason: `HTTP 404 from GitLab ${reading}: GitLab did not find project ${oneLine(place.project, 100)} or the commit; check that the token's user is a member of the project (at least Reporter)`
    }
  if (status === 408 || (status !== undefined && status >= 500)) return { kind: 'transient', reason: `HTTP ${status} from GitLab ${reading}` }
  if (status !== undefined) return { kind: 'fatal', reason: `HTTP ${status} from GitLab ${reading} (${said})` }
  return { kind: 'transient', reason: `${reading} failed: ${said}` }
}
