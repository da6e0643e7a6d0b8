import { getOctokit } from '@actions/github'
import nock from 'nock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  ACTIONS_BOT,
  commentCommit,
  commentTarget,
  explainCommentError,
  guardedClient,
  findComment,
  MAX_COMMENT_PAGES,
  tokenLogin,
  workflowFileOf,
  writeComment,
  type RunContext
} from '../src/github/comment-api.js'
import {
  commentIdentity,
  commentMarker,
  deployedLine,
  earlierMarkers,
  MAX_MARKER_IDENTITY,
  markerRank,
  renderComment,
  renderInProgressComment
} from '../src/report/comment.js'
import type { RunOutcome } from '../src/model.js'
import { jobReport, runOutcome, updateReport } from './helpers/builders.js'

const API = 'https://api.github.com'
// Octokit's default fetch goes through the toolkit's proxy-aware undici dispatcher, which nock
// cannot see; the global fetch is intercepted.
const octokit = () => guardedClient(getOctokit('gh-token', { request: { fetch: globalThis.fetch } }), 'gh-token', (text) => text)

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())
afterAll(() => nock.enableNetConnect())

function outcome(extra: Partial<RunOutcome> = {}): RunOutcome {
  const update = { status: 'success', commit: { filesChanged: { added: ['docs/a.mdx'], modified: ['docs/b.mdx'], removed: [] } } }
  const job = { status: 'completed', prLink: 'https://github.com/acme/docs/pull/42' }
  const targets = [updateReport('u1', update, { record: {} }), jobReport('j1', job, { ref: { kind: 'job', id: 'j1', projectId: 'p' }, record: {} })]
  return runOutcome(targets, { headline: 'All 2 targets succeeded.', elapsedMs: 65_000, ...extra })
}

const context = (extra: Partial<RunContext> = {}): RunContext => ({
  eventName: 'pull_request',
  repo: { owner: 'acme', repo: 'docs' },
  payload: { pull_request: { number: 7 } },
  serverUrl: 'https://github.com',
  runId: 99,
  ...extra
})

describe('commentTarget', () => {
  it('is the pull request of the run', () => {
    expect(commentTarget(context(), undefined)).toEqual({ owner: 'acme', repo: 'docs', number: 7 })
  })
  it('is pr-number-target on workflow_run or push', () => {
    expect(commentTarget(context({ eventName: 'workflow_run', payload: {} }), 12)).toEqual({ owner: 'acme', repo: 'docs', number: 12 })
  })
  it('says why there is none outside a pull request', () => {
    expect(commentTarget(context({ eventName: 'push', payload: {} }), undefined)).toEqual({
      skip: 'this run (event push) is not for a pull request; on workflow_run or push, pass the number in pr-number-target'
    })
  })
})

