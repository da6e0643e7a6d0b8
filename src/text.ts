// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g
/** The bidi controls that reorder what a reader sees (embeddings, overrides, isolates: "Trojan Source"). */
const BIDI = '\u202a-\u202e\u2066-\u2069'
const CONTROL = new RegExp(`[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029${BIDI}]`, 'g')
/** What JSON leaves raw that a reader or a log must not see raw: the line separators and the bidi controls. */
const JSON_RAW = new RegExp(`[\u2028\u2029${BIDI}]`, 'g')

/** Removes ANSI escapes and control characters (keeps tabs and newlines), bidi controls among them. */
export function stripControl(text: string): string {
  return text.replace(ANSI, '').replace(CONTROL, '')
}

const ZWSP = '\u200b'

/**
 * Text in which no CI reads a command, for every line a CI may print: Azure Pipelines runs
 * `##vso[…]` anywhere in a line (and formats `##[section]`…), TeamCity `##teamcity[…]`, GitHub
 * `##[…]` anywhere and `::name::` at the start of a line once trimmed; GitLab opens a section on
 * `section_start:` (its escapes are removed by `stripControl`, the words are broken here too).
 * Each is broken by a zero-width space, so the text reads the same.
 */
export function inertCommands(text: string): string {
  return text
    .replace(/##(?=[a-z]*\[)/gi, `#${ZWSP}#`)
    .replace(/^(\s*):(?=:)/gm, `$1:${ZWSP}`)
    .replace(/section_(start|end):/gi, `section_${ZWSP}$1:`)
}

/**
 * A value as JSON text in which no CI reads a command (for `--json` on stdout, or a report a job
 * prints): `#` before `#` written `\u0023`, and the line breaks and bidi controls JSON leaves raw escaped. Parsed,
 * it is the same value.
 */
export function inertJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(/#(?=#)/g, '\\u0023')
    .replace(JSON_RAW, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16)}`)
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

/** Characters that show as nothing: a secret split by them reads as the secret. */
const INVISIBLE_CLASS = '[\\u00ad\\u034f\\u180e\\u200b-\\u200f\\u2060-\\u2064\\ufeff]'
const INVISIBLE = `${INVISIBLE_CLASS}*`
/** What only the full pattern reads: a percent-encoded character, or one that shows as nothing. */
const SPELLED_APART = new RegExp(`%|${INVISIBLE_CLASS}`)

/** One character of a secret as a pattern: itself, or percent-encoded (each byte); any letter case, by the redactor's flag. */
function charPattern(char: string): string {
  const escaped = char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
  const encoded = [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')
  return `(?:${escaped}|${encoded})`
}

/** A run of characters a word, a URL's part or an escaped text is made of: read as one, in one linear pass. */
const RUN = /[\w.~+/=;&#%\\-]+/g
/** An HTML numeric reference (`&#115;`, `&#x73;`, the `;` left out as browsers allow) or a JSON or JavaScript escape (`\u0073`, `\x73`). */
const ESCAPE = /&#x([0-9a-f]{1,6});?|&#(\d{1,7});?|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/gi
/** Text that may hold an escaped character, or an ASCII text as the hex of its UTF-16 code units: only such text is decoded. */
const MAY_BE_ESCAPED = /&#|\\[ux]|(?:[0-9a-f]{2}00){4}|(?:00[0-9a-f]{2}){4}/i

/** A run's escapes decoded (a code point out of range is left as it is). */
function unescapeRun(run: string): string {
  return run.replace(ESCAPE, (whole, hex?: string, decimal?: string, unit?: string, byte?: string) => {
    const code = Number.parseInt(hex ?? unit ?? byte ?? decimal ?? '', (hex ?? unit ?? byte) ? 16 : 10)
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/** What a run may spell once decoded: its escapes read, and its hex read as UTF-16 code units (either byte order, either alignment). */
function decodedRun(run: string): string[] {
  const decoded: string[] = []
  if (/&#|\\[ux]/i.test(run)) decoded.push(unescapeRun(run))
  for (const hex of run.match(/[0-9a-f]{16,}/gi) ?? [])
    for (const from of [0, 2]) {
      const units = Buffer.from(hex.slice(from, from + Math.floor((hex.length - from) / 4) * 4), 'hex')
      decoded.push(units.toString('utf16le'), Buffer.from(units).swap16().toString('utf16le'))
    }
  return decoded
}

/**
 * A function that replaces every occurrence of each secret with `***`, in any letter case (URL
 * hosts and some headers come back lowercased), with any of its characters percent-encoded
 * (`%73k_…`, `sk%5F…`) and with characters that show as nothing between its characters (a
 * zero-width space). A run of text that spells a secret once its HTML numeric references or
 * escapes are read (`&#115;&#107;…`, `\u0073\u006b…`), or as the hex of UTF-16 code units, is
 * cut whole. Build it once per set of secrets: one pattern, longest secret first.
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const used = [...new Set(secrets.filter((secret) => secret.length > 0))].sort((a, b) => b.length - a.length)
  if (used.length === 0) return (text) => text
  // Built on the first text that may hold a secret: most texts hold none, and the pattern of a
  // long list is large to build and to compile.
  let pattern: RegExp | undefined
  const plain = () => {
    pattern ??= new RegExp(used.map((secret) => Array.from(secret, charPattern).join(INVISIBLE)).join('|'), 'gi')
    pattern.lastIndex = 0
    return pattern
  }
  // A text with no percent sign and no character that shows as nothing can spell an ASCII secret
  // only as itself, in some letter case: for ASCII secrets, a text whose lower case holds none of
  // theirs holds none (the pattern's /i matches an ASCII letter only by its two cases).
  const ascii = used.every((secret) => /^\p{ASCII}*$/u.test(secret))
  const lowered = used.map((secret) => secret.toLowerCase())
  const mayHold = (text: string) => {
    if (!ascii || SPELLED_APART.test(text)) return true
    const lower = text.toLowerCase()
    return lowered.some((secret) => lower.includes(secret))
  }
  const holdsSecret = (text: string) => mayHold(text) && plain().test(text)
  return (text) => {
    const cut = mayHold(text) ? text.replace(plain(), '***') : text
    if (!MAY_BE_ESCAPED.test(cut)) return cut
    return cut.replace(RUN, (run) => (decodedRun(run).some(holdsSecret) ? '***' : run))
  }
}

/** Encoded forms shorter than this are not cut: they would cut ordinary words. */
const MIN_ENCODED = 8

/**
 * How a server may echo a secret encoded: base64 and base64url (as the secret alone, or inside
 * a longer encoded text such as `Bearer <key>` or `user:<key>`, at each of the three offsets a
 * byte can take, the characters that depend on the secret alone) and hex. (The hex of its UTF-16
 * code units is the redactor's own: `createRedactor`.)
 */
export function encodedForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const forms = [bytes.toString('hex')]
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)])
    // Character j of base64 holds bits 6j to 6j+6: those within the secret's bytes depend on it alone.
    const from = Math.ceil((8 * offset) / 6)
    const to = Math.floor((8 * (offset + bytes.length)) / 6)
    const base64 = padded.toString('base64').slice(from, to)
    forms.push(base64, base64.replace(/\+/g, '-').replace(/\//g, '_'))
    // The secret alone, padded as an encoder writes it.
    if (offset === 0) forms.push(bytes.toString('base64'), bytes.toString('base64url'))
  }
  return [...new Set(forms)].filter((form) => form.length >= MIN_ENCODED && form !== secret)
}

/** The redactor of a list of secrets, built once per list (keep the list to keep the redactor). */
const redactors = new WeakMap<readonly string[], (text: string) => string>()
function redactorOf(secrets: readonly string[]): (text: string) => string {
  let redactor = redactors.get(secrets)
  if (!redactor) {
    redactor = createRedactor(secrets)
    redactors.set(secrets, redactor)
  }
  return redactor
}

/** Replaces every occurrence of each secret with `***`, in any letter case. */
export function redact(text: string, secrets: readonly string[]): string {
  return redactorOf(secrets)(text)
}

/**
 * Parsed JSON with `***` in place of every secret, in string values and in keys. Recursive:
 * give it JSON whose depth was checked first.
 */
export function redactJson(value: unknown, secrets: readonly string[]): unknown {
  if (!secrets.some((secret) => secret.length > 0)) return value
  return cleanStrings(value, redactorOf(secrets))
}

/** Parsed JSON with every string, values and keys, passed through `clean`. Recursive: give it JSON whose depth was checked first. */
export function cleanStrings(value: unknown, clean: (text: string) => string): unknown {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return clean(node)
    if (Array.isArray(node)) return node.map(walk)
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, child]) => [clean(key), walk(child)]))
    return node
  }
  return walk(value)
}

