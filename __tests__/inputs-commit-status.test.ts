import { describe, expect, it } from 'vitest'
import { githubWriter } from '../src/github/commit-status.js'
import { legOf } from '../src/inputs/commit-status.js'
import { commitStatusWithoutToken, INPUT_NAMES, parseInputs, type RawInputs } from '../src/inputs/parse.js'

const TOKEN = 'ghs_token_for_the_status'

function raw(overrides: Partial<RawInputs>): RawInputs {
  const inputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, ''])) as RawInputs
  return { ...inputs, 'base-url': 'https://api.example.com', 'admin-key': 'admin_secret_value_123', ...overrides }
}

const problems = (overrides: Partial<RawInputs>): string[] => {
  const parsed = parseInputs(raw(overrides))
  return parsed.ok ? [] : parsed.problems
}

describe('commit-status', () => {
  it('off by default', () => {
    const parsed = parseInputs(raw({ 'status-id': 'st_1' }))
    expect(parsed.ok && parsed.settings.commitStatus).toBeUndefined()
  })

  it.each([
    [{ 'status-id': 'st_1' }],
    [{ 'job-id': 'j1', 'project-id': 'p1' }],
    [{ 'search-query': 'install', 'search-domain': 'd', 'assistant-key': 'assistant_key_1' }]
  ])('%j: any work can be a required check, with the context, the token and deployment-url', (inputs) => {
    const parsed = parseInputs(
      raw({ ...inputs, 'commit-status': ' docs ', 'github-token': TOKEN, 'deployment-url': 'https://docs.example.com', 'request-timeout': '10s' })
    )
    expect(parsed.ok ? [] : parsed.problems).toEqual([])
    expect(parsed.ok && parsed.settings.commitStatus).toEqual({
      context: 'docs',
      url: 'https://docs.example.com/',
      githubToken: TOKEN,
      requestTimeoutMs: 10_000,
      failOnTimeout: true
    })
  })

  it('a context that is not one line, or too long, is refused with what to use', () => {
    expect(problems({ 'status-id': 'st_1', 'commit-status': 'docs\nci', 'github-token': TOKEN })).toEqual([
      'commit-status: "docs\\nci" is not a status context (no line breaks or control characters); use the name branch protection requires, e.g. docs'
    ])
    expect(problems({ 'status-id': 'st_1', 'commit-status': 'd'.repeat(256), 'github-token': TOKEN })[0]).toContain(
      'is 256 characters long; a status context has at most 255'
    )
  })

  it('the token is checked when a status is asked for; an empty one is a warning of the adapter, not a problem', () => {
    expect(problems({ 'status-id': 'st_1', 'commit-status': 'docs', 'github-token': 'two words' })[0]).toMatch(/^github-token: /)
    expect(problems({ 'status-id': 'st_1', 'commit-status': 'docs' })).toEqual([])
    expect(commitStatusWithoutToken(raw({ 'commit-status': 'docs' }))).toBe(true)
    expect(commitStatusWithoutToken(raw({ 'commit-status': 'docs', 'github-token': TOKEN }))).toBe(false)
  })

  it('deployment-url may go with commit-status alone', () => {
    expect(problems({ 'status-id': 'st_1', 'commit-status': 'docs', 'github-token': TOKEN, 'deployment-url': 'https://docs.example.com' })).toEqual([])
    expect(problems({ 'status-id': 'st_1', 'deployment-url': 'https://docs.example.com' })[0]).toMatch(
      /^deployment-url: is only used with deployment-environment or commit-status/
    )
  })
})

describe('the merge queue', () => {
  it("preview-branch given as the queue's ref (merge_group.head_ref) previews the branch it names", () => {
    const ref = 'refs/heads/gh-readonly-queue/main/pr-7-c0ffee0123456789abcdef0123456789abcdef01'
    const parsed = parseInputs(raw({ trigger: 'preview', 'project-id': 'p1', 'preview-branch': ref }))
    expect(parsed.ok && parsed.settings.trigger).toEqual({ kind: 'preview', projectId: 'p1', branch: ref.slice('refs/heads/'.length) })
  })
})

describe('matrix: the leg a job runs, as the runner fills it in', () => {
  it('the matrix values name the leg, its JSON whole is its identity; none without a matrix', () => {
    expect(legOf('{\n  "os": "linux",\n  "node": 20\n}')).toEqual({ identity: '{"os":"linux","node":20}', label: 'linux, 20' })
    expect(legOf('null')).toBeUndefined()
    expect(legOf('')).toBeUndefined()
    // Outside the runner, the default is not filled in.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the runner's expression, as it is written
    expect(legOf('${{ toJSON(matrix) }}')).toBeUndefined()
    expect(legOf('site-b')).toEqual({ identity: 'site-b', label: 'site-b' })
  })
  it('reaches the commit status’s settings; two legs are two writers, a re-run of one the same', () => {
    const parsed = parseInputs(raw({ 'status-id': 'st_1', 'commit-status': 'docs', 'github-token': TOKEN, matrix: '{"site":"a"}' }))
    const status = parsed.ok ? parsed.settings.commitStatus : undefined
    expect(status?.leg).toEqual({ identity: '{"site":"a"}', label: 'a' })
    const env = { GITHUB_JOB: 'docs', GITHUB_ACTION: '__acme_wait-for-docs', GITHUB_WORKFLOW_REF: 'acme/docs/.github/workflows/docs.yml@refs/heads/main' }
    if (!status) throw new Error('no status')
    const a = githubWriter(status, 42, 'https://github.com/acme/docs/actions/runs/42', env)
    const again = githubWriter(status, 42, 'https://github.com/acme/docs/actions/runs/42/attempts/2', env)
    const b = githubWriter({ ...status, leg: { identity: '{"site":"b"}', label: 'b' } }, 42, undefined, env)
    expect(a.label).toBe('docs (a)')
    expect(again.key).toBe(a.key)
    expect(b.key).not.toBe(a.key)
  })
})
