// Part 2 — bundle: the size of dist/, and the JavaScript a run without `pr-comment` actually
// loads. The action is run once on an update that is already `success`, with a preload
// (bench/trace-register.mjs) that records every file loaded: ES modules through a loader hook,
// CommonJS through Module.prototype._compile. "Loaded" = the bytes of those files (a chunk that
// is never imported does not count; Node's own built-in modules are not counted). @actions/github
// counts as loaded if any loaded file holds its code (octokit's user agents or getOctokit).

import { readdir, readFile, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ACTION_ENTRY, prepareActionRun, REPO_ROOT, timedSpawn } from './action.js'
import { STATUS_ID, successRecord } from './startup.js'
import { ADMIN_KEY, startSimulator } from '../dev/simulator.js'

// octokit's user-agent strings survive minification; `function getOctokit(` is @actions/github's own code
// (a call site such as `github.getOctokit(…)` in the main bundle does not count).
const GITHUB_MARKERS = /octokit-(core|request|endpoint|graphql)\.js|function getOctokit\(/

export interface BundleResult {
  distBytes: number
  distFiles: number
  loadedBytes: number
  loadedFiles: string[]
  githubLoaded: boolean
  /** @actions/github code anywhere in dist/ (loaded or not). */
  githubInDist: boolean
  /** GROWTH and JITTER as bundled in dist/index.js (they reach dist/ on `npm run package`). */
  distSchedule: { growth: string; jitter: string } | undefined
  failure: string | undefined
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))))
  return nested.flat()
}

export async function measureBundle(node: string): Promise<BundleResult> {
  const distDir = path.join(REPO_ROOT, 'dist')
  const distFiles = await filesUnder(distDir)
  const sizes = await Promise.all(distFiles.map(async (f) => (await stat(f)).size))
  const distBytes = sizes.reduce((a, b) => a + b, 0)
  let githubInDist = false
  for (const f of distFiles.filter((f) => /\.(c|m)?js$/.test(f))) {
    if (GITHUB_MARKERS.test(await readFile(f, 'utf8'))) githubInDist = true
  }
  const entrySource = await readFile(ACTION_ENTRY, 'utf8')
  const growth = /\bGROWTH\s*=\s*([\d.]+)/.exec(entrySource)?.[1]
  const jitter = /\bJITTER\s*=\s*([\d.]+)/.exec(entrySource)?.[1]

  const sim = await startSimulator()
  sim.script('update', STATUS_ID, [{ json: successRecord(STATUS_ID) }])
  const traceFile = path.join(os.tmpdir(), `wait-for-docs-bench-trace-${process.pid}.txt`)
  let failure: string | undefined
  let loaded: string[] = []
  try {
    const run = await prepareActionRun({ 'base-url': sim.url, 'admin-key': ADMIN_KEY, 'status-id': STATUS_ID })
    const register = path.join(REPO_ROOT, 'bench', 'trace-register.mjs')
    const result = await timedSpawn(node, ['--import', register, ACTION_ENTRY], { env: { ...run.env, BENCH_TRACE_FILE: traceFile }, cwd: run.cwd })
    const outputs = await run.readOutputs()
    await run.cleanup()
    if (result.code !== 0 || outputs.result !== 'success') failure = `traced run: exit ${result.code}, result=${outputs.result}: ${result.stderr.slice(0, 300)}`
    const benchDir = path.join(REPO_ROOT, 'bench') + path.sep
    loaded = [...new Set((await readFile(traceFile, 'utf8').catch(() => '')).split('\n').filter((f) => f !== '' && !f.startsWith(benchDir)))]
  } finally {
    await sim.close()
    await import('node:fs/promises').then((fs) => fs.rm(traceFile, { force: true }))
  }
  let loadedBytes = 0
  let githubLoaded = false
  for (const f of loaded) {
    const text = await readFile(f, 'utf8')
    loadedBytes += Buffer.byteLength(text)
    if (GITHUB_MARKERS.test(text)) githubLoaded = true
  }
  if (loaded.length === 0 && !failure) failure = 'the loader trace recorded no file'
  return {
    distBytes,
    distFiles: distFiles.length,
    loadedBytes,
    loadedFiles: loaded.map((f) => path.relative(REPO_ROOT, f)),
    githubLoaded,
    githubInDist,
    distSchedule: growth && jitter ? { growth, jitter } : undefined,
    failure
  }
}
