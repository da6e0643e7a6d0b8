// The docs as a GitLab commit status (--commit-status NAME): `running` on the pipeline's commit
// when the wait starts, then `success`, `failed` or `canceled`, so that the pipeline and the merge
// request show the docs as a check of their own. Written by the rules of the merge request note and
// the action's commit status: the outcome waits for the `running` write it would otherwise race, a
// cancel shortens what is left to the grace, and what could not be written is one warning; it
// never changes the result or the exit code.
import { INPUT_SCHEMAS } from '../inputs/fields.js'
import { commitStatusOf, type RawInputs, SECRET_INPUTS } from '../inputs/parse.js'
import type { RunOutcome, Settings, TargetRef } from '../model.js'
import { type RecordPort, withinBudget } from '../records/lifecycle.js'
import { keptRecord, type RunRecord } from '../records/run-record.js'
import { type StatusIo, type StatusNouns, statusRecordPort } from '../records/status-record.js'
import { oneLine } from '../text.js'
import { statusTexts } from '../report/commit-status.js'
import { type OwnState, tagged, type Writer, writer } from '../records/gate.js'
import { closeSoon, createGitLabClient, explainRateLimit, type GitLabCommitStatus, GitLabError, gitlabRetryAfterMs } from './api.js'
import { cleanerWith, GITLAB_TOKEN_VARIABLE, gitlabTokenOf, type NoteContext, usableToken } from './context.js'

const CREATE_TOKEN = `Create a project access token with the api scope and at least the Developer role (the project's Settings › Access tokens), or a personal access token with the api scope of a Developer of the project, and store it as a masked CI/CD variable named ${GITLAB_TOKEN_VARIABLE}`

/** Where the status goes, read from GitLab CI's predefined variables, or why it has nowhere to go. */
export type StatusPlace = { skip: string } | { apiUrl: URL; project: string; sha: string; pipelineId: number | undefined; jobUrl: string | undefined }

const COMMIT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i
const shown = (text: string) => JSON.stringify(oneLine(text, 60)).replace(/[^\x20-\x7e]/g, '?')

/** The pipeline's commit (CI_COMMIT_SHA) in the project (CI_PROJECT_ID) of the GitLab API (CI_API_V4_URL), the pipeline and the job. */
export function statusPlace(env: Readonly<Record<string, string | undefined>>): StatusPlace {
  if (env.GITLAB_CI !== 'true')
    return {
      skip: "this is not a GitLab CI job (GITLAB_CI is not set); the command line writes the commit status on GitLab only (on GitHub, the action's `commit-status` input writes it)"
    }
  const project = env.CI_PROJECT_ID?.trim()
  if (!project) return { skip: 'CI_PROJECT_ID is not set' }
  const api = env.CI_API_V4_URL?.trim() ?? ''
  if (!URL.canParse(api) || !/^https?:$/.test(new URL(api).protocol)) return { skip: 'CI_API_V4_URL is not set to the http(s) URL of the GitLab API' }
  const sha = env.CI_COMMIT_SHA?.trim() ?? ''
  if (sha === '') return { skip: "the pipeline's commit is unknown (CI_COMMIT_SHA is not set)" }
  if (!COMMIT_ID.test(sha)) return { skip: `the pipeline's commit is unknown (CI_COMMIT_SHA is ${shown(sha)}, which is not a commit id)` }
  const pipeline = env.CI_PIPELINE_ID?.trim()
  const jobUrl = env.CI_JOB_URL?.trim()
  return {
    apiUrl: new URL(api),
    project,
    sha: sha.toLowerCase(),
    pipelineId: pipeline && /^\d{1,15}$/.test(pipeline) ? Number(pipeline) : undefined,
    jobUrl: jobUrl && URL.canParse(jobUrl) ? jobUrl : undefined
  }
}

/** The token, or why there is none that may write a commit status (the merge request note's token: CI_JOB_TOKEN may not). */
export function statusToken(token: string, env: Readonly<Record<string, string | undefined>>): { token: string } | { problem: string } {
  return usableToken(token, env, 'commit statuses', CREATE_TOKEN)
}

