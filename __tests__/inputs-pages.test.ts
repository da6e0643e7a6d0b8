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

describe('the page as readers are served it: site-url and page-header', () => {
  const SITE_PAGE = { 'page-path': 'quickstart', 'site-url': 'https://docs.example.com/' }

  it('site-url with page-path reads the pages from the site: no search domain or assistant key needed', () => {
    const parsed = parseInputs(
      raw({ 'page-path': 'quickstart', 'site-url': 'https://docs.example.com/en//', 'page-header': 'X-Docs-Protection-Bypass:  bypass_token_value_1 ' })
    )
    expect(parsed.ok, parsed.ok ? '' : parsed.problems.join('\n')).toBe(true)
    const pages = parsed.ok ? parsed.settings.pages : undefined
    expect(String(pages?.site?.url)).toBe('https://docs.example.com/en')
    expect(pages?.site?.header).toEqual({ name: 'x-docs-protection-bypass', value: 'bypass_token_value_1' })
    expect(pages).toMatchObject({ paths: ['quickstart'], domain: '', assistantKey: '' })
  })

  it('without page-header, no header is sent', () => {
    const parsed = parseInputs(raw({ ...SITE_PAGE, 'site-url': 'http://127.0.0.1:8080' }))
    expect(parsed.ok && parsed.settings.pages?.site).toEqual({ url: new URL('http://127.0.0.1:8080'), header: undefined })
  })

  it('site-url: preview (any case) reads the pages at the preview trigger: preview starts, and needs that trigger', () => {
    const preview = { ...SITE_PAGE, 'site-url': 'Preview', 'admin-key': 'admin_secret_value_123', 'project-id': 'proj-1' }
    const parsed = parseInputs(raw({ ...preview, trigger: 'preview', 'preview-branch': 'feat/nav' }))
    expect(parsed.ok, parsed.ok ? '' : parsed.problems.join('\n')).toBe(true)
    expect(parsed.ok && parsed.settings.pages?.site).toEqual({ url: 'preview', header: undefined })
    for (const other of [{ trigger: 'update' }, { 'status-id': 's1' }])
      expect(problems({ ...preview, ...other })).toEqual([
        'site-url: preview reads the pages at the address of the preview trigger: preview starts; give trigger: preview (with preview-branch), or give site-url the address readers are served the docs from'
      ])
  })

  it.each([
    ['docs.example.com', ['site-url: "docs.example.com" is not a URL; use the address readers open the docs at, e.g. https://docs.example.com']],
    ['ftp://docs.example.com', ['site-url: "ftp://docs.example.com" must use https://']],
    ['http://docs.example.com', ['site-url: "http://docs.example.com" must use https:// (http:// is accepted only for localhost, 127.0.0.0/8 and [::1])']],
    [
      'https://user:pw@docs.example.com',
      ['site-url: "https://***@docs.example.com" must not contain credentials; give the header a protected site needs in page-header']
    ],
    [
      'https://docs.example.com/?token=abc#top',
      ['site-url: "https://docs.example.com/?***" must not contain a query string', 'site-url: "https://docs.example.com/?***" must not contain a fragment']
    ]
  ])('site-url %j is refused: %j', (url, expected) => {
    expect(problems({ ...SITE_PAGE, 'site-url': url })).toEqual(expected)
  })

  it.each([
    ['x-bypass bypass_token_value_1', 'the colon is missing'],
    ['x bypass: bypass_token_value_1', 'has a header name that is not one'],
    [': bypass_token_value_1', 'has a header name that is not one'],
    ['x-bypass:', 'has no value after x-bypass:'],
    ['x-bypass: short', 'has a value shorter than 8 characters'],
    ['x-bypass: bypass_token\nvalue_1', 'contains a line break or another control character'],
    ['x-bypass: bypass_token\rvalue_1', 'contains a line break or another control character'],
    ['Host: docs.example.org', 'names the header host, which the step or the connection sets itself']
  ])('page-header %j is refused, its value never shown', (header, words) => {
    const found = problems({ ...SITE_PAGE, 'page-header': header })
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^page-header: \(hidden\) /)
    expect(found[0]).toContain(words)
    expect(found[0]).not.toContain('bypass_token')
  })

  it.each([
    [
      { 'site-url': 'https://docs.example.com', 'status-id': 's1', 'admin-key': 'admin_secret_value_123' },
      ['site-url: is only used with page-path; give the pages to read from the site in page-path (e.g. quickstart), or remove site-url']
    ],
    [
      { ...SEARCH, 'page-path': 'quickstart', 'page-header': 'x-bypass: bypass_token_value_1' },
      ['page-header: (hidden) is only sent to the site in site-url; give site-url (the address readers are served the docs from), or remove page-header']
    ],
    [
      { ...SITE_PAGE, 'admin-key': 'admin_secret_value_123', 'status-id': 's1', 'page-header': 'authorization: Bearer admin_secret_value_123' },
      ["page-header: (hidden) holds admin-key; the platform's keys are never sent to the site. Give the header the site itself needs to let a reader in"]
    ],
    [
      { ...SITE_PAGE, ...SEARCH, 'page-header': 'x-bypass: assistant_secret_value_1' },
      ["page-header: (hidden) holds assistant-key; the platform's keys are never sent to the site. Give the header the site itself needs to let a reader in"]
    ]
  ])('%j is refused before any request: %j', (inputs, expected) => {
    expect(problems(inputs)).toEqual(expected)
  })

  it.each(['guides/../admin', './quickstart', 'guides/%2E%2e/admin'])('page path %j is refused with site-url, where a URL would resolve it away', (path) => {
    expect(problems({ ...SITE_PAGE, 'page-path': path })).toEqual([
      `page-path: "${path}" has a . or .. segment, which the address below site-url resolves away (another page would be read); give the path readers open below site-url`
    ])
    expect(problems({ ...SEARCH, 'page-path': path })).toEqual([])
  })
})
