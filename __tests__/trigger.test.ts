import { describe, expect, it } from 'vitest'
import type { ApiResult, ResponseFacts } from '../src/api/classify.js'
import type { ApiClient } from '../src/api/client.js'
import { classifyStartAnswer, startWork, triggerPath } from '../src/engine/trigger.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import { ok, scriptedClient } from './helpers/fakes.js'
import type { TriggerSettings } from '../src/model.js'

const UPDATE: TriggerSettings = { kind: 'update', projectId: 'p1' }
const PREVIEW: TriggerSettings = { kind: 'preview', projectId: 'p1', branch: 'feat/nav' }
const AGENT: TriggerSettings = { kind: 'agent', projectId: 'p1', prompt: 'Fix the typos' }
const AUTOMATION: TriggerSettings = { kind: 'automation', projectId: 'p1', automationId: 'nightly' }

function facts(status: number, body: unknown, extra: Partial<ResponseFacts> = {}): ResponseFacts {
  return { status, bodyText: typeof body === 'string' ? body : JSON.stringify(body), keyInput: 'admin-key', now: 1_000_000, ...extra }
}

describe('classifyStartAnswer: only an answer that proves nothing started may be retried', () => {
  it.each([
    [429, { error: 'slow down' }, '3', { kind: 'transient', notActedOn: true, retryAfterMs: 3000 }],
    [429, { error: 'slow down' }, null, { kind: 'transient', notActedOn: true }],
    [503, { error: 'maintenance' }, '2', { kind: 'transient', notActedOn: true, retryAfterMs: 2000 }]
  ])('HTTP %i %j with Retry-After %s is retried', (status, body, retryAfter, expected) => {
    const answer = classifyStartAnswer(UPDATE, facts(status, body, { retryAfter }))
    expect(answer).toMatchObject(expected)
  })

  it.each([
    [503, 'without Retry-After'],
    [500, 'a server error'],
    [502, 'a bad gateway'],
    [504, 'a gateway timeout'],
    [408, 'a request timeout']
  ])('HTTP %i (%s) is not retried: the work may have started', (status) => {
    const answer = classifyStartAnswer(AGENT, facts(status, { error: 'upstream' }))
    expect(answer.kind).toBe('fatal')
    expect(answer).not.toHaveProperty('notActedOn')
    expect(answer.kind !== 'ok' && answer.reason).toMatch(/agent job may have started anyway\. It was not sent again/)
    expect(answer.kind !== 'ok' && answer.reason).toContain(`HTTP ${status}: "upstream"`)
  })

  it.each([
    [
      PREVIEW,
      400,
      'branch must be a non-empty string',
      /HTTP 400: .*preview deployment of branch "feat\/nav": "branch must be a non-empty string"\. Check preview-branch/
    ],
    [AGENT, 400, 'prompt too long', /HTTP 400: .*agent job: "prompt too long"\. Check agent-prompt/],
    [
      PREVIEW,
      403,
      'Previews are not available on your plan',
      /HTTP 403: .*"Previews are not available on your plan"; previews may not be part of the organization's plan/
    ],
    [UPDATE, 404, 'Project not found', /HTTP 404: .*"Project not found"\. Check project-id/],
    [UPDATE, 401, 'Invalid key', /HTTP 401: the platform rejected admin-key, so no update was started: "Invalid key"/],
    [
      AUTOMATION,
      400,
      'Automation is not active',
      /HTTP 400: the platform refused to start the run of automation nightly: "Automation is not active"\. Check automation-id \(it must name an active automation with a custom schedule\)/
    ],
    [AUTOMATION, 404, 'Not found', /HTTP 404: the platform found no automation nightly in project p1: "Not found"\. Check automation-id and project-id/]
  ])('%j answered %i: the server message and the input to check', (settings, status, message, expected) => {
    const answer = classifyStartAnswer(settings, facts(status, { error: message }))
    expect(answer.kind).toBe('fatal')
    expect(answer.kind !== 'ok' && answer.reason).toMatch(expected)
  })

  it('a 2xx body that is not JSON may still have started the work', () => {
    const answer = classifyStartAnswer(UPDATE, facts(202, '<html>accepted</html>'))
    expect(answer).toMatchObject({ kind: 'fatal', reason: expect.stringMatching(/HTTP 202 with a body that is not JSON\), so the update may have started/) })
  })

  it('cuts an echoed key out of the server message', () => {
    const answer = classifyStartAnswer(UPDATE, facts(400, { error: 'bad key sk_live_secret' }, { secrets: ['sk_live_secret'] }))
    expect(answer.kind !== 'ok' && answer.reason).toContain('bad key ***')
  })
})

