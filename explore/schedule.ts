// A schedule: everything one run of the explorer draws. The inputs of the step, every answer of
// every party (the platform, GitHub, GitLab) as a fault per request and channel, the state the
// platform's records walk through, where the reports go, and when a signal comes. It is plain
// JSON, so that a failing one is saved in the corpus and replayed as it is.
import fc from 'fast-check'

/** What one request on a channel gets. Anything not drawn is answered at once and correctly. */
export type Fault =
  | { kind: 'ok' }
  /** Answered this long after it arrived (a write: applied at once, answered late). */
  | { kind: 'latency'; ms: number }
  /** The connection is reset as the request arrives: nothing was read, nothing applied. */
  | { kind: 'reset-before' }
  /** The request is read whole (a write is applied), then the connection is reset. */
  | { kind: 'reset-after' }
  /** The answer's head and half its body are sent, then the connection is reset (a write is applied). */
  | { kind: 'reset-mid-body' }
  /** An error status, applying nothing; `retryAfter` in seconds when drawn. */
  | { kind: 'status'; code: 500 | 502 | 503 | 504 | 429; retryAfter?: number }
  /** A write held this long, then applied and answered (GitHub applies what it received whole). */
  | { kind: 'held-write'; ms: number }
  /** A record write held (neither applied nor answered) until the run printed its outcome, then this long more: anchored to the outcome, so that it is still held then. */
  | { kind: 'held-past-outcome'; ms: number }
  /** A write applied at once and never answered. */
  | { kind: 'never-answered' }
  /**
   * A record write whose answer is lost while the API still applies it, `appliedAfterMs` after it
   * arrived (after the close, after the exit): answered with a gateway's 5xx, or its connection reset.
   */
  | { kind: 'lost-later'; answer: 'status' | 'reset'; code?: 500 | 502 | 503 | 504; appliedAfterMs: number }
  /** A record write never answered and never applied: held until the stand-in closes. */
  | { kind: 'hang' }
  /** A record write refused by a rate limit (GitHub: 429 or a 403 secondary limit; GitLab: 429), with Retry-After in seconds; nothing applied. */
  | { kind: 'rate-limit'; code: 429 | 403; retryAfter: number }
  /**
   * A record write refused for good, nothing applied: a token without the right (401, 403), a
   * record or project it cannot see (404), GitHub's refusal (422: a commit's 1000-status limit on
   * a context, a comment it will not take). GitLab: 401, 403, 404.
   */
  | { kind: 'refused'; code: 401 | 403 | 404 | 422 }
  /** A record whose fields are missing or of the wrong type. */
  | {
      kind: 'bad-record'
      /** `catch-all`: a server in the platform's place (a portal, a catch-all) answers `{"status":"success"}` and nothing else; `other-id`: the record of another id. */
      shape: 'no-status' | 'status-number' | 'commit-string' | 'logs-object' | 'not-json' | 'array' | 'catch-all' | 'other-id'
    }

