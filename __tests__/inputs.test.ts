import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { identifierProblem } from '../src/engine/ids.js'
import {
  commentOf,
  commentWithoutToken,
  commitStatusOf,
  commitStatusWithoutToken,
  deploymentWithoutToken,
  INPUT_DEFAULTS,
  INPUT_NAMES,
  parseInputs,
  type RawInputs,
  recordsAskedFor
} from '../src/inputs/parse.js'
import { splitList } from '../src/inputs/values.js'

const KEY = 'admin_secret_value_123'

function raw(overrides: Partial<RawInputs>): RawInputs {
  const inputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, ''])) as RawInputs
  return { ...inputs, 'base-url': 'https://api.example.com', 'admin-key': KEY, 'status-id': 'abc123', ...overrides }
}

describe('parseInputs', () => {
  it('applies the defaults of action.yml to empty inputs', () => {
    const parsed = parseInputs(raw({}))
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.settings).toMatchObject({
      timeoutMs: 900_000,
      minIntervalMs: 5000,
      maxIntervalMs: 45_000,
      requestTimeoutMs: 30_000,
      failOnTimeout: true,
      acceptArchived: false,
      requirePr: false,
      failFast: false,
      streamLogs: true,
      summary: true,
      targets: [{ kind: 'update', id: 'abc123' }]
    })
    expect(parsed.settings.baseUrl?.href).toBe('https://api.example.com/')
  })

  it('reads lists, removes duplicates and mixes kinds', () => {
    const parsed = parseInputs(raw({ 'status-id': 'a, b\nb\n\n c', 'job-id': 'j1,j2', 'project-id': 'p1' }))
    expect(parsed.ok && parsed.settings.targets).toEqual([
      { kind: 'update', id: 'a' },
      { kind: 'update', id: 'b' },
      { kind: 'update', id: 'c' },
      { kind: 'job', id: 'j1', projectId: 'p1' },
      { kind: 'job', id: 'j2', projectId: 'p1' }
    ])
  })

  it.each([
    ['http://localhost:8080', true],
    ['http://127.0.0.1:4010/api/', true],
    ['http://127.9.9.9', true],
    ['http://[::1]:3000', true],
    ['https://docs.example.com/base/', true],
    ['http://api.example.com', false],
    ['http://10.0.0.1', false],
    ['http://localhost.evil.com', false],
    ['ftp://example.com', false],
    ['https://user:pw@example.com', false],
    ['https://example.com/?a=1', false],
    ['https://example.com/#top', false],
    ['not a url', false]
  ])('base-url %s accepted: %s', (url, ok) => {
    expect(parseInputs(raw({ 'base-url': url })).ok).toBe(ok)
  })

  it('keeps a base path without its trailing slash', () => {
    const parsed = parseInputs(raw({ 'base-url': 'https://example.com/api/v/' }))
    expect(parsed.ok && parsed.settings.baseUrl?.pathname).toBe('/api/v')
  })

  it.each<[Partial<RawInputs>, RegExp]>([
    [{ 'status-id': 'ok, a/b' }, /^status-id: "a\/b" contains a character/],
    [{ 'status-id': 'a..b' }, /^status-id: "a\.\.b" contains "\.\."/],
    [{ 'status-id': 'a%2Fb' }, /status-id: .*not allowed/],
    [{ 'status-id': '.' }, /^status-id: "\." is "\." \(a path segment, not an id\)/],
    [{ 'status-id': 'a\u0085b' }, /^status-id: .*control characters/],
    [{ timeout: '200h' }, /^timeout: "200h" is longer than 168h/],
    [{ 'max-interval': '9999999999' }, /^max-interval: .* is longer than 168h/],
    [{ 'status-id': 'x'.repeat(300) }, /status-id: .*300 characters long; at most 256/],
    [{ 'job-id': 'j1' }, /^project-id: is required with job-id/],
    [{ 'project-id': 'p/1', 'job-id': 'j' }, /^project-id: "p\/1"/],
    [{ timeout: 'soon' }, /^timeout: "soon" is not a positive duration/],
    [{ timeout: '0' }, /^timeout: "0" is not a positive duration/],
    [{ 'min-interval': '-1s' }, /^min-interval: /],
    [{ 'min-interval': '40s', 'max-interval': '30s' }, /^min-interval: "40s" is larger than max-interval/],
    [{ 'request-timeout': '5 s' }, /^request-timeout: /],
    [{ 'fail-on-timeout': 'yes' }, /^fail-on-timeout: "yes" is not a boolean; use true or false/],
    [{ 'base-url': '' }, /^base-url: is required/],
    [{ 'admin-key': '' }, /^admin-key: is required with status-id or job-id \(/],
    [{ 'status-id': '' }, /nothing to do; give a status-id, a job-id with project-id, a platform-check, or a search-query/],
    [{ 'base-url': 'http://example.com' }, /^base-url: "http:\/\/example.com" must use https:\/\//]
  ])('%o is refused: %s', (overrides, message) => {
    const parsed = parseInputs(raw(overrides))
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.problems.some((p) => message.test(p))).toBe(true)
  })

  it('lists every problem at once', () => {
    const parsed = parseInputs(raw({ timeout: 'x', 'min-interval': 'y', 'status-id': 'a b', 'base-url': 'http://example.com' }))
    expect(!parsed.ok && parsed.problems.map((p) => p.split(':')[0])).toEqual(['base-url', 'status-id', 'timeout', 'min-interval'])
  })

  it('runs the checks across inputs even when an input is malformed', () => {
    const parsed = parseInputs(raw({ timeout: 'soon', 'admin-key': '', 'job-id': 'j1', 'search-query': 'q', 'pr-comment': 'true' }))
    expect(!parsed.ok && parsed.problems.map((p) => p.split(':')[0])).toEqual(['timeout', 'project-id', 'admin-key', 'search-domain', 'assistant-key'])
  })

  it('checks github-token only when pr-comment is on', () => {
    const token = 'ghs_with a space'
    expect(parseInputs(raw({ 'github-token': token })).ok).toBe(true)
    expect(parseInputs(raw({ 'github-token': token, 'pr-comment': 'false' })).ok).toBe(true)
    const on = parseInputs(raw({ 'github-token': token, 'pr-comment': 'true' }))
    expect(!on.ok && on.problems).toEqual([expect.stringMatching(/^github-token: \(hidden\) must be printable ASCII without spaces/)])
  })

  it('compares the intervals only when both parse', () => {
    const parsed = parseInputs(raw({ 'min-interval': 'x', 'max-interval': '1s' }))
    expect(!parsed.ok && parsed.problems).toEqual([expect.stringMatching(/^min-interval: "x" is not a positive duration/)])
  })

  it.each([
    'https://bot:s3cretKeyValue@api.example.com',
    'https://s3cretKeyValue@api.example.com/v1',
    'ftp://bot:s3cretKeyValue@host',
    'https://bot:s3cretKeyValue/x@api.example.com'
  ])('never echoes credentials in base-url: %s', (url) => {
    const parsed = parseInputs(raw({ 'base-url': url }))
    expect(!parsed.ok && parsed.problems.join('\n')).toMatch(/^base-url: "\w+:\/\/\*\*\*@/)
    expect(JSON.stringify(parsed)).not.toContain('s3cretKeyValue')
  })

  it.each([
    ['a query string', 'https://api.example.com/v1?token=s3cretKeyValue', 'base-url: "https://api.example.com/v1?***" must not contain a query string'],
    ['a fragment', 'https://api.example.com/#key=s3cretKeyValue', 'base-url: "https://api.example.com/#***" must not contain a fragment'],
    [
      'both, and credentials',
      'https://bot:pw@api.example.com/?a=s3cretKeyValue#s3cretKeyValue',
      'base-url: "https://***@api.example.com/?***" must not contain credentials'
    ]
  ])('never echoes the key a base-url refused for %s holds', (_what, url, said) => {
    const parsed = parseInputs(raw({ 'base-url': url }))
    expect(!parsed.ok && parsed.problems[0]).toContain(said)
    expect(JSON.stringify(parsed)).not.toContain('s3cretKeyValue')
  })

  it.each([
    ['https://api.example.com/v1', '/v1', 'https://api.example.com'],
    ['https://api.example.com/v1/', '/v1', 'https://api.example.com'],
    ['https://gw.example.com/docs/V2', '/V2', 'https://gw.example.com/docs'],
    ['https://api.example.com/discovery/v1', '/discovery/v1', 'https://api.example.com']
  ])('a base-url ending in a version the paths begin with (%s) is named up front, with the address to give', (url, version, fixed) => {
    const parsed = parseInputs(raw({ 'base-url': url }))
    expect(!parsed.ok && parsed.problems[0]).toBe(
      `base-url: "${url}" ends with ${version}, and every path of the platform's API already begins with its version (a status would be read at ${fixed}${version}/v1/project/update-status/…); give the address without it: ${fixed}`
    )
    // A path that only holds a version inside it is the user's own.
    expect(parseInputs(raw({ 'base-url': 'https://api.example.com/v1-gateway/docs' })).ok).toBe(true)
  })

  it('never echoes a key, even a malformed one', () => {
    const parsed = parseInputs(raw({ 'admin-key': 'secret with spaces' }))
    expect(parsed.ok).toBe(false)
    expect(JSON.stringify(parsed)).not.toContain('secret with spaces')
    expect(!parsed.ok && parsed.problems[0]).toMatch(/^admin-key: \(hidden\) must be printable ASCII/)
  })

  it.each([
    ['.', ''],
    ['', ''],
    ['docs', 'docs'],
    ['./apps/docs/', 'apps/docs'],
    ['apps\\docs', 'apps/docs']
  ])('docs-root %o is the folder %o of the repository', (given, folder) => {
    const parsed = parseInputs(raw({ 'docs-root': given }))
    expect(parsed.ok && parsed.settings.docsRoot).toBe(folder)
  })

  it.each(['/etc', '../docs', 'apps/../docs', 'C:/docs', 'apps//docs'])('docs-root %o is refused: it is no folder of the repository', (given) => {
    const parsed = parseInputs(raw({ 'docs-root': given }))
    expect(!parsed.ok && parsed.problems).toEqual([
      `docs-root: ${JSON.stringify(given)} must be a folder relative to the repository root, such as docs or site/docs, without .. or a leading /`
    ])
  })

  it('a key pasted with its "Bearer " scheme is told to drop it, not asked about a line break; the key is never echoed', () => {
    const parsed = parseInputs(raw({ 'admin-key': 'Bearer sk_live_0123456789' }))
    expect(!parsed.ok && parsed.problems).toEqual([
      'admin-key: (hidden) starts with "Bearer ": give the key alone in the secret; the action sends it as "Authorization: Bearer <key>" itself'
    ])
    expect(JSON.stringify(parsed)).not.toContain('sk_live_0123456789')
  })

  it.each(['admin-key', 'assistant-key'] as const)('a %s of a few characters is refused: it would garble the log where it is masked', (name) => {
    const parsed = parseInputs(raw({ [name]: 'ab', 'search-domain': 'd', 'search-query': 'q' }))
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.problems.find((p) => p.startsWith(name))).toMatch(
      new RegExp(`^${name}: \\(hidden\\) is shorter than 8 characters, far shorter than a platform API key`)
    )
    expect(JSON.stringify(parsed)).not.toContain('"ab"')
  })

  it('every input has a default entry', () => {
    expect(Object.keys(INPUT_DEFAULTS).sort()).toEqual([...INPUT_NAMES].sort())
  })
})

