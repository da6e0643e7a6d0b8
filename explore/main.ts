// npm run explore -- [--runs N] [--seed S] [--jobs J] [--max-shrinks K] [--replay FILE] [--corpus] [--planted] [--stats FILE]
//
//   --runs N        schedules to draw (default 50), split over the jobs
//   --seed S        the first job's seed (default: drawn, and printed); job j uses S + j
//   --jobs J        schedules run at once (default 1)
//   --max-shrinks K runs spent shrinking a failure (default 20)
//   --replay FILE   runs the schedule of a corpus entry (or a JSON schedule) and judges it
//   --corpus        replays every entry of explore/corpus/ first; an entry that waits on a known
//                   issue is reported apart and does not fail the run
//   --planted       plants each defect of explore/planted/ in a scratch copy, rebuilds it, and
//                   reports which were found and after how many schedules; the corpus entries
//                   tied to a defect (`planted`) must fail with it, and one is saved for a defect
//                   that has none
//   --only NN[,MM]  with --planted, only the patches whose names hold one of these (with
//                   --several, hunted with schedules of several runs only)
//   --stats FILE    writes the figures (schedules, faults per kind, violations) as JSON
//   --several       draws only schedules that run the step more than once (matrix legs, two steps
//                   of a job, a re-run, a re-run of one leg, heads); without it, one schedule in
//                   about five does
//   --platform-check draws only schedules that wait on what the platform reports on the commit
//                   (platform-check, action only): late, never, re-run, flipping, paged, refused
//   --verbose       with --replay, prints the step's stdout and stderr
//   --refresh-corpus replays every corpus entry and writes down the violations it shows now
//                   (after an invariant's words changed); an entry that passes is left as it is
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { coverageTable } from './coverage.js'
import { CORPUS, corpusEntries, emptyStats, explore, kindOf, readEntry, recordWrites, replay, type Stats, said } from './explore.js'
import { pausesSeen } from './pauses.js'
import { huntPlanted } from './planted.js'

interface Args {
  runs: number
  seed: number
  jobs: number
  maxShrinks: number
  replay?: string
  corpus: boolean
  planted: boolean
  only?: string
  stats?: string
  verbose: boolean
  refresh: boolean
  several: boolean
  check: boolean
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    runs: 50,
    seed: Math.floor(Math.random() * 2 ** 31),
    jobs: 1,
    maxShrinks: 20,
    corpus: false,
    planted: false,
    verbose: false,
    refresh: false,
    several: false,
    check: false
  }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new Error(`${flag} needs a value`)
      return v
    }
    const number = () => {
      const v = Number(value())
      if (!Number.isInteger(v) || v < 0) throw new Error(`${flag} takes a whole number`)
      return v
    }
    if (flag === '--runs') args.runs = number()
    else if (flag === '--seed') args.seed = number()
    else if (flag === '--jobs') args.jobs = Math.max(1, number())
    else if (flag === '--max-shrinks') args.maxShrinks = number()
    else if (flag === '--replay') args.replay = value()
    else if (flag === '--corpus') args.corpus = true
    else if (flag === '--refresh-corpus') args.refresh = true
    else if (flag === '--planted') args.planted = true
    else if (flag === '--only') args.only = value()
    else if (flag === '--stats') args.stats = value()
    else if (flag === '--verbose') args.verbose = true
    else if (flag === '--several') args.several = true
    else if (flag === '--platform-check') args.check = true
    else throw new Error(`unknown flag ${flag}; see the head of explore/main.ts`)
  }
  return args
}

const say = (line: string) => process.stdout.write(`${line}\n`)

/** The kinds of violation that corpus entries waiting on a known issue show, with the issue. */
function knownKinds(): Map<string, string> {
  const known = new Map<string, string>()
  // The entry with the fewest violations names the issue of a kind: it shows that bug alone.
  const entries = corpusEntries().sort(([, a], [, b]) => a.violations.length - b.violations.length)
  for (const [, entry] of entries) if (entry.waitsOn) for (const v of entry.violations) if (!known.has(kindOf([v]))) known.set(kindOf([v]), entry.waitsOn)
  return known
}

/** Replays the corpus: entries that wait on a known issue apart; returns the number of regressions. */
async function replayCorpus(): Promise<number> {
  const entries = corpusEntries()
  say(`== corpus: ${entries.length} schedule(s) that once failed`)
  let regressions = 0
  const waiting: string[] = []
  for (const [file, entry] of entries) {
    const { violations } = await replay(entry.schedule)
    const verdict = violations.length === 0 ? 'passes' : `fails: ${violations.map((v) => said(v).trim()).join('; ')}`
    if (entry.waitsOn) {
      waiting.push(
        `  ${file} (waits on ${entry.waitsOn}): ${violations.length === 0 ? 'passes now; drop its waitsOn once the fix is on main' : 'still fails, as expected until the fix lands'}`
      )
      continue
    }
    say(`  ${file}: ${verdict}`)
    if (violations.length > 0) regressions++
  }
  if (waiting.length) say(`== corpus entries that wait on a known issue (not counted):\n${waiting.join('\n')}`)
  return regressions
}