describe('commentMarker', () => {
  const place = { workflow: 'Docs CI', workflowFile: '.github/workflows/docs.yml', job: 'wait', step: '__acme_wait-for-docs' }
  const marker = (place: Parameters<typeof commentMarker>[1], kinds: Parameters<typeof commentMarker>[0] = ['update']) => commentMarker(kinds, place)

  it('names the workflow file, job, step, key and kinds of targets, each part whole', () => {
    expect(marker(place, ['update', 'job'])).toBe('<!-- wait-for-docs/3 github/file/.github%2Fworkflows%2Fdocs.yml/wait/__acme_wait-for-docs//update+job -->')
    expect(marker({ ...place, key: 'linux' })).toBe(
      '<!-- wait-for-docs/3 github/file/.github%2Fworkflows%2Fdocs.yml/wait/__acme_wait-for-docs/linux/update -->'
    )
    expect(marker({ ...place, step: '__acme_wait-for-docs_2' })).not.toBe(marker(place))
    // The workflow's name is not part of it when its file is known: renaming it keeps the comment.
    expect(marker({ ...place, workflow: 'Docs' })).toBe(marker(place))
    expect(marker({ ...place, workflowFile: '.github/workflows/nightly.yml' })).not.toBe(marker(place))
    // Without the file (outside the runner), the name, whole.
    expect(marker({ workflow: 'Docs: preview', job: 'j' })).toBe('<!-- wait-for-docs/3 github/name/Docs%3A%20preview/j///update -->')
    expect(marker({}, [])).toBe('<!-- wait-for-docs/3 github/name/////none -->')
    // A GitLab job: its whole name and the key.
    expect(marker({ ci: 'gitlab', job: 'docs: [en]' })).toBe('<!-- wait-for-docs/3 gitlab/docs%3A%20%5Ben%5D//update -->')
  })

  it('two places that differ anywhere, by punctuation, after 80 characters, or in which part, give two markers', () => {
    const long = 'x'.repeat(120)
    const places = [
      { workflow: 'Docs: preview' },
      { workflow: 'Docs / preview' },
      { workflow: 'Docs_preview' },
      { workflow: 'Docs preview' },
      { workflow: `${long}a` },
      { workflow: `${long}b` },
      { workflow: 'a/b', job: 'c' },
      { workflow: 'a', job: 'b/c' },
      { workflowFile: 'a' },
      { workflow: 'a' },
      { ...place, key: 'a b' },
      { ...place, key: 'a_b' },
      { ...place, key: 'a%20b' },
      { ...place, key: '-->' },
      { ...place, key: 'ü' },
      { ci: 'gitlab' as const, job: `${long}: [en]` },
      { ci: 'gitlab' as const, job: `${long}: [fr]` },
      { ci: 'gitlab' as const, job: 'docs', key: 'en' },
      { ci: 'gitlab' as const, job: 'docs' }
    ]
    const markers = places.map((p) => marker(p))
    expect(new Set(markers).size).toBe(places.length)
    for (const m of markers) {
      expect(m.slice(0, -4), m).not.toMatch(/--!?>|<!--.*<!--/)
      expect(m).toMatch(/^<!-- wait-for-docs\/3 [A-Za-z0-9_.%+/-]+ -->$/)
    }
  })

  it('a long identity is named by its SHA-256, never cut', () => {
    const a = marker({ ...place, key: 'k'.repeat(200) })
    const b = marker({ ...place, key: `${'k'.repeat(199)}l` })
    expect(a).toMatch(/^<!-- wait-for-docs\/3 sha256-[0-9a-f]{64} -->$/)
    expect(a).not.toBe(b)
    expect(marker({ ...place, key: 'k'.repeat(200) })).toBe(a)
    // Up to MAX_MARKER_IDENTITY characters, the identity itself.
    const fits = 'k'.repeat(MAX_MARKER_IDENTITY - commentIdentity(['update'], place).length)
    expect(commentIdentity(['update'], { ...place, key: fits })).toHaveLength(MAX_MARKER_IDENTITY)
    expect(marker({ ...place, key: fits })).toContain(`/${fits}/update -->`)
    expect(marker({ ...place, key: `${fits}k` })).toMatch(/sha256-/)
  })
})

describe('workflowFileOf', () => {
  it('is the workflow file of GITHUB_WORKFLOW_REF, whatever ref ran it', () => {
    expect(workflowFileOf('acme/docs/.github/workflows/docs.yml@refs/heads/main')).toBe('.github/workflows/docs.yml')
    expect(workflowFileOf('acme/docs/.github/workflows/docs.yml@refs/pull/7/merge')).toBe('.github/workflows/docs.yml')
    expect(workflowFileOf('acme/docs/.github/workflows/a@b.yaml@refs/tags/v1@x')).toBe('.github/workflows/a@b.yaml')
  })
  it('is undefined when not set or not of that form', () => {
    expect(workflowFileOf(undefined)).toBeUndefined()
    expect(workflowFileOf('')).toBeUndefined()
    expect(workflowFileOf('dynamic/pages/pages-build-deployment')).toBeUndefined()
  })
})

