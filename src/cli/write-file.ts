import fs from 'node:fs'
import path from 'node:path'
import { renameRetrying } from './rename.js'

/** What a report path is now, as `lstat` sees it (a symlink is not followed). */
export type PathKind = 'missing' | 'file' | 'other'

/** The file system calls the writer makes; tests replace `lstat` to see the in-place branch taken. */
export interface WriteFs {
  lstat: (file: string) => fs.Stats
}

const NODE_FS: WriteFs = { lstat: (file) => fs.lstatSync(file) }

export function pathKind(file: string, io: WriteFs = NODE_FS): PathKind {
  try {
    return io.lstat(file).isFile() ? 'file' : 'other'
  } catch (error) {
    // Not there, or a file where a folder on the way should be: writing it says which.
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing'
    throw error
  }
}

/**
 * Writes a report where it was asked. A regular file (or a missing one) is written whole or not
 * at all: a temp file beside it, then a rename, so a reader (or a process killed midway) never
 * sees half of it. A symlink is written through to its target, never replaced; a stream (a
 * device, a FIFO) is written with `openStream`.
 */
export function writeReportFile(file: string, text: string, io: WriteFs = NODE_FS): void {
  if (pathKind(file, io) === 'other') writeInPlace(file, text)
  else {
    makeFolderOf(file)
    writeFileAtomic(file, text)
  }
}

/**
 * Creates the folder a report goes in when it does not exist yet (`test-results/` in a fresh
 * checkout), as JUnit writers do; for a symlink, the folder of the file it points to. What
 * cannot be created is said with why: a file where a folder should be, a folder without write
 * permission.
 */
