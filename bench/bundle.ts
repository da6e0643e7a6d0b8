// Part 2 — bundle: the size of dist/, and the JavaScript a run without `pr-comment` actually
// loads. The action is run once on an update that is already `success`, with a preload
// (bench/trace-register.mjs) that records every file loaded: ES modules through a loader hook,
// CommonJS through Module.prototype._compile. "Loaded" = the bytes of those files (a chunk that
// is never imported does not count; Node's own built-in modules are not counted). @actions/github
// counts as loaded if any loaded file holds its code (octokit's user agents or getOctokit).
// The floor and its experiments (bench/floors.ts) are traced the same way, on the same request.

import { readdir, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ACTION_ENTRY, prepareActionRun, REPO_ROOT, timedSpawn } from './action.js'
import type { Floor } from './floors.js'
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
  /** Bytes of dist/index.js that are the action's own modules (src/), not libraries. */
  ownBytes: number
  /** Bytes of JavaScript each floor bundle loaded on the same request, by name. */
  floorLoadedBytes: Record<string, number>
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

export async function measureBundle(node: string, floors: readonly Floor[]): Promise<BundleResult> {
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
  const failures: string[] = []
  let loaded: string[] = []
  const floorLoadedBytes: Record<string, number> = {}
  try {
    const action = await traceLoaded(node, ACTION_ENTRY, sim.url)
    if (action.failure) failures.push(`traced run: ${action.failure}`)
    loaded = action.files
    for (const floor of floors) {
      const traced = await traceLoaded(node, floor.entry, sim.url)
      if (traced.failure) failures.push(`traced ${floor.name}: ${traced.failure}`)
      let bytes = 0
      for (const f of traced.files) bytes += (await stat(f)).size
      floorLoadedBytes[floor.name] = bytes
    }
  } finally {
    await sim.close()
  }
  const failure = failures.length > 0 ? failures.join('; ') : undefined
  let loadedBytes = 0
  let githubLoaded = false
  for (const f of loaded) {
    const text = await readFile(f, 'utf8')
    loadedBytes += Buffer.byteLength(text)
    if (GITHUB_MARKERS.test(text)) githubLoaded = true
  }
  return {
    distBytes,
    distFiles: distFiles.length,
    loadedBytes,
    loadedFiles: loaded.map((f) => path.relative(REPO_ROOT, f)),
    ownBytes: ownCodeBytes(entrySource),
    floorLoadedBytes,
    githubLoaded,
    githubInDist,
    distSchedule: growth && jitter ? { growth, jitter } : undefined,
    failure
  }
}

/** Runs `entry` once on the update that is already `success`, with the loader trace; the files it loaded. */
async function traceLoaded(node: string, entry: string, baseUrl: string): Promise<{ files: string[]; failure: string | undefined }> {
  const traceFile = path.join(os.tmpdir(), `wait-for-docs-bench-trace-${process.pid}.txt`)
  const run = await prepareActionRun({ 'base-url': baseUrl, 'admin-key': ADMIN_KEY, 'status-id': STATUS_ID })
  try {
    const register = path.join(REPO_ROOT, 'bench', 'trace-register.mjs')
    const result = await timedSpawn(node, ['--import', register, entry], { env: { ...run.env, BENCH_TRACE_FILE: traceFile }, cwd: run.cwd })
    const outputs = await run.readOutputs()
    const failure =
      result.code !== 0 || outputs.result !== 'success' ? `exit ${result.code}, result=${outputs.result}: ${result.stderr.slice(0, 300)}` : undefined
    const benchDir = path.join(REPO_ROOT, 'bench') + path.sep
    const files = [...new Set((await readFile(traceFile, 'utf8').catch(() => '')).split('\n').filter((f) => f !== '' && !f.startsWith(benchDir)))]
    return { files, failure: failure ?? (files.length === 0 ? 'the loader trace recorded no file' : undefined) }
  } finally {
    await run.cleanup()
    await rm(traceFile, { force: true })
  }
}

/** Bytes of the modules from ./src/, found by the module markers ncc leaves in unminified output. */
function ownCodeBytes(source: string): number {
  const marker = /^(?:;\/\/ CONCATENATED MODULE: (.*)|\/\/ EXTERNAL MODULE: .*|\/\*\*\*\/ \d+:)$/gm
  const sections = [...source.matchAll(marker)].map((m) => ({ at: m.index, own: m[1]?.startsWith('./src/') ?? false }))
  let bytes = 0
  sections.forEach((section, i) => {
    if (section.own) bytes += Buffer.byteLength(source.slice(section.at, sections[i + 1]?.at ?? source.length))
  })
  return bytes
}
