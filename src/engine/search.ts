import * as z from 'zod/mini'
import { pollUntilSettled, requestAllowance, scheduleOf, type ScheduledRequests } from './poll.js'
import { counted, oneLine } from '../text.js'
import type { QueryReport, SearchRan, SearchResult, SearchSettings } from '../model.js'

/** The platform's SearchRequest; a request is built from it so nothing out of bounds is sent. */
export const searchRequestSchema = z.strictObject({
  query: z.string().check(z.minLength(1)),
  pageSize: z.optional(z.int().check(z.gte(1), z.lte(50))),
  scoreThreshold: z.optional(z.number().check(z.gte(0), z.lte(1))),
  filter: z.optional(z.strictObject({ version: z.optional(z.string()), language: z.optional(z.string()), tag: z.optional(z.string()) }))
})
export type SearchRequest = z.infer<typeof searchRequestSchema>

const searchResultSchema = z.looseObject({
  content: z.string(),
  path: z.string(),
  metadata: z.catch(z.record(z.string(), z.unknown()), {})
})
/**
 * A search answer: an array of results. An element that is not an object with a string
 * `content` and `path` makes the whole answer unreadable, never a result that counts.
 */
export const searchResponseSchema = z.array(searchResultSchema)

/** Server default page size, used to cap what is kept when the user set none. */
export const DEFAULT_PAGE_SIZE = 10

/** The request body for one query: only the fields the user set. */
export function buildSearchRequest(query: string, settings: SearchSettings): SearchRequest {
  const filter = Object.keys(settings.filter).length > 0 ? settings.filter : undefined
  return searchRequestSchema.parse({ query, pageSize: settings.pageSize, scoreThreshold: settings.scoreThreshold, filter })
}

/** Why a query's results fail the check, or undefined. */
export function judgeQuery(query: string, results: readonly SearchResult[], settings: SearchSettings): string | undefined {
  const got = results.length === 0 ? 'nothing came back' : `got: ${results.slice(0, 5).map(describeResult).join('; ')}`
  if (results.length < settings.minResults)
    return `search "${oneLine(query, 100)}" returned ${counted(results.length, 'result')}, expected at least ${settings.minResults}; ${got}`
  const expected = settings.expectPath
  if (expected !== undefined && !results.some((r) => r.path.includes(expected)))
    return `search "${oneLine(query, 100)}" returned no result whose path contains "${oneLine(expected, 100)}"; ${got}`
  return undefined
}

function describeResult(result: SearchResult): string {
  const firstLine = result.content.split('\n').find((line) => line.trim() !== '') ?? ''
  return `${oneLine(result.path, 120)} — ${oneLine(firstLine, 80)}`
}

export interface SearchDeps extends ScheduledRequests {
  onQuery(report: QueryReport): void
  /** Told before each wait that follows a failed request: which query, why, and when the next try comes. */
  onRetry?(query: string, reason: string, delayMs: number): void
}

/**
 * Runs each query in turn, with the same retries as polling (429 with Retry-After, 5xx, network
 * errors) inside the same deadline, and checks each answer. Never throws.
 */
export async function runSearchCheck(settings: SearchSettings, deps: SearchDeps): Promise<SearchRan> {
  const queries: QueryReport[] = []
  const path = `/discovery/v1/search/${encodeURIComponent(settings.domain)}`
  const keep = settings.pageSize ?? DEFAULT_PAGE_SIZE
  for (const query of settings.queries) {
    // A query starts only before the deadline; each request stays within requestBudget.
    if (deps.clock.now() >= deps.deadline)
      return { result: 'timeout', queries, error: `search "${oneLine(query, 100)}" was not sent: the timeout ran out before it`, skipped: false }
    const json = buildSearchRequest(query, settings)
    const end = await pollUntilSettled<SearchResult[]>(
      async () => {
        const { timeoutMs, limit } = requestAllowance(deps.clock.now(), deps.deadline, deps.requestTimeoutMs)
        if (timeoutMs <= 0) return { kind: 'transient', reason: 'no time left before the deadline' }
        const answer = await deps.client.request({
          method: 'POST',
          path,
          key: settings.assistantKey,
          keyInput: 'assistant-key',
          json,
          timeoutMs,
          limit,
          signal: deps.signal
        })
        if (answer.kind !== 'ok') return answer.kind === 'not-found' ? { kind: 'fatal', reason: `${answer.reason} (is search-domain right?)` } : answer
        const parsed = searchResponseSchema.safeParse(answer.body)
        if (!parsed.success) return { kind: 'transient', reason: 'the search answer is not the JSON expected (an array of results)' }
        return { kind: 'settled', value: parsed.data.slice(0, keep) }
      },
      {
        ...scheduleOf(deps),
        onRetry: (reason, delayMs) => deps.onRetry?.(query, reason, delayMs)
      }
    )
    switch (end.kind) {
      case 'settled': {
        const report = { query, results: end.value, problem: judgeQuery(query, end.value, settings) }
        queries.push(report)
        deps.onQuery(report)
        break
      }
      case 'timeout':
        // No answer to the query was ever read: the check's outcome could not be learnt, which
        // no setting lets pass as a timeout would.
        return {
          result: 'error',
          queries,
          error: `search "${oneLine(query, 100)}" had no answer before the timeout${end.lastProblem ? `; last problem: ${end.lastProblem}` : ''}`,
          skipped: false
        }
      case 'cancelled':
        return { result: 'cancelled', queries, error: 'the run was cancelled during the search check', skipped: false }
      case 'error':
        return {
          result: 'error',
          queries,
          error: `search "${oneLine(query, 100)}": ${end.reason}`,
          skipped: false,
          ...(end.misconfigured ? { misconfigured: true as const } : {})
        }
    }
  }
  const failed = queries.filter((q) => q.problem !== undefined)
  if (failed.length === 0) return { result: 'success', queries, error: null, skipped: false }
  return { result: 'failure', queries, error: failed.map((q) => q.problem).join('\n'), skipped: false }
}
