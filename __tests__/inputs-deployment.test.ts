import { describe, expect, it } from 'vitest'
import { deploymentWithoutToken, INPUT_NAMES, parseInputs, type RawInputs } from '../src/inputs/parse.js'

const TOKEN = 'ghs_token_for_the_deployment'

function raw(overrides: Partial<RawInputs>): RawInputs {
  const inputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, ''])) as RawInputs
  return { ...inputs, 'base-url': 'https://api.example.com', 'admin-key': 'admin_secret_value_123', ...overrides }
}

function problems(overrides: Partial<RawInputs>): string[] {
  const parsed = parseInputs(raw(overrides))
  return parsed.ok ? [] : parsed.problems
}

describe('deployment inputs', () => {
  it.each([
    [{ 'status-id': 'st_1' }, 'docs', undefined],
    [{ trigger: 'update', 'project-id': 'p1' }, 'docs', 'https://docs.example.com/'],
    [{ trigger: 'preview', 'project-id': 'p1', 'preview-branch': 'feat/nav' }, 'Docs Preview', undefined],
    [
      { 'status-id': 'st_1', 'job-id': 'j1', 'project-id': 'p1', 'search-query': 'install', 'search-domain': 'd', 'assistant-key': 'assistant_key_1' },
      'docs',
      undefined
    ]
  ])('%j with an update to record gives the deployment its settings', (inputs, environment, url) => {
    const parsed = parseInputs(
      raw({ ...inputs, 'deployment-environment': environment, 'deployment-url': url ?? '', 'github-token': TOKEN, 'request-timeout': '10s' })
    )
    expect(parsed.ok ? [] : parsed.problems).toEqual([])
    expect(parsed.ok && parsed.settings.deployment).toEqual({ environment, url, githubToken: TOKEN, requestTimeoutMs: 10_000 })
  })

  it('without deployment-environment there is no deployment, and the token is not looked at', () => {
    const parsed = parseInputs(raw({ 'status-id': 'st_1', 'github-token': 'not a token' }))
    expect(parsed.ok && parsed.settings.deployment).toBeUndefined()
  })

  it('the token is checked when a deployment is asked for, as for the comment', () => {
    expect(problems({ 'status-id': 'st_1', 'deployment-environment': 'docs', 'github-token': 'two words' })).toEqual([
      'github-token: (hidden) must be printable ASCII without spaces (is the secret pasted with a line break?)'
    ])
  })

  it('an empty token is no problem: the deployment is skipped with a warning, as the comment is', () => {
    expect(problems({ 'status-id': 'st_1', 'deployment-environment': 'docs' })).toEqual([])
    expect(problems({ 'status-id': 'st_1', 'deployment-environment': 'docs', 'pr-comment': 'true' })).toEqual([])
    const parsed = parseInputs(raw({ 'status-id': 'st_1', 'deployment-environment': 'docs' }))
    expect(parsed.ok && parsed.settings.deployment).toBeUndefined()
    expect(deploymentWithoutToken(raw({ 'status-id': 'st_1', 'deployment-environment': 'docs' }))).toBe(true)
    expect(deploymentWithoutToken(raw({ 'status-id': 'st_1', 'deployment-environment': 'docs', 'github-token': 'ghs_x' }))).toBe(false)
    expect(deploymentWithoutToken(raw({ 'status-id': 'st_1' }))).toBe(false)
  })

  it.each([
    [
      { 'status-id': 'st_1', 'deployment-url': 'https://docs.example.com' },
      'deployment-url: is only used with deployment-environment or commit-status; name the GitHub environment to record the docs in (e.g. docs-preview) or the status context (e.g. docs), or remove deployment-url'
    ],
    [
      { 'status-id': 'st_1', 'deployment-environment': 'docs', 'github-token': TOKEN, 'deployment-url': 'http://docs.example.com' },
      'deployment-url: "http://docs.example.com" must use https://; it is the address GitHub links from the "View deployment" button'
    ],
    [
      { 'status-id': 'st_1', 'deployment-environment': 'docs', 'github-token': TOKEN, 'deployment-url': 'docs.example.com' },
      'deployment-url: "docs.example.com" is not a URL; use the https:// address of the docs, e.g. https://docs.example.com'
    ],
    [
      { 'status-id': 'st_1', 'deployment-environment': 'docs', 'github-token': TOKEN, 'deployment-url': 'https://user:pw@docs.example.com' },
      'deployment-url: "https://user:pw@docs.example.com" must not contain credentials; the address is shown to everyone who can read the repository'
    ],
    [
      { 'job-id': 'j1', 'project-id': 'p1', 'deployment-environment': 'docs', 'github-token': TOKEN },
      'deployment-environment: needs a docs update to record; give a status-id or trigger: update or preview (agent jobs and the search check are not deployments), or remove deployment-environment'
    ],
    [
      { trigger: 'agent', 'project-id': 'p1', 'agent-prompt': 'x', 'deployment-environment': 'docs', 'github-token': TOKEN },
      'deployment-environment: needs a docs update to record; give a status-id or trigger: update or preview (agent jobs and the search check are not deployments), or remove deployment-environment'
    ],
    [
      { 'status-id': 'st_1', 'deployment-environment': 'x'.repeat(256), 'github-token': TOKEN },
      `deployment-environment: "${'x'.repeat(77)}..." is 256 characters long; GitHub allows at most 255 in an environment's name`
    ],
    [
      { 'status-id': 'st_1', 'deployment-environment': 'docs\u0007', 'github-token': TOKEN },
      'deployment-environment: "docs\\u0007" is not an environment name (no line breaks or control characters); use e.g. docs or docs-preview'
    ]
  ])('%j: %s', (inputs, problem) => {
    expect(problems(inputs)).toEqual([problem])
  })

  it('only the search check is no deployment either', () => {
    expect(
      problems({ 'search-query': 'install', 'search-domain': 'd', 'assistant-key': 'assistant_key_1', 'deployment-environment': 'docs', 'github-token': TOKEN })
    ).toEqual([
      'deployment-environment: needs a docs update to record; give a status-id or trigger: update or preview (agent jobs and the search check are not deployments), or remove deployment-environment'
    ])
  })

  it('an invalid trigger is its own problem, not also one of the deployment', () => {
    expect(problems({ trigger: 'deploy', 'project-id': 'p1', 'deployment-environment': 'docs', 'github-token': TOKEN })).toEqual([
      'trigger: "deploy" is not a kind of work to start; use one of update, preview, agent, automation'
    ])
  })
})
