import net from 'node:net'
import { readFile, rm } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { parseOutputFile, runAction } from '../dev/run-action.js'
import { ADMIN_KEY, PROJECT_ID, SHA } from '../dev/simulator.js'
import { expectAllOutputs, FAST, githubApi, killOnce, killWhen, runAgainst, simulator } from './helpers/e2e.js'

type Sim = Awaited<ReturnType<typeof simulator>>

const posts = (sim: Sim) => sim.requests.filter((r) => r.method === 'POST')
const gets = (sim: Sim) => sim.requests.filter((r) => r.method === 'GET')
const AGENT = { trigger: 'agent', 'agent-prompt': 'Fix the broken links in the quickstart' }
const PREVIEW = { trigger: 'preview', 'preview-branch': 'feat/new-nav' }

describe.concurrent('trigger, end to end', () => {
  it('update: one POST, then waits on the started update, and writes status-id', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { trigger: 'update', 'project-id': PROJECT_ID, 'expect-sha': SHA })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(posts(sim).map((r) => [r.path, r.body])).toEqual([[`/v1/project/update/${PROJECT_ID}`, '']])
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({ result: 'success', 'status-id': 'update-success', 'job-id': '', 'preview-url': '', 'commit-sha': SHA })
    expect(run.stdout).toContain(`Starting the work: POST ${sim.url}/v1/project/update/${PROJECT_ID}`)
    expect(run.stdout).toMatch(/Started the update: status id update-success \(after \d/)
    // The started id is logged before the wait begins.
    expect(run.stdout.indexOf('Started the update')).toBeLessThan(run.stdout.indexOf('Waiting on update update-success'))
    expect(run.summary).toContain('**Started:** update, status id `update-success`')
    expect(run.stderr).toBe('')
  })

  it('preview: sends the branch, writes preview-url, and shows it in the summary', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { ...PREVIEW, 'project-id': PROJECT_ID })
    expect(run.code, run.stdout).toBe(0)
    expect(posts(sim).map((r) => [r.path, JSON.parse(r.body ?? '')])).toEqual([[`/v1/project/preview/${PROJECT_ID}`, { branch: 'feat/new-nav' }]])
    expect(run.outputs).toMatchObject({ result: 'success', 'status-id': 'update-success', 'preview-url': 'https://acme-feat-new-nav.preview.example.com' })
    expect(run.summary).toContain('[open the preview](https://acme-feat-new-nav.preview.example.com/)')
    expect(run.summary).toMatch(/^## ✅ Docs preview deployed$/m)
  })

  it('agent: sends the prompt, waits on the job, writes job-id and pr-link', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { ...AGENT, 'project-id': PROJECT_ID })
    expect(run.code, run.stdout).toBe(0)
    expect(posts(sim).map((r) => [r.path, JSON.parse(r.body ?? '')])).toEqual([
      [`/v2/agent/${PROJECT_ID}/job`, { prompt: 'Fix the broken links in the quickstart' }]
    ])
    expect(run.outputs).toMatchObject({ result: 'success', 'job-id': 'job-completed-pr', 'status-id': '', 'pr-link': 'https://github.com/acme/docs/pull/42' })
    expect(gets(sim).every((r) => r.path === `/v2/agent/${PROJECT_ID}/job/job-completed-pr`)).toBe(true)
  })

  it('combines with given targets: the started one comes first in the outputs', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { trigger: 'update', 'project-id': PROJECT_ID, 'status-id': 'update-late', 'job-id': 'job-completed-nopr' })
    expect(run.code, run.stdout).toBe(0)
    const results = JSON.parse(run.outputs.results ?? '[]') as { id: string }[]
    expect(results.map((r) => r.id)).toEqual(['update-success', 'update-late', 'job-completed-nopr'])
    expect(run.outputs).toMatchObject({ 'status-id': 'update-success', 'job-id': 'job-completed-nopr' })
    expect(posts(sim)).toHaveLength(1)
  })

  it('expect-sha: an update that deployed another commit fails the step, naming both', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { trigger: 'update', 'project-id': 'trigger-other-commit', 'expect-sha': SHA.slice(0, 7) })
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ result: 'failure', status: 'success', 'status-id': 'update-other-commit' })
    expect(run.stdout).toMatch(/::error::.*the update deployed commit 0badc0ffee0000000000000000000000000000aa, not 3f78685 \(expect-sha\)/)
  })

  it('expect-sha applies to a given status-id too: any letter case of a prefix of the deployed commit passes', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-success', 'expect-sha': SHA.slice(0, 12).toUpperCase() })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs).toMatchObject({ result: 'success', 'commit-sha': SHA })
  })

  it('expect-sha: a given update of another commit fails, and so does one whose record names no commit', async () => {
    const sim = await simulator()
    sim.script('update', 'no-commit', [{ json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
    const run = await runAgainst(sim, { 'status-id': 'update-other-commit,no-commit', 'expect-sha': SHA })
    expect(run.code).toBe(1)
    const results = JSON.parse(run.outputs.results ?? '[]') as { id: string; result: string; status: string }[]
    expect(results.map((r) => [r.id, r.result, r.status])).toEqual([
      ['update-other-commit', 'failure', 'success'],
      ['no-commit', 'failure', 'success']
    ])
    expect(run.stdout).toContain(`the update deployed commit 0badc0ffee0000000000000000000000000000aa, not ${SHA} (expect-sha)`)
    expect(run.stdout).toContain(`the update succeeded, but its record names no commit, so it cannot be confirmed that it deployed ${SHA} (expect-sha)`)
  })

  it.each([
    ['trigger-429', 'success', 2, /./],
    ['trigger-503-retry', 'success', 2, /./],
    ['trigger-503', 'error', 1, /HTTP 503: "Service unavailable"\), so the agent job may have started anyway\. It was not sent again/],
    ['trigger-500', 'error', 1, /HTTP 500: "Internal error"\), so the agent job may have started anyway/],
    ['trigger-hang', 'error', 1, /no complete answer within 1\.5s \(request-timeout\)\), so the agent job may have started anyway/],
    ['trigger-reset', 'error', 1, /network error: .*\), so the agent job may have started anyway/],
    ['trigger-429-bare', 'success', 2, /./],
    ['trigger-408', 'error', 1, /HTTP 408: "Request timeout"\), so the agent job may have started anyway/],
    ['trigger-502', 'error', 1, /HTTP 502\), so the agent job may have started anyway\. It was not sent again/],
    ['trigger-504', 'error', 1, /HTTP 504: "Gateway timeout"\), so the agent job may have started anyway/],
    ['trigger-not-json', 'error', 1, /HTTP 202 with a body that is not JSON.*\), so the agent job may have started anyway/],
    [
      'trigger-429-long',
      'error',
      1,
      /no agent job was started before the timeout ran out: the platform answered HTTP 429 \(rate limit\): "Rate limit: 100 jobs per project per hour" and asked to wait 1h00m before another try, past the timeout\. Re-run later, or raise timeout/
    ],
    ['trigger-no-id', 'error', 1, /the answer has no string "id" to wait on\), so the agent job has probably started/],
    ['trigger-400', 'error', 1, /HTTP 400: the platform refused to start the agent job: "branch must be a non-empty string"\. Check agent-prompt/],
    ['trigger-403', 'error', 1, /HTTP 403: the platform refused to start the agent job: "Previews are not available on your plan"/],
    ['no-such-project', 'error', 1, /HTTP 404: the platform found nothing to start the agent job in: "Project not found"\. Check project-id/]
  ])('project %s: %s after exactly %i POST(s)', async (project, result, count, message) => {
    const sim = await simulator()
    const run = await runAgainst(sim, { ...AGENT, 'project-id': project, 'request-timeout': '1.5s' })
    expect(run.outputs.result, run.stdout).toBe(result)
    expect(posts(sim)).toHaveLength(count)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    if (result === 'success') {
      expect(run.code).toBe(0)
      expect(run.outputs['job-id']).toBe('job-completed-pr')
      // The retry is visible, with its cause and when the next try comes.
      expect(run.stdout).toMatch(/^HTTP (429 \(rate limit\)|503 \(unavailable\)): .*: nothing was started, sending the request again in \d+(\.\d)?m?s$/m)
    } else {
      expect(run.code).toBe(1)
      expect(run.stdout).toMatch(message)
      expect(run.stdout).toMatch(/^::error::Could not start the work: /m)
      // Nothing was waited on, and no id was invented.
      expect(gets(sim)).toHaveLength(0)
      expect(run.outputs['job-id']).toBe('')
      expect(run.summary).toContain('Could not start the work')
    }
    expect(run.stderr).toBe('')
  })

  it('work that could not be started ends the run before any wait; the ids given are still written', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { ...AGENT, 'project-id': 'trigger-500', 'status-id': 'update-success', 'job-id': 'job-failed' })
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ result: 'error', 'status-id': 'update-success', 'job-id': 'job-failed' })
    expect(posts(sim)).toHaveLength(1)
    expect(gets(sim)).toHaveLength(0)
  })

  it('a wrong admin key is named, after one POST', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { trigger: 'update', 'project-id': PROJECT_ID, 'admin-key': 'sim_admin_wrong_key_000' })
    expect(run.outputs.result).toBe('error')
    expect(posts(sim)).toHaveLength(1)
    expect(run.stdout).toContain('::error::Could not start the work: HTTP 401: the platform rejected admin-key, so no update was started')
  })

  it.each(['trigger-429-forever', 'trigger-503-forever'])(
    '%s: sent again only while the wait it asks for ends before the deadline, each time said, then an error',
    async (project) => {
      const sim = await simulator()
      // Retry-After: 1 with a timeout of 3 s: a POST about every second (how many depends on how
      // fast the answers come), and none whose wait would end past the deadline.
      const run = await runAgainst(sim, { ...AGENT, 'project-id': project, timeout: '3s' })
      expect(run.outputs.result).toBe('error')
      const sent = posts(sim).length
      expect(sent).toBeGreaterThanOrEqual(2)
      expect(sent).toBeLessThanOrEqual(3)
      expect(gets(sim)).toHaveLength(0)
      // Every POST after the first was announced, with the answer that allowed it.
      expect(run.stdout.match(/^HTTP (429 \(rate limit\)|503 \(unavailable\)): .*: nothing was started, sending the request again in 1\.0s$/gm)).toHaveLength(
        sent - 1
      )
      expect(run.stdout).toContain(`, after ${sent} attempts and asked to wait 1.0s before another try, past the timeout. Re-run later, or raise timeout`)
      // The step's own limit (timeout + request-timeout + 2 s); how far below it the run ends depends on the machine.
      expect(Number(run.outputs.elapsed)).toBeLessThanOrEqual(3 + 30 + 2)
    }
  )

  it.each(['update', 'preview'])('%s: an answer without statusId ends the run after one POST', async (kind) => {
    const sim = await simulator()
    const run = await runAgainst(sim, { trigger: kind, ...(kind === 'preview' ? { 'preview-branch': 'feat/new-nav' } : {}), 'project-id': 'trigger-no-id' })
    expect(run.outputs).toMatchObject({ result: 'error', 'status-id': '' })
    expect(posts(sim)).toHaveLength(1)
    expect(gets(sim)).toHaveLength(0)
    expect(run.stdout).toMatch(
      /the answer has no string "statusId" to wait on\), so the (update|preview deployment of branch "feat\/new-nav") has probably started/
    )
  })

  it.each([
    [
      'trigger-400',
      /HTTP 400: the platform refused to start the preview deployment of branch "feat\/new-nav": "branch must be a non-empty string"\. Check preview-branch/
    ],
    [
      'trigger-403',
      /HTTP 403: the platform refused to start the preview deployment of branch "feat\/new-nav": "Previews are not available on your plan"; previews may not be part of the organization's plan/
    ]
  ])('preview, %s: the server message and the input to check, after one POST', async (project, message) => {
    const sim = await simulator()
    const run = await runAgainst(sim, { ...PREVIEW, 'project-id': project })
    expect(run.outputs.result).toBe('error')
    expect(posts(sim)).toHaveLength(1)
    expect(run.stdout).toMatch(message)
  })

  it('a refused connection is retried: the one POST that arrives starts the work once', async () => {
    const port = await freePort()
    // The platform comes up only once the log has said that a try was refused, however long the action took to start.
    let comeUp: () => void = () => undefined
    const refused = new Promise<void>((resolve) => {
      comeUp = resolve
    })
    const starting = refused.then(() => simulator({ port }))
    let log = ''
    try {
      const run = await runAction({
        onStdout: (chunk) => {
          log += chunk
          if (/nothing was started, sending the request again in /.test(log)) comeUp()
        },
        inputs: {
          'base-url': `http://127.0.0.1:${port}`,
          'admin-key': ADMIN_KEY,
          ...FAST,
          'min-interval': '300ms',
          'max-interval': '500ms',
          trigger: 'update',
          'project-id': PROJECT_ID
        },
        timeoutMs: 25_000
      })
      const sim = await starting
      expect(run.code, run.stdout).toBe(0)
      expect(run.outputs['status-id']).toBe('update-success')
      expect(posts(sim)).toHaveLength(1)
      // The tries before it were refused, and said so.
      expect(run.stdout).toMatch(
        /^nothing answered at base-url \S+ \(nothing listens there: .*ECONNREFUSED.*\); check base-url: nothing was started, sending the request again in /m
      )
    } finally {
      // Whatever happened, the simulator is started (and so closed with the file's others).
      comeUp()
      await starting
    }
  })

  it('a cancel during the POST writes every output with result=cancelled', async () => {
    const sim = await simulator()
    const run = await runAgainst(
      sim,
      { ...AGENT, 'project-id': 'trigger-hang', 'request-timeout': '20s' },
      { onStdout: killWhen(() => posts(sim).length > 0, 'SIGINT') }
    )
    expect(run.code).not.toBe(0)
    expect(posts(sim)).toHaveLength(1)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({ result: 'cancelled', 'job-id': '' })
    expect(run.stdout).toContain('the run was cancelled while starting the agent job; the request had been sent, so it may have started')
    expect(run.summary).toMatch(/^## /)
    expect(run.durationMs).toBeLessThan(15_000)
  })

  it('the started id is in GITHUB_OUTPUT before the wait ends: a killed runner still leaves it', async () => {
    const sim = await simulator()
    sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'update-forever' }])
    // Killed at the status change, printed while waiting ("status in_progress" is the outcome line's, at the end).
    const run = await runAgainst(
      sim,
      { trigger: 'update', 'project-id': PROJECT_ID },
      { onStdout: killOnce('queued → in_progress', 'SIGKILL'), keepTemp: true }
    )
    expect(run.signal).toBe('SIGKILL')
    expect(run.stdout).not.toMatch(/update update-forever: timeout/)
    const written = parseOutputFile(await readFile(run.outputFile, 'utf8'))
    await rm(run.tempDir, { recursive: true, force: true })
    expect(written).toEqual({ 'status-id': 'update-forever' })
  })

  it('a cancel while waiting on started work leaves its id', async () => {
    const sim = await simulator()
    sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'update-forever' }])
    const run = await runAgainst(sim, { trigger: 'update', 'project-id': PROJECT_ID }, { onStdout: killOnce('queued → in_progress', 'SIGTERM') })
    expect(run.stdout).toContain('Received SIGTERM')
    expect(run.outputs).toMatchObject({ result: 'cancelled', 'status-id': 'update-forever' })
    expect(expectAllOutputs(run.outputs)).toEqual([])
  })

  it('invalid trigger inputs are refused before any request', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { trigger: 'preview', 'project-id': PROJECT_ID, 'agent-prompt': 'x', 'expect-sha': 'xyz' })
    expect(run.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toContain('::error::Invalid input (3 problems); no request was sent.')
    expect(run.stdout).toContain('preview-branch: is required with trigger: preview')
    expect(run.stdout).toContain('agent-prompt: is only used with trigger: agent')
    expect(run.stdout).toContain('expect-sha: "xyz" is not a commit sha')
  })

  it("the PR comment names the commit the update deployed, and says when it is not the run's", async () => {
    const sim = await simulator()
    const api = await githubApi()
    const options = { env: { GITHUB_API_URL: api.url }, event: { name: 'pull_request', payload: { pull_request: { number: 7 } } } }
    const comment = { 'pr-comment': 'true', 'github-token': 'ghs_fake_token_for_tests_0004' }
    const same = await runAgainst(sim, { trigger: 'update', 'project-id': PROJECT_ID, ...comment }, options)
    expect(same.code, same.stdout).toBe(0)
    expect(api.comments.at(-1)?.body).toMatch(/^\*\*Deployed commit:\*\* `3f78685`$/m)
    const other = await runAgainst(sim, { trigger: 'update', 'project-id': 'trigger-other-commit', ...comment }, options)
    expect(other.code, other.stdout).toBe(0)
    expect(api.comments.at(-1)?.body).toMatch(/^\*\*Deployed commit:\*\* `0badc0f` — not the commit of this run, `3f78685`$/m)
    expect(api.comments.at(-1)?.body).toContain('<sub>commit `3f78685`')
  })

  it('the PR comment shows the started id and the preview URL', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { ...PREVIEW, 'project-id': PROJECT_ID, 'pr-comment': 'true', 'github-token': 'ghs_fake_token_for_tests_0002' },
      { env: { GITHUB_API_URL: api.url }, event: { name: 'pull_request', payload: { pull_request: { number: 7 } } } }
    )
    expect(run.code, run.stdout).toBe(0)
    const body = api.comments.at(-1)?.body ?? ''
    expect(body).toContain('**Started:** preview deployment, status id `update-success` · [open the preview](https://acme-feat-new-nav.preview.example.com/)')
  })
})

/** A port on 127.0.0.1 that was free a moment ago: nothing listens there now. */
async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