export const FAULT_KINDS = [
  'latency',
  'reset-before',
  'reset-after',
  'reset-mid-body',
  'status-5xx',
  'status-429',
  'retry-after',
  'held-write',
  'held-past-outcome',
  'never-answered',
  'lost-5xx-later',
  'lost-reset-later',
  'hang',
  'rate-limit',
  'refused',
  'bad-record',
  'list-pages',
  'list-repeats-page',
  'others-marker',
  'commit-status',
  'sibling-failure',
  'signal',
  'signal-after-outcome',
  'signal-while-loading',
  'parent-killed',
  'signal-later-run',
  'person-deletes',
  'big-records',
  'report-breaks-while-waiting',
  'slow-stdout-reader',
  'stdout-closed',
  'report-folder',
  'report-missing-folder',
  'report-symlink',
  'report-fifo',
  'report-stalled-fifo',
  'report-dev-full',
  'deadline-short',
  'deadline-long',
  'matrix-legs',
  'two-steps',
  're-run',
  'leg-re-run',
  'two-heads',
  'page-check',
  'page-not-the-one-asked',
  'late-retry-after',
  'cut-listing',
  'status-pages',
  'key-in-preview',
  'pending-refused-over-success',
  'site-page-check',
  'site-prefix',
  'site-slow',
  'site-missing-then-served',
  'site-stale-then-fresh',
  'site-never-served',
  'site-5xx',
  'site-429',
  'site-redirect',
  'site-protected',
  'site-header-missing',
  'check-wait',
  'check-pattern',
  'check-status',
  'check-late',
  'check-never',
  'check-re-run',
  'check-flips',
  'check-paged',
  'check-refused',
  'check-5xx',
  'check-429'
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

/** What the discovery API answers for a page read. */
export type PageAnswer = 'live' | 'missing' | 'without-text' | 'other-path' | 'no-path'
/** The pages a schedule may ask for, as search results give them (one with the slashes a path may carry). */
export const PAGE_PATHS = ['quickstart', '/guides/setup/'] as const

/**
 * What the docs site answers a read of a page (site-url), `ms` late when slow: not served yet
 * (404, 410), served without the text (`stale`: an older copy, the text only in a script or a
 * comment), served with it (`fresh`), a 5xx or 429 (with Retry-After in seconds when drawn), or a
 * redirect within the site's origin, whose read gets the page's next answer.
 */
export interface SiteAnswer {
  kind: 'missing' | 'gone' | 'stale' | 'fresh' | 'status' | 'redirect'
  code?: 500 | 502 | 503 | 429
  retryAfter?: number
  ms?: number
}
/** The pages a schedule may read from the site (one with the slashes a path may carry). */
export const SITE_PATHS = ['quickstart', '/guides/setup/', 'changelog'] as const
/** The path prefix site-url carries when `prefix` is drawn. */
export const SITE_PREFIX = '/docs'

/**
 * The pages read from the docs site as readers get them (site-url, page-path, page-contains when
 * `contains`): whether site-url has a path prefix, the page-header (`given`: the site lets in only
 * readers who carry it, and the step has it; `missing`: the site wants it and the step was not
 * given it; `unneeded`: neither), and per path the site's answers, read after read (the last repeats).
 */
export interface SitePlan {
  paths: string[]
  contains: boolean
  prefix: boolean
  header: 'given' | 'missing' | 'unneeded'
  answers: Record<string, SiteAnswer[]>
}

/** The name platform-check is given: the platform's one name, or a pattern (which must not take the step's own commit status, `docs`). */
export const CHECK_NAMES = ['docs-deploy', 'docs*'] as const
/** The names the reports on the commit carry: the platform's, another of its own (matched by the pattern only), and another app's (matched by neither). */
export const CHECK_REPORT_NAMES = ['docs-deploy', 'docs-preview', 'ci/build'] as const

/**
 * One change of a report on the commit, `atMs` after the step's first read of the commit's check
 * runs: a check run's state (`queued`, `in_progress`, or its conclusion once completed) or a
 * commit status's (`pending`, `success`, `failure`, `error`). `rerun`: a new report of the name (a
 * check run re-run: a newer id); else a check run changes in place. A commit status is written
 * anew each time, as GitHub keeps them.
 */
export interface CheckStep {
  atMs: number
  state: string
  rerun?: boolean
}

/** A report the platform (or another app) writes on the run's commit: its kind, name, and changes in time. */
export interface CheckReportPlan {
  kind: 'check-run' | 'status'
  name: (typeof CHECK_REPORT_NAMES)[number]
  steps: CheckStep[]
}

/**
 * What the platform reports on the run's commit, for `platform-check` (action only): the name
 * the step is given, the reports and their changes (none matched: it never appears), other apps'
 * check runs and statuses written `atMs` after the first read (over 100 of each push the
 * platform's past the first page, as GitHub lists them newest first), and a listing GitHub
 * refuses (403) from its `fromRead`-th read on.
 */
export interface CheckPlan {
  name: (typeof CHECK_NAMES)[number]
  reports: CheckReportPlan[]
  others?: { atMs: number; count: number }
  refused?: { listing: 'check-runs' | 'statuses'; fromRead: number }
}

/** Where a report is asked to go. */
export type Place = 'file' | 'folder' | 'missing-folder' | 'symlink' | 'fifo' | 'stalled-fifo' | 'dev-full'

export type UpdateState = 'queued' | 'in_progress' | 'success' | 'failure'
export type JobState = 'active' | 'completed' | 'archived' | 'failed'

export interface TargetPlan {
  kind: 'update' | 'job'
  /** The states the record walks through, one per poll; the last repeats. */
  states: string[]
}

export interface Signal {
  name: 'SIGTERM' | 'SIGINT'
  /**
   * What the delay counts from: the spawn (within 300 ms: while Node still loads the step), the
   * first request of any party, the first write to GitHub or GitLab, the first failed state the
   * platform delivered (a failure known while other work is still pending), or the line that
   * gives the result.
   */
  after: 'spawn' | 'first-request' | 'first-write' | 'first-failure' | 'result'
  ms: number
  /**
   * Command only: not a signal to the command, but SIGKILL to the package runner that started it
   * through `sh -c` (as `npx` does), as a CI's cancel kills it; the command is left orphaned and
   * must see its parent gone (then `name` is SIGTERM, the cancel it counts as).
   */
  via?: 'parent-killed'
}

export interface Schedule {
  mode: 'action' | 'command'
  timeoutMs: number
  requestTimeoutMs: number
  failOnTimeout: boolean
  /** Targets given as ids, waited on concurrently. */
  targets: TargetPlan[]
  /** Work started by the step: its POST, then the target it names. */
  trigger?: { kind: 'update' | 'preview' | 'agent'; target: TargetPlan }
  /** The sticky comment (action) or merge request note (command). */
  comment: boolean
  /** The GitHub deployment (action only, with an update target). */
  deployment: boolean
  /** A commit status `docs` on the run's commit: the action's `commit-status`, the command's `--commit-status` (GitLab). */
  commitStatus?: boolean
  /**
   * Another job of the same run (a matrix leg) writes this state on the same context, this long
   * after the step started (0: before it); action only, with `commitStatus`.
   */
  sibling?: { state: 'failure' | 'error'; atMs: number }
  /** Notes or comments already on the pull / merge request: others' notes with our marker, and filler that makes the list page. */
  existing: { othersWithMarker: number; filler: number; ours: boolean }
  /** The list pages this many at a time; `repeat` sends the first page again as the next. */
  paging: { perPage: number; repeat: boolean }
  /**
   * With `commitStatus`: the commit's statuses are listed this many a page (GitHub newest first,
   * GitLab oldest first, as each lists them), after `filler` statuses written before the runs
   * (GitHub: of another context; GitLab: of the same name, by earlier pipelines, as scheduled
   * pipelines on an unchanged commit leave them). Absent: one page holds them all.
   */
  statusListing?: { perPage: number; filler: number }
  /** The command's reports, or the action's GITHUB_STEP_SUMMARY (summaryFile). */
  reports: { json: boolean; outputFile?: Place; dotenv?: Place; junit?: Place; summaryFile?: Place }
  signal?: Signal
  /** Stdout closed by the reader this long after the first request (command only). */
  closeStdoutMs?: number
  /** The platform's update records are big (30,000 files changed): the `--json` report on stdout is near a megabyte. */
  bigRecords?: boolean
  /**
   * Command with `--json`: its stdout is read slowly, as a reader busy elsewhere does: not at all
   * from the start until this long after the result was printed (no signal in such a schedule).
   */
  slowStdoutMs?: number
  /**
   * Command with `--output-file` on a plain file: its place breaks while the result can still
   * change (a folder made where the file is, this long after the anchor, before the result line):
   * the report then fails, and the outcome must say so.
   */
  reportBreaks?: { after: 'first-request' | 'first-failure'; ms: number }
  /** A person deletes the step's comment or note this long after the step's first write of it (with `comment`; the first run only). */
  personDeletesMs?: number
  /**
   * Anchored to the deadline (the first run only): the first poll of the platform made less than
   * `beforeEndMs` before the timeout (counted from the platform's first request) is answered 429
   * with a Retry-After of `seconds`, longer than the time left: a pause the step must cut at its
   * deadline, not sleep whole and ask again.
   */
  lateRetryAfter?: { beforeEndMs: number; seconds: number }
  /**
   * Anchored to the listing that finds the step's earlier comment or note (with `comment` and
   * `existing.ours`; the first run only): its first page is answered 200 with no list (a proxy's
   * page, a catch-all's object), which must not read as an empty page.
   */
  cutListing?: 'not-json' | 'catch-all'
  /**
   * With a preview trigger: the preview's address the platform hands back holds the admin key,
   * encoded (hex in its path, base64url in its query, the hex of its UTF-16 code units in its
   * fragment), as a platform that signs its preview links may: nothing written anywhere may hold it.
   */
  previewKey?: true
  /**
   * Pages that must be published once every wait succeeded (page-path, with page-contains when
   * `contains`): per path, the discovery API's answers read after read (the last repeats): the
   * page live with the text, missing (404), live without the text, another page's answer holding
   * the text (a catch-all), or an answer naming no page.
   */
  pages?: { paths: string[]; contains: boolean; answers: Record<string, PageAnswer[]> }
  /** The pages read from the docs site instead of the discovery API (site-url); a schedule has `pages` or `site`, never both. */
  site?: SitePlan
  /** The step waits on what the platform reports on the commit (platform-check), alone: no other target, no trigger, no pages. */
  check?: CheckPlan
  /** Per channel (`status:<id>`, `job:<id>`, `page`, `trigger`, `gh:list`, `gh:write`, `gl:write`…), the fault of each request in turn. */
  faults: Record<string, Fault[]>
  /** The kinds of fault this schedule draws from (swarm testing); what it says, its faults already hold. */
  swarm?: SwarmFault[]
  /**
   * More than one run of the step on the same commit and pull / merge request (issue 38): the
   * schedule's own fields are the first run; absent, the schedule is one run.
   */
  runs?: Runs
}

/**
 * How the runs of one schedule are related: legs of a matrix at once, two steps of one job one
 * after the other, a re-run (a later attempt) after the first ended, runs of successive heads
 * of one pull / merge request (`heads`: each a push after the one before it started, which moves
 * the head; an older head's run may end last), which share its comment or note, or legs of a
 * matrix at once and then a re-run of one of them alone (`leg-rerun`: GitHub's "Re-run this job",
 * attempt 2; GitLab's retry of that leg's job, a new job of its name in the same pipeline).
 */
export type RunsKind = 'matrix' | 'steps' | 'rerun' | 'heads' | 'leg-rerun'

export interface Runs {
  kind: RunsKind
  /** Matrix legs each with its own pr-comment-key (`leg-1`, `leg-2`…); else they share one. */
  keyed: boolean
  /**
   * Command matrix legs: each a job of its own name, as GitLab's parallel:matrix names them
   * (`docs: [leg-2]`); else commands run at once in one job (one name, one job id).
   */
  ownJobs?: boolean
  /** The runs after the first (1 or 2; `leg-rerun`: the second leg, then the re-run). */
  more: RunPlan[]
  /** `leg-rerun`: the leg the last run re-runs (1 or 2), once every leg of the matrix ended. */
  rerunLeg?: number
  /**
   * `steps` and `rerun` with a commit status (issue 50): the first run meets a platform that
   * succeeds and writes its statuses as asked, so that its success stands; the second run's
   * `pending` (GitLab: `running`) is then refused once, by a gateway's 502 or a rate limit (429;
   * GitHub's secondary limit, 403), as the first fault of its status channel.
   */
  pendingRefused?: 502 | 429 | 403
}

/** A run after the first: the same step (mode and inputs), its own targets and faults, and when it starts. */
export interface RunPlan {
  /** Matrix (and a leg-rerun's legs): ms after the first leg was started; heads: ms after the run before it was started (its push); steps and re-run: ms after the run before it ended (a leg's re-run: after every leg ended). */
  startMs: number
  /** Its own targets, of the same kinds as the first run's (the same step, another id). */
  targets: TargetPlan[]
  /** With the first run's trigger: the work this run's own POST starts. */
  trigger?: { kind: 'update' | 'preview' | 'agent'; target: TargetPlan }
  /** As the schedule's faults: its platform's channels, and its own requests to GitHub or GitLab. */
  faults: Record<string, Fault[]>
  /** A signal to this run (a cancel of one leg, of the second step, of the re-run), anchored to its own requests. */
  signal?: Signal
}

const updateStates = (): fc.Arbitrary<string[]> =>
  fc
    .tuple(fc.array(fc.constantFrom('queued', 'in_progress'), { maxLength: 4 }), fc.constantFrom('success', 'success', 'failure', 'in_progress', 'deploying'))
    .map(([pending, end]) => [...pending, end])

const jobStates = (): fc.Arbitrary<string[]> =>
  fc
    .tuple(fc.array(fc.constant('active'), { maxLength: 4 }), fc.constantFrom('completed', 'completed', 'failed', 'archived', 'active'))
    .map(([p, e]) => [...p, e])

/** A page's answers, read after read: a few that are not the page live yet, then where it ends (the last repeats). */
const pageAnswers = (): fc.Arbitrary<PageAnswer[]> =>
  fc
    .tuple(
      fc.array(fc.constantFrom<PageAnswer>('missing', 'without-text', 'other-path', 'no-path'), { maxLength: 3 }),
      fc.constantFrom<PageAnswer>('live', 'live', 'live', 'missing', 'without-text', 'other-path', 'no-path')
    )
    .map(([before, end]) => [...before, end])

/** A site's answer that is not the page with the text: the kinds a page meets before it ends. */
const siteAnswer = (rt: number): fc.Arbitrary<SiteAnswer> =>
  fc
    .record({
      kind: fc.oneof(
        { weight: 2, arbitrary: fc.constant('missing' as const) },
        { weight: 1, arbitrary: fc.constant('gone' as const) },
        { weight: 2, arbitrary: fc.constant('stale' as const) },
        { weight: 1, arbitrary: fc.constant('status' as const) },
        { weight: 1, arbitrary: fc.constant('redirect' as const) }
      ),
      code: fc.constantFrom<500 | 502 | 503 | 429>(500, 502, 503, 429),
      retryAfter: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
      // Slow now and then: within request-timeout mostly, past it at times.
      ms: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 10, max: Math.round(rt * 1.5) }) })
    })
    .map(({ kind, code, retryAfter, ms }) => {
      const answer: SiteAnswer = kind === 'status' ? { kind, code, ...(retryAfter === undefined ? {} : { retryAfter }) } : { kind }
      if (ms !== undefined) answer.ms = ms
      return answer
    })

