import { describe, expect, it } from 'vitest'
import { renderComment } from '../src/report/comment.js'
import { computeOutputs } from '../src/report/outputs.js'
import { pageReport, runOutcome, updateReport } from './helpers/builders.js'
import { summaryOf } from './helpers/explained.js'

const update = updateReport('u1', { status: 'success' })
const pages = (...list: ReturnType<typeof pageReport>[]) => ({
  skipped: false as const,
  result: list.some((p) => p.result !== 'success') ? ('failure' as const) : ('success' as const),
  pages: list,
  error: null
})

describe('the page check in the reports', () => {
  const live = pageReport('guides/new-page', { contains: true, length: 69, reads: 3, liveAfterMs: 4200 })
  const missing = pageReport('guides/never', {
    result: 'failure',
    found: false,
    contains: false,
    length: null,
    reads: 7,
    liveAfterMs: undefined,
    error: 'page "guides/never" was not found (HTTP 404) when the timeout ran out'
  })
  const outcome = runOutcome([update], { pages: pages(live, missing), result: 'failure' })

  it('page-results holds {path, found, contains, length} per page, as last read', () => {
    expect(JSON.parse(computeOutputs(outcome)['page-results'])).toEqual([
      { path: 'guides/new-page', found: true, contains: true, length: 69 },
      { path: 'guides/never', found: false, contains: false, length: null }
    ])
    expect(computeOutputs(runOutcome([update]))['page-results']).toBe('[]')
  })

  it('the summary has a table of the pages: found, holds the text, when', () => {
    const summary = summaryOf(outcome, { now: 0 })
    expect(summary).toContain('### Pages')
    expect(summary).toContain('| `guides/new-page` | ✅ success | yes (69 characters) | yes | live after 4.2s (3 reads) |')
    expect(summary).toContain('| `guides/never` | ❌ failure | no | no | not live (7 reads) |')
  })

  it('a skipped check says why', () => {
    const summary = summaryOf(runOutcome([update], { pages: { skipped: true, reason: 'not read: the wait ended with failure' } }), { now: 0 })
    expect(summary).toContain('### Pages\n\nSkipped: not read: the wait ended with failure')
  })

  it('the comment has a line per page', () => {
    const comment = renderComment(outcome, '<!-- m -->', undefined)
    expect(comment).toContain('- ✅ `guides/new-page`: found yes (69 characters), holds the text yes, live after 4.2s (3 reads)')
    expect(comment).toContain('- ❌ `guides/never`: found no, holds the text no, not live (7 reads)')
  })

  it('a page path cannot inject markup in either: it is shown as code, nowhere else', () => {
    const hostile = pageReport('x`<img src=x onerror=alert(1)>`[a](https://evil.example) @octocat')
    const withHostile = runOutcome([update], { pages: pages(hostile) })
    for (const text of [summaryOf(withHostile, { now: 0 }), renderComment(withHostile, '<!-- m -->', undefined)]) {
      expect(text).toContain('``x`<img src=x onerror=alert(1)>`[a](https://evil.example) @octocat``')
      // Outside code spans, nothing of it is left to render.
      const outsideCode = text.replace(/(`+)[^`].*?\1/g, '')
      expect(outsideCode).not.toContain('<img')
      expect(outsideCode).not.toContain('evil.example')
      expect(outsideCode).not.toContain('@octocat')
    }
  })
})
