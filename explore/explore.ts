// The explorer's search: fast-check draws schedules (scheduleArb), each is run against the bundled
// step (execute) and judged by every invariant (check); a violation is shrunk to a smaller
// schedule, saved in the corpus, and printed with the one command that replays it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { addCoverage, type Coverage } from './coverage.js'
import { type ExecuteOptions, execute, type RunRecord } from './execute.js'
import { check, type Violation } from './invariants.js'
import { FAULT_KINDS, type FaultKind, faultsDrawn, type Schedule, scheduleArb } from './schedule.js'

export const CORPUS = path.resolve(import.meta.dirname, 'corpus')

export interface CorpusEntry {
  /** What the schedule shows, in a line. */
  description: string
  /** The invariants it violated when it was found. */
  violations: Violation[]
  /** The seed and run that found it (before shrinking). */
  seed: number
  found: string
  /** A known issue whose fix it waits on: replayed and reported, but not failing CI until the fix lands. */
  waitsOn?: string
  /** The issue whose fix made it pass: kept, and replayed, so the bug cannot come back unseen. */
  fixedBy?: string
  /**
   * The planted defect (a patch of explore/planted/, without .patch) it fails with: the bug before
   * its fix. `--planted` replays it on the patched build first, so "fails before, passes after" is checked.
   */
  planted?: string
  /**
   * What the run that failed showed, as it was found: each run's exit and the ends of its logs,
   * and the record writes the stand-ins saw. A timing-bound failure does not come back when
   * replayed: this is what is left to explain it by.
   */
  witness?: string[]
  schedule: Schedule
}

/** How much of each log's end a witness keeps. */
const WITNESS_LOG_CHARS = 4000

/** The record writes every run sent (when, what fault, when applied), and the comments and notes that stand. */
export function recordWrites(record: RunRecord): string[] {
  const lines: string[] = []
  const since = (at: number | undefined) => (at === undefined ? '' : ` +${at - record.startedAt}ms`)
  for (const run of record.runs ?? [record])
    for (const seen of run.seen) {
      // The site's reads too: what it served each page, read after read, is what its invariants judge.
      if (seen.party === 'site') {
        const answered = seen.delivered ? ` answered ${seen.delivered.status}${since(seen.deliveredAt)}` : ' no answer'
        lines.push(
          `${run.run?.label ?? 'run'}${since(seen.at)} ${seen.channel} ${seen.method} ${seen.path} served=${seen.served ?? 'nothing'} fault=${seen.fault.kind}${answered}`
        )
        continue
      }
      // The reads of the commit's check runs and statuses (platform-check): the newest of each name the stand-in held then is what its invariants judge.
      if (seen.listing || (seen.channel === 'gh:checks' && seen.method === 'GET')) {
        const answered = seen.delivered ? ` answered ${seen.delivered.status}${since(seen.deliveredAt)}` : ' no answer'
        const newest = seen.listing ? ` newest=[${seen.listing.newest.map((n) => `${n.kind} ${n.name} #${n.id} ${n.state}`).join('; ')}]` : ''
        lines.push(`${run.run?.label ?? 'run'}${since(seen.at)} ${seen.channel} GET ${seen.path} fault=${seen.fault.kind}${answered}${newest}`)
        continue
      }
      if (seen.party === 'platform' || seen.method === 'GET') continue
      const applied = seen.appliedAt === undefined ? ' not applied' : ` applied${since(seen.appliedAt)}`
      const answered = seen.delivered ? ` answered ${seen.delivered.status}${since(seen.deliveredAt)}` : ' no answer'
      lines.push(`${run.run?.label ?? 'run'}${since(seen.at)} ${seen.channel} ${seen.method} ${seen.path} fault=${seen.fault.kind}${applied}${answered}`)
    }
  for (const comment of [...record.comments, ...record.notes])
    lines.push(`stands: #${comment.id} ${JSON.stringify(comment.body.split('\n').slice(0, 2).join(' ').slice(0, 140))}`)
  return lines
}

/** A failing run as a corpus entry keeps it: each run's exit, the ends of its stdout and stderr, the stand-ins' record writes. */
export function witnessOf(record: RunRecord): string[] {
  const tail = (text: string) => (text.length > WITNESS_LOG_CHARS ? `…${text.slice(-WITNESS_LOG_CHARS)}` : text)
  const lines: string[] = []
  for (const run of record.runs ?? [record]) {
    const name = run.run ? `${run.run.label}: ` : ''
    const paused = run.explorerPausedMs ? `; the explorer's own loop was held ${run.explorerPausedMs} ms meanwhile` : ''
    lines.push(`${name}exit ${run.code ?? run.signal} after ${run.durationMs} ms${paused}`)
    lines.push(`${name}stdout (its end): ${tail(run.stdout)}`, `${name}stderr (its end): ${tail(run.stderr)}`)
  }
  return [...lines, ...recordWrites(record)]
}

