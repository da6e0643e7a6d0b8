import * as z from 'zod/mini'
import { formatDuration } from '../durations.js'
import { createLimiter } from './limit.js'
import { pollUntilSettled, requestBudget, scheduleOf, type ScheduledRequests } from './poll.js'
import { worstResult } from './outcome.js'
import { baseAddress, counted, oneLine } from '../text.js'
import type { Attempt, PageReport, PageSettings, PageSite, PageState, PagesRan, TriggerReport } from '../model.js'
import { siteBase, siteUrlProblems } from '../site-address.js'
import type { ApiClient } from '../api/client.js'
import type { ApiResult } from '../api/classify.js'
import { classifySiteAnswer, PAGE_ACCEPT, type SitePage, sitePagePath } from './site-pages.js'

/** The platform's request to read a page; a request is built from it so nothing else is sent. */
export const pageRequestSchema = z.strictObject({ path: z.string().check(z.minLength(1)) })

/** A page as the discovery API gives it: the path it is the page of, and its full text. */
const pageAnswerSchema = z.looseObject({ path: z.catch(z.optional(z.string()), undefined), content: z.string() })

/** A page path as compared: without the slashes at either end (`/quickstart/` is `quickstart`). */
function samePage(a: string, b: string): boolean {
  const bare = (path: string) => path.trim().replace(/^\/+|\/+$/g, '')
  return bare(a) === bare(b)
}

/**
 * Why a page answer is not the page asked for, or undefined when it is: its `path` must name
 * that page, so that a server that answers every request with one page (a catch-all, a
 * captive portal) never makes another page "live".
 */
export function pageAnswerProblem(asked: string, answered: string | undefined): string | undefined {
  if (answered !== undefined && samePage(asked, answered)) return undefined
  const which = answered === undefined || answered.trim() === '' ? 'names no page (no "path")' : `is the page "${oneLine(answered, 200)}"`
  return `the answer for page "${oneLine(asked, 200)}" ${which}, so it is not used. Check that base-url is the platform's API and that no proxy or catch-all server answers in its place`
}

/** Pages read at once. */
const MAX_PAGES_IN_FLIGHT = 4

/**
 * Text with its case folded, as Unicode's full case folding does for the cases that matter here:
 * compatibility forms first (NFKC: `ﬁ` is `fi`, `Ａ` is `A`), then every letter to its upper case
 * and back (`ß` → `SS` → `ss`, a final `ς` → `σ`), and the dot above that lower-casing `İ` leaves
 * is dropped (`İstanbul` is `istanbul`). `toLowerCase` alone keeps `ß` and `ss` apart.
 */
export function foldCase(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .replace(/i\u0307/g, 'i')
    .normalize('NFC')
}

/** Text as it is compared: case (folded) and runs of whitespace do not count. */
export function comparable(text: string): string {
  return foldCase(text).replace(/\s+/g, ' ').trim()
}

/** Whether `content` holds `wanted`, case and runs of whitespace ignored. */
export function holdsText(content: string, wanted: string): boolean {
  return comparable(content).includes(comparable(wanted))
}

export interface PageDeps extends ScheduledRequests {
  /** When the run started: the time a page was found live counts from here. */
  startedAt: number
  /** Each read that gave a page's state; a missing page with the HTTP status it was answered with (404, 410). */
  onRead?(path: string, state: PageState, reads: number, afterMs: number, missingStatus?: string): void
  /** The client of the site readers are served (`site-url`); given when the settings name one. */
  site?: ApiClient
}

/** One read of a page: its text, an answer that is not the page, or what the client made of the answer. */
type PageRead = { kind: 'page'; content: string; length: number } | { kind: 'not-the-page'; reason: string } | Exclude<ApiResult, { kind: 'ok' }>

type PageReader = (timeoutMs: number) => Promise<PageRead>

