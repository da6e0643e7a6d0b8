import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { renameRetrying } from './rename.js'

/**
 * Writes a file whole or not at all: a temp file beside it, then a rename, so a reader (or a
 * process killed midway) never sees half of it.
 */
export function writeFileAtomic(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    writeFileSync(temp, text)
    renameRetrying(temp, file)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}