/** A corpus file; a bare schedule is read as an entry of its own. */
export function readEntry(file: string): CorpusEntry {
  const json = JSON.parse(readFileSync(file, 'utf8'))
  return 'schedule' in json ? json : { description: path.basename(file), violations: [], seed: 0, found: '', schedule: json as Schedule }
}

/** Every corpus entry, by file name. */
export function corpusEntries(): [string, CorpusEntry][] {
  let files: string[] = []
  try {
    files = readdirSync(CORPUS)
      .filter((f) => f.endsWith('.json'))
      .sort()
  } catch {}
  return files.map((file) => [file, readEntry(path.join(CORPUS, file))])
}

export interface Stats {
  schedules: number
  faults: Record<FaultKind, number>
  /** The writes of records that arrived, per record, phase and fault (coverage.ts). */
  coverage: Coverage
  violations: Record<string, number>
  /** Each failure: its seed, shrunk schedule, violations and corpus file. */
  failures: { seed: number; file?: string; violations: Violation[]; reproduced: boolean; schedule: Schedule; witness?: string[] }[]
  /** The kinds of violation found so far (invariant and the words of the detail): a second of a kind is counted, not shrunk or saved. */
  kinds: Set<string>
  /** Failures that a known issue explains (its corpus entries wait on it), per issue. */
  known: Record<string, number>
}

/** What makes two violations the same finding: the invariant, and the detail without its numbers and ids. */
export const kindOf = (violations: Violation[]) =>
  [
    ...new Set(
      violations.map(
        (v) =>
          `${v.invariant}: ${v.detail
            .replace(/\b(st|job)_\w+|\d+/g, '#')
            // The runs of a schedule of several, however they are related: legs, steps and attempts show the same finding.
            .replace(/\b(?:matrix leg|step|attempt) #/g, 'run #')
            .replace(/run #(?:, run #)+/g, 'runs #')
            .replace(/\b(failure|failed|archived|success|completed|timeout|cancelled|error)\b/g, '<state>')
            .slice(0, 60)}`
      )
    )
  ]
    .sort()
    .join(' | ')

export const emptyStats = (): Stats => ({
  schedules: 0,
  faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>,
  coverage: {},
  violations: {},
  failures: [],
  kinds: new Set(),
  known: {}
})

export interface SearchOptions extends ExecuteOptions {
  seed: number
  runs: number
  /** Shrink attempts after a failure (each runs the step); 0 keeps the first failing schedule. */
  maxShrinks: number
  /** Only schedules of several runs of the step (matrix legs, two steps, a re-run, a re-run of one leg, heads). */
  several?: boolean
  /** Only schedules that wait on what the platform reports on the commit (platform-check). */
  check?: boolean
  /** Stop at the first failure of this search (a planted defect's hunt). */
  stopAtFirst?: boolean
  /** Save failures in the corpus. */
  save?: boolean
  /** Which violations count (a planted defect's own); all by default. */
  counts?: (violation: Violation) => boolean
  /** Kinds of violation (kindOf of one) that a known issue explains, with the issue: counted apart, not shrunk or saved. */
  known?: Map<string, string>
  say: (line: string) => void
  /** Told of every schedule drawn (the stats are shared by the jobs): a long run says how far it is. */
  progress?: (stats: Stats) => void
}

/**
 * Searches `runs` schedules from `seed`: after a failure, the search goes on from the next seed
 * (`seedStep` further) until the runs are spent, unless `stopAtFirst`. Returns how many schedules
 * came before the first failure.
 */
export async function explore(
  options: SearchOptions & { seedStep: number },
  stats: Stats
): Promise<{ failed: boolean; firstFailureAt?: number; seed?: number }> {
  let left = options.runs
  let seed = options.seed
  let done = 0
  let first: { failed: boolean; firstFailureAt?: number; seed?: number } = { failed: false }
  while (left > 0) {
    const found = await search({ ...options, seed, runs: left }, stats)
    // This search's own schedules (the stats are shared with the other jobs).
    const ran = found.generated
    if (found.failed && !first.failed) first = { failed: true, firstFailureAt: done + (found.firstFailureAt ?? ran), seed }
    done += ran
    left -= Math.max(ran, 1)
    if (!found.failed || options.stopAtFirst) break
    seed += options.seedStep
  }
  return first
}

