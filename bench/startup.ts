// Part 1 — start-up: `node dist/index.js` on an update that is already `success` (one request),
// against the floor of this stack and its experiments (bench/floors.ts, the same request); the
// command line (`node dist/cli/index.js … --json`, when built) against the Node one-shot
// (bench/floor/oneshot.mjs: the same GET with node:http, the status printed); a bare
// `node -e ""` and the shell one-shot users write (`curl -s … | jq -r .status`); all run
// interleaved (A, B, C, A, B, C, …) against the simulator.

import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ACTION_ENTRY, CLI_ENTRY, prepareActionRun, REPO_ROOT, timedSpawn } from './action.js'
import type { Floor } from './floors.js'
import { ADMIN_KEY, startSimulator } from '../dev/simulator.js'

export const STATUS_ID = 'bench-done'

export interface StartupResult {
  runs: number
  actionMs: number
  /** CPU time (user + system) of the action, from runs with bench/cpu-register.mjs. */
  actionCpuMs: number
  /** Median of each floor bundle, by name. */
  floorMs: Record<string, number>
  floorCpuMs: Record<string, number>
  /** The command line; undefined when dist/cli/index.js is not built. */
  cliMs: number | undefined
  cliCpuMs: number | undefined
  /** The Node one-shot of bench/floor/oneshot.mjs: the floor of the command line. */
  nodeOneShotMs: number
  nodeOneShotCpuMs: number
  bareMs: number
  /** undefined when curl or jq is missing; `missing` says which. */
  oneShotMs: number | undefined
  missing: string | undefined
  failures: string[]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

const has = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

export function successRecord(id: string) {
  const createdAt = new Date(Date.now() - 95_000).toISOString()
  return {
    _id: id,
    projectId: 'proj-demo',
    createdAt,
    endedAt: new Date().toISOString(),
    status: 'success',
    summary: 'Deployed 4 changed pages',
    logs: ['Cloning https://github.com/acme/docs (main)', 'Installing dependencies', 'Deployed 4 changed pages to acme'],
    subdomain: 'acme',
    source: 'api',
    commit: {
      sha: '3f786850e387550fdab836ed7e6dc881de23001b',
      ref: 'main',
      message: 'docs: update quickstart',
      filesChanged: { added: ['docs/new-page.mdx'], modified: ['docs/index.mdx'], removed: [] }
    }
  }
}

/** One kind of run in the comparison: runs once, returns its wall time and, for Node entries, its CPU time. */
interface Contestant {
  name: string
  run(round: number): Promise<{ ms: number; cpuMs?: number }>
}

const CPU_REGISTER = path.join(REPO_ROOT, 'bench', 'cpu-register.mjs')
const NODE_ONE_SHOT = path.join(REPO_ROOT, 'bench', 'floor', 'oneshot.mjs')

export async function measureStartup(node: string, runs: number, floors: readonly Floor[]): Promise<StartupResult> {
  const sim = await startSimulator()
  sim.script('update', STATUS_ID, [{ json: successRecord(STATUS_ID) }])
  const missing = ['curl', 'jq'].filter((tool) => !has(tool))
  const url = `${sim.url}/v1/project/update-status/${STATUS_ID}`
  const failures: string[] = []
  const cpuFile = path.join(os.tmpdir(), `wait-for-docs-bench-cpu-${process.pid}.txt`)

  /** Runs a bundled entry as the runner would, checks its outputs, and runs it again with the CPU-time preload. */
  const entryRun = (name: string, entry: string, check: (outputs: Record<string, string>, summary: string) => boolean): Contestant => ({
    name,
    run: async (round) => {
      const run = await prepareActionRun({ 'base-url': sim.url, 'admin-key': ADMIN_KEY, 'status-id': STATUS_ID })
      const timed = await timedSpawn(node, [entry], { env: run.env, cwd: run.cwd })
      const outputs = await run.readOutputs()
      const summary = await readFile(run.summaryFile, 'utf8')
      if (timed.code !== 0 || !check(outputs, summary))
        failures.push(`${name} run ${round}: exit ${timed.code}, result=${outputs.result}, polls=${outputs.polls}: ${timed.stderr.slice(0, 300)}`)
      // A second run, with the preload: CPU time is far less disturbed by other work on the machine than wall time.
      const traced = await timedSpawn(node, ['--import', CPU_REGISTER, entry], { env: { ...run.env, BENCH_CPU_FILE: cpuFile }, cwd: run.cwd })
      const cpuUs = Number(await readFile(cpuFile, 'utf8').catch(() => ''))
      await Promise.all([run.cleanup(), rm(cpuFile, { force: true })])
      if (traced.code !== 0 || !(cpuUs > 0)) failures.push(`${name} run ${round} with the CPU preload: exit ${traced.code}`)
      return { ms: timed.ms, cpuMs: cpuUs / 1000 }
    }
  })
  /** Runs a Node script outside the runner's environment, checks what it printed, and runs it again with the CPU-time preload. */
  const scriptRun = (name: string, args: string[], env: Record<string, string>, check: (stdout: string) => boolean): Contestant => ({
    name,
    run: async (round) => {
      const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env }
      const timed = await timedSpawn(node, args, { env: base })
      if (timed.code !== 0 || !check(timed.stdout))
        failures.push(`${name} run ${round}: exit ${timed.code}, printed ${JSON.stringify(timed.stdout.slice(0, 200))}: ${timed.stderr.slice(0, 300)}`)
      const traced = await timedSpawn(node, ['--import', CPU_REGISTER, ...args], { env: { ...base, BENCH_CPU_FILE: cpuFile } })
      const cpuUs = Number(await readFile(cpuFile, 'utf8').catch(() => ''))
      await rm(cpuFile, { force: true })
      if (traced.code !== 0 || !(cpuUs > 0)) failures.push(`${name} run ${round} with the CPU preload: exit ${traced.code}`)
      return { ms: timed.ms, cpuMs: cpuUs / 1000 }
    }
  })
  const cliBuilt = existsSync(CLI_ENTRY)
  const contestants: Contestant[] = [
    entryRun('action', ACTION_ENTRY, (outputs) => outputs.result === 'success' && outputs.polls === '1'),
    ...floors.map((floor) => entryRun(floor.name, floor.entry, (outputs, summary) => outputs.result === 'success' && summary.includes(STATUS_ID))),
    scriptRun('nodeOneShot', [NODE_ONE_SHOT], { BENCH_URL: url, BENCH_KEY: ADMIN_KEY }, (stdout) => stdout.trim() === 'success'),
    // The key in the environment, as the command's contract asks of CI systems; the rest as flags.
    ...(cliBuilt
      ? [
          scriptRun('cli', [CLI_ENTRY, '--base-url', sim.url, '--status-id', STATUS_ID, '--json'], { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }, (stdout) => {
            try {
              return (JSON.parse(stdout) as { result?: unknown }).result === 'success'
            } catch {
              return false
            }
          })
        ]
      : []),
    {
      name: 'bare',
      run: async () => {
        const b = await timedSpawn(node, ['-e', ''], { env: { PATH: process.env.PATH ?? '' } })
        if (b.code !== 0) failures.push(`node -e "" exited ${b.code}`)
        return { ms: b.ms }
      }
    }
  ]
  if (missing.length === 0)
    contestants.push({
      name: 'oneShot',
      run: async () => {
        const shot = await timedSpawn('sh', ['-c', 'curl -s -H "Authorization: Bearer $KEY" "$URL" | jq -r .status'], {
          env: { PATH: process.env.PATH ?? '', KEY: ADMIN_KEY, URL: url }
        })
        if (shot.code !== 0 || shot.stdout.trim() !== 'success') failures.push(`curl | jq printed ${JSON.stringify(shot.stdout.trim())}`)
        return { ms: shot.ms }
      }
    })

