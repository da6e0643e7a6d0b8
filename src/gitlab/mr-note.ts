// The sticky note on the pipeline's GitLab merge request (--mr-comment), as pr-comment keeps one
// comment on a GitHub pull request: "in progress" when the wait starts, replaced in place by the
// outcome. Its Markdown is the comment's; only where it goes and how it is written differ.
import { parseDuration } from '../durations.js'
import { INPUT_DEFAULTS, parseInputs, type RawInputs } from '../inputs/parse.js'
import type { CommentKind, RunOutcome, SearchSettings, TargetRef } from '../model.js'
import { type RecordLog, type RecordPort, RecordSkipped, recordLifecycle, type WriteSignals } from '../records/lifecycle.js'
import { type MessageIo, messageRecordPort } from '../records/message-record.js'
import { keptRecord, type RunRecord } from '../records/run-record.js'
import {
  commentMarker,
  earlierMarkers,
  markerRank,
  renderComment,
  renderInProgressComment,
  renderLeftToNewerHead,
  type CommentSource
} from '../report/comment.js'
import { describeWork } from '../report/titles.js'
import { safeUrl } from '../report/markdown.js'
import { inProgressBudgetMs } from '../step/limits.js'
import { oneLine } from '../text.js'
import { closeSoon, createGitLabClient, explainRateLimit, type GitLabClient, GitLabError, gitlabRetryAfterMs } from './api.js'
import type { WarningCode } from '../warnings.js'
import { cleanerWith, GITLAB_TOKEN_VARIABLE, gitlabTokenOf, type NoteContext, usableToken } from './context.js'

const CREATE_TOKEN = `Create a project access token with the api scope and at least the Reporter role (the project's Settings › Access tokens), or a personal access token with the api scope, and store it as a masked CI/CD variable named ${GITLAB_TOKEN_VARIABLE}`

/** Where the note goes, read from GitLab CI's predefined variables, or why it has nowhere to go. */
export type NotePlace =
  | { skip: string }
  | {
      apiUrl: URL
      /** The merge request's own project (CI_MERGE_REQUEST_PROJECT_ID), where its number means this merge request. */
      project: string
      mergeRequest: string
      /** The merge request's project by path (CI_MERGE_REQUEST_PROJECT_PATH), for the words; else its id. */
      projectName: string
      /** The fork the pipeline runs in (CI_PROJECT_ID, with CI_PROJECT_PATH for the words), when it is not the merge request's project. */
      fork: { project: string; name: string } | undefined
      marker: string
      /** Which of this job's markers heads a note (`markerRank`): 0 its own, 1… an earlier version's it takes over. */
      rank: (body: string) => number | undefined
      source: CommentSource
      pipelineSha: string | undefined
    }

/** What the note needs of the run: the kinds of work and --pr-comment-key (its marker), and the request time limit. */
export interface NoteSettings {
  kinds: CommentKind[]
  /** --pr-comment-key: keeps two notes of one job apart. */
  key?: string | undefined
  requestTimeoutMs: number
}

export type NoteLog = RecordLog

export interface MergeRequestNoteOptions {
  /** GitLab CI's variables: process.env in production. */
  env: Readonly<Record<string, string | undefined>>
  /** The token that writes the note (--gitlab-token); else WAIT_FOR_DOCS_GITLAB_TOKEN of `env`. */
  token?: string | undefined
  log: NoteLog
  /** Cuts every key of the run out of text; the GitLab token is cut out by the note itself too. */
  clean?: (text: string) => string
}

const DEFAULT_REQUEST_TIMEOUT_MS = parseDuration(INPUT_DEFAULTS['request-timeout']) ?? 30_000

const isSha = (text: string | undefined): text is string => text !== undefined && /^[0-9a-f]{7,64}$/i.test(text)

/** A project's path as GitLab spells it (groups and subgroups), for the words; anything else is not shown. */
const PROJECT_PATH = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+){1,20}$/