/** `1 poll`, `2 polls`, `1 query`, `3 queries`: a count with its noun. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`
}

/**
 * A value that is one well-formed http(s) address with a host and nothing else, trimmed;
 * undefined otherwise. A line break, a space or a control character anywhere is no
 * address: the parser would drop them silently, and the text after a line break (`::error::…`, an
 * @-mention) would pass for part of it.
 */
export function wellFormedUrl(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (text === '' || /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u2060\ufeff]/.test(text) || !URL.canParse(text)) return undefined
  const url = new URL(text)
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? text : undefined
}

/** A base URL as the user gave it: origin and path, without a trailing slash. */
export function baseAddress(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** Text ended as a sentence: one full stop, never a second after a value that ends with one (`main.`). */
export function sentence(text: string): string {
  return `${text.replace(/[\s.]+$/, '')}.`
}

/** Schemes whose address a URL parser reads with any number of `/` or `\` after the colon, none included. */
const SPECIAL_SCHEME = /^(?:https?|wss?|ftp|file)$/i

/**
 * An address without the user and password it may carry (`https://user:pass@host/` →
 * `https://host/`), cut from the text as given, whether or not it parses as a URL, in every
 * spelling a URL parser reads as one: `https:\\u:pw@h`, `https:/u:pw@h` and `https:u:pw@h` are all
 * `https://u:pw@h` to it, and so is one with a tab or a line break inside (which it drops).
 */
export function withoutUserinfo(url: string): string {
  const cut = (text: string) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a URL parser skips leading C0 controls and spaces
    const match = /^([\u0000-\u0020]*([a-z][a-z0-9+.-]*):)([/\\]*)([^/?#\\]*)/i.exec(text)
    if (!match) return text
    const [whole, scheme = '', name = '', slashes = '', authority = ''] = match
    if (!SPECIAL_SCHEME.test(name) && slashes !== '//') return text
    const at = authority.lastIndexOf('@')
    if (at < 0) return text
    return `${scheme}${slashes}${authority.slice(at + 1)}${text.slice(whole.length)}`
  }
  const flat = url.replace(/[\t\n\r]/g, '')
  const cutFlat = cut(flat)
  return cutFlat === flat ? url : cutFlat
}

/**
 * Parsed JSON with every string that is an address cut of its user and password
 * (`withoutUserinfo`), for a record kept as received. Recursive: give it JSON whose depth was
 * checked first.
 */
export function withoutUserinfoIn(value: unknown): unknown {
  if (typeof value === 'string') return withoutUserinfo(value)
  if (Array.isArray(value)) return value.map(withoutUserinfoIn)
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, withoutUserinfoIn(child)]))
  return value
}

/**
 * The HTTP status a proxy answered the tunnel with (`Proxy response (407) !== 200 when HTTP
 * Tunneling`), found in the error or any of its causes (a fetch says only "Request was
 * cancelled" on top); undefined when no proxy refused. Such a request never reached its API.
 */
export function proxyRefusalStatus(error: unknown): number | undefined {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    const status = /Proxy response \((\d{3})\)/.exec(cause.message)?.[1]
    if (status) return Number(status)
  }
  return undefined
}