/** A page's answers from the site: a few that are not the page with the text yet, then where it ends (the last repeats; never a redirect). */
const siteAnswers = (rt: number): fc.Arbitrary<SiteAnswer[]> =>
  fc
    .tuple(
      fc.array(siteAnswer(rt), { maxLength: 4 }),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant('fresh' as const) },
        { weight: 1, arbitrary: fc.constant('missing' as const) },
        { weight: 1, arbitrary: fc.constant('stale' as const) }
      ),
      fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 10, max: Math.round(rt * 1.5) }) })
    )
    .map(([before, end, ms]) => [...before, ms === undefined ? { kind: end } : { kind: end, ms }])

/** The pages read from the site: 1 to 3 of them, each with its answers. */
const sitePlan = (rt: number): fc.Arbitrary<SitePlan> =>
  fc
    .record({
      paths: fc.subarray([...SITE_PATHS], { minLength: 1 }),
      contains: fc.boolean(),
      prefix: fc.boolean(),
      // A header missing ends the check at its first read (401): one in eight.
      header: fc.oneof(
        { weight: 3, arbitrary: fc.constant('unneeded' as const) },
        { weight: 4, arbitrary: fc.constant('given' as const) },
        { weight: 1, arbitrary: fc.constant('missing' as const) }
      ),
      answers: fc.tuple(...SITE_PATHS.map(() => siteAnswers(rt)))
    })
    .map(({ paths, answers, ...rest }) => ({
      ...rest,
      paths,
      answers: Object.fromEntries(paths.map((p) => [p, answers[SITE_PATHS.indexOf(p as (typeof SITE_PATHS)[number])] ?? [{ kind: 'fresh' as const }]]))
    }))

/** A target whose work ends well: its pending states kept, then success (an update) or completed (a job). */
const endsWell = (t: TargetPlan): TargetPlan => ({
  kind: t.kind,
  states: [
    ...t.states.slice(0, -1).filter((state) => state === 'queued' || state === 'in_progress' || state === 'active'),
    t.kind === 'update' ? 'success' : 'completed'
  ]
})

/** A check run's pending states and its conclusions; a commit status's. */
const CHECK_PENDING = { 'check-run': ['queued', 'in_progress'], status: ['pending'] } as const
const CHECK_ENDS = {
  'check-run': ['success', 'success', 'success', 'failure', 'neutral', 'cancelled', 'timed_out'],
  status: ['success', 'success', 'failure', 'error']
} as const

/**
 * A report on the commit: it appears at once or late, walks through pending states, ends (or
 * never does), and sometimes is written again (a re-run: a newer report of the name) with
 * another ending, or the same: in_progress → failure → a re-run's success, success → a newer failure.
 */
const checkReport = (): fc.Arbitrary<CheckReportPlan> =>
  fc
    .record({
      kind: fc.constantFrom<CheckReportPlan['kind']>('check-run', 'check-run', 'status'),
      name: fc.constantFrom<CheckReportPlan['name']>('docs-deploy', 'docs-deploy', 'docs-deploy', 'docs-preview', 'ci/build'),
      startMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 })),
      pending: fc.array(fc.nat({ max: 1 }), { maxLength: 2 }),
      gaps: fc.array(fc.integer({ min: 50, max: 700 }), { minLength: 6, maxLength: 6 }),
      // Most end; one in six stays pending.
      end: fc.option(fc.nat({ max: 6 }), { nil: undefined, freq: 6 }),
      // One in two is written again (a re-run), ending alike or not.
      rerun: fc.option(fc.record({ pending: fc.boolean(), end: fc.nat({ max: 6 }) }), { nil: undefined, freq: 2 })
    })
    .map(({ kind, name, startMs, pending, gaps, end, rerun }) => {
      const pendingStates: readonly string[] = CHECK_PENDING[kind]
      const ends: readonly string[] = CHECK_ENDS[kind]
      const states = [...pending.map((i) => pendingStates[i % pendingStates.length] as string)]
      if (end !== undefined) states.push(ends[end % ends.length] as string)
      if (states.length === 0) states.push(pendingStates[0] as string)
      let at = startMs
      const steps: CheckStep[] = states.map((state, i) => {
        if (i > 0) at += gaps[i] ?? 100
        return { atMs: at, state }
      })
      if (rerun) {
        at += gaps[5] ?? 300
        if (rerun.pending) {
          steps.push({ atMs: at, state: pendingStates.at(-1) as string, rerun: true })
          at += gaps[4] ?? 200
        }
        steps.push({ atMs: at, state: ends[rerun.end % ends.length] as string, ...(rerun.pending ? {} : { rerun: true }) })
      }
      return { kind, name, steps }
    })