describe('identifierProblem', () => {
  it.each(['abc', 'A-b_c.9', '65f0c0ffee', 'x'.repeat(256)])('%s is a plain id', (id) => {
    expect(identifierProblem(id)).toBeUndefined()
  })
  it.each(['a/b', 'a\\b', 'a?b', 'a#b', 'a%b', 'a b', 'a\tb', 'a\u0000b', '..', 'a..b', 'x'.repeat(257)])('%j is not', (id) => {
    expect(identifierProblem(id)).toBeDefined()
  })
})

describe('splitList', () => {
  it('splits on newlines and commas and drops blanks', () => {
    expect(splitList(' a,b \n\n,c\r\n')).toEqual(['a', 'b', 'c'])
  })
})

describe('search inputs', () => {
  const search = { 'search-query': 'install the cli, fast\nquickstart', 'search-domain': 'acme-docs', 'assistant-key': 'assistant_key_1' }

  it('reads one query per line, commas included, and sends only what was set', () => {
    const parsed = parseInputs(raw({ ...search, 'search-page-size': '5', 'search-tag': 'api', 'search-expect-path': 'quickstart' }))
    expect(parsed.ok && parsed.settings.search).toEqual({
      queries: ['install the cli, fast', 'quickstart'],
      domain: 'acme-docs',
      assistantKey: 'assistant_key_1',
      pageSize: 5,
      filter: { tag: 'api' },
      minResults: 1,
      expectPath: 'quickstart'
    })
  })

  it('runs alone without status-id or admin-key', () => {
    const parsed = parseInputs(raw({ ...search, 'status-id': '', 'admin-key': '' }))
    expect(parsed.ok && parsed.settings.targets).toEqual([])
  })

  it.each<[Partial<RawInputs>, RegExp]>([
    [{ 'search-page-size': '0' }, /^search-page-size: "0" must be an integer from 1 to 50$/],
    [{ 'search-page-size': '51' }, /^search-page-size: "51" must be an integer from 1 to 50$/],
    [{ 'search-page-size': '2.5' }, /^search-page-size: /],
    [{ 'search-score-threshold': '1.5' }, /^search-score-threshold: "1.5" must be a number from 0 to 1$/],
    [{ 'search-score-threshold': '-0.1' }, /^search-score-threshold: /],
    [{ 'search-min-results': 'many' }, /^search-min-results: /],
    [{ 'search-domain': '' }, /^search-domain: is required with search-query/],
    [{ 'search-domain': 'a/b' }, /^search-domain: "a\/b" contains a character/],
    [{ 'assistant-key': '' }, /^assistant-key: is required with search-query/],
    [{ 'assistant-key': KEY }, /^assistant-key: \(hidden\) is the same as admin-key/]
  ])('%o is refused: %s', (overrides, message) => {
    const parsed = parseInputs(raw({ ...search, ...overrides }))
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.problems.some((p) => message.test(p))).toBe(true)
    expect(JSON.stringify(parsed)).not.toContain(KEY)
  })
})

