// The page check: the pages that must be published once every wait has succeeded, and the text they must hold.
import * as z from 'zod/mini'
import type { PageSettings } from '../model.js'
import { addProblem, fromText, quote, splitList } from './values.js'

export const pageDefaults = {
  'page-path': '',
  'page-contains': ''
} as const

/** Longest page path accepted; a page path is a short relative path as search results give it. */
export const MAX_PAGE_PATH_LENGTH = 1000
/** Longest text a page must hold; a sentence or two, not a page. */
export const MAX_PAGE_TEXT_LENGTH = 1000

export const pageSchema = z.object({
  'page-path': fromText((text, ctx) => {
    const paths = [...new Set(splitList(text))]
    for (const path of paths) {
      const problem = pagePathProblem(path)
      if (problem) addProblem(ctx, `${quote(path)} ${problem}`)
    }
    return paths
  }),
  'page-contains': z.string().check(z.maxLength(MAX_PAGE_TEXT_LENGTH, { message: `is longer than ${MAX_PAGE_TEXT_LENGTH} characters` }))
})

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
  return { paths: f['page-path'], contains: contains === '' ? undefined : contains, domain: f['search-domain'], assistantKey: f['assistant-key'] }
}
