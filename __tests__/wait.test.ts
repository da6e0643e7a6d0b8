import { describe, expect, it } from 'vitest'
import type { ApiResult } from '../src/api/classify.js'
import { overallResult, stepPasses, worstResult } from '../src/engine/outcome.js'
import { FINAL_POLL_ALLOWANCE_MS } from '../src/engine/poll.js'
import { MAX_IN_FLIGHT, waitForTargets } from '../src/engine/wait.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import { ok, recordingEvents, scriptedClient, settingsFor } from './helpers/fakes.js'
import type { Progress, RunOutcome, TargetReport } from '../src/model.js'
import { explainTarget } from '../src/report/advice.js'
import { describeProgress } from '../src/report/log.js'
import { runOutcome, searchReport, updateReport } from './helpers/builders.js'

const U = (id: string) => `/v1/project/update-status/${id}`
const J = (id: string, project = 'p1') => `/v2/agent/${project}/job/${id}`

async function wait(overrides: Parameters<typeof settingsFor>[0], scripts: Record<string, ApiResult[]>, signal = new AbortController().signal) {
  const clock = virtualClock()
  const { client, requests, stats } = scriptedClient(scripts)
  const events = recordingEvents()
  const reports = await waitForTargets(settingsFor(overrides), { client, clock, random: seededRandom(1), signal, events })
  return { reports, requests, stats, events, clock }
}

