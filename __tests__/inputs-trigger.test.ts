import { describe, expect, it } from 'vitest'
import { INPUT_NAMES, parseInputs, type RawInputs } from '../src/inputs/parse.js'
import { branchProblem } from '../src/inputs/trigger.js'

function raw(overrides: Partial<RawInputs>): RawInputs {
  const inputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, ''])) as RawInputs
  return { ...inputs, 'base-url': 'https://api.example.com', 'admin-key': 'admin_secret_value_123', ...overrides }
}

function problems(overrides: Partial<RawInputs>): string[] {
  const parsed = parseInputs(raw(overrides))
  return parsed.ok ? [] : parsed.problems
}

describe('trigger inputs', () => {
  it.each([
    [
      { trigger: 'update', 'project-id': 'p1' },
      { kind: 'update', projectId: 'p1' }
    ],
    [
      { trigger: 'Preview', 'project-id': 'p1', 'preview-branch': 'feat/nav' },
      { kind: 'preview', projectId: 'p1', branch: 'feat/nav' }
    ],
    [
      { trigger: 'agent', 'project-id': 'p1', 'agent-prompt': 'Fix the typos\nin the quickstart' },
      { kind: 'agent', projectId: 'p1', prompt: 'Fix the typos\nin the quickstart' }
    ],
    [
      { trigger: 'automation', 'project-id': 'p1', 'automation-id': 'nightly-sync' },
      { kind: 'automation', projectId: 'p1', automationId: 'nightly-sync' }
    ]
  ])('%j is enough to start work and wait on it', (inputs, trigger) => {
    const parsed = parseInputs(raw(inputs))
    expect(parsed.ok && parsed.settings.trigger).toEqual(trigger)
    expect(parsed.ok && parsed.settings.targets).toEqual([])
  })

  it('combines with status-id and job-id targets', () => {
    const parsed = parseInputs(raw({ trigger: 'update', 'project-id': 'p1', 'status-id': 's1', 'job-id': 'j1' }))
    expect(parsed.ok && parsed.settings.targets).toEqual([
      { kind: 'update', id: 's1' },
      { kind: 'job', id: 'j1', projectId: 'p1' }
    ])
  })

  it.each([
    [{ trigger: 'deploy', 'project-id': 'p1' }, ['trigger: "deploy" is not a kind of work to start; use one of update, preview, agent, automation']],
    [{ trigger: 'update' }, ['project-id: is required with trigger (the work is started in that project)']],
    [{ trigger: 'update', 'project-id': 'p1', 'admin-key': '' }, ['admin-key: is required with trigger (the admin API key of the platform starts the work)']],
    [{ trigger: 'preview', 'project-id': 'p1' }, ['preview-branch: is required with trigger: preview (the git branch to deploy as a preview)']],
    [{ trigger: 'agent', 'project-id': 'p1' }, ['agent-prompt: is required with trigger: agent (the instruction for the agent)']],
    [
      { trigger: 'update', 'project-id': 'p1', 'preview-branch': 'main', 'agent-prompt': 'x' },
      [
        'preview-branch: is only used with trigger: preview; set trigger: preview, or remove preview-branch',
        'agent-prompt: is only used with trigger: agent; set trigger: agent, or remove agent-prompt'
      ]
    ],
    [{ trigger: 'automation', 'project-id': 'p1' }, ['automation-id: is required with trigger: automation (the id of the automation to run now)']],
    [
      { trigger: 'agent', 'project-id': 'p1', 'agent-prompt': 'x', 'automation-id': 'nightly-sync' },
      ['automation-id: is only used with trigger: automation; set trigger: automation, or remove automation-id']
    ],
    [
      { 'status-id': 's1', 'automation-id': 'nightly-sync' },
      ['automation-id: is only used with trigger: automation; set trigger: automation, or remove automation-id']
    ],
    [
      { trigger: 'automation', 'project-id': 'p1', 'automation-id': 'a/b' },
      ['automation-id: "a/b" contains a character that is not allowed in an id (/ \\ ? # % whitespace or control characters)']
    ],
    [
      { trigger: 'automation', 'project-id': 'p1', 'automation-id': 'nightly', 'expect-sha': 'abcdef0' },
      ['expect-sha: applies to updates only; give a status-id or trigger: update or preview, or remove expect-sha']
    ],
    [{ 'status-id': 's1', 'preview-branch': 'main' }, ['preview-branch: is only used with trigger: preview; set trigger: preview, or remove preview-branch']],
    [
      { trigger: 'preview', 'project-id': 'p1', 'preview-branch': 'feat nav' },
      ['preview-branch: "feat nav" is not a git branch name (no spaces, control characters or any of ~ ^ : ? * [ \\)']
    ],
    [{ 'status-id': 's1', 'expect-sha': 'abc12' }, [`expect-sha: "abc12" is not a commit sha; give 7 to 40 hex characters, e.g. \${{ github.sha }}`]],
    [
      { 'status-id': 's1', 'expect-sha': 'g'.repeat(40) },
      [`expect-sha: "${'g'.repeat(40)}" is not a commit sha; give 7 to 40 hex characters, e.g. \${{ github.sha }}`]
    ],
    [
      { trigger: 'agent', 'project-id': 'p1', 'agent-prompt': 'x', 'expect-sha': 'abcdef0' },
      ['expect-sha: applies to updates only; give a status-id or trigger: update or preview, or remove expect-sha']
    ]
  ])('%j is refused before any request: %j', (inputs, expected) => {
    expect(problems(inputs)).toEqual(expected)
  })

  it('agent-message with one job-id sends the follow-up to that job, which is waited on', () => {
    const parsed = parseInputs(raw({ 'job-id': 'j1', 'project-id': 'p1', 'agent-message': 'Also fix the title' }))
    expect(parsed.ok && parsed.settings.trigger).toEqual({ kind: 'message', projectId: 'p1', jobId: 'j1', prompt: 'Also fix the title' })
    expect(parsed.ok && parsed.settings.targets).toEqual([{ kind: 'job', id: 'j1', projectId: 'p1' }])
  })

  it.each([
    [{ 'agent-message': 'Also fix the title' }, ['agent-message: needs the agent job to send it to; give its id in job-id (with project-id)']],
    [
      { 'status-id': 's1', 'project-id': 'p1', 'agent-message': 'Also fix the title' },
      ['agent-message: needs the agent job to send it to; give its id in job-id (with project-id)']
    ],
    [
      { 'job-id': 'j1, j2', 'project-id': 'p1', 'agent-message': 'Also fix the title' },
      ['agent-message: is sent to one agent job, and job-id lists 2; give only the job the message is for in job-id, and wait on the others in another step']
    ],
    [
      { 'job-id': 'j1', 'project-id': 'p1', trigger: 'agent', 'agent-prompt': 'x', 'agent-message': 'Also fix the title' },
      ['agent-message: cannot be combined with trigger (a step sends one request that starts work); send the follow-up in a step of its own, or remove trigger']
    ],
    [{ 'job-id': 'j1', 'agent-message': 'Also fix the title' }, ['project-id: is required with job-id (agent jobs are looked up per project)']],
    [{ 'job-id': 'j1', 'project-id': 'p1', 'agent-message': 'x'.repeat(20_001) }, [`agent-message: "${'x'.repeat(77)}..." is longer than 20000 characters`]]
  ])('agent-message misused: %j is refused before any request', (inputs, expected) => {
    expect(problems(inputs)).toEqual(expected)
  })

  it('the same job given twice is one job', () => {
    const parsed = parseInputs(raw({ 'job-id': 'j1\nj1', 'project-id': 'p1', 'agent-message': 'Also fix the title' }))
    expect(parsed.ok && parsed.settings.trigger).toMatchObject({ kind: 'message', jobId: 'j1' })
  })

  it('with nothing to do, names trigger among the ways to give work', () => {
    expect(problems({})).toEqual([
      'status-id / job-id / search-query: nothing to do; give a status-id, a job-id with project-id, a platform-check, or a search-query, or start work with trigger'
    ])
  })

  it('reads expect-sha in lowercase, so any spelling of a sha matches', () => {
    const parsed = parseInputs(raw({ 'status-id': 's1', 'expect-sha': '3F786850E387550FDAB836ED7E6DC881DE23001B' }))
    expect(parsed.ok && parsed.settings.expectSha).toBe('3f786850e387550fdab836ed7e6dc881de23001b')
  })

  it('a prompt longer than the limit is refused', () => {
    expect(problems({ trigger: 'agent', 'project-id': 'p1', 'agent-prompt': 'x'.repeat(20_001) })).toEqual([
      `agent-prompt: "${'x'.repeat(77)}..." is longer than 20000 characters`
    ])
  })

  it.each([
    ['main', undefined],
    ['feature/new-nav', undefined],
    ['release-1.2', undefined],
    ['a..b', 'is not a git branch name (no "..", "@{" or "//")'],
    ['-x', 'is not a git branch name (it may not start with - / . or end with / . .lock)'],
    ['x.lock', 'is not a git branch name (it may not start with - / . or end with / . .lock)'],
    ['x~1', 'is not a git branch name (no spaces, control characters or any of ~ ^ : ? * [ \\)']
  ])('branch %j: %s', (branch, problem) => {
    expect(branchProblem(branch)).toBe(problem)
  })
})
