import { describe, expect, it } from 'vitest'
import { deploymentPlace, explainDeploymentError } from '../src/github/deployment-api.js'
import type { RunOutcome, TargetReport } from '../src/model.js'
import { deploymentState, fitDescription, MAX_DEPLOYMENT_DESCRIPTION, outcomeDescription, waitingDescription } from '../src/report/deployment.js'
import { failureMessage } from '../src/report/explain.js'
import { computeOutputs } from '../src/report/outputs.js'
import { jobReport, runOutcome, searchReport, updateReport } from './helpers/builders.js'

const failed = (targets: TargetReport[], extra: Partial<RunOutcome> = {}) => runOutcome(targets, { result: 'failure', headline: 'headline', ...extra })

describe('the state of a deployment', () => {
  it.each([
    ['success', 'success'],
    ['failure', 'failure'],
    ['timeout', 'error'],
    ['cancelled', 'error'],
    ['error', 'error']
  ] as const)('%s → %s', (result, state) => {
    expect(deploymentState(result)).toBe(state)
  })
})

describe('the description of a deployment status', () => {
  it.each([
    ['a failed update', failed([updateReport('u1', { status: 'failure', summary: 'broken link in docs/quickstart.mdx' }, { result: 'failure' })])],
    [
      'a timeout',
      runOutcome([updateReport('u1', { status: 'in_progress' }, { result: 'timeout', finishedAfterMs: 900_000 })], { result: 'timeout', headline: 'h' })
    ],
    ['an error', runOutcome([updateReport('u1', null, { result: 'error', error: 'HTTP 401: rejected admin-key' })], { result: 'error', headline: 'h' })],
    [
      'several targets',
      failed([
        updateReport('u1', { status: 'success' }),
        jobReport('j1', { status: 'failed' }, { result: 'failure' }),
        updateReport('u2', { status: 'failure' }, { result: 'failure' })
      ])
    ],
    [
      'a search check that failed',
      failed([updateReport('u1', { status: 'success' })], {
        headline: 'The wait succeeded, but the search check did not: no results',
        search: searchReport({ result: 'failure' })
      })
    ]
  ])('%s: the first line of the annotation', (_name, outcome) => {
    const description = outcomeDescription(outcome)
    expect(failureMessage(outcome).split('\n')[0]).toBe(description)
    expect(description).not.toBe('')
  })

  it('a success says what succeeded', () => {
    expect(outcomeDescription(runOutcome([updateReport('u1', { status: 'success' })], { headline: 'update u1 succeeded.' }))).toBe('Update u1 succeeded.')
  })

  it('while waiting, names the work', () => {
    expect(waitingDescription([{ kind: 'update', id: 'st_1' }])).toBe('Waiting for the docs update: update st_1')
    expect(
      waitingDescription([
        { kind: 'update', id: 'a' },
        { kind: 'update', id: 'b' },
        { kind: 'job', id: 'j', projectId: 'p' }
      ])
    ).toBe('Waiting for the docs updates and agent job: update a, update b, agent job j')
  })

  it('fits within 140 characters, counted as GitHub counts them, on one line', () => {
    const long = `Update u1 failed: “${'😀 broken\nlink '.repeat(40)}”`
    const fitted = fitDescription(long)
    expect(Array.from(fitted)).toHaveLength(MAX_DEPLOYMENT_DESCRIPTION)
    expect(fitted.endsWith('…')).toBe(true)
    expect(fitted).not.toMatch(/[\n\uD800-\uDBFF]…$/)
    expect(fitted).not.toContain('\n')
    expect(fitDescription('short \u001b[31mred\u001b[0m\treason')).toBe('short red reason')
    expect(fitDescription('x'.repeat(140))).toBe('x'.repeat(140))
  })
})

describe('where the deployment goes', () => {
  const context = {
    eventName: 'push',
    repo: { owner: 'acme', repo: 'docs' },
    payload: {},
    serverUrl: 'https://github.example.com',
    runId: 42,
    sha: '3f786850e387550fdab836ed7e6dc881de23001b'
  }

  it('the commit of the run and the run itself', () => {
    expect(deploymentPlace(context)).toEqual({
      owner: 'acme',
      repo: 'docs',
      ref: '3f786850e387550fdab836ed7e6dc881de23001b',
      runUrl: 'https://github.example.com/acme/docs/actions/runs/42'
    })
  })

  it("on a pull request, the pull request's head commit, not the merge commit", () => {
    const head = 'c0ffee0123456789abcdef0123456789abcdef01'
    expect(deploymentPlace({ ...context, eventName: 'pull_request', payload: { pull_request: { number: 7, head: { sha: head } } } })).toMatchObject({
      ref: head
    })
  })

  it('nowhere without a repository or a commit', () => {
    expect(deploymentPlace({ ...context, repo: { owner: '', repo: '' } })).toEqual({
      skip: 'the repository of the run is unknown (GITHUB_REPOSITORY is not set)'
    })
    expect(deploymentPlace({ ...context, sha: '' })).toEqual({ skip: 'the commit of the run is unknown (GITHUB_SHA is not set)' })
  })
})

describe('a deployment that could not be written', () => {
  const httpError = (status: number, message: string) => Object.assign(new Error(message), { status })

  it('403 and 401 name the permission to add', () => {
    for (const status of [401, 403])
      expect(explainDeploymentError(httpError(status, 'Resource not accessible by integration'))).toBe(
        `the token may not write deployments (HTTP ${status}). Add \`permissions: deployments: write\` to the job (or pass a github-token that has it)`
      )
  })

  it("anything else gives GitHub's message, on one line", () => {
    expect(explainDeploymentError(httpError(422, 'No ref found for: abc\nmore'))).toBe('HTTP 422: No ref found for: abc')
    expect(explainDeploymentError(httpError(404, 'Not Found'))).toBe(
      'the repository was not found (HTTP 404); check that github-token belongs to this repository'
    )
    expect(explainDeploymentError(new Error('connect ECONNREFUSED 127.0.0.1:1'))).toBe('connect ECONNREFUSED 127.0.0.1:1')
  })
})

describe('the deployment-id output', () => {
  it('is the deployment the adapter created, else empty', () => {
    const outcome = runOutcome([updateReport('u1', { status: 'success' })])
    expect(computeOutputs(outcome, { deploymentId: '1234' })['deployment-id']).toBe('1234')
    expect(computeOutputs(outcome)['deployment-id']).toBe('')
  })
})