describe('waiting on an update', () => {
  it('follows it to success, streaming new log lines and each status change once', async () => {
    const { reports, events } = await wait(
      { 'status-id': 'u1' },
      {
        [U('u1')]: [
          ok({ status: 'queued' }),
          ok({ status: 'in_progress', logs: ['a'] }),
          ok({ status: 'in_progress', logs: ['a', 'b'] }),
          ok({ status: 'success', logs: ['a', 'b', 'c'], endedAt: '2026-01-01T00:00:00Z', commit: { sha: 'abc' } })
        ]
      }
    )
    expect(events.lines).toEqual([
      'u1 status - -> queued',
      'u1 status queued -> in_progress',
      'u1 log a',
      'u1 log b',
      'u1 status in_progress -> success',
      'u1 log c',
      'u1 settled success'
    ])
    const [report] = reports as [TargetReport]
    expect(report).toMatchObject({ result: 'success', status: 'success', polls: 4, error: null, logs: ['a', 'b', 'c'] })
    expect(report.record).toMatchObject({ commit: { sha: 'abc' } })
  })

  it('a record of another update is an error naming both ids, never a success', async () => {
    const { reports } = await wait({ 'status-id': 'u1' }, { [U('u1')]: [ok({ _id: 'u2', status: 'success', endedAt: 'x' })] })
    expect(reports[0]).toMatchObject({ result: 'error', status: '', record: null })
    expect(reports[0]?.error).toMatch(/^asked for update "u1", the platform answered with the record of "u2" \(its _id\); the answer is not used\./)
  })

  it('a record with its own id, or without one, is used', async () => {
    const { reports } = await wait({ 'status-id': 'u1,u2' }, { [U('u1')]: [ok({ _id: 'u1', status: 'success' })], [U('u2')]: [ok({ status: 'success' })] })
    expect(reports.map((r) => r.result)).toEqual(['success', 'success'])
  })

  it('reports failure with the status', async () => {
    const { reports } = await wait({ 'status-id': 'u1' }, { [U('u1')]: [ok({ status: 'failure', endedAt: 'x' })] })
    expect(reports[0]).toMatchObject({ result: 'failure', error: 'the update ended with status "failure"' })
  })

  it('an unknown status without endedAt is warned about once and waited on; it never counts as success', async () => {
    const { reports, events } = await wait({ 'status-id': 'u1', timeout: '20s' }, { [U('u1')]: [ok({ status: 'paused' })] })
    expect(events.lines.filter((l) => l.includes('unknown'))).toEqual(['u1 unknown paused'])
    expect(reports[0]).toMatchObject({ result: 'timeout', status: 'paused' })
    expect(reports[0]?.error).toContain('still "paused" when the timeout (20.0s) ran out')
  })

  it('streams a log that the server trims or rotates by content, not by count, and says when lines may be missing', async () => {
    const events = recordingEvents()
    const streamed: string[] = []
    const { client } = scriptedClient({
      [U('u1')]: [
        ok({ status: 'in_progress', logs: ['a', 'b', 'c'] }),
        ok({ status: 'in_progress', logs: ['b', 'c', 'd'] }),
        ok({ status: 'in_progress', logs: ['x', 'y'] }),
        ok({ status: 'success', logs: ['x', 'y', 'z'] })
      ]
    })
    await waitForTargets(settingsFor({ 'status-id': 'u1' }), {
      client,
      clock: virtualClock(),
      random: seededRandom(1),
      signal: new AbortController().signal,
      events: { ...events, logLines: (_ref, lines, gap) => streamed.push(...(gap ? ['(gap)'] : []), ...lines) }
    })
    expect(streamed).toEqual(['a', 'b', 'c', 'd', '(gap)', 'x', 'y', 'z'])
  })

  it('an empty status is neither warned about as unknown nor a status: the timeout names it as the last problem', async () => {
    const { reports, events } = await wait({ 'status-id': 'u1', timeout: '20s' }, { [U('u1')]: [ok({ status: 'queued' }), ok({ status: ' ' })] })
    expect(events.lines.filter((l) => l.includes('unknown') || l.includes('status'))).toEqual(['u1 status - -> queued'])
    expect(reports[0]).toMatchObject({ result: 'timeout', status: 'queued' })
    expect(reports[0]?.error).toBe('still "queued" when the timeout (20.0s) ran out; last problem: the update record has an empty "status"')
    const { reports: never } = await wait({ 'status-id': 'u1', timeout: '20s' }, { [U('u1')]: [ok({ status: '' })] })
    expect(explainTarget(never[0] as TargetReport)).toEqual({
      reason: 'never answered with a status after 20.0s: the update record has an empty "status"',
      next: 'the platform answered, but without a status: check it in the dashboard, and report the empty status to the platform if it stays'
    })
  })

  it('an unknown status with endedAt ends at once with an error naming it', async () => {
    const { reports } = await wait({ 'status-id': 'u1' }, { [U('u1')]: [ok({ status: 'cancelled', endedAt: '2026-01-01T00:00:00Z' })] })
    expect(reports[0]).toMatchObject({ result: 'error', polls: 1 })
    expect(reports[0]?.error).toContain('"cancelled"')
  })

  it('a body of the wrong shape is retried, then the record is read', async () => {
    const { reports } = await wait({ 'status-id': 'u1' }, { [U('u1')]: [ok([1, 2]), ok({ status: 7 }), ok({ status: 'success' })] })
    expect(reports[0]).toMatchObject({ result: 'success', polls: 3 })
  })

  it('times out with the last problem when the server keeps failing', async () => {
    const { reports, clock } = await wait({ 'status-id': 'u1', timeout: '1m' }, { [U('u1')]: [{ kind: 'transient', reason: 'HTTP 503' }] })
    expect(reports[0]).toMatchObject({ result: 'timeout', status: '' })
    expect(reports[0]?.error).toBe('no status read when the timeout (1m00s) ran out; last problem: HTTP 503')
    expect(clock.now()).toBe(1_000_000 + 60_000)
  })

  it('passes the admin key and a request timeout no longer than the time left', async () => {
    const { requests } = await wait({ 'status-id': 'u1', timeout: '3s', 'request-timeout': '30s' }, { [U('u1')]: [ok({ status: 'queued' })] })
    expect(requests[0]).toMatchObject({ method: 'GET', key: 'admin_key_k', keyInput: 'admin-key', timeoutMs: 5000 })
    expect(requests.every((r) => r.timeoutMs <= 5000)).toBe(true)
  })

  it('url-encodes the id in the path', async () => {
    const { requests } = await wait({ 'status-id': 'a:b' }, { [U('a%3Ab')]: [ok({ status: 'success' })] })
    expect(requests[0]?.path).toBe('/v1/project/update-status/a%3Ab')
  })
})

