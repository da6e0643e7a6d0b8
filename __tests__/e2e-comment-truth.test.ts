import type { ChildProcess } from 'node:child_process'
import { codesOf } from '../src/warnings.js'
import { createServer, type AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { ACTIONS_BOT } from '../dev/github-api.js'
import { githubApi, runAgainst, simulator } from './helpers/e2e.js'

// The pull request comment is the truth at the end: whatever GitHub does with a write the step
// gave up on, whatever signal comes while it writes, whoever else holds the marker.
const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7 } } }
const TOKEN = 'ghs_fake_token_for_tests_0002'
const MARKER = '<!-- wait-for-docs/3 github/file/.github%2Fworkflows%2Fdocs.yml/wait-for-docs/__acme_wait-for-docs//update -->'
const IN_PROGRESS = { status: 'in_progress' }
/** The line under the marker that names the commit a comment reflects: the run's, GITHUB_SHA here. */
const COMMIT_LINE = '<!-- wait-for-docs commit 3f786850e387550fdab836ed7e6dc881de23001b -->'
const SUCCESS = { status: 'success', endedAt: '2026-01-01T00:00:00Z' }
const comment = { 'pr-comment': 'true', 'github-token': TOKEN }

type Api = Awaited<ReturnType<typeof githubApi>>
type Sim = Awaited<ReturnType<typeof simulator>>

/** An update that stays in progress until the "in progress" comment's write has reached GitHub, then succeeds. */
function succeedsAfterInProgressWrite(sim: Sim, api: Api, id: string): void {
  sim.script('update', id, [{ fn: () => ({ json: api.writes().length > 0 ? SUCCESS : IN_PROGRESS }) }])
}

/** The child of the run, known from its first line of output (the masks, before any request). */
/**
 * The step's process, known from its spawn: a signal sent when the stand-in sees a request must
 * reach it even when its first line has not reached the test yet (found under load: the POST
 * came first, the signal went nowhere, and the run timed out).
 */
function childOf() {
  let child: ChildProcess | undefined
  return {
    onSpawn: (running: ChildProcess) => {
      child = running
    },
    interrupt(): number {
      child?.kill('SIGINT')
      return Date.now()
    }
  }
}

const writes = (api: Api) => api.writes()
const isWrite = (request: { method: string; path: string }, method: string) => request.method === method && request.path.includes('/comments')

