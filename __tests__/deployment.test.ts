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

  it("GitHub's permission answer (403) names the permission to add; 401 is a token refused", () => {
    expect(explainDeploymentError(httpError(403, 'Resource not accessible by integration'), undefined)).toBe(
      'the token may not write deployments (HTTP 403: Resource not accessible by integration). Add `permissions: deployments: write` to the job (or pass a github-token that has it)'
    )
    expect(explainDeploymentError(httpError(401, 'Bad credentials'))).toMatch(/^GitHub refused the token \(HTTP 401\): pass a current github-token/)
  })

  it('a 403 that is not the permission one (a secondary rate limit, anything else) quotes GitHub, never blames deployments: write', () => {
    const limited = explainDeploymentError(httpError(403, 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'))
    expect(limited).toBe(
      'GitHub asked to slow down (HTTP 403: You have exceeded a secondary rate limit. Please wait a few minutes before you try again); the next run writes the deployment again'
    )
    expect(explainDeploymentError(httpError(403, 'Repository access blocked'))).toBe('HTTP 403: Repository access blocked')
    for (const text of [limited, explainDeploymentError(httpError(403, 'Repository access blocked'))]) expect(text).not.toContain('deployments: write')
  })

  it('a 429 is said as the 429 it was, not as a 403', () => {
    expect(explainDeploymentError(httpError(429, 'API rate limit exceeded for installation.'), undefined)).toBe(
      'GitHub asked to slow down (HTTP 429: API rate limit exceeded for installation); the next run writes the deployment again'
    )
  })

  it('a 404 when the status is written is the deployment gone, not the repository', () => {
    const onStatus = Object.assign(httpError(404, 'Not Found'), { request: { url: 'https://api.github.com/repos/acme/docs/deployments/42/statuses' } })
    expect(explainDeploymentError(onStatus)).toBe(
      'the deployment was not found when its status was written (HTTP 404): it was deleted meanwhile, or the token can no longer see it'
    )
    expect(explainDeploymentError(onStatus)).not.toContain('repository')
  })

  it('a message that ends with a full stop does not end the sentence twice', () => {
    expect(explainDeploymentError(httpError(422, 'No ref found for: main.'))).toBe('HTTP 422: No ref found for: main')
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