/** A project named by its path when it is a plain one, else by its id. */
const projectNamed = (id: string, path: string | undefined) => {
  const given = path?.trim()
  return given && given.length <= 100 && PROJECT_PATH.test(given) ? given : `project ${oneLine(id, 40)}`
}

/**
 * The merge request of the pipeline (CI_API_V4_URL, CI_MERGE_REQUEST_IID in the merge request's
 * own project, CI_MERGE_REQUEST_PROJECT_ID), the marker of this job's note (one per whole job
 * name, --pr-comment-key and kinds of work, as the comment has one per workflow file, job, step
 * and key), the job's URL and the commit the pipeline runs on. A pipeline of a fork's merge
 * request runs in the fork (CI_PROJECT_ID), where the same number is another merge request or
 * none: the note goes to the merge request's own project, and CI_PROJECT_ID stands in only when
 * GitLab does not say which that is.
 */
export function notePlace(env: Readonly<Record<string, string | undefined>>, settings: Pick<NoteSettings, 'kinds' | 'key'>): NotePlace {
  const mergeRequest = env.CI_MERGE_REQUEST_IID?.trim()
  if (!mergeRequest) {
    if (env.GITLAB_CI !== 'true') return { skip: 'this is not a GitLab CI job (GITLAB_CI is not set), so there is no merge request to write on' }
    return {
      skip: `this pipeline is not for a merge request (CI_MERGE_REQUEST_IID is not set; GitLab sets it in merge request pipelines, run with rules: - if: $CI_PIPELINE_SOURCE == "merge_request_event")`
    }
  }
  if (!/^\d{1,12}$/.test(mergeRequest)) return { skip: 'CI_MERGE_REQUEST_IID is not a number' }
  const pipelineProject = env.CI_PROJECT_ID?.trim()
  const project = env.CI_MERGE_REQUEST_PROJECT_ID?.trim() || pipelineProject
  if (!project) return { skip: "the merge request's project is unknown (neither CI_MERGE_REQUEST_PROJECT_ID nor CI_PROJECT_ID is set)" }
  const fork =
    pipelineProject && pipelineProject !== project ? { project: pipelineProject, name: projectNamed(pipelineProject, env.CI_PROJECT_PATH) } : undefined
  const api = env.CI_API_V4_URL?.trim() ?? ''
  if (!URL.canParse(api) || !/^https?:$/.test(new URL(api).protocol)) return { skip: 'CI_API_V4_URL is not set to the http(s) URL of the GitLab API' }
  const pipelineSha = [env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA, env.CI_COMMIT_SHA].map((sha) => sha?.trim()).find(isSha)
  const place = { ci: 'gitlab', job: env.CI_JOB_NAME, key: settings.key } as const
  const marker = commentMarker(settings.kinds, place)
  const markers = [marker, ...earlierMarkers(settings.kinds, place)]
  return {
    apiUrl: new URL(api),
    project,
    mergeRequest,
    projectName: projectNamed(project, env.CI_MERGE_REQUEST_PROJECT_PATH),
    fork,
    marker,
    rank: (body) => markerRank(body, markers),
    source: { runUrl: safeUrl(env.CI_JOB_URL), sha: pipelineSha, run: { label: 'job', annotates: false } },
    pipelineSha
  }
}

/**
 * The kinds of work and the request time limit of the run, read from its inputs as the comment
 * reads them (also when other inputs are invalid, so that the corrected run updates the same note).
 */
export function noteSettings(raw: RawInputs): NoteSettings {
  const parsed = parseInputs({ ...raw, 'pr-comment': 'true', 'github-token': 'unused', 'pr-number-target': '' })
  const comment = parsed.ok ? parsed.settings.comment : parsed.comment
  return { kinds: comment?.kinds ?? [], key: comment?.key, requestTimeoutMs: comment?.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS }
}

/** Where the note was to go, as its words name it. */
export interface NoteWhere {
  project: string
  mergeRequest: string
  /** The merge request's project by path, else "project <id>". */
  projectName?: string
  /** The fork the pipeline runs in, when it is not the merge request's project. */
  fork?: { project: string; name: string } | undefined
}