describe('waiting on agent jobs', () => {
  const job = (status: string, prLink: string | null = null) =>
    ok({ id: 'j1', status, prLink, model: 'm', source: { repository: 'https://github.com/a/b', ref: 'main' } })

  it('a record of another job is an error naming both ids', async () => {
    const { reports } = await wait({ 'job-id': 'j2', 'project-id': 'p1' }, { [J('j2')]: [job('completed', 'https://github.com/a/b/pull/4')] })
    expect(reports[0]).toMatchObject({ result: 'error' })
    expect(reports[0]?.error).toMatch(/^asked for agent job "j2", the platform answered with the record of "j1" \(its id\)/)
  })

  it('a numeric id in the record is the id it spells: 123 is the record of job-id 123, not of 1234', async () => {
    const numeric = (id: number) => ok({ id, status: 'completed', prLink: 'https://github.com/a/b/pull/4' })
    const { reports } = await wait({ 'job-id': '123', 'project-id': 'p1' }, { [J('123')]: [numeric(123)] })
    expect(reports[0]).toMatchObject({ result: 'success' })
    const { reports: other } = await wait({ 'job-id': '123', 'project-id': 'p1' }, { [J('123')]: [numeric(1234)] })
    expect(other[0]?.error).toMatch(/^asked for agent job "123", the platform answered with the record of "1234" \(its id\)/)
  })

  it.each<[string, Record<string, string>, ApiResult, string, RegExp | null]>([
    ['completed with a PR', {}, job('completed', 'https://github.com/a/b/pull/4'), 'success', null],
    ['completed without a PR', {}, job('completed'), 'success', null],
    ['completed without a PR, require-pr', { 'require-pr': 'true' }, job('completed'), 'failure', /require-pr/],
    ['failed', {}, job('failed'), 'failure', /failed/],
    ['archived', {}, job('archived'), 'failure', /accept-archived/],
    ['archived, accept-archived', { 'accept-archived': 'true' }, job('archived'), 'success', null]
  ])('%s → %s', async (_name, overrides, answer, result, error) => {
    const { reports } = await wait({ 'job-id': 'j1', 'project-id': 'p1', ...overrides }, { [J('j1')]: [job('active'), answer] })
    expect(reports[0]?.result).toBe(result)
    if (error) expect(reports[0]?.error).toMatch(error)
    else expect(reports[0]?.error).toBeNull()
  })

  it('notes that an agent that changed nothing opened no PR', async () => {
    const { reports } = await wait({ 'job-id': 'j1', 'project-id': 'p1' }, { [J('j1')]: [job('completed')] })
    expect(reports[0]?.note).toBe('the agent changed no file, so it opened no pull request')
  })

  it('a job that stays missing ends with the server message after the grace', async () => {
    const { reports } = await wait({ 'job-id': 'j1', 'project-id': 'p1' }, { [J('j1')]: [{ kind: 'not-found', reason: 'HTTP 404: Job not found' }] })
    expect(reports[0]).toMatchObject({ result: 'error', error: 'HTTP 404: Job not found', polls: 4 })
  })
})

