import { afterAll, describe, expect, it } from 'vitest'
import { createGitLabClient, GitLabError, heldStateOf } from '../src/gitlab/api.js'
import { ListingCut } from '../src/records/listing.js'
import { closeStubServers, refusingServer, stubServer } from './helpers/stub-server.js'

const TOKEN = 'glpat-EXAMPLEtoken0123456789abcdef'
afterAll(closeStubServers)

/** A GitLab stand-in that refuses every request with `message`. */
const refusing = async (message: string) => new URL(`${await refusingServer(401, message)}/api/v4`)

describe("GitLab's error words", () => {
  it.each([
    ['percent-encoded', [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')],
    ['hex', Buffer.from(TOKEN, 'utf8').toString('hex')],
    ['as it is', TOKEN]
  ])('a token echoed %s where the message is cut: masked before the cut, so no part of it is left (found by the long run)', async (_name, spelt) => {
    // The token's spelling begins 10 characters before the message's 200th, where it is cut.
    const api = await refusing(`${'x'.repeat(190)}${spelt} and more`)
    const gitlab = createGitLabClient(api, TOKEN, new AbortController().signal, 5000, {})
    const error = await gitlab
      .setCommitStatus('17', 'c0ffee0', { state: 'running', name: 'docs', description: 'd', targetUrl: undefined, pipelineId: undefined })
      .then(
        () => undefined,
        (caught: unknown) => caught as Error
      )
    await gitlab.close()
    expect(error?.message).toMatch(/^HTTP 401: x{10}/)
    expect(error?.message).not.toContain(spelt.slice(0, 8))
  })
})

describe('a commit status GitLab says it already holds', () => {
  it('is read once, at the client, into the error: the state it holds, from the words of its 400 alone', async () => {
    const answer = async (status: number, message: unknown) => {
      const api = new URL(
        `${await stubServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message })))}/api/v4`
      )
      const gitlab = createGitLabClient(api, TOKEN, new AbortController().signal, 5000, {})
      const error = await gitlab
        .setCommitStatus('17', 'c0ffee0', { state: 'success', name: 'docs-check', description: 'd', targetUrl: undefined, pipelineId: undefined })
        .then(
          () => undefined,
          (caught: unknown) => caught
        )
      await gitlab.close()
      return error instanceof GitLabError ? error.heldState : 'not a GitLabError'
    }
    expect(await answer(400, 'Cannot transition status via :success from :success')).toBe('success')
    expect(await answer(400, { base: ['Cannot transition status via :run from :running'] })).toBe('running')
    expect(await answer(400, 'name is too long')).toBeUndefined()
    // Only GitLab's 400 says so: the words in any other answer are no such sign.
    expect(await answer(422, 'Cannot transition status via :run from :running')).toBeUndefined()
    expect(heldStateOf(400, null)).toBeUndefined()
  })
})

describe('a GitLab API that does not answer', () => {
  it("is said as the request's own limit, not as the HTTP library's phase limit that ran out a moment before it (found by CI)", async () => {
    // Accepts the request and never answers: the headers' phase limit (1 s, which the HTTP
    // library ends between 1 and 1.5 s) runs out before the request's own signal (2.1 s).
    const api = new URL(`${await stubServer(() => undefined)}/api/v4`)
    const controller = new AbortController()
    const limit = new Error('the request-timeout ran out')
    setTimeout(() => controller.abort(limit), 2100)
    const gitlab = createGitLabClient(api, TOKEN, controller.signal, 1000, {})
    const error = await gitlab.currentUserId().then(
      () => undefined,
      (caught: unknown) => caught
    )
    await gitlab.close()
    expect(error).toBe(limit)
  })
})

describe("a listing whose lookup's time runs out partway", () => {
  it.each([
    ['notes', (gitlab: ReturnType<typeof createGitLabClient>) => gitlab.listNotes('17', '5', () => true), "the merge request's notes"],
    ['statuses', (gitlab: ReturnType<typeof createGitLabClient>) => gitlab.commitStatuses('17', 'c0ffee0', 'docs'), "the commit's statuses"]
  ] as const)(
    'of the %s, after two pages answered: a ListingCut naming the listing and the pages, not a request that never answered',
    async (_name, list, what) => {
      const controller = new AbortController()
      const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError')
      // Pages 1 and 2 answer at once, each naming the next; page 3 is where the lookup's time runs out (the test says when).
      const api = new URL(
        `${await stubServer((req, res) => {
          const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'))
          if (page >= 3) return controller.abort(timeout)
          res.writeHead(200, { 'content-type': 'application/json', 'x-next-page': String(page + 1) })
          res.end(JSON.stringify([{ id: page, body: 'note', status: 'success', name: 'docs', author: { id: 1 }, system: false }]))
        })}/api/v4`
      )
      const gitlab = createGitLabClient(api, TOKEN, controller.signal, 5000, {})
      const error = await list(gitlab).then(
        () => undefined,
        (caught: unknown) => caught
      )
      await gitlab.close()
      expect(error).toBeInstanceOf(ListingCut)
      expect(error).toMatchObject({ what, pages: 2, name: 'AbortError', cause: timeout })
    }
  )
})
