// Runs one schedule: the stand-ins up, the report places made, the bundled action or command
// spawned as the runner or a CI job does, the signal and the closed stdout when the schedule says,
// then everything the step left behind gathered into a RunRecord for the invariants.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseOutputFile, prepareRunner } from '../dev/run-action.js'
import { commentMarker } from '../src/report/comment.js'
import type { Place, Schedule } from './schedule.js'
import { kept, removeScratch, scratchFolder } from './scratch.js'
import { idOf } from './schedule.js'
import {
  ADMIN_KEY,
  type Comment,
  type CommitStatusRecord,
  type DeploymentRecord,
  deliveredState,
  FAILED_STATES,
  GITHUB_TOKEN,
  GITLAB_TOKEN,
  type Note,
  RUN_SHA,
  STATUS_CONTEXT,
  type OnSeen,
  type PlatformState,
  type Seen,
  startGitHub,
  startGitLab,
  startPlatform
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
  /** When the signal was sent, in ms after the spawn. */
  signalAtMs?: number
  /** When the log first gave the result (`Result: ` or `::error::`), in ms after the spawn: when the outcome was known. */
  resultAtMs?: number
  /** When stdout was closed, in ms after the spawn. */
  stdoutClosedAtMs?: number
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
  /** The commit statuses of the run's commit (GitHub's for the action, GitLab's for the command), in the order applied. */
  commitStatuses: CommitStatusRecord[]
}

const ROOT = path.resolve(import.meta.dirname, '..')
/** How long after the contract's bound the explorer waits before it kills a step that did not end. */
const HARD_LIMIT_SLACK_MS = 15_000

const kindsOf = (schedule: Schedule) => {
  const kinds = new Set(schedule.targets.map((t) => t.kind))
  if (schedule.trigger) kinds.add(schedule.trigger.target.kind)
  return (['update', 'job'] as const).filter((k) => kinds.has(k))
}

/** The marker of the step's comment (action) or note (command), as the step makes it. */
export function markerOf(schedule: Schedule): string {
  return schedule.mode === 'action'
    ? commentMarker(kindsOf(schedule), { workflow: 'docs', workflowFile: '.github/workflows/docs.yml', job: 'wait-for-docs', step: '__acme_wait-for-docs' })
    : commentMarker(kindsOf(schedule), { ci: 'gitlab', job: 'docs' })
}

/** Makes the place a report is asked to go; a FIFO gets a reader that keeps reading, one writer after another. */
function makePlace(dir: string, name: string, place: Place): { path: string; fifoReader?: ChildProcess; fifoText?: () => string } {
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
    case 'fifo': {
      spawnSync('mkfifo', [file], { stdio: 'ignore' })
      return { path: file, ...fifoReader(file) }
    }
  }
}

