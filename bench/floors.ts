// The floor of this stack and the experiments beside it (sources in bench/floor/), bundled with
// ncc with the flags of `npm run package`, into a temp dir removed at the end of the bench; one of
// them then rewritten as that command rewrites dist/ (dev/dist-rewrites.js), so that the action is
// seen beside a floor that has what its own build adds.

import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { REPO_ROOT } from './action.js'
import { actionEntry, inAscii } from '../dev/dist-rewrites.js'

export interface Floor {
  /** `floor`, or the experiment's name. */
  name: string
  /** What it is, for the results table. */
  label: string
  source: string
  /** Rewritten after ncc as `npm run package` rewrites dist/. */
  rewritten?: boolean
  /** The bundled entry, once built. */
  entry: string
  bundleBytes: number
}

export const FLOOR_SOURCES = [
  { name: 'floor', source: 'index.ts', label: 'floor: `@actions/core`, one GET with `node:http`, one output, the summary' },
  { name: 'undici', source: 'undici.ts', label: 'floor, the GET sent through undici as src/api/client.ts does' },
  { name: 'zod', source: 'zod.ts', label: 'floor + zod: the inputs and the answer checked with `zod`' },
  { name: 'zod-mini', source: 'zod-mini.ts', label: 'floor + zod/mini: the same schemas with `zod/mini`' },
  {
    name: 'zod-rewritten',
    source: 'zod.ts',
    label:
      "floor + zod, rewritten as dist/index.js is: undici's fallback for node:http2, built-ins without createRequire, node:assert at its first failure, every script in ASCII",
    rewritten: true
  }
] as const satisfies readonly { name: string; source: string; label: string; rewritten?: boolean }[]

const NCC = path.join(REPO_ROOT, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js')

/** Bundles every floor source, two at a time (ncc is CPU-bound); call `cleanup` when done. */
export async function buildFloors(): Promise<{ floors: Floor[]; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-bench-floor-'))
  const build = async (floor: (typeof FLOOR_SOURCES)[number]): Promise<Floor> => {
    const { name, source, label } = floor
    const out = path.join(dir, name)
    // The flags of `npm run package`.
    const args = [NCC, 'build', path.join(REPO_ROOT, 'bench', 'floor', source), '-o', out, '--target', 'es2022', '--transpile-only', '--quiet']
    await promisify(execFile)(process.execPath, args, { cwd: REPO_ROOT, timeout: 300_000 })
    const entry = path.join(out, 'index.js')
    const rewritten = 'rewritten' in floor && floor.rewritten
    if (rewritten) {
      await writeFile(entry, actionEntry(await readFile(entry, 'utf8'), `${name}/index.js`))
      for (const file of (await readdir(out)).filter((f) => f.endsWith('.js')))
        await writeFile(path.join(out, file), inAscii(await readFile(path.join(out, file), 'utf8'), `${name}/${file}`))
    }
    return { name, label, source: `bench/floor/${source}${rewritten ? ', rewritten' : ''}`, entry, bundleBytes: (await stat(entry)).size, rewritten }
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
