import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY, ASSISTANT_KEY, HOSTILE_LINES, PROJECT_ID, SEARCH_DOMAIN } from '../dev/simulator.js'
import { activeCommands, expectAllOutputs, FAST, githubApi, runAgainst, simulator } from './helpers/e2e.js'

const GH_TOKEN = 'ghs_adversarial_token_0002'
const ours = /^::(add-mask|group|endgroup|debug|warning|error)::/

/** Fails if any key shows up anywhere but in the one ::add-mask:: line that hides it. */
function expectNoKeys(text: string) {
  for (const key of [ADMIN_KEY, ASSISTANT_KEY, GH_TOKEN]) expect(text.split(key).length, key).toBeLessThanOrEqual(2)
  const unmasked = text.split('\n').filter((line) => !line.startsWith('::add-mask::'))
  for (const key of [ADMIN_KEY, ASSISTANT_KEY, GH_TOKEN]) expect(unmasked.join('\n')).not.toContain(key)
}

/** expectNoKeys over everything a run wrote, and over what it sent to the GitHub API. */
function expectRunKeyFree(run: { stdout: string; stderr: string; summary: string; outputs: Record<string, string> }, api?: { requests: { body?: unknown }[] }) {
  for (const text of [run.stdout, run.stderr, run.summary, JSON.stringify(run.outputs)]) expectNoKeys(text)
  if (api) expectNoKeys(JSON.stringify(api.requests.map((r) => r.body)))
}

describe.concurrent('bad input: fails before any request, naming the input', () => {
  const cases: [Record<string, string>, string][] = [
    [{ 'status-id': 'a/b' }, 'status-id'],
    [{ 'status-id': '..' }, 'status-id'],
    [{ 'status-id': 'a..b' }, 'status-id'],
    [{ 'status-id': 'a%2Fb' }, 'status-id'],
    [{ 'status-id': 'a b' }, 'status-id'],
    [{ 'status-id': 'a\\b' }, 'status-id'],
    [{ 'status-id': 'a?b' }, 'status-id'],
    [{ 'status-id': 'a#b' }, 'status-id'],
    [{ 'status-id': 'x'.repeat(300) }, 'status-id'],
    [{ 'status-id': 'ok,bad/one' }, 'status-id'],
    [{ 'job-id': 'j/1', 'project-id': PROJECT_ID }, 'job-id'],
    [{ 'job-id': 'j1' }, 'project-id'],
    [{ 'job-id': 'j1', 'project-id': 'p/../x' }, 'project-id'],
    [{ 'base-url': 'http://docs.example.com' }, 'base-url'],
    [{ 'base-url': 'http://10.0.0.1' }, 'base-url'],
    [{ 'base-url': 'https://user:pw@docs.example.com' }, 'base-url'],
    [{ 'base-url': 'https://docs.example.com/?q=1' }, 'base-url'],
    [{ 'base-url': 'https://docs.example.com/#x' }, 'base-url'],
    [{ 'base-url': 'ftp://docs.example.com' }, 'base-url'],
    [{ 'base-url': 'docs.example.com' }, 'base-url'],
    [{ 'base-url': '' }, 'base-url'],
    [{ 'admin-key': '' }, 'admin-key'],
    [{ 'admin-key': 'has space' }, 'admin-key'],
    [{ timeout: '-5m' }, 'timeout'],
    [{ timeout: 'soon' }, 'timeout'],
    [{ timeout: '0s' }, 'timeout'],
    [{ timeout: '10 minutes' }, 'timeout'],
    [{ 'min-interval': 'x' }, 'min-interval'],
    [{ 'max-interval': '-1' }, 'max-interval'],
    [{ 'min-interval': '1m', 'max-interval': '10s' }, 'min-interval'],
    [{ 'request-timeout': '0' }, 'request-timeout'],
    [{ 'fail-on-timeout': 'maybe' }, 'fail-on-timeout'],
    [{ 'accept-archived': '1' }, 'accept-archived'],
    [{ 'require-pr': 'yes' }, 'require-pr'],
    [{ 'fail-fast': 'on' }, 'fail-fast'],
    [{ 'stream-logs': 'no' }, 'stream-logs'],
    [{ summary: 'off' }, 'summary'],
    [{ 'status-id': '' }, 'status-id / job-id / search-query'],
    [{ 'search-query': 'q', 'assistant-key': ASSISTANT_KEY }, 'search-domain'],
    [{ 'search-query': 'q', 'search-domain': SEARCH_DOMAIN }, 'assistant-key'],
    [{ 'search-query': 'q', 'search-domain': SEARCH_DOMAIN, 'assistant-key': ADMIN_KEY }, 'assistant-key'],
    [{ 'search-query': 'q', 'search-domain': SEARCH_DOMAIN, 'assistant-key': ASSISTANT_KEY, 'search-page-size': '0' }, 'search-page-size'],
    [{ 'search-query': 'q', 'search-domain': SEARCH_DOMAIN, 'assistant-key': ASSISTANT_KEY, 'search-page-size': '51' }, 'search-page-size'],
    [{ 'search-query': 'q', 'search-domain': SEARCH_DOMAIN, 'assistant-key': ASSISTANT_KEY, 'search-score-threshold': '1.5' }, 'search-score-threshold'],
    [{ 'search-query': 'q', 'search-domain': SEARCH_DOMAIN, 'assistant-key': ASSISTANT_KEY, 'search-min-results': '-1' }, 'search-min-results'],
    [{ 'search-query': 'q', 'search-domain': 'a/b', 'assistant-key': ASSISTANT_KEY }, 'search-domain'],
    // An empty token is no problem (a warning, no comment); a malformed one is.
    [{ 'pr-comment': 'true', 'github-token': 'ghs_with a line\nbreak' }, 'github-token'],
    [{ 'pr-comment': 'true', 'github-token': 'ghs_x', 'pr-comment-key': 'k'.repeat(201) }, 'pr-comment-key'],
    [{ 'pr-number-target': 'abc' }, 'pr-number-target']
  ]

  it('covers at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40)
  })

  it.each(cases)('%o names %s', async (inputs, name) => {
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...inputs })
    expect(run.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(run.outputs.result).toBe('error')
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.stdout).toMatch(new RegExp(`::error::Invalid input .*%0A- ${name.replace(/[-/]/g, '\\$&')}: `))
    expect(run.stderr).toBe('')
    expectNoKeys(run.stdout + run.summary)
  })
})