/**
 * Why a pipeline of a fork's merge request may hold no token that writes there, and what works:
 * it runs in the fork, with the fork's CI/CD variables, not the merge request's project's. One
 * sentence after another, with a space before it and no full stop after it; '' outside a fork.
 */
export function forkPipeline(where: NoteWhere): string {
  if (!where.fork) return ''
  const target = where.projectName ?? `project ${oneLine(where.project, 40)}`
  return (
    ` This pipeline runs in the fork ${where.fork.name} for a merge request of ${target}, so GitLab gives it the fork's CI/CD variables (${GITLAB_TOKEN_VARIABLE} among them), not those of ${target}. ` +
    `Give the fork a token that may write notes in ${target}, or have a member of ${target} run the pipeline there (the merge request's Pipelines tab, Run pipeline)`
  )
}

/** Why the note could not be written, and what to do; the run's result does not depend on it. */
export function explainNoteError(error: unknown, place: NoteWhere): string {
  const status = error instanceof GitLabError ? error.status : undefined
  const forked = forkPipeline(place)
  const fork = forked ? `.${forked}` : ''
  const limited = explainRateLimit(error, 'note')
  if (limited) return limited
  if (status === 401)
    return `GitLab refused the token (HTTP 401): it is expired, revoked, or not a token of this GitLab, or it is the CI job token, which cannot write notes. ${CREATE_TOKEN}${fork}`
  if (status === 403)
    return `the token may not write notes on this merge request (HTTP 403): a CI job token never may, and an access token needs the api scope and at least the Reporter role. ${CREATE_TOKEN}${fork}`
  if (status === 404)
    return `GitLab did not find merge request !${place.mergeRequest} of ${place.projectName ?? `project ${oneLine(place.project, 100)}`} (HTTP 404): check that the token's user is a member of the project${fork}`
  const message = error instanceof Error ? error.message : String(error)
  return oneLine(message, 400)
}

/** The token, or why there is none that can write a note (on a fork's pipeline, with why the fork may hold none). */
function noteToken(options: MergeRequestNoteOptions, place: NotePlace): { token: string } | { problem: string } {
  const token = usableToken(gitlabTokenOf(options.token, options.env), options.env, 'merge request notes', CREATE_TOKEN)
  if ('problem' in token && 'apiUrl' in place && place.fork) return { problem: `${token.problem}.${forkPipeline(place)}` }
  return token
}

/** Every spelling of the GitLab token cut out too, whatever the caller's redactor knows. */
function cleaner(options: MergeRequestNoteOptions): (text: string) => string {
  return cleanerWith(gitlabTokenOf(options.token, options.env), options.clean)
}

type Found = Extract<NotePlace, { apiUrl: URL }>

/**
 * What is said instead of a note when none can be written, known before any request: no merge
 * request to write on (outside GitLab CI: a warning, as its neighbours are; in a branch pipeline,
 * a line), or no token that may write one.
 */
function noteInstead(
  options: MergeRequestNoteOptions,
  place: NotePlace,
  token: { token: string } | { problem: string }
): { say: string; level: 'info' | 'warning'; code: WarningCode } | undefined {
  if ('skip' in place)
    return {
      say: `--mr-comment is set, but ${place.skip}; no merge request note was written.`,
      level: options.env.GITLAB_CI === 'true' ? 'info' : 'warning',
      code: 'note.skipped'
    }
  if ('problem' in token) return { say: `${NOT_WRITTEN}: ${token.problem}. ${STANDS}`, level: 'warning', code: 'note.no-token' }
  return undefined
}

const NOT_WRITTEN = 'The merge request note could not be written'
const STANDS = 'The result does not depend on it.'

/** What the "in progress" note names: the work waited on. */
export interface NoteOpening {
  targets: readonly TargetRef[]
  search: SearchSettings | undefined
}