describe('the comment is written after every write before it has settled', () => {
  it('an "in progress" write answered after request-timeout is waited on, and the outcome replaces it', async () => {
    const sim = await simulator()
    const api = await githubApi()
    succeedsAfterInProgressWrite(sim, api, 'late-write')
    // GitHub applies the "in progress" POST 2.5 s after it arrived: past request-timeout (1 s).
    api.delayWrites(2500)
    const run = await runAgainst(
      sim,
      { 'status-id': 'late-write', ...comment, 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    const [posted, patched] = writes(api)
    expect(writes(api).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /repos/acme/docs/issues/7/comments', 'PATCH /repos/acme/docs/issues/comments/1000'])
    // The outcome was sent only once the "in progress" write had been applied and answered.
    expect(patched?.at).toBeGreaterThanOrEqual(posted?.appliedAt ?? Number.POSITIVE_INFINITY)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('### ✅ Docs update deployed')
    expect(run.stdout).toContain('Posted "in progress" on pull request #7.')
    expect(run.stdout).toContain('Updated the comment on pull request #7.')
  })

  it('an "in progress" write refused after request-timeout: the outcome still gets its own request-timeout to find its place', async () => {
    const sim = await simulator()
    const api = await githubApi()
    succeedsAfterInProgressWrite(sim, api, 'late-refusal')
    api.delayWrites({ ms: 1500, status: 502 })
    const run = await runAgainst(
      sim,
      { 'status-id': 'late-refusal', ...comment, 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toContain('The "in progress" comment could not be written (HTTP 502: Server Error)')
    expect(run.stdout).toContain('Commented on pull request #7.')
    // Who the token is (refused GET /user, then GraphQL's viewer), asked once; the outcome looks again
    // at once, then once the lost creation had twice request-timeout to land, and only then posts;
    // then looks for an older comment of the step (none), reads the pull request's head (a newer
    // head's run may have written just before), and reads back for the lost creation.
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /user',
      'POST /graphql',
      'GET /repos/acme/docs/issues/7/comments',
      'POST /repos/acme/docs/issues/7/comments',
      'GET /repos/acme/docs/issues/7/comments',
      'GET /repos/acme/docs/issues/7/comments',
      'POST /repos/acme/docs/issues/7/comments',
      'GET /repos/acme/docs/issues/7/comments',
      'GET /repos/acme/docs/pulls/7',
      'GET /repos/acme/docs/issues/7/comments'
    ])
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('### ✅ Docs update deployed')
    // A 502 may still be applied: not seen, it is the one warning.
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([
      expect.stringMatching(
        /The pull request comment holds the outcome, but its "in progress" write got no answer and was not seen applied .*, which the next run of this step removes \(HTTP 502/
      )
    ])
  })

  it('an "in progress" creation that is never answered holds the outcome twice request-timeout at the most, creates no second comment, and says why', async () => {
    const sim = await simulator()
    const api = await githubApi()
    succeedsAfterInProgressWrite(sim, api, 'never-answered')
    api.delayWrites(600_000)
    const run = await runAgainst(
      sim,
      { 'status-id': 'never-answered', ...comment, timeout: '3s', 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.stdout).toContain(
      `::warning::The pull request comment could not be written: the GitHub API had not answered its "in progress" write within 2.0s of the outcome (twice request-timeout) and has no record of it yet, so the outcome was not written (it would make a second one); if the GitHub API applies that write later, the comment says "⏳ Waiting" until the next run, or, if another run of this step wrote its own meanwhile, a second comment of this step appears saying "⏳ Waiting", which the next run of this step removes`
    )
    // Its codes: not written, and what the unanswered creation brings if it lands (the step's one, or a second).
    const said = run.stdout.split('\n').find((line) => line.startsWith('::warning::The pull request comment'))
    expect(codesOf(said ?? '')).toEqual(['comment.not-written', 'comment.late-waiting-or-twin'])
    // No second write that the held one could overwrite.
    expect(writes(api)).toHaveLength(1)
    // Twice request-timeout after the outcome, not the step's limit; and the time a child process needs to start on a busy machine.
    expect(run.durationMs).toBeLessThan((3 + 1 + 2) * 1000 + 3000)
  })

  it('a cancel while the "in progress" write is on its way: the outcome follows its answer, within the 2 s the runner gives', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'cancelled-while-posting', [{ json: IN_PROGRESS }])
    api.delayWrites(600)
    const child = childOf()
    let signalledAt = 0
    api.onRequest = (request) => {
      if (isWrite(request, 'POST')) signalledAt = child.interrupt()
    }
    const run = await runAgainst(
      sim,
      { 'status-id': 'cancelled-while-posting', ...comment },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest, onSpawn: child.onSpawn }
    )
    const endedAt = Date.now()
    await api.settled()
    expect(run.code).not.toBe(0)
    expect(run.outputs.result).toBe('cancelled')
    expect(endedAt - signalledAt).toBeLessThan(2000)
    const [posted, patched] = writes(api)
    expect(writes(api).map((r) => r.method)).toEqual(['POST', 'PATCH'])
    expect(patched?.at).toBeGreaterThanOrEqual(posted?.appliedAt ?? Number.POSITIVE_INFINITY)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('### 🛑 Cancelled while waiting for the docs update')
  })

  it('a cancel while the "in progress" write is on its way, with request-timeout 400ms: the outcome still follows its answer 0.85 s into the grace, never given up at twice request-timeout', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'cancelled-while-posting', [{ json: IN_PROGRESS }])
    // Answered past twice request-timeout (0.8 s), inside the grace (1.5 s); request-timeout leaves
    // the step's lookups before the POST time enough on a busy machine (found under load: at
    // 200ms they ran out, no POST was sent, and the run timed out).
    api.delayWrites(850)
    const child = childOf()
    api.onRequest = (request) => {
      if (isWrite(request, 'POST')) child.interrupt()
    }
    const run = await runAgainst(
      sim,
      { 'status-id': 'cancelled-while-posting', ...comment, 'request-timeout': '400ms' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest, onSpawn: child.onSpawn }
    )
    await api.settled()
    expect(run.outputs.result).toBe('cancelled')
    expect(writes(api).map((r) => r.method)).toEqual(['POST', 'PATCH'])
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('### 🛑 Cancelled while waiting for the docs update')
    expect(run.stdout).not.toContain('::warning::The pull request comment')
  })

  it('a cancel while the "in progress" creation is applied but never answered: the comment is found by its marker within the grace and holds the outcome', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'cancelled-while-unanswered', [{ json: IN_PROGRESS }])
    // The POST is applied at once and never answered (a gateway that hung on to the answer).
    api.delayWrites({ ms: 0, answer: 'never' })
    const child = childOf()
    let signalledAt = 0
    api.onRequest = (request) => {
      if (isWrite(request, 'POST')) setTimeout(() => (signalledAt = child.interrupt()), 100)
    }
    const run = await runAgainst(
      sim,
      { 'status-id': 'cancelled-while-unanswered', ...comment },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest, onSpawn: child.onSpawn }
    )
    const endedAt = Date.now()
    expect(run.outputs.result).toBe('cancelled')
    expect(endedAt - signalledAt).toBeLessThan(2000)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('### 🛑 Cancelled while waiting for the docs update')
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])
  })

  it('a cancel while the outcome is written finishes the write within the grace, and says so', async () => {
    const sim = await simulator()
    const api = await githubApi()
    succeedsAfterInProgressWrite(sim, api, 'cancelled-while-reporting')
    // The "in progress" POST at once, the outcome's PATCH 400 ms after it arrived.
    api.delayWrites(0, 400)
    const child = childOf()
    let signalledAt = 0
    api.onRequest = (request) => {
      if (isWrite(request, 'PATCH')) signalledAt = child.interrupt()
    }
    const run = await runAgainst(
      sim,
      { 'status-id': 'cancelled-while-reporting', ...comment },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest, onSpawn: child.onSpawn }
    )
    const endedAt = Date.now()
    expect(signalledAt).toBeGreaterThan(0)
    expect(endedAt - signalledAt).toBeLessThan(2000)
    expect(run.stdout).toContain('Received SIGINT: the wait is over; finishing the outputs, the summary and the pull request comment within 1.5s.')
    // The write was answered before the step ended, and the step said so.
    expect(run.stdout).toContain('Updated the comment on pull request #7.')
    expect(run.outputs.result).toBe('success')
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('### ✅ Docs update deployed')
  })

  it('a cancel before the "in progress" comment is written says the run was cancelled', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'cancelled-before-posting', [{ json: IN_PROGRESS }])
    api.hang = true
    const child = childOf()
    let signalledAt = 0
    api.onRequest = () => {
      if (!signalledAt) signalledAt = child.interrupt()
    }
    const run = await runAgainst(
      sim,
      { 'status-id': 'cancelled-before-posting', ...comment },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest, onSpawn: child.onSpawn }
    )
    expect(Date.now() - signalledAt).toBeLessThan(2000)
    expect(run.outputs.result).toBe('cancelled')
    expect(run.stdout).toContain('The "in progress" comment could not be written (the run was cancelled before it was); the outcome will still be commented.')
    expect(run.stdout).not.toContain('did not answer in time')
    expect(run.stdout).toContain('::warning::The pull request comment could not be written: the GitHub API did not answer before the cancelled run had to end.')
  })
})

