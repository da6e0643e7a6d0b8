// Runs one schedule: the stand-ins up, the report places made, the bundled action or command
// spawned as the runner or a CI job does, the signal and the closed stdout when the schedule says,
// then everything the step left behind gathered into a RunRecord for the invariants.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { lstatSync, mkdirSync, readFileSync, readSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseOutputFile, prepareRunner } from '../dev/run-action.js'
import { commentMarker } from '../src/report/comment.js'
import type { Fault, Place, RunsKind, Schedule } from './schedule.js'
import { kept, removeScratch, scratchFolder } from './scratch.js'
import { pausedWithin, watchPauses } from './pauses.js'
import { idOf, runCount, runSchedule } from './schedule.js'
import {
  ADMIN_KEY,
  ASSISTANT_KEY,
  PAGE_TEXT,
  type Comment,
  type CommitStatusRecord,
  type DeploymentRecord,
  deliveredState,
  FAILED_STATES,
  GITHUB_TOKEN,
  GITLAB_TOKEN,
  GITLAB_USER,
  type Note,
  OUR_GITHUB_LOGIN,
  RUN_SHA,
  headSha,
  pushHead,
  runChannel,
  runPath,
  STATUS_CONTEXT,
  type OnSeen,
  type Party,
  type PlatformState,
  type Seen,
  SITE_HEADER_NAME,
  SITE_HEADER_VALUE,
  startGitHub,
  startGitLab,
  startPlatform,
  startSite
} from './standins.js'

export const REPORT_NAMES = ['outputFile', 'dotenv', 'junit', 'summaryFile'] as const
export type ReportName = (typeof REPORT_NAMES)[number]
export const REPORT_FLAGS: Record<ReportName, string> = { outputFile: '--output-file', dotenv: '--dotenv', junit: '--junit', summaryFile: '--summary-file' }

export interface ReportSeen {
  place: Place
  path: string
  /** The text at the path (through the symlink, or all the FIFO was given); undefined when nothing is there. */
  text?: string
  /** For a symlink, a FIFO or a device: whether it is still that (never replaced by a regular file). */
  kept?: boolean
}

/** Everything a run left behind: what the invariants judge. */
export interface RunRecord {
  schedule: Schedule
  code: number | null
  signal: string | null
  stdout: string
  stderr: string
  /** When the step was spawned (Date.now()). */
  startedAt: number
  /** Milliseconds from the spawn to the exit. */
  durationMs: number
  /** How long the explorer's own loop was held while the step ran (explore/pauses.ts): its answers and its sight of the step were that late. */
  explorerPausedMs?: number
  /** When the signal was sent, in ms after the spawn. */
  signalAtMs?: number
  /** When the log first gave the result (`Result: ` or `::error::`), in ms after the spawn: when the outcome was known. */
  resultAtMs?: number
  /** When stdout was closed, in ms after the spawn. */
  stdoutClosedAtMs?: number
  /** When a person deleted the step's comment or note (`personDeletesMs`), in ms after the spawn. */
  deletedAtMs?: number
  /** A slow stdout reader (`slowStdoutMs`): when it began to read, in ms after the spawn. */
  stdoutReadAtMs?: number
  /** Killed by the explorer at its hard limit (the step never ended). */
  killed: boolean
  /** The action's outputs (GITHUB_OUTPUT). */
  outputs: Record<string, string>
  /** The action's job summary. */
  summary?: ReportSeen
  reports: Partial<Record<ReportName, ReportSeen>>
  marker: string
  platform: PlatformState
  seen: Seen[]
  comments: Comment[]
  notes: Note[]
  deployments: DeploymentRecord[]
  /**
   * The commit statuses written on the run's commit (GitHub's for the action, GitLab's for the
   * command), one a write, in the order applied, each as that write left its status: GitLab moves
   * an open status in place, so that one id may carry several writes (`moved`), of several runs.
   */
  commitStatuses: CommitStatusRecord[]
  /**
   * A run of a schedule of several (issue 38): which, and what tells it from the others. Its
   * `seen` and `deployments` are its own; the comments, notes and commit statuses are the ones
   * every run shares, judged across the runs.
   */
  run?: RunPlace
  /** A schedule of several runs: every run, the first included (this record's own fields are the first's, its schedule the whole). */
  runs?: RunRecord[]
}

const ROOT = path.resolve(import.meta.dirname, '..')
/** How long after the contract's bound the explorer waits before it kills a step that did not end. */
const HARD_LIMIT_SLACK_MS = 15_000

const kindsOf = (schedule: Schedule) => {
  const kinds = new Set(schedule.targets.map((t) => t.kind))
  if (schedule.trigger) kinds.add(schedule.trigger.target.kind)
  const marked: ('update' | 'job' | 'platform-check' | 'page')[] = (['update', 'job'] as const).filter((k) => kinds.has(k))
  if (schedule.check) marked.push('platform-check')
  // With page-path, the pages are part of the work the marker names.
  if (schedule.pages || schedule.site) marked.push('page')
  return marked
}

/** The marker of the step's comment (action) or note (command), as the step makes it; `at`: the run's step, job and key, when the schedule has several. */
export function markerOf(schedule: Schedule, at?: RunPlace): string {
  return schedule.mode === 'action'
    ? commentMarker(kindsOf(schedule), {
        workflow: 'docs',
        workflowFile: '.github/workflows/docs.yml',
        job: 'wait-for-docs',
        step: at?.step ?? '__acme_wait-for-docs',
        ...(at?.key ? { key: at.key } : {})
      })
    : commentMarker(kindsOf(schedule), { ci: 'gitlab', job: at?.jobName ?? JOB_NAME, ...(at?.key ? { key: at.key } : {}) })
}

