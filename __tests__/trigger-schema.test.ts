import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ADMIN_KEY, ASSISTANT_KEY, PROJECT_ID, SEARCH_DOMAIN, startSimulator } from '../dev/simulator.js'
import { createApiClient } from '../src/api/client.js'
import { checkPages } from '../src/engine/pages.js'
import { startWork, triggerPath } from '../src/engine/trigger.js'
import { seededRandom } from './helpers/clock.js'
import { ok, scriptedClient } from './helpers/fakes.js'
import { systemClock } from '../src/engine/poll.js'
import type { StartKind, TriggerSettings } from '../src/model.js'

// A copy of the schema fragments of the platform's published OpenAPI documents for the three
// operations that start work: the action's requests must match them, and it must read the
// answers they allow.
interface Operation {
  method: string
  path: string
  requestBody: object | null
  responses: Record<string, object>
  examples: Record<string, unknown>
}
const spec = JSON.parse(readFileSync(new URL('./fixtures/platform-triggers.schema.json', import.meta.url), 'utf8')) as {
  operations: Record<StartKind, Operation>
  reading: { page: Operation }
}
const schema = (json: object) => z.fromJSONSchema(json as never)

const SETTINGS: Record<StartKind, TriggerSettings> = {
  update: { kind: 'update', projectId: PROJECT_ID },
  preview: { kind: 'preview', projectId: PROJECT_ID, branch: 'feature/new-nav' },
  agent: { kind: 'agent', projectId: PROJECT_ID, prompt: 'Fix the broken links' },
  automation: { kind: 'automation', projectId: PROJECT_ID, automationId: 'automation-nightly' },
  message: { kind: 'message', projectId: PROJECT_ID, jobId: 'job_01HZX3', prompt: 'Also fix the typo in the title' }
}
const KINDS = Object.keys(SETTINGS) as StartKind[]
/** The operation's path with the settings' ids in place. */
const pathOf = (operation: Operation, settings: TriggerSettings) =>
  operation.path
    .replace('{projectId}', settings.projectId)
    .replace('{automationId}', settings.kind === 'automation' ? settings.automationId : '')
    .replace('{id}', settings.kind === 'message' ? settings.jobId : '')
/** What an answer names as started: the status or job to wait on, or the run of an automation. */
const startedId = (answer: unknown) => {
  const named = answer as { statusId?: string; id?: string; instanceId?: string }
  return named.statusId ?? named.id ?? named.instanceId
}
const success = (operation: Operation) => Object.keys(operation.responses).find((code) => code.startsWith('2')) ?? '200'

const deps = (client: ReturnType<typeof scriptedClient>['client']) => ({
  client,
  adminKey: ADMIN_KEY,
  clock: systemClock,
  random: seededRandom(1),
  signal: new AbortController().signal,
  deadline: Date.now() + 10_000,
  minIntervalMs: 100,
  maxIntervalMs: 200,
  requestTimeoutMs: 5000
})

describe.each(KINDS)('trigger %s against the published schema', (kind) => {
  const operation = spec.operations[kind]
  const settings = SETTINGS[kind]

  it('uses the documented method and path', () => {
    expect(triggerPath(settings)).toBe(pathOf(operation, settings))
    expect(operation.method).toBe('POST')
  })

  it('sends a body the schema accepts (none where it takes none), and reads the documented answer', async () => {
    const code = success(operation)
    const example = operation.examples[code]
    expect(schema(operation.responses[code] ?? {}).safeParse(example).success).toBe(true)
    const { client, requests } = scriptedClient({ [triggerPath(settings)]: [ok(example)] })
    const report = await startWork(settings, deps(client))
    expect(requests).toHaveLength(1)
    const sent = requests[0]?.json
    if (operation.requestBody === null) expect(sent).toBeUndefined()
    else expect(schema(operation.requestBody).safeParse(sent).error).toBeUndefined()
    expect(report.result).toBe('success')
    expect(report.ref?.id ?? report.automation?.runId).toBe(startedId(example))
  })

  // A follow-up's answer names nothing new: its job is the one it was sent to (see below).
  it.runIf(kind !== 'message')('answers the schema allows but that name nothing to wait on end the run, with one request', async () => {
    const empty = {}
    expect(schema(operation.responses[success(operation)] ?? {}).safeParse(empty).success).toBe(true)
    const { client, requests } = scriptedClient({ [triggerPath(settings)]: [ok(empty), ok(operation.examples[success(operation)])] })
    const report = await startWork(settings, deps(client))
    expect(requests).toHaveLength(1)
    expect(report.result).toBe('error')
  })
})

describe('a follow-up message against the published schema', () => {
  const operation = spec.operations.message
  const settings = SETTINGS.message

  it('any answer the schema allows is the message taken: the job waited on is the one it was sent to, whatever state the answer still shows', async () => {
    for (const answer of [{}, { id: 'job_01HZX3', status: 'completed', prLink: 'https://github.com/acme/docs/pull/42' }]) {
      expect(schema(operation.responses['200'] ?? {}).safeParse(answer).success).toBe(true)
      const { client, requests } = scriptedClient({ [triggerPath(settings)]: [ok(answer)] })
      const report = await startWork(settings, deps(client))
      expect(requests).toHaveLength(1)
      expect(report).toMatchObject({ result: 'success', ref: { kind: 'job', id: 'job_01HZX3', projectId: PROJECT_ID } })
    }
  })
})