/**
 * The merge request note as GitLab's port of the shared message record
 * (records/message-record.ts): its id is where it is. The note of this job written by the token's own user is found on whatever page of
 * the notes it is and updated in place; else one is created. A note by anyone else, even with
 * the marker, is left as it is. `endAt` bounds the connections of a write (the lifecycle's signals end it sooner).
 */
export function mergeRequestNotePort(
  options: MergeRequestNoteOptions,
  settings: NoteSettings,
  opening: () => NoteOpening | undefined,
  endAt: () => number
): RecordPort<number, RunOutcome> {
  const clean = cleaner(options)
  const place = notePlace(options.env, settings)
  const token = noteToken(options, place)
  const known: { me?: number } = {}
  const ready = () => {
    const instead = noteInstead(options, place, token)
    if (instead) throw new RecordSkipped(instead.say, instead.code, instead.level)
    return { place: place as Found, token: (token as { token: string }).token }
  }
  /** A client for one exchange: lookups end with request-timeout, writes only with the step's limit or the grace. */
  async function using<T>(signal: AbortSignal, phaseMs: number, work: (gitlab: GitLabClient, at: Found) => Promise<T>): Promise<T> {
    const { place: at, token: key } = ready()
    const gitlab = createGitLabClient(at.apiUrl, key, signal, phaseMs, options.env, clean)
    try {
      return await work(gitlab, at)
    } finally {
      closeSoon(gitlab)
    }
  }
  /** The token's user, asked once per run; again only if asking failed. */
  const meOf = async (gitlab: GitLabClient) => {
    known.me ??= await gitlab.currentUserId()
    return known.me
  }
  const connect = async (signals: WriteSignals): Promise<MessageIo> => {
    const { place: at } = ready()
    const looking = <T>(work: (gitlab: GitLabClient, at: Found) => Promise<T>) => using(signals.lookup, settings.requestTimeoutMs, work)
    const writing = <T>(work: (gitlab: GitLabClient, at: Found) => Promise<T>) =>
      using(signals.write, Math.max(settings.requestTimeoutMs, endAt() - Date.now()), work)
    return {
      find: () =>
        looking(async (gitlab, at) => {
          const me = await meOf(gitlab)
          const found = await gitlab.findNoteAndTwins(at.project, at.mergeRequest, (note) =>
            note.authorId === me && !note.system ? at.rank(note.body) : undefined
          )
          return { id: found.note?.id, body: found.note?.body, twins: found.twins }
        }),
      ours: () =>
        looking(async (gitlab, at) => {
          const me = await meOf(gitlab)
          const notes = await gitlab.listNotes(at.project, at.mergeRequest, (note) => note.authorId === me && !note.system && at.rank(note.body) === 0)
          return notes.map(({ id, body }) => ({ id, body }))
        }),
      bodyOf: (id) => looking((gitlab, at) => gitlab.noteBody(at.project, at.mergeRequest, id)),
      head: () => looking((gitlab, at) => gitlab.mergeRequestHead(at.project, at.mergeRequest)),
      write: (id, body) =>
        writing(async (gitlab, at) => {
          if (id !== undefined) {
            await gitlab.updateNote(at.project, at.mergeRequest, id, body)
            return { where: id, done: 'updated' as const }
          }
          return { where: await gitlab.createNote(at.project, at.mergeRequest, body), done: 'created' as const }
        }),
      remove: (id) => writing((gitlab, at) => gitlab.deleteNote(at.project, at.mergeRequest, id)),
      ownCommit: at.pipelineSha,
      inProgress: () => {
        const { targets = [], search } = opening() ?? {}
        const work = describeWork({ targets: targets.map((ref) => ({ ref })), search })
        return clean(renderInProgressComment(at.marker, targets, at.source, work))
      },
      // The pipeline's commit heads the note; a deployed commit that differs is said so beside it, as in the pull request comment.
      outcome: (outcome) => clean(renderComment(outcome, at.marker, at.source)),
      leftTo: (head, result) => clean(renderLeftToNewerHead(at.marker, at.source, head, result, { what: 'note', on: 'merge request' }))
    }
  }
  // A fork's pipeline names the merge request's own project, where the note went.
  const mr = () => ('mergeRequest' in place ? `${place.mergeRequest}${place.fork ? ` of ${place.projectName}` : ''}` : '?')
  return messageRecordPort({
    api: 'GitLab API',
    what: 'note',
    on: 'merge request',
    connect,
    explain: (error) => ('apiUrl' in place ? explainNoteError(error, place) : oneLine(String(error), 400)),
    gone: (error) => error instanceof GitLabError && error.status === 404,
    retryAfterMs: gitlabRetryAfterMs,
    words: {
      named: () => `The note on merge request !${mr()}`,
      opened: () => `Posted "in progress" on merge request !${mr()}.`,
      closed: (_id, done) => `${done === 'created' ? 'Noted the outcome on' : 'Updated the note on'} merge request !${mr()}.`,
      openFailed: (why) => `The "in progress" note could not be written (${why}); the outcome will still be noted.`,
      closeFailed: (why) => `${NOT_WRITTEN}: ${why}. ${STANDS}`,
      deleted: (id) =>
        `The note on merge request !${mr()} was deleted during the run (GitLab answered 404 to its update of note ${id}); writing the outcome in a new note.`,
      mayNotHold: (why) => `The merge request note holds the outcome, but ${why}. ${STANDS}`
    }
  })
}

