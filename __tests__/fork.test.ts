import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { explainCommentError } from '../src/github/comment-api.js'
import { explainStatusError } from '../src/github/commit-status-api.js'
import { explainDeploymentError } from '../src/github/deployment-api.js'
import { forkPullRequest, forkRefusal, runFork } from '../src/github/fork.js'
import { GitLabError } from '../src/gitlab/api.js'
import { explainNoteError, notePlace } from '../src/gitlab/mr-note.js'

const repo = (full_name: string | undefined, fork = false) => ({ ...(full_name === undefined ? {} : { full_name }), fork })
const event = (eventName: string, head: unknown, base: unknown = repo('acme/docs')) => ({
  eventName,
  payload: { pull_request: { number: 7, head: { sha: 'c0ffee0', repo: head }, base: { repo: base } } }
})

describe('a pull request from a fork, read from the event', () => {
  it('is a fork when the head repository is not the base repository, on the events that run with a read-only token', () => {
    for (const name of ['pull_request', 'pull_request_review', 'pull_request_review_comment'])
      expect(forkPullRequest(event(name, repo('octo/docs', true)))).toEqual({ head: 'octo/docs' })
  })
  it('names compare without case; a branch of the repository itself is no fork, even when the repository is a fork of another', () => {
    expect(forkPullRequest(event('pull_request', repo('ACME/Docs')))).toBeUndefined()
    expect(forkPullRequest(event('pull_request', repo('acme/docs', true), repo('acme/docs', true)))).toBeUndefined()
  })
  it('without both names, head.repo.fork decides; a deleted fork (head.repo null) is a fork', () => {
    expect(forkPullRequest(event('pull_request', repo(undefined, true), repo(undefined)))).toEqual({ head: undefined })
    expect(forkPullRequest(event('pull_request', repo(undefined, false), repo(undefined)))).toBeUndefined()
    expect(forkPullRequest(event('pull_request', null))).toEqual({ head: undefined })
  })
  it('is never a fork on pull_request_target, workflow_run or push, whose token is the base repository’s', () => {
    for (const name of ['pull_request_target', 'workflow_run', 'push', 'merge_group', ''])
      expect(forkPullRequest(event(name, repo('octo/docs', true)))).toBeUndefined()
  })
  it('shows the fork by name only when the name is a plain owner/name', () => {
    expect(forkPullRequest(event('pull_request', repo('octo/docs\n::error::x', true)))).toEqual({ head: undefined })
    expect(forkPullRequest({ eventName: 'pull_request', payload: null })).toBeUndefined()
    expect(forkPullRequest({ eventName: 'pull_request', payload: { pull_request: 'x' } })).toBeUndefined()
  })
  it('is read from GITHUB_EVENT_NAME and GITHUB_EVENT_PATH; an event that cannot be read is no fork', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fork-'))
    const file = path.join(dir, 'event.json')
    writeFileSync(file, JSON.stringify(event('pull_request', repo('octo/docs', true)).payload))
    expect(runFork({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file })).toEqual({ head: 'octo/docs' })
    expect(runFork({ GITHUB_EVENT_NAME: 'pull_request_target', GITHUB_EVENT_PATH: file })).toBeUndefined()
    writeFileSync(file, '{ not json')
    expect(runFork({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file })).toBeUndefined()
    expect(runFork({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: path.join(dir, 'missing.json') })).toBeUndefined()
    expect(runFork({})).toBeUndefined()
  })
})