describe('the simulator keeps to the published schema', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  beforeAll(async () => {
    sim = await startSimulator()
    // The job the follow-up message of SETTINGS goes to.
    sim.script('job', 'job_01HZX3', [{ json: { id: 'job_01HZX3', status: 'completed', prLink: null } }])
  })
  afterAll(() => sim.close())

  it.each(KINDS)('%s: the real client sends what the schema takes, and the answer matches it', async (kind) => {
    const operation = spec.operations[kind]
    sim.reset()
    const client = createApiClient({ baseUrl: new URL(sim.url), secrets: [ADMIN_KEY] })
    try {
      const report = await startWork(SETTINGS[kind], { ...deps(scriptedClient({}).client), client })
      expect(report.result).toBe('success')
    } finally {
      await client.close()
    }
    const [request] = sim.requests
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe(pathOf(operation, SETTINGS[kind]))
    if (operation.requestBody) expect(schema(operation.requestBody).safeParse(JSON.parse(request?.body ?? '')).error).toBeUndefined()
    const answer = await fetch(`${sim.url}${request?.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: request?.body || undefined
    })
    expect(String(answer.status)).toBe(success(operation))
    expect(schema(operation.responses[success(operation)] ?? {}).safeParse(await answer.json()).error).toBeUndefined()
  })

  it.each([
    ['preview', { branch: '' }],
    ['agent', { prompt: '' }],
    ['message', { prompt: '' }]
  ] as const)('%s: a body the schema refuses gets a 400 with an error message', async (kind, body) => {
    const operation = spec.operations[kind]
    expect(schema(operation.requestBody ?? {}).safeParse(body).success).toBe(false)
    const answer = await fetch(`${sim.url}${pathOf(operation, SETTINGS[kind])}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    expect(answer.status).toBe(400)
    expect(schema(operation.responses['400'] ?? {}).safeParse(await answer.json()).success).toBe(true)
  })
})

describe('the page operation of the discovery API against the published schema', () => {
  const operation = spec.reading.page
  const pages = { paths: ['guides/new-page', 'quickstart'], contains: undefined, domain: SEARCH_DOMAIN, assistantKey: ASSISTANT_KEY }
  const path = operation.path.replace('{domain}', SEARCH_DOMAIN)
  const pageDeps = (client: ReturnType<typeof scriptedClient>['client']) => ({ ...deps(client), startedAt: Date.now() })

  it('sends the documented request with the assistant key, and reads the documented answer', async () => {
    expect(operation.method).toBe('POST')
    const example = operation.examples['200']
    expect(schema(operation.responses['200'] ?? {}).safeParse(example).success).toBe(true)
    // The documented answer, for each page asked: a page answer names the page it is (its path).
    const { client: scripted, requests } = scriptedClient({ [path]: [ok(example)] })
    const client = {
      ...scripted,
      request: async (req: Parameters<typeof scripted.request>[0]) => {
        const answer = await scripted.request(req)
        return answer.kind === 'ok' ? { kind: 'ok' as const, body: { ...(answer.body as object), path: (req.json as { path: string }).path } } : answer
      }
    }
    const report = await checkPages({ ...pages, contains: 'EVERY pull   request' }, pageDeps(client))
    expect(report.result).toBe('success')
    expect(requests.map((r) => [r.method, r.path, r.keyInput])).toEqual([
      ['POST', path, 'assistant-key'],
      ['POST', path, 'assistant-key']
    ])
    for (const request of requests) expect(schema(operation.requestBody ?? {}).safeParse(request.json).error).toBeUndefined()
    expect(requests.map((r) => r.json)).toEqual([{ path: 'guides/new-page' }, { path: 'quickstart' }])
  })

  it('the simulator answers as the schema says: 404 with a message, then the page', async () => {
    const sim = await startSimulator()
    try {
      const client = createApiClient({ baseUrl: new URL(sim.url), secrets: [ASSISTANT_KEY] })
      try {
        const report = await checkPages(pages, { ...pageDeps(scriptedClient({}).client), client })
        expect(report.result).toBe('success')
      } finally {
        await client.close()
      }
      const sent = sim.requests.filter((r) => r.path === path)
      expect(sent.length).toBeGreaterThanOrEqual(4)
      for (const request of sent) expect(schema(operation.requestBody ?? {}).safeParse(JSON.parse(request.body ?? '')).error).toBeUndefined()
      sim.reset()
      const read = (body: unknown) =>
        fetch(`${sim.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ASSISTANT_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify(body)
        })
      const missing = await read({ path: 'guides/new-page' })
      expect(missing.status).toBe(404)
      expect(schema(operation.responses['404'] ?? {}).safeParse(await missing.json()).success).toBe(true)
      const found = await read({ path: 'quickstart' })
      expect(found.status).toBe(200)
      expect(schema(operation.responses['200'] ?? {}).safeParse(await found.json()).error).toBeUndefined()
    } finally {
      await sim.close()
    }
  })
})