/** What the platform reports on the commit for platform-check: 0 to 3 reports, others' reports in the way now and then, a refused listing one time in eight. */
const checkPlan = (): fc.Arbitrary<CheckPlan> =>
  fc
    .record({
      name: fc.constantFrom<CheckPlan['name']>('docs-deploy', 'docs-deploy', 'docs*'),
      reports: fc.array(checkReport(), { minLength: 1, maxLength: 3 }),
      // Others' reports in one schedule in two: a few, or over 100 (the platform's then past the first page).
      others: fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.record({
            atMs: fc.integer({ min: 0, max: 2000 }),
            count: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 100, max: 130 }))
          })
        }
      ),
      refused: fc.oneof(
        { weight: 7, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.record({ listing: fc.constantFrom<'check-runs' | 'statuses'>('check-runs', 'statuses'), fromRead: fc.integer({ min: 1, max: 6 }) })
        }
      )
    })
    .map(({ others, refused, ...rest }) => ({ ...rest, ...(others ? { others } : {}), ...(refused ? { refused } : {}) }))

const targetPlan = (kind: 'update' | 'job'): fc.Arbitrary<TargetPlan> => (kind === 'update' ? updateStates() : jobStates()).map((states) => ({ kind, states }))

/** The kinds of fault a request may draw, each switched on or off per schedule (swarm testing). */
export const SWARM_FAULTS = [
  'latency',
  'reset-before',
  'reset-after',
  'reset-mid-body',
  'status',
  'held-write',
  'never-answered',
  'bad-record',
  'lost-5xx-later',
  'lost-reset-later',
  'hang',
  'rate-limit',
  'refused',
  'held-past-outcome'
] as const
export type SwarmFault = (typeof SWARM_FAULTS)[number]

/** Who answers a channel: the platform or a party's lookups (`read`), the start POST (`write`), or a record's writes on GitHub or GitLab. */
export type ChannelKind = 'read' | 'write' | 'github-record' | 'gitlab-record'

/**
 * A fault for one request: most answers are plain, so that runs get somewhere. `enabled`, when
 * given, is the schedule's swarm: only those kinds are drawn (each at its usual weight, so that a
 * schedule with few kinds on draws each of them more often).
 */
export function faultArb(requestTimeoutMs: number, channel: ChannelKind | boolean, enabled?: ReadonlySet<SwarmFault>): fc.Arbitrary<Fault> {
  const kind: ChannelKind = channel === true ? 'write' : channel === false ? 'read' : channel
  const write = kind !== 'read'
  const record = kind === 'github-record' || kind === 'gitlab-record'
  const rt = requestTimeoutMs
  const options: [SwarmFault | 'ok', fc.WeightedArbitrary<Fault>][] = [
    ['ok', { weight: 10, arbitrary: fc.constant({ kind: 'ok' } as const) }],
    ['latency', { weight: 3, arbitrary: fc.integer({ min: 10, max: Math.round(rt * 1.5) }).map((ms) => ({ kind: 'latency', ms }) as const) }],
    ['reset-before', { weight: 1, arbitrary: fc.constant({ kind: 'reset-before' } as const) }],
    ['reset-after', { weight: 1, arbitrary: fc.constant({ kind: 'reset-after' } as const) }],
    ['reset-mid-body', { weight: 1, arbitrary: fc.constant({ kind: 'reset-mid-body' } as const) }],
    [
      'status',
      {
        weight: 2,
        arbitrary: fc
          .record({ code: fc.constantFrom(500, 502, 503, 504, 429), retryAfter: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }) })
          .map(({ code, retryAfter }) => (retryAfter === undefined ? { kind: 'status', code } : { kind: 'status', code, retryAfter }) as Fault)
      }
    ]
  ]
  if (write) {
    options.push(
      // The races of the past were writes applied after the step gave up on them: drawn often.
      ['held-write', { weight: 6, arbitrary: fc.integer({ min: 50, max: rt * 3 }).map((ms) => ({ kind: 'held-write', ms }) as const) }],
      ['never-answered', { weight: 1, arbitrary: fc.constant({ kind: 'never-answered' } as const) }]
    )
  } else {
    options.push([
      'bad-record',
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('no-status', 'status-number', 'commit-string', 'logs-object', 'not-json', 'array', 'catch-all', 'other-id')
          .map((shape) => ({ kind: 'bad-record', shape }) as const)
      }
    ])
  }
  if (record) {
    // Applied later than the step's read-back may look (twice request-timeout), sometimes after the exit.
    const appliedAfterMs = fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 20, max: 2 * rt }) },
      { weight: 1, arbitrary: fc.integer({ min: 2 * rt, max: 4 * rt }) }
    )
    options.push(
      [
        'lost-5xx-later',
        {
          weight: 3,
          arbitrary: fc
            .record({ code: fc.constantFrom(500 as const, 502 as const, 503 as const, 504 as const), appliedAfterMs })
            .map(({ code, appliedAfterMs }) => ({ kind: 'lost-later', answer: 'status', code, appliedAfterMs }) as const)
        }
      ],
      ['lost-reset-later', { weight: 2, arbitrary: appliedAfterMs.map((ms) => ({ kind: 'lost-later', answer: 'reset', appliedAfterMs: ms }) as const) }],
      ['hang', { weight: 1, arbitrary: fc.constant({ kind: 'hang' } as const) }],
      ['held-past-outcome', { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 * rt }).map((ms) => ({ kind: 'held-past-outcome', ms }) as const) }],
      [
        'rate-limit',
        {
          weight: 2,
          arbitrary: fc
            .record({
              code: kind === 'github-record' ? fc.constantFrom(429 as const, 403 as const) : fc.constant(429 as const),
              retryAfter: fc.integer({ min: 0, max: 3 })
            })
            .map(({ code, retryAfter }) => ({ kind: 'rate-limit', code, retryAfter }) as const)
        }
      ],
      [
        'refused',
        {
          weight: 1,
          arbitrary: (kind === 'github-record'
            ? fc.constantFrom(401 as const, 403 as const, 404 as const, 422 as const)
            : fc.constantFrom(401 as const, 403 as const, 404 as const)
          ).map((code) => ({ kind: 'refused', code }) as const)
        }
      ]
    )
  }
  if (record) {
    // A record's writes are few (an open, a close, its retries): every kind of fault at one weight
    // (5xx and 429 apart), more often than on other channels, so that each is met in each phase.
    for (const option of options) option[1] = { ...option[1], weight: option[0] === 'ok' ? 6 : 1 }
    const status = options.find(([name]) => name === 'status')
    if (status)
      status[1] = {
        weight: 2,
        arbitrary: fc
          .record({
            code: fc.oneof(fc.constantFrom(500 as const, 502 as const, 503 as const, 504 as const), fc.constant(429 as const)),
            retryAfter: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined })
          })
          .map(({ code, retryAfter }) => (retryAfter === undefined ? { kind: 'status', code } : { kind: 'status', code, retryAfter }) as Fault)
      }
  }
  const on = options.filter(([name]) => name !== 'ok' && (!enabled || enabled.has(name)))
  const all = options.filter(([name]) => name !== 'ok')
  const weight = (list: typeof options) => list.reduce((sum, [, a]) => sum + a.weight, 0)
  // As many faults per request as with every kind on: the kinds that are on are drawn that much more often.
  const okWeight = Math.max(1, Math.round(((options.find(([name]) => name === 'ok')?.[1].weight ?? 10) * weight(on)) / Math.max(1, weight(all))))
  return fc.oneof({ weight: okWeight, arbitrary: fc.constant({ kind: 'ok' } as const) }, ...on.map(([, arbitrary]) => arbitrary))
}

