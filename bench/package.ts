// Part 2, the package: `npm pack` of this tree (the tarball `npx` fetches), and what
// `npm install` of that tarball puts on disk, installed offline into a temp dir. Both only once the
// command line is built (dist/cli/index.js): the package is the command's.

import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { CLI_ENTRY, REPO_ROOT } from './action.js'

export type PackageResult =
  | { built: false }
  | {
      built: true
      /** Bytes of the .tgz `npm pack` wrote. */
      tarballBytes: number
      /** Bytes of the files in it, as npm counts them, and how many. */
      unpackedBytes: number
      files: number
      /** Bytes of the files `npm install` of the tarball wrote under node_modules, and the packages there. */
      installedBytes: number | undefined
      installedPackages: number | undefined
      failure: string | undefined
    }

const run = promisify(execFile)

async function sizeOf(dir: string): Promise<number> {
  let bytes = 0
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) bytes += await sizeOf(full)
    else if (entry.isFile()) bytes += (await stat(full)).size
  }
  return bytes
}

/** Every package folder under node_modules (scoped ones counted one by one). */
async function packagesIn(modules: string): Promise<number> {
  if (!existsSync(modules)) return 0
  let count = 0
  for (const entry of await readdir(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue
    if (entry.name.startsWith('@')) count += (await readdir(path.join(modules, entry.name))).length
    else count += 1 + (await packagesIn(path.join(modules, entry.name, 'node_modules')))
  }
  return count
}

export async function measurePackage(): Promise<PackageResult> {
  if (!existsSync(CLI_ENTRY)) return { built: false }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-bench-pack-'))
  try {
    // Scripts are not run: the bench measures dist/ as it is, as it does everywhere else.
    const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: REPO_ROOT,
      timeout: 300_000,
      maxBuffer: 64 * 2 ** 20
    })
    const info = (JSON.parse(packed.stdout) as { filename: string; size: number; unpackedSize: number; entryCount: number }[])[0]
    if (!info) throw new Error('npm pack printed no package')
    const tarball = path.join(dir, info.filename)
    const result = { built: true as const, tarballBytes: (await stat(tarball)).size, unpackedBytes: info.unpackedSize, files: info.entryCount }
    const target = path.join(dir, 'install')
    await mkdir(target)
    try {
      await run('npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', target, tarball], {
        cwd: target,
        timeout: 300_000
      })
      const modules = path.join(target, 'node_modules')
      return { ...result, installedBytes: await sizeOf(modules), installedPackages: await packagesIn(modules), failure: undefined }
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error)
      return { ...result, installedBytes: undefined, installedPackages: undefined, failure: `npm install --offline of the tarball failed: ${message}` }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
