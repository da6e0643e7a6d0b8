// The domain of a run: what the engine is given, what it reports while it runs and what it
// returns. Every layer imports these types; this file imports nothing, so it can never be part
// of an import cycle.

/** An update status record, as far as it is read; every field but `status` may be missing. */
export interface UpdateRecord {
  _id?: string | undefined
  projectId?: string | undefined
  status: string
  createdAt?: string | undefined
  endedAt?: string | undefined
  summary?: string | undefined
  logs?: string[] | undefined
  subdomain?: string | undefined
  screenshot?: string | undefined
  screenshotLight?: string | undefined
  screenshotDark?: string | undefined
  source?: string | undefined
  author?: { name?: string | undefined; avatarUrl?: string | undefined; hostUserId?: number | undefined } | null | undefined
  commit?:
    | {
        sha?: string | undefined
        ref?: string | undefined
        message?: string | undefined
        filesChanged?: { added: string[]; modified: string[]; removed: string[] } | undefined
      }
    | null
    | undefined
}

/** An agent job record, as far as it is read; every field but `status` may be missing or null. */
export interface JobRecord {
  id?: string | null | undefined
  status: string
  source?: { repository?: string | null | undefined; ref?: string | null | undefined } | null | undefined
  model?: string | null | undefined
  prLink?: string | null | undefined
  createdAt?: string | null | undefined
  archivedAt?: string | null | undefined
}

/** One result of a documentation search. */
export interface SearchResult {
  content: string
  path: string
  metadata: Record<string, unknown>
}

/** Outcomes from best to worst; the worst of several targets is the step's `result`. */
export const RESULTS = ['success', 'failure', 'timeout', 'cancelled', 'error'] as const

export type Result = (typeof RESULTS)[number]

/** Everything the reporters need to describe a run. */
export interface RunOutcome {
  result: Result
  /** One line saying what happened, for the log and the failure message. */
  headline: string
  /** Input problems, when the inputs were invalid. */
  problems: readonly string[]
  targets: readonly TargetReport[]
  /** The search check, when search-query was given. */
  search: SearchReport | undefined
  /** The page check, when page-path was given. */
  pages?: PagesReport | undefined
  /** The work `trigger` started (or failed to start), when it was given. */
  trigger?: TriggerReport | undefined
  /** Targets given but not waited on: the work to start could not be started, so the run ended first. */
  notWaitedOn?: readonly TargetRef[] | undefined
  /** Why the outputs or a report could not be written (the run is then an error, whatever the wait found), in the user's terms. */
  notWritten?: string | undefined
  /** The dry run's checks (`check: true`), when the run was one. */
  dryRun?: DryRunReport | undefined
  elapsedMs: number
}

/** How one check of the dry run ended: passed, passed with something left unproven, a problem, or not learnt. */
export type DryRunState = 'ok' | 'warning' | 'problem' | 'unknown'

/** One check of the dry run: what it checked, how it ended, and in words what it found and what to do. */
export interface DryRunCheck {
  /** What was checked, as the user names it: `admin-key`, `github-token for commit-status`, `platform-check`… */
  subject: string
  state: DryRunState
  /** What was found and, unless it passed, what to do now. */
  words: string
  /** A problem with the inputs as given (a name no report on the commits carries): the run ends as invalid input. */
  invalid?: true
  /** A refusal of the setup for certain (a key refused, no such project or id, a token without the permission). */
  misconfigured?: true
}

export interface DryRunReport {
  checks: DryRunCheck[]
  /** Any check found a refusal of the setup for certain. */
  misconfigured: boolean
}

/** The checks of the dry run that only the CI system's adapter can do: its token and the records asked for, the platform-check name. */
export interface DryRunPort {
  /** Each check once; never throws. `timeoutMs` bounds each request. */
  check(signal: AbortSignal, timeoutMs: number): Promise<DryRunCheck[]>
}

/** A target: an update status, an agent job, or what the platform's app reports on the run's commit (`platform-check`: `id` is the name or `*` pattern). */
export type TargetRef = { kind: 'update'; id: string } | { kind: 'job'; id: string; projectId: string } | { kind: 'platform-check'; id: string }