describe("earlierMarkers: the one heir of an earlier version's comment", () => {
  const place = { workflow: 'Docs CI', workflowFile: '.github/workflows/docs.yml', job: 'wait', step: '__acme_wait-for-docs' }

  it('a step without a key takes the previous marker (folded) and the first one (workflow and job)', () => {
    expect(earlierMarkers(['job'], place)).toEqual(['<!-- wait-for-docs:Docs_CI/wait/__acme_wait-for-docs:job -->', '<!-- wait-for-docs:Docs_CI/wait:job -->'])
  })

  it('a leg with a key takes only the previous marker, which held its key: never the first, which all legs would match', () => {
    expect(earlierMarkers(['job'], { ...place, key: 'a b' })).toEqual(['<!-- wait-for-docs:Docs_CI/wait/__acme_wait-for-docs/a%20b:job -->'])
  })

  it("a marker cut at 80 characters is nobody's alone: none takes it", () => {
    expect(earlierMarkers(['update'], { ...place, workflow: 'w'.repeat(81) })).toEqual([])
    expect(earlierMarkers(['update'], { ...place, workflow: 'w'.repeat(80) })).toHaveLength(2)
    expect(earlierMarkers(['update'], { ci: 'gitlab', job: `${'j'.repeat(80)}: [en]` })).toEqual([])
  })

  it("a GitLab job's previous note named the job only: taken without a key", () => {
    expect(earlierMarkers(['update'], { ci: 'gitlab', job: 'docs: [en]' })).toEqual(['<!-- wait-for-docs:gitlab/docs_en_:update -->'])
    expect(earlierMarkers(['update'], { ci: 'gitlab', job: 'docs', key: 'en' })).toEqual([])
  })
})

describe("markerRank: only the first line makes a comment the step's", () => {
  const markers = ['<!-- new -->', '<!-- old -->']
  it('is the index of the marker heading the body', () => {
    expect(markerRank('<!-- new -->\n### ✅', markers)).toBe(0)
    expect(markerRank('<!-- old -->\r\n### ✅', markers)).toBe(1)
    expect(markerRank('<!-- new -->', markers)).toBe(0)
  })
  it('is undefined for a marker anywhere else, or a first line that only holds it', () => {
    expect(markerRank('### ✅\n<!-- new -->', markers)).toBeUndefined()
    expect(markerRank('Look: <!-- new -->', markers)).toBeUndefined()
    expect(markerRank('<!-- new --> and more', markers)).toBeUndefined()
    expect(markerRank('', markers)).toBeUndefined()
  })
})

describe('marker-shaped text from the platform', () => {
  it('is broken everywhere below the marker, in the comment and the "in progress" comment', () => {
    const hostile = '<!-- wait-for-docs/3 github/file/x/j/s//update -->'
    const record = { status: 'success', commit: { filesChanged: { added: [hostile], modified: [], removed: [] } } }
    const outcome = runOutcome([updateReport(hostile, record)], { problems: [hostile] })
    const bodies = [
      renderComment(outcome, '<!-- mine -->', { sha: 'c0ffee0', mergeQueue: { base: `main${hostile}` } }),
      renderInProgressComment('<!-- mine -->', [{ kind: 'update', id: hostile }], {}, 'docs update')
    ]
    for (const body of bodies) {
      expect(body.startsWith('<!-- mine -->\n')).toBe(true)
      // The marker, and the commit line under it when the run names its commit: nothing else reads as a comment.
      expect(body.split('<!--')).toHaveLength(body.includes('\n<!-- wait-for-docs commit c0ffee0 -->\n') ? 3 : 2)
      expect(body).toContain('<\u200b!-- wait-for-docs/3')
    }
  })
})

describe('the "in progress" comment and what the comment reflects', () => {
  it('names the targets, the commit and the run', () => {
    const body = renderInProgressComment(
      '<!-- m -->',
      [
        { kind: 'update', id: 'u1' },
        { kind: 'job', id: 'j1', projectId: 'p' }
      ],
      { runUrl: 'https://github.com/a/b/actions/runs/5', sha: 'abcdef0123456789' },
      'docs update and agent job'
    )
    expect(body).toBe(
      [
        '<!-- m -->',
        '<!-- wait-for-docs commit abcdef0123456789 -->',
        '### ⏳ Waiting for the docs update and agent job',
        '',
        'The outcome will replace this comment when the wait ends.',
        '',
        '- update `u1`',
        '- agent job `j1`',
        '',
        '<sub>commit `abcdef0` · [workflow run](https://github.com/a/b/actions/runs/5) · in progress</sub>',
        ''
      ].join('\n')
    )
  })

  it('reflects the pull request head when there is one, else GITHUB_SHA; nothing that is not a sha', () => {
    const context = { eventName: 'pull_request', repo: { owner: 'a', repo: 'b' }, serverUrl: '', runId: 1 }
    expect(commentCommit({ ...context, payload: { pull_request: { number: 1, head: { sha: 'c0ffee01' } } }, sha: 'aaaaaaaa' })).toBe('c0ffee01')
    expect(commentCommit({ ...context, payload: {}, sha: 'aaaaaaaa' })).toBe('aaaaaaaa')
    expect(commentCommit({ ...context, payload: { pull_request: { head: { sha: '`x` @y' } } } })).toBeUndefined()
  })
})