describe.concurrent('each step keeps its own comment, and only its own', () => {
  const inputs = { 'status-id': 'update-success', ...comment }

  it('two steps of one job keep two comments; each run updates its own', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const first = await runAgainst(sim, inputs, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    const second = await runAgainst(
      sim,
      { ...inputs, 'status-id': 'update-failure' },
      { env: { GITHUB_API_URL: api.url, GITHUB_ACTION: '__acme_wait-for-docs_2' }, event: pullRequest }
    )
    expect([first.code, second.code]).toEqual([0, 1])
    expect(api.comments.map((c) => c.body.split('\n')[2])).toEqual(['### ✅ Docs update deployed', '### ❌ Docs update failed'])
    sim.reset()
    const again = await runAgainst(sim, inputs, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(again.stdout).toContain('Updated the comment on pull request #7.')
    expect(api.comments).toHaveLength(2)
    expect(api.comments[1]?.body).toContain('### ❌ Docs update failed')
  }, 90_000)

  it('matrix legs keep a comment each with pr-comment-key', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const env = { GITHUB_API_URL: api.url }
    const linux = await runAgainst(sim, { ...inputs, 'pr-comment-key': 'linux' }, { env, event: pullRequest })
    const windows = await runAgainst(sim, { ...inputs, 'status-id': 'update-failure', 'pr-comment-key': 'windows' }, { env, event: pullRequest })
    expect([linux.code, windows.code]).toEqual([0, 1])
    expect(api.comments).toHaveLength(2)
    expect(api.comments[0]?.body).toContain(
      `<!-- wait-for-docs/3 github/file/.github%2Fworkflows%2Fdocs.yml/wait-for-docs/__acme_wait-for-docs/linux/update -->\n${COMMIT_LINE}\n### ✅ Docs update deployed`
    )
    expect(api.comments[1]?.body).toContain(
      `<!-- wait-for-docs/3 github/file/.github%2Fworkflows%2Fdocs.yml/wait-for-docs/__acme_wait-for-docs/windows/update -->\n${COMMIT_LINE}\n### ❌ Docs update failed`
    )
  }, 90_000)

  it('a comment of an earlier version (workflow and job in its marker) is taken over once', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const env = { GITHUB_API_URL: api.url }
    api.comments.push({ id: 1, issue: 7, user: ACTIONS_BOT, body: '<!-- wait-for-docs:docs/wait-for-docs:update -->\n### ⏳ Waiting for the docs update\n' })
    const run = await runAgainst(sim, inputs, { env, event: pullRequest })
    expect(run.code).toBe(0)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body.startsWith(`${MARKER}\n${COMMIT_LINE}\n### ✅ Docs update deployed`)).toBe(true)
    // Taken over, it is this step's: another step of the job gets a comment of its own.
    const other = await runAgainst(sim, inputs, { env: { ...env, GITHUB_ACTION: '__acme_wait-for-docs_2' }, event: pullRequest })
    expect(other.stdout).toContain('Updated the comment on pull request #7.')
    expect(api.comments).toHaveLength(2)
    expect(api.comments[0]?.body.startsWith(MARKER)).toBe(true)
  }, 90_000)

  it('a comment that holds the marker but was written by someone else is left alone', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const pasted = `${MARKER}\nLook: <!-- wait-for-docs:docs/wait-for-docs:update -->`
    api.comments.push({ id: 1, issue: 7, user: 'pr-author', body: pasted })
    const run = await runAgainst(sim, inputs, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toContain('Updated the comment on pull request #7.')
    expect(api.comments.map((c) => [c.user, c.user === ACTIONS_BOT ? c.body.split('\n')[2] : c.body])).toEqual([
      ['pr-author', pasted],
      [ACTIONS_BOT, '### ✅ Docs update deployed']
    ])
    expect(writes(api).every((r) => r.path !== '/repos/acme/docs/issues/comments/1')).toBe(true)
  })

  it('a second comment of the step that an earlier run’s lost creation left after it ended is removed by the next run', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.comments.push({ id: 1, issue: 7, user: ACTIONS_BOT, body: `${MARKER}\n### ✅ Docs update deployed\n` })
    api.comments.push({ id: 2, issue: 7, user: 'pr-author', body: `${MARKER}\nquoted by a reviewer` })
    api.comments.push({ id: 3, issue: 7, user: ACTIONS_BOT, body: `${MARKER}\n### ⏳ Waiting for the docs update\n` })
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...comment }, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    await api.settled()
    expect(run.code, run.stdout).toBe(0)
    expect(api.comments.map((c) => c.id)).toEqual([1, 2])
    expect(api.comments[0]?.body).toContain('### ✅ Docs update deployed')
    expect(api.comments[1]?.body).toBe(`${MARKER}\nquoted by a reviewer`)
  })

  it("with a GitHub App's token, the comments of its bot are ours", async () => {
    const sim = await simulator()
    const api = await githubApi()
    const token = 'ghs_fake_app_installation_token_01'
    api.logins[token] = 'docs-app[bot]'
    api.comments.push({ id: 1, issue: 7, user: ACTIONS_BOT, body: `${MARKER}\nwritten with GITHUB_TOKEN` })
    api.comments.push({ id: 2, issue: 7, user: 'docs-app[bot]', body: `${MARKER}\nwritten with the app's token` })
    const run = await runAgainst(sim, { ...inputs, 'github-token': token }, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(run.code, run.stdout).toBe(0)
    expect(api.comments).toHaveLength(2)
    expect(api.comments[0]?.body).toContain('written with GITHUB_TOKEN')
    expect(api.comments[1]?.body).toContain('### ✅ Docs update deployed')
  })

  it('with a personal token, the comments of the user GET /user names are ours', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const token = 'ghp_fake_personal_token_0001'
    api.logins[token] = 'docs-maintainer'
    api.comments.push({ id: 1, issue: 7, user: ACTIONS_BOT, body: `${MARKER}\nwritten with GITHUB_TOKEN` })
    api.comments.push({ id: 2, issue: 7, user: 'docs-maintainer', body: `${MARKER}\nwritten with the personal token` })
    const run = await runAgainst(sim, { ...inputs, 'github-token': token }, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(run.code, run.stdout).toBe(0)
    expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/user' })
    expect(api.comments[0]?.body).toContain('written with GITHUB_TOKEN')
    expect(api.comments[1]?.body).toContain('### ✅ Docs update deployed')
  })
})