/** One report on a commit, as GitHub lists it: a check run, a commit status (`name` is its context), or a deployment (`name` is its environment). */
export interface CommitReport {
  kind: 'check-run' | 'status' | 'deployment'
  name: string
  /** GitHub's or GitLab's id: a newer report of one name has a higher id. */
  id: number
  /**
   * A check run's status (queued, in_progress, completed…), or a commit status's state (pending, success, failure, error).
   * A deployment's: the state of its newest status, `created` while it has none, `unread` for one that does not count (its statuses are not read).
   */
  status: string
  /** A completed check run's conclusion; null otherwise. */
  conclusion: string | null
  /**
   * The address it links (a check run's details_url, else html_url; a status's target_url), as GitHub gave it.
   * A deployment's: its newest status's environment_url, else its target_url, else its log_url.
   */
  url: string | undefined
  /** The app that wrote a check run (its slug), when GitHub said; on GitLab, `gitlab-ci` for a job of the project's pipelines. */
  app?: string | undefined
}

/** What the wait on a platform check last read: the commit, the reports that count (newest of each matched name), and the names on the commit. */
export interface PlatformCheckRecord {
  commit: string
  matched: CommitReport[]
  /** Every name on the commit, once each, for the words when nothing matched. */
  present: string[]
}

/** One read of the reports on the run's commit, every page: the reports, or why they could not be read (classified as any read). */
export type PlatformCheckRead =
  | { kind: 'listed'; commit: string; reports: CommitReport[] }
  | { kind: 'transient'; reason: string; retryAfterMs?: number }
  | { kind: 'fatal'; reason: string; misconfigured?: true }

/** The port the CI system's adapter gives the engine to read what the platform's app reports on the run's commit. */
export interface PlatformCheckPort {
  /** What it reads, for the words: GitHub's "check run, commit status or deployment", GitLab's "commit status". */
  readonly reads: string
  /** Reads every report on the commit, within `timeoutMs`; never throws. */
  read(signal: AbortSignal, timeoutMs: number): Promise<PlatformCheckRead>
}

/** `platform-check`: what the platform's app writes on the run's commit, and the token that reads it. */
export interface PlatformCheckSettings {
  /** The name, or a pattern where `*` matches any run of characters. */
  name: string
  githubToken: string
  /** The step's own deployment-environment: a deployment there is the step's own, never waited on. */
  ownEnvironment?: string | undefined
}

/** What `trigger` starts: an update of the deployment branch, a preview of a branch, an agent job, or a run of an automation. */
export const TRIGGER_KINDS = ['update', 'preview', 'agent', 'automation'] as const

export type TriggerKind = (typeof TRIGGER_KINDS)[number]

/** Every POST that starts work: a kind of `trigger`, or the follow-up message of `agent-message`. */
export type StartKind = TriggerKind | 'message'

/** The work to start before waiting, with what its POST needs. */
export type TriggerSettings =
  | { kind: 'update'; projectId: string }
  | { kind: 'preview'; projectId: string; branch: string }
  | { kind: 'agent'; projectId: string; prompt: string }
  | { kind: 'automation'; projectId: string; automationId: string }
  /** A follow-up message to an agent job, which is then waited on for that message. */
  | { kind: 'message'; projectId: string; jobId: string; prompt: string }

/** The search smoke check; the optional fields are sent only when the user set them. */
export interface SearchSettings {
  queries: string[]
  domain: string
  assistantKey: string
  pageSize?: number
  scoreThreshold?: number
  filter: { version?: string; language?: string; tag?: string }
  minResults: number
  expectPath?: string
}

/** The pages that must be published once every wait has succeeded (`page-path`, `page-contains`). */
export interface PageSettings {
  paths: string[]
  /** Text every page must hold, case and runs of whitespace ignored; undefined when not asked for. */
  contains: string | undefined
  /** The discovery API's domain and key; empty when the pages are read from `site` instead. */
  domain: string
  assistantKey: string
  /** The site readers are served the docs from (`site-url`): when set, each page is read there, as a reader gets it. */
  site?: PageSite | PreviewSite | undefined
}

