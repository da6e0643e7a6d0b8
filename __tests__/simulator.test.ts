import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { ADMIN_KEY, ASSISTANT_KEY, HOSTILE_LINES, PROJECT_ID, SEARCH_DOMAIN, startSimulator } from '../dev/simulator.js'
import { parseOutputFile } from '../dev/run-action.js'

type Sim = Awaited<ReturnType<typeof startSimulator>>
let sim: Sim

const admin = { authorization: `Bearer ${ADMIN_KEY}` }
const assistant = { authorization: `Bearer ${ASSISTANT_KEY}` }

const getUpdate = (id: string, headers: Record<string, string> = admin, signal?: AbortSignal) =>
  fetch(`${sim.url}/v1/project/update-status/${encodeURIComponent(id)}`, { headers, signal })

const search = (body: unknown, headers: Record<string, string> = assistant, domain = SEARCH_DOMAIN) =>
  fetch(`${sim.url}/discovery/v1/search/${domain}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })

const paths = async (body: unknown) => {
  const res = await search(body)
  expect(res.status).toBe(200)
  return ((await res.json()) as Array<{ path: string }>).map((r) => r.path)
}

beforeAll(async () => {
  sim = await startSimulator()
})
afterAll(async () => {
  await sim?.close()
})

describe('auth', () => {
  it('rejects missing, wrong and other-kind keys with 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: ADMIN_KEY }, assistant]) {
      const res = await getUpdate('update-success', headers)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'Invalid or missing API key' })
    }
    const job = await fetch(`${sim.url}/v2/agent/${PROJECT_ID}/job/job-failed`, { headers: assistant })
    expect(job.status).toBe(401)
    const res = await search({ query: 'install' }, admin)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Invalid or missing API key' })
  })

  it('answers 404 for unknown routes', async () => {
    const res = await fetch(`${sim.url}/v1/nothing`, { headers: admin })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })
})

describe('update status', () => {
  it('walks update-success through queued, in_progress and success', async () => {
    sim.reset()
    const records: any[] = []
    for (let i = 0; i < 5; i++) {
      const res = await getUpdate('update-success')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/json')
      records.push(await res.json())
    }
    expect(records.map((r) => r.status)).toEqual(['queued', 'in_progress', 'in_progress', 'success', 'success'])
    expect(records.map((r) => r.logs.length)).toEqual([0, 2, 4, 6, 6])
    expect(records[0].endedAt).toBeUndefined()
    expect(records[0].commit).toBeUndefined()
    const done = records[3]
    expect(done).toMatchObject({
      _id: 'update-success',
      projectId: PROJECT_ID,
      subdomain: 'acme',
      summary: 'Deployed 4 changed pages',
      source: 'api',
      author: { name: 'Ada Lovelace', hostUserId: 1815 },
      commit: {
        ref: 'main',
        message: 'docs: update quickstart',
        filesChanged: {
          added: ['docs/new-page.mdx'],
          modified: ['docs/index.mdx', 'docs/quickstart.mdx'],
          removed: ['docs/old-page.mdx']
        }
      }
    })
    expect(done.commit.sha).toMatch(/^[0-9a-f]{40}$/)
    expect(Date.parse(done.endedAt)).toBeGreaterThan(Date.parse(done.createdAt))
    for (const key of ['screenshot', 'screenshotLight', 'screenshotDark']) expect(done[key]).toMatch(/^https:\/\//)
    expect(sim.requests).toHaveLength(5)
    expect(sim.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/project/update-status/update-success',
      authorization: `Bearer ${ADMIN_KEY}`
    })
  })

  it('serves hostile content and 404 for unknown ids', async () => {
    const hostile: any = await (await getUpdate('update-hostile')).json()
    expect(hostile.logs).toEqual(HOSTILE_LINES)
    expect(HOSTILE_LINES.some((l: string) => l.length === 10_000)).toBe(true)

    const res = await getUpdate('no-such-update')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Update status not found' })
  })

  it('script() overrides with repeat, raw bodies and headers', async () => {
    sim.script('update', 'custom', [
      { status: 503, json: { error: 'busy' }, repeat: 2 },
      { raw: 'plain', headers: { 'x-test': 'yes' } },
      { json: { ok: true }, repeat: 2 },
      { json: { _id: null, ok: true } }
    ])
    const answers: any[] = []
    for (let i = 0; i < 6; i++) {
      const res = await getUpdate('custom')
      answers.push([res.status, res.headers.get('content-type'), await res.text()])
    }
    expect(answers.map((a) => a[0])).toEqual([503, 503, 200, 200, 200, 200])
    expect(answers[0][2]).toBe('{"error":"busy"}')
    expect(answers[2]).toEqual([200, 'text/plain; charset=utf-8', 'plain'])
    // A record names itself, as the platform's do, unless the script sets its _id (even to null).
    expect(answers[4][2]).toBe('{"_id":"custom","ok":true}')
    expect(answers[5][2]).toBe('{"_id":null,"ok":true}')
  })

  it('hangs when told to, and close() still resolves', async () => {
    const own = await startSimulator()
    own.script('update', 'stuck', [{ hang: true }])
    const res = fetch(`${own.url}/v1/project/update-status/stuck`, {
      headers: admin,
      signal: AbortSignal.timeout(150)
    })
    await expect(res).rejects.toThrow()
    expect(own.requests).toHaveLength(1)
    // A second hanging request that is still open when the server closes.
    const pending = fetch(`${own.url}/v1/project/update-status/stuck`, { headers: admin }).catch((e) => e)
    await new Promise((r) => setTimeout(r, 50))
    await own.close()
    expect(await pending).toBeInstanceOf(Error)
  })
})

describe('agent jobs', () => {
  const getJob = (project: string, id: string) => fetch(`${sim.url}/v2/agent/${project}/job/${id}`, { headers: admin })

  it('progresses job-completed-pr and reports 404s', async () => {
    const statuses: any[] = []
    for (let i = 0; i < 3; i++) statuses.push(await (await getJob(PROJECT_ID, 'job-completed-pr')).json())
    expect(statuses.map((j) => j.status)).toEqual(['active', 'active', 'completed'])
    expect(statuses[0].prLink).toBeNull()
    expect(statuses[2]).toMatchObject({
      id: 'job-completed-pr',
      prLink: 'https://github.com/acme/docs/pull/42',
      source: { repository: 'https://github.com/acme/docs', ref: 'main' }
    })

    const missing = await getJob(PROJECT_ID, 'nope')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'Job not found' })

    const project = await getJob('other-project', 'job-failed')
    expect(project.status).toBe(404)
    expect(await project.json()).toEqual({ error: 'Project not found' })
  })
})

describe('search', () => {
  it('returns scored results bounded by pageSize', async () => {
    const res = await search({ query: 'quickstart' })
    const results: any = await res.json()
    expect(results.length).toBeGreaterThanOrEqual(3)
    expect(results[0]).toMatchObject({ content: expect.any(String), path: expect.any(String) })
    expect(results[0].metadata).toMatchObject({ version: expect.any(String), language: expect.any(String), score: 1 })
    expect(await paths({ query: 'install', pageSize: 2 })).toHaveLength(2)
    expect((await paths({ query: 'authentication api key' })).length).toBeGreaterThanOrEqual(3)
  })

  it('applies filters and scoreThreshold', async () => {
    const all = await paths({ query: 'authentication api key' })
    const v1 = await paths({ query: 'authentication api key', filter: { version: 'v1' } })
    const fr = await paths({ query: 'quickstart', filter: { language: 'fr' } })
    const legacy = await paths({ query: 'install', filter: { tag: 'legacy' } })
    expect(v1.length).toBeGreaterThan(0)
    expect(v1.length).toBeLessThan(all.length)
    expect(fr).toEqual(['fr/quickstart'])
    expect(legacy.every((p) => p.startsWith('v1/'))).toBe(true)

    const strict = await paths({ query: 'authentication api key', scoreThreshold: 1 })
    expect(strict.length).toBeGreaterThan(0)
    expect(strict.length).toBeLessThan(all.length)
  })

  it('rejects invalid bodies with 400', async () => {
    for (const body of [{ query: 'x', pageSize: 0 }, { query: 'x', pageSize: 51 }, { query: '' }, { query: 'x', scoreThreshold: 2 }, 'not json']) {
      const res = await search(body)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: unknown }).error).toEqual(expect.any(String))
    }
    const domain = await search({ query: 'x' }, assistant, 'other-domain')
    expect(domain.status).toBe(404)
    expect(await domain.json()).toEqual({ error: 'Domain not found' })
  })

  it('serves scripted answers for one query', async () => {
    sim.script('search', 'boom', [{ status: 500, json: { error: 'index offline' } }, { json: [] }])
    expect((await search({ query: 'boom' })).status).toBe(500)
    expect(await (await search({ query: 'boom' })).json()).toEqual([])
    const last = sim.requests.at(-1)
    expect(last?.method).toBe('POST')
    expect(JSON.parse(last?.body ?? '')).toEqual({ query: 'boom' })
  })
})

describe('parseOutputFile', () => {
  it('parses heredoc and plain entries', () => {
    const d = 'ghadelimiter_1b0a5e2c-5f43-4c55-9d4c-1a2b3c4d5e6f'
    const text = `status<<${d}\nsuccess\n${d}\nlogs<<${d}\nline 1\nline = 2\n\n${d}\nplain=a=b\r\nstatus<<${d}\r\nfinal\r\n${d}\r\n`
    expect(parseOutputFile(text)).toEqual({ status: 'final', logs: 'line 1\nline = 2\n', plain: 'a=b' })
    expect(parseOutputFile('')).toEqual({})
  })
})

describe('replaying scenarios', () => {
  it('POST /__reset starts every scenario over, so a running simulator can replay it', async () => {
    const statuses = async (n: number) => {
      const seen: string[] = []
      for (let i = 0; i < n; i++) seen.push(((await (await getUpdate('update-failure')).json()) as { status: string }).status)
      return seen
    }
    await fetch(`${sim.url}/__reset`, { method: 'POST' })
    expect(await statuses(4)).toEqual(['queued', 'in_progress', 'failure', 'failure'])
    const reset = await fetch(`${sim.url}/__reset`, { method: 'POST' })
    expect(reset.status).toBe(200)
    expect(sim.requests).toHaveLength(0)
    expect(await statuses(2)).toEqual(['queued', 'in_progress'])
  })
})
