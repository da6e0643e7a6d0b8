// The sticky note on the pipeline's GitLab merge request (--mr-comment), as pr-comment keeps one
// comment on a GitHub pull request: "in progress" when the wait starts, replaced in place by the
// outcome. Its Markdown is the comment's; only where it goes and how it is written differ.
import { formatDuration, parseDuration } from '../durations.js'
import { INPUT_DEFAULTS, parseInputs, type RawInputs } from '../inputs/parse.js'
import type { CommentKind, RunOutcome, SearchSettings, TargetRef } from '../model.js'
import { commentMarker, renderComment, renderInProgressComment, type CommentSource } from '../report/comment.js'
import { describeWork } from '../report/explain.js'
import { runFacts } from '../report/facts.js'
import { secretForms, safeUrl } from '../report/markdown.js'
import { commentBudgetMs, inProgressBudgetMs } from '../step/limits.js'
import { createRedactor, oneLine } from '../text.js'
import { createGitLabClient, GitLabError } from './gitlab-api.js'
import type { MergeRequestNote, NoteContext } from './main.js'

/** The variable that holds the token that writes the note. */
export const GITLAB_TOKEN_VARIABLE = 'WAIT_FOR_DOCS_GITLAB_TOKEN'

const CREATE_TOKEN = `Create a project access token with the api scope and at least the Reporter role (the project's Settings › Access tokens), or a personal access token with the api scope, and store it as a masked CI/CD variable named ${GITLAB_TOKEN_VARIABLE}`

/** Where the note goes, read from GitLab CI's predefined variables, or why it has nowhere to go. */
export type NotePlace =
  | { skip: string }
  | { apiUrl: URL; project: string; mergeRequest: string; marker: string; source: CommentSource; pipelineSha: string | undefined }

/** What the note needs of the run: the kinds of work (its marker) and the request time limit. */
export interface NoteSettings {
  kinds: CommentKind[]
  requestTimeoutMs: number
}

export interface NoteLog {
  info(message: string): void
  warning(message: string): void
}

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

/**
 * The merge request of the pipeline (CI_API_V4_URL, CI_PROJECT_ID, CI_MERGE_REQUEST_IID), the
 * marker of this job's note (one per job name and kinds of work, as the comment has one per
 * workflow and job), the job's URL and the commit the pipeline runs on.
 */