function printStats(stats: Stats, seed: number, jobs: number, ms: number): void {
  say(`== ${stats.schedules} schedules from seed ${seed} (${jobs} job(s)) in ${(ms / 1000).toFixed(0)} s`)
  say('faults drawn:')
  for (const [kind, n] of Object.entries(stats.faults)) say(`  ${kind.padEnd(24)} ${n}`)
  say('record writes reached, per record, phase and fault:')
  for (const line of coverageTable(stats.coverage)) say(line)
  // The explorer's own pauses hold every running step's answers: the timing judges allow them (pauses.ts).
  const pauses = pausesSeen()
  say(`the explorer's own loop: longest pause ${pauses.longest} ms, ${pauses.long} over half a second`)
  const violations = Object.entries(stats.violations)
  say(violations.length === 0 ? 'violations: none' : `violations:\n${violations.map(([name, n]) => `  ${name.padEnd(44)} ${n}`).join('\n')}`)
  const known = Object.entries(stats.known)
  if (known.length) say(`violations a known issue explains (not counted):\n${known.map(([issue, n]) => `  ${issue.padEnd(44)} ${n}`).join('\n')}`)
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2))
  if (args.replay) {
    const entry = readEntry(args.replay)
    say(`replaying ${args.replay}${entry.seed ? ` (found with seed ${entry.seed})` : ''}`)
    const { record, violations } = await replay(entry.schedule)
    for (const run of record.runs ?? [record]) {
      const name = run.run ? `${run.run.label}: ` : ''
      say(`${name}exit code ${run.code ?? run.signal} after ${run.durationMs} ms`)
      if (args.verbose) say(`--- ${name}stdout ---\n${run.stdout}\n--- ${name}stderr ---\n${run.stderr}\n--- end ---`)
    }
    if (args.verbose) say(`--- what the stand-ins saw ---\n${recordWrites(record).join('\n')}\n--- end ---`)
    // A timing-bound failure may not come back: what it showed when it was found is kept in its entry.
    if (args.verbose && entry.witness) say(`--- what the run that failed showed when it was found ---\n${entry.witness.join('\n')}\n--- end ---`)
    for (const v of violations) say(said(v))
    if (violations.length === 0) say('no invariant violated')
    return violations.length === 0 ? 0 : 1
  }
  if (args.refresh) {
    for (const [file, entry] of corpusEntries()) {
      const { violations } = await replay(entry.schedule)
      if (violations.length === 0) {
        say(`${file}: passes; left as it is`)
        continue
      }
      writeFileSync(path.join(CORPUS, file), `${JSON.stringify({ ...entry, violations }, null, 2)}\n`)
      say(`${file}: ${violations.length} violation(s) written down`)
    }
    return 0
  }
  if (args.planted)
    return (await huntPlanted({ runs: args.runs, seed: args.seed, jobs: args.jobs, several: args.several, ...(args.only ? { only: args.only } : {}), say }))
      ? 0
      : 1
  let regressions = 0
  if (args.corpus) regressions = await replayCorpus()
  if (args.runs === 0) return regressions === 0 ? 0 : 1
  say(`== exploring ${args.runs} schedules, seed ${args.seed}, ${args.jobs} job(s)`)
  const stats = emptyStats()
  const known = knownKinds()
  const started = Date.now()
  const perJob = Math.ceil(args.runs / args.jobs)
  // Interrupted (Ctrl-C), a long run still gives its figures so far.
  const interrupted = () => {
    say('== interrupted')
    printStats(stats, args.seed, args.jobs, Date.now() - started)
    if (args.stats)
      writeFileSync(
        args.stats,
        `${JSON.stringify({ seed: args.seed, jobs: args.jobs, ms: Date.now() - started, interrupted: true, ...stats, kinds: [...stats.kinds] }, null, 2)}\n`
      )
    process.exit(1)
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  // A long run says how far it is, every tenth of the way (at least every 500 schedules).
  const every = Math.max(1, Math.min(500, Math.round(args.runs / 10)))
  const progress = (s: Stats) => {
    if (args.runs >= 1000 && s.schedules % every === 0)
      say(
        `.. ${s.schedules} of ${args.runs} schedules drawn in ${((Date.now() - started) / 1000).toFixed(0)} s; ${s.failures.length} violation(s) so far; the explorer's longest pause ${pausesSeen().longest} ms`
      )
  }
  await Promise.all(
    Array.from({ length: args.jobs }, (_, j) =>
      explore(
        {
          seed: args.seed + j,
          seedStep: args.jobs,
          runs: Math.min(perJob, args.runs - j * perJob),
          maxShrinks: args.maxShrinks,
          save: true,
          several: args.several,
          check: args.check,
          known,
          say,
          progress
        },
        stats
      )
    )
  )
  printStats(stats, args.seed, args.jobs, Date.now() - started)
  if (args.stats)
    writeFileSync(args.stats, `${JSON.stringify({ seed: args.seed, jobs: args.jobs, ms: Date.now() - started, ...stats, kinds: [...stats.kinds] }, null, 2)}\n`)
  return regressions + stats.failures.length === 0 ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  }
)