describe.concurrent('what the comment and the step say', () => {
  it('a failed update: the comment names the file and line and links the run; the annotation names it though the line is cut', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const long = `Error: ${'the page could not be built because '.repeat(10)}in guides/setup.mdx:40`
    const logs = ['Building 42 pages', ...Array.from({ length: 6 }, (_, i) => `Error: step ${i + 1} failed`), long, 'done']
    sim.script('update', 'named-file', [{ json: { status: 'failure', summary: 'Build failed', logs, endedAt: '2026-01-01T00:00:00Z' } }])
    const run = await runAgainst(sim, { 'status-id': 'named-file', ...comment }, { env: { GITHUB_API_URL: api.url }, event: pullRequest })
    expect(run.code).toBe(1)
    const body = api.comments[0]?.body ?? ''
    expect(body).toContain('**Next:** fix guides/setup.mdx:40 (named in its log and annotated in the workflow run), push, and let the update run again.')
    expect(body).toContain(
      '**Files named in the update log:** `guides/setup.mdx:40` (annotated in the [workflow run](https://github.com/acme/docs/actions/runs/4242424242))'
    )
    expect(body).not.toContain('named above')
    // The step's error annotation: the cut line keeps its file, and the lines left out are counted.
    const error = run.stdout.split('\n').find((line) => line.startsWith('::error::Update named-file failed')) ?? ''
    expect(error).toContain('%0A  Error: step 1 failed%0A  … 2 more lines that look like errors, then the last 4:%0A  Error: step 4 failed%0A')
    expect(error).toMatch(/the page could not be built because[^%]*… \(\d+ more characters\) \[guides\/setup\.mdx:40\]%0A/)
    expect(error).toContain('Next: fix guides/setup.mdx:40 ')
    expect(run.stdout).toMatch(/::error title=Docs update failed,file=guides\/setup\.mdx,line=40::update named-file failed: Error: .*\[guides\/setup\.mdx:40\]/)
  })

  it.each([
    // Its creation never reached GitHub when waiting began: tried again at the close, which says why it failed.
    [
      'the deployment',
      { 'deployment-environment': 'docs', 'github-token': TOKEN },
      'The deployment in environment docs could not be created, or has no status: '
    ],
    ['the commit status', { 'commit-status': 'docs', 'github-token': TOKEN }, 'commit status '],
    ['the pull request comment', comment, 'The pull request comment could not be written: ']
  ])('a GitHub API that cannot be reached is said so for %s, never as an HTTP 500', async (_record, inputs, begins) => {
    const sim = await simulator()
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    // A write that could not reach GitHub is tried again until the step's time for writes ends (timeout + request-timeout + 2 s): a short one.
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', ...inputs, timeout: '3s', 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: `http://127.0.0.1:${port}` }, event: pullRequest }
    )
    expect(run.code).toBe(0)
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(begins)
    expect(warnings[0]).toContain(
      `the GitHub API at http://127.0.0.1:${port} could not be reached (connect ECONNREFUSED 127.0.0.1:${port}). Check GITHUB_API_URL, and on a self-hosted runner the proxy settings HTTPS_PROXY and NO_PROXY`
    )
    expect(run.stdout).not.toContain('HTTP 500')
  })

  it('an empty github-token with pr-comment: a warning, no comment, and the step passes', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': '' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.stdout).toContain(
      "::warning::pr-comment is set, but github-token is empty (a secret that is not set?). No comment was written; the step's result does not depend on it."
    )
    expect(api.requests).toHaveLength(0)
  })
})

