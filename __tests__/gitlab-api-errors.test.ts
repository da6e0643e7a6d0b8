import { afterAll, describe, expect, it } from 'vitest'
import { createGitLabClient } from '../src/gitlab/api.js'
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