/** Makes the place a report is asked to go; a FIFO gets a reader that keeps reading, one writer after another. */
function makePlace(
  dir: string,
  name: string,
  place: Place
): { path: string; fifoReader?: ChildProcess; fifoText?: () => string; fifoQuietMs?: () => number | undefined } {
  const file = path.join(dir, name)
  switch (place) {
    case 'file':
      return { path: file }
    case 'folder':
      mkdirSync(file)
      return { path: file }
    case 'missing-folder':
      return { path: path.join(dir, 'no-such-folder', name) }
    case 'symlink':
      writeFileSync(`${file}.target`, '')
      symlinkSync(`${file}.target`, file)
      return { path: file }
    case 'dev-full':
      // Never the device itself: a step that replaced its path would replace the device.
      symlinkSync('/dev/full', file)
      return { path: file }
    case 'fifo':
    case 'stalled-fifo': {
      spawnSync('mkfifo', [file], { stdio: 'ignore' })
      return { path: file, ...fifoReader(file, place === 'stalled-fifo') }
    }
  }
}

/** How long a stalled FIFO's reader holds each writer's open FIFO before it reads: the pipe's 64 KiB fill, the rest waits. */
export const FIFO_STALL_S = 1.5

function fifoReader(file: string, stalled = false) {
  // A reader that opens the FIFO again after each writer closes it, as a consumer that reads every
  // write; a stalled one opens it at once (the writer's open succeeds) but reads only after a pause.
  const read = stalled ? `{ sleep ${FIFO_STALL_S}; cat; } < "$1"` : 'cat "$1"'
  const reader = spawn('sh', ['-c', `while [ -p "$1" ]; do ${read} || exit 0; done`, 'fifo-reader', file], {
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true
  })
  let text = ''
  let lastAt: number | undefined
  reader.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk
    lastAt = Date.now()
  })
  // How long the reader has passed nothing on since its last chunk (undefined: nothing yet).
  return { fifoReader: reader, fifoText: () => text, fifoQuietMs: () => (lastAt === undefined ? undefined : Date.now() - lastAt) }
}

/**
 * Until every FIFO's reader has passed on what it read: something came, then nothing for 300 ms;
 * a reader that passed nothing is waited on for 1 s (8 s when it stalls), however slowly a busy
 * machine runs it (not a fixed wait: a fixed one read too soon under load, found by the long run).
 */
async function fifoReadersDone(readers: readonly FifoQuiet[]): Promise<void> {
  const startedAt = Date.now()
  const pending = (reader: FifoQuiet) => {
    const quiet = reader.quietMs()
    return quiet === undefined ? Date.now() - startedAt < (reader.stalled ? 8000 : 1000) : quiet < 300
  }
  while (Date.now() - startedAt < 8000 && readers.some(pending)) await new Promise((resolve) => setTimeout(resolve, 50))
}

/** A FIFO's reader: how long it has passed nothing on since its last chunk (undefined: nothing yet), and whether it stalls. */
interface FifoQuiet {
  quietMs: () => number | undefined
  stalled: boolean
}

function readPlace(place: Place, file: string, fifoText?: () => string): ReportSeen {
  const seen: ReportSeen = { place, path: file }
  const read = (p: string) => {
    try {
      return readFileSync(p, 'utf8')
    } catch {
      return undefined
    }
  }
  let stat: ReturnType<typeof lstatSync> | undefined
  try {
    stat = lstatSync(file)
  } catch {}
  if (place === 'fifo' || place === 'stalled-fifo') {
    seen.kept = stat?.isFIFO() ?? false
    const text = fifoText?.() ?? ''
    // Several writers in turn (the started ids, then the whole report): the last whole write is the report.
    seen.text = text === '' ? undefined : text
  } else if (place === 'symlink' || place === 'dev-full') {
    seen.kept = stat?.isSymbolicLink() ?? false
    const text = place === 'symlink' ? read(`${file}.target`) : seen.kept ? undefined : read(file)
    seen.text = text === '' ? undefined : text
  } else if (place === 'file' || place === 'missing-folder') {
    // A report in a folder that does not exist yet: the command creates the folder (the action's summary is the runner's, not read here).
    seen.text = read(file)
  } else if (place === 'folder') {
    seen.kept = stat?.isDirectory() ?? false
  }
  return seen
}

export interface ExecuteOptions {
  /** The checkout whose dist/ runs (a scratch copy with a planted defect); the repository by default. */
  root?: string
}

/** What one run's requests told: when the first came, and the anchors of its signal and closed stdout. */
interface RunHooks {
  onSeen: OnSeen
  anchors: { onRequest?: () => void; onWrite?: () => void; onFailure?: () => void; onNoteWrite?: () => void }
}