export function notePlace(env: Readonly<Record<string, string | undefined>>, kinds: readonly CommentKind[]): NotePlace {
  const mergeRequest = env.CI_MERGE_REQUEST_IID?.trim()
  if (!mergeRequest) {
    if (env.GITLAB_CI !== 'true') return { skip: 'this is not a GitLab CI job (GITLAB_CI is not set), so there is no merge request to write on' }
    return {
      skip: `this pipeline is not for a merge request (CI_MERGE_REQUEST_IID is not set; GitLab sets it in merge request pipelines, run with rules: - if: $CI_PIPELINE_SOURCE == "merge_request_event")`
    }
  }
  if (!/^\d{1,12}$/.test(mergeRequest)) return { skip: 'CI_MERGE_REQUEST_IID is not a number' }
  const project = env.CI_PROJECT_ID?.trim()
  if (!project) return { skip: 'CI_PROJECT_ID is not set' }
  const api = env.CI_API_V4_URL?.trim() ?? ''
  if (!URL.canParse(api) || !/^https?:$/.test(new URL(api).protocol)) return { skip: 'CI_API_V4_URL is not set to the http(s) URL of the GitLab API' }
  const pipelineSha = [env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA, env.CI_COMMIT_SHA].map((sha) => sha?.trim()).find(isSha)
  return {
    apiUrl: new URL(api),
    project,
    mergeRequest,
    marker: commentMarker(kinds, { workflow: 'gitlab', job: env.CI_JOB_NAME }),
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
  return { kinds: comment?.kinds ?? [], requestTimeoutMs: comment?.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS }
}

/** Why the note could not be written, and what to do; the run's result does not depend on it. */
export function explainNoteError(error: unknown, place: { project: string; mergeRequest: string }): string {
  const status = error instanceof GitLabError ? error.status : undefined
  if (status === 401)
    return `GitLab refused the token (HTTP 401): it is expired, revoked, or not a token of this GitLab, or it is the CI job token, which cannot write notes. ${CREATE_TOKEN}`
  if (status === 403)
    return `the token may not write notes on this merge request (HTTP 403): a CI job token never may, and an access token needs the api scope and at least the Reporter role. ${CREATE_TOKEN}`
  if (status === 404)
    return `GitLab did not find merge request !${place.mergeRequest} of project ${oneLine(place.project, 100)} (HTTP 404): check that the token's user is a member of the project`
  const message = error instanceof Error ? error.message : String(error)
  return oneLine(message, 400)
}

/**
 * Keeps one note on the merge request: the note of this job written by the token's own user is
 * found on whatever page of the notes it is and updated in place; else one is created. A note
 * by anyone else, even with the marker, is left as it is.
 */
async function upsertNote(
  place: Extract<NotePlace, { apiUrl: URL }>,
  token: string,
  body: string,
  budget: AbortSignal,
  budgetMs: number,
  env: Readonly<Record<string, string | undefined>>
): Promise<'created' | 'updated'> {
  const gitlab = createGitLabClient(place.apiUrl, token, budget, budgetMs, env)
  try {
    const me = await gitlab.currentUserId()
    const ours = await gitlab.findNote(place.project, place.mergeRequest, (note) => note.authorId === me && !note.system && note.body.includes(place.marker))
    if (ours) {
      await gitlab.updateNote(place.project, place.mergeRequest, ours.id, body)
      return 'updated'
    }
    await gitlab.createNote(place.project, place.mergeRequest, body)
    return 'created'
  } finally {
    await gitlab.close()
  }
}

const tokenOf = (options: MergeRequestNoteOptions) => (options.token?.trim() || options.env[GITLAB_TOKEN_VARIABLE]?.trim()) ?? ''

/** The token, or why there is none that can write a note. */
function noteToken(options: MergeRequestNoteOptions): { token: string } | { problem: string } {
  const { env } = options
  const token = tokenOf(options)
  if (token === '') return { problem: `no token was given (${GITLAB_TOKEN_VARIABLE} is not set). ${CREATE_TOKEN}` }
  if (token === env.CI_JOB_TOKEN?.trim() || token.startsWith('glcbt-'))
    return {
      problem: `${GITLAB_TOKEN_VARIABLE} holds the CI job token (CI_JOB_TOKEN), and GitLab does not let a job token write merge request notes. ${CREATE_TOKEN}`
    }
  if (!/^[\x21-\x7e]{1,4096}$/.test(token))
    return { problem: `${GITLAB_TOKEN_VARIABLE} is not printable ASCII without spaces (is the token pasted with a line break?)` }
  return { token }
}

export interface NoteWrite {
  settings: NoteSettings
  /** The whole time the note may take. */
  budgetMs: number
  /** Ends the note early (a cancel). */
  signal?: AbortSignal
}

/** The note's budget, and the writing itself; every problem is returned as a sentence, never thrown. */
async function writeNote(
  options: MergeRequestNoteOptions,
  write: NoteWrite,
  render: (place: Extract<NotePlace, { apiUrl: URL }>) => string
): Promise<{ done: 'created' | 'updated'; mergeRequest: string } | { skip: string } | { problem: string; timedOut: boolean; sent: boolean }> {
  const place = notePlace(options.env, write.settings.kinds)
  if ('skip' in place) return place
  const token = noteToken(options)
  if ('problem' in token) return { ...token, timedOut: false, sent: false }
  const budget = AbortSignal.any([AbortSignal.timeout(Math.max(1, write.budgetMs)), ...(write.signal ? [write.signal] : [])])
  try {
    const done = await upsertNote(place, token.token, render(place), budget, write.budgetMs, options.env)
    return { done, mergeRequest: place.mergeRequest }
  } catch (error) {
    return { problem: budget.aborted ? '' : explainNoteError(error, place), timedOut: budget.aborted, sent: true }
  }
}

/** Every spelling of the GitLab token cut out too, whatever the caller's redactor knows. */
function cleaner(options: MergeRequestNoteOptions): (text: string) => string {
  const token = tokenOf(options)
  const own = createRedactor(secretForms(token ? [token] : []))
  const given = options.clean ?? ((text: string) => text)
  return (text) => own(given(text))
}

/**
 * Writes "in progress" on the merge request when the wait starts. Best effort and quiet about a
 * note it may not write: the outcome's note says what went wrong.
 */
export async function writeInProgressNote(
  options: MergeRequestNoteOptions,
  write: NoteWrite,
  targets: readonly TargetRef[],
  search: SearchSettings | undefined
): Promise<void> {
  const clean = cleaner(options)
  const work = describeWork({ targets: targets.map((ref) => ({ ref })), search })
  const written = await writeNote(options, write, (place) => clean(renderInProgressComment(place.marker, targets, place.source, work)))
  if ('done' in written) options.log.info(`Posted "in progress" on merge request !${written.mergeRequest}.`)
  // A token that cannot write is told once, with the outcome's warning.
  else if ('problem' in written && written.sent)
    options.log.info(
      clean(
        `The "in progress" note could not be written (${written.timedOut ? 'the GitLab API did not answer in time' : written.problem}); the outcome will still be noted.`
      )
    )
}

/**
 * Creates or updates the note with the outcome, naming the commit the docs were deployed from
 * (else the pipeline's) and linking the job. A note that cannot be written is a warning; the
 * result and the exit code never depend on it.
 */
export async function writeMergeRequestNote(options: MergeRequestNoteOptions, write: NoteWrite & { cancelled?: boolean }, outcome: RunOutcome): Promise<void> {
  const clean = cleaner(options)
  const deployed = runFacts(outcome)
    .updates.map((update) => update.commit?.sha)
    .find(isSha)
  const written = await writeNote(options, write, (place) =>
    clean(renderComment(outcome, place.marker, { ...place.source, sha: deployed?.toLowerCase() ?? place.pipelineSha }))
  )
  if ('done' in written) {
    options.log.info(`${written.done === 'created' ? 'Noted the outcome on' : 'Updated the note on'} merge request !${written.mergeRequest}.`)
    return
  }
  if ('skip' in written) {
    options.log.info(`mr-comment is set, but ${written.skip}; no merge request note was written.`)
    return
  }
  const why = !written.timedOut
    ? written.problem
    : write.cancelled
      ? 'the GitLab API did not answer before the cancelled run had to end'
      : `the GitLab API did not answer within ${formatDuration(write.budgetMs)} (${write.budgetMs < write.settings.requestTimeoutMs ? "what was left of the step's time limit, timeout + request-timeout + 2s" : 'request-timeout'})`
  options.log.warning(clean(`The merge request note could not be written: ${why}. The result does not depend on it.`))
}

/**
 * The note as the command line's hooks (`NoteContext` → `MergeRequestNote` of main.ts):
 * "in progress" when the wait starts, the outcome at the end. Each keeps to the step's time
 * limits (step/limits.ts): "in progress" never past the wait's deadline, the outcome within
 * timeout + request-timeout + 2 s, or what is left of the grace period after a cancel. `raw`
 * gives the kinds of work of the marker, also when the inputs are invalid.
 */
export function createMergeRequestNote(context: NoteContext, raw: RawInputs): MergeRequestNote {
  const settings = noteSettings(raw)
  const options: MergeRequestNoteOptions = { env: context.env, token: context.token, log: context.log, clean: context.clean }
  return {
    async inProgress(targets, run) {
      const budgetMs = inProgressBudgetMs(settings.requestTimeoutMs, context.startedAt, run.timeoutMs)
      if (budgetMs > 0) await writeInProgressNote(options, { settings, budgetMs, signal: context.signal }, targets, run.search)
    },
    async outcome(outcome, run) {
      const exitBy = context.exitBy()
      const limitAt = run && context.startedAt + run.timeoutMs + run.requestTimeoutMs
      const budgetMs = commentBudgetMs(settings.requestTimeoutMs, exitBy, limitAt)
      await writeMergeRequestNote(options, { settings, budgetMs, cancelled: exitBy !== undefined }, outcome)
    }
  }
}
