import { encodedForms, stripControl, truncate, wellFormedUrl } from '../text.js'

const ZWSP = '\u200b'

/**
 * Untrusted text as inert Markdown for one line or one table cell: no HTML, no links, no
 * images, no @-mentions, no issue references; still readable.
 */
export function escapeText(text: string, max = 300): string {
  const flat = truncate(stripControl(text).replace(/\s+/g, ' ').trim(), max)
  return flat
    .replace(/[\\`*_[\]|~!]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/^[#+=-]/, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2')
    .replace(/@/g, `@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/\b(www)\./gi, `$1${ZWSP}.`)
}

/**
 * Every way a secret can be spelled in what this action writes: as given or as the server may
 * echo it encoded (base64, hex: `encodedForms`), each escaped for Markdown, HTML, a code span in
 * a table, and a JSON string. Longest first, so no form is left half-replaced. The redactor
 * (`createRedactor`) also cuts each form percent-encoded or split by characters that show as nothing.
 */
export function secretForms(secrets: readonly string[]): string[] {
  const forms = secrets
    .filter((secret) => secret !== '')
    .flatMap((secret) => [secret, ...encodedForms(secret)])
    .flatMap((secret) => [
      secret,
      escapeText(secret, Number.POSITIVE_INFINITY),
      escapeHtml(secret),
      secret.replace(/\|/g, '\\|'),
      JSON.stringify(secret).slice(1, -1)
    ])
  return [...new Set(forms)].sort((a, b) => b.length - a.length)
}

/** Untrusted text as a code span, safe inside a table cell. */
export function codeSpan(text: string, max = 200): string {
  const flat = truncate(stripControl(text).replace(/\s+/g, ' ').trim(), max)
  if (flat === '') return ''
  const longestRun = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(longestRun + 1)
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${flat.replace(/\|/g, '\\|')}${pad}${fence}`
}

/** Untrusted lines as a preformatted block: HTML-escaped, so nothing inside is markup or a mention. */
export function preBlock(lines: readonly string[], maxLine = 500): string {
  const body = lines.map((line) => escapeHtml(truncate(stripControl(line), maxLine)).replace(/@/g, `@${ZWSP}`)).join('\n')
  return `<pre>\n${body}\n</pre>`
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** A link only for a well-formed https URL; anything else is shown as inert text. */
export function safeUrl(url: string | null | undefined): string | undefined {
  const address = wellFormedUrl(url)
  if (!address) return undefined
  try {
    const parsed = new URL(address)
    if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return undefined
    return parsed.href.replace(/[()<>\s"'`|\\[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  } catch {
    return undefined
  }
}

export function link(label: string, url: string | null | undefined): string {
  const href = safeUrl(url)
  return href ? `[${escapeText(label)}](${href})` : escapeText(url ?? '')
}

export function image(alt: string, url: string | null | undefined, width = 400): string | undefined {
  const href = safeUrl(url)
  return href ? `<img src="${escapeHtml(href)}" alt="${escapeHtml(alt)}" width="${width}">` : undefined
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

/** Our own sentence as Markdown: escaped like server text, but `input-name` code spans stay code. */
export function escapeWithCode(text: string, max = 600): string {
  return escapeText(text, max).replace(/\\`([\w-]+)\\`/g, '`$1`')
}