function runHooks(): RunHooks {
  const events = { firstRequestAt: 0, firstWriteAt: 0, firstNoteWriteAt: 0 }
  const anchors: RunHooks['anchors'] = {}
  const onSeen: OnSeen = (seen, event) => {
    if (event === 'delivered') {
      if (seen.party === 'platform' && FAILED_STATES.has(deliveredState(seen) ?? '')) {
        const first = anchors.onFailure
        anchors.onFailure = undefined
        first?.()
      }
      return
    }
    if (!events.firstRequestAt) {
      events.firstRequestAt = Date.now()
      anchors.onRequest?.()
    }
    if (!events.firstWriteAt && /write|deploy/.test(seen.channel)) {
      events.firstWriteAt = Date.now()
      anchors.onWrite?.()
    }
    if (!events.firstNoteWriteAt && /^(?:run-\d+:)?g[hl]:write$/.test(seen.channel)) {
      events.firstNoteWriteAt = Date.now()
      anchors.onNoteWrite?.()
    }
  }
  return { onSeen, anchors }
}

/** One run's step, spawned and ended: what it printed and when, and where its reports went (read once the stand-ins settled). */
interface Spawned {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  started: number
  durationMs: number
  killed: boolean
  signalAtMs?: number
  resultAtMs?: number
  stdoutClosedAtMs?: number
  deletedAtMs?: number
  stdoutReadAtMs?: number
  outputFile?: string
  summaryFile?: string
  places: Partial<Record<ReportName, { place: Place; path: string; fifoText?: () => string }>>
}

/** Where one run stands among the runs of its schedule, and what tells it from the others. */
export interface RunPlace {
  /** 0 for the first run. */
  index: number
  count: number
  kind: RunsKind
  /** How the reports name it: `matrix leg 2`, `step 2`, `attempt 2`. */
  label: string
  /** The run attempt (GITHUB_RUN_ATTEMPT; a GitLab job's retry): a re-run's is one more than the run before. */
  attempt: number
  /** pr-comment-key / --pr-comment-key, when the legs have their own. */
  key?: string
  /** The action's `matrix`, as the runner fills it in for a leg of a matrix (`{"leg":"leg-2"}`). */
  matrix?: string
  /** The run's commit, when the runs are of successive heads of one pull / merge request (`headSha`); else RUN_SHA. */
  sha?: string
  /** GITHUB_ACTION: the step's id (a second use of the action in one job gets `_2`). */
  step: string
  /** CI_JOB_NAME and CI_JOB_ID of the command's job. */
  jobName: string
  jobId: number
  /**
   * A re-run of one leg (`leg-rerun`): the index of the run it re-runs. It meets that run's
   * platform at its address (the same `base-url`: a re-run has its job's inputs, and on GitLab the
   * command's inputs are part of the writer of the commit status).
   */
  rerunOf?: number
}

const STEP = '__acme_wait-for-docs'
/** The GitLab job the command runs in: never named like the commit status it writes (STATUS_CONTEXT), which GitLab would take for its retry. */
const JOB_NAME = 'publish-docs'
/** The pipeline every GitLab job of a schedule of several runs is in (a retried job stays in its pipeline); a later head's is one more per push. */
const PIPELINE_ID = 777

/** The place of run `index` of a schedule of several runs; undefined for a schedule of one. */
export function runPlace(schedule: Schedule, index: number): RunPlace | undefined {
  const runs = schedule.runs
  if (!runs) return undefined
  const count = runCount(schedule)
  const n = index + 1
  switch (runs.kind) {
    case 'matrix':
      return { index, count, kind: runs.kind, label: `matrix leg ${n}`, attempt: 1, ...matrixLeg(schedule, n) }
    case 'leg-rerun': {
      // The legs at once (attempt 1), then the last run re-runs one of them alone: the same leg
      // (its matrix value, step, key and job name) at attempt 2; on GitLab a new job of that name.
      const legs = count - 1
      if (index < legs) return { index, count, kind: runs.kind, label: `matrix leg ${n}`, attempt: 1, ...matrixLeg(schedule, n) }
      const leg = Math.min(Math.max(1, runs.rerunLeg ?? 1), legs)
      return {
        index,
        count,
        kind: runs.kind,
        label: `matrix leg ${leg} (attempt 2)`,
        attempt: 2,
        ...matrixLeg(schedule, leg),
        // A retry is a new job, with an id after every leg's.
        jobId: count,
        rerunOf: leg - 1
      }
    }
    case 'steps':
      return { index, count, kind: runs.kind, label: `step ${n}`, attempt: 1, step: index === 0 ? STEP : `${STEP}_${n}`, jobName: JOB_NAME, jobId: 1 }
    case 'rerun':
      return { index, count, kind: runs.kind, label: `attempt ${n}`, attempt: n, step: STEP, jobName: JOB_NAME, jobId: n }
    case 'heads':
      // A push each: the same step of the same workflow (or job) on a commit of its own, in a run (pipeline) of its own.
      return { index, count, kind: runs.kind, label: `head ${n}`, attempt: 1, step: STEP, jobName: JOB_NAME, jobId: n, sha: headSha(index) }
  }
}

/** What tells leg `leg` (1, 2…) of a matrix from the others: its key when the legs have their own, its `matrix`, and its job on GitLab. */
function matrixLeg(schedule: Schedule, leg: number): Pick<RunPlace, 'key' | 'matrix' | 'step' | 'jobName' | 'jobId'> {
  const runs = schedule.runs
  // A leg re-run on its own is a job of its own (GitLab retries one job, not the commands of another leg).
  const own = schedule.mode === 'command' && (runs?.ownJobs === true || runs?.kind === 'leg-rerun')
  return {
    ...(runs?.keyed ? { key: `leg-${leg}` } : {}),
    matrix: JSON.stringify({ leg: `leg-${leg}` }, null, 2),
    step: STEP,
    // GitLab names each leg of a parallel:matrix job; commands started at once in one job share its name.
    jobName: own ? `${JOB_NAME}: [leg-${leg}]` : JOB_NAME,
    jobId: own ? leg : 1
  }
}