export interface NoteWrite {
  settings: NoteSettings
  /** The whole time the note may take. */
  budgetMs: number
  /** Ends the note early (a cancel). */
  signal?: AbortSignal
  /** When the cancelled process must be gone by. */
  exitBy?: () => number | undefined
}

/**
 * The outcome's note alone (no "in progress" before it), within `budgetMs`: created, or the
 * job's note updated in place. A note that cannot be written is a warning; the result and the
 * exit code never depend on it.
 */
export async function writeMergeRequestNote(options: MergeRequestNoteOptions, write: NoteWrite, outcome: RunOutcome): Promise<void> {
  const endAt = Date.now() + write.budgetMs
  const port = mergeRequestNotePort(
    options,
    write.settings,
    () => undefined,
    () => endAt
  )
  const cancel = { signal: write.signal ?? new AbortController().signal, exitBy: write.exitBy ?? (() => (write.signal?.aborted ? Date.now() : undefined)) }
  await recordLifecycle(port, { cancel, endAt, requestTimeoutMs: write.settings.requestTimeoutMs, log: options.log, clean: cleaner(options) }).close(outcome)
}

/**
 * The note as a record of the story (step/story.ts): "in progress" when the wait starts, the
 * outcome at the end, kept true by the record lifecycle within the step's time limits
 * (step/limits.ts): "in progress" never sent past the wait's deadline, every write within
 * timeout + request-timeout + 2 s, or what is left of the grace period after a cancel, consulted
 * live. `raw` gives the kinds of work of the marker, also when the inputs are invalid.
 */
export function createMergeRequestNote(context: NoteContext, raw: RawInputs): RunRecord {
  const settings = noteSettings(raw)
  const options: MergeRequestNoteOptions = { env: context.env, token: context.token, log: context.log, clean: context.clean }
  const cancel = { signal: context.signal, exitBy: context.exitBy }
  return keptRecord<number>(
    ({ settings: run, targets, endAt }) => {
      // Known when waiting begins (no merge request, no token): said then, not after the wait.
      const place = notePlace(options.env, settings)
      const instead = noteInstead(options, place, noteToken(options, place))
      if (instead) return instead
      const writesEndAt = endAt(settings.requestTimeoutMs)
      return {
        port: mergeRequestNotePort(
          options,
          settings,
          () => ({ targets, search: run?.search }),
          () => writesEndAt
        ),
        requestTimeoutMs: settings.requestTimeoutMs,
        // "In progress" only while the wait's deadline is ahead.
        open: run !== undefined && inProgressBudgetMs(settings.requestTimeoutMs, context.startedAt, run.timeoutMs) > 0
      }
    },
    { startedAt: context.startedAt, cancel, log: context.log, clean: cleaner(options) }
  )
}
