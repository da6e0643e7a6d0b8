import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ID, SHA } from '../dev/simulator.js'
import { githubApi, proxyServer, runAgainst, simulator } from './helpers/e2e.js'

const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7 } } }
const TOKEN = 'ghs_fake_token_for_tests_0001'

describe.concurrent('the PR comment, end to end', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a template
  it('expect-sha: ${{ github.sha }} on pull_request: the comment’s next step names the merge commit and the head’s expression, as the step’s error does', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const head = 'c0ffee0123456789abcdef0123456789abcdef01'
    sim.script('update', 'pushed', [{ json: { status: 'success', endedAt: '2026-01-01T00:00:00Z', commit: { sha: head } } }])
    const run = await runAgainst(
      sim,
      { 'status-id': 'pushed', 'expect-sha': SHA, 'pr-comment': 'true', 'github-token': TOKEN },
      { env: { GITHUB_API_URL: api.url }, event: { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: head } } } } }
    )
    expect(run.outputs.result).toBe('failure')
    const body = api.comments[0]?.body ?? ''
    expect(body).toContain('**Next:** `expect-sha` is 3f78685, the merge commit GitHub makes to test the pull request')
    expect(body).toContain("the pull request's head (c0ffee0), instead.")
    expect(body).not.toContain('check that the platform deploys the branch this run is for')
  })

  it('creates one comment, then updates it in place on the next run', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const inputs = { 'job-id': 'job-completed-pr', 'project-id': PROJECT_ID, 'pr-comment': 'true', 'github-token': TOKEN }
    const env = { GITHUB_API_URL: api.url }
    const first = await runAgainst(sim, inputs, { env, event: pullRequest })
    expect(first.code, first.stdout + first.stderr).toBe(0)
    expect(first.stdout).toContain('Posted "in progress" on pull request #7.')
    expect(first.stdout).toContain('Updated the comment on pull request #7.')
    sim.reset()
    const second = await runAgainst(sim, { ...inputs, 'job-id': 'job-completed-nopr' }, { env, event: pullRequest })
    expect(second.stdout).toContain('Updated the comment on pull request #7.')
    expect(api.comments).toHaveLength(1)
    const [comment] = api.comments
    expect(comment?.issue).toBe(7)
    expect(comment?.body).toContain('<!-- wait-for-docs/3 github/file/.github%2Fworkflows%2Fdocs.yml/wait-for-docs/__acme_wait-for-docs//job -->')
    expect(comment?.body).toContain('`job-completed-nopr`')
    expect(comment?.body).toContain('[workflow run](https://github.com/acme/docs/actions/runs/4242424242)')
    expect(api.requests.every((r) => r.authorization === `token ${TOKEN}`)).toBe(true)
    // The token appears once per run: in the ::add-mask:: command that hides it.
    for (const run of [first, second]) expect((run.stdout + run.stderr + run.summary).split(TOKEN)).toHaveLength(2)
  })

  it('the "in progress" comment is on the pull request while the docs are still building', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'building', [{ json: { status: 'in_progress' }, repeat: 12 }, { json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
    const run = await runAgainst(
      sim,
      { 'status-id': 'building', 'pr-comment': 'true', 'github-token': TOKEN },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    const [posted] = api.writes()
    const polls = sim.requests.filter((r) => r.path.endsWith('/building'))
    expect(posted?.body?.body).toContain('### ⏳ Waiting for the docs update')
    // Polls went on after it was posted: the pull request showed it during the wait.
    expect(polls.filter((poll) => poll.at > (posted?.at ?? Number.POSITIVE_INFINITY)).length).toBeGreaterThan(3)
  })

  it('posts "in progress" when waiting starts, then replaces it with the outcome, the commit and the run', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const event = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: 'c0ffee0123456789abcdef0123456789abcdef01' } } } }
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success,update-failure', 'pr-comment': 'true', 'github-token': TOKEN },
      { env: { GITHUB_API_URL: api.url }, event }
    )
    expect(run.code).toBe(1)
    const writes = api.writes()
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /repos/acme/docs/issues/7/comments', 'PATCH /repos/acme/docs/issues/comments/1000'])
    const [started, finished] = writes.map((r) => String(r.body?.body))
    expect(started).toContain('### ⏳ Waiting for the docs updates')
    expect(started).toContain('- update `update-success`\n- update `update-failure`')
    expect(started).toContain('<sub>commit `c0ffee0` · [workflow run](https://github.com/acme/docs/actions/runs/4242424242) · in progress</sub>')
    expect(finished).toContain('### ❌ Docs updates failed')
    expect(finished).toContain('| update `update-success` | ✅ success | succeeded |')
    expect(finished).toContain('| update `update-failure` | ❌ failure | failed: “Update failed: broken link in docs/quickstart.mdx” |')
    // The commit it reflects is the pull request's head, not the merge commit of GITHUB_SHA.
    expect(finished).toMatch(/<sub>commit `c0ffee0` · \[workflow run\]\(https:\/\/github\.com\/acme\/docs\/actions\/runs\/4242424242\) · took \d/)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toBe(finished)
  })

  it('invalid input is commented too, in the comment the corrected step will update', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const env = { GITHUB_API_URL: api.url }
    const inputs = { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN }
    const bad = await runAgainst(sim, { ...inputs, timeout: 'soon' }, { env, event: pullRequest })
    expect(bad.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('### ⚠️ Could not wait for the docs')
    expect(api.comments[0]?.body).toContain('- timeout: &quot;soon&quot; is not a positive duration')
    const good = await runAgainst(sim, inputs, { env, event: pullRequest })
    expect(good.code).toBe(0)
    expect(good.stdout).toContain('Updated the comment on pull request #7.')
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('### ✅ Docs update deployed')
  })

  it('two steps waiting on different kinds keep two comments; a failure is commented too', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const env = { GITHUB_API_URL: api.url }
    const jobs = await runAgainst(
      sim,
      { 'job-id': 'job-completed-pr', 'project-id': PROJECT_ID, 'pr-comment': 'true', 'github-token': TOKEN },
      { env, event: pullRequest }
    )
    const updates = await runAgainst(sim, { 'status-id': 'update-failure', 'pr-comment': 'true', 'github-token': TOKEN }, { env, event: pullRequest })
    expect(jobs.code).toBe(0)
    expect(updates.code).toBe(1)
    expect(api.comments).toHaveLength(2)
    expect(api.comments[0]?.body).toContain('[pull request](https://github.com/acme/docs/pull/42)')
    expect(api.comments[1]?.body).toContain('### ❌ Docs update failed')
    expect(api.comments[1]?.body).toContain('**Update update-failure failed: “Update failed: broken link in docs/quickstart.mdx”**')
    expect(api.comments[1]?.body).toContain('| update `update-failure` | ❌ failure |')
    expect(api.comments[1]?.body).toContain('**Files changed')
  })

  it('without permission, warns with what to add and does not fail the step', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.failWith = 403
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.stdout).toContain(
      '::warning::The pull request comment could not be written: the token may not comment on pull requests (HTTP 403). Add `permissions: pull-requests: write` to the job'
    )
  })

  it('a GitHub API that never answers is given up after request-timeout; the step still passes', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.hang = true
    const startedAt = Date.now()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN, 'request-timeout': '1s' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
    // Who the token is, asked for the "in progress" comment and again for the outcome: each given up after 1 s.
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user', 'GET /user'])
    expect(run.stdout).toContain('The "in progress" comment could not be written (the GitHub API did not answer within')
    expect(run.stdout).toContain('::warning::The pull request comment could not be written: the GitHub API did not answer within 1.0s (request-timeout).')
    expect(Date.now() - startedAt).toBeLessThan(15_000)
  })

  it('a cancelled run is commented too, within the 2 s the runner is given', async () => {
    const sim = await simulator()
    const api = await githubApi()
    let sentAt = 0
    let seen = ''
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-forever', 'min-interval': '1s', 'max-interval': '1s', 'pr-comment': 'true', 'github-token': TOKEN },
      {
        env: { GITHUB_API_URL: api.url },
        event: pullRequest,
        onStdout: (chunk, child) => {
          // The whole log so far: a line split across two chunks still counts.
          seen += chunk
          if (!sentAt && seen.includes('queued → in_progress')) {
            sentAt = Date.now()
            child.kill('SIGINT')
          }
        }
      }
    )
    expect(run.code).not.toBe(0)
    expect(Date.now() - sentAt).toBeLessThan(2000)
    expect(run.outputs.result).toBe('cancelled')
    expect(api.comments).toHaveLength(1)
    expect(api.comments[0]?.body).toContain('### 🛑 Cancelled while waiting for the docs')
  })

  it('outside a pull request, warns and passes; pr-number-target names one', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const env = { GITHUB_API_URL: api.url }
    const push = await runAgainst(sim, { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN }, { env })
    expect(push.code).toBe(0)
    expect(push.stdout).toContain('::warning::pr-comment is set, but this run (event push) is not for a pull request')
    expect(api.requests).toHaveLength(0)
    sim.reset()
    const named = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN, 'pr-number-target': '31' },
      { env, event: { name: 'workflow_run', payload: {} } }
    )
    expect(named.code).toBe(0)
    expect(api.comments.map((c) => c.issue)).toEqual([31])
  })

  it('takes the API URL from the runner (GitHub Enterprise Server)', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN },
      { env: { GITHUB_API_URL: `${api.url}/api/v3` }, event: pullRequest }
    )
    expect(run.code).toBe(0)
    // Who the token is (GET /user refuses the GITHUB_TOKEN; GraphQL's viewer names its bot),
    // asked once; after the creation, an older comment of the step is looked for (none); the
    // outcome goes to the comment the "in progress" write created, once what it shows now is read;
    // then the pull request's head is read (a newer head's run may have written just before).
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v3/user',
      'POST /api/graphql',
      'GET /api/v3/repos/acme/docs/issues/7/comments',
      'POST /api/v3/repos/acme/docs/issues/7/comments',
      'GET /api/v3/repos/acme/docs/issues/7/comments',
      'GET /api/v3/repos/acme/docs/issues/comments/1000',
      'PATCH /api/v3/repos/acme/docs/issues/comments/1000',
      'GET /api/v3/repos/acme/docs/pulls/7'
    ])
  })

  it('goes through the proxy of the runner', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const port = new URL(api.url).port
    const proxy = await proxyServer({ hosts: { 'github.test': '127.0.0.1' } })
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN },
      {
        env: { GITHUB_API_URL: `http://github.test:${port}`, HTTP_PROXY: proxy.url, NO_PROXY: '' },
        event: pullRequest
      }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(proxy.seen).toContain(`CONNECT github.test:${port}`)
    expect(api.comments).toHaveLength(1)
  })

  it('a proxy that never answers CONNECT holds neither comment: the step ends within timeout + request-timeout + 2 s', async () => {
    const sim = await simulator()
    // Accepts the connection, reads the CONNECT, never answers.
    const held = new Set<Socket>()
    const silent = createServer((socket) => {
      held.add(socket.resume())
      socket.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const proxy = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
      sim.script('update', 'slow-comment', [{ json: { status: 'in_progress' }, repeat: 6 }, { json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
      const run = await runAgainst(
        sim,
        { 'status-id': 'slow-comment', 'pr-comment': 'true', 'github-token': TOKEN, timeout: '3s', 'request-timeout': '2s' },
        // The platform is on loopback, which never goes through the proxy; GitHub is not.
        { env: { GITHUB_API_URL: 'https://github.test', HTTPS_PROXY: proxy, HTTP_PROXY: proxy, NO_PROXY: '' }, event: pullRequest }
      )
      expect(run.code, run.stdout).toBe(0)
      expect(run.outputs.result).toBe('success')
      expect(run.stdout).toContain('The "in progress" comment could not be written (the GitHub API did not answer within')
      expect(run.stdout).toMatch(/::warning::The pull request comment could not be written: the GitHub API did not answer within \d/)
      expect(run.durationMs).toBeLessThan((3 + 2 + 2) * 1000 + 3000)
    } finally {
      for (const socket of held) socket.destroy()
      silent.close()
    }
  })

  it.each([
    [
      407,
      "::warning::The pull request comment could not be written: the proxy named by HTTPS_PROXY asked for credentials on the way to the GitHub API (HTTP 407 Proxy Authentication Required); put the proxy's user and password in HTTPS_PROXY"
    ],
    [
      403,
      '::warning::The pull request comment could not be written: the proxy named by HTTPS_PROXY refused the tunnel to the GitHub API (HTTP 403 to CONNECT). Check HTTPS_PROXY and NO_PROXY'
    ]
  ])(
    'a proxy that answers CONNECT with %d is named as the platform’s side names it, not "could not be reached (Request was cancelled)"',
    async (status, said) => {
      const sim = await simulator()
      const proxy = createServer((socket) => {
        socket.on('error', () => undefined)
        socket.once('data', () => socket.end(`HTTP/1.1 ${status} Refused\r\nProxy-Authenticate: Basic realm="x"\r\nContent-Length: 0\r\n\r\n`))
      })
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
      try {
        const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
        const run = await runAgainst(
          sim,
          { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN },
          // The platform is on loopback, which never goes through the proxy; GitHub is not.
          { env: { GITHUB_API_URL: 'https://github.test', HTTPS_PROXY: url, HTTP_PROXY: url, NO_PROXY: '' }, event: pullRequest }
        )
        expect(run.code, run.stdout).toBe(0)
        expect(run.stdout).toContain(said)
        expect(run.stdout).not.toContain('Request was cancelled')
      } finally {
        proxy.close()
      }
    }
  )

  it('loads @actions/github, the code of a record and the explanation of a failure, only when they are needed', async () => {
    const dist = new URL('../dist/', import.meta.url)
    // The chunks ncc splits off beside index.js (not the command line's bundle in dist/cli/).
    const chunks = (await readdir(dist)).filter((f) => f.endsWith('.js') && f !== 'index.js')
    expect(chunks.length).toBeGreaterThan(0)
    const copy = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-dist-'))
    try {
      await cp(dist, copy, { recursive: true })
      for (const chunk of chunks) await rm(path.join(copy, chunk))
      const sim = await simulator()
      const plain = await runAgainst(sim, { 'status-id': 'update-success' }, { entry: path.join(copy, 'index.js') })
      expect(plain.code, plain.stdout + plain.stderr).toBe(0)
      // A success has nothing to explain: nothing is missed, so nothing is said.
      expect(plain.stdout).not.toContain('::warning::')
      expect(plain.summary).toContain('## ✅ Docs update deployed')
      // A failure's explanation is code of its own: missing, it is one warning, and the step fails with the headline.
      sim.reset()
      const failed = await runAgainst(sim, { 'status-id': 'update-failure' }, { entry: path.join(copy, 'index.js') })
      expect(failed.code, failed.stdout + failed.stderr).toBe(1)
      expect(failed.outputs).toMatchObject({ result: 'failure', status: 'failure' })
      expect(failed.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([
        expect.stringMatching(
          /^::warning::The explanation of this outcome could not be loaded \(.+\): the summary and the failure message tell it without advice\. Check that the action's dist\/ folder is complete .* \[explanation\.not-loaded\]$/
        )
      ])
      expect(failed.stdout).toContain('::error::update update-failure: failure — the update ended with status "failure"\n')
      expect(failed.summary).toContain('## ❌ Docs update failed')
      expect(failed.summary).toContain('<details open><summary>❌ update-failure</summary>')
      sim.reset()
      const commenting = await runAgainst(
        sim,
        { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN },
        { entry: path.join(copy, 'index.js'), event: pullRequest }
      )
      expect(commenting.stdout).toContain('::warning::The pull request comment could not be written')
      // A record's own code is loaded only when asked for: missing, it is one warning that says what to check, and the result stands.
      sim.reset()
      const status = await runAgainst(
        sim,
        { 'status-id': 'update-success', 'commit-status': 'docs', 'deployment-environment': 'docs', 'github-token': TOKEN },
        { entry: path.join(copy, 'index.js') }
      )
      expect(status.code, status.stdout + status.stderr).toBe(0)
      expect(status.outputs.result).toBe('success')
      const warnings = status.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
      expect(warnings).toEqual([
        expect.stringMatching(
          /^::warning::The deployment could not be written: the action's code for it could not be loaded \(.+\)\. Check that the action's dist\/ folder is complete/
        ),
        expect.stringMatching(
          /^::warning::The commit status could not be written: the action's code for it could not be loaded \(.+\)\. Check that the action's dist\/ folder is complete/
        )
      ])
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  })
})
