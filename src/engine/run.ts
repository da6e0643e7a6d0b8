import { baseAddress, counted } from '../text.js'
import type { ApiClient } from '../api/client.js'
import type {
  Clock,
  PagesReport,
  PlatformCheckPort,
  Result,
  RunEvents,
  RunOutcome,
  SearchReport,
  Settings,
  TargetRef,
  TargetReport,
  TriggerReport
} from '../model.js'
import { overallResult, worstResult } from './outcome.js'
import { queriesOf, skippedPages, skippedSearch } from './skipped.js'
import { describeRef, waitForTargets } from './wait.js'

export interface EngineDeps {
  client: ApiClient
  clock: Clock
  random: () => number
  /** Aborted when the run is cancelled. */
  signal: AbortSignal
  /** When the run started: `timeout` counts from here, across starting, waiting and searching. */
  startedAt: number
  events: RunEvents
  /** Opens the client of the site readers are served (`site-url`), which sends no key of the platform; called only when it is given. */
  openSite?: (url: URL) => ApiClient
  /** Reads what the platform's app reports on the run's commit (`platform-check`): the CI system's adapter gives it where it can. */
  platformCheck?: PlatformCheckPort | undefined
}

/**
 * One run of the engine: start the work (when `trigger` is set), wait on every target, then run
 * the search check; one deadline for all of it. Knows nothing of the CI system: what it has to
 * say goes to `events`, and what happened comes back as the outcome. Never throws for a fault of
 * the platform or the network.
 */
export async function runEngine(settings: Settings, deps: EngineDeps): Promise<RunOutcome> {
  const { client, clock, random, signal, startedAt, events } = deps
  const deadline = startedAt + settings.timeoutMs
  // What the POST that starts work and the search requests share: one schedule, one deadline.
  const requests = {
    client,
    clock,
    random,
    signal,
    deadline,
    minIntervalMs: settings.minIntervalMs,
    maxIntervalMs: settings.maxIntervalMs,
    requestTimeoutMs: settings.requestTimeoutMs
  }
  let targets = settings.targets
  let trigger: TriggerReport | undefined
  let followUp: { ref: TargetRef; sentAt: number } | undefined
  if (settings.trigger) {
    // Starting work, the page check and the search check are loaded only when asked for.
    const { startWork, triggerPath, workStarted } = await import('./trigger.js')
    events.starting(`${settings.baseUrl ? baseAddress(settings.baseUrl) : ''}${triggerPath(settings.trigger)}`)
    trigger = await startWork(settings.trigger, {
      ...requests,
      adminKey: settings.adminKey,
      onRetry: (reason, delayMs) => events.startRetrying(reason, delayMs)
    })
    trigger.finishedAfterMs = clock.now() - startedAt
    if (workStarted(trigger)) events.started(trigger, clock.now() - startedAt)
    if (trigger.result !== 'success') {
      const headline = `${trigger.result === 'cancelled' ? 'Cancelled' : 'Could not start the work'}: ${trigger.error ?? trigger.result}`
      return { ...endedBeforeWaiting(headline, clock.now() - startedAt), result: trigger.result, trigger, notWaitedOn: settings.targets }
    }
    const started = trigger.ref
    if (started) targets = [started, ...targets.filter((ref) => ref.kind !== started.kind || ref.id !== started.id)]
    if (started && trigger.kind === 'message') followUp = { ref: started, sentAt: clock.now() }
  }

  let reports: TargetReport[] = []
  if (targets.length > 0) {
    const waitEvents = events.waiting(targets)
    reports = await waitForTargets(
      { ...settings, targets },
      { client, clock, random, signal, events: waitEvents, deadline, platformCheck: deps.platformCheck, ...(followUp ? { followUp } : {}) }
    )
  }
  const waited = overallResult(reports)

  // The pages are read once every wait has succeeded, never before, and before the searches.
  let pages: PagesReport | undefined
  if (settings.pages && waited !== 'success') pages = skippedPages(waited, clock.now() - startedAt)
  else if (settings.pages) {
    const { checkPages, previewSite, unreadablePages } = await import('./pages.js')
    const where = previewSite(settings.pages, trigger)
    events.checkingPages?.('problem' in where ? settings.pages : { ...settings.pages, site: where.site })
    if ('problem' in where) pages = unreadablePages(settings.pages.paths, where.problem)
    else {
      const pageSettings = { ...settings.pages, site: where.site }
      const site = where.site ? deps.openSite?.(where.site.url) : undefined
      pages = await checkPages(pageSettings, {
        ...requests,
        ...(site ? { site } : {}),
        startedAt,
        onRead: (path, state, reads, afterMs, missingStatus) => events.pageRead?.(path, state, reads, afterMs, missingStatus)
      })
    }
    events.pagesDone?.(pages)
  }
  const pagesResult = pages && !pages.skipped ? pages.result : 'success'

  let search: SearchReport | undefined
  if (settings.search && waited !== 'success') search = skippedSearch(waited, clock.now() - startedAt)
  else if (settings.search && pagesResult !== 'success') search = skippedSearch(pagesResult, clock.now() - startedAt, 'the page check')
  else if (settings.search) {
    events.searching(settings.search)
    const { runSearchCheck } = await import('./search.js')
    search = await runSearchCheck(settings.search, {
      ...requests,
      onQuery: (query) => events.searchQuery(query),
      onRetry: (query, reason, delayMs) => events.searchRetrying(query, reason, delayMs)
    })
    events.searchDone(search)
  }
  // A skipped search has no result of its own: the wait's stands.
  const result = worstResult([waited, pagesResult, search && !search.skipped ? search.result : 'success'])
  return {
    result,
    headline: withLivePages(headline(result, reports, search, trigger, pages), result, reports, pages),
    problems: [],
    targets: reports,
    search,
    ...(pages ? { pages } : {}),
    trigger,
    elapsedMs: clock.now() - startedAt
  }
}