export function makeFolderOf(file: string): void {
  const folder = path.dirname(linkTarget(file))
  try {
    fs.mkdirSync(folder, { recursive: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    const blocker = code === 'EEXIST' || code === 'ENOTDIR' ? notAFolder(folder) : undefined
    const why = blocker
      ? `${blocker} is a file, not a folder`
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? `this user may not create it in ${path.dirname(folder)}`
        : (error as Error).message
    throw withCode(`its folder ${folder} could not be created: ${why} (${code || 'error'})`, code || 'error')
  }
}

/** The nearest existing path on the way to `folder` that is not a folder, if any. */
function notAFolder(folder: string): string | undefined {
  for (let current = folder; ; current = path.dirname(current)) {
    try {
      return fs.statSync(current).isDirectory() ? undefined : current
    } catch {}
    if (path.dirname(current) === current) return undefined
  }
}

/**
 * Where a path ends up once every symlink on it is followed, also when the last target does not
 * exist yet (a dangling link: writing through it creates that target). The path itself when it is
 * no link, or after 40 hops (a loop, which the write then reports).
 */
export function linkTarget(file: string): string {
  let current = path.resolve(file)
  for (let hop = 0; hop < 40; hop++) {
    let target: string
    try {
      target = fs.readlinkSync(current)
    } catch {
      return current
    }
    current = path.resolve(path.dirname(current), target)
  }
  return current
}

/**
 * Whether a report may be written before the end (the ids of the work started): only to what
 * ends up a plain file, a regular one, a missing one or a symlink to a regular file; never to a
 * device, a FIFO or the command's own output, whose reader would take the partial report for the report.
 */
export function holdsEarlyReport(file: string, io: WriteFs = NODE_FS): boolean {
  const kind = pathKind(file, io)
  if (kind !== 'other') return true
  if (stdioOf(file) !== undefined) return false
  try {
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

export function writeFileAtomic(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomSuffix()}.tmp`)
  try {
    try {
      fs.writeFileSync(temp, text)
    } catch (error) {
      // The temp file's name means nothing to the user: the folder is what refused.
      const code = (error as NodeJS.ErrnoException).code ?? ''
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
        throw withCode(`its folder ${path.resolve(path.dirname(file))} may not be written to by this user (${code})`, code)
      throw error
    }
    renameRetrying(temp, file)
  } catch (error) {
    fs.rmSync(temp, { force: true })
    throw error
  }
}

/**
 * A stream's reader that takes nothing of a report for this long is given up on: the report is
 * an error the outcome says, where the command's own output can only be waited on (output.ts).
 */
export const STREAM_STALL_MS = 5000

/** However steadily the streams' readers take the reports, the most they may keep the command (within the step's bound). */
export const STREAM_LIMIT_MS = 30_000

/**
 * After a cancel, how long before the process is made to exit the streams' readers must have
 * their reports: the grace (1.5 s) leaves them 0.5 s, and the rest to the JSON object, the result
 * line and the exit, so that the outcome's exit code is the one the process ends with.
 */
export const STREAM_EXIT_MARGIN_MS = 1000

/**
 * How long the readers of streams (a FIFO, a device) may keep the reports waiting. The waiting is
 * on a timer, so a signal is heard meanwhile: a reader that takes the report as it comes gets it
 * whole however slowly the machine runs it, and one that takes nothing for `stallMs` is given up
 * on, as is every reader once `over` is aborted (the step's bound, or soon after a cancel).
 */
export interface StreamWait {
  over: AbortSignal
  /** Why `over` was aborted, in the words of the error. */
  overWhy(): string
  stallMs: number
  /** The clock and the pause between tries: the test's own in tests. */
  now(): number
  pause(ms: number): Promise<void>
}

export function streamWait(over: AbortSignal, overWhy: () => string): StreamWait {
  return {
    over,
    overWhy,
    stallMs: STREAM_STALL_MS,
    now: Date.now,
    pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  }
}

/** Writes through a path that is no stream (a symlink to a regular file, or to none yet); a stream is written with `openStream`. */
function writeInPlace(file: string, text: string): void {
  if (isStream(file)) throw withCode(`it is a stream (a FIFO or a device), which is written only as one`, 'EINVAL')
  makeFolderOf(file)
  fs.writeFileSync(file, text)
}

/** A stream report opened and tried before anything is written to it. */
export interface OpenedStream {
  write(text: string): Promise<void>
  close(): void
}

/**
 * Opens a report path that is a stream (`isStream`) and tries it with a write of no bytes, so
 * that what cannot take the report is known before any report is written: a FIFO nobody reads
 * (ENXIO, at once), a device that takes nothing (`/dev/full`: ENOSPC). A FIFO is opened without
 * blocking: with nothing reading it, opening fails at once instead of hanging the command. The
 * descriptor stays open until `close`: a FIFO's reader that saw it closed would be gone by the
 * real write.
 */
export function openStream(file: string, wait: StreamWait): OpenedStream {
  const stdio = stdioOf(file)
  if (stdio !== undefined) {
    // The command's own output: through Node's stream, after the log lines written before it and
    // never holding the process (a slow reader gets the rest before the exit, src/cli/index.ts).
    // A reader that went away (`| head`): what it did not read, it did not want.
    const stream = stdio === 1 ? process.stdout : process.stderr
    return {
      write: async (text) => {
        if (!stream.destroyed && !stream.errored) stream.write(text)
      },
      close: () => undefined
    }
  }
  let fifo = false
  try {
    fifo = fs.statSync(file).isFIFO()
  } catch {}
  let fd: number
  try {
    fd = fifo ? fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK) : fs.openSync(file, 'w')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') throw withCode('nothing is reading this FIFO (ENXIO); start its reader before the command', 'ENXIO')
    throw error
  }
  try {
    fs.writeSync(fd, Buffer.alloc(0))
  } catch (error) {
    fs.closeSync(fd)
    throw error
  }
  return {
    write: (text) => writeAll(fd, Buffer.from(text), wait),
    close: () => fs.closeSync(fd)
  }
}

/** How often a stream whose reader is behind is tried again. */
const STREAM_RETRY_MS = 10

/**
 * Every byte to a descriptor that may not block, trying again while its reader is behind: until
 * it took everything, took nothing for `wait.stallMs`, or `wait.over`.
 */
export async function writeAll(fd: number, bytes: Buffer, wait: StreamWait): Promise<void> {
  let offset = 0
  let movedAt = wait.now()
  const behind = (why: string) =>
    withCode(
      `its reader did not take it in time (EAGAIN): ${why}, with ${offset} of ${bytes.length} bytes taken. Its reader must read the report as it comes`,
      'EAGAIN'
    )
  while (offset < bytes.length) {
    try {
      const taken = fs.writeSync(fd, bytes, offset)
      offset += taken
      if (taken > 0) movedAt = wait.now()
      continue
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error
    }
    if (wait.over.aborted) throw behind(wait.overWhy())
    if (wait.now() - movedAt >= wait.stallMs) throw behind(`it took nothing for ${wait.stallMs / 1000} s`)
    await wait.pause(STREAM_RETRY_MS)
  }
}

/**
 * 1 or 2 when the path is the command's own stdout or stderr (`/dev/stdout`, `/dev/fd/2`,
 * `/proc/self/fd/1`, or a link to one): written through the command's own stream, since a socket
 * (how Node's child processes and some CI runners connect a job's output) cannot be opened by
 * path, and so that it comes after the log lines written before it.
 */
export function stdioOf(file: string): 1 | 2 | undefined {
  let current = path.resolve(file)
  for (let hop = 0; hop < 16; hop++) {
    const match = /^\/(?:dev\/(?:(stdout|stderr)|fd\/([12]))|proc\/(self|\d+)\/fd\/([12]))$/.exec(current)
    if (match) {
      const [, name, devFd, proc, procFd] = match
      if (proc !== undefined && proc !== 'self' && proc !== String(process.pid)) return undefined
      return name === 'stdout' || devFd === '1' || procFd === '1' ? 1 : 2
    }
    let target: string
    try {
      target = fs.readlinkSync(current)
    } catch {
      return undefined
    }
    current = path.resolve(path.dirname(current), target)
  }
  return undefined
}

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code })
}

/**
 * What a path names, the same for every spelling of one file: its inode when it exists (so a
 * symlink, a hard link, `./x`, an absolute path and `/dev/stdout` when the command's output was
 * sent to that file agree), else where its symlinks lead (a link whose target does not exist yet
 * names that target): that folder's real path and the name.
 */
export function fileIdentity(file: string): string {
  const stdio = stdioOf(file)
  try {
    const stats = stdio === undefined ? fs.statSync(file) : fs.fstatSync(stdio)
    return `inode ${stats.dev}:${stats.ino}`
  } catch {}
  const absolute = linkTarget(file)
  try {
    return path.join(fs.realpathSync(path.dirname(absolute)), path.basename(absolute))
  } catch {
    return absolute
  }
}

/**
 * Whether a report path is a regular file that a report written in place (`/dev/stdout` when
 * the command's output goes to a file) would share with another report.
 */
export function isRegularFile(file: string): boolean {
  const stdio = stdioOf(file)
  try {
    return (stdio === undefined ? fs.statSync(file) : fs.fstatSync(stdio)).isFile()
  } catch {
    return false
  }
}

/** A path written as a stream, one write after another, never replaced: a device, a FIFO, a socket, or the command's own stdout or stderr. */
export function isStream(file: string): boolean {
  if (stdioOf(file) !== undefined) return true
  try {
    const stats = fs.statSync(file)
    return stats.isCharacterDevice() || stats.isBlockDevice() || stats.isFIFO() || stats.isSocket()
  } catch {
    return false
  }
}

/** Eight hex digits for a temp file's name; node:crypto is loaded by the first report written, not by every run. */
function randomSuffix(): string {
  return process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex')
}