/** Runs one schedule to its end (every run of it, when it has several) and gathers what it left. */
export async function execute(schedule: Schedule, options: ExecuteOptions = {}): Promise<RunRecord> {
  watchPauses()
  const root = options.root ?? ROOT
  const count = runCount(schedule)
  const views = Array.from({ length: count }, (_, i) => runSchedule(schedule, i))
  const places = views.map((_, i) => runPlace(schedule, i))
  const markers = views.map((view, i) => markerOf(view, places[i]))
  const hooks = views.map(() => runHooks())
  // Each run's outcome, as its log gives it (or its end): what a write held past the outcome waits for.
  const outcomes = views.map(() => {
    let resolve = () => {}
    const promise = new Promise<void>((done) => {
      resolve = done
    })
    return { promise, resolve }
  })
  const whenOutcome = (run: number) => outcomes[run]?.promise ?? Promise.resolve()
  const first = views[0] as Schedule
  // GitHub and GitLab are shared by the runs: each run's requests come under its own prefix and meet its own faults.
  const sharedFaults: Record<string, Fault[]> = { ...first.faults }
  views.forEach((view, i) => {
    if (i > 0) for (const [channel, faults] of Object.entries(view.faults)) sharedFaults[runChannel(i, channel)] = faults
  })
  const shared: Schedule = { ...first, faults: sharedFaults }
  const dispatch: OnSeen = (seen, event) => hooks[seen.run ?? 0]?.onSeen(seen, event)
  const dirs: string[] = []
  const fifoReaders: ChildProcess[] = []
  const fifoQuiets: FifoQuiet[] = []
  const platforms: Awaited<ReturnType<typeof startPlatform>>[] = []
  // Each run's own docs site (site-url), for a schedule that reads its pages there.
  const sites: (Party | undefined)[] = []
  let github: Awaited<ReturnType<typeof startGitHub>> | undefined
  let gitlab: Awaited<ReturnType<typeof startGitLab>> | undefined
  try {
    // A leg's re-run meets that leg's platform at its address, opened again for it once the legs ended (openAgain).
    for (const [i, view] of views.entries()) if (places[i]?.rerunOf === undefined) platforms[i] = await startPlatform(view, (hooks[i] as RunHooks).onSeen)
    const openAgain = async (i: number) => {
      const leg = platforms[places[i]?.rerunOf ?? -1]
      if (!leg) throw new Error(`run ${i + 1} re-runs no run of the schedule`)
      // The leg ended: what it left held is applied, its stand-in closed, and the re-run's listens on its port.
      await leg.settled()
      await leg.close()
      platforms[i] = await startPlatform(views[i] as Schedule, (hooks[i] as RunHooks).onSeen, Number(new URL(leg.url).port))
    }
    for (const [i, view] of views.entries()) if (view.site) sites[i] = await startSite(view, (hooks[i] as RunHooks).onSeen)
    github = await startGitHub(shared, markers[0] as string, dispatch, whenOutcome)
    gitlab = await startGitLab(shared, markers[0] as string, dispatch, whenOutcome)
    const gh = github
    const gl = gitlab
    const one = (i: number) =>
      spawnRun(views[i] as Schedule, places[i], {
        root,
        platformUrl: (platforms[i] as { url: string }).url,
        ...(sites[i] ? { siteUrl: (sites[i] as Party).url } : {}),
        githubUrl: runPath(gh.url, i),
        gitlabUrl: runPath(gl.url, i),
        hooks: hooks[i] as RunHooks,
        dirs,
        fifoReaders,
        fifoQuiets,
        addSibling: gh.addSibling,
        outcome: () => outcomes[i]?.resolve(),
        deleteOurs: () => {
          const marker = markers[i] as string
          const ours =
            (views[i] as Schedule).mode === 'action'
              ? removeWhere(gh.comments, (c) => c.user === OUR_GITHUB_LOGIN && c.body.includes(marker))
              : removeWhere(gl.notes, (n) => n.authorId === GITLAB_USER.id && n.body.includes(marker))
          return ours > 0
        }
      })
    const spawned: Spawned[] = []
    const kind = schedule.runs?.kind
    const startMsOf = (i: number) => (i === 0 ? 0 : (schedule.runs?.more[i - 1]?.startMs ?? 0))
    const pause = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())
    // Legs of a matrix start at once, each at its drawn offset from the first.
    const atOnce = (legs: readonly number[]) =>
      Promise.all(
        legs.map(async (i) => {
          await pause(startMsOf(i))
          return one(i)
        })
      )
    // A second step, or a re-run: once the run before it ended (its late writes may still land).
    const inTurn = async (runs: readonly number[]) => {
      for (const i of runs) {
        await pause(startMsOf(i))
        spawned.push(await one(i))
      }
    }
    if (kind === 'matrix') spawned.push(...(await atOnce([...views.keys()])))
    else if (kind === 'leg-rerun') {
      // The legs at once; once every one of them ended, the re-run of one, on the platform of the leg it re-runs.
      const again = views.length - 1
      spawned.push(...(await atOnce([...views.keys()].slice(0, again))))
      await openAgain(again)
      await inTurn([again])
    } else if (kind === 'heads') {
      // Each head is pushed its drawn time after the one before it started, which moves the pull /
      // merge request's head; its run starts then, while the older ones may still run.
      const heads: Promise<Spawned>[] = []
      for (const i of views.keys()) {
        await pause(startMsOf(i))
        pushHead(gh.head, headSha(i))
        pushHead(gl.head, headSha(i))
        heads.push(one(i))
      }
      spawned.push(...(await Promise.all(heads)))
    } else await inTurn([...views.keys()])

    // Held writes are applied whether or not the step waited: the end state includes them.
    await Promise.all([...platforms.map((p) => p.settled()), ...sites.map((site) => site?.settled()), gh.settled(), gl.settled()])
    // A FIFO reader has everything once the step is gone: it passes it on when it is run (a
    // stalled one after its pause, counted from the last writer's open).
    await fifoReadersDone(fifoQuiets)

    const records = spawned.map((run, i): RunRecord => {
      const view = views[i] as Schedule
      const platform = platforms[i] as (typeof platforms)[number]
      const ofRun = (s: Seen) => (s.run ?? 0) === i
      const seen = [...platform.seen, ...(sites[i]?.seen ?? []), ...gh.seen.filter(ofRun), ...gl.seen.filter(ofRun)]
      const reports: Partial<Record<ReportName, ReportSeen>> = {}
      for (const name of REPORT_NAMES) {
        const place = run.places[name]
        if (place && !(view.mode === 'action' && name === 'summaryFile')) reports[name] = readPlace(place.place, place.path, place.fifoText)
      }
      // Each run's own deployment (a run creates one; its lost creation is found again by its mark): the ones it created.
      const created = new Set(
        seen
          .filter((s) => s.channel === 'gh:deploy' && s.method === 'POST' && /\/deployments$/.test(s.path))
          .map((s) => (s.appliedReply?.json as { id?: unknown } | undefined)?.id)
      )
      const deployments = count === 1 ? gh.deployments : gh.deployments.filter((d) => created.has(d.id))
      const record: RunRecord = {
        schedule: view,
        startedAt: run.started,
        code: run.code,
        signal: run.signal,
        stdout: run.stdout,
        stderr: run.stderr,
        durationMs: run.durationMs,
        explorerPausedMs: pausedWithin(run.started, run.started + run.durationMs),
        killed: run.killed,
        outputs: run.outputFile ? parseOutputFile(readOr(run.outputFile)) : {},
        reports,
        marker: markers[i] as string,
        platform: platform.state,
        seen,
        comments: gh.comments.map((c) => ({ ...c })),
        notes: gl.notes.map((n) => ({ ...n })),
        deployments: deployments.map((d) => ({ ...d, statuses: [...d.statuses] })),
        commitStatuses: (view.mode === 'action' ? gh.statuses.filter((s) => s.by !== 'platform') : gl.statusWrites).map((s) => ({ ...s }))
      }
      if (run.signalAtMs !== undefined) record.signalAtMs = run.signalAtMs
      if (run.resultAtMs !== undefined) record.resultAtMs = run.resultAtMs
      if (run.stdoutClosedAtMs !== undefined) record.stdoutClosedAtMs = run.stdoutClosedAtMs
      if (run.deletedAtMs !== undefined) record.deletedAtMs = run.deletedAtMs
      if (run.stdoutReadAtMs !== undefined) record.stdoutReadAtMs = run.stdoutReadAtMs
      if (view.mode === 'action' && run.summaryFile) {
        const place = run.places.summaryFile
        record.summary = place ? readPlace(place.place, place.path, place.fifoText) : { place: 'file', path: run.summaryFile, text: readOr(run.summaryFile) }
      }
      const at = places[i]
      if (at) record.run = at
      return record
    })
    const firstRecord = records[0] as RunRecord
    // Several runs: the record is the first run's, with the whole schedule and every run (the cross-run invariants judge them together).
    return count === 1 ? firstRecord : { ...firstRecord, schedule, runs: records }
  } finally {
    for (const reader of fifoReaders) {
      try {
        if (reader.pid) process.kill(-reader.pid, 'SIGKILL')
      } catch {}
    }
    await Promise.all([...platforms.map((p) => p.close()), ...sites.map((site) => site?.close()), github?.close(), gitlab?.close()])
    for (const folder of dirs) removeScratch(folder)
  }
}