const placeArb = (): fc.Arbitrary<Place> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant('file' as const) },
    { weight: 3, arbitrary: fc.constantFrom<Place>('folder', 'missing-folder', 'symlink', 'fifo', 'stalled-fifo', 'dev-full') }
  )
const maybePlace = () => fc.option(placeArb(), { nil: undefined, freq: 2 })

/** A signal to a run of the step (SIGTERM or SIGINT), so long after one of its events. */
const signalArb: fc.Arbitrary<Signal> = fc
  .record({
    name: fc.constantFrom('SIGTERM' as const, 'SIGINT' as const),
    after: fc.constantFrom('spawn' as const, 'first-request' as const, 'first-write' as const, 'first-failure' as const, 'result' as const),
    // Often at once: the gap between the outcome and the exit is short when nothing is left to write.
    ms: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 2500 }))
  })
  // After the spawn, while Node loads the step and its first requests go.
  .map((signal) => (signal.after === 'spawn' ? { ...signal, ms: signal.ms % 300 } : signal))

/** A signal anchored to the spawn, moved to the first request. */
const notWhileLoading = (signal: Signal): Signal => (signal.after === 'spawn' ? { ...signal, after: 'first-request' } : signal)

/**
 * The signal as a run gets it: for the command, some come as its package runner killed. Such a
 * kill is anchored to the wait (within 400 ms of the first request, while there is still time to
 * poll: an orphan that polls on is seen) unless it comes after the result.
 */
const asDelivered = (mode: Schedule['mode'], signal: Signal, parentKilled: boolean): Signal => {
  if (mode !== 'command' || !parentKilled) return signal
  const killed: Signal = { ...signal, name: 'SIGTERM', via: 'parent-killed' }
  return signal.after === 'result' ? killed : { ...killed, after: 'first-request', ms: signal.ms % 400 }
}

/**
 * Every schedule the explorer may run; `several`: only schedules of several runs (`--several`);
 * `check`: only schedules that wait on what the platform reports on the commit (`--platform-check`).
 */
