import { afterAll, describe, expect, it } from 'vitest'
import { explainCommentError, guardedClient } from '../src/github/comment-api.js'
import { closeStubServers, refusingServer } from './helpers/stub-server.js'

const TOKEN = 'ghs_EXAMPLEtoken0123456789abcdefABCDEF'
afterAll(closeStubServers)

/** A GitHub stand-in that answers every request 400 with `message`. */
const refusing = (message: string) => refusingServer(400, message)

describe("GitHub's error words", () => {
  it.each([
    ['hex', Buffer.from(TOKEN, 'utf8').toString('hex')],
    ['percent-encoded', [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')],
    ['base64', Buffer.from(TOKEN, 'utf8').toString('base64')]
  ])('a token echoed %s where the words are cut: masked as they come, so no part of it is left (found by the long run)', async (_name, spelt) => {
    const { getOctokit } = await import('@actions/github')
    // The token's spelling begins 10 characters before the 300th, where the reason is cut.
    const baseUrl = await refusing(`${'x'.repeat(290)}${spelt} and more`)
    const octokit = guardedClient(getOctokit(TOKEN, { baseUrl }), TOKEN, (text) => text)
    const error = await octokit.rest.issues.createComment({ owner: 'acme', repo: 'docs', issue_number: 7, body: 'b' }).then(
      () => undefined,
      (caught: unknown) => caught
    )
    const said = explainCommentError(error, undefined)
    expect(said).toMatch(/^HTTP 400: x{10}/)
    expect(said).not.toContain(spelt.slice(0, 8))
  })
})