/** `site-url: preview`: the pages are read at the preview's address, which the platform answers when the preview is started. */
export interface PreviewSite {
  url: 'preview'
  header: PageSite['header']
}

/** Where readers are served the pages, and the one header a protected preview needs (`page-header`, a secret). */
export interface PageSite {
  /** Without trailing slashes; may have a path prefix. */
  url: URL
  header: { name: string; value: string } | undefined
}

export interface Settings {
  /** API base URL without a trailing slash; undefined only when nothing but a platform check is asked for (it is read from GitHub). */
  baseUrl: URL | undefined
  adminKey: string
  /** Searches to run after every wait has succeeded (or alone); undefined when none. */
  search: SearchSettings | undefined
  /** Pages to read after every wait has succeeded (or alone), before the searches; undefined when none. */
  pages?: PageSettings | undefined
  /** Every target to wait on, duplicates removed, in the order given. */
  targets: TargetRef[]
  /** Work to start (one POST: `trigger`, or the follow-up of `agent-message`) before waiting; what it starts is waited on first. */
  trigger: TriggerSettings | undefined
  /** The commit every successful update must have deployed (lowercase hex prefix). */
  expectSha: string | undefined
  timeoutMs: number
  minIntervalMs: number
  maxIntervalMs: number
  requestTimeoutMs: number
  failOnTimeout: boolean
  acceptArchived: boolean
  requirePr: boolean
  failFast: boolean
  streamLogs: boolean
  summary: boolean
  /** The folder of the repository the platform's file paths are relative to: '' for the root, else without a trailing slash. */
  docsRoot: string
  /** The PR comment, when pr-comment is true. */
  comment: CommentSettings | undefined
  /** The docs recorded as a GitHub deployment, when deployment-environment is given. */
  deployment: DeploymentSettings | undefined
  /** The docs as a commit status (a required check), when commit-status is given. */
  commitStatus: CommitStatusSettings | undefined
  /** What the platform's app reports on the run's commit, waited on as a target, when platform-check is given. */
  platformCheck?: PlatformCheckSettings | undefined
  /** `check`: a dry run, which reads what the step would need and starts nothing. */
  check?: boolean | undefined
}

/** Create or update one comment with the outcome on the pull request of the run. */
export interface CommentSettings {
  githubToken: string
  /** The pull request to comment on when the run is not for one (workflow_run, push). */
  prNumberTarget: number | undefined
  /** Budget for all requests of the comment. */
  requestTimeoutMs: number
  /** Kinds of work the step was given; part of the comment's marker. */
  kinds: CommentKind[]
  /** pr-comment-key: keeps the comments of matrix legs apart; part of the marker. */
  key: string
}

export type CommentKind = 'update' | 'job' | 'platform-check' | 'automation' | 'page' | 'search'

/** One deployment per run in a GitHub environment, its statuses following the wait. */
export interface DeploymentSettings {
  environment: string
  /** The docs' address on success when the platform gives none (a preview's address comes first). */
  url: string | undefined
  githubToken: string
  /** Limit for each request of the deployment. */
  requestTimeoutMs: number
}

/** A commit status on the run's commit: pending (running) while waiting, then the outcome. */
export interface CommitStatusSettings {
  /** The status context (GitLab: its name), e.g. docs: what branch protection requires. */
  context: string
  /** deployment-url: where the status links on success when the platform gives no preview. */
  url: string | undefined
  /** The GitHub token; '' when none was given (the action says so; the command line uses its GitLab token). */
  githubToken: string
  /** Limit for each request of the status. */
  requestTimeoutMs: number
  /** The matrix leg of the job (the action's `matrix`, which the runner fills in): part of the status's writer. */
  leg: { identity: string; label: string } | undefined
  /** fail-on-timeout: the status follows the step's verdict, so a timeout it lets through is success. */
  failOnTimeout: boolean
}