describe('waiting on many targets', () => {
  it('never has more than MAX_IN_FLIGHT requests in flight', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `u${i}`)
    const scripts = Object.fromEntries(ids.map((id) => [U(id), [ok({ status: 'queued' }), ok({ status: 'success' })]]))
    const clock = virtualClock()
    // Each request takes 300 ms of virtual time, so requests of many targets overlap.
    const { client, stats } = scriptedClient(scripts, { latency: () => clock.sleep(300, new AbortController().signal) })
    const reports = await waitForTargets(settingsFor({ 'status-id': ids.join(',') }), {
      client,
      clock,
      random: seededRandom(3),
      signal: new AbortController().signal,
      events: recordingEvents()
    })
    expect(reports.map((r) => `${r.result} ${r.error}`).filter((r) => !r.startsWith('success'))).toEqual([])
    expect(stats.maxInFlight).toBe(MAX_IN_FLIGHT)
  })

  it('requests queued for a slot never run past the deadline and its final allowance', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `u${i}`)
    const scripts = Object.fromEntries(ids.map((id) => [U(id), [ok({ status: 'queued' })]]))
    const clock = virtualClock()
    const ends: number[] = []
    // Every request hangs until its own timeout: the worst case for the targets queued behind it.
    const { client, requests } = scriptedClient(scripts, {
      latency: async (req) => {
        await clock.sleep(req.timeoutMs, new AbortController().signal)
        ends.push(clock.now())
      }
    })
    const startedAt = clock.now()
    const reports = await waitForTargets(settingsFor({ 'status-id': ids.join(','), timeout: '10s', 'request-timeout': '30s' }), {
      client,
      clock,
      random: seededRandom(5),
      signal: new AbortController().signal,
      events: recordingEvents()
    })
    const hardEnd = startedAt + 10_000 + FINAL_POLL_ALLOWANCE_MS
    expect(reports.every((r) => r.result === 'timeout')).toBe(true)
    expect(Math.max(...ends)).toBeLessThanOrEqual(hardEnd)
    expect(clock.now()).toBeLessThanOrEqual(hardEnd)
    // 8 at the start, 8 more when they free their slots at the deadline; the last 4 are never sent.
    expect(requests).toHaveLength(16)
    expect(reports.filter((r) => r.polls === 0).map((r) => r.error)).toEqual(
      Array(4).fill('no status read when the timeout (10.0s) ran out; last problem: no free request slot before the deadline')
    )
  })

  it('returns reports in the order given and reports progress as targets settle', async () => {
    const { reports, events } = await wait(
      { 'status-id': 'a,b', 'job-id': 'c', 'project-id': 'p1' },
      {
        [U('a')]: [ok({ status: 'queued' }), ok({ status: 'queued' }), ok({ status: 'success' })],
        [U('b')]: [ok({ status: 'failure' })],
        [J('c')]: [ok({ status: 'completed', prLink: 'https://github.com/a/b/pull/1' })]
      }
    )
    expect(reports.map((r) => `${r.ref.id}:${r.result}`)).toEqual(['a:success', 'b:failure', 'c:success'])
    expect(events.lines.filter((l) => l.startsWith('progress'))).toEqual(['progress 1/3', 'progress 2/3', 'progress 3/3'])
    expect(overallResult(reports)).toBe('failure')
  })

  it('with fail-fast, a timeout stops nothing: a poll still in flight at the deadline may yet read a failure', async () => {
    const clock = virtualClock()
    // b answers slowly: its poll at the deadline is still in flight when a times out.
    const { client } = scriptedClient(
      { [U('a')]: [ok({ status: 'queued' })], [U('b')]: [ok({ status: 'queued' }), ok({ status: 'failure', endedAt: 'x' })] },
      { latency: (req) => (req.path === U('b') ? clock.sleep(1500, new AbortController().signal) : Promise.resolve()) }
    )
    const settings = settingsFor({
      'status-id': 'a,b',
      timeout: '2s',
      'min-interval': '50ms',
      'max-interval': '50ms',
      'fail-fast': 'true',
      'fail-on-timeout': 'false'
    })
    const reports = await waitForTargets(settings, { client, clock, random: seededRandom(2), signal: new AbortController().signal, events: recordingEvents() })
    expect(reports.map((r) => `${r.ref.id}:${r.result}:${r.stoppedByFailFast}`)).toEqual(['a:timeout:false', 'b:failure:false'])
    const outcome: RunOutcome = {
      result: worstResult(reports.map((r) => r.result)),
      headline: '',
      problems: [],
      targets: reports,
      search: undefined,
      elapsedMs: 0
    }
    expect(stepPasses(outcome, false)).toBe(false)
  })

  it('with fail-fast, the first failure stops the others, which are cancelled; the result stays failure', async () => {
    const { reports } = await wait(
      { 'status-id': 'slow,bad', 'fail-fast': 'true' },
      {
        [U('slow')]: [ok({ status: 'in_progress' })],
        [U('bad')]: [ok({ status: 'queued' }), ok({ status: 'failure' })]
      }
    )
    expect(reports.map((r) => r.result)).toEqual(['cancelled', 'failure'])
    expect(reports[0]).toMatchObject({ stoppedByFailFast: true })
    expect(reports[0]?.error).toBe('stopped by fail-fast: update bad ended with failure')
    expect(overallResult(reports)).toBe('failure')
  })

  it('with fail-fast, the progress counts a stopped target as stopped, not as failed', async () => {
    const events = recordingEvents()
    const progress: Progress[] = []
    const { client } = scriptedClient({ [U('slow')]: [ok({ status: 'in_progress' })], [U('bad')]: [ok({ status: 'queued' }), ok({ status: 'failure' })] })
    await waitForTargets(settingsFor({ 'status-id': 'slow,bad', 'fail-fast': 'true' }), {
      client,
      clock: virtualClock(),
      random: seededRandom(1),
      signal: new AbortController().signal,
      events: { ...events, progress: (p) => progress.push(p) }
    })
    expect(progress.at(-1)).toMatchObject({ settled: 2, failed: 1, stopped: 1, pending: 0 })
    expect(describeProgress(progress.at(-1) as Progress)).toMatch(/^2\/2 settled, 1 failed, 1 stopped by fail-fast, 0 pending — /)
  })

  it('without fail-fast, every target is waited on to the end', async () => {
    const { reports } = await wait(
      { 'status-id': 'slow,bad', timeout: '30s' },
      {
        [U('slow')]: [ok({ status: 'in_progress' }), ok({ status: 'in_progress' }), ok({ status: 'success' })],
        [U('bad')]: [ok({ status: 'failure' })]
      }
    )
    expect(reports.map((r) => r.result)).toEqual(['success', 'failure'])
  })

  it('a cancelled run cancels every target', async () => {
    const controller = new AbortController()
    controller.abort()
    const { reports } = await wait({ 'status-id': 'a,b' }, { [U('a')]: [ok({ status: 'queued' })], [U('b')]: [ok({ status: 'queued' })] }, controller.signal)
    expect(reports.map((r) => r.result)).toEqual(['cancelled', 'cancelled'])
    expect(reports.every((r) => !r.stoppedByFailFast)).toBe(true)
  })
})