/** Reads the page through the platform's discovery API, with the assistant key. */
function discoveryReader(path: string, settings: PageSettings, deps: PageDeps): PageReader {
  const apiPath = `/discovery/v1/page/${encodeURIComponent(settings.domain)}`
  const json = pageRequestSchema.parse({ path })
  return async (timeoutMs) => {
    const answer = await deps.client.request({
      method: 'POST',
      path: apiPath,
      key: settings.assistantKey,
      keyInput: 'assistant-key',
      json,
      timeoutMs,
      signal: deps.signal
    })
    // The platform refused the path itself: a page-path to fix, not a fault that passes.
    if (answer.kind === 'fatal' && /^unexpected HTTP 400\b/.test(answer.reason))
      return { kind: 'fatal', reason: `${answer.reason} (check page-path)`, misconfigured: true }
    if (answer.kind !== 'ok') return answer
    const page = pageAnswerSchema.safeParse(answer.body)
    if (!page.success) return { kind: 'not-the-page', reason: 'the page answer is not the JSON expected (an object with a string "content")' }
    const another = pageAnswerProblem(path, page.data.path)
    if (another) return { kind: 'not-the-page', reason: another }
    return { kind: 'page', content: page.data.content, length: page.data.content.length }
  }
}

/**
 * Reads the page as a reader gets it: GET below site-url, with page-header and no key of the
 * platform (the site's client has none to send).
 */
function siteReader(path: string, site: PageSite, deps: PageDeps): PageReader {
  const headers = site.header ? { [site.header.name]: site.header.value } : undefined
  const pagePath = sitePagePath(path)
  return async (timeoutMs) => {
    if (!deps.site) return { kind: 'fatal', reason: 'the site cannot be read: no client was opened for site-url' }
    const answer = await deps.site.request({
      method: 'GET',
      path: pagePath,
      accept: PAGE_ACCEPT,
      ...(headers ? { headers } : {}),
      timeoutMs,
      signal: deps.signal,
      classify: (facts) => classifySiteAnswer(facts, headers !== undefined)
    })
    if (answer.kind !== 'ok') return answer
    const page = answer.body as SitePage
    return { kind: 'page', content: page.text, length: page.servedLength }
  }
}

/** The page check's settings once the site is known: its address, or the discovery API. */
export type ReadableSettings = PageSettings & { site?: PageSite | undefined }

/**
 * Where the pages are read: `site-url: preview` becomes the address of the preview the trigger
 * started, held to site-url's rules (the platform's answer is not trusted more than an input);
 * any other setting is kept. A preview with no usable address is a problem, for every page.
 */
export function previewSite(settings: PageSettings, trigger: TriggerReport | undefined): { site: PageSite | undefined } | { problem: string } {
  const site = settings.site
  if (site?.url !== 'preview') return { site }
  const address = trigger?.kind === 'preview' ? trigger.previewUrl : undefined
  const fix = "give site-url the preview's address itself, or remove site-url to read the pages through the discovery API"
  if (!address)
    return {
      problem: `site-url is preview, but the platform's answer that started the preview gave no address (previewUrl), so its pages cannot be read; ${fix}`
    }
  const problems = siteUrlProblems(address)
  if (problems.length > 0)
    return { problem: `site-url is preview, but the preview's address the platform answered cannot be read from: it ${problems.join('; it ')}; ${fix}` }
  return { site: { url: siteBase(address), header: site.header } }
}

/** The report of pages that cannot be read at all: each page's result is error, with the reason. */
export function unreadablePages(paths: readonly string[], reason: string): PagesRan {
  const pages: PageReport[] = paths.map((path) => ({
    path,
    result: 'error',
    found: false,
    contains: null,
    length: null,
    reads: 0,
    liveAfterMs: undefined,
    error: `page "${oneLine(path, 200)}" was not read: ${reason}`
  }))
  return { skipped: false, result: 'error', pages, error: pages.map((page) => page.error).join('\n') }
}

/**
 * Reads every page until it is found and holds the text, on the poll schedule, until the
 * deadline. A 404 or a page without the text is "not yet": the new version may still be
 * spreading. Never throws.
 */
