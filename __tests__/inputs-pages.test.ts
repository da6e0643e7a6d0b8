import { describe, expect, it } from 'vitest'
import { INPUT_NAMES, parseInputs, type RawInputs } from '../src/inputs/parse.js'

function raw(overrides: Partial<RawInputs>): RawInputs {
  const inputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, ''])) as RawInputs
  return { ...inputs, 'base-url': 'https://api.example.com', ...overrides }
}

function problems(overrides: Partial<RawInputs>): string[] {
  const parsed = parseInputs(raw(overrides))
  return parsed.ok ? [] : parsed.problems
}

const SEARCH = { 'search-domain': 'acme-docs', 'assistant-key': 'assistant_secret_value_1' }

describe('page inputs', () => {
  it('page-path alone is something to do: the pages are read with the search domain and key', () => {
    const parsed = parseInputs(raw({ ...SEARCH, 'page-path': 'quickstart\nguides/new-page, quickstart', 'page-contains': '  Deploy previews ' }))
    expect(parsed.ok && parsed.settings.pages).toEqual({
      paths: ['quickstart', 'guides/new-page'],
      contains: 'Deploy previews',
      domain: 'acme-docs',
      assistantKey: 'assistant_secret_value_1'
    })
    expect(parsed.ok && parsed.settings.comment).toBeUndefined()
  })

  it('without page-contains, a page only has to be found', () => {
    const parsed = parseInputs(raw({ ...SEARCH, 'page-path': 'quickstart', 'status-id': 's1', 'admin-key': 'admin_secret_value_123' }))
    expect(parsed.ok && parsed.settings.pages).toMatchObject({ paths: ['quickstart'], contains: undefined })
  })

  it.each([
    [
      { 'status-id': 's1', 'admin-key': 'admin_secret_value_123', 'page-contains': 'Deploy previews' },
      ['page-contains: is only used with page-path; give the pages that must hold the text in page-path, or remove page-contains']
    ],
    [
      { 'page-path': 'quickstart', 'assistant-key': 'assistant_secret_value_1' },
      [
        'search-domain: is required with page-path (the pages are read from the docs site of that domain: the last segment of the dashboard URL of the docs site)'
      ]
    ],
    [
      { 'page-path': 'quickstart', 'search-domain': 'acme-docs' },
      ['assistant-key: is required with page-path (the assistant API key of the platform reads the pages)']
    ],
    // With a search check too, its own rules name the missing domain and key, once.
    [
      { 'page-path': 'quickstart', 'search-query': 'previews' },
      [
        'search-domain: is required with search-query (the last segment of the dashboard URL of the docs site)',
        'assistant-key: is required with search-query (the assistant API key of the platform)'
      ]
    ],
    [
      { ...SEARCH, 'page-path': 'quick\u0007start' },
      ['page-path: "quick\\u0007start" contains a control character; give the page path as search results give it']
    ],
    [{ ...SEARCH, 'page-path': 'quickstart', 'page-contains': 'x'.repeat(1001) }, [`page-contains: "${'x'.repeat(77)}..." is longer than 1000 characters`]]
  ])('%j is refused before any request: %j', (inputs, expected) => {
    expect(problems(inputs)).toEqual(expected)
  })
})
