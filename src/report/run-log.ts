import { formatDuration } from '../durations.js'
import { describeRef, PROGRESS_EVERY_MS } from '../engine/wait.js'
import type { PageState, RunEvents, Settings, TriggerReport } from '../model.js'
import { baseAddress, counted, oneLine } from '../text.js'
import { createLogReporter, describeQuery, describeRetryOf, inert, type LogSink } from './log.js'
import { startedIds } from './outputs.js'

export interface RunLogOptions {
  settings: Settings
  /** Cuts every spelling of a key out of text. */
  clean: (text: string) => string
  /** Writes one step output at once (the started ids, before waiting). */
  setOutput: (name: string, value: string) => void
  /** Where a trimmed log's end can be read (`the job summary`), when the step writes it somewhere. */
  logEnd?: string | undefined
}

/** The step log of a run: the engine's events as lines, groups and early outputs. */
export function createRunLog(sink: LogSink, options: RunLogOptions): RunEvents {
  const { settings, clean } = options
  const searchGroup = reopenableGroup(sink)
  let searchTitle = ''
  let searchRetry: { query: string; reason: string; times: number } | undefined
  // The last line said of each page, to say each state once (and again only as a heartbeat).
  const shownPages = new Map<string, { state: PageState; afterMs: number }>()
  return {
    starting: (url) => sink.info(clean(`Starting the work: POST ${url}`)),
    startRetrying: (reason, delayMs) => sink.info(clean(`${inert(reason, 300)}: nothing was started, sending the request again in ${formatDuration(delayMs)}`)),
    started(report, elapsedMs) {
      sink.info(clean(inert(describeStarted(report, elapsedMs), 600)))
      // Written at once, so that a later failure, a cancel or a killed runner still leaves the id.
      for (const [name, value] of Object.entries(startedIds({ targets: [], trigger: report }))) if (value !== '') options.setOutput(name, clean(value))
    },
    waiting(targets) {
      const what = targets.length === 1 && targets[0] ? describeRef(targets[0]) : `${targets.length} targets`
      const polling = `timeout ${formatDuration(settings.timeoutMs)}, polling every ${formatDuration(settings.minIntervalMs)}–${formatDuration(settings.maxIntervalMs)}`
      // A platform check is read from GitHub, on the run's commit; the platform's API is not asked for it.
      const where = targets.every((ref) => ref.kind === 'platform-check') || !settings.baseUrl ? "on the run's commit" : `at ${baseAddress(settings.baseUrl)}`
      sink.info(clean(inert(`Waiting on ${what} ${where} (${polling})`, 600)))
      return createLogReporter(sink, { streamLogs: settings.streamLogs, targets, clean, logEnd: options.logEnd })
    },
    checkingPages: (pages) => {
      shownPages.clear()
      sink.startGroup(
        clean(
          `Page check: ${counted(pages.paths.length, 'page')} on ${pages.site ? (pages.site.url === 'preview' ? "the preview's address" : `the site (${baseAddress(pages.site.url)})`) : pages.domain}${pages.contains === undefined ? '' : `, each holding "${inert(pages.contains, 100)}"`}`
        )
      )
    },
    pageRead(path, state, reads, afterMs, missingStatus) {
      // A line when a page's state changes, and one every PROGRESS_EVERY_MS while it stays so: a long wait must not look hung.
      const last = shownPages.get(path)
      if (last && last.state === state && afterMs - last.afterMs < PROGRESS_EVERY_MS) return
      shownPages.set(path, { state, afterMs })
      sink.info(clean(describePageRead(path, state, reads, afterMs, missingStatus)))
    },
    pagesDone: (pages) => {
      if (!pages.skipped) for (const page of pages.pages) if (page.error) sink.info(clean(`✗ ${inert(page.error, 600)}`))
      sink.endGroup()
    },
    // The group opens with the first result, so that retries before it leave no empty group.
    searching(search) {
      searchTitle = `Search check: ${counted(search.queries.length, 'query', 'queries')} on ${search.domain}`
    },
    searchQuery(query) {
      searchGroup.open(searchTitle)
      searchTitle = searchTitle.endsWith(' (continued)') ? searchTitle : `${searchTitle} (continued)`
      sink.info(clean(describeQuery(query)))
    },
    searchRetrying(query, reason, delayMs) {
      const times = searchRetry?.query === query && searchRetry.reason === reason ? searchRetry.times + 1 : 1
      searchRetry = { query, reason, times }
      // Outside the group, as a status poll's retry is: it explains a wait that seems long.
      const line = describeRetryOf(`search "${inert(query, 100)}"`, reason, delayMs, times)
      if (!line) return
      searchGroup.close()
      sink.info(clean(line))
    },
    searchDone: () => searchGroup.close()
  }
}

/** A group that can be closed for a line outside it and opened again. */
function reopenableGroup(sink: LogSink) {
  let open = false
  return {
    open(title: string) {
      if (!open) sink.startGroup(title)
      open = true
    },
    close() {
      if (open) sink.endGroup()
      open = false
    }
  }
}

/** One line for a read of a page. */
export function describePageRead(path: string, state: PageState, reads: number, afterMs: number, missingStatus = '404'): string {
  const page = `page "${inert(path, 200)}"`
  const when = `after ${formatDuration(afterMs)}, ${counted(reads, 'read')}`
  if (state === 'live') return `✓ ${page} is live (${when})`
  const why = state === 'missing' ? `not found yet (HTTP ${missingStatus})` : 'found, but without the text yet'
  return `${page}: ${why} (${when}); reading it again on the poll schedule`
}

/** Where a run of an automation is followed: the platform publishes no status for it. */
export const FOLLOW_AUTOMATION = "the platform publishes no status for a run: follow it in the project's automation runs in the dashboard"

/** One line for the log when work was started. */
export function describeStarted(report: TriggerReport, elapsedMs: number): string {
  const after = `(after ${formatDuration(elapsedMs)})`
  if (report.automation) {
    const job = report.automation.jobId ? ` (background job ${oneLine(report.automation.jobId, 200)})` : ''
    return `Started the automation run: run id ${oneLine(report.automation.runId, 200)}${job} ${after}; ${FOLLOW_AUTOMATION}.`
  }
  const ref = report.ref
  if (!ref) return ''
  if (report.kind === 'message')
    return `Sent the follow-up message to agent job ${ref.id} ${after}; waiting on the job for that message: a state from before it does not end the wait.`
  const what = ref.kind === 'update' ? `status id ${ref.id}` : `job id ${ref.id}`
  const preview = report.previewUrl ? `, preview at ${oneLine(report.previewUrl, 300)}` : ''
  const kind = report.kind === 'agent' ? 'agent job' : report.kind === 'preview' ? 'preview deployment' : 'update'
  return `Started the ${kind}: ${what}${preview} ${after}.`
}
