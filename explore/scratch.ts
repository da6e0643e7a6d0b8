// The explorer's scratch folders (a schedule's report paths, the runner's files, a planted
// copy), removed when they are done with, and whatever is left when the explorer itself ends,
// even by Ctrl-C: a FIFO's reader loops until its FIFO is gone.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const live = new Set<string>()

/** A new folder under the system's temporary folder, removed at the latest when the process exits. */
export function scratchFolder(prefix: string): string {
  return kept(mkdtempSync(path.join(os.tmpdir(), prefix)))
}

/** A folder made elsewhere, removed at the latest when the process exits. */
export function kept(folder: string): string {
  live.add(folder)
  return folder
}

export function removeScratch(folder: string): void {
  rmSync(folder, { recursive: true, force: true })
  live.delete(folder)
}

process.on('exit', () => {
  for (const folder of live) rmSync(folder, { recursive: true, force: true })
})