export function scheduleArb(options: { several?: boolean; check?: boolean } = {}): fc.Arbitrary<Schedule> {
  return fc
    .record({
      mode: fc.constantFrom('action' as const, 'command' as const),
      short: fc.boolean(),
      timeoutMs: fc.integer({ min: 1500, max: 3500 }),
      longMs: fc.integer({ min: 5000, max: 8000 }),
      requestTimeoutMs: fc.integer({ min: 300, max: 1500 }),
      failOnTimeout: fc.boolean(),
      updates: fc.array(targetPlan('update'), { maxLength: 3 }),
      jobs: fc.array(targetPlan('job'), { maxLength: 2 }),
      trigger: fc.option(
        fc
          .constantFrom('update' as const, 'preview' as const, 'agent' as const)
          .chain((kind) => targetPlan(kind === 'agent' ? 'job' : 'update').map((target) => ({ kind, target }))),
        { nil: undefined, freq: 2 }
      ),
      comment: fc.boolean(),
      deployment: fc.boolean(),
      commitStatus: fc.boolean(),
      sibling: fc.option(
        fc.record({ state: fc.constantFrom('failure' as const, 'error' as const), atMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4000 })) }),
        {
          nil: undefined,
          freq: 3
        }
      ),
      existing: fc.record({ othersWithMarker: fc.nat({ max: 2 }), filler: fc.nat({ max: 5 }), ours: fc.boolean() }),
      paging: fc.record({ perPage: fc.integer({ min: 1, max: 4 }), repeat: fc.boolean() }),
      // The commit's statuses in pages: a few a page, or GitLab's and GitHub's 100 after more than 100 others.
      statusListing: fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.record({ perPage: fc.integer({ min: 1, max: 3 }), filler: fc.nat({ max: 3 }) }) },
        { weight: 1, arbitrary: fc.record({ perPage: fc.constant(100), filler: fc.integer({ min: 100, max: 150 }) }) }
      ),
      reports: fc.record({ json: fc.boolean(), outputFile: maybePlace(), dotenv: maybePlace(), junit: maybePlace(), summaryFile: maybePlace() }),
      signal: fc.option(signalArb, { nil: undefined, freq: 3 }),
      closeStdoutMs: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined, freq: 6 }),
      bigRecords: fc.nat({ max: 4 }).map((n) => n === 0),
      reportBreaks: fc.option(
        fc.record({ after: fc.constantFrom('first-request' as const, 'first-failure' as const), ms: fc.integer({ min: 0, max: 1500 }) }),
        { nil: undefined, freq: 3 }
      ),
      slowStdoutMs: fc.option(fc.integer({ min: 200, max: 3000 }), { nil: undefined, freq: 3 }),
      personDeletesMs: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined, freq: 6 }),
      // One signal of the command's in two comes as its package runner killed.
      parentKilled: fc.boolean(),
      // Pages read once the waits succeeded, one schedule in four.
      pages: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.record({
            paths: fc.subarray([...PAGE_PATHS], { minLength: 1 }),
            contains: fc.boolean(),
            answers: fc.tuple(...PAGE_PATHS.map(() => pageAnswers()))
          })
        }
      ),
      // Pages read from the docs site as readers get them (site-url), one schedule in eight: in
      // place of the discovery API's pages, the other scenarios keeping their share.
      site: fc.oneof({ weight: 7, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      // The step waits on what the platform reports on the commit (platform-check, action only),
      // one schedule in ten (never with --several): the check alone, its reports drawn in time.
      check: fc.oneof(
        { weight: options.check ? 0 : options.several ? 1 : 9, arbitrary: fc.constant(false) },
        { weight: options.several ? 0 : 1, arbitrary: fc.constant(true) }
      ),
      // A schedule that reads the site: its work ends well and nothing cuts the run short (`plain`),
      // its work ends well (`ends`), or anything goes (`any`), so that most reach the pages.
      siteRun: fc.oneof(
        { weight: 2, arbitrary: fc.constant('plain' as const) },
        { weight: 1, arbitrary: fc.constant('ends' as const) },
        { weight: 1, arbitrary: fc.constant('any' as const) }
      ),
      // Anchored faults, each in one schedule of five: a Retry-After that outlasts the time left, a listing that is no list.
      lateRetryAfter: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.record({ beforeEndMs: fc.integer({ min: 100, max: 1200 }), seconds: fc.integer({ min: 4, max: 6 }) }) }
      ),
      cutListing: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('not-json' as const, 'catch-all' as const) }
      ),
      previewKey: fc.nat({ max: 1 }).map((n) => n === 0),
      // Swarm testing (Groce et al., ISSTA 2012): each kind of fault on or off for the whole schedule.
      swarm: fc.tuple(...SWARM_FAULTS.map(() => fc.boolean())).map((on) => SWARM_FAULTS.filter((_, i) => on[i])),
      // One schedule in five runs the step more than once (issue 38): such a schedule costs about
      // 1.6 times one run (with the short deadline), so CI's 300 schedules take about a tenth longer.
      runs: fc.oneof(
        { weight: options.several ? 0 : 4, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constantFrom<RunsKind>('matrix', 'steps', 'rerun', 'heads', 'leg-rerun'),
            keyed: fc.boolean(),
            ownJobs: fc.boolean(),
            // A leg-rerun's re-run: of the first leg or of the second.
            rerunLeg: fc.constantFrom(1, 2),
            // Mostly two runs; three now and then.
            more: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(2) }),
            // A second step's or a re-run's `pending` refused once over the first run's success: one in three of those with a commit status.
            pendingRefused: fc.oneof(
              { weight: 2, arbitrary: fc.constant(undefined) },
              { weight: 1, arbitrary: fc.constantFrom<502 | 429 | 403>(502, 429, 403) }
            )
          })
        }
      )
    })
    .chain((base) => {
      const rt = base.requestTimeoutMs
      // Runs of a schedule of several take the short deadline: two or three runs cost what one long one does.
      const timeoutMs = base.short || base.runs ? base.timeoutMs : base.longMs
      // The site's pages are read once every wait succeeded: in most schedules that read them, the work ends well.
      const wellEnded = base.site && base.siteRun !== 'any'
      // A schedule that waits on the platform's report waits on nothing else.
      const targets = base.check ? [] : [...base.updates, ...base.jobs].map((t) => (wellEnded ? endsWell(t) : t))
      const trigger = base.check ? undefined : base.trigger && wellEnded ? { ...base.trigger, target: endsWell(base.trigger.target) } : base.trigger
      if (targets.length === 0 && !trigger && !base.check) targets.push({ kind: 'update', states: ['in_progress', 'success'] })
      const ids = targets.map((t, i) => `${t.kind === 'update' ? 'status' : 'job'}:${idOf(t.kind, i)}`)
      if (trigger) ids.push(`${trigger.target.kind === 'update' ? 'status' : 'job'}:${startedId(trigger.target.kind)}`)
      const enabled = new Set<SwarmFault>(base.swarm)
      // A record's channel draws at least its open's fault.
      const faultList = (rt: number, channel: ChannelKind, maxLength = 6) =>
        fc.array(faultArb(rt, channel, enabled), { maxLength, minLength: channel === 'github-record' || channel === 'gitlab-record' ? 1 : 0 })
      const reads = Object.fromEntries(ids.map((id) => [id, faultList(rt, 'read')]))
      // Every run draws the faults of its own requests: the platform's channels and its writes to GitHub or GitLab.
      const faultsArb = fc.record({
        ...reads,
        trigger: faultList(rt, 'write', 3),
        'gh:read': faultList(rt, 'read', 4),
        'gh:write': faultList(rt, 'github-record', 4),
        'gh:deploy': faultList(rt, 'github-record', 4),
        'gh:status': faultList(rt, 'github-record', 4),
        'gh:lookup': faultList(rt, 'read', 3),
        'gl:read': faultList(rt, 'read', 4),
        'gl:write': faultList(rt, 'gitlab-record', 4),
        'gl:status': faultList(rt, 'gitlab-record', 4),
        'gl:lookup': faultList(rt, 'read', 3),
        // The listing of the commit's check runs, read for platform-check (its statuses are read on gh:lookup).
        ...(base.check ? { 'gh:checks': faultList(rt, 'read', 6) } : {})
      })
      // The faults of the page reads (the discovery API's channel `page`).
      const pageFaultsArb = faultList(rt, 'read', 4)
      const siteArb = base.site && !base.check ? sitePlan(rt) : fc.constant(undefined)
      const checkArb = base.check ? checkPlan() : fc.constant(undefined)
      const runsOf = base.check ? fc.constant(undefined) : runsArb({ ...base, trigger }, targets, faultsArb)
      return fc.tuple(faultsArb, runsOf, pageFaultsArb, siteArb, checkArb).map(([faults, runs, pageFaults, site, check]): Schedule => {
        const schedule: Schedule = {
          mode: base.mode,
          timeoutMs,
          requestTimeoutMs: Math.min(rt, timeoutMs),
          failOnTimeout: base.failOnTimeout,
          targets,
          comment: base.comment,
          deployment: base.mode === 'action' && base.deployment,
          existing: base.existing,
          paging: base.paging,
          reports: base.mode === 'command' ? base.reports : { json: false, ...(base.reports.summaryFile ? { summaryFile: base.reports.summaryFile } : {}) },
          faults: faults as Record<string, Fault[]>,
          swarm: base.swarm
        }
        if (trigger) schedule.trigger = trigger
        if (base.commitStatus) schedule.commitStatus = true
        if (base.commitStatus && base.statusListing) schedule.statusListing = base.statusListing
        // The canned sibling is a run's stand-in for another: a schedule of several runs has the real ones.
        if (base.commitStatus && base.mode === 'action' && base.sibling && !runs) schedule.sibling = base.sibling
        if (runs) schedule.runs = runs
        // Heads of one pull / merge request share its comment or note; each writes its commit status
        // on a commit of its own (the gate is per commit), and no deployment.
        if (runs?.kind === 'heads') {
          schedule.comment = true
          schedule.deployment = false
        }
        // While Node loads, a signal goes to a run of one: a run of several that never began is no run of the others' story.
        if (base.signal) schedule.signal = asDelivered(base.mode, runs ? notWhileLoading(base.signal) : base.signal, base.parentKilled)
        if (base.mode === 'command' && base.closeStdoutMs !== undefined) schedule.closeStdoutMs = base.closeStdoutMs
        if (base.comment && !runs && base.personDeletesMs !== undefined) schedule.personDeletesMs = base.personDeletesMs
        if (base.bigRecords) schedule.bigRecords = true
        if (base.lateRetryAfter) schedule.lateRetryAfter = base.lateRetryAfter
        if (base.previewKey && base.trigger?.kind === 'preview') schedule.previewKey = true
        if (base.pages) {
          const { paths, contains, answers } = base.pages
          schedule.pages = {
            paths,
            contains,
            answers: Object.fromEntries(paths.map((p) => [p, answers[PAGE_PATHS.indexOf(p as (typeof PAGE_PATHS)[number])] ?? ['live']]))
          }
          // One channel for every page's reads (the path is in the body, read after the fault is drawn).
          schedule.faults.page = pageFaults
        }
        if (site) {
          // The site's pages take the place of the discovery API's.
          delete schedule.pages
          delete schedule.faults.page
          schedule.site = site
          if (base.siteRun === 'plain') {
            delete schedule.signal
            delete schedule.closeStdoutMs
          }
        }
        if (base.cutListing && base.comment && base.existing.ours) schedule.cutListing = base.cutListing
        if (base.mode === 'command' && base.reports.outputFile === 'file' && !runs && base.reportBreaks) schedule.reportBreaks = base.reportBreaks
        // A slow reader of stdout takes the place of a signal and a closed stdout (a cancel cuts what is not read by its grace).
        if (base.mode === 'command' && base.reports.json && !runs && base.slowStdoutMs !== undefined) {
          schedule.slowStdoutMs = base.slowStdoutMs
          // Half of them with a report bigger than the pipe holds.
          if (base.slowStdoutMs % 2 === 0) schedule.bigRecords = true
          delete schedule.signal
          delete schedule.closeStdoutMs
        }
        // A signal in half of the check's schedules that drew one: most see their reports end.
        if (check) return withCheck(schedule, check, base.parentKilled ? base.signal : undefined)
        if (runs && schedule.commitStatus && base.runs?.pendingRefused && (runs.kind === 'steps' || runs.kind === 'rerun'))
          return withPendingRefused(schedule, base.runs.pendingRefused)
        return schedule
      })
    })
}

