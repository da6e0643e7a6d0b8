const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const

const PLAIN_SECONDS = /^\d+(?:\.\d+)?$/
const WITH_UNITS = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g

/**
 * Parses `90`, `90s`, `500ms`, `1.5s`, `15m`, `1h`, `1h30m` into milliseconds.
 * Plain numbers are seconds. Returns undefined for anything else.
 */
export function parseDuration(text: string): number | undefined {
  const value = text.trim().toLowerCase()
  if (PLAIN_SECONDS.test(value)) return Math.round(Number(value) * 1000)
  if (!WITH_UNITS.test(value)) return undefined
  let total = 0
  for (const [, amount, unit] of value.matchAll(PART)) {
    total += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS]
  }
  return Math.round(total)
}

/** Formats milliseconds for people: `850ms`, `12.3s`, `4m05s`, `1h02m`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`
  const seconds = ms / 1000
  if (seconds < 60) return `${seconds.toFixed(1)}s`
  const totalSeconds = Math.round(seconds)
  const h = Math.floor(totalSeconds / 3600)
  const m = Math.floor((totalSeconds % 3600) / 60)
  const s = totalSeconds % 60
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`
  return `${m}m${String(s).padStart(2, '0')}s`
}