describe('renderComment', () => {
  it('carries the outcome, the PR link, files changed and the run link', () => {
    const body = renderComment(outcome(), '<!-- m -->', 'https://github.com/acme/docs/actions/runs/99')
    expect(body.startsWith('<!-- m -->\n### ✅ Docs update and agent job all succeeded')).toBe(true)
    expect(body).toContain('| agent job `j1` | ✅ success | succeeded | [pull request](https://github.com/acme/docs/pull/42) |')
    expect(body).toContain('**Files changed (2):** `docs/a.mdx`, `docs/b.mdx`')
    expect(body).toContain('[workflow run](https://github.com/acme/docs/actions/runs/99)')
  })

  it('escapes server text: no HTML, images, links or mentions', () => {
    const hostile = '<img src=x> ![i](https://evil.example/i.png) [x](https://evil.example) @octocat'
    const body = renderComment(outcome({ result: 'failure', headline: hostile }), '<!-- m -->', undefined)
    const outsideCode = body.replace(/(`+)[^`]*?\1/g, '')
    expect(outsideCode).not.toMatch(/<img|(?<!\\)\]\(https:\/\/evil|https:\/\/evil|@octocat/)
  })

  it('truncates long file lists', () => {
    const target = updateReport(
      'u',
      { status: 'success', commit: { filesChanged: { added: Array.from({ length: 45 }, (_, i) => `f${i}`), modified: [], removed: [] } } },
      { record: {} }
    )
    expect(renderComment(outcome({ targets: [target] }), 'm', undefined)).toContain(', … and 25 more')
  })
})

describe('the comment as a reader sees it', () => {
  const source = { runUrl: 'https://github.com/acme/docs/actions/runs/99', sha: 'c0ffee0123456789abcdef0123456789abcdef01' }

  it('a success', () => {
    expect(renderComment(outcome(), '<!-- m -->', source)).toMatchInlineSnapshot(`
      "<!-- m -->
      <!-- wait-for-docs commit c0ffee0123456789abcdef0123456789abcdef01 -->
      ### ✅ Docs update and agent job all succeeded

      **All 2 targets succeeded.**

      | Target | Result | Reason | Pull request |
      | --- | --- | --- | --- |
      | update \`u1\` | ✅ success | succeeded |  |
      | agent job \`j1\` | ✅ success | succeeded | [pull request](https://github.com/acme/docs/pull/42) |

      **Files changed (2):** \`docs/a.mdx\`, \`docs/b.mdx\`

      <sub>commit \`c0ffee0\` · [workflow run](https://github.com/acme/docs/actions/runs/99) · took 1m05s</sub>
      "
    `)
  })

  it('a failed update beside a running one that the timeout cut off', () => {
    const failed = updateReport(
      'u1',
      { status: 'failure', summary: 'broken link in docs/quickstart.mdx', logs: ['Error: docs/quickstart.mdx:12: broken link to /install'] },
      { result: 'failure', error: 'the update ended with status "failure"', finishedAfterMs: 42_000 }
    )
    const slow = updateReport(
      'u2',
      { status: 'in_progress' },
      { result: 'timeout', error: 'still "in_progress" when the timeout (15m) ran out', finishedAfterMs: 900_000 }
    )
    const body = renderComment(runOutcome([failed, slow], { result: 'timeout', headline: '0/2 targets succeeded', elapsedMs: 900_000 }), '<!-- m -->', source)
    expect(body).toMatchInlineSnapshot(`
      "<!-- m -->
      <!-- wait-for-docs commit c0ffee0123456789abcdef0123456789abcdef01 -->
      ### ⏱️ Timed out waiting for the docs updates

      **2 of 2 targets did not succeed. Update u1 failed: “broken link in docs/quickstart.mdx”**

      **Next:** fix docs/quickstart.mdx:12 (named in its log and annotated in the workflow run), push, and let the update run again.

      **Files named in the update log:** \`docs/quickstart.mdx:12\` (annotated in the [workflow run](https://github.com/acme/docs/actions/runs/99))

      | Target | Result | Reason |
      | --- | --- | --- |
      | update \`u1\` | ❌ failure | failed: “broken link in docs/quickstart.mdx” |
      | update \`u2\` | ⏱️ timeout | still &quot;in\\_progress&quot; after 15m00s |

      <sub>commit \`c0ffee0\` · [workflow run](https://github.com/acme/docs/actions/runs/99) · took 15m00s</sub>
      "
    `)
  })
})