describe('pr comment inputs', () => {
  it('reads pr-comment, the token and pr-number-target', () => {
    const parsed = parseInputs(raw({ 'pr-comment': 'true', 'github-token': 'ghs_x', 'pr-number-target': '42' }))
    expect(parsed.ok && parsed.settings.comment).toEqual({ githubToken: 'ghs_x', prNumberTarget: 42, requestTimeoutMs: 30_000, kinds: ['update'], key: '' })
  })

  it('reads pr-comment-key, which keeps the comments of matrix legs apart', () => {
    const parsed = parseInputs(raw({ 'pr-comment': 'true', 'github-token': 'ghs_x', 'pr-comment-key': ' linux / node 20 ' }))
    expect(parsed.ok && parsed.settings.comment?.key).toBe('linux / node 20')
    const long = parseInputs(raw({ 'pr-comment': 'true', 'github-token': 'ghs_x', 'pr-comment-key': 'k'.repeat(201) }))
    expect(!long.ok && long.problems).toEqual([expect.stringMatching(/^pr-comment-key: "k+\.\.\." is longer than 200 characters/)])
  })

  it('an empty github-token with pr-comment is no problem: no comment, and the step says so in a warning', () => {
    const parsed = parseInputs(raw({ 'pr-comment': 'true', 'github-token': '' }))
    expect(parsed.ok && parsed.settings.comment).toBeUndefined()
    expect(commentWithoutToken(raw({ 'pr-comment': 'true', 'github-token': ' ' }))).toBe(true)
    expect(commentWithoutToken(raw({ 'pr-comment': 'true', 'github-token': 'ghs_x' }))).toBe(false)
    expect(commentWithoutToken(raw({ 'pr-comment': 'false', 'github-token': '' }))).toBe(false)
  })

  it('keeps the comment settings when other inputs are invalid, so the problems are commented too', () => {
    const parsed = parseInputs(raw({ 'pr-comment': 'true', 'github-token': 'ghs_x', timeout: 'soon', 'job-id': 'j1', 'search-query': 'q' }))
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.comment).toEqual({
      githubToken: 'ghs_x',
      prNumberTarget: undefined,
      requestTimeoutMs: 30_000,
      kinds: ['update', 'job', 'search'],
      key: ''
    })
  })

  it.each<[string, Partial<RawInputs>]>([
    ['pr-comment is false', { 'github-token': 'ghs_x', timeout: 'soon' }],
    ['pr-comment is not a boolean', { 'pr-comment': 'yes', 'github-token': 'ghs_x' }],
    ['the token is missing', { 'pr-comment': 'true', timeout: 'soon' }],
    ['pr-number-target is invalid', { 'pr-comment': 'true', 'github-token': 'ghs_x', 'pr-number-target': '#12' }]
  ])('has no comment settings when %s', (_why, overrides) => {
    const parsed = parseInputs(raw(overrides))
    expect(parsed.ok ? parsed.settings.comment : parsed.comment).toBeUndefined()
  })

  it.each<[Partial<RawInputs>, RegExp]>([
    [{ 'pr-number-target': '0' }, /^pr-number-target: "0" must be an integer/],
    [{ 'pr-number-target': '#12' }, /^pr-number-target: /],
    [{ 'pr-comment': 'yes' }, /^pr-comment: "yes" is not a boolean/]
  ])('%o is refused: %s', (overrides, message) => {
    const parsed = parseInputs(raw(overrides))
    expect(!parsed.ok && parsed.problems.some((p) => message.test(p))).toBe(true)
  })
})