interface SpawnContext {
  root: string
  platformUrl: string
  /** The run's docs site (site-url), when the schedule reads its pages there. */
  siteUrl?: string
  /** The run's address of GitHub's and GitLab's stand-ins (`runPath`). */
  githubUrl: string
  gitlabUrl: string
  hooks: RunHooks
  /** Scratch folders to remove at the end, and the FIFO readers to stop: the caller's. */
  dirs: string[]
  fifoReaders: ChildProcess[]
  /** The FIFO readers: how long each has been quiet since it passed something on. */
  fifoQuiets: FifoQuiet[]
  addSibling: (state: string) => void
  /** A person deletes the run's comment or note (of its marker, by the step's user): whether there was one. */
  deleteOurs: () => boolean
  /** The run printed its result (or ended): the writes held past its outcome go on. */
  outcome: () => void
}

/**
 * Hands what a pipe from the step holds and was not read yet to the stream's 'data' listeners:
 * the stream's buffer (by `read()`) and the bytes still in the pipe (its descriptor is
 * non-blocking: an empty pipe throws EAGAIN, never waits).
 */
export function passOnUnread(stream: NodeJS.ReadableStream | null): void {
  if (!stream) return
  while (stream.read() !== null) {
    // Each chunk read goes to the stream's 'data' listeners.
  }
  const fd = (stream as unknown as { _handle?: { fd?: number } | null })._handle?.fd
  if (typeof fd !== 'number' || fd < 0) return
  const buffer = Buffer.alloc(1 << 16)
  try {
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) stream.emit('data', buffer.toString('utf8', 0, n))
  } catch {
    // EAGAIN: the pipe is empty.
  }
}