describe.concurrent('hostile server text', () => {
  it('in search results cannot become a command, markup or a ping', async () => {
    const sim = await simulator()
    sim.script('search', 'hostile', [{ json: HOSTILE_LINES.map((line) => ({ content: line, path: line, metadata: { score: 1 } })) }])
    const run = await runAgainst(sim, {
      'admin-key': '',
      'assistant-key': ASSISTANT_KEY,
      'search-domain': SEARCH_DOMAIN,
      'search-query': 'hostile',
      'search-min-results': '50'
    })
    expect(run.code).toBe(1)
    // Server text inside our own ::error:: message is data of that command, not a command.
    expect(activeCommands(run.stdout).filter((line) => !ours.test(line))).toEqual([])
    expect(run.stdout).not.toContain('\u001b[')
    const outsideCode = run.summary.replace(/(`+)[^`]*?\1/g, '').replace(/<pre>\n[^<]*\n<\/pre>/g, '')
    expect(outsideCode).not.toMatch(/<img|<script|(?<!\\)\]\(|https:\/\/evil|@octocat/)
  })

  it('in a PR comment cannot become markup or a ping', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-hostile', 'pr-comment': 'true', 'github-token': GH_TOKEN },
      { env: { GITHUB_API_URL: api.url }, event: { name: 'pull_request', payload: { pull_request: { number: 3 } } } }
    )
    expect(run.code, run.stdout).toBe(0)
    const body = api.comments[0]?.body ?? ''
    expect(body).toContain('### ✅ Docs update deployed')
    // Our own link to the run is the one link allowed.
    const serverText = body.replace(/(`+)[^`]*?\1/g, '').replace(/\[workflow run\]\(https:\/\/github\.com\/acme\/docs\/actions\/runs\/\d+\)/, '')
    expect(serverText).not.toMatch(/<img|<script|(?<!\\)\]\(|https:\/\/evil|@octocat/)
  })
})

