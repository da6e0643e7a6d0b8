// The search smoke check: the assistant key, the queries and what each must return.
import * as z from 'zod/mini'
import type { SearchSettings } from '../model.js'
import { fromText, identifierSchema, optionalNumber, platformKeySchema } from './values.js'

export const searchDefaults = {
  'assistant-key': '',
  'search-query': '',
  'search-domain': '',
  // Empty means the server's default (10); only what the user sets is sent.
  'search-page-size': '',
  'search-score-threshold': '',
  'search-version': '',
  'search-language': '',
  'search-tag': '',
  'search-min-results': '1',
  'search-expect-path': ''
} as const

export const searchSchema = z.object({
  'assistant-key': platformKeySchema,
  // One query per line: commas belong to the query.
  'search-query': fromText((text) => [
    ...new Set(
      text
        .split('\n')
        .map((q) => q.trim())
        .filter((q) => q !== '')
    )
  ]),
  'search-domain': identifierSchema,
  'search-page-size': optionalNumber(1, 50, true),
  'search-score-threshold': optionalNumber(0, 1, false),
  'search-version': z.string(),
  'search-language': z.string(),
  'search-tag': z.string(),
  'search-min-results': optionalNumber(0, 50, true),
  'search-expect-path': z.string()
})

/** The search check, or undefined when no query was given; optional fields only when set. */
export function searchSettings(f: z.output<typeof searchSchema>): SearchSettings | undefined {
  if (f['search-query'].length === 0) return undefined
  const filter: SearchSettings['filter'] = {}
  if (f['search-version'] !== '') filter.version = f['search-version']
  if (f['search-language'] !== '') filter.language = f['search-language']
  if (f['search-tag'] !== '') filter.tag = f['search-tag']
  const search: SearchSettings = {
    queries: f['search-query'],
    domain: f['search-domain'],
    assistantKey: f['assistant-key'],
    filter,
    minResults: f['search-min-results'] ?? 1
  }
  if (f['search-page-size'] !== undefined) search.pageSize = f['search-page-size']
  if (f['search-score-threshold'] !== undefined) search.scoreThreshold = f['search-score-threshold']
  if (f['search-expect-path'] !== '') search.expectPath = f['search-expect-path']
  return search
}