export type TargetRecord = { kind: 'update'; data: UpdateRecord } | { kind: 'job'; data: JobRecord } | { kind: 'platform-check'; data: PlatformCheckRecord }

/** Everything known about one target when the wait ends. */
export interface TargetReport extends Misconfigured {
  ref: TargetRef
  result: Result
  /** The last platform status seen; empty if no record was read. */
  status: string
  /** The last response body as received; null if none. */
  record: unknown
  parsed: TargetRecord | undefined
  /** Why the target did not succeed, for people; null on success. */
  error: string | null
  /** Something worth knowing about a success (e.g. no pull request was opened). */
  note: string | undefined
  /** Cancelled because another target failed and fail-fast is set. */
  stoppedByFailFast: boolean
  polls: number
  logs: readonly string[]
  transitions: { status: string; afterMs: number }[]
  finishedAfterMs: number
}

export interface Progress {
  total: number
  settled: number
  /** Settled without success, not counting those fail-fast stopped. */
  failed: number
  /** Stopped by fail-fast before they settled: they did not fail, the wait on them ended. */
  stopped?: number
  pending: number
  elapsedMs: number
  /** The targets still pending, in input order, with their last status ('' before the first answer). */
  waiting: { ref: TargetRef; status: string }[]
}

/** What the wait reports while it runs; the reporter turns these into log lines. */
export interface WaitEvents {
  statusChanged(ref: TargetRef, from: string | undefined, to: string, afterMs: number): void
  /** New lines of the target's log; `gap` when the log no longer continues what was seen (trimmed or replaced), so lines may be missing before these. */
  logLines(ref: TargetRef, lines: readonly string[], gap?: boolean): void
  unknownStatus(ref: TargetRef, status: string): void
  pollDone(ref: TargetRef, pollNumber: number, outcome: string): void
  settled(report: TargetReport): void
  progress(progress: Progress): void
  /** A poll failed in a way worth retrying; the next try comes after `delayMs`. */
  retrying?(ref: TargetRef, reason: string, delayMs: number): void
  /** Something about the wait on this target worth saying once (a job's state from before a follow-up message). */
  notice?(ref: TargetRef, message: string): void
}

export interface QueryReport {
  query: string
  results: SearchResult[]
  /** Why this query fails the check; undefined when it passes. */
  problem: string | undefined
}

/** The search check: it ran, with a result, or it was skipped because a wait did not succeed. */
export type SearchReport = SearchRan | SearchSkipped

export interface SearchRan extends Misconfigured {
  skipped: false
  result: Result
  queries: QueryReport[]
  /** Why the check did not pass (failed query, HTTP error, timeout). */
  error: string | null
}

/** Not run: searches run only after every wait has succeeded. It has no result of its own. */
export interface SearchSkipped {
  skipped: true
  /** Why it did not run. */
  reason: string
}

/** One page of `page-path` as last read. */
export interface PageReport extends Misconfigured {
  path: string
  result: Result
  found: boolean
  /** Whether it holds `page-contains`; null when that is not asked for. */
  contains: boolean | null
  /** Characters of the page as last read; null when it was not found. */
  length: number | null
  /** Requests made for it. */
  reads: number
  /** When it was found live (found, and holding the text), from the start of the run. */
  liveAfterMs: number | undefined
  /** Why it is not live, for people; null on success. */
  error: string | null
}

/** The page check: it ran, with a result, or it was skipped because a wait did not succeed. */
export type PagesReport = PagesRan | PagesSkipped

export interface PagesRan extends Misconfigured {
  skipped: false
  result: Result
  pages: PageReport[]
  /** Why the check did not pass, one line per page. */
  error: string | null
  /** The site the pages were read from (its origin and path), when site-url was given; else the discovery API. */
  site?: string
}

export interface PagesSkipped {
  skipped: true
  reason: string
}

/** What the page check sees of one page, for the log: live, not found yet, or without the text yet. */
export type PageState = 'live' | 'missing' | 'lacking'