describe('the comment that is ours', () => {
  const where = { owner: 'acme', repo: 'docs', number: 7 }
  const owner = { marker: '<!-- m -->', legacyMarker: ['<!-- old -->'], login: ACTIONS_BOT }
  const by = (login: string, type = login.endsWith('[bot]') ? 'Bot' : 'User') => ({ login, type })

  it("is the one with the marker written by the token's own identity", async () => {
    const scope = nock(API)
      .get('/repos/acme/docs/issues/7/comments')
      .query(true)
      .reply(200, [
        { id: 1, body: '<!-- m -->\npasted by the author', user: by('pr-author') },
        { id: 2, body: 'someone else', user: by(ACTIONS_BOT) },
        { id: 5, body: '<!-- m -->\nold', user: by(ACTIONS_BOT) }
      ])
    await expect(findComment(octokit(), where, owner)).resolves.toBe(5)
    expect(scope.isDone()).toBe(true)
  })

  it('is never one whose marker is below the first line (quoted, or printed from server text)', async () => {
    nock(API)
      .get('/repos/acme/docs/issues/7/comments')
      .query(true)
      .reply(200, [
        { id: 1, body: '<!-- other -->\n**Files changed (1):** `<!-- m -->`', user: by(ACTIONS_BOT) },
        { id: 2, body: '### ✅\n<!-- old -->', user: by(ACTIONS_BOT) },
        { id: 3, body: ' <!-- m -->\n', user: by(ACTIONS_BOT) }
      ])
    await expect(findComment(octokit(), where, owner)).resolves.toBeUndefined()
  })

  it('takes the newest earlier marker first, and none when the step is no heir', async () => {
    const listing = [
      { id: 1, body: '<!-- first -->\nx', user: by(ACTIONS_BOT) },
      { id: 2, body: '<!-- previous -->\nx', user: by(ACTIONS_BOT) }
    ]
    nock(API).get('/repos/acme/docs/issues/7/comments').query(true).reply(200, listing)
    await expect(findComment(octokit(), where, { ...owner, legacyMarker: ['<!-- previous -->', '<!-- first -->'] })).resolves.toBe(2)
    nock(API).get('/repos/acme/docs/issues/7/comments').query(true).reply(200, listing)
    await expect(findComment(octokit(), where, { ...owner, legacyMarker: [] })).resolves.toBeUndefined()
  })

  it('is none when only someone else holds the marker', async () => {
    nock(API)
      .get('/repos/acme/docs/issues/7/comments')
      .query(true)
      .reply(200, [{ id: 1, body: '<!-- m -->', user: by('pr-author') }])
    await expect(findComment(octokit(), where, owner)).resolves.toBeUndefined()
  })

  it('takes over a comment with the earlier marker, unless one with the marker exists on any page', async () => {
    const page1 = [{ id: 3, body: '<!-- old -->', user: by(ACTIONS_BOT) }, ...Array.from({ length: 99 }, (_, i) => ({ id: 100 + i, body: 'x', user: by('u') }))]
    const scope = nock(API)
      .get('/repos/acme/docs/issues/7/comments')
      .query({ per_page: '100', page: '1' })
      .reply(200, page1, { link: `<${API}/repos/acme/docs/issues/7/comments?per_page=100&page=2>; rel="next"` })
      .get('/repos/acme/docs/issues/7/comments')
      .query({ per_page: '100', page: '2' })
      .reply(200, [{ id: 500, body: '<!-- m -->', user: by(ACTIONS_BOT) }])
    await expect(findComment(octokit(), where, owner)).resolves.toBe(500)
    expect(scope.isDone()).toBe(true)
    nock(API)
      .get('/repos/acme/docs/issues/7/comments')
      .query(true)
      .reply(200, [
        { id: 3, body: '<!-- old -->', user: by('pr-author') },
        { id: 4, body: '<!-- old -->', user: by(ACTIONS_BOT) }
      ])
    await expect(findComment(octokit(), where, owner)).resolves.toBe(4)
  })

  it('a page whose body was cut short is a failed lookup, never "no comment here" (a second comment would be created)', async () => {
    const page1 = Array.from({ length: 100 }, (_, i) => ({ id: 100 + i, body: 'x', user: by('u') }))
    // What octokit makes of a JSON body the connection cut: an empty text, or the text that came.
    for (const cut of ['', '[{"id": 5, "body": "<!-- m -->\\nold", "us']) {
      nock(API)
        .get('/repos/acme/docs/issues/7/comments')
        .query({ per_page: '100', page: '1' })
        .reply(200, page1, { link: `<${API}/repos/acme/docs/issues/7/comments?per_page=100&page=2>; rel="next"` })
        .get('/repos/acme/docs/issues/7/comments')
        .query({ per_page: '100', page: '2' })
        .reply(200, cut, { 'content-type': 'application/json' })
      await expect(findComment(octokit(), where, owner)).rejects.toThrow("GitHub's answer listing the comments of the pull request was not a list (cut short")
    }
  })

  it('a page that lists something other than comments (no Link to a next page) is a failed lookup, never the last page', async () => {
    // A proxy's or gateway's list in place of the page that held the step's comment.
    for (const page of [[{ 0: { id: 5 } }], [{ id: '5', body: '<!-- m -->' }], [null], [[{ id: 5 }]]]) {
      nock(API).get('/repos/acme/docs/issues/7/comments').query(true).reply(200, page)
      await expect(findComment(octokit(), where, owner)).rejects.toThrow(
        "GitHub's answer listing the comments of the pull request held an entry that is not a record with an id"
      )
    }
  })

  it('a listing that never ends is a failed lookup', async () => {
    nock(API)
      .get('/repos/acme/docs/issues/7/comments')
      .query(true)
      .times(MAX_COMMENT_PAGES)
      .reply(200, [{ id: 1, body: 'x', user: by('u') }], { link: `<${API}/repos/acme/docs/issues/7/comments?per_page=100&page=2>; rel="next"` })
    await expect(findComment(octokit(), where, owner)).rejects.toThrow(`did not end within ${MAX_COMMENT_PAGES} pages of 100`)
  })

  it('an answer to GET /user that names no user (a body cut short) is a failed lookup, never taken for another identity', async () => {
    // What octokit makes of a body the connection cut: an empty text.
    for (const body of ['', '{"login": "docs-ma', '{"login": 42}']) {
      nock(API).get('/user').reply(200, body, { 'content-type': 'application/json' })
      await expect(tokenLogin(octokit())).rejects.toThrow("GitHub's answer to GET /user did not name a user")
    }
  })

  it('a comment created whose answer does not name it is an error (found again by the lifecycle), never a comment without an id', async () => {
    nock(API).post('/repos/acme/docs/issues/7/comments').reply(201, '', { 'content-type': 'application/json' })
    await expect(writeComment(octokit(), where, undefined, 'hello')).rejects.toThrow(
      "GitHub's answer to the POST that creates the comment did not name the comment"
    )
  })

  it("the token is the user GET /user names, or, when GET /user is refused, the app's bot", async () => {
    nock(API).get('/user').reply(200, { login: 'docs-maintainer' })
    await expect(tokenLogin(octokit())).resolves.toBe('docs-maintainer')
    const refused = () => nock(API).get('/user').reply(403, { message: 'Resource not accessible by integration' })
    // An installation token: GraphQL's viewer names the app's bot, with or without [bot].
    refused()
      .post('/graphql')
      .reply(200, { data: { viewer: { login: 'docs-app[bot]' } } })
    await expect(tokenLogin(octokit())).resolves.toBe('docs-app[bot]')
    refused()
      .post('/graphql')
      .reply(200, { data: { viewer: { login: 'github-actions' } } })
    await expect(tokenLogin(octokit())).resolves.toBe(ACTIONS_BOT)
    // GraphQL refused too, or an answer that is no login: the GITHUB_TOKEN's bot.
    refused().post('/graphql').reply(403, { message: 'Resource not accessible by integration' })
    await expect(tokenLogin(octokit())).resolves.toBe(ACTIONS_BOT)
    refused()
      .post('/graphql')
      .reply(200, { data: { viewer: { login: '<b>x</b>' } } })
    await expect(tokenLogin(octokit())).resolves.toBe(ACTIONS_BOT)
    nock(API).get('/user').reply(401, { message: 'Bad credentials' })
    const error = await tokenLogin(octokit()).catch((e: unknown) => e)
    expect(explainCommentError(error)).toContain('(HTTP 401)')
  })

  it('updates the comment found, or creates one', async () => {
    const scope = nock(API)
      .patch('/repos/acme/docs/issues/comments/5', { body: 'new' })
      .reply(200, { id: 5 })
      .post('/repos/acme/docs/issues/7/comments', { body: 'hello' })
      .matchHeader('authorization', 'token gh-token')
      .reply(201, { id: 6 })
    await expect(writeComment(octokit(), where, 5, 'new')).resolves.toEqual({ id: 5, done: 'updated' })
    await expect(writeComment(octokit(), where, undefined, 'hello')).resolves.toEqual({ id: 6, done: 'created' })
    expect(scope.isDone()).toBe(true)
  })

  it('a 403 becomes advice to add pull-requests: write', async () => {
    nock(API).get('/repos/acme/docs/issues/7/comments').query(true).reply(403, { message: 'Resource not accessible by integration' })
    const error = await findComment(octokit(), where, owner).catch((e: unknown) => e)
    expect(explainCommentError(error, undefined)).toContain('Add `permissions: pull-requests: write` to the job')
  })

  it.each([
    [403, 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'],
    [429, 'API rate limit exceeded']
  ])('a %d rate limit is said as one, never as a permission to add', async (status, message) => {
    nock(API)
      .patch('/repos/acme/docs/issues/comments/5')
      .reply(status, { message, documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' }, { 'retry-after': '1' })
    const error = await writeComment(octokit(), where, 5, 'new').catch((e: unknown) => e)
    const why = explainCommentError(error, undefined)
    expect(why).toBe(`GitHub asked to slow down (HTTP ${status}: ${message.replace(/\.$/, '')}); the next run writes the comment again`)
    expect(why).not.toContain('permissions')
  })

  it('a GitHub API that cannot be reached is said so, with the proxy settings to check', async () => {
    nock(API)
      .get('/repos/acme/docs/issues/7/comments')
      .query(true)
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }))
    const error = await findComment(octokit(), where, owner).catch((e: unknown) => e)
    const why = explainCommentError(error)
    expect(why).toBe(
      'the GitHub API at https://api.github.com could not be reached (connect ECONNREFUSED 10.0.0.1:443). Check GITHUB_API_URL, and on a self-hosted runner the proxy settings HTTPS_PROXY and NO_PROXY'
    )
    expect(why).not.toContain('HTTP 500')
  })
})

