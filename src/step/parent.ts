// Whether the process that started this one is still there. A package runner (`npx`) killed by
// the CI system's cancel dies at once and passes nothing on: its child, orphaned, would poll on
// with nobody to read it. Watching the parent turns that into a cancel like SIGTERM's. `npx`
// starts the command through `sh -c`, and the shell outlives npx: so the watch goes up through
// the shells between, to the first process that is not one.
import { readFileSync } from 'node:fs'

/** How often the parent is looked at: a cancel by the parent's end lands within this (and the grace period). */
export const PARENT_CHECK_MS = 500

/** What the system says of a process: its command name and its parent's id. */
export interface ProcessInfo {
  name: string
  ppid: number
}

export interface ParentWatchOptions {
  intervalMs?: number
  /** The parent's process id now (`process.ppid`). */
  ppid?: () => number
  /** Whether a process of this id exists. */
  alive?: (pid: number) => boolean
  /** A process's name and parent (Linux: /proc); undefined where that cannot be read, which leaves only the parent watched. */
  info?: (pid: number) => ProcessInfo | undefined
}

/** Whether a process exists: signal 0 checks without sending; EPERM means it exists but is another user's. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A process's name and parent from /proc/PID/stat (Linux); undefined elsewhere or once it is gone. */
export function procInfo(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // "pid (name) state ppid …": the name may hold spaces and parentheses, so it ends at the last ')'.
    const end = stat.lastIndexOf(')')
    const ppid = Number(stat.slice(end + 2).split(' ')[1])
    if (end < 0 || !Number.isInteger(ppid)) return undefined
    return { name: stat.slice(stat.indexOf('(') + 1, end), ppid }
  } catch {
    return undefined
  }
}

/** The shells a package runner or a script starts a command through (`sh -c`), by their process name. */
const SHELLS = new Set(['sh', 'bash', 'dash', 'ash', 'zsh', 'ksh', 'ksh93', 'mksh', 'pdksh', 'yash', 'posh', 'busybox'])
/** Shells within shells are followed this deep, no deeper. */
const MAX_SHELLS = 8

/** A shell between this process and the one that started it, and that one's id. */
interface ShellLink {
  shell: number
  parent: number
}

/**
 * The shells from the parent up, each with its parent: the parent when it is a shell, its parent
 * when that is one too, and so on to the first process that is not a shell. Stops under init.
 */
function shellsAbove(parent: number, info: (pid: number) => ProcessInfo | undefined): ShellLink[] {
  const links: ShellLink[] = []
  for (let pid = parent; links.length < MAX_SHELLS; ) {
    const found = info(pid)
    if (!found || !SHELLS.has(found.name) || found.ppid <= 1) break
    links.push({ shell: pid, parent: found.ppid })
    pid = found.ppid
  }
  return links
}

/**
 * Calls `onGone` once with the first parent's id when that parent is gone: the parent id changed
 * (the orphan was handed to init or a subreaper, as on Linux and macOS) or no process of that id
 * exists any more (Windows keeps the old id). When the parent is a shell (`npx` runs the command
 * through `sh -c`), the process that started the shell is watched too, and so on up through
 * shells: a shell whose parent id changed was orphaned, and `onGone` gets the id of the parent it
 * lost. Where the system does not say a process's name and parent (no /proc), only the parent is
 * watched. Nothing is watched when the parent is init (pid 0 or 1): a process started by init has
 * no parent to lose. Checked every `intervalMs` by a timer that keeps nothing alive. Returns the
 * function that stops watching.
 */
export function watchParent(onGone: (parent: number) => void, options: ParentWatchOptions = {}): () => void {
  const ppid = options.ppid ?? (() => process.ppid)
  const alive = options.alive ?? processAlive
  const info = options.info ?? procInfo
  const parent = ppid()
  if (parent <= 1) return () => {}
  const shells = shellsAbove(parent, info)
  const lost = (): number | undefined => {
    if (ppid() !== parent || !alive(parent)) return parent
    // A shell that cannot be read any more is gone, and this process's parent id has changed: seen above next time.
    for (const { shell, parent: above } of shells) if ((info(shell)?.ppid ?? above) !== above) return above
    return undefined
  }
  const timer = setInterval(() => {
    const gone = lost()
    if (gone === undefined) return
    clearInterval(timer)
    onGone(gone)
  }, options.intervalMs ?? PARENT_CHECK_MS)
  timer.unref()
  return () => clearInterval(timer)
}