/** What `trigger` (or `agent-message`) started, or why it could not. */
export interface TriggerReport extends Misconfigured {
  kind: StartKind
  /** `success` once the work was started; otherwise why the run ends before waiting. */
  result: Result
  /** The target the started work is waited on as; undefined when nothing was started. */
  ref: TargetRef | undefined
  /** The preview's address, from `trigger: preview`. */
  previewUrl: string | undefined
  /** The run `trigger: automation` queued (`instanceId`) and the background job that processes it (`jobId`); nothing to wait on. */
  automation?: { runId: string; jobId: string | undefined } | undefined
  /** POSTs sent: more than one only after answers that prove the earlier ones were not acted on. */
  requests: number
  error: string | null
  /** How long starting the work took (every POST and the waits between them), from the run's start. */
  finishedAfterMs?: number | undefined
}

/** What one poll found out. */
/**
 * Why nothing answered at base-url, when that is certain: its name does not resolve (the DNS said
 * no such name), or nothing listens at its address (the connection was refused). Not a slow or
 * silent network, nor a proxy's refusal.
 */
export type Unreachable = 'unresolved' | 'refused'

export type Attempt<T> =
  | { kind: 'settled'; value: T }
  | { kind: 'pending' }
  /** Worth retrying inside the schedule: network error, 5xx, 429, a body of the wrong shape. */
  | { kind: 'transient'; reason: string; retryAfterMs?: number; unreachable?: Unreachable }
  | { kind: 'not-found'; reason: string }
  /** No retry can mend it; `misconfigured` when the answer refuses the setup for certain (see `Misconfigured`). */
  | { kind: 'fatal'; reason: string; misconfigured?: true }

export type PollEnd<T> =
  | { kind: 'settled'; value: T }
  | { kind: 'timeout'; lastProblem?: string }
  | { kind: 'cancelled' }
  | { kind: 'error'; reason: string; misconfigured?: true }

/**
 * Set on an error that is a definite refusal of the setup, not a fault that may pass: a key
 * refused (401) or not allowed (403), a project or automation not found by the POST that starts
 * work (404), a request the platform refused as invalid (400: a preview branch, an automation
 * that is not active, a page path), a proxy that wants credentials (407). Running again changes
 * nothing, so it must not pass where "could not tell" is let through (the command's exit code 5).
 */
export type Misconfigured = { misconfigured?: true | undefined }

export interface Clock {
  now(): number
  /** Resolves after `ms`, or early when the signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>
}

/** What a record's status means for the wait. */
export type Judgement =
  | { state: 'pending'; unknownStatus?: boolean }
  | { state: 'settled'; result: 'success' | 'failure' | 'error'; reason?: string; note?: string }

export interface JudgeOptions {
  acceptArchived: boolean
  requirePr: boolean
  /** The commit a successful update must have deployed (lowercase hex prefix). */
  expectSha?: string | undefined
}

/**
 * What a run has to say while it runs, beyond the wait itself: the engine calls these, and the
 * CI system's adapter turns them into log lines and early outputs.
 */
export interface RunEvents {
  /** The POST that starts the work is about to be sent to this URL. */
  starting(url: string): void
  /** The POST is sent again after an answer that proved it was not acted on. */
  startRetrying(reason: string, delayMs: number): void
  /** The work was started; its id is known from now on. */
  started(report: TriggerReport, elapsedMs: number): void
  /** Waiting begins on these targets; the events of the wait go to what this returns. */
  waiting(targets: readonly TargetRef[]): WaitEvents
  /** The page check begins; then each read of a page, and its end. */
  checkingPages?(pages: PageSettings): void
  pageRead?(path: string, state: PageState, reads: number, afterMs: number, missingStatus?: string): void
  pagesDone?(pages: PagesReport): void
  searching(search: SearchSettings): void
  searchQuery(query: QueryReport): void
  /** A search request failed in a way worth retrying; the next try comes after `delayMs`. */
  searchRetrying(query: string, reason: string, delayMs: number): void
  searchDone(search: SearchReport): void
}