describe('runs of two heads of one pull request share its comment', () => {
  const OLD = 'a'.repeat(40)
  const NEW = 'b'.repeat(40)
  const headed = (sha: string) => ({ name: 'pull_request', payload: { pull_request: { number: 7, head: { sha } } } })
  const FAILURE = { status: 'failure', summary: 'Build failed', endedAt: '2026-01-01T00:00:00Z' }

  it("the older head's run ending last leaves the newer head's outcome in the comment, and says so in its log", async () => {
    const sim = await simulator()
    const api = await githubApi()
    let newerDone = false
    // The older head's update fails, but only once the newer head's run ended: the older run ends last.
    sim.script('update', 'old-head', [{ fn: () => ({ json: newerDone ? FAILURE : IN_PROGRESS }) }])
    sim.script('update', 'new-head', [{ json: SUCCESS }])
    api.heads[7] = OLD
    const older = runAgainst(sim, { 'status-id': 'old-head', ...comment }, { env: { GITHUB_API_URL: api.url }, event: headed(OLD) })
    // The older run's "in progress" is up; then the branch gets a push, whose run ends first.
    while (api.comments.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    api.heads[7] = NEW
    const newer = await runAgainst(sim, { 'status-id': 'new-head', ...comment }, { env: { GITHUB_API_URL: api.url }, event: headed(NEW) })
    expect(newer.code, newer.stdout).toBe(0)
    const shownByNewer = api.comments[0]?.body
    newerDone = true
    const old = await older
    await api.settled()
    // The older run's own outcome stands in its step; the comment keeps the newer head's.
    expect(old.code).toBe(1)
    expect(old.outputs.result).toBe('failure')
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toBe(shownByNewer)
    expect(shownByNewer).toContain(`<!-- wait-for-docs commit ${NEW} -->`)
    expect(shownByNewer).toContain('### ✅')
    expect(old.stdout).toContain(
      "The comment on pull request #7 was left as it is: it shows commit bbbbbbb, and this run's commit aaaaaaa is no longer the pull request's head (bbbbbbb is), whose run writes it."
    )
    // Read, never written by the older run after the newer head's.
    const byOlder = api.writes().filter((w) => w.at > (newer.endedAt ?? 0))
    expect(byOlder).toEqual([])
  })

  it('a run of the head itself writes over what an older head left, and an older run writes over its own "in progress"', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'old-head', [{ json: FAILURE }])
    sim.script('update', 'new-head', [{ json: SUCCESS }])
    // The older head's run alone (no newer run has written): its outcome goes to its own comment;
    // the head moved, so it is then left to the head's run, saying so with the older outcome's result.
    api.heads[7] = NEW
    const old = await runAgainst(sim, { 'status-id': 'old-head', ...comment }, { env: { GITHUB_API_URL: api.url }, event: headed(OLD) })
    expect(old.code).toBe(1)
    expect(api.comments[0]?.body).toContain(`<!-- wait-for-docs commit ${OLD} -->`)
    expect(api.comments[0]?.body).toContain("### ⏭️ Left to the run of the pull request's head, `bbbbbbb`")
    expect(api.comments[0]?.body).toContain('This comment showed the outcome for commit `aaaaaaa` (❌ failure)')
    expect(api.writes().at(-2)?.body).toMatchObject({ body: expect.stringContaining('### ❌') })
    // The head's run replaces it.
    const newer = await runAgainst(sim, { 'status-id': 'new-head', ...comment }, { env: { GITHUB_API_URL: api.url }, event: headed(NEW) })
    expect(newer.code).toBe(0)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain(`<!-- wait-for-docs commit ${NEW} -->`)
    expect(api.comments[0]?.body).toContain('### ✅')
    expect(newer.stdout).not.toContain('was left as it is')
  })

  it("the older head's outcome landing over the newer head's (the head moved while it was written): the comment is left to the head's run, and the log says so", async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'old-head', [{ json: IN_PROGRESS }, { json: FAILURE }])
    api.heads[7] = OLD
    // As the older run's outcome arrives, the newer head's run has just written its own, and the head moved: the older write lands over it.
    api.onRequest = (request) => {
      const body = (request.body as { body?: unknown } | undefined)?.body
      if (request.method !== 'PATCH' || typeof body !== 'string' || !body.includes('### ❌')) return
      const shown = api.comments[0]
      if (shown) shown.body = `${shown.body.split('\n', 1)[0]}\n<!-- wait-for-docs commit ${NEW} -->\n### ✅ Docs update succeeded\n`
      api.heads[7] = NEW
    }
    const old = await runAgainst(sim, { 'status-id': 'old-head', ...comment }, { env: { GITHUB_API_URL: api.url }, event: headed(OLD) })
    await api.settled()
    expect(old.code).toBe(1)
    expect(old.outputs.result).toBe('failure')
    expect(api.comments).toHaveLength(1)
    // Not the older head's "❌ … fix the docs source" in the newer head's place: left to the head's run.
    expect(api.comments[0]?.body).not.toContain('### ❌')
    expect(api.comments[0]?.body).toContain("### ⏭️ Left to the run of the pull request's head, `bbbbbbb`")
    expect(api.comments[0]?.body).toContain(`<!-- wait-for-docs commit ${OLD} -->`)
    expect(old.stdout).toContain(
      "The comment on pull request #7 was left to the run of the pull request's head bbbbbbb: the head moved there while this run wrote its outcome for commit aaaaaaa, so the comment now says that run writes it."
    )
    expect(old.stdout).not.toContain('::warning::The comment')
    // The head's run then writes over it.
    sim.script('update', 'new-head', [{ json: SUCCESS }])
    api.onRequest = undefined
    const newer = await runAgainst(sim, { 'status-id': 'new-head', ...comment }, { env: { GITHUB_API_URL: api.url }, event: headed(NEW) })
    expect(newer.code).toBe(0)
    expect(api.comments[0]?.body).toContain(`<!-- wait-for-docs commit ${NEW} -->`)
    expect(api.comments[0]?.body).toContain('### ✅')
  })
})