/** Why the status could not be written, and what to do. */
export function explainGitLabStatusError(error: unknown, project: string): string {
  const status = error instanceof GitLabError ? error.status : undefined
  const limited = explainRateLimit(error, 'commit status')
  if (limited) return limited
  if (status === 401)
    return `GitLab refused the token (HTTP 401): it is expired, revoked, or not a token of this GitLab, or it is the CI job token, which cannot write commit statuses. ${CREATE_TOKEN}`
  if (status === 403)
    return `the token may not write commit statuses in this project (HTTP 403): an access token needs the api scope and at least the Developer role. ${CREATE_TOKEN}`
  if (status === 404)
    return `GitLab did not find project ${oneLine(project, 100)} or the pipeline's commit (HTTP 404): check that the token's user is a member of the project`
  return oneLine(error instanceof Error ? error.message : String(error), 400)
}

type Place = Extract<StatusPlace, { apiUrl: URL }>

/**
 * The GitLab commit status, as the shared record's platform (records/status-record.ts). Its
 * writes are keyed by commit and name. GitLab moves the open status of the name (running or
 * pending) in place and refuses to move it to the state it has (400, "Cannot transition status
 * via :run from :running"): a `running` written over an open `running` (another job's, or a late
 * one of this job) is done. A write after a finished status is a status of its own, never refused so.
 */
export function gitlabStatusPort(
  name: string,
  place: Place,
  token: string,
  targets: readonly TargetRef[],
  settings: Pick<Settings, 'requestTimeoutMs' | 'commitStatus'>,
  context: {
    env: Readonly<Record<string, string | undefined>>
    clean: (text: string) => string
    endAt: () => number
    /** The command's own inputs, keys left out: two commands of one job are two writers, a retry of the job the same (gitlabWriter). */
    invocation?: string
  }
): RecordPort<true, RunOutcome> {
  const { clean, env } = context
  const me = gitlabWriter(place, env, context.invocation ?? '')
  const io: StatusIo = {
    sha: place.sha.slice(0, 7),
    me,
    runUrl: place.jobUrl,
    // GitLab takes a target_url of 255 characters at the most: a longer one links the job.
    link: (url, own) => tagged(url, me, own, GITLAB_URL_MAX) ?? tagged(place.jobUrl, me, own, GITLAB_URL_MAX),
    async send(body, signal) {
      // A write is given until the step's limit in every phase (the lifecycle's signal ends it sooner):
      // cut at request-timeout, it may still be applied after the write that follows it.
      const gitlab = createGitLabClient(place.apiUrl, token, signal, Math.max(settings.requestTimeoutMs, context.endAt() - Date.now()), env, clean)
      try {
        const status = { ...body, name, pipelineId: place.pipelineId } as GitLabCommitStatus
        return await withinBudget(gitlab.setCommitStatus(place.project, place.sha, status), signal)
      } finally {
        closeSoon(gitlab)
      }
    },
    async list(signal) {
      const gitlab = createGitLabClient(place.apiUrl, token, signal, settings.requestTimeoutMs, env, clean)
      try {
        return await withinBudget(gitlab.commitStatuses(place.project, place.sha, name), signal)
      } finally {
        closeSoon(gitlab)
      }
    },
    // Without the pipeline's id, no other job can share the status.
    ...(place.pipelineId === undefined ? { alone: true } : {})
  }
  return statusRecordPort(
    {
      api: 'GitLab API',
      nouns: GITLAB_NOUNS,
      context: name,
      shown: oneLine(name, 100),
      texts: statusTexts(clean, settings.commitStatus?.failOnTimeout ?? true, settings.commitStatus?.url),
      connect: async () => io,
      stateOf: gitlabStateOf,
      explain: (error) => explainGitLabStatusError(error, place.project),
      retryAfterMs: gitlabRetryAfterMs,
      alreadySo
    },
    targets
  )
}

/** How GitLab's words name the status and the jobs. */
const GITLAB_NOUNS: StatusNouns = {
  thing: 'status',
  unit: 'pipeline',
  again: 'retry',
  othersStill: 'running',
  result: 'The result',
  host: 'GitLab',
  namesLink: false,
  quote: (text) => text
}

/** The command's inputs as given, keys left out: what one command of a job waits on, the same in a retry of the job. */
function invocationOf(raw: RawInputs): string {
  return JSON.stringify(Object.entries(raw).filter(([input]) => !SECRET_INPUTS.has(input as keyof RawInputs)))
}

/** GitLab's limit on a status's target_url. */
const GITLAB_URL_MAX = 255

/** GitLab's state for an own state: GitLab has no `error`, so a timeout and an error fail the status too. */
const gitlabStateOf = (own: OwnState): string => (own === 'pending' ? 'running' : own === 'cancelled' ? 'canceled' : own === 'success' ? 'success' : 'failed')