/** Spawns one run of the step as the runner (or a CI job) does, with the signal and the closed stdout its schedule asks for; resolves once it ended. */
async function spawnRun(schedule: Schedule, at: RunPlace | undefined, context: SpawnContext): Promise<Spawned> {
  const { root, hooks } = context
  const anchors = hooks.anchors
  const dir = scratchFolder('wfd-explore-')
  context.dirs.push(dir)
  const places: Spawned['places'] = {}
  for (const name of REPORT_NAMES) {
    const place = schedule.reports[name]
    if (!place) continue
    const made = makePlace(dir, schedule.mode === 'action' && name === 'summaryFile' ? 'step_summary_place.md' : name, place)
    // The runner creates the summary file before the step starts.
    if (schedule.mode === 'action' && place === 'file') writeFileSync(made.path, '')
    if (made.fifoReader) context.fifoReaders.push(made.fifoReader)
    if (made.fifoQuietMs) context.fifoQuiets.push({ quietMs: made.fifoQuietMs, stalled: place === 'stalled-fifo' })
    places[name] = { place, path: made.path, ...(made.fifoText ? { fifoText: made.fifoText } : {}) }
  }

  const ids = schedule.targets.map((t, i) => ({ kind: t.kind, id: idOf(t.kind, i) }))
  const statusIds = ids.filter((t) => t.kind === 'update').map((t) => t.id)
  const jobIds = ids.filter((t) => t.kind === 'job').map((t) => t.id)
  const inputs: Record<string, string> = {
    'base-url': context.platformUrl,
    timeout: `${schedule.timeoutMs}ms`,
    'request-timeout': `${schedule.requestTimeoutMs}ms`,
    'min-interval': '50ms',
    'max-interval': '250ms',
    'fail-on-timeout': String(schedule.failOnTimeout)
  }
  if (statusIds.length) inputs['status-id'] = statusIds.join('\n')
  if (jobIds.length || schedule.trigger?.kind === 'agent' || schedule.trigger) inputs['project-id'] = 'proj-x'
  if (jobIds.length) inputs['job-id'] = jobIds.join('\n')
  if (schedule.pages) {
    inputs['page-path'] = schedule.pages.paths.join('\n')
    inputs['search-domain'] = 'acme'
    if (schedule.pages.contains) inputs['page-contains'] = PAGE_TEXT
  }
  // The pages read from the site as readers get them: no search-domain; page-header a secret, as the keys are.
  const site = schedule.site
  if (site && context.siteUrl) {
    inputs['page-path'] = site.paths.join('\n')
    inputs['site-url'] = context.siteUrl
    if (site.contains) inputs['page-contains'] = PAGE_TEXT
  }
  const pageHeader = site?.header === 'given' ? `${SITE_HEADER_NAME}: ${SITE_HEADER_VALUE}` : undefined
  // What the platform reports on the commit, by its name or a pattern (the action reads it from GitHub).
  if (schedule.check) inputs['platform-check'] = schedule.check.name
  if (schedule.trigger) {
    inputs.trigger = schedule.trigger.kind
    if (schedule.trigger.kind === 'preview') inputs['preview-branch'] = 'feature-x'
    if (schedule.trigger.kind === 'agent') inputs['agent-prompt'] = 'Fix the docs'
  }

  let spawnArgs: string[]
  let env: Record<string, string>
  let cwd: string
  let outputFile: string | undefined
  let summaryFile: string | undefined
  if (schedule.mode === 'action') {
    const hasUpdate = statusIds.length > 0 || (schedule.trigger && schedule.trigger.kind !== 'agent')
    if (schedule.comment) inputs['pr-comment'] = 'true'
    if (schedule.comment && at?.key) inputs['pr-comment-key'] = at.key
    if (schedule.deployment && hasUpdate) inputs['deployment-environment'] = 'docs'
    if (schedule.commitStatus) inputs['commit-status'] = STATUS_CONTEXT
    if (at?.matrix) inputs.matrix = at.matrix
    inputs['github-token'] = GITHUB_TOKEN
    const runner = await prepareRunner({
      inputs: {
        ...inputs,
        'admin-key': ADMIN_KEY,
        ...(schedule.pages ? { 'assistant-key': ASSISTANT_KEY } : {}),
        ...(pageHeader ? { 'page-header': pageHeader } : {})
      },
      // A later step of the job, or a later attempt of the run, as the runner says it.
      env: { GITHUB_API_URL: context.githubUrl, ...(at ? { GITHUB_ACTION: at.step, GITHUB_RUN_ATTEMPT: String(at.attempt) } : {}) },
      event: { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: at?.sha ?? RUN_SHA } } } }
    })
    context.dirs.push(kept(runner.tempDir))
    env = runner.env
    cwd = runner.cwd
    outputFile = runner.outputFile
    summaryFile = places.summaryFile?.path ?? runner.summaryFile
    env.GITHUB_STEP_SUMMARY = summaryFile
    spawnArgs = [path.join(root, 'dist', 'index.js')]
  } else {
    const flags: string[] = []
    for (const [name, value] of Object.entries(inputs)) for (const line of value.split('\n')) flags.push(`--${name}`, line)
    if (schedule.comment) flags.push('--mr-comment')
    if (schedule.comment && at?.key) flags.push('--pr-comment-key', at.key)
    if (schedule.commitStatus) flags.push('--commit-status', STATUS_CONTEXT)
    if (schedule.reports.json) flags.push('--json')
    for (const name of REPORT_NAMES) {
      const place = places[name]
      if (place) flags.push(REPORT_FLAGS[name], place.path)
    }
    env = {}
    for (const name of ['PATH', 'HOME', 'TMPDIR']) if (process.env[name] !== undefined) env[name] = process.env[name] as string
    Object.assign(env, {
      WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
      ...(schedule.pages ? { WAIT_FOR_DOCS_ASSISTANT_KEY: ASSISTANT_KEY } : {}),
      ...(pageHeader ? { WAIT_FOR_DOCS_PAGE_HEADER: pageHeader } : {}),
      WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN,
      GITLAB_CI: 'true',
      CI: 'true',
      CI_API_V4_URL: `${context.gitlabUrl}/api/v4`,
      CI_PROJECT_ID: '42',
      CI_MERGE_REQUEST_IID: '7',
      CI_JOB_NAME: at?.jobName ?? JOB_NAME,
      CI_JOB_URL: `https://gitlab.example.com/acme/docs/-/jobs/${at?.jobId ?? 1}`,
      CI_COMMIT_SHA: at?.sha ?? RUN_SHA
    })
    // A job of its own (a leg of parallel:matrix, a retry) has its own id; they all run in one
    // pipeline, but for heads: each push starts a pipeline of its own.
    if (at) Object.assign(env, { CI_JOB_ID: String(at.jobId), CI_PIPELINE_ID: String(at.kind === 'heads' ? PIPELINE_ID + at.index : PIPELINE_ID) })
    cwd = dir
    spawnArgs = [path.join(root, 'dist', 'cli', 'index.js'), ...flags]
  }

  // Another job of the same run fails the shared context before the step starts, or while it runs.
  const sibling = schedule.mode === 'action' && schedule.commitStatus ? schedule.sibling : undefined
  if (sibling?.atMs === 0) context.addSibling(sibling.state)
  // Its package runner killed: the command is started as `npx` starts it, through `sh -c`, whose
  // status is all that tells how the orphaned command exited.
  const viaParent = schedule.mode === 'command' && schedule.signal?.via === 'parent-killed'
  const exitFile = path.join(dir, 'exit-code')
  const started = Date.now()
  const child = viaParent
    ? spawn(process.execPath, ['-e', PACKAGE_RUNNER, process.execPath, ...spawnArgs], {
        env: { ...env, EXPLORE_EXIT_FILE: exitFile },
        cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true
      })
    : spawn(process.execPath, spawnArgs, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  let signalAtMs: number | undefined
  let stdoutClosedAtMs: number | undefined
  const timers: ReturnType<typeof setTimeout>[] = []
  const later = (ms: number, work: () => void) => timers.push(setTimeout(work, ms))
  const sendSignal = () => {
    if (signalAtMs !== undefined || child.exitCode !== null || child.signalCode !== null || !schedule.signal) return
    signalAtMs = Date.now() - started
    if (viaParent) child.kill('SIGKILL')
    else child.kill(schedule.signal.name)
  }
  const closeStdout = () => {
    if (stdoutClosedAtMs !== undefined || child.exitCode !== null) return
    stdoutClosedAtMs = Date.now() - started
    // What the step wrote before its reader went away was written, as far as the step can know:
    // it is read before the pipe is closed (found by the long run: a warning the pipe had taken a
    // moment before was lost with it, and the judge said it was never written).
    passOnUnread(child.stdout)
    child.stdout?.destroy()
  }
  const signal = schedule.signal
  if (sibling && sibling.atMs > 0) later(sibling.atMs, () => context.addSibling(sibling.state))
  if (signal?.after === 'spawn') later(signal.ms, sendSignal)
  if (signal?.after === 'first-request') anchors.onRequest = () => later(signal.ms, sendSignal)
  if (signal?.after === 'first-write') anchors.onWrite = () => later(signal.ms, sendSignal)
  if (signal?.after === 'first-failure') anchors.onFailure = () => later(signal.ms, sendSignal)
  if (schedule.closeStdoutMs !== undefined) {
    const ms = schedule.closeStdoutMs
    const previous = anchors.onRequest
    anchors.onRequest = () => {
      previous?.()
      later(ms, closeStdout)
    }
  }
  // A person deletes the step's comment or note while the step runs, this long after its first write of it.
  let deletedAtMs: number | undefined
  if (schedule.comment && schedule.personDeletesMs !== undefined) {
    const ms = schedule.personDeletesMs
    anchors.onNoteWrite = () =>
      later(ms, () => {
        if (child.exitCode === null && deletedAtMs === undefined && context.deleteOurs()) deletedAtMs = Date.now() - started
      })
  }
  // The output file's place breaks while the result can still change: a folder where the file is.
  const breaks = schedule.reportBreaks
  const output = places.outputFile
  if (breaks && output?.place === 'file') {
    const breakIt = () => {
      // Only before the result line, and never over the final report (the outcome is written by then).
      if (resultSeen || child.exitCode !== null || readOr(output.path).includes('"result"')) return
      // The step may write the file again between the removal and the folder (EEXIST): tried
      // again a few times; a place that could not be broken stays a file, as the record says.
      for (let tries = 0; tries < 5; tries++) {
        try {
          rmSync(output.path, { force: true, recursive: true })
          mkdirSync(output.path)
          places.outputFile = { ...output, place: 'folder' }
          return
        } catch {
          // Written again meanwhile: try again.
        }
      }
    }
    const previous = breaks.after === 'first-request' ? anchors.onRequest : anchors.onFailure
    const anchored = () => {
      previous?.()
      later(breaks.ms, breakIt)
    }
    if (breaks.after === 'first-request') anchors.onRequest = anchored
    else anchors.onFailure = anchored
  }
  let resultSeen = false
  let resultAtMs: number | undefined
  const watch = () => {
    if (resultSeen) return
    if (/Result: |::error::/.test(stdout + stderr)) {
      resultSeen = true
      resultAtMs = Date.now() - started
      context.outcome()
      if (signal?.after === 'result') later(signal.ms, sendSignal)
      if (slowMs !== undefined) later(slowMs, readStdout)
    }
  }
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    watch()
  })
  child.stdout?.on('error', () => {})
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
    watch()
  })
  const bound = schedule.timeoutMs + schedule.requestTimeoutMs + 2000
  // A reader busy elsewhere: nothing of stdout is read until a while after the result was printed.
  let stdoutReadAtMs: number | undefined
  const readStdout = () => {
    if (stdoutReadAtMs !== undefined) return
    stdoutReadAtMs = Date.now() - started
    child.stdout?.resume()
  }
  const slowMs = schedule.slowStdoutMs
  if (slowMs !== undefined) {
    child.stdout?.pause()
    later(bound, readStdout)
  }
  let killed = false
  later(bound + HARD_LIMIT_SLACK_MS, () => {
    killed = true
    if (!viaParent) child.kill('SIGKILL')
    else if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
  })
  const [code, exitSignal] = viaParent
    ? await orphanEnded(child, exitFile)
    : await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])))
  const durationMs = Date.now() - started
  context.outcome()
  for (const timer of timers) clearTimeout(timer)
  // The slow reader reads what is left in the pipe, whenever it comes back: only what the step never wrote is missing.
  if (slowMs !== undefined && stdoutReadAtMs === undefined) child.stdout?.resume()
  // What the step had written before it ended reaches us through the pipes.
  await new Promise<void>((resolve) => {
    if (viaParent || (child.stdout?.destroyed && child.stderr?.destroyed)) return resolve()
    child.once('close', () => resolve())
    setTimeout(resolve, 2000)
  })
  const spawned: Spawned = { code, signal: exitSignal, stdout, stderr, started, durationMs, killed, places }
  if (signalAtMs !== undefined) spawned.signalAtMs = signalAtMs
  if (resultAtMs !== undefined) spawned.resultAtMs = resultAtMs
  if (stdoutClosedAtMs !== undefined) spawned.stdoutClosedAtMs = stdoutClosedAtMs
  if (deletedAtMs !== undefined) spawned.deletedAtMs = deletedAtMs
  if (stdoutReadAtMs !== undefined) spawned.stdoutReadAtMs = stdoutReadAtMs
  if (outputFile !== undefined) spawned.outputFile = outputFile
  if (summaryFile !== undefined) spawned.summaryFile = summaryFile
  return spawned
}