/** A successful wait's headline also says that the pages are live. */
function withLivePages(line: string, result: Result, reports: readonly TargetReport[], pages: PagesReport | undefined): string {
  if (result !== 'success' || reports.length === 0 || !pages || pages.skipped) return line
  return `${line.replace(/\.$/, '')}; ${counted(pages.pages.length, 'page')} live.`
}

/** The outcome of a run that ends before (or instead of) waiting. */
export function endedBeforeWaiting(headline: string, elapsedMs: number, problems: readonly string[] = []): RunOutcome {
  return { result: 'error', headline, problems, targets: [], search: undefined, elapsedMs }
}

/** One line saying what happened, for the log and the failure message. */
export function headline(
  result: Result,
  reports: readonly TargetReport[],
  search: SearchReport | undefined,
  trigger?: TriggerReport,
  pages?: PagesReport
): string {
  if (pages && !pages.skipped && pages.result !== 'success' && pages.result === result) {
    const checked =
      reports.length > 0 ? `${reports.length === 1 ? 'The wait' : `All ${reports.length} waits`} succeeded, but the page check did not: ` : 'Page check: '
    return `${checked}${pages.error ?? pages.result}`
  }
  if (search && !search.skipped && search.result !== 'success' && search.result === result) {
    const checked =
      reports.length > 0 ? `${reports.length === 1 ? 'The wait' : `All ${reports.length} waits`} succeeded, but the search check did not: ` : 'Search check: '
    return `${checked}${search.error ?? search.result}`
  }
  if (reports.length === 0 && pages && !pages.skipped && !search)
    return `Page check passed: ${counted(pages.pages.length, 'page')} live${trigger?.automation ? ' (and the automation run was accepted)' : ''}.`
  if (reports.length === 0 && trigger?.automation && !search)
    // The run's id is the platform's: the log and the outputs carry it, made safe there.
    return "The automation run was accepted. The platform publishes no status for a run: follow it in the project's automation runs in the dashboard."
  if (reports.length === 0)
    return `Search check passed: ${counted(queriesOf(search).length, 'query', 'queries')}, ${queriesOf(search).reduce((n, q) => n + q.results.length, 0)} results.`
  const matching = reports.filter((r) => r.result === result)
  const first = matching[0]
  if (reports.length === 1 && first) {
    if (result === 'success') return `${describeRef(first.ref)} succeeded${first.note ? ` (${first.note})` : ''}.`
    return `${describeRef(first.ref)}: ${result}${first.error ? ` — ${first.error}` : ''}`
  }
  const succeeded = reports.filter((r) => r.result === 'success').length
  if (result === 'success') return `All ${reports.length} targets succeeded.`
  return `${succeeded}/${reports.length} targets succeeded; ${first ? `${describeRef(first.ref)}: ${result}${first.error ? ` — ${first.error}` : ''}` : result}`
}