describe.concurrent('secrets, with debug logging on', () => {
  // [name, inputs, whether it polls (and so prints debug lines)]
  const scenarios: [string, Record<string, string>, boolean][] = [
    ['success', { 'status-id': 'update-success' }, true],
    ['failure', { 'status-id': 'update-failure' }, true],
    ['forbidden', { 'status-id': 'update-forbidden' }, true],
    ['5xx', { 'status-id': 'update-5xx' }, true],
    ['hostile', { 'status-id': 'update-hostile' }, true],
    ['404', { 'status-id': 'no-such-id' }, true],
    ['jobs', { 'status-id': '', 'job-id': 'job-completed-pr,job-failed', 'project-id': PROJECT_ID }, true],
    ['search', { 'status-id': 'update-success', 'assistant-key': ASSISTANT_KEY, 'search-domain': SEARCH_DOMAIN, 'search-query': 'quickstart' }, true],
    ['wrong assistant key', { 'status-id': '', 'assistant-key': 'sk_wrong_assistant_1', 'search-domain': SEARCH_DOMAIN, 'search-query': 'quickstart' }, false],
    ['bad input', { 'status-id': 'bad/id', 'assistant-key': ASSISTANT_KEY }, false]
  ]

  it.each(scenarios)('%s: no key in stdout, stderr, outputs, summary or comment', async (_name, inputs, polls) => {
    const sim = await simulator()
    const api = await githubApi()
    const run = await runAgainst(
      sim,
      { ...inputs, 'pr-comment': 'true', 'github-token': GH_TOKEN },
      {
        env: { RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true', GITHUB_API_URL: api.url },
        event: { name: 'pull_request', payload: { pull_request: { number: 5 } } }
      }
    )
    if (polls) expect(run.stdout).toContain('::debug::')
    expectRunKeyFree(run, api)
  })
})

describe.concurrent('a server that echoes a key back', () => {
  // Each key as the server might send it: plain, and with Markdown-special characters around it.
  const echo = (text: string) => `${text} ${ADMIN_KEY} _${ASSISTANT_KEY}_ ${GH_TOKEN}`
  const record = {
    _id: 'echo',
    status: 'success',
    endedAt: '2026-01-01T00:01:35Z',
    summary: echo('summary'),
    logs: [echo('log'), `[${ADMIN_KEY}](https://evil.example)`],
    [ADMIN_KEY]: { nested: [echo('deep')] },
    commit: { sha: 'abc', ref: echo('ref'), message: echo('message'), filesChanged: { added: [echo('docs/a.mdx')], modified: [], removed: [] } }
  }

  it('in a record: cut from the log, outputs, summary and comment', async () => {
    const sim = await simulator()
    const api = await githubApi()
    sim.script('update', 'echo', [{ json: { ...record, status: 'in_progress', endedAt: undefined } }, { json: record }])
    const run = await runAgainst(
      sim,
      { ...FAST, 'status-id': 'echo', 'assistant-key': ASSISTANT_KEY, 'pr-comment': 'true', 'github-token': GH_TOKEN },
      { env: { RUNNER_DEBUG: '1', GITHUB_API_URL: api.url }, event: { name: 'pull_request', payload: { pull_request: { number: 8 } } } }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs['commit-message']).toBe('message *** _***_ ***')
    expect(run.summary).toContain(String.raw`message \*\*\* \_\*\*\*\_ \*\*\*`)
    expect(api.comments).toHaveLength(1)
    expectRunKeyFree(run, api)
  })

  it('in an error message and in search results', async () => {
    // No pr-comment here, so only the two platform keys are known to the run.
    const echo = (text: string) => `${text} ${ADMIN_KEY} _${ASSISTANT_KEY}_`
    const sim = await simulator()
    sim.script('update', 'echo-403', [{ status: 403, json: { error: echo('not yours') } }])
    sim.script('search', 'echo', [{ json: [{ content: echo('content'), path: echo('path'), metadata: { [ASSISTANT_KEY]: echo('meta') } }] }])
    const denied = await runAgainst(sim, { 'status-id': 'echo-403', 'assistant-key': ASSISTANT_KEY })
    expect(denied.code).toBe(1)
    expect(denied.stdout).toContain('not yours *** _***_')
    const searched = await runAgainst(sim, { 'status-id': '', 'assistant-key': ASSISTANT_KEY, 'search-domain': SEARCH_DOMAIN, 'search-query': 'echo' })
    expect(searched.code, searched.stdout).toBe(0)
    expect(JSON.parse(searched.outputs['search-results'] ?? '')[0].results[0].path).toBe('path *** _***_')
    for (const run of [denied, searched]) expectRunKeyFree(run)
  })
})

describe.concurrent('absurd JSON', () => {
  it('nested 200,000 levels deep is retried like any body that is not the JSON expected', async () => {
    const sim = await simulator()
    const depth = 200_000
    sim.script('update', 'deep', [
      { raw: `{"status":"success","x":${'['.repeat(depth)}${']'.repeat(depth)}}`, headers: { 'content-type': 'application/json' } },
      { json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }
    ])
    const run = await runAgainst(sim, { ...FAST, 'status-id': 'deep' }, { env: { RUNNER_DEBUG: '1' } })
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toContain('HTTP 200 with JSON nested deeper than 64 levels')
    expect(run.stderr).toBe('')
    expect(run.outputs).toMatchObject({ result: 'success', polls: '2' })
    expect(expectAllOutputs(run.outputs)).toEqual([])
  })
})

describe('cancellation at random points', () => {
  it('SIGINT or SIGTERM at any moment: exit non-zero within 2 s, outputs and summary written', async () => {
    const scenarios = ['update-forever', 'update-hang', 'update-429', 'job-forever']
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...scenarios),
        fc.constantFrom('SIGINT' as const, 'SIGTERM' as const),
        fc.integer({ min: 30, max: 1200 }),
        async (scenario, signal, afterMs) => {
          const sim = await simulator()
          const inputs: Record<string, string> = scenario.startsWith('job-') ? { 'job-id': scenario, 'project-id': PROJECT_ID } : { 'status-id': scenario }
          let sentAt = 0
          const run = await runAgainst(
            sim,
            { ...inputs, 'request-timeout': '10s', 'min-interval': '300ms', 'max-interval': '1s' },
            {
              onStdout: (_chunk, child) => {
                if (sentAt) return
                sentAt = Date.now()
                setTimeout(() => {
                  sentAt = Date.now()
                  child.kill(signal)
                }, afterMs)
              }
            }
          )
          expect(run.code).not.toBe(0)
          expect(run.endedAt - sentAt).toBeLessThan(2000)
          expect(run.outputs.result).toBe('cancelled')
          expect(expectAllOutputs(run.outputs)).toEqual([])
          expect(run.summary).toMatch(/^## 🛑 Cancelled while waiting for the /)
        }
      ),
      { numRuns: 8, seed: 20261122 }
    )
  }, 60_000)
})
