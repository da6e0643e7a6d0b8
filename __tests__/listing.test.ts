import { getOctokit } from '@actions/github'
import nock from 'nock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createDeployment, findDeployment } from '../src/github/deployment-api.js'
import { ListingCut, listedRecords, PageTally } from '../src/records/listing.js'

describe('a listing is believed only when it reads as one', () => {
  it('a list of records with ids', () => {
    expect(listedRecords([{ id: 1, body: 'x' }, { id: 2 }])).toEqual({ entries: [{ id: 1, body: 'x' }, { id: 2 }] })
    expect(listedRecords([])).toEqual({ entries: [] })
  })

  it('anything else is a lookup that failed, never an empty page', () => {
    for (const json of [undefined, '', { id: 1 }, 'x']) expect(listedRecords(json)).toEqual({ problem: 'was not a list' })
    for (const json of [[null], [{ 0: { id: 1 } }], [{ id: '1' }], [[{ id: 1 }]], [{ id: 1 }, 'x']])
      expect(listedRecords(json)).toEqual({ problem: 'held an entry that is not a record with an id' })
  })
})

describe("a listing's pages counted, for the words when its lookup's time runs out", () => {
  const timeout = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError')

  it('the time runs out after pages were answered (the lookup that raced the listing ended it): a ListingCut with the pages', async () => {
    const tally = new PageTally('the comments of the pull request')
    await tally.page(async () => 'page 1')
    await tally.page(async () => 'page 2')
    const cut = tally.cut(timeout())
    expect(cut).toBeInstanceOf(ListingCut)
    expect(cut).toMatchObject({ what: 'the comments of the pull request', pages: 2, name: 'AbortError' })
    // Said once: a cut is not cut again.
    expect(tally.cut(cut)).toBe(cut)
  })

  it('a page whose request the time ended, after one was answered: the page rejects with the ListingCut', async () => {
    const tally = new PageTally("the commit's statuses")
    await tally.page(async () => 'page 1')
    await expect(tally.page(() => Promise.reject(timeout()))).rejects.toMatchObject({ what: "the commit's statuses", pages: 1 })
  })

  it('no page answered, or an error that is not the time running out: the error as it is', async () => {
    const none = new PageTally('the comments of the pull request')
    const error = timeout()
    expect(none.cut(error)).toBe(error)
    const some = new PageTally('the comments of the pull request')
    await some.page(async () => 'page 1')
    const refused = Object.assign(new Error('HTTP 403'), { status: 403 })
    await expect(some.page(() => Promise.reject(refused))).rejects.toBe(refused)
  })
})

describe('the deployment found again', () => {
  const API = 'https://api.github.com'
  // The global fetch, which nock intercepts (octokit's default dispatcher it cannot see).
  const octokit = () => getOctokit('gh-token', { request: { fetch: globalThis.fetch } })
  const place = { owner: 'acme', repo: 'docs', ref: 'c0ffee0123456789abcdef0123456789abcdef01', runUrl: 'https://github.com/acme/docs/actions/runs/1' }
  beforeAll(() => nock.disableNetConnect())
  afterEach(() => nock.cleanAll())
  afterAll(() => nock.enableNetConnect())

  it('by its mark in the payload', async () => {
    nock(API)
      .get('/repos/acme/docs/deployments')
      .query(true)
      .reply(200, [
        { id: 4, payload: { 'wait-for-docs-run': 'other' } },
        { id: 5, payload: JSON.stringify({ 'wait-for-docs-run': 'mark' }) }
      ])
    await expect(findDeployment(octokit(), place, { environment: 'docs', marker: 'mark' })).resolves.toBe(5)
  })

  it('a creation whose answer is cut short is an error that does not say "created no deployment": it may have been', async () => {
    const deployment = { environment: 'docs', transient: false, description: 'Waiting', marker: 'mark' }
    nock(API).post('/repos/acme/docs/deployments').reply(201, '', { 'content-type': 'application/json' })
    await expect(createDeployment(octokit(), place, deployment)).rejects.toThrow(
      "GitHub's answer to the POST that creates the deployment did not name the deployment"
    )
    nock(API).post('/repos/acme/docs/deployments').reply(202, { message: 'Auto-merged main into topic on deployment.' })
    await expect(createDeployment(octokit(), place, deployment)).rejects.toThrow('GitHub created no deployment: Auto-merged main')
  })

  it('a listing of something else is a failed lookup: a second deployment is never created for it', async () => {
    nock(API)
      .get('/repos/acme/docs/deployments')
      .query(true)
      .reply(200, [{ 0: { id: 5 } }])
    await expect(findDeployment(octokit(), place, { environment: 'docs', marker: 'mark' })).rejects.toThrow(
      "GitHub's answer listing the run's deployments held an entry that is not a record with an id"
    )
  })
})
