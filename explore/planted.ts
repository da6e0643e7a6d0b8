// The explorer's power, measured: each patch of explore/planted/ puts back a bug this project
// fixed. Each is applied to a scratch copy of the repository, the copy is rebuilt (npm run
// package), and the explorer hunts it with the same schedules as CI; the table says which were
// found and after how many schedules.
import { execFileSync } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { corpusEntries, emptyStats, explore, replay, saveToCorpus, today } from './explore.js'
import type { Violation } from './invariants.js'
import type { Schedule } from './schedule.js'
import { removeScratch, scratchFolder } from './scratch.js'

const ROOT = path.resolve(import.meta.dirname, '..')
export const PLANTED = path.join(ROOT, 'explore', 'planted')

export interface HuntOptions {
  runs: number
  seed: number
  jobs: number
  /** Only the patches whose file name contains this, or one of these, comma-separated (`01,05`). */
  only?: string
  /** Only schedules of several runs (`--several`). */
  several?: boolean
  say: (line: string) => void
}

/** The patch's first line, `# <the bug it puts back>`. */
const bugOf = (patch: string) => /^#\s*(.+)$/m.exec(patch)?.[1] ?? ''

/**
 * What finding the defect means: a violation of the invariant(s) of its `# invariant:` line whose
 * detail matches its `# detail:` line (a regular expression). Other violations (a bug the code
 * has anyway) do not count.
 */
export function findingOf(patch: string): (violation: Violation) => boolean {
  const invariants = (/^# invariant:\s*(.+)$/m.exec(patch)?.[1] ?? '').split('|').map((name) => name.trim())
  const detail = new RegExp(/^# detail:\s*(.+)$/m.exec(patch)?.[1] ?? '')
  return (violation) => invariants.includes(violation.invariant) && detail.test(violation.detail)
}

/** A copy of the repository's sources with `patch` applied, built; removed by the caller. */
export function plantedCopy(patchFile: string): string {
  const copy = scratchFolder('wfd-planted-')
  for (const part of ['src', 'dev', 'package.json', 'tsconfig.json']) cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true })
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'))
  execFileSync('git', ['apply', '--unsafe-paths', `--directory=.`, patchFile], { cwd: copy, stdio: 'pipe' })
  execFileSync('npm', ['run', 'package', '--silent'], { cwd: copy, stdio: 'pipe' })
  return copy
}

/** Hunts every planted defect; true when each was found. */
export async function huntPlanted(options: HuntOptions): Promise<boolean> {
  const patches = readdirSync(PLANTED)
    .filter((f) => f.endsWith('.patch') && (!options.only || options.only.split(',').some((part) => f.includes(part.trim()))))
    .sort()
  const rows: string[] = []
  let all = true
  for (const file of patches) {
    const patchFile = path.join(PLANTED, file)
    const patch = readFileSync(patchFile, 'utf8')
    const bug = bugOf(patch)
    const counts = findingOf(patch)
    let copy: string | undefined
    try {
      options.say(`== ${file}: ${bug}`)
      copy = plantedCopy(patchFile)
      const stats = emptyStats()
      const perJob = Math.ceil(options.runs / options.jobs)
      // Each job hunts on its own seed; the defect counts as found after the fewest schedules any job needed.
      const hunts = await Promise.all(
        Array.from({ length: options.jobs }, (_, j) =>
          explore(
            {
              seed: options.seed + j,
              seedStep: options.jobs,
              runs: perJob,
              maxShrinks: 0,
              stopAtFirst: true,
              counts,
              root: copy as string,
              several: options.several === true,
              say: () => {}
            },
            stats
          ).then((r) => ({ ...r, seed: r.seed ?? options.seed + j }))
        )
      )
      const found = hunts.filter((h) => h.failed).sort((a, b) => (a.firstFailureAt ?? 0) - (b.firstFailureAt ?? 0))[0]
      const invariants = [...new Set(stats.failures.flatMap((f) => f.violations.map((v) => v.invariant)))].join('; ')
      if (!found) all = false
      // The failure of the job that found it first, then the others'.
      const failures = [...stats.failures].sort((a, b) => Number(b.seed === found?.seed) - Number(a.seed === found?.seed))
      const corpus = await corpusOfPlanted(file, bug, counts, copy, failures, options.say)
      if (!corpus.ok) all = false
      const row = found
        ? `| ${file} | ${bug} | found after ${found.firstFailureAt} schedule(s) (seed ${found.seed}) | ${invariants} | ${corpus.said} |`
        : `| ${file} | ${bug} | not found in ${stats.schedules} schedules | | ${corpus.said} |`
      options.say(row)
      rows.push(row)
    } catch (error) {
      all = false
      const row = `| ${file} | ${bug} | could not be planted: ${(error as Error).message.split('\n')[0]} | | |`
      options.say(row)
      rows.push(row)
    } finally {
      if (copy) removeScratch(copy)
    }
  }
  options.say(`\n| planted defect | the bug | found | invariant | its corpus entries |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}`)
  return all
}

/**
 * The corpus entries that hold the planted defect's bug (`planted`): each must fail on the
 * patched build (the bug before its fix) and, being in the corpus, passes on main (CI replays
 * it). A defect without one gets a schedule its hunt found, the first that fails again when
 * replayed on the patched build (one that does not was timing-bound) and passes on main.
 */
async function corpusOfPlanted(
  file: string,
  bug: string,
  counts: (violation: Violation) => boolean,
  copy: string,
  hunted: readonly { seed: number; schedule: Schedule }[],
  say: (line: string) => void
): Promise<{ ok: boolean; said: string }> {
  const name = file.replace(/\.patch$/, '')
  const linked = corpusEntries().filter(([, entry]) => entry.planted === name)
  if (linked.length === 0) {
    if (hunted.length === 0) return { ok: false, said: 'none' }
    let why = ''
    for (const { seed, schedule } of hunted) {
      const withPatch = (await replay(schedule, { root: copy })).violations.filter(counts)
      if (withPatch.length === 0) {
        why = 'the schedule found did not fail again when replayed with the patch (timing-bound)'
        continue
      }
      const onMain = await replay(schedule)
      if (onMain.violations.length > 0) {
        why = `the schedule found also fails on main (${onMain.violations[0]?.detail ?? ''})`
        continue
      }
      const saved = saveToCorpus({
        description: bug,
        violations: withPatch,
        seed,
        found: today(),
        fixedBy: `the fix explore/planted/${file} takes back`,
        planted: name,
        schedule
      })
      say(`   saved in the corpus: ${saved}`)
      return { ok: true, said: `1, saved now (${path.basename(saved)})` }
    }
    return { ok: false, said: `none: ${why}` }
  }
  let failing = 0
  for (const [entryFile, entry] of linked) {
    const fails = (await replay(entry.schedule, { root: copy })).violations.some(counts)
    if (fails) failing++
    else say(`   ${entryFile} does not fail with the patch`)
  }
  return { ok: failing === linked.length, said: `${failing} of ${linked.length} fail with the patch` }
}