export async function checkPages(settings: ReadableSettings, deps: PageDeps): Promise<PagesRan> {
  const limit = createLimiter(MAX_PAGES_IN_FLIGHT)
  const pages = await Promise.all(settings.paths.map((path) => limit(() => checkPage(path, settings, deps))))
  const result = worstResult(pages.map((page) => page.result))
  const failing = pages.filter((page) => page.error !== null)
  const ran: PagesRan = { skipped: false, result, pages, error: failing.length > 0 ? failing.map((page) => page.error).join('\n') : null }
  if (pages.some((page) => page.misconfigured)) ran.misconfigured = true
  if (settings.site) ran.site = baseAddress(settings.site.url)
  return ran
}

async function checkPage(path: string, settings: ReadableSettings, deps: PageDeps): Promise<PageReport> {
  const wanted = settings.contains
  const report: PageReport = {
    path,
    result: 'error',
    found: false,
    contains: wanted === undefined ? null : false,
    length: null,
    reads: 0,
    liveAfterMs: undefined,
    error: null
  }
  const read = settings.site ? siteReader(path, settings.site, deps) : discoveryReader(path, settings, deps)
  let state: PageState | undefined
  // The status a missing page was last answered with (a site may say 410 Gone).
  let missingStatus = '404'
  const seen = (next: PageState) => {
    state = next
    deps.onRead?.(path, next, report.reads, deps.clock.now() - deps.startedAt, next === 'missing' ? missingStatus : undefined)
  }

  const attempt = async (): Promise<Attempt<true>> => {
    const timeoutMs = requestBudget(deps.clock.now(), deps.deadline, deps.requestTimeoutMs)
    if (timeoutMs <= 0) return { kind: 'transient', reason: 'no time left before the deadline' }
    report.reads++
    const answer = await read(timeoutMs)
    if (deps.signal.aborted) return { kind: 'transient', reason: 'cancelled' }
    if (answer.kind === 'not-found') {
      // Not found, or no search index yet: the page may still be on its way.
      missingStatus = /^HTTP (\d{3})\b/.exec(answer.reason)?.[1] ?? '404'
      report.found = false
      report.length = null
      if (wanted !== undefined) report.contains = false
      seen('missing')
      return { kind: 'pending' }
    }
    // An answer that is not this page (another page's, a catch-all's) says nothing of the page,
    // and replaces what an earlier read said of it: at the deadline, it could not be told.
    if (answer.kind === 'not-the-page') {
      state = undefined
      report.found = false
      report.length = null
      if (wanted !== undefined) report.contains = false
      return { kind: 'transient', reason: answer.reason }
    }
    if (answer.kind !== 'page') return answer
    report.found = true
    report.length = answer.length
    if (wanted !== undefined) report.contains = holdsText(answer.content, wanted)
    if (report.contains === false) {
      seen('lacking')
      return { kind: 'pending' }
    }
    seen('live')
    return { kind: 'settled', value: true }
  }

  const end = await pollUntilSettled(attempt, {
    ...scheduleOf(deps)
  })
  const named = `page "${oneLine(path, 200)}"`
  const reads = counted(report.reads, 'read')
  switch (end.kind) {
    case 'settled':
      report.result = 'success'
      report.liveAfterMs = deps.clock.now() - deps.startedAt
      break
    case 'timeout': {
      const waited = `when the timeout ran out, after ${reads} over ${formatDuration(deps.clock.now() - deps.startedAt)}`
      if (state === 'missing') {
        report.result = 'failure'
        report.error = `${named} was not found (HTTP ${missingStatus}) ${waited}`
      } else if (state === 'lacking') {
        report.result = 'failure'
        report.error = `${named} was found, but does not contain "${oneLine(wanted ?? '', 100)}" (page-contains; case and runs of whitespace ignored) ${waited}`
      } else {
        // Never read: whether it is live could not be learnt, which no setting lets pass.
        report.result = 'error'
        report.error = `${named} could not be read before the timeout${end.lastProblem ? `; last problem: ${end.lastProblem}` : ''}`
      }
      break
    }
    case 'cancelled':
      report.result = 'cancelled'
      report.error = `${named}: the run was cancelled before it was found live`
      break
    case 'error':
      report.result = 'error'
      report.error = `${named}: ${end.reason}`
      if (end.misconfigured) report.misconfigured = true
      break
  }
  return report
}