describe('recordsAskedFor: a record whose code is not loaded is never one the run keeps', () => {
  it('whenever a record would be kept, or said to be skipped, the inputs ask for it (valid or not)', () => {
    const value = (...values: string[]) => fc.constantFrom('', ' ', ...values)
    fc.assert(
      fc.property(
        fc.record({
          'pr-comment': value('true', 'false', 'TRUE', 'yes'),
          'github-token': value('ghs_token'),
          'deployment-environment': value('docs', ' docs '),
          'commit-status': value('docs', ' docs ', 'a'.repeat(300)),
          timeout: value('5m', 'soon'),
          'status-id': value('abc123', '')
        }),
        (overrides) => {
          const inputs = raw(overrides)
          const asked = recordsAskedFor(inputs)
          const parsed = parseInputs(inputs)
          if (commentOf(inputs) !== undefined || commentWithoutToken(inputs)) expect(asked.comment).toBe(true)
          if ((parsed.ok && parsed.settings.deployment !== undefined) || deploymentWithoutToken(inputs)) expect(asked.deployment).toBe(true)
          if (commitStatusOf(inputs) !== undefined || commitStatusWithoutToken(inputs)) expect(asked.commitStatus).toBe(true)
          // And none is asked for that the inputs leave empty.
          if (overrides['commit-status'].trim() === '') expect(asked.commitStatus).toBe(false)
          if (overrides['deployment-environment'].trim() === '') expect(asked.deployment).toBe(false)
        }
      ),
      { numRuns: 500 }
    )
  })
})