/** What startWork needs when the test cancels through the client's latency. */
function cancelledDeps(client: ApiClient, signal: AbortSignal) {
  const clock = virtualClock()
  return {
    client,
    adminKey: 'k',
    clock,
    random: seededRandom(1),
    signal,
    deadline: clock.now() + 60_000,
    minIntervalMs: 1000,
    maxIntervalMs: 5000,
    requestTimeoutMs: 10_000
  }
}

describe('startWork', () => {
  const run = async (settings: TriggerSettings, script: ApiResult[], options: { timeoutMs?: number; signal?: AbortSignal } = {}) => {
    const clock = virtualClock()
    const { client, requests } = scriptedClient({ [triggerPath(settings)]: script })
    const report = await startWork(settings, {
      client,
      adminKey: 'admin-key-value',
      clock,
      random: seededRandom(7),
      signal: options.signal ?? new AbortController().signal,
      deadline: clock.now() + (options.timeoutMs ?? 60_000),
      minIntervalMs: 1000,
      maxIntervalMs: 5000,
      requestTimeoutMs: 10_000
    })
    return { report, requests, clock }
  }

  it('sends one POST per kind, with the documented path and body, and reads what it started', async () => {
    const update = await run(UPDATE, [ok({ statusId: 's1' })])
    expect(update.requests.map((r) => [r.method, r.path, r.json])).toEqual([['POST', '/v1/project/update/p1', undefined]])
    expect(update.report).toMatchObject({ result: 'success', ref: { kind: 'update', id: 's1' }, previewUrl: undefined, requests: 1, error: null })

    const preview = await run(PREVIEW, [ok({ statusId: 's2', previewUrl: 'https://acme-feat-nav.example.com' })])
    expect(preview.requests.map((r) => [r.path, r.json])).toEqual([['/v1/project/preview/p1', { branch: 'feat/nav' }]])
    expect(preview.report).toMatchObject({ result: 'success', ref: { kind: 'update', id: 's2' }, previewUrl: 'https://acme-feat-nav.example.com' })

    const agent = await run(AGENT, [ok({ id: 'j1', status: 'active', prLink: null })])
    expect(agent.requests.map((r) => [r.path, r.json, r.keyInput])).toEqual([['/v2/agent/p1/job', { prompt: 'Fix the typos' }, 'admin-key']])
    expect(agent.report).toMatchObject({ result: 'success', ref: { kind: 'job', id: 'j1', projectId: 'p1' } })

    const automation = await run(AUTOMATION, [ok({ schemaId: 'sch1', instanceId: 'run1', jobId: 'bg1' })])
    expect(automation.requests.map((r) => [r.method, r.path, r.json])).toEqual([['POST', '/v1/workflow/p1/nightly/trigger', undefined]])
    expect(automation.report).toMatchObject({ result: 'success', ref: undefined, automation: { runId: 'run1', jobId: 'bg1' }, requests: 1 })
  })

  it('a run of an automation is accepted without its background job; without the run it has probably been queued', async () => {
    expect((await run(AUTOMATION, [ok({ instanceId: 'run1' })])).report).toMatchObject({ result: 'success', automation: { runId: 'run1', jobId: undefined } })
    const { report, requests } = await run(AUTOMATION, [ok({ schemaId: 'sch1', jobId: 'bg1' }), ok({ instanceId: 'run2' })])
    expect(requests).toHaveLength(1)
    expect(report.result).toBe('error')
    expect(report.automation).toBeUndefined()
    expect(report.error).toMatch(
      /the answer has no string "instanceId" naming the run\), so the run of automation nightly has probably started\. It was not sent again/
    )
  })

  it('encodes the project id in the path', () => {
    expect(triggerPath({ kind: 'update', projectId: 'a b' })).toBe('/v1/project/update/a%20b')
  })

  it('sends again after answers that prove nothing started, waiting as asked', async () => {
    const { report, requests, clock } = await run(UPDATE, [
      { kind: 'transient', reason: 'HTTP 429 (rate limit)', notActedOn: true, retryAfterMs: 7000 },
      { kind: 'transient', reason: 'network error: ECONNREFUSED', sent: false },
      ok({ statusId: 's1' })
    ])
    expect(requests).toHaveLength(3)
    expect(report).toMatchObject({ result: 'success', requests: 3 })
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(7000)
  })

  it('tells of each POST sent again, with the answer that allowed it and the wait', async () => {
    const clock = virtualClock()
    const retries: [string, number][] = []
    const { client } = scriptedClient({
      [triggerPath(UPDATE)]: [{ kind: 'transient', reason: 'HTTP 429 (rate limit)', notActedOn: true, retryAfterMs: 3000 }, ok({ statusId: 's1' })]
    })
    const report = await startWork(UPDATE, {
      client,
      adminKey: 'k',
      clock,
      random: seededRandom(1),
      signal: new AbortController().signal,
      deadline: clock.now() + 60_000,
      minIntervalMs: 1000,
      maxIntervalMs: 5000,
      requestTimeoutMs: 10_000,
      onRetry: (reason, delayMs) => retries.push([reason, delayMs])
    })
    expect(report.result).toBe('success')
    expect(retries).toEqual([['HTTP 429 (rate limit)', 3000]])
  })

  it.each([
    ['a request timeout', { kind: 'transient', reason: 'no complete answer within 10s (request-timeout)', sent: true }],
    ['a reset after sending', { kind: 'transient', reason: 'network error: ECONNRESET', sent: true }],
    ['a body of the wrong kind', { kind: 'transient', reason: 'HTTP 200 with a body that is not JSON', sent: true }],
    ['an answer of unknown provenance', { kind: 'transient', reason: 'HTTP 502' }]
  ] as [string, ApiResult][])('never sends again after %s', async (_name, answer) => {
    const { report, requests } = await run(AGENT, [answer, ok({ id: 'j1' })])
    expect(requests).toHaveLength(1)
    expect(report.result).toBe('error')
    expect(report.ref).toBeUndefined()
    expect(report.error).toMatch(/the agent job may have started anyway\. It was not sent again/)
    expect(report.error).toContain("look in the project's agent jobs")
  })

  it('an answer without the id ends the run: the work has probably started', async () => {
    const { report, requests } = await run(UPDATE, [ok({ accepted: true }), ok({ statusId: 's1' })])
    expect(requests).toHaveLength(1)
    expect(report).toMatchObject({ result: 'error', ref: undefined })
    expect(report.error).toMatch(/the answer has no string "statusId" to wait on\), so the update has probably started/)
  })

  it('an id that cannot be placed in a path is not waited on', async () => {
    const { report } = await run(UPDATE, [ok({ statusId: 'a..b' })])
    expect(report.result).toBe('error')
    expect(report.error).toMatch(/the update was started, but the platform answered with a statusId that contains "\.\."/)
  })

  it('a rate limit that outlasts the timeout starts nothing and is an error, not a timeout', async () => {
    const { report, requests } = await run(UPDATE, [{ kind: 'transient', reason: 'HTTP 429 (rate limit)', notActedOn: true, retryAfterMs: 4000 }], {
      timeoutMs: 10_000
    })
    expect(report.result).toBe('error')
    expect(report.error).toMatch(
      /^no update was started before the timeout ran out: the platform kept answering HTTP 429 \(rate limit\), after \d attempts and asked to wait 4\.0s before another try, past the timeout\. Re-run later, or raise timeout$/
    )
    expect(requests.length).toBeGreaterThanOrEqual(2)
    expect(requests.length).toBeLessThanOrEqual(4)
  })

  it('a Retry-After that ends past the deadline is not waited out: nothing is sent again', async () => {
    const { report, requests, clock } = await run(UPDATE, [{ kind: 'transient', reason: 'HTTP 429 (rate limit)', notActedOn: true, retryAfterMs: 60_000 }], {
      timeoutMs: 3000
    })
    expect(requests).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(report).toMatchObject({ result: 'error', ref: undefined, requests: 1 })
    expect(report.error).toBe(
      'no update was started before the timeout ran out: the platform answered HTTP 429 (rate limit) and asked to wait 1m00s before another try, past the timeout. Re-run later, or raise timeout'
    )
  })

  it('a POST is sent again only before the deadline, never at it: work started then could not be waited on', async () => {
    const clock = virtualClock()
    const deadline = clock.now() + 4500
    const sentAt: number[] = []
    const { client } = scriptedClient(
      { [triggerPath(AGENT)]: [{ kind: 'transient', reason: 'HTTP 429 (rate limit)', notActedOn: true }] },
      {
        latency: async () => {
          sentAt.push(clock.now())
        }
      }
    )
    const report = await startWork(AGENT, { ...cancelledDeps(client, new AbortController().signal), clock, deadline })
    expect(report.result).toBe('error')
    expect(sentAt.length).toBeGreaterThan(1)
    for (const at of sentAt) expect(at).toBeLessThan(deadline)
    expect(report.requests).toBe(sentAt.length)
  })

  it.each([
    ['a Retry-After that reaches the deadline', { retryAfterMs: 3000 }],
    ['no Retry-After, and a schedule that waits 5 s', {}]
  ])('a retry whose wait would reach the deadline is neither announced nor sent: the run ends at once (%s)', async (_name, wait) => {
    const clock = virtualClock()
    const retries: [string, number][] = []
    const { client, requests } = scriptedClient({
      [triggerPath(UPDATE)]: [{ kind: 'transient', reason: 'HTTP 429 (rate limit)', notActedOn: true, ...wait }, ok({ statusId: 's1' })]
    })
    const report = await startWork(UPDATE, {
      ...cancelledDeps(client, new AbortController().signal),
      clock,
      // 3 s left, and the schedule waits at least 5 s between two tries.
      deadline: clock.now() + 3000,
      minIntervalMs: 5000,
      maxIntervalMs: 5000,
      onRetry: (reason, delayMs) => retries.push([reason, delayMs])
    })
    expect(requests).toHaveLength(1)
    expect(retries).toEqual([])
    expect(clock.sleeps).toEqual([])
    expect(report).toMatchObject({ result: 'error', ref: undefined })
  })

  it('a Retry-After shorter than the time left is what the POST waits, not the poll schedule: sent again after it', async () => {
    const clock = virtualClock()
    const retries: [string, number][] = []
    const { client, requests } = scriptedClient({
      [triggerPath(UPDATE)]: [{ kind: 'transient', reason: 'HTTP 429 (rate limit)', notActedOn: true, retryAfterMs: 1000 }, ok({ statusId: 's1' })]
    })
    const report = await startWork(UPDATE, {
      ...cancelledDeps(client, new AbortController().signal),
      clock,
      deadline: clock.now() + 3000,
      minIntervalMs: 5000,
      maxIntervalMs: 5000,
      onRetry: (reason, delayMs) => retries.push([reason, delayMs])
    })
    expect(requests).toHaveLength(2)
    expect(retries).toEqual([['HTTP 429 (rate limit)', 1000]])
    expect(report).toMatchObject({ result: 'success', ref: { kind: 'update', id: 's1' } })
  })

  it('a cancel before the answer ends with cancelled and says the work may have started', async () => {
    const cancel = new AbortController()
    const { client } = scriptedClient({ [triggerPath(UPDATE)]: [ok({ statusId: 's1' })] }, { latency: async () => cancel.abort() })
    const report = await startWork(UPDATE, cancelledDeps(client, cancel.signal))
    expect(report).toMatchObject({ result: 'cancelled', ref: { kind: 'update', id: 's1' }, requests: 1 })
    expect(report.error).toBe('the run was cancelled just after the update was started')
  })

  it.each([
    ['a request cut off after it was sent', { kind: 'transient', reason: 'cancelled', sent: true }, '; the request had been sent, so it may have started'],
    ['a request that never left', { kind: 'transient', reason: 'cancelled', sent: false }, '; nothing was started'],
    ['a rate limit answer', { kind: 'transient', reason: 'HTTP 429', notActedOn: true }, '; nothing was started']
  ] as [string, ApiResult, string][])('a cancel with %s says whether the work may have started', async (_name, answer, says) => {
    const cancel = new AbortController()
    const { client } = scriptedClient({ [triggerPath(AGENT)]: [answer] }, { latency: async () => cancel.abort() })
    const report = await startWork(AGENT, cancelledDeps(client, cancel.signal))
    expect(report).toMatchObject({ result: 'cancelled', ref: undefined })
    expect(report.error).toBe(`the run was cancelled while starting the agent job${says}`)
  })
})
