// Whether the process that started this one is still there. A package runner (`npx`) killed by
// the CI system's cancel dies at once and passes nothing on: its child, orphaned, would poll on
// with nobody to read it. Watching the parent turns that into a cancel like SIGTERM's.

/** How often the parent is looked at: a cancel by the parent's end lands within this (and the grace period). */
export const PARENT_CHECK_MS = 500

export interface ParentWatchOptions {
  intervalMs?: number
  /** The parent's process id now (`process.ppid`). */
  ppid?: () => number
  /** Whether a process of this id exists. */
  alive?: (pid: number) => boolean
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

/**
 * Calls `onGone` once with the first parent's id when that parent is gone: the parent id changed
 * (the orphan was handed to init or a subreaper, as on Linux and macOS) or no process of that id
 * exists any more (Windows keeps the old id). Nothing is watched when the parent is init (pid 0
 * or 1): a process started by init has no parent to lose. Checked every `intervalMs` by a timer
 * that keeps nothing alive. Returns the function that stops watching.
 */
export function watchParent(onGone: (parent: number) => void, options: ParentWatchOptions = {}): () => void {
  const ppid = options.ppid ?? (() => process.ppid)
  const alive = options.alive ?? processAlive
  const parent = ppid()
  if (parent <= 1) return () => {}
  const timer = setInterval(() => {
    if (ppid() === parent && alive(parent)) return
    clearInterval(timer)
    onGone(parent)
  }, options.intervalMs ?? PARENT_CHECK_MS)
  timer.unref()
  return () => clearInterval(timer)
}
