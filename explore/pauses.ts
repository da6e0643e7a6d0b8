// The explorer's own pauses. Its stand-ins, its signals and its clock for every running step
// share one event loop: while it is held (a collection, a report of megabytes judged, answers of
// a megabyte each built for several steps at once), every running step's answers come late and
// its requests, output and exit are seen late. The timing judges allow the pause that fell
// within a run, so that the explorer's own load is not taken for the step's overrun (found by the
// long run: nine steps over their bounds within the same minute, none again when replayed).

/** How often the loop is looked at, and the least delay past that which counts as a pause. */
const TICK_MS = 20
const PAUSE_MIN_MS = 40
/** Pauses older than this are forgotten: no run lasts that long. */
const KEEP_MS = 10 * 60_000

interface Pause {
  from: number
  to: number
}

const pauses: Pause[] = []
let watching: NodeJS.Timeout | undefined
/** Since the watch began: the longest pause, and how many were longer than LONG_PAUSE_MS. */
const LONG_PAUSE_MS = 500
const seen = { longest: 0, long: 0 }

/** Starts looking at the loop (once; the timer holds no process open). */
export function watchPauses(): void {
  if (watching) return
  let last = performance.now()
  watching = setInterval(() => {
    const now = performance.now()
    const late = now - last - TICK_MS
    last = now
    if (late >= PAUSE_MIN_MS) notePause(late)
  }, TICK_MS)
  watching.unref()
}

/** A pause of `lateMs` that ended at `to` (Date.now() time). */
export function notePause(lateMs: number, to = Date.now()): void {
  pauses.push({ from: to - lateMs, to })
  seen.longest = Math.max(seen.longest, Math.round(lateMs))
  if (lateMs > LONG_PAUSE_MS) seen.long++
  while (pauses.length > 0 && (pauses[0] as Pause).to < to - KEEP_MS) pauses.shift()
}

/** How long the explorer's loop was held between `from` and `to` (Date.now() times), in ms. */
export function pausedWithin(from: number, to: number): number {
  let held = 0
  for (const pause of pauses) held += Math.max(0, Math.min(to, pause.to) - Math.max(from, pause.from))
  return Math.round(held)
}

/** The longest pause since the watch began, and how many were longer than half a second: for the long run's report. */
export function pausesSeen(): { longest: number; long: number } {
  return { ...seen }
}
