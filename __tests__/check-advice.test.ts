// The advice after a page or search check fits why it ended: a cancel is not a wrong input, a
// 429 or a 503 is not a wrong key, a 400 that names page-path points at page-path.
import { describe, expect, it } from 'vitest'
import type { PageReport, Result, RunOutcome } from '../src/model.js'
import { failureMessage } from '../src/report/explain.js'
import { commandPlace } from '../src/report/place.js'
import { explainCommentError } from '../src/github/comment-api.js'
import { sentence, withoutUserinfo } from '../src/text.js'
import { pageReport, runOutcome, searchReport, updateReport } from './helpers/builders.js'

const live = updateReport('u1', { status: 'success' })

function pagesEnded(result: Result, error: string): RunOutcome {
  const page: PageReport = pageReport('quickstart', { result, found: false, error })
  return runOutcome([live], {
    result,
    headline: `The wait succeeded, but the page check did not: ${error}`,
    pages: { skipped: false, result, pages: [page], error }
  })
}

const nextOf = (outcome: RunOutcome, place = undefined as ReturnType<typeof commandPlace> | undefined) =>
  /\nNext: (.*)$/.exec(failureMessage(outcome, { place, timeoutMs: 60_000 }))?.[1] ?? ''

describe('after the page check', () => {
  it('a cancel says it was cancelled, and blames no input', () => {
    const next = nextOf(pagesEnded('cancelled', 'page "quickstart": the run was cancelled before it was found live'))
    expect(next).toContain('the run was cancelled during the page check')
    expect(next).toContain('re-run the workflow')
    expect(next).not.toMatch(/search-domain|assistant-key/)
  })

  it('a timeout on 429 says slow down, on 503 a server error; neither blames the key', () => {
    const slow = nextOf(pagesEnded('timeout', 'page "quickstart" could not be read before the timeout; last problem: HTTP 429: slow down'))
    expect(slow).toMatch(/^the platform kept asking to slow down: run fewer checks on the same assistant key at once, or raise `timeout`/)
    const down = nextOf(pagesEnded('timeout', 'page "quickstart" could not be read before the timeout; last problem: HTTP 503: maintenance'))
    expect(down).toMatch(/^the platform kept answering with a server error/)
    for (const next of [slow, down]) expect(next).not.toMatch(/search-domain and/)
  })

  it('a 400 that names page-path points at page-path', () => {
    const next = nextOf(pagesEnded('error', 'page "quickstart.mdx": unexpected HTTP 400: invalid path (check page-path)'))
    expect(next).toMatch(/^check `page-path`: the platform refused a path/)
    expect(next).not.toContain('assistant-key')
  })

  it('a 401 names the assistant key; nothing at base-url names base-url, as it was given', () => {
    expect(nextOf(pagesEnded('error', 'page "quickstart": HTTP 401: the platform rejected assistant-key (assistant API key)'))).toContain(
      'assistant API key in the secret passed as `assistant-key`'
    )
    const place = commandPlace('gitlab', { 'base-url': 'environment' })
    expect(
      nextOf(
        pagesEnded(
          'error',
          'page "quickstart": nothing answered at base-url https://x (nothing listens there: ECONNREFUSED) on 3 tries in a row over 15.0s; check base-url'
        ),
        place
      )
    ).toMatch(/^check WAIT_FOR_DOCS_BASE_URL:/)
  })
})

describe('after the search check', () => {
  it('a cancel says it was cancelled', () => {
    const outcome = runOutcome([live], {
      result: 'cancelled',
      headline: 'h',
      search: searchReport({ result: 'cancelled', error: 'the run was cancelled during the search check' })
    })
    expect(nextOf(outcome)).toContain('the run was cancelled during the search check')
  })
})

describe('one full stop', () => {
  it('a sentence that ends with a value ending in a full stop keeps one', () => {
    expect(sentence('deploy main.')).toBe('deploy main.')
    expect(sentence('deploy main')).toBe('deploy main.')
    expect(explainCommentError(Object.assign(new Error('No ref found for: main.'), { status: 422 }))).toBe('HTTP 422: No ref found for: main')
  })
})

describe('withoutUserinfo', () => {
  it.each([
    ['https://user:pass@host.example.com/x?y#z', 'https://host.example.com/x?y#z'],
    ['https://us:er:p@ss@host.example.com', 'https://host.example.com'],
    ['HTTPS://token@host', 'HTTPS://host'],
    ['https://host.example.com/path@not-userinfo', 'https://host.example.com/path@not-userinfo'],
    ['https://host.example.com', 'https://host.example.com'],
    ['not a url with @ sign', 'not a url with @ sign'],
    ['https:\\\\u:pw@h.example.com/x', 'https:\\\\h.example.com/x'],
    ['https:/u:pw@h.example.com/x', 'https:/h.example.com/x'],
    ['https:u:pw@h.example.com/x', 'https:h.example.com/x'],
    ['https:\\/u:pw@h.example.com', 'https:\\/h.example.com'],
    ['  HTTPS://x-access-token:ghs_1@github.com/a/b/pull/1', '  HTTPS://github.com/a/b/pull/1'],
    ['https://u:p\t@h.example.com', 'https://h.example.com'],
    ['ht\ntps://u:p@h.example.com', 'https://h.example.com'],
    ['git+ssh://git:pw@host/x', 'git+ssh://host/x'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['https:\\h.example.com/a@b', 'https:\\h.example.com/a@b']
  ])('%s → %s', (url, cut) => {
    expect(withoutUserinfo(url)).toBe(cut)
  })

  it.each([
    'https:\\\\u:pw@h.example.com/x',
    'https:/u:pw@h.example.com',
    'https:u:pw@h.example.com',
    'https:\\u@h.example.com',
    ' https://u:pw@h.example.com',
    'https://u:p\n@h'
  ])('%j: what a URL parser reads of the cut has no user or password', (url) => {
    expect(new URL(url).username).not.toBe('')
    const cut = new URL(withoutUserinfo(url))
    expect([cut.username, cut.password]).toEqual(['', ''])
  })
})