/**
 * A schedule that waits on the platform's report on the commit (platform-check): the action, with
 * no other target, trigger or pages; its commit's statuses listed as GitHub lists them (100 a
 * page: the others' reports in the plan make the pages), its signal as the runner sends it.
 */
function withCheck(schedule: Schedule, check: CheckPlan, signal: Signal | undefined): Schedule {
  const {
    pages: _pages,
    site: _site,
    statusListing: _listing,
    closeStdoutMs: _closed,
    reportBreaks: _breaks,
    slowStdoutMs: _slow,
    lateRetryAfter: _late,
    bigRecords: _big,
    previewKey: _key,
    signal: _signal,
    ...rest
  } = schedule
  const { page: _page, ...faults } = rest.faults
  return {
    ...rest,
    mode: 'action',
    deployment: false,
    reports: { json: false, ...(schedule.reports.summaryFile ? { summaryFile: schedule.reports.summaryFile } : {}) },
    faults,
    ...(signal ? { signal } : {}),
    check
  }
}

/**
 * A second step's or a re-run's `pending` refused once while the first run's success stands
 * (issue 50): the first run's targets end well (their pending states kept), its platform answers
 * plainly, nothing stops it early (no signal, no pages), and its commit status and the listing of
 * the commit's statuses meet no fault, so that its success is what the check shows when the next
 * run opens; that run's first write of the status (its `pending`, GitLab's `running`) is refused
 * by a 502 or a rate limit (GitLab has no 403 limit: a 429).
 */
function withPendingRefused(schedule: Schedule, code: 502 | 429 | 403): Schedule {
  const runs = schedule.runs
  const next = runs?.more[0]
  if (!runs || !next) return schedule
  const ends = endsWell
  const channel = schedule.mode === 'action' ? 'gh:status' : 'gl:status'
  const plain = new Set(['gh:status', 'gl:status', 'gh:lookup', 'gl:lookup'])
  const faults = Object.fromEntries(Object.entries(schedule.faults).map(([name, list]) => [name, RECORD_PARTIES.test(name) && !plain.has(name) ? list : []]))
  const refusal: Fault = code === 502 ? { kind: 'status', code } : { kind: 'rate-limit', code: schedule.mode === 'action' ? code : 429, retryAfter: 1 }
  const { signal: _signal, pages: _pages, site: _site, lateRetryAfter: _late, ...rest } = schedule
  return {
    ...rest,
    targets: schedule.targets.map(ends),
    ...(schedule.trigger ? { trigger: { ...schedule.trigger, target: ends(schedule.trigger.target) } } : {}),
    faults,
    runs: {
      ...runs,
      pendingRefused: code,
      more: [{ ...next, faults: { ...next.faults, [channel]: [refusal, ...(next.faults[channel] ?? [])] } }, ...runs.more.slice(1)]
    }
  }
}

/**
 * The runs after the first, when the schedule has several: the same step (its mode and inputs),
 * each with targets of the first run's kinds but states of its own, the first run's kind of
 * trigger, and faults of its own; matrix legs start at once (0 to 1.5 s apart), a second step
 * and a re-run after the run before them ended, a leg's re-run after every leg ended.
 */
function runsArb(
  base: {
    mode: Schedule['mode']
    runs: { kind: RunsKind; keyed: boolean; ownJobs: boolean; more: number; pendingRefused?: 502 | 429 | 403 } | undefined
    trigger?: Schedule['trigger']
  },
  targets: readonly TargetPlan[],
  faults: fc.Arbitrary<Record<string, Fault[]>>
): fc.Arbitrary<Runs | undefined> {
  const shape = base.runs
  if (!shape) return fc.constant(undefined)
  const trigger = base.trigger
  // What the runs share is judged on mixed outcomes (a leg failed, another passed; a re-run passed):
  // about half the later runs meet a platform that succeeds (every target ends well, no platform
  // fault), their writes to GitHub or GitLab still drawing faults.
  const targetArb = (kind: 'update' | 'job', succeeds: boolean) =>
    succeeds
      ? fc.array(fc.constantFrom(...(kind === 'update' ? ['queued', 'in_progress'] : ['active'])), { maxLength: 3 }).map((pending) => ({
          kind,
          states: [...pending, kind === 'update' ? 'success' : 'completed']
        }))
      : targetPlan(kind)
  const planOf = (startMs: fc.Arbitrary<number>): fc.Arbitrary<RunPlan> =>
    fc.boolean().chain((succeeds) =>
      fc
        .record({
          startMs,
          targets: fc.tuple(...targets.map((t) => targetArb(t.kind, succeeds))),
          trigger: trigger ? targetArb(trigger.target.kind, succeeds).map((target) => ({ kind: trigger.kind, target })) : fc.constant(undefined),
          faults,
          // A later run is cancelled too, one in three: not only the first run meets a signal.
          signal: fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.tuple(signalArb, fc.nat({ max: 2 })) })
        })
        .map(({ trigger, faults, signal, ...rest }) => {
          const own = succeeds ? Object.fromEntries(Object.entries(faults).filter(([channel]) => RECORD_PARTIES.test(channel))) : faults
          const plan: RunPlan = trigger ? { ...rest, trigger, faults: own } : { ...rest, faults: own }
          if (signal) plan.signal = asDelivered(base.mode, notWhileLoading(signal[0]), signal[1] === 0)
          return plan
        })
    )
  // Legs of a matrix and heads start while the runs before them run; a second step and a re-run once the run before them ended.
  const atOnce = fc.integer({ min: 0, max: 1500 })
  const afterEnd = fc.integer({ min: 0, max: 500 })
  if (shape.kind === 'leg-rerun')
    // Two legs at once, then one of them re-run alone once both ended: a leg of its own is what
    // is re-run, so the command's legs are jobs of their own (GitLab retries one job).
    return fc.tuple(planOf(atOnce), planOf(afterEnd), fc.constantFrom(1, 2)).map(([leg, again, rerunLeg]): Runs => {
      const runs: Runs = { kind: shape.kind, keyed: shape.keyed, more: [leg, again], rerunLeg }
      if (base.mode === 'command') runs.ownJobs = true
      return runs
    })
  const plan = planOf(shape.kind === 'matrix' || shape.kind === 'heads' ? atOnce : afterEnd)
  return fc.array(plan, { minLength: shape.more, maxLength: shape.more }).map((more): Runs => {
    const runs: Runs = { kind: shape.kind, keyed: shape.kind === 'matrix' && shape.keyed, more }
    if (shape.kind === 'matrix' && base.mode === 'command') runs.ownJobs = shape.ownJobs
    return runs
  })
}

/** The kind of fault a schedule of several runs counts as, by how its runs are related. */
export const RUNS_FAULT = {
  matrix: 'matrix-legs',
  steps: 'two-steps',
  rerun: 're-run',
  heads: 'two-heads',
  'leg-rerun': 'leg-re-run'
} as const satisfies Record<RunsKind, FaultKind>

/** The channels of GitHub's and GitLab's requests (the rest are the platform's). */
const RECORD_PARTIES = /^g[hl]:/