/** One fast-check search of `runs` schedules from `seed`; stats are added to `stats`. */
export async function search(options: SearchOptions, stats: Stats): Promise<{ failed: boolean; known?: boolean; firstFailureAt?: number; generated: number }> {
  let failedAt: number | undefined
  let known = false
  let shrinks = 0
  let generated = 0
  let lastViolations: Violation[] = []
  /** The last run that failed: the shrunk schedule's, when shrinking found it. */
  let lastFailing: RunRecord | undefined
  /** The kinds of violation the first failure showed: shrinking keeps to them, never drifting to another finding. */
  let target = new Set<string>()
  const property = fc.asyncProperty(scheduleArb({ several: options.several === true, check: options.check === true }), async (schedule) => {
    if (failedAt !== undefined) {
      // Shrinking: each try runs the step again; past the budget the smaller schedules are not tried.
      if (known || shrinks >= options.maxShrinks) return true
      shrinks++
    } else {
      generated++
      stats.schedules++
      options.progress?.(stats)
      for (const [kind, n] of Object.entries(faultsDrawn(schedule))) stats.faults[kind as FaultKind] += n ?? 0
    }
    const shrinking = failedAt !== undefined
    const record = await execute(schedule, options)
    if (!shrinking) for (const run of record.runs ?? [record]) addCoverage(stats.coverage, run.seen)
    const violations = check(record).filter(options.counts ?? (() => true))
    if (violations.length === 0) return true
    // A smaller schedule that shows only other findings is not the same failure: it is not taken.
    if (shrinking && !violations.some((v) => target.has(kindOf([v])))) return true
    if (failedAt === undefined) {
      failedAt = generated
      target = new Set(violations.map((v) => kindOf([v])))
      const kind = kindOf(violations)
      const issues = violations.map((v) => options.known?.get(kindOf([v])))
      if (issues.every((issue) => issue !== undefined)) {
        known = true
        const issue = [...new Set(issues)].join(', ')
        stats.known[issue] = (stats.known[issue] ?? 0) + 1
        options.say(`seed ${options.seed}: schedule ${generated} violates what ${issue} is about (known): ${kind}`)
        throw new Error(kind)
      }
      for (const v of violations) stats.violations[v.invariant] = (stats.violations[v.invariant] ?? 0) + 1
      known = stats.kinds.has(kind)
      stats.kinds.add(kind)
      if (known) {
        options.say(`seed ${options.seed}: schedule ${generated} violates again: ${kind}`)
        throw new Error(kind)
      }
      options.say(
        `seed ${options.seed}: schedule ${generated} violates ${[...new Set(violations.map((v) => v.invariant))].join(', ')}; shrinking (at most ${options.maxShrinks} tries)`
      )
    }
    lastViolations = violations
    lastFailing = record
    throw new Error(violations.map((v) => said(v).trim()).join('\n'))
  })
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs, endOnFailure: options.maxShrinks === 0 })
  if (!details.failed || !details.counterexample) return { failed: false, generated }
  if (known) return { failed: true, known: true, firstFailureAt: failedAt ?? 0, generated }
  const schedule = details.counterexample[0]
  // The shrunk schedule once more: a failure that does not come back is said to be timing-bound.
  const replayed = await execute(schedule, options)
  const again = check(replayed).filter(options.counts ?? (() => true))
  const reproduced = again.length > 0
  const violations = reproduced ? again : lastViolations
  const witnessed = reproduced ? replayed : lastFailing
  const failure: Stats['failures'][number] = { seed: options.seed, violations, reproduced, schedule }
  if (witnessed) failure.witness = witnessOf(witnessed)
  if (options.save)
    failure.file = saveToCorpus({
      description: violations[0]?.detail ?? '',
      violations,
      seed: options.seed,
      found: today(),
      ...(failure.witness ? { witness: failure.witness } : {}),
      schedule
    })
  stats.failures.push(failure)
  options.say(reportFailure(failure, options.runs))
  return failedAt === undefined ? { failed: true, generated } : { failed: true, firstFailureAt: failedAt, generated }
}

export const today = () => new Date().toISOString().slice(0, 10)

export function saveToCorpus(entry: CorpusEntry): string {
  mkdirSync(CORPUS, { recursive: true })
  const invariant = (entry.violations[0]?.invariant ?? 'violation').replace(/[^a-z0-9]+/gi, '-').toLowerCase()
  const file = path.join(CORPUS, `${entry.found}-${invariant}-${entry.seed}-${Math.random().toString(16).slice(2, 8)}.json`)
  writeFileSync(file, `${JSON.stringify(entry, null, 2)}\n`)
  return path.relative(process.cwd(), file)
}

export function reportFailure(failure: Stats['failures'][number], runs: number): string {
  return [
    `VIOLATION (seed ${failure.seed}${failure.reproduced ? '' : ', did not come back when replayed: timing-bound'})`,
    ...failure.violations.map(said),
    `  shrunk schedule: ${JSON.stringify(failure.schedule)}`,
    failure.file ? `  replay: npm run explore -- --replay ${failure.file}` : `  search again: npm run explore -- --seed ${failure.seed} --runs ${runs} --jobs 1`
  ].join('\n')
}

/** A violation as the report says it: the invariant, the run it is about (in a schedule of several), and what was found. */
export const said = (v: Violation): string => `  ${v.invariant}${v.run ? ` (${v.run})` : ''}: ${v.detail}`

/** Runs one schedule and judges it. */
export async function replay(schedule: Schedule, options: ExecuteOptions = {}): Promise<{ record: RunRecord; violations: Violation[] }> {
  const record = await execute(schedule, options)
  return { record, violations: check(record) }
}
