// A page as readers get it from the site (`site-url`): its address, what each answer means, and
// its text without the markup. The discovery API gives a page's text; a site gives its HTML.
import type { ApiResult, ResponseFacts } from '../api/classify.js'
import { parseRetryAfter } from '../api/retry-after.js'

/** What a site page is asked for as: HTML first, then text. */
export const PAGE_ACCEPT = 'text/html, text/plain;q=0.9, */*;q=0.1'

/** A page of the site as read: its text (markup removed) and its length as served. */
export interface SitePage {
  text: string
  servedLength: number
}

/**
 * The page path below site-url, encoded as a URL path needs and nothing more: a `?`, `#`, space
 * or non-ASCII letter is escaped, a `%` too unless it already starts an escape, and the rest is
 * sent as given. Slashes at its start are dropped, so that there is exactly one after site-url.
 */
export function sitePagePath(path: string): string {
  const bare = path.trim().replace(/^\/+/, '')
  const encoded = bare.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]+/g, (chars) => encodeURIComponent(chars))
  return `/${encoded}`
}

/**
 * What a site's answer means for the page check: 200 is the page; 404 and 410 are "not yet";
 * 401 and 403 refuse the reader (a protected preview), which no retry mends; 408, 429 and 5xx
 * pass; anything else is not a page. `headerGiven` says whether page-header was sent, for the advice.
 */
export function classifySiteAnswer(facts: ResponseFacts, headerGiven: boolean): ApiResult {
  const { status } = facts
  if (status === 200) {
    const type = (facts.contentType ?? '').toLowerCase()
    const text = /^text\/plain\b/.test(type) ? facts.bodyText : htmlText(facts.bodyText)
    return { kind: 'ok', body: { text, servedLength: facts.bodyText.length } satisfies SitePage }
  }
  if (status === 404 || status === 410) return { kind: 'not-found', reason: `HTTP ${status}: not found` }
  if (status === 401 || status === 403) {
    const next = headerGiven
      ? 'check the header in page-header: the site did not accept it (its value is not shown)'
      : 'if the pages are protected (a preview behind a login or a bypass token), give the header that lets a reader in as page-header'
    return { kind: 'fatal', misconfigured: true, reason: `HTTP ${status}: the site refused the page; ${next}` }
  }
  if (status === 408 || status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(facts.retryAfter, facts.now)
    const reason = `HTTP ${status} from the site`
    return retryAfterMs === undefined ? { kind: 'transient', reason } : { kind: 'transient', reason, retryAfterMs }
  }
  return { kind: 'fatal', reason: `unexpected HTTP ${status} from the site` }
}

/** Elements whose content is not text a reader sees. */
const HIDDEN_ELEMENTS = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi

/**
 * The text of an HTML page as compared with page-contains: comments and the content of
 * `<script>`, `<style>` and `<template>` dropped, every tag a space (so `a<br>b` is two words),
 * and the entities a page's text commonly holds decoded, once (`&amp;lt;` is `&lt;`).
 */
export function htmlText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
      .replace(HIDDEN_ELEMENTS, ' ')
      .replace(/<\/?[A-Za-z!?][^>]*>/g, ' ')
  )
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Decodes the named entities above and every numeric one (`&#39;`, `&#x2014;`); anything else stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z]+));/g, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? entity
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16)
    // A code point that is not a character (a surrogate, beyond Unicode) is left as written.
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return entity
    return String.fromCodePoint(code)
  })
}