function fifoReader(file: string) {
  // A reader that opens the FIFO again after each writer closes it, as a consumer that reads every write.
  const reader = spawn('sh', ['-c', 'while [ -p "$1" ]; do cat "$1" || exit 0; done', 'fifo-reader', file], {
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true
  })
  let text = ''
  reader.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk
  })
  return { fifoReader: reader, fifoText: () => text }
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
  if (place === 'fifo') {
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

/** Runs one schedule to its end and gathers what it left. */
export async function execute(schedule: Schedule, options: ExecuteOptions = {}): Promise<RunRecord> {
  const root = options.root ?? ROOT
  const dir = scratchFolder('wfd-explore-')
  const marker = markerOf(schedule)
  const events = { firstRequestAt: 0, firstWriteAt: 0 }
  const anchors: { onRequest?: () => void; onWrite?: () => void; onFailure?: () => void } = {}
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
  }
  const platform = await startPlatform(schedule, onSeen)
  const github = await startGitHub(schedule, marker, onSeen)
  const gitlab = await startGitLab(schedule, marker, onSeen)
  const fifoReaders: ChildProcess[] = []
  const cleanup: string[] = [dir]
  const places: Partial<Record<ReportName, { place: Place; path: string; fifoText?: () => string }>> = {}
  try {
    for (const name of REPORT_NAMES) {
      const place = schedule.reports[name]
      if (!place) continue
      const made = makePlace(dir, schedule.mode === 'action' && name === 'summaryFile' ? 'step_summary_place.md' : name, place)
      // The runner creates the summary file before the step starts.
      if (schedule.mode === 'action' && place === 'file') writeFileSync(made.path, '')
      if (made.fifoReader) fifoReaders.push(made.fifoReader)
      places[name] = { place, path: made.path, ...(made.fifoText ? { fifoText: made.fifoText } : {}) }
    }

    const ids = schedule.targets.map((t, i) => ({ kind: t.kind, id: idOf(t.kind, i) }))
    const statusIds = ids.filter((t) => t.kind === 'update').map((t) => t.id)
    const jobIds = ids.filter((t) => t.kind === 'job').map((t) => t.id)
    const inputs: Record<string, string> = {
      'base-url': platform.url,
      timeout: `${schedule.timeoutMs}ms`,
      'request-timeout': `${schedule.requestTimeoutMs}ms`,
      'min-interval': '50ms',
      'max-interval': '250ms',
      'fail-on-timeout': String(schedule.failOnTimeout)
    }
    if (statusIds.length) inputs['status-id'] = statusIds.join('\n')
    if (jobIds.length || schedule.trigger?.kind === 'agent' || schedule.trigger) inputs['project-id'] = 'proj-x'
    if (jobIds.length) inputs['job-id'] = jobIds.join('\n')
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
      if (schedule.deployment && hasUpdate) inputs['deployment-environment'] = 'docs'
      if (schedule.commitStatus) inputs['commit-status'] = STATUS_CONTEXT
      inputs['github-token'] = GITHUB_TOKEN
      const runner = await prepareRunner({
        inputs: { ...inputs, 'admin-key': ADMIN_KEY },
        env: { GITHUB_API_URL: github.url },
        event: { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: RUN_SHA } } } }
      })
      cleanup.push(kept(runner.tempDir))
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
        WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN,
        GITLAB_CI: 'true',
        CI: 'true',
        CI_API_V4_URL: `${gitlab.url}/api/v4`,
        CI_PROJECT_ID: '42',
        CI_MERGE_REQUEST_IID: '7',
        CI_JOB_NAME: 'docs',
        CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/1',
        CI_COMMIT_SHA: RUN_SHA
      })
      cwd = dir
      spawnArgs = [path.join(root, 'dist', 'cli', 'index.js'), ...flags]
    }

    // Another job of the same run fails the shared context before the step starts, or while it runs.
    const sibling = schedule.mode === 'action' && schedule.commitStatus ? schedule.sibling : undefined
    if (sibling?.atMs === 0) github.addSibling(sibling.state)
    const started = Date.now()
    const child = spawn(process.execPath, spawnArgs, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let signalAtMs: number | undefined
    let stdoutClosedAtMs: number | undefined
    const timers: ReturnType<typeof setTimeout>[] = []
    const at = (ms: number, work: () => void) => timers.push(setTimeout(work, ms))
    const sendSignal = () => {
      if (signalAtMs !== undefined || child.exitCode !== null || child.signalCode !== null || !schedule.signal) return
      signalAtMs = Date.now() - started
      child.kill(schedule.signal.name)
    }
    const closeStdout = () => {
      if (stdoutClosedAtMs !== undefined || child.exitCode !== null) return
      stdoutClosedAtMs = Date.now() - started
      child.stdout?.destroy()
    }
    const signal = schedule.signal
    if (sibling && sibling.atMs > 0) at(sibling.atMs, () => github.addSibling(sibling.state))
    if (signal?.after === 'first-request') anchors.onRequest = () => at(signal.ms, sendSignal)
    if (signal?.after === 'first-write') anchors.onWrite = () => at(signal.ms, sendSignal)
    if (signal?.after === 'first-failure') anchors.onFailure = () => at(signal.ms, sendSignal)
    if (schedule.closeStdoutMs !== undefined) {
      const ms = schedule.closeStdoutMs
      const previous = anchors.onRequest
      anchors.onRequest = () => {
        previous?.()
        at(ms, closeStdout)
      }
    }
    let resultSeen = false
    let resultAtMs: number | undefined
    const watch = () => {
      if (resultSeen) return
      if (/Result: |::error::/.test(stdout + stderr)) {
        resultSeen = true
        resultAtMs = Date.now() - started
        if (signal?.after === 'result') at(signal.ms, sendSignal)
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
    let killed = false
    at(bound + HARD_LIMIT_SLACK_MS, () => {
      killed = true
      child.kill('SIGKILL')
    })
    const [code, exitSignal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])))
    const durationMs = Date.now() - started
    for (const timer of timers) clearTimeout(timer)
    // What the step had written before it ended reaches us through the pipes.
    await new Promise<void>((resolve) => {
      if (child.stdout?.destroyed && child.stderr?.destroyed) return resolve()
      child.once('close', () => resolve())
      setTimeout(resolve, 2000)
    })

    // Held writes are applied whether or not the step waited: the end state includes them.
    await Promise.all([platform.settled(), github.settled(), gitlab.settled()])
    // A FIFO reader has everything once the step is gone; give cat a moment to pass it on.
    if (fifoReaders.length) await new Promise((resolve) => setTimeout(resolve, 100))

    const reports: Partial<Record<ReportName, ReportSeen>> = {}
    for (const name of REPORT_NAMES) {
      const place = places[name]
      if (place && !(schedule.mode === 'action' && name === 'summaryFile')) reports[name] = readPlace(place.place, place.path, place.fifoText)
    }
    const record: RunRecord = {
      schedule,
      startedAt: started,
      code,
      signal: exitSignal,
      stdout,
      stderr,
      durationMs,
      killed,
      outputs: outputFile ? parseOutputFile(readOr(outputFile)) : {},
      reports,
      marker,
      platform: platform.state,
      seen: [...platform.seen, ...github.seen, ...gitlab.seen],
      comments: github.comments.map((c) => ({ ...c })),
      notes: gitlab.notes.map((n) => ({ ...n })),
      deployments: github.deployments.map((d) => ({ ...d, statuses: [...d.statuses] })),
      commitStatuses: (schedule.mode === 'action' ? github.statuses : gitlab.statuses).map((s) => ({ ...s }))
    }
    if (signalAtMs !== undefined) record.signalAtMs = signalAtMs
    if (resultAtMs !== undefined) record.resultAtMs = resultAtMs
    if (stdoutClosedAtMs !== undefined) record.stdoutClosedAtMs = stdoutClosedAtMs
    if (schedule.mode === 'action' && summaryFile) {
      const place = places.summaryFile
      record.summary = place ? readPlace(place.place, place.path, place.fifoText) : { place: 'file', path: summaryFile, text: readOr(summaryFile) }
    }
    return record
  } finally {
    for (const reader of fifoReaders) {
      try {
        if (reader.pid) process.kill(-reader.pid, 'SIGKILL')
      } catch {}
    }
    await Promise.all([platform.close(), github.close(), gitlab.close()])
    for (const folder of cleanup) removeScratch(folder)
  }
}

function readOr(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
