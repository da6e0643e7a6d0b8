import { renameSync } from 'node:fs'

/**
 * What a rename over a file another process holds open fails with on Windows (an antivirus, an
 * indexer, a CI agent reading the report): it lets go within moments, so the rename is tried again.
 */
const BUSY = new Set(['EPERM', 'EACCES', 'EBUSY'])
/** The waits between tries: half a second in all (well inside the cancel's grace period), then the error stands. */
export const RENAME_WAITS_MS: readonly number[] = [10, 20, 40, 80, 150, 200]

export interface RenameOptions {
  rename?: (from: string, to: string) => void
  /** Blocks for this long (the reports are written synchronously, at the end of the run). */
  sleep?: (ms: number) => void
  waits?: readonly number[]
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** renameSync, tried again while the target is held open by another process; any other error at once. */
export function renameRetrying(from: string, to: string, options: RenameOptions = {}): void {
  const rename = options.rename ?? renameSync
  const sleep = options.sleep ?? sleepSync
  for (const wait of [...(options.waits ?? RENAME_WAITS_MS), undefined]) {
    try {
      rename(from, to)
      return
    } catch (error) {
      if (wait === undefined || !BUSY.has((error as NodeJS.ErrnoException).code ?? '')) throw error
      sleep(wait)
    }
  }
}
