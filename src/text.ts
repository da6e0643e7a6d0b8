// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g

/** Removes ANSI escapes and control characters (keeps tabs and newlines). */
export function stripControl(text: string): string {
  return text.replace(ANSI, '').replace(CONTROL, '')
}

/** Shortens text to `max` characters, saying how much was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, max)}… (${text.length - max} more characters)`
}

/** Untrusted text as one clean line of at most `max` characters. */
export function oneLine(text: string, max = 500): string {
  return truncate(stripControl(text).replace(/\s+/g, ' ').trim(), max)
}

/**
 * Replaces every occurrence of each secret with `***`, in any letter case: URL hosts and some
 * headers come back lowercased.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets)
    if (secret.length > 0 && out.length >= secret.length) out = out.replace(new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '***')
  return out
}

/**
 * Parsed JSON with `***` in place of every secret, in string values and in keys. Recursive:
 * give it JSON whose depth was checked first.
 */
export function redactJson(value: unknown, secrets: readonly string[]): unknown {
  const used = secrets.filter((secret) => secret.length > 0)
  if (used.length === 0) return value
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return redact(node, used)
    if (Array.isArray(node)) return node.map(walk)
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, child]) => [redact(key, used), walk(child)]))
    return node
  }
  return walk(value)
}
