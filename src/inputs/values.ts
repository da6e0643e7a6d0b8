// The kinds of value an input can hold, each a zod schema that turns the text the runner gives
// into a typed value, or into one problem message that says what is allowed. The groups of
// inputs (platform.ts, targets.ts, waiting.ts, search.ts, comment.ts, trigger.ts) are built
// from these. Written with zod/mini, which loads less code than zod's chained API.
import * as z from 'zod/mini'
import { parseDuration } from '../durations.js'
import { identifierProblem } from '../engine/ids.js'

/** Splits a list input on newlines and commas, trims, drops blanks. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/** A value as a problem message shows it: quoted, and cut when long. */
export function quote(value: string): string {
  const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value
  return JSON.stringify(shown)
}

/** Longest duration any input may give; also keeps every timer well below the 2^31 ms limit of setTimeout. */
export const MAX_DURATION_MS = 168 * 3_600_000

type Context = z.core.ParsePayload<unknown>

/** Adds one problem message to a value being parsed. */
export function addProblem(ctx: Context, message: string): void {
  ctx.issues.push({ code: 'custom', message, input: ctx.value })
}

/** A schema of the text an input holds, turned into its value by `fn`, which adds a problem for what it refuses. */
export const fromText = <T>(fn: (text: string, ctx: Context) => T) => z.pipe(z.string(), z.transform(fn))

export const durationSchema = fromText((text, ctx) => {
  const ms = parseDuration(text)
  if (ms === undefined || ms <= 0) {
    addProblem(ctx, 'is not a positive duration; use e.g. 90, 90s, 500ms, 1.5s, 15m, 1h30m')
    return z.NEVER
  }
  if (ms > MAX_DURATION_MS) {
    addProblem(ctx, 'is longer than 168h (7 days), the longest duration allowed')
    return z.NEVER
  }
  return ms
})

export const booleanSchema = fromText((text, ctx) => {
  if (/^(true|True|TRUE)$/.test(text)) return true
  if (/^(false|False|FALSE)$/.test(text)) return false
  addProblem(ctx, 'is not a boolean; use true or false')
  return z.NEVER
})

/**
 * A folder of the repository, relative to its root: `.`, `docs`, `./site/docs/`. Given as the
 * empty string for the root, without `./` and trailing slashes; never absolute, never with `..`.
 */
export const repositoryFolderSchema = fromText((text, ctx) => {
  const folder = text
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/\/+$/, '')
  if (folder === '' || folder === '.') return ''
  const parts = folder.split('/')
  if (folder.startsWith('/') || /^[A-Za-z]:/.test(folder) || parts.some((part) => part === '..' || part === '.' || part === '')) {
    addProblem(ctx, 'must be a folder relative to the repository root, such as docs or site/docs, without .. or a leading /')
    return z.NEVER
  }
  return folder
})

/** A list of ids; each problem names the one item at fault. */
export const idListSchema = fromText((text, ctx) => {
  const ids = splitList(text)
  for (const id of ids) {
    const problem = identifierProblem(id)
    if (problem) addProblem(ctx, `${quote(id)} ${problem}`)
  }
  return [...new Set(ids)]
})

export const identifierSchema = fromText((text, ctx) => {
  const problem = text === '' ? undefined : identifierProblem(text)
  if (problem) {
    addProblem(ctx, problem)
    return z.NEVER
  }
  return text
})

/** Numbers within bounds; empty means unset. */
export const optionalNumber = (min: number, max: number, integer: boolean) =>
  fromText((text, ctx) => {
    if (text === '') return undefined
    const value = Number(text)
    if (!/^\d+(\.\d+)?$/.test(text) || (integer && !Number.isInteger(value)) || value < min || value > max) {
      addProblem(ctx, `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`)
      return z.NEVER
    }
    return value
  })

/** A secret: never shown, so its problem must say what to look for. */
export const keySchema = fromText((key, ctx) => {
  if (key === '' || /^[\x21-\x7e]{1,4096}$/.test(key)) return key
  // A key copied with its header's scheme has a space, but no line break is to blame.
  addProblem(
    ctx,
    /^bearer\s/i.test(key)
      ? 'starts with "Bearer ": give the key alone in the secret; the action sends it as "Authorization: Bearer <key>" itself'
      : 'must be printable ASCII without spaces (is the secret pasted with a line break?)'
  )
  return z.NEVER
})

/**
 * Platform keys are long. Every key is masked wherever it appears, in any letter case, so a key
 * of a few characters would turn every word that holds them into `***` and garble the log.
 */
const MIN_PLATFORM_KEY_LENGTH = 8
export const platformKeySchema = keySchema.check(
  z.refine((key) => key === '' || key.length >= MIN_PLATFORM_KEY_LENGTH, {
    message: `is shorter than ${MIN_PLATFORM_KEY_LENGTH} characters, far shorter than a platform API key; it would be masked wherever its characters appear in the log. Check that the secret holds the whole key`
  })
)
