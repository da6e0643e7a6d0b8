// The page check: the pages that must be published once every wait has succeeded, the text they
// must hold, and where they are read: the discovery API, or the site readers are served (site-url).
import * as z from 'zod/mini'
import type { PageSettings, PageSite } from '../model.js'
import { siteBase, siteUrlProblems } from '../site-address.js'
import { addProblem, fromText, quote, splitList } from './values.js'

export const pageDefaults = {
  'page-path': '',
  'page-contains': '',
  'site-url': '',
  'page-header': ''
} as const

/** Longest page path accepted; a page path is a short relative path as search results give it. */
export const MAX_PAGE_PATH_LENGTH = 1000
/** Longest text a page must hold; a sentence or two, not a page. */
export const MAX_PAGE_TEXT_LENGTH = 1000

/** `site-url: preview`: the pages are read at the address of the preview `trigger: preview` started. */
export const SITE_FROM_PREVIEW = 'preview'

export const pageSchema = z.object({
  'page-path': fromText((text, ctx) => {
    const paths = [...new Set(splitList(text))]
    for (const path of paths) {
      const problem = pagePathProblem(path)
      if (problem) addProblem(ctx, `${quote(path)} ${problem}`)
    }
    return paths
  }),
  'page-contains': z.string().check(z.maxLength(MAX_PAGE_TEXT_LENGTH, { message: `is longer than ${MAX_PAGE_TEXT_LENGTH} characters` })),
  'site-url': fromText((text, ctx): URL | 'preview' | undefined => {
    if (text === '') return undefined
    // The preview's address is known once the platform answered the trigger that started it.
    if (text.toLowerCase() === SITE_FROM_PREVIEW) return SITE_FROM_PREVIEW
    const problems = siteUrlProblems(text)
    for (const message of problems) addProblem(ctx, message)
    if (problems.length > 0) return z.NEVER
    return siteBase(text)
  }),
  'page-header': fromText((text, ctx) => {
    if (text === '') return undefined
    const header = parsePageHeader(text)
    if (typeof header === 'string') {
      addProblem(ctx, header)
      return z.NEVER
    }
    return header
  })
})

/** Shortest page-header value: it is masked wherever it appears, so a short one would garble the log. */
const MIN_HEADER_VALUE_LENGTH = 8

/** Headers the step sets itself, or that only the connection may set: never taken from page-header. */
const RESERVED_HEADERS = new Set([
  'accept-encoding',
  'connection',
  'content-length',
  'content-type',
  'expect',
  'host',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade'
])

/**
 * page-header as `Name: value`, or why it cannot be sent. Its words never hold the value (a
 * secret); the name is shown. The name is kept in lower case, as HTTP compares it.
 */
export function parsePageHeader(text: string): PageSite['header'] | string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a header must not contain control characters
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(text))
    return 'contains a line break or another control character; give one header on one line, as Name: value (is the secret pasted with a line break?)'
  const colon = text.indexOf(':')
  if (colon < 0) return 'must be one header as Name: value, e.g. x-docs-protection-bypass: <token>; the colon is missing'
  const name = text.slice(0, colon).trim()
  const value = text.slice(colon + 1).trim()
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    return 'has a header name that is not one (letters, digits and - only, e.g. x-docs-protection-bypass); give it as Name: value'
  const lower = name.toLowerCase()
  if (RESERVED_HEADERS.has(lower))
    return `names the header ${lower}, which the step or the connection sets itself; give the header the site needs to let a reader in`
  if (value === '') return `has no value after ${lower}:; give it as Name: value`
  if (value.length < MIN_HEADER_VALUE_LENGTH)
    return `has a value shorter than ${MIN_HEADER_VALUE_LENGTH} characters; it is masked wherever its characters appear in the log, and one this short would garble it. Check that the secret holds the whole value`
  return { name: lower, value }
}

/** Why a page path cannot be asked for, or undefined. It goes in a JSON body, never in a URL. */
export function pagePathProblem(path: string): string | undefined {
  if (path.length > MAX_PAGE_PATH_LENGTH) return `is ${path.length} characters long; at most ${MAX_PAGE_PATH_LENGTH} are allowed`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: page paths must not contain control characters
  if (/[\u0000-\u001f\u007f-\u009f]/.test(path)) return 'contains a control character; give the page path as search results give it'
  return undefined
}

/** The page check, or undefined when no page was given. */
export function pageSettings(f: z.output<typeof pageSchema> & { 'search-domain': string; 'assistant-key': string }): PageSettings | undefined {
  if (f['page-path'].length === 0) return undefined
  const contains = f['page-contains'].trim()
  const settings: PageSettings = {
    paths: f['page-path'],
    contains: contains === '' ? undefined : contains,
    domain: f['search-domain'],
    assistantKey: f['assistant-key']
  }
  const url = f['site-url']
  if (url) settings.site = { url, header: f['page-header'] }
  return settings
}
