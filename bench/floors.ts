// The floor of this stack and the experiments beside it (sources in bench/floor/), bundled with
// ncc exactly as `npm run package` bundles dist/, into a temp dir removed at the end of the bench.

import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { REPO_ROOT } from './action.js'

export interface Floor {
  /** `floor`, or the experiment's name. */
  name: string
  /** What it is, for the results table. */
  label: string
  source: string
  /** The bundled entry, once built. */
  entry: string
  bundleBytes: number
}

export const FLOOR_SOURCES = [
  { name: 'floor', source: 'index.ts', label: 'floor: `@actions/core`, one GET with `node:http`, one output, the summary' },
  { name: 'undici', source: 'undici.ts', label: 'floor, the GET sent through undici as src/api/client.ts does' },
  { name: 'zod', source: 'zod.ts', label: 'floor + zod: the inputs and the answer checked with `zod`' },
  { name: 'zod-mini', source: 'zod-mini.ts', label: 'floor + zod/mini: the same schemas with `zod/mini`' }
] as const

const NCC = path.join(REPO_ROOT, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js')

/** Bundles every floor source, two at a time (ncc is CPU-bound); call `cleanup` when done. */
export async function buildFloors(): Promise<{ floors: Floor[]; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-bench-floor-'))
  const build = async ({ name, source, label }: (typeof FLOOR_SOURCES)[number]): Promise<Floor> => {
    const out = path.join(dir, name)
    // The flags of `npm run package`.
    const args = [NCC, 'build', path.join(REPO_ROOT, 'bench', 'floor', source), '-o', out, '--target', 'es2022', '--transpile-only', '--quiet']
    await promisify(execFile)(process.execPath, args, { cwd: REPO_ROOT, timeout: 300_000 })
    const entry = path.join(out, 'index.js')
    return { name, label, source: `bench/floor/${source}`, entry, bundleBytes: (await stat(entry)).size }
  }
  try {
    const floors: Floor[] = []
    for (let i = 0; i < FLOOR_SOURCES.length; i += 2) floors.push(...(await Promise.all(FLOOR_SOURCES.slice(i, i + 2).map(build))))
    return { floors, cleanup: () => rm(dir, { recursive: true, force: true }) }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}
