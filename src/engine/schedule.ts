/** How fast delays grow from one poll to the next, before jitter. Tuned by `npm run bench`. */
export const GROWTH = 1.05
/** Largest relative change jitter makes to a delay (0.2 = ±20 %). Tuned by `npm run bench`. */
export const JITTER = 0.25

export interface ScheduleOptions {
  minMs: number
  maxMs: number
  /** A source of numbers in [0, 1); injected so tests and the benchmark are deterministic. */
  random: () => number
  growth?: number
  jitter?: number
}

/**
 * The delays between polls of one target: capped exponential backoff with jitter. Every
 * delay lies within [minMs, maxMs].
 */
export function createSchedule(options: ScheduleOptions): { next(): number } {
  const { minMs, maxMs, random, growth = GROWTH, jitter = JITTER } = options
  let base = minMs
  return {
    next() {
      const jittered = base * (1 + jitter * (2 * random() - 1))
      base = Math.min(maxMs, base * growth)
      return Math.min(maxMs, Math.max(minMs, jittered))
    }
  }
}