describe('the commit the docs deployed', () => {
  const RUN = 'c0ffee0123456789abcdef0123456789abcdef01'
  const deployed = (id: string, sha: string | undefined, status = 'success') =>
    updateReport(id, { status, ...(sha === undefined ? {} : { commit: { sha } }) }, { result: status === 'success' ? 'success' : 'failure' })

  it("names the update's commit.sha, not only the run's", () => {
    expect(deployedLine(runOutcome([deployed('u1', RUN)]), RUN)).toBe('**Deployed commit:** `c0ffee0`')
    expect(renderComment(runOutcome([deployed('u1', RUN)]), '<!-- m -->', { sha: RUN })).toContain('**Deployed commit:** `c0ffee0`')
  })

  it('says so when it is not the commit of the run (a deploy branch, a re-run)', () => {
    expect(deployedLine(runOutcome([deployed('u1', '0badc0ffee00')]), RUN)).toBe('**Deployed commit:** `0badc0f` — not the commit of this run, `c0ffee0`')
  })

  it('lists each update when they deployed different commits', () => {
    expect(deployedLine(runOutcome([deployed('u1', RUN), deployed('u2', '0badc0ffee00')]), RUN)).toBe(
      '**Deployed commits:** `c0ffee0` (update `u1`), `0badc0f` (update `u2`) — not the commit of this run, `c0ffee0`'
    )
  })

  it('says nothing of an update that did not deploy, or names no commit', () => {
    expect(deployedLine(runOutcome([deployed('u1', RUN, 'failure'), deployed('u2', undefined)]), RUN)).toBeUndefined()
  })

  it('a commit from the server is shown as code only', () => {
    const line = deployedLine(runOutcome([deployed('u1', '<img src=x>@octocat')]), undefined)
    expect(line).toBe('**Deployed commit:** `<img sr`')
  })
})