describe('worstResult', () => {
  it('orders failure > cancelled > error > timeout > success', () => {
    expect(worstResult([])).toBe('success')
    expect(worstResult(['success', 'failure'])).toBe('failure')
    expect(worstResult(['timeout', 'failure'])).toBe('failure')
    expect(worstResult(['timeout', 'cancelled'])).toBe('cancelled')
    expect(worstResult(['error', 'cancelled', 'success'])).toBe('cancelled')
    expect(worstResult(['error', 'timeout'])).toBe('error')
  })
})

describe('stepPasses', () => {
  const outcome = (results: TargetReport['result'][], search?: Parameters<typeof searchReport>[0]): RunOutcome => {
    const targets = results.map((result, i) => updateReport(`u${i}`, null, { result }))
    const check = search ? searchReport(search) : undefined
    const all = [...results, ...(check && !check.skipped ? [check.result] : [])]
    return runOutcome(targets, { result: worstResult(all), search: check })
  }

  it('passes on success and fails on anything else by default', () => {
    expect(stepPasses(outcome(['success', 'success']), true)).toBe(true)
    for (const r of ['failure', 'timeout', 'cancelled', 'error'] as const) expect(stepPasses(outcome(['success', r]), true)).toBe(false)
  })

  it('fail-on-timeout: false lets a timeout pass, in a wait or in the search check', () => {
    expect(stepPasses(outcome(['success', 'timeout']), false)).toBe(true)
    expect(stepPasses(outcome(['success'], { result: 'timeout' }), false)).toBe(true)
    expect(stepPasses(outcome(['success'], { result: 'timeout' }), true)).toBe(false)
  })

  it('a page check counts like a wait: its timeout may pass, its failure never', () => {
    const withPages = (targets: TargetReport['result'][], pages: TargetReport['result']) => ({
      ...outcome(targets),
      result: worstResult([...targets, pages]),
      pages: { skipped: false as const, result: pages, pages: [], error: null }
    })
    expect(stepPasses(withPages(['success'], 'timeout'), false)).toBe(true)
    expect(stepPasses(withPages(['timeout'], 'failure'), false)).toBe(false)
  })

  it('never passes when fail-fast stopped a target', () => {
    const stopped = outcome(['timeout', 'timeout'])
    ;(stopped.targets[1] as TargetReport).stoppedByFailFast = true
    expect(stepPasses(stopped, false)).toBe(false)
  })

  it('never lets a failure pass: beside a timeout, the result is the failure', () => {
    const mixed = outcome(['failure', 'timeout'])
    expect(mixed.result).toBe('failure')
    expect(stepPasses(mixed, false)).toBe(false)
    expect(stepPasses(outcome(['success'], { result: 'failure' }), false)).toBe(false)
    expect(stepPasses(outcome(['timeout'], { result: 'failure', skipped: true }), false)).toBe(true)
  })
})