/**
 * A package runner as `npx` is: a Node process that starts the command through `sh -c` and waits.
 * The shell writes the command's exit status to EXPLORE_EXIT_FILE: when the runner is killed, the
 * shell lives on (as it does under `npx`) and is the only one left to see how the command ended.
 */
const PACKAGE_RUNNER = [
  "const { spawn } = require('node:child_process')",
  "const shell = spawn('sh', ['-c', '\"$@\"; echo $? > \"$EXPLORE_EXIT_FILE\"', 'sh', ...process.argv.slice(1)], { stdio: 'inherit' })",
  "shell.on('exit', (code) => process.exit(code ?? 1))"
].join('\n')

/**
 * How a command started through the package runner ended: once every pipe it holds is closed
 * (the runner may be long gone), its exit status as the shell wrote it; none when the shell could
 * not say (the explorer's hard limit killed them all).
 */
async function orphanEnded(child: ChildProcess, exitFile: string): Promise<[number | null, NodeJS.Signals | null]> {
  await new Promise<void>((resolve) => child.once('close', () => resolve()))
  const written = readOr(exitFile).trim()
  return /^\d+$/.test(written) ? [Number(written), null] : [null, 'SIGKILL']
}

/** Removes the items that match from a list in place; how many. */
function removeWhere<T>(list: T[], match: (item: T) => boolean): number {
  let removed = 0
  for (let k = list.length - 1; k >= 0; k--)
    if (match(list[k] as T)) {
      list.splice(k, 1)
      removed++
    }
  return removed
}

function readOr(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