describe("a fork's refused write, in words", () => {
  const http = (status: number, message: string) => Object.assign(new Error(message), { status })
  const forbidden = http(403, 'Resource not accessible by integration')
  const fork = { head: 'octo/docs' }

  it('the comment, the deployment and the commit status name the read-only token and pull_request_target, not a permission to add', () => {
    for (const said of [explainCommentError(forbidden, fork), explainDeploymentError(forbidden, fork), explainStatusError(forbidden, fork)]) {
      expect(said).toMatch(/^the token may not write .* \(HTTP 403\): this pull request comes from a fork \(octo\/docs\)/)
      expect(said).toContain('read-only token whatever `permissions:` says')
      expect(said).toContain('`pull_request_target`')
      expect(said).not.toMatch(/Add `permissions/)
    }
    // Outside a fork, the permission to add, as before.
    expect(explainStatusError(forbidden, undefined)).toContain('Add `permissions: statuses: write`')
    expect(explainCommentError(forbidden, undefined)).toContain('Add `permissions: pull-requests: write`')
    expect(explainDeploymentError(forbidden, undefined)).toContain('Add `permissions: deployments: write`')
  })

  it('a secondary rate limit on a fork is still a rate limit', () => {
    const limited = http(403, 'You have exceeded a secondary rate limit')
    expect(explainStatusError(limited, fork)).toMatch(/^GitHub asked to slow down/)
    expect(explainDeploymentError(limited, fork)).toMatch(/^GitHub asked to slow down/)
    expect(explainCommentError(limited, fork)).not.toMatch(/fork/)
  })

  it('a secondary rate limit on a comment is a rate limit, never a missing pull-requests: write', () => {
    const limited = http(403, 'You have exceeded a secondary rate limit')
    expect(explainCommentError(limited, undefined)).toBe(
      'GitHub asked to slow down (HTTP 403: You have exceeded a secondary rate limit); the next run writes the comment again'
    )
    expect(explainCommentError(http(429, 'API rate limit exceeded'), undefined)).toMatch(/^GitHub asked to slow down \(HTTP 429/)
  })

  it('fits the 400 characters a warning keeps of it, with the longest fork name it shows', () => {
    const longest = forkRefusal({ head: `${'o'.repeat(20)}/${'d'.repeat(19)}` }, 'pull request comments', 'pull-requests', 403)
    expect(longest).toContain(`(${'o'.repeat(20)}/`)
    expect(longest.length).toBeLessThanOrEqual(400)
    expect(forkRefusal({ head: `${'o'.repeat(39)}/${'d'.repeat(100)}` }, 'pull request comments', 'pull-requests', 403)).toContain('comes from a fork, and')
  })
})

describe("GitHub's 422 limit of statuses", () => {
  it('names the limit, that the check keeps its earlier state, and what to do', () => {
    const full = Object.assign(
      new Error(
        'Validation Failed: {"resource":"Status","code":"custom","field":"context","message":"This SHA and context has reached the maximum number of statuses."} - https://docs.github.com/rest'
      ),
      { status: 422 }
    )
    expect(explainStatusError(full, undefined)).toBe(
      "the commit already has GitHub's most statuses of one name, 1000 per commit and context (HTTP 422), and GitHub takes no more: the check keeps the state it had before this run, which may be an earlier run's success. Give commit-status a new context name (and require that name in branch protection), or push a new commit"
    )
    // Another 422 keeps its words.
    expect(explainStatusError(Object.assign(new Error('No commit found for SHA: abc'), { status: 422 }), undefined)).toMatch(/may not be in this repository/)
    // Without the documentation's address octokit appends to GitHub's words.
    const validation = Object.assign(new Error('Validation Failed - https://docs.github.com/rest/commits/statuses#create-a-commit-status'), { status: 422 })
    expect(explainStatusError(validation, undefined)).toBe(
      'GitHub refused the status (HTTP 422: Validation Failed); the commit of the run may not be in this repository'
    )
    expect(explainStatusError(Object.assign(new Error('Conflict - https://docs.github.com/rest'), { status: 409 }), undefined)).toBe('HTTP 409: Conflict')
    expect(explainCommentError(Object.assign(new Error('Validation Failed - https://docs.github.com/rest'), { status: 422 }), undefined)).toBe(
      'HTTP 422: Validation Failed'
    )
  })
})

describe("the note of a fork's merge request pipeline on GitLab", () => {
  const job = {
    GITLAB_CI: 'true',
    CI_API_V4_URL: 'https://gitlab.example.com/api/v4',
    CI_PROJECT_ID: '99',
    CI_PROJECT_PATH: 'octo/docs',
    CI_MERGE_REQUEST_PROJECT_ID: '17',
    CI_MERGE_REQUEST_PROJECT_PATH: 'acme/docs',
    CI_MERGE_REQUEST_IID: '3'
  }
  it('goes to the merge request’s own project, and knows the fork the pipeline runs in', () => {
    expect(notePlace(job, { kinds: [], key: undefined })).toMatchObject({
      project: '17',
      mergeRequest: '3',
      projectName: 'acme/docs',
      fork: { project: '99', name: 'octo/docs' }
    })
  })
  it('a pipeline of the merge request’s own project is no fork; CI_PROJECT_ID stands in when GitLab does not name the merge request’s project', () => {
    expect(notePlace({ ...job, CI_PROJECT_ID: '17' }, { kinds: [], key: undefined })).toMatchObject({ project: '17', fork: undefined })
    expect(notePlace({ ...job, CI_MERGE_REQUEST_PROJECT_ID: undefined }, { kinds: [], key: undefined })).toMatchObject({ project: '99', fork: undefined })
    expect(notePlace({ ...job, CI_MERGE_REQUEST_PROJECT_ID: '', CI_PROJECT_ID: '' }, { kinds: [], key: undefined })).toEqual({
      skip: "the merge request's project is unknown (neither CI_MERGE_REQUEST_PROJECT_ID nor CI_PROJECT_ID is set)"
    })
  })
  it('names a project by its path only when it is a plain one, else by its id', () => {
    expect(
      notePlace({ ...job, CI_MERGE_REQUEST_PROJECT_PATH: 'acme/docs\n::error::x', CI_PROJECT_PATH: undefined }, { kinds: [], key: undefined })
    ).toMatchObject({
      projectName: 'project 17',
      fork: { name: 'project 99' }
    })
  })
  it('a refusal outside a fork says nothing of forks', () => {
    const place = { project: '17', mergeRequest: '3' }
    for (const status of [401, 403, 404]) {
      const why = explainNoteError(new GitLabError(`HTTP ${status}`, status), place)
      expect(why).not.toMatch(/fork/)
      expect(
        explainNoteError(new GitLabError(`HTTP ${status}`, status), { ...place, projectName: 'acme/docs', fork: { project: '99', name: 'octo/docs' } })
      ).toContain('This pipeline runs in the fork octo/docs for a merge request of acme/docs')
    }
  })
})