/**
 * This job's writer of the status (records/gate.ts): the pipeline (a retried job stays in it), and
 * in it the job's name (GitLab names each leg of a parallel:matrix) and the command's own inputs
 * (`invocation`: two commands of one job wait on other work), so that a retry of the job is the
 * same writer and another leg or another command is not; the words name the job.
 */
export function gitlabWriter(place: Place, env: Readonly<Record<string, string | undefined>>, invocation: string): Writer {
  const job = env.CI_JOB_NAME?.trim() || 'the job'
  // Without the pipeline (a GitLab that does not say), the job is a run of its own: held to no other.
  const run = place.pipelineId !== undefined ? String(place.pipelineId) : `job-${env.CI_JOB_ID?.trim() || 'unknown'}`
  // A retry is a new job, with a greater id: the job's id orders the runs of one writer.
  const jobId = Number(env.CI_JOB_ID)
  return writer(
    run,
    [job, invocation],
    job,
    place.pipelineId === undefined ? undefined : `pipeline ${place.pipelineId}`,
    Number.isSafeInteger(jobId) && jobId > 0 ? jobId : 1
  )
}

/**
 * Why a status of `name` must not be written from this job, or undefined: GitLab takes a commit
 * status named like a job of its pipeline for a retry of that job (its own code marks the older of
 * the two retried), so a status named like the job that writes it would mark that job retried.
 */
export function namedLikeTheJob(name: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const job = env.CI_JOB_NAME?.trim()
  if (!job || job !== name) return undefined
  const shown = oneLine(name, 100)
  return `The commit status ${shown} was not written: it has the name of this job (CI_JOB_NAME), and GitLab takes a commit status named like a job of its pipeline for a retry of that job, which marks the job itself retried. Give --commit-status a name no job of the pipeline has (e.g. ${oneLine(`${name}-check`, 100)}), and require that name. The result does not depend on it.`
}

/**
 * GitLab's refusal of a state the status already has (400, "Cannot transition status via :run
 * from :running"; read by the API client: heldState), by its words alone: any other 400 is the
 * failure it is, even for the state written last (a finished status is never moved, so a close
 * sent again is never refused as already so).
 */
function alreadySo(error: unknown, state: string): boolean {
  return error instanceof GitLabError && error.status === 400 && error.heldState === state
}

/**
 * The commit status of the run for `--commit-status` (the input commit-status), as a record of
 * the story: `running` when the wait starts, the outcome at the end. Its token is the merge
 * request note's.
 */
export function createPipelineCommitStatus(context: NoteContext, raw: RawInputs): RunRecord {
  const { env, startedAt } = context
  const parsedName = INPUT_SCHEMAS['commit-status'].safeParse(raw['commit-status'].trim())
  const name = parsedName.success ? parsedName.data : undefined
  const token = gitlabTokenOf(context.token, env)
  const clean = cleanerWith(token, context.clean)
  const cancel = { signal: context.signal, exitBy: context.exitBy }
  return keptRecord<true>(
    ({ settings, targets, endAt }) => {
      // With invalid inputs too, when its own are sound: `failed`, so that no earlier `success` stands.
      const status = settings ? settings.commitStatus : commitStatusOf(raw)
      if (!name || !status) return undefined
      const place = statusPlace(env)
      if ('skip' in place)
        return {
          say: `commit-status is set, but ${place.skip}; no commit status was written.`,
          level: env.GITLAB_CI === 'true' ? 'info' : 'warning',
          code: 'commit-status.skipped'
        }
      const clash = namedLikeTheJob(name, env)
      if (clash) return { say: clash, level: 'warning', code: 'commit-status.named-like-job' }
      const key = statusToken(token, env)
      if ('problem' in key)
        return {
          say: `The commit status ${oneLine(name, 100)} could not be written: ${key.problem}. The result does not depend on it.`,
          level: 'warning',
          code: 'commit-status.no-token'
        }
      const writesEndAt = endAt(status.requestTimeoutMs)
      const run = { requestTimeoutMs: status.requestTimeoutMs, commitStatus: status }
      return {
        port: gitlabStatusPort(name, place, key.token, targets, run, { env, clean, endAt: () => writesEndAt, invocation: invocationOf(raw) }),
        requestTimeoutMs: status.requestTimeoutMs
      }
    },
    { startedAt, cancel, log: context.log, clean }
  )
}