/** How many runs of the step the schedule holds. */
export const runCount = (schedule: Schedule): number => 1 + (schedule.runs?.more.length ?? 0)

/**
 * The schedule as one of its runs sees it: the first run is the schedule's own fields; a later
 * one has its plan's targets, trigger, faults and signal, and not the closed stdout (the first
 * run's). Without `runs`: the schedule itself.
 */
export function runSchedule(schedule: Schedule, index: number): Schedule {
  const { runs, ...own } = schedule
  if (!runs) return schedule
  if (index === 0) return own
  const plan = runs.more[index - 1]
  if (!plan) throw new Error(`the schedule has no run ${index + 1}`)
  const {
    signal: _signal,
    closeStdoutMs: _closed,
    personDeletesMs: _deletes,
    sibling: _sibling,
    trigger: _trigger,
    lateRetryAfter: _late,
    cutListing: _cut,
    ...rest
  } = own
  return {
    ...rest,
    targets: plan.targets,
    faults: plan.faults,
    ...(plan.trigger ? { trigger: plan.trigger } : {}),
    ...(plan.signal ? { signal: plan.signal } : {})
  }
}

/** The id of the i-th given target of a kind. */
export const idOf = (kind: 'update' | 'job', i: number) => (kind === 'update' ? `st_${i}` : `job_${i}`)
/** The id the platform gives the work a trigger started. */
export const startedId = (kind: 'update' | 'job') => (kind === 'update' ? 'st_started' : 'job_started')

/** The kinds of fault a schedule holds, each counted once per request (or once per schedule for the rest). */
export function faultsDrawn(schedule: Schedule): Partial<Record<FaultKind, number>> {
  const counts: Partial<Record<FaultKind, number>> = {}
  const add = (kind: FaultKind, n = 1) => {
    if (n > 0) counts[kind] = (counts[kind] ?? 0) + n
  }
  for (const list of [schedule.faults, ...(schedule.runs?.more ?? []).map((plan) => plan.faults)].flatMap((faults) => Object.values(faults)))
    for (const fault of list) {
      if (fault.kind === 'ok') continue
      if (fault.kind === 'status') {
        add(fault.code === 429 ? 'status-429' : 'status-5xx')
        if (fault.retryAfter !== undefined) add('retry-after')
      } else if (fault.kind === 'lost-later') add(fault.answer === 'reset' ? 'lost-reset-later' : 'lost-5xx-later')
      else add(fault.kind)
    }
  const talks = schedule.comment || schedule.deployment
  if (schedule.commitStatus) add('commit-status')
  if (schedule.sibling) add('sibling-failure')
  if (talks && schedule.paging.perPage < schedule.existing.filler + schedule.existing.othersWithMarker + 1) add('list-pages')
  if (talks && schedule.paging.repeat) add('list-repeats-page')
  if (schedule.comment) add('others-marker', schedule.existing.othersWithMarker)
  if (schedule.signal) add(schedule.signal.after === 'result' ? 'signal-after-outcome' : schedule.signal.after === 'spawn' ? 'signal-while-loading' : 'signal')
  for (const signal of [schedule.signal, ...(schedule.runs?.more ?? []).map((plan) => plan.signal)]) if (signal?.via === 'parent-killed') add('parent-killed')
  if (schedule.runs?.more.some((plan) => plan.signal)) add('signal-later-run')
  if (schedule.closeStdoutMs !== undefined) add('stdout-closed')
  if (schedule.personDeletesMs !== undefined) add('person-deletes')
  if (schedule.bigRecords) add('big-records')
  if (schedule.reportBreaks) add('report-breaks-while-waiting')
  if (schedule.slowStdoutMs !== undefined) add('slow-stdout-reader')
  if (schedule.lateRetryAfter) add('late-retry-after')
  if (schedule.pages) add('page-check')
  if (schedule.pages && Object.values(schedule.pages.answers).some((answers) => answers.some((a) => a === 'other-path' || a === 'no-path')))
    add('page-not-the-one-asked')
  const site = schedule.site
  if (site) {
    add('site-page-check')
    if (site.prefix) add('site-prefix')
    if (site.header === 'given') add('site-protected')
    if (site.header === 'missing') add('site-header-missing')
    for (const answers of Object.values(site.answers)) {
      const end = answers.at(-1)?.kind
      const before = answers.slice(0, -1)
      add('site-slow', answers.filter((a) => a.ms !== undefined).length)
      add('site-5xx', answers.filter((a) => a.kind === 'status' && a.code !== 429).length)
      add('site-429', answers.filter((a) => a.kind === 'status' && a.code === 429).length)
      add('site-redirect', answers.filter((a) => a.kind === 'redirect').length)
      if (end === 'fresh' && before.some((a) => a.kind === 'missing' || a.kind === 'gone')) add('site-missing-then-served')
      if (end === 'fresh' && before.some((a) => a.kind === 'stale')) add('site-stale-then-fresh')
      if (end !== 'fresh') add('site-never-served')
    }
  }
  const check = schedule.check
  if (check) {
    add('check-wait')
    if (check.name.includes('*')) add('check-pattern')
    const matched = check.reports.filter((report) => checkNameMatches(check.name, report.name))
    if (matched.some((report) => report.kind === 'status')) add('check-status')
    if (matched.length === 0) add('check-never')
    else if (Math.min(...matched.map((report) => report.steps[0]?.atMs ?? 0)) > 0) add('check-late')
    for (const report of matched) {
      if (report.steps.some((step) => step.rerun)) add('check-re-run')
      const ends = report.steps.map((step) => checkStepResult(report.kind, step.state)).filter((result) => result !== 'pending')
      if (new Set(ends).size > 1) add('check-flips')
    }
    if (check.others && check.others.count >= 100) add('check-paged')
    if (check.refused) add('check-refused')
    for (const fault of [...(schedule.faults['gh:checks'] ?? []), ...(schedule.faults['gh:lookup'] ?? [])])
      if (fault.kind === 'status') add(fault.code === 429 ? 'check-429' : 'check-5xx')
  }
  if (schedule.cutListing) add('cut-listing')
  if (schedule.statusListing) add('status-pages')
  if (schedule.previewKey) add('key-in-preview')
  for (const place of [schedule.reports.outputFile, schedule.reports.dotenv, schedule.reports.junit, schedule.reports.summaryFile])
    if (place && place !== 'file') add(`report-${place}` as FaultKind)
  add(schedule.timeoutMs < 5000 ? 'deadline-short' : 'deadline-long')
  if (schedule.runs) add(RUNS_FAULT[schedule.runs.kind])
  if (schedule.runs?.pendingRefused) add('pending-refused-over-success')
  return counts
}

/** Whether platform-check's name (or `*` pattern) takes a report's name, as the contract says: `*` any run of characters, the rest itself. */
export function checkNameMatches(pattern: string, name: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${source}$`, 's').test(name)
}

/** What a report's state means, as the contract's table says: success, failure, cancelled, or pending. */
export function checkStepResult(kind: CheckReportPlan['kind'], state: string): 'success' | 'failure' | 'cancelled' | 'pending' {
  if (kind === 'status') return state === 'success' ? 'success' : state === 'failure' || state === 'error' ? 'failure' : 'pending'
  if (state === 'success' || state === 'neutral' || state === 'skipped') return 'success'
  if (state === 'failure' || state === 'timed_out' || state === 'action_required' || state === 'stale') return 'failure'
  if (state === 'cancelled') return 'cancelled'
  return 'pending'
}
