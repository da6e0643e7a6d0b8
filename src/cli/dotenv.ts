// GitLab's artifacts:reports:dotenv: the single-line outputs as DOCS_<OUTPUT>=value, within
// GitLab's rules (keys of A-Z, 0-9 and _; one line per key, no blank line, no comment; at most
// 20 keys and 5 KB). A value GitLab would take differently than it is (a line break of any
// kind Unicode knows, a quote, space at either end), one that holds a CI's command (a job may
// print the file) or a preview URL that is not https:// is left out, and the log says which and why.
import type { OutputName, Outputs } from '../report/outputs.js'

/** GitLab's defaults for a dotenv report. */
export const DOTENV_MAX_KEYS = 20
export const DOTENV_MAX_BYTES = 5 * 1024

/** Every output but the lists, the most useful first: what a later job needs to decide and to link. */
export const DOTENV_OUTPUTS: readonly OutputName[] = [
  'result',
  'status-id',
  'job-id',
  'preview-url',
  'automation-run-id',
  'automation-job-id',
  'pr-link',
  'pr-number',
  'commit-sha',
  'status',
  'files-changed-count',
  'commit-ref',
  'elapsed',
  'polls',
  'search-result-count',
  'subdomain',
  'source-repository',
  'source-ref',
  'model',
  'update-summary',
  'commit-message',
  'screenshot',
  'screenshot-light',
  'screenshot-dark',
  'deployment-id',
  // What platform-check's report links (on GitLab CI: the status's target_url).
  'platform-check-url'
]

/** The dotenv key of an output: `DOCS_` + its name in capitals, `-` as `_`. */
export function dotenvKey(prefix: string, name: OutputName): string {
  return `${prefix}${name.toUpperCase().replace(/-/g, '_')}`
}

export interface Dotenv {
  text: string
  /** Each value left out, and why, for the log. */
  leftOut: string[]
}

/**
 * Outputs a later job takes as a link (`environment: url: $DOCS_PREVIEW_URL`): written only as
 * an https:// address, so no other scheme (`javascript:`, `http:`) becomes the environment's link.
 */
const HTTPS_ONLY: ReadonlySet<OutputName> = new Set(['preview-url', 'platform-check-url'])

function isHttpsAddress(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Every Unicode line break: a reader that splits on more than `\n` (U+0085, U+2028, U+2029 in
 * many languages' "lines") must not see a second key in one value.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+001C–U+001E are line breaks to Python's splitlines
const LINE_BREAK = /[\n\v\f\r\u001c-\u001e\u0085\u2028\u2029]/

/** Why GitLab (or a later job) would not take this value as it is, or undefined. */
function unfit(name: OutputName, value: string): string | undefined {
  if (LINE_BREAK.test(value)) return 'it holds a line break (GitLab takes one line per key)'
  if (/["'`]/.test(value)) return 'it holds a quote (GitLab keeps quotes as part of the value)'
  if (value !== value.trim()) return 'it starts or ends with a space (GitLab drops it)'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character would garble the file
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return 'it holds a control character'
  if (/##[a-z]*\[/i.test(value) || /section_(?:start|end):/i.test(value))
    return 'it holds what a CI runs as a command where the file is printed (##vso[, ##teamcity[, ##[ or a GitLab section marker)'
  if (HTTPS_ONLY.has(name) && !isHttpsAddress(value)) return 'it is not an https:// address (a later job takes it as a link: the environment url)'
  return undefined
}

/** Empty outputs are not written: a later job reads an unset variable as empty. */
export function renderDotenv(outputs: Outputs, prefix: string): Dotenv {
  const lines: string[] = []
  const leftOut: string[] = []
  let bytes = 0
  for (const name of DOTENV_OUTPUTS) {
    const value = outputs[name]
    if (value === '') continue
    const key = dotenvKey(prefix, name)
    const why = unfit(name, value)
    if (why) {
      leftOut.push(`${key}: ${why}; the JSON report (--json, --output-file) has it`)
      continue
    }
    const line = `${key}=${value}\n`
    const size = Buffer.byteLength(line)
    if (lines.length >= DOTENV_MAX_KEYS) leftOut.push(`${key}: GitLab takes at most ${DOTENV_MAX_KEYS} keys; the JSON report has it`)
    else if (bytes + size > DOTENV_MAX_BYTES) leftOut.push(`${key}: it would take the file past GitLab's ${DOTENV_MAX_BYTES / 1024} KB; the JSON report has it`)
    else {
      lines.push(line)
      bytes += size
    }
  }
  return { text: lines.join(''), leftOut }
}
