import { describe, expect, it } from 'vitest'
import { commentTarget, type RunContext } from '../src/github/comment-api.js'
import { deploymentPlace } from '../src/github/deployment-api.js'
import { expectedCommitAdvice, queuedPullRequest, runCommit } from '../src/github/run-commit.js'
import { renderInProgressComment } from '../src/report/comment.js'

const HEAD = 'c0ffee0123456789abcdef0123456789abcdef01'
const QUEUED = 'feedface0123456789abcdef0123456789abcdef'
const GITHUB_SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const context = (extra: Partial<RunContext> = {}): RunContext => ({
  eventName: 'push',
  repo: { owner: 'acme', repo: 'docs' },
  payload: {},
  serverUrl: 'https://github.com',
  runId: 1,
  sha: GITHUB_SHA,
  ...extra
})
const mergeGroup = (headRef: string) =>
  context({ eventName: 'merge_group', payload: { merge_group: { head_sha: QUEUED, head_ref: headRef, base_ref: 'refs/heads/main' } } })

describe("the run's commit, one for the comment, the deployment and the commit status", () => {
  it("push: GITHUB_SHA; pull_request: the pull request's head; merge_group: the queue's head_sha", () => {
    expect(runCommit(context())).toEqual({ sha: GITHUB_SHA })
    expect(runCommit(context({ eventName: 'pull_request', payload: { pull_request: { number: 7, head: { sha: HEAD } } } }))).toEqual({ sha: HEAD })
    expect(runCommit(mergeGroup(`refs/heads/gh-readonly-queue/main/pr-7-${HEAD}`))).toEqual({ sha: QUEUED })
    expect(deploymentPlace(mergeGroup(`refs/heads/gh-readonly-queue/main/pr-7-${HEAD}`))).toMatchObject({ ref: QUEUED })
  })

  it('says which value is missing, and which is set but not a commit id', () => {
    expect(runCommit(context({ sha: '' }))).toEqual({ problem: 'the commit of the run is unknown (GITHUB_SHA is not set)' })
    expect(runCommit(context({ sha: 'main' }))).toEqual({ problem: 'the commit of the run is unknown (GITHUB_SHA is "main", which is not a commit id)' })
    expect(deploymentPlace(context({ sha: 'refs/heads/main' }))).toEqual({
      skip: 'the commit of the run is unknown (GITHUB_SHA is "refs/heads/main", which is not a commit id)'
    })
    const odd = runCommit(context({ eventName: 'pull_request', payload: { pull_request: { head: { sha: '::error::x\n' } } } }))
    expect(odd).toEqual({ problem: `the commit of the run is unknown (the pull request's head.sha in the event is "::error::x", which is not a commit id)` })
    const long = runCommit(context({ sha: 'x'.repeat(500) }))
    expect('problem' in long && long.problem.length).toBeLessThan(150)
  })
})

describe('the merge queue', () => {
  it("reads the pull request from the queue's branch, with or without refs/heads/, bases with slashes too", () => {
    expect(queuedPullRequest(mergeGroup(`refs/heads/gh-readonly-queue/main/pr-7-${HEAD}`))).toEqual({ number: 7, base: 'main' })
    expect(queuedPullRequest(mergeGroup(`gh-readonly-queue/release/1.x/pr-1234-${HEAD}`))).toEqual({ number: 1234, base: 'release/1.x' })
    expect(queuedPullRequest(mergeGroup('refs/heads/feature/pr-7-abc'))).toBeUndefined()
    expect(queuedPullRequest(context())).toBeUndefined()
  })

  it('the comment goes to the queued pull request, and says it ran in the merge queue', () => {
    const target = commentTarget(mergeGroup(`refs/heads/gh-readonly-queue/main/pr-7-${HEAD}`), undefined)
    expect(target).toEqual({ owner: 'acme', repo: 'docs', number: 7, mergeQueue: { base: 'main' } })
    const body = renderInProgressComment('<!-- m -->', [{ kind: 'update', id: 'st_1' }], { sha: QUEUED, mergeQueue: { base: 'main' } }, 'docs update')
    expect(body).toContain('<sub>commit `feedfac` · ran in the merge queue (into `main`) · in progress</sub>')
  })

  it('pr-number-target wins; a queue branch of another form says what to do', () => {
    expect(commentTarget(mergeGroup(`refs/heads/gh-readonly-queue/main/pr-7-${HEAD}`), 9)).toEqual({ owner: 'acme', repo: 'docs', number: 9 })
    expect(commentTarget(mergeGroup('refs/heads/queue/x'), undefined)).toEqual({
      skip: "the merge queue's branch (merge_group.head_ref) does not name a pull request (gh-readonly-queue/<base>/pr-<number>-<sha>); pass the number in pr-number-target"
    })
  })
})

describe('expect-sha given the run’s GITHUB_SHA on a pull request’s event', () => {
  const merge = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
  const head = 'c0ffee0123456789abcdef0123456789abcdef01'
  const event = (eventName: string) => ({ eventName, payload: { pull_request: { number: 7, head: { sha: head } } }, sha: merge })

  it('on pull_request: names the merge commit and the expression of the head', () => {
    expect(expectedCommitAdvice(merge, event('pull_request'))).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a template
      "`expect-sha` is a1b2c3d, the merge commit GitHub makes to test the pull request (`github.sha` on `pull_request`), which the platform never deploys: give it `${{ github.event.pull_request.head.sha }}`, the pull request's head (c0ffee0), instead"
    )
    // Abbreviated, or in capitals: the same commit.
    expect(expectedCommitAdvice(merge.slice(0, 7).toUpperCase(), event('pull_request'))).toContain('the merge commit')
  })

  it('on pull_request_target: names the base branch’s commit', () => {
    expect(expectedCommitAdvice(merge, event('pull_request_target'))).toContain("the base branch's last commit")
  })

  it('says nothing when expect-sha is another commit, the head itself, or the event is no pull request’s', () => {
    expect(expectedCommitAdvice(head, event('pull_request'))).toBeUndefined()
    expect(expectedCommitAdvice('0badc0ffee', event('pull_request'))).toBeUndefined()
    expect(expectedCommitAdvice(merge, event('push'))).toBeUndefined()
    expect(expectedCommitAdvice(merge, { eventName: 'pull_request', payload: {}, sha: merge })).toBeUndefined()
    expect(expectedCommitAdvice(undefined, event('pull_request'))).toBeUndefined()
  })
})