  const wall = new Map<string, number[]>(contestants.map((c) => [c.name, []]))
  const cpu = new Map<string, number[]>(contestants.map((c) => [c.name, []]))
  try {
    // One warm-up round (disk cache, first spawn), not counted. Each round starts one further
    // along the list, so that no kind of run always follows the same one.
    for (let round = 0; round <= runs; round++) {
      for (let k = 0; k < contestants.length; k++) {
        const contestant = contestants[(round + k) % contestants.length] as Contestant
        const { ms, cpuMs } = await contestant.run(round)
        if (round === 0) continue
        wall.get(contestant.name)?.push(ms)
        if (cpuMs !== undefined) cpu.get(contestant.name)?.push(cpuMs)
      }
    }
  } finally {
    await sim.close()
  }
  const medianOf = (map: Map<string, number[]>, name: string) => median(map.get(name) ?? [])
  return {
    runs,
    actionMs: medianOf(wall, 'action'),
    actionCpuMs: medianOf(cpu, 'action'),
    floorMs: Object.fromEntries(floors.map((f) => [f.name, medianOf(wall, f.name)])),
    floorCpuMs: Object.fromEntries(floors.map((f) => [f.name, medianOf(cpu, f.name)])),
    cliMs: cliBuilt ? medianOf(wall, 'cli') : undefined,
    cliCpuMs: cliBuilt ? medianOf(cpu, 'cli') : undefined,
    nodeOneShotMs: medianOf(wall, 'nodeOneShot'),
    nodeOneShotCpuMs: medianOf(cpu, 'nodeOneShot'),
    bareMs: medianOf(wall, 'bare'),
    oneShotMs: missing.length === 0 ? medianOf(wall, 'oneShot') : undefined,
    missing: missing.length > 0 ? missing.join(' and ') : undefined,
    failures
  }
}