describe('the heartbeat and retries', () => {
  async function watch(overrides: Parameters<typeof settingsFor>[0], scripts: Record<string, ApiResult[]>) {
    const clock = virtualClock(0)
    const { client } = scriptedClient(scripts)
    const events = recordingEvents()
    const beats: { at: number; waiting: string[]; elapsedMs: number }[] = []
    const retries: { at: number; id: string; reason: string; delayMs: number }[] = []
    events.progress = (p) => beats.push({ at: clock.now(), elapsedMs: p.elapsedMs, waiting: p.waiting.map((w) => `${w.ref.id}=${w.status}`) })
    events.retrying = (ref, reason, delayMs) => retries.push({ at: clock.now(), id: ref.id, reason, delayMs })
    const reports = await waitForTargets(settingsFor(overrides), { client, clock, random: seededRandom(7), signal: new AbortController().signal, events })
    return { reports, beats, retries, clock, sleeps: clock.sleeps }
  }

  it('one target: a line every 30 s while it is pending, with its status and the time so far; none once it settled', async () => {
    const pending = Array.from({ length: 6 }, () => ok({ status: 'in_progress' }))
    const { reports, beats, clock } = await watch(
      { 'status-id': 'u1', 'min-interval': '20s', 'max-interval': '20s' },
      { [U('u1')]: [ok({ status: 'queued' }), ...pending, ok({ status: 'success', endedAt: 'x' })] }
    )
    expect(reports[0]?.result).toBe('success')
    // Polls every 20 s: settled at 140 s; beats at 30, 60, 90 and 120 s, each one line for the one target.
    expect(clock.now()).toBe(140_000)
    expect(beats).toEqual([30_000, 60_000, 90_000, 120_000].map((at) => ({ at, elapsedMs: at, waiting: ['u1=in_progress'] })))
  })

  it('several targets: one line per beat names every target still pending', async () => {
    const { beats } = await watch(
      { 'status-id': 'fast,slow', 'min-interval': '25s', 'max-interval': '25s' },
      {
        [U('fast')]: [ok({ status: 'queued' }), ok({ status: 'success', endedAt: 'x' })],
        [U('slow')]: [ok({ status: 'queued' }), ok({ status: 'in_progress' }), ok({ status: 'in_progress' }), ok({ status: 'success', endedAt: 'x' })]
      }
    )
    // After each settle a line too; the beats in between list only what is still pending.
    expect(beats).toEqual([
      { at: 25_000, elapsedMs: 25_000, waiting: ['slow=queued'] },
      { at: 30_000, elapsedMs: 30_000, waiting: ['slow=in_progress'] },
      { at: 60_000, elapsedMs: 60_000, waiting: ['slow=in_progress'] },
      { at: 75_000, elapsedMs: 75_000, waiting: [] }
    ])
  })

  it('a retry is reported with its cause and the delay of the sleep that follows', async () => {
    const { retries, sleeps, reports } = await watch(
      { 'status-id': 'u1' },
      {
        [U('u1')]: [
          { kind: 'transient', reason: 'HTTP 503: maintenance' },
          { kind: 'transient', reason: 'HTTP 429', retryAfterMs: 12_000 },
          ok({ status: 'queued' }),
          ok({ status: 'success', endedAt: 'x' })
        ]
      }
    )
    expect(reports[0]?.result).toBe('success')
    expect(retries.map((r) => [r.at, r.reason])).toEqual([
      [0, 'HTTP 503: maintenance'],
      [expect.any(Number), 'HTTP 429']
    ])
    expect(retries[1]?.delayMs).toBeGreaterThanOrEqual(12_000)
    // Each reported delay is the poll loop's next sleep (the heartbeat's sleeps are 30 s).
    const pollSleeps = sleeps.filter((ms) => ms !== 30_000)
    expect(retries.map((r) => r.delayMs)).toEqual(pollSleeps.slice(0, 2))
  })
})
