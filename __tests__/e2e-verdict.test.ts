import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo, createServer as createTcpServer } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { runAction } from '../dev/run-action.js'
import { ADMIN_KEY, ASSISTANT_KEY, PROJECT_ID } from '../dev/simulator.js'
import { EXIT } from '../src/cli/exit-codes.js'
import { runCommand } from './helpers/cli.js'
import { runAgainst, simulator } from './helpers/e2e.js'

// A verdict nothing but the platform's own answer can give, end to end through dist/ (the action
// and the command): a record that names no target, another page's answer, a prLink that is no
// pull request, a wait that never read a status, a setup the platform refused.
const closers: (() => void)[] = []
afterAll(() => {
  for (const close of closers) close()
})

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void

/** A server of our own over real HTTP; its requests as (method, path) pairs. */
async function serve(handler: Handler): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`)
      handler(req, res, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => {
    server.closeAllConnections()
    server.close()
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

/** A catch-all server (a captive portal, a proxy's default page): the same 200 to every request. */
const catchAll = (body: unknown) => serve((_req, res) => json(res, 200, body))

const QUICK = { timeout: '2s', 'min-interval': '100ms', 'max-interval': '300ms', 'request-timeout': '5s' }
const quickFlags = (inputs: Record<string, string>) => Object.entries({ ...QUICK, ...inputs }).flatMap(([name, value]) => [`--${name}`, value])

/** The command against `url` with these inputs as flags, the key in the environment, and a JSON report. */
function command(url: string, inputs: Record<string, string>, extra: string[] = []) {
  return runCommand(() => ['--base-url', url, '--output-file', 'out.json', ...quickFlags(inputs), ...extra], {
    env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, WAIT_FOR_DOCS_ASSISTANT_KEY: ASSISTANT_KEY }
  })
}

/** The action against `url` with these inputs. */
function action(url: string, inputs: Record<string, string>) {
  return runAction({ timeoutMs: 25_000, inputs: { 'base-url': url, 'admin-key': ADMIN_KEY, ...QUICK, ...inputs } })
}

const reportOf = (run: Awaited<ReturnType<typeof command>>) => JSON.parse(run.file('out.json') ?? 'null') as Record<string, unknown>

describe.concurrent('a record must name the target asked for', () => {
  const cases: [string, unknown, Record<string, string>][] = [
    ['an update record with no _id', { status: 'success' }, { 'status-id': 'u1' }],
    ['an update record with _id null', { _id: null, status: 'success' }, { 'status-id': 'u1' }],
    ['an update record with an empty _id', { _id: '', status: 'success' }, { 'status-id': 'u1' }],
    ['a job record with no id', { status: 'completed', prLink: 'https://github.com/acme/docs/pull/1' }, { 'job-id': 'j1', 'project-id': PROJECT_ID }],
    [
      'a job record with id null',
      { id: null, status: 'completed', prLink: 'https://github.com/acme/docs/pull/1' },
      { 'job-id': 'j1', 'project-id': PROJECT_ID }
    ]
  ]

  it.each(cases)('%s from a catch-all server is never judged: the command exits 4, the action ends error', async (_name, body, inputs) => {
    const server = await catchAll(body)
    const [run, outcome] = await Promise.all([command(server.url, inputs), action(server.url, inputs)])
    expect(run.code, run.stdout + run.stderr).toBe(EXIT.error)
    expect(reportOf(run)).toMatchObject({ result: 'error', status: '', 'exit-code': EXIT.error })
    const field = 'status-id' in inputs ? '_id' : 'id'
    expect(run.stdout + run.stderr).toContain(`names no ${'status-id' in inputs ? 'update' : 'agent job'} (no "${field}")`)
    expect(outcome.code).toBe(1)
    expect(outcome.outputs.result).toBe('error')
    expect(outcome.outputs.status).toBe('')
    // More than one read: such an answer is read again, as any answer that is not the platform's record.
    expect(server.requests.length).toBeGreaterThan(2)
  })

  it("a record of another target still ends the wait at once, naming both (the command's exit 4)", async () => {
    const server = await catchAll({ _id: 'u2', status: 'success' })
    const run = await command(server.url, { 'status-id': 'u1' })
    expect(run.code).toBe(EXIT.error)
    expect(run.stdout).toContain('asked for update "u1", the platform answered with the record of "u2"')
  })
})

describe.concurrent('the page check reads the page asked for', () => {
  /** The update succeeds; every page read gets `page`. */
  const platform = (page: unknown) =>
    serve((req, res) => {
      if (req.method === 'GET') return json(res, 200, { _id: 'u1', status: 'success' })
      json(res, 200, page)
    })
  const inputs = { 'status-id': 'u1', 'page-path': 'guides/new-page', 'search-domain': 'acme-docs', 'assistant-key': ASSISTANT_KEY }

  it.each([
    ['another page ("index")', { path: 'index', content: 'Welcome to the docs' }, 'is the page "index"'],
    ['no path at all', { content: 'Welcome to the docs' }, 'names no page (no "path")']
  ])('an answer for %s never makes the page live: exit 4, result error', async (_name, page, said) => {
    const server = await platform(page)
    const [run, outcome] = await Promise.all([command(server.url, inputs), action(server.url, inputs)])
    expect(run.code, run.stdout).toBe(EXIT.error)
    expect(reportOf(run)).toMatchObject({ result: 'error' })
    expect(run.stdout).toContain(`the answer for page "guides/new-page" ${said}`)
    expect(outcome.outputs.result).toBe('error')
    expect(JSON.parse(outcome.outputs['page-results'] ?? '[]')).toEqual([{ path: 'guides/new-page', found: false, contains: null, length: null }])
  })

  it('the answer for the page asked (leading and trailing slashes aside) makes it live', async () => {
    const server = await platform({ path: '/guides/new-page/', content: 'Deploy previews' })
    const run = await command(server.url, inputs)
    expect(run.code, run.stdout).toBe(EXIT.success)
  })
})

describe.concurrent('require-pr needs the address of a pull request', () => {
  const job = (prLink: unknown) => serve((_req, res) => json(res, 200, { id: 'j1', status: 'completed', prLink }))
  const inputs = { 'job-id': 'j1', 'project-id': PROJECT_ID, 'require-pr': 'true' }

  it.each([[null], ['null'], ['https://'], ['javascript:alert(1)'], ['/acme/docs/pull/1'], ['ftp://github.com/acme/docs/pull/1']])(
    'a completed job with prLink %j is a failure (exit 1)',
    async (prLink) => {
      const server = await job(prLink)
      const [run, outcome] = await Promise.all([command(server.url, inputs), action(server.url, inputs)])
      expect(run.code, run.stdout).toBe(EXIT.failure)
      expect(outcome.outputs.result).toBe('failure')
    }
  )

  it('an https:// address with a host is a pull request (exit 0)', async () => {
    const server = await job('https://github.com/acme/docs/pull/1')
    const run = await command(server.url, inputs)
    expect(run.code, run.stdout).toBe(EXIT.success)
  })
})

describe.concurrent('no status ever read is "could not tell", never a timeout', () => {
  const unavailable = () => serve((_req, res) => json(res, 503, { error: 'maintenance' }))

  it('an update answered 503 until the deadline: exit 4, result error, also with --no-fail-on-timeout', async () => {
    const server = await unavailable()
    const inputs = { 'status-id': 'u1' }
    const [run, lenient, outcome, lenientAction] = await Promise.all([
      command(server.url, inputs),
      command(server.url, inputs, ['--no-fail-on-timeout']),
      action(server.url, inputs),
      action(server.url, { ...inputs, 'fail-on-timeout': 'false' })
    ])
    for (const r of [run, lenient]) {
      expect(r.code, r.stdout).toBe(EXIT.error)
      expect(reportOf(r)).toMatchObject({ result: 'error', 'exit-code': EXIT.error })
      expect(r.stdout).toContain('HTTP 503: maintenance; no status of the update could be read before the timeout (2.0s) ran out')
    }
    for (const o of [outcome, lenientAction]) {
      expect(o.code).toBe(1)
      expect(o.outputs.result).toBe('error')
    }
  })

  it('a job that was read stays a timeout at the deadline (exit 3)', async () => {
    const server = await serve((_req, res) => json(res, 200, { id: 'j1', status: 'active' }))
    const run = await command(server.url, { 'job-id': 'j1', 'project-id': PROJECT_ID })
    expect(run.code, run.stdout).toBe(EXIT.timeout)
  })
})

describe.concurrent('a setup the platform refuses has an exit code of its own (5), never let through as "could not tell"', () => {
  const cases: [string, Record<string, string>, string | undefined, RegExp][] = [
    ['a key refused (401) on the status', { 'status-id': 'update-success' }, 'sim_admin_wrong_0000000000', /HTTP 401/],
    ['no such project (404) for the trigger', { trigger: 'update', 'project-id': 'no-such-project' }, undefined, /HTTP 404/],
    ['previews not in the plan (403)', { trigger: 'preview', 'project-id': 'trigger-403', 'preview-branch': 'b' }, undefined, /HTTP 403/],
    ['a request refused as invalid (400)', { trigger: 'update', 'project-id': 'trigger-400' }, undefined, /HTTP 400/],
    ['no such update, past the grace of a new id (404)', { 'status-id': 'no-such-update', timeout: '10s' }, undefined, /HTTP 404/]
  ]

  it.each(cases)('%s: exit 5, result error in the reports and the action', async (_name, inputs, key, said) => {
    const sim = await simulator()
    const env = { WAIT_FOR_DOCS_ADMIN_KEY: key ?? ADMIN_KEY }
    const run = await runCommand(() => ['--base-url', sim.url, '--output-file', 'out.json', '--dotenv', 'docs.env', ...quickFlags(inputs)], { env })
    expect(run.code, run.stdout).toBe(EXIT.misconfigured)
    expect(run.stdout).toMatch(said)
    expect(reportOf(run)).toMatchObject({ result: 'error', 'exit-code': EXIT.misconfigured })
    expect(run.file('docs.env')).toContain('DOCS_RESULT=error\n')
    const outcome = await runAgainst(sim, { ...QUICK, ...inputs, ...(key ? { 'admin-key': key } : {}) })
    expect(outcome.code).toBe(1)
    expect(outcome.outputs.result).toBe('error')
  })

  it('--help and the exit code table name 5', async () => {
    const run = await runCommand(() => ['--help'])
    expect(run.stdout).toMatch(/\n {2}5 +misconfigured \(result error\): the platform refused the setup for certain/)
  })
})

describe.concurrent('what the network did, in its own words', () => {
  it('a 429 with Retry-After: 1 on the trigger is waited out and sent again, within a 4 s timeout at the default intervals', async () => {
    const sim = await simulator()
    const run = await runCommand(
      () => ['--base-url', sim.url, '--trigger', 'update', '--project-id', 'trigger-429', '--timeout', '4s', '--output-file', 'out.json'],
      {
        env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
      }
    )
    const posts = sim.requests.filter((r) => r.method === 'POST')
    expect(posts).toHaveLength(2)
    expect((posts[1]?.at ?? 0) - (posts[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000)
    expect(reportOf(run)['status-id']).toBe('update-success')
  })

  it('a started id that is broken text (half a surrogate pair) is refused once, without advice that repeats the POST', async () => {
    const sim = await simulator()
    sim.script('trigger', 'trigger-500', [{ status: 202, raw: '{"statusId":"st_\\ud800"}' }])
    const inputs = { trigger: 'update', 'project-id': 'trigger-500' }
    const [run, outcome] = await Promise.all([command(sim.url, inputs), runAgainst(sim, { ...QUICK, ...inputs })])
    expect(run.code, run.stdout).toBe(EXIT.error)
    for (const text of [run.stdout + run.stderr, outcome.stdout + outcome.stderr]) {
      expect(text).not.toContain('URI malformed')
      expect(text).toContain('answered with a statusId that contains half of a surrogate pair')
    }
    expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(2)
  })

  it('a proxy that never answers CONNECT is named, by its variable', async () => {
    // A proxy that takes the connection and reads CONNECT, and never answers it.
    const proxy = createTcpServer((socket) => socket.resume())
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    closers.push(() => proxy.close())
    const silent = `127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const run = await runCommand(
      () => [
        '--base-url',
        'https://docs.example.test',
        '--status-id',
        'u1',
        '--timeout',
        '2s',
        '--request-timeout',
        '1s',
        '--min-interval',
        '100ms',
        '--max-interval',
        '300ms'
      ],
      { env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, HTTPS_PROXY: `http://${silent}` } }
    )
    expect(run.code).toBe(EXIT.error)
    expect(run.stdout).toContain('the proxy named by HTTPS_PROXY did not open a connection to docs.example.test in that time')
  })
})
