import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY, HOSTILE_LINES, PROJECT_ID } from '../dev/simulator.js'
import { activeCommands, expectAllOutputs, FAST, proxyServer, runAgainst, simulator, tlsFront } from './helpers/e2e.js'

// These tests run the committed bundle exactly as the runner does; `npm run package` rebuilds it.
const bundle = new URL('../dist/index.js', import.meta.url)

function requestsFor(sim: Awaited<ReturnType<typeof simulator>>, id: string) {
  return sim.requests.filter((r) => r.path.endsWith(`/${id}`))
}

describe.concurrent('the bundled action, end to end', () => {
  it('the bundle exists', () => {
    expect(existsSync(bundle)).toBe(true)
  })

  it('waits on an update to success and writes every output and the summary', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-success' })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({
      result: 'success',
      status: 'success',
      polls: '4',
      'commit-ref': 'main',
      'commit-message': 'docs: update quickstart',
      'files-added': '["docs/new-page.mdx"]',
      'files-modified': '["docs/index.mdx","docs/quickstart.mdx"]',
      'files-removed': '["docs/old-page.mdx"]',
      'files-changed': '["docs/new-page.mdx","docs/index.mdx","docs/quickstart.mdx","docs/old-page.mdx"]',
      'files-changed-count': '4',
      subdomain: 'acme',
      'update-summary': 'Deployed 4 changed pages',
      'pr-link': '',
      'pr-number': ''
    })
    expect(run.outputs['commit-sha']).toMatch(/^[0-9a-f]{40}$/)
    expect(run.outputs['screenshot-dark']).toMatch(/^https:\/\//)
    expect(Number(run.outputs.elapsed)).toBeGreaterThan(0)
    const [result] = JSON.parse(run.outputs.results as string) as [
      { kind: string; id: string; result: string; status: string; record: { status: string }; error: null }
    ]
    expect(result).toMatchObject({ kind: 'update', id: 'update-success', result: 'success', status: 'success', error: null })
    expect(result.record.status).toBe('success')

    expect(run.stdout).toContain('::group::Waiting on update update-success')
    expect(run.stdout).toMatch(/status queued after \d/)
    expect(run.stdout).toMatch(/queued → in_progress after \d/)
    expect(run.stdout).toMatch(/in_progress → success after \d/)
    expect(run.stdout).toContain('  │ ')
    expect(run.stdout).toContain('✓ update update-success: success')
    expect(run.stderr).toBe('')
    expect(run.summary).toContain('## ✅ Docs update deployed')
    expect(run.summary).toContain('### Files changed (4)')
    expect(run.summary).toContain('- `docs/quickstart.mdx`')
    expect(run.summary).toContain('Ada Lovelace')
    expect(run.summary).toContain('alt="Screenshot (dark)"')
    expect(run.summary).toContain('<pre>')
    expect(requestsFor(sim, 'update-success').every((r) => r.authorization === `Bearer ${ADMIN_KEY}`)).toBe(true)
  })

  it('fails the step when the update fails', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-failure' })
    expect(run.code).toBe(1)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({ result: 'failure', status: 'failure' })
    // The reason (the update's own summary), the log lines that look like errors, then what to do.
    expect(run.stdout).toContain(
      '::error::Update update-failure failed: “Update failed: broken link in docs/quickstart.mdx”%0AErrors in its log:%0A  Error: docs/quickstart.mdx:12: broken link to /quickstart/instal%0ANext: fix docs/quickstart.mdx:12 (named in its log and annotated in the workflow run), push, and let the update run again.'
    )
    // The log line that names a docs file and line becomes an annotation on that file.
    expect(run.stdout).toContain(
      '::error title=Docs update failed,file=docs/quickstart.mdx,line=12::update update-failure failed: Error: docs/quickstart.mdx:12: broken link to /quickstart/instal'
    )
    expect(run.summary).toContain('## ❌ Docs update failed')
    expect(run.summary).toContain('<details open><summary>❌ update-failure</summary>')
    expect(run.summary).toContain('broken link')
    // The runner's temp folder (outputs, summary, event) is gone once the run was read.
    expect(existsSync(run.tempDir)).toBe(false)
  })

  it('times out at the deadline, failing the step', async () => {
    const sim = await simulator()
    // In progress from the first answer: the status at the deadline does not depend on how many polls fit before it.
    sim.script('update', 'stuck', [{ json: { status: 'in_progress' } }])
    const run = await runAgainst(sim, { 'status-id': 'stuck', timeout: '1500ms' })
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ result: 'timeout', status: 'in_progress' })
    expect(Number(run.outputs.elapsed)).toBeGreaterThanOrEqual(1.5)
    // The contract's bound: the last poll is at the deadline and gets up to 5 s to answer.
    expect(Number(run.outputs.elapsed)).toBeLessThan(1.5 + 5)
    expect(run.stdout).toContain('still \\"in_progress\\" when the timeout (1.5s) ran out'.replace(/\\"/g, '"'))
    expect(run.summary).toContain('## ⏱️ Timed out waiting for the docs')
    // The annotation: the last status, the time waited, and the input to raise.
    expect(run.stdout).toMatch(
      /^::error::Update stuck still "in_progress" after \d+\.\ds\.%0ANext: if this update usually takes longer, raise `timeout` \(now 1\.5s\); if it is stuck, check it in the dashboard\.$/m
    )
  })

  it('a timeout passes the step when fail-on-timeout is false', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-forever', timeout: '1s', 'fail-on-timeout': 'false' })
    expect(run.code).toBe(0)
    expect(run.outputs.result).toBe('timeout')
    expect(run.stdout).toContain('::warning::Result: timeout')
  })

  it('rides out a burst of 5xx answers', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-5xx' })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs).toMatchObject({ result: 'success', polls: '8' })
    // Each retry shows at info level (not only in debug) with its cause and when the next try comes.
    const retries = run.stdout.split('\n').filter((line) => /^update update-5xx: HTTP 50\d.*, retrying in \d+ms$/.test(line))
    expect(retries.map((line) => line.slice(0, 'update update-5xx: HTTP 50x'.length))).toEqual([
      'update update-5xx: HTTP 500',
      'update update-5xx: HTTP 502',
      'update update-5xx: HTTP 503',
      'update update-5xx: HTTP 504'
    ])
  })

  it('a slow single update gets a heartbeat line naming it, its status and the time so far', async () => {
    const sim = await simulator()
    // The heartbeat comes every 30 s, so this scenario stays pending for a little over 30 s.
    sim.script('update', 'slow', [{ json: { status: 'in_progress' }, repeat: 4 }, { json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
    const run = await runAgainst(sim, { 'status-id': 'slow', 'min-interval': '8s', 'max-interval': '8s', timeout: '1m' }, { timeoutMs: 60_000 })
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toMatch(/^Still waiting on update slow: in_progress, 30\.\ds so far$/m)
    // Outside the target's group, which the Actions page shows collapsed.
    const before = run.stdout.slice(0, run.stdout.indexOf('Still waiting on update slow'))
    expect(before.lastIndexOf('::endgroup::')).toBeGreaterThan(before.lastIndexOf('::group::'))
  }, 70_000)

  it('slow updates and jobs get one heartbeat line for all of them, outside every group', async () => {
    const sim = await simulator()
    sim.script('update', 'slow-a', [{ json: { status: 'in_progress' }, repeat: 4 }, { json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
    sim.script('job', 'slow-b', [
      { json: { id: 'slow-b', status: 'active' }, repeat: 4 },
      { json: { id: 'slow-b', status: 'completed', prLink: 'https://github.com/acme/docs/pull/9' } }
    ])
    const run = await runAgainst(
      sim,
      { 'status-id': 'slow-a', 'job-id': 'slow-b', 'project-id': PROJECT_ID, 'min-interval': '8s', 'max-interval': '8s', timeout: '1m' },
      { timeoutMs: 60_000 }
    )
    expect(run.code, run.stdout).toBe(0)
    const beats = run.stdout.split('\n').filter((line) => line.startsWith('Still waiting on'))
    // The first line comes at 30 s, while both are pending; a line follows as each one settles.
    expect(beats[0]).toMatch(/^Still waiting on 2 of 2 targets, 30\.\ds so far: update slow-a \(in_progress\), agent job slow-b \(active\)$/)
    const before = run.stdout.slice(0, run.stdout.indexOf('Still waiting on'))
    expect(before.lastIndexOf('::group::')).toBeLessThanOrEqual(before.lastIndexOf('::endgroup::'))
  }, 70_000)

  it.each(['update-429', 'update-429-date'])('%s: waits as long as Retry-After asks', async (id) => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': id })
    expect(run.code, run.stdout).toBe(0)
    const [first, second] = requestsFor(sim, id)
    expect((second?.at ?? 0) - (first?.at ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(1000)
  })

  it('a request that hangs is cut off by request-timeout and retried', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-hang', 'request-timeout': '500ms' })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.stdout).toContain('no complete answer within 0.5s (request-timeout)')
  })

  it('a body that is not the JSON expected is retried', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-not-json' })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs).toMatchObject({ result: 'success', polls: '3' })
  })

  it('an unknown status is warned about once, by name, and never counts as success', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-unknown' })
    expect(run.code).toBe(0)
    expect(run.stdout.match(/::warning::update update-unknown reports status "paused"/g)).toHaveLength(1)
  })

  it('an unknown status on an ended update is an error naming it', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-unknown-ended' })
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ result: 'error', status: 'cancelled', polls: '1' })
    expect(run.stdout).toContain('the update ended with status "cancelled", which this action does not know')
    // The next step points at the job summary, which holds the record's status (and its summary and log, when it has them).
    expect(run.stdout).toMatch(
      /^::error::Update update-unknown-ended ended with status "cancelled", which this action does not know, so it does not count as success.*%0ANext: its status, summary and last log lines are in the job summary/m
    )
    expect(run.summary).toContain('<details open><summary>⚠️ update-unknown-ended — status cancelled</summary>')
  })

  it('403 is an error that names the admin key, without retrying', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-forbidden' })
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ result: 'error', polls: '1' })
    expect(run.stdout).toContain('HTTP 403: admin-key (admin API key) was accepted but is not allowed')
    expect(run.stdout).toContain(
      '::error::Update update-forbidden could not be read: admin-key is not allowed to read it (HTTP 403).%0ANext: pass in `admin-key` a key of the project that owns this update.'
    )
  })

  it('a wrong key is an error that names admin-key and never prints a key', async () => {
    const sim = await simulator()
    const wrongKey = 'wrong_admin_key_7f3a9c'
    const run = await runAgainst(sim, { 'status-id': 'update-success', 'admin-key': wrongKey }, { env: { RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true' } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toContain('HTTP 401: the platform rejected admin-key')
    const everything = run.stdout + run.stderr + JSON.stringify(run.outputs) + run.summary
    expect(everything.split(wrongKey)).toHaveLength(2) // only in the ::add-mask:: command
    expect(run.stdout).toContain(`::add-mask::${wrongKey}`)
    expect(run.stdout).toContain(
      '::error::Update update-success could not be read: the platform rejected admin-key (HTTP 401).%0ANext: put a current API key in the secret passed as `admin-key`.'
    )
  })

  it('an id that stays unknown is an error after the 404 grace, with the server message', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'no-such-update' })
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ result: 'error', polls: '4' })
    expect(run.stdout).toContain('HTTP 404: Update status not found')
    expect(run.stdout).toMatch(/::error::Update no-such-update was not found \(HTTP 404: Update status not found\)\.%0ANext: check `status-id`: /)
  })

  it('a brand-new id that answers 404 at first is waited on', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-late' })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.result).toBe('success')
  })

  it('hostile server text cannot become a workflow command or markup', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-hostile' })
    expect(run.code, run.stdout).toBe(0)
    const ours = /^::(add-mask|group|endgroup|debug|warning|error|set-output)::/
    expect(activeCommands(run.stdout).filter((line) => !ours.test(line) || line.includes('pwned') || line.includes('name=result'))).toEqual([])
    expect(run.stdout).not.toContain('\u001b[')
    expect(run.outputs.result).toBe('success')
    expect(HOSTILE_LINES.length).toBeGreaterThan(5)
    const outsideCode = run.summary.replace(/(`+)[^`]*?\1/g, '').replace(/<pre>\n[^<]*\n<\/pre>/g, '')
    expect(outsideCode).not.toMatch(/<img src=x|<script|(?<!\\)\]\(|https:\/\/evil|@octocat/)
  })

  it('invalid input fails before any request, listing every problem', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'a/b', timeout: 'soon', 'min-interval': '5s', 'max-interval': '1s' })
    expect(run.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({ result: 'error', polls: '0', results: '[]' })
    expect(run.stdout).toContain('::error::Invalid input (3 problems); no request was sent.%0A- status-id: "a/b" contains')
    expect(run.stdout).toContain('%0A- timeout: "soon" is not a positive duration')
    expect(run.stdout).toContain('%0A- min-interval: "5s" is larger than max-interval (1s)')
    expect(run.summary).toContain('### Input problems')
  })

  it('http:// to a host that is not loopback is refused before any request', async () => {
    const run = await runAgainst({ url: 'http://docs.example.com' } as Awaited<ReturnType<typeof simulator>>, { 'status-id': 'u1' })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('base-url: "http://docs.example.com" must use https://')
  })

  it.each(['SIGINT', 'SIGTERM'] as const)('%s stops the wait, writes outputs and summary, exits non-zero within 2 s', async (signal) => {
    const sim = await simulator()
    let sentAt = 0
    let seen = ''
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-forever', 'min-interval': '1s', 'max-interval': '1s' },
      {
        onStdout: (chunk, child) => {
          // The whole log so far: a line split across two chunks still counts.
          seen += chunk
          if (!sentAt && seen.includes('queued → in_progress')) {
            sentAt = Date.now()
            child.kill(signal)
          }
        }
      }
    )
    expect(sentAt).toBeGreaterThan(0)
    expect(run.code).not.toBe(0)
    // The contract's 2 s, from the signal to the exit as this process saw it (before reading the files).
    expect(run.endedAt - sentAt).toBeLessThan(2000)
    // It stopped waiting at once: no poll after the signal (one may have been on its way).
    expect(sim.requests.filter((r) => r.at > sentAt).length).toBeLessThanOrEqual(1)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({ result: 'cancelled', status: 'in_progress' })
    expect(run.summary).toContain('## 🛑 Cancelled while waiting for the docs')
  })

  it('SIGINTs sent without pause from the result line until the step is gone, while Node tears the process down too: the outcome’s exit 0, never a death by the signal', async () => {
    const sim = await simulator()
    let seen = ''
    let signals = 0
    let spam: NodeJS.Timeout | undefined
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success' },
      {
        onStdout: (chunk, child) => {
          seen += chunk
          // From the result on, a cancel at every turn of this process's loop: one lands in whatever the step is doing, its last moments too.
          if (spam || !seen.includes('Result: success')) return
          spam = setInterval(() => {
            if (child.exitCode === null && child.signalCode === null && child.kill('SIGINT')) signals++
          }, 0)
        }
      }
    )
    clearInterval(spam)
    expect(signals, run.stdout).toBeGreaterThan(0)
    expect([run.code, run.signal], run.stdout).toEqual([0, null])
    expect(run.outputs).toMatchObject({ result: 'success' })
  })

  it('a cancel whose grace runs out before the job summary is written says so, after every output (found by the explorer)', async () => {
    const sim = await simulator()
    // A job summary whose reader comes only 3 s after the signal: the summary cannot be written within the grace.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'wfd-summary-fifo-'))
    const fifo = path.join(folder, 'summary')
    execFileSync('mkfifo', [fifo])
    let sentAt = 0
    let seen = ''
    let reader: Promise<string> | undefined
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-forever', 'min-interval': '1s', 'max-interval': '1s' },
      {
        env: { GITHUB_STEP_SUMMARY: fifo },
        onStdout: (chunk, child) => {
          seen += chunk
          if (!sentAt && seen.includes('queued → in_progress')) {
            sentAt = Date.now()
            child.kill('SIGINT')
            reader = new Promise((resolve) => setTimeout(resolve, 3000)).then(() => readFile(fifo, 'utf8'))
          }
        }
      }
    )
    await reader
    rmSync(folder, { recursive: true, force: true })
    expect(sentAt).toBeGreaterThan(0)
    expect(run.code).toBe(1)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({ result: 'cancelled' })
    expect(run.stdout).toContain(
      "::warning::The cancel's grace period (1.5s) ran out before the job summary was written: it may be missing or cut (the outputs are written). The machine was too busy to write it in time; re-run the job to get it."
    )
  })

  it('waits on many targets without a word on stderr', async () => {
    const sim = await simulator()
    const ids = Array.from({ length: 12 }, (_, i) => `many-${i}`)
    for (const id of ids)
      sim.script('update', id, [{ json: { status: 'in_progress' }, repeat: 2 }, { json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
    const run = await runAgainst(sim, { ...FAST, 'status-id': ids.join(',') })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.polls).toBe('36')
    expect(run.stderr).toBe('')
  })

  /** The simulator behind https://docs.example.test, reachable only through the proxy (which resolves the name). */
  async function behindProxy() {
    const sim = await simulator()
    const front = await tlsFront({ hostname: 'docs.example.test', target: { host: '127.0.0.1', port: Number(new URL(sim.url).port) } })
    const proxy = await proxyServer({ hosts: { 'docs.example.test': '127.0.0.1' }, ports: { 443: front.port } })
    return {
      sim,
      proxy,
      inputs: { 'base-url': 'https://docs.example.test', 'status-id': 'update-success' },
      env: { NODE_EXTRA_CA_CERTS: front.caFile }
    }
  }

  it('goes through the proxy of the runner', async () => {
    const setup = await behindProxy()
    const run = await runAgainst(setup.sim, setup.inputs, { env: { ...setup.env, HTTP_PROXY: setup.proxy.url, HTTPS_PROXY: setup.proxy.url, NO_PROXY: '' } })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stderr).toBe('')
    expect(setup.proxy.seen).toContain('CONNECT docs.example.test:443')
  })

  it('a proxy given without a scheme, as curl accepts it, is taken as http://', async () => {
    const setup = await behindProxy()
    const run = await runAgainst(setup.sim, setup.inputs, { env: { ...setup.env, HTTPS_PROXY: new URL(setup.proxy.url).host, NO_PROXY: '' } })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(setup.proxy.seen).toContain('CONNECT docs.example.test:443')
  })

  it('a loopback base-url never goes through the proxy, as in the toolkit', async () => {
    const sim = await simulator()
    const proxy = await proxyServer()
    const run = await runAgainst(sim, { 'status-id': 'update-success' }, { env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '' } })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(proxy.seen).toEqual([])
  })

  it('a proxy variable that is no URL fails before any request, naming the variable but not its value', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-success' }, { env: { HTTPS_PROXY: 'ftp://user:pw@proxy.example' } })
    expect(run.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(run.outputs.result).toBe('error')
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.stdout).toContain(
      '::error::Cannot set up the connection: the proxy variable HTTPS_PROXY is not an http:// or https:// URL; set it like http://proxy.example:3128; no request was sent.'
    )
    expect(run.stdout + run.summary).not.toContain('pw@')
  })

  it('NO_PROXY sends requests around the proxy, also when no_proxy is set but empty', async () => {
    const setup = await behindProxy()
    const run = await runAgainst(
      setup.sim,
      { ...setup.inputs, timeout: '1s', 'request-timeout': '1s' },
      { env: { ...setup.env, HTTPS_PROXY: setup.proxy.url, no_proxy: '', NO_PROXY: '.example.test' } }
    )
    // Around the proxy, the name does not resolve: the point is that the proxy saw nothing.
    expect(setup.proxy.seen).toEqual([])
    expect(run.outputs.result).not.toBe('success')
  })
})
