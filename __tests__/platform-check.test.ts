import { getOctokit } from '@actions/github'
import { afterAll, describe, expect, it } from 'vitest'
import { startGitHubApi } from '../dev/github-api.js'
import { waitForTargets } from '../src/engine/wait.js'
import {
  CHECK_RUN_CONCLUSIONS,
  checkNameProblem,
  counts,
  judgeReports,
  matchesName,
  newestPerName,
  reportState,
  STATUS_STATES
} from '../src/engine/targets/platform-check.js'
import { MAX_CHECK_PAGES, platformCheckReader } from '../src/github/platform-check-api.js'
import { parseInputs, INPUT_DEFAULTS, type RawInputs } from '../src/inputs/parse.js'
import type { CommitReport, PlatformCheckPort, PlatformCheckRead, TargetReport } from '../src/model.js'
import { computeOutputs } from '../src/report/outputs.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import { recordingEvents, scriptedClient, settingsFor } from './helpers/fakes.js'
import { runOutcome } from './helpers/builders.js'
import { summaryOf } from './helpers/explained.js'
import { renderComment } from '../src/report/comment.js'

const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const run = (overrides: Partial<CommitReport> = {}): CommitReport => ({
  kind: 'check-run',
  name: 'Docs',
  id: 1,
  status: 'completed',
  conclusion: 'success',
  url: 'https://docs.example/d/1',
  ...overrides
})
const status = (overrides: Partial<CommitReport> = {}): CommitReport => ({
  kind: 'status',
  name: 'Docs',
  id: 1,
  status: 'success',
  conclusion: null,
  url: undefined,
  ...overrides
})

describe('the outcome mapping, each state once', () => {
  it.each([
    ['success', 'success'],
    ['neutral', 'success'],
    ['skipped', 'success'],
    ['failure', 'failure'],
    ['timed_out', 'failure'],
    ['action_required', 'failure'],
    ['cancelled', 'cancelled'],
    ['stale', 'failure']
  ])('a check run completed %s is %s', (conclusion, result) => {
    expect(reportState(run({ conclusion }))).toEqual({ state: 'settled', result })
  })

  it('the tables hold exactly the conclusions GitHub documents and the states of GitHub and GitLab', () => {
    expect(Object.keys(CHECK_RUN_CONCLUSIONS).sort()).toEqual([
      'action_required',
      'cancelled',
      'failure',
      'neutral',
      'skipped',
      'stale',
      'success',
      'timed_out'
    ])
    expect(Object.keys(STATUS_STATES).sort()).toEqual([
      'canceled',
      'canceling',
      'created',
      'error',
      'failed',
      'failure',
      'manual',
      'pending',
      'preparing',
      'running',
      'scheduled',
      'skipped',
      'success',
      'waiting_for_resource'
    ])
  })

  it.each(['queued', 'in_progress', 'waiting', 'requested', 'pending'])('a check run %s is pending', (state) => {
    expect(reportState(run({ status: state, conclusion: null }))).toEqual({ state: 'pending' })
  })

  it('a completed check run with a conclusion this does not know is pending and said, never success', () => {
    expect(reportState(run({ conclusion: 'startup_failure' }))).toEqual({ state: 'pending', unknown: 'completed with conclusion startup_failure' })
  })

  it.each([
    ['success', { state: 'settled', result: 'success' }],
    ['failure', { state: 'settled', result: 'failure' }],
    ['error', { state: 'settled', result: 'failure' }],
    ['pending', { state: 'pending' }],
    ['weird', { state: 'pending', unknown: 'weird' }]
  ])('a commit status %s', (state, expected) => {
    expect(reportState(status({ status: state }))).toEqual(expected)
  })

  it('a stale check says GitHub marked it stale', () => {
    const judged = judgeReports([run({ conclusion: 'stale' })])
    expect(judged).toMatchObject({ state: 'settled', result: 'failure' })
    expect(judged.state === 'settled' && judged.reason).toMatch(/^check run "Docs" is stale: GitHub marked it stale/)
  })
})

describe('the name and the pattern', () => {
  it.each([
    ['Docs', 'Docs', true],
    ['Docs', 'docs', false],
    ['Docs', 'Docs Preview', false],
    ['Docs*', 'Docs Preview', true],
    ['*preview*', 'preview/docs/deploy-preview', true],
    ['preview/*', 'preview/docs/deploy-preview', true],
    ['a.b', 'axb', false],
    ['(x)+', '(x)+', true],
    ['*', 'anything at all', true]
  ])('%s matches %s: %s', (pattern, name, expected) => {
    expect(matchesName(pattern, name)).toBe(expected)
  })

  it('through *, neither the step’s own commit status nor a job of GitHub Actions counts; by its exact name, a job does', () => {
    const own = status({ name: 'docs' })
    const job = run({ name: 'build', app: 'github-actions' })
    expect(counts('*', own, { ownContext: 'docs' })).toBe(false)
    expect(counts('docs', own, { ownContext: 'docs' })).toBe(false)
    expect(counts('*', job)).toBe(false)
    expect(counts('build', job)).toBe(true)
    expect(counts('*', run())).toBe(true)
  })

  it.each([
    ['x'.repeat(200), undefined],
    ['x'.repeat(201), /longer than 200/],
    ['Docs\nx', /control character/],
    ['Docs\tx', /control character/]
  ])('a name of %#: %s', (name, problem) => {
    const said = checkNameProblem(name)
    if (problem === undefined) expect(said).toBeUndefined()
    else expect(said).toMatch(problem)
  })

  it('platform-check counts as something to wait on, needs no admin key, and is refused when invalid', () => {
    const raw = { ...INPUT_DEFAULTS, 'base-url': 'https://api.example.com', 'github-token': 'ghs_token_1' } as RawInputs
    const parsed = parseInputs({ ...raw, 'platform-check': 'Docs*' })
    expect(parsed.ok && parsed.settings.targets).toEqual([{ kind: 'platform-check', id: 'Docs*' }])
    expect(parsed.ok && parsed.settings.platformCheck).toEqual({ name: 'Docs*', githubToken: 'ghs_token_1' })
    const bad = parseInputs({ ...raw, 'platform-check': 'x'.repeat(201) })
    expect(!bad.ok && bad.problems).toEqual([expect.stringMatching(/^platform-check: "x+\.\.\." is longer than 200 characters; give the name/)])
    const noToken = parseInputs({ ...raw, 'platform-check': 'Docs', 'github-token': '' })
    expect(!noToken.ok && noToken.problems).toEqual([expect.stringMatching(/^github-token: is required with platform-check/)])
  })

  it('with pages read from site-url, base-url is not needed either; read through the discovery API, it is', () => {
    const raw = { ...INPUT_DEFAULTS, 'github-token': 'ghs_token_1', 'platform-check': 'docs-deploy', 'page-path': 'quickstart' } as RawInputs
    const parsed = parseInputs({ ...raw, 'site-url': 'https://docs.example.com' })
    expect(parsed.ok ? [] : parsed.problems).toEqual([])
    expect(parsed.ok && parsed.settings.baseUrl).toBeUndefined()
    const discovery = parseInputs({ ...raw, 'search-domain': 'acme-docs', 'assistant-key': 'assistant_secret_value_1' })
    expect(!discovery.ok && discovery.problems).toEqual(['base-url: is required; the API base URL, e.g. https://api.example.com'])
  })
})

describe('several matches', () => {
  it('per name, the newest (highest id) counts, whatever the order listed', () => {
    const older = run({ id: 5, conclusion: 'failure' })
    const newer = run({ id: 9, conclusion: 'success' })
    expect(newestPerName([newer, older])).toEqual([newer])
    expect(newestPerName([older, newer])).toEqual([newer])
  })

  it('a check run and a status of one name are each their own', () => {
    expect(newestPerName([run({ id: 1 }), status({ id: 2 })])).toHaveLength(2)
  })

  it('every matched name must complete; then the worst result counts', () => {
    expect(judgeReports([run({ name: 'a' }), run({ name: 'b', status: 'in_progress', conclusion: null })])).toEqual({ state: 'pending', unknown: [] })
    expect(judgeReports([run({ name: 'a', conclusion: 'failure' }), run({ name: 'b', status: 'queued', conclusion: null })])).toEqual({
      state: 'pending',
      unknown: []
    })
    const judged = judgeReports([run({ name: 'a' }), run({ name: 'b', conclusion: 'cancelled' }), run({ name: 'c', conclusion: 'timed_out' })])
    expect(judged).toEqual({ state: 'settled', result: 'failure', reason: 'check run "c" ended with "timed_out" (https://docs.example/d/1)' })
    expect(judgeReports([run({ name: 'a' }), run({ name: 'b', conclusion: 'neutral' })])).toEqual({ state: 'settled', result: 'success', reason: undefined })
  })
})

/** A port that answers each read with the next of `reads` (the last one again once they run out). */
function scriptedPort(reads: PlatformCheckRead[]): PlatformCheckPort & { calls: number } {
  const port = {
    reads: 'check run, commit status or deployment',
    calls: 0,
    read: async () => {
      const answer = reads[Math.min(port.calls, reads.length - 1)] as PlatformCheckRead
      port.calls++
      return answer
    }
  }
  return port
}

const listed = (...reports: CommitReport[]): PlatformCheckRead => ({ kind: 'listed', commit: SHA, reports })

async function waitOn(name: string, port: PlatformCheckPort | undefined, overrides: Partial<RawInputs> = {}) {
  const clock = virtualClock()
  const events = recordingEvents()
  const settings = settingsFor({ 'platform-check': name, 'github-token': 'ghs_t', timeout: '60s', 'min-interval': '5s', 'max-interval': '10s', ...overrides })
  const startedAt = clock.now()
  const [report] = (await waitForTargets(settings, {
    client: scriptedClient({}).client,
    clock,
    random: seededRandom(1),
    signal: new AbortController().signal,
    events,
    platformCheck: port
  })) as [TargetReport]
  return { report, events, elapsedMs: clock.now() - startedAt }
}

describe('the wait on a platform check, on the virtual clock', () => {
  it('a check that appears late: none, queued, in_progress, then success', async () => {
    const port = scriptedPort([
      listed(run({ name: 'CI' })),
      listed(run({ name: 'CI' }), run({ status: 'queued', conclusion: null })),
      listed(run({ status: 'in_progress', conclusion: null })),
      listed(run())
    ])
    const { report, events } = await waitOn('Docs', port)
    expect(report).toMatchObject({ result: 'success', status: 'success', polls: 4, error: null })
    expect(events.lines).toEqual(['Docs status - -> queued', 'Docs status queued -> in_progress', 'Docs status in_progress -> success', 'Docs settled success'])
    expect(computeOutputs(runOutcome([report]))['platform-check-url']).toBe('https://docs.example/d/1')
  })

  it('never appears: timeout at the deadline, with the names that were there', async () => {
    const { report, elapsedMs } = await waitOn('Docs', scriptedPort([listed(run({ name: 'CI' }), status({ name: 'docs-preview' }))]))
    expect(elapsedMs).toBe(60_000)
    expect(report.result).toBe('timeout')
    expect(report.error).toBe(
      `no check run, commit status or deployment named "Docs" appeared on commit 3f78685 before the timeout (1m00s) ran out; found instead: "CI", "docs-preview". Check that the platform's app is installed on this repository (on GitLab, its integration on this project) and deploys this branch, and that platform-check is the name it writes on the commit`
    )
    expect(computeOutputs(runOutcome([report]))['platform-check-url']).toBe('')
  })

  it('still in progress at the deadline: timeout, with its address', async () => {
    const { report } = await waitOn('Docs', scriptedPort([listed(run({ status: 'in_progress', conclusion: null }))]))
    expect(report).toMatchObject({ result: 'timeout', status: 'in_progress' })
    expect(report.error).toBe('check run "Docs" still "in_progress" (https://docs.example/d/1) when the timeout (1m00s) ran out')
  })

  it('a refused read ends at once with error, misconfigured', async () => {
    const reason = 'HTTP 403 from GitHub reading the check runs: the token needs checks: read'
    const port = scriptedPort([{ kind: 'fatal', reason, misconfigured: true }])
    const { report, elapsedMs } = await waitOn('Docs', port)
    expect(elapsedMs).toBe(0)
    expect(port.calls).toBe(1)
    expect(report).toMatchObject({ result: 'error', error: reason, misconfigured: true })
  })

  it('a transient failure waits at least what GitHub asked, then goes on', async () => {
    const port = scriptedPort([{ kind: 'transient', reason: 'HTTP 429 from GitHub', retryAfterMs: 30_000 }, listed(run())])
    const { report, elapsedMs } = await waitOn('Docs', port)
    expect(report.result).toBe('success')
    expect(elapsedMs).toBe(30_000)
  })

  it('never read at all: error (the outcome could not be learnt), with the last problem', async () => {
    const { report } = await waitOn('Docs', scriptedPort([{ kind: 'transient', reason: 'HTTP 502 from GitHub' }]))
    expect(report.result).toBe('error')
    expect(report.error).toMatch(/^HTTP 502 from GitHub; the checks and statuses of the run's commit could not be read/)
  })

  it('cancelled on the platform is cancelled', async () => {
    const { report } = await waitOn('Docs', scriptedPort([listed(run({ conclusion: 'cancelled' }))]))
    expect(report.result).toBe('cancelled')
  })

  it('where nothing can read it (the command line), an error that says so', async () => {
    const { report } = await waitOn('Docs', undefined)
    expect(report).toMatchObject({ result: 'error', misconfigured: true })
    expect(report.error).toMatch(/^platform-check is read by the GitHub Action .* and by the command line in GitLab CI/)
  })
})

describe("the reader of GitHub's checks and statuses", async () => {
  const api = await startGitHubApi()
  afterAll(() => api.close())
  const reader = (sha = SHA) =>
    platformCheckReader(
      { name: 'Docs', githubToken: 'ghs_reader_token' },
      (text) => text,
      async () => ({
        getOctokit: (token: string) => getOctokit(token, { baseUrl: api.url }),
        context: { eventName: 'push', payload: {}, sha, repo: { owner: 'acme', repo: 'docs' } } as never
      })
    )
  const read = (port: PlatformCheckPort) => port.read(new AbortController().signal, 10_000)

  it('reads every page of the three listings, 100 a page, until a short page', async () => {
    const sha = 'a'.repeat(40)
    api.addCheckRun({ sha, name: 'Docs', status: 'completed', conclusion: 'success', details_url: 'https://docs.example/d/9' })
    for (let i = 0; i < 150; i++) api.addCheckRun({ sha, name: `lint ${i}`, status: 'completed', conclusion: 'success' })
    api.addStatus({ sha, context: 'preview', state: 'pending' })
    const before = api.requests.length
    const answer = await read(reader(sha))
    expect(answer.kind).toBe('listed')
    const reports = answer.kind === 'listed' ? answer.reports : []
    expect(reports).toHaveLength(152)
    expect(reports.find((r) => r.name === 'Docs')).toMatchObject({ kind: 'check-run', url: 'https://docs.example/d/9', app: 'docs-platform' })
    expect(reports.find((r) => r.name === 'preview')).toMatchObject({ kind: 'status', status: 'pending' })
    expect(api.requests.slice(before).map((r) => r.path.split('/').at(-1))).toEqual(['check-runs', 'check-runs', 'statuses', 'deployments'])
  })

  it('asks again with the ETag: unchanged pages come back 304 and read as before; a change is read', async () => {
    const sha = 'b'.repeat(40)
    const { id } = api.addCheckRun({ sha, name: 'Docs', status: 'queued' })
    const port = reader(sha)
    await read(port)
    const conditional = api.conditionalAnswers
    const again = await read(port)
    expect(api.conditionalAnswers).toBe(conditional + 3)
    expect(again.kind === 'listed' && again.reports.map((r) => r.status)).toEqual(['queued'])
    api.updateCheckRun(id, { status: 'completed', conclusion: 'success' })
    const changed = await read(port)
    expect(changed.kind === 'listed' && changed.reports.map((r) => r.conclusion)).toEqual(['success'])
    expect(api.requests.at(-2)?.ifNoneMatch).toMatch(/^W\/"/)
  })

  it('a listing that does not end is a read that failed', async () => {
    const sha = 'c'.repeat(40)
    for (let i = 0; i < MAX_CHECK_PAGES * 100 + 1; i++) api.checkRuns.push({ id: 100_000 + i, sha, name: `n${i}`, status: 'queued' })
    const answer = await read(reader(sha))
    expect(answer).toEqual({
      kind: 'transient',
      reason: `the check runs of commit ccccccc did not end within ${MAX_CHECK_PAGES} pages of 100; the listing is not believed`
    })
  })

  it('a listing with an entry that is no report (a proxy’s or a catch-all’s answer) is a read that failed, not one report fewer', async () => {
    const sha = 'd'.repeat(40)
    api.addCheckRun({ sha, name: 'Docs', status: 'completed', conclusion: 'success' })
    api.addStatus({ sha, context: 'Docs', state: 'failure' })
    // Found by the explorer: a page of statuses answered 200 with one object that is no status was read as none, and the step passed over the failed status.
    api.statuses.push({ sha, at: Date.now(), 0: { id: 1 }, 1: { id: 2 } } as never)
    expect(await read(reader(sha))).toEqual({
      kind: 'transient',
      reason:
        "GitHub's answer listing the commit statuses of commit ddddddd held an entry without an id, a name or a state (not GitHub's own listing: a proxy's or a catch-all's answer?); it is read again"
    })
  })

  it('a refused read (403) is fatal, names checks: read, and keeps GitHub’s words', async () => {
    const refusing = await startGitHubApi()
    refusing.refuseReads = true
    const port = platformCheckReader(
      { name: 'Docs', githubToken: 'ghs_reader_token' },
      (text) => text,
      async () => ({
        getOctokit: (token: string) => getOctokit(token, { baseUrl: refusing.url }),
        context: { eventName: 'push', payload: {}, sha: SHA, repo: { owner: 'acme', repo: 'docs' } } as never
      })
    )
    const answer = await read(port)
    await refusing.close()
    expect(answer).toMatchObject({ kind: 'fatal', misconfigured: true })
    expect(answer.kind === 'fatal' && answer.reason).toMatch(
      /^HTTP 403 from GitHub reading the check runs of commit 3f78685 \(Resource not accessible by integration\): the token needs checks: read/
    )
  })

  it('a rate limit and a server error are tried again; GitHub’s pause is kept', async () => {
    const limited = await startGitHubApi()
    const port = platformCheckReader(
      { name: 'Docs', githubToken: 'ghs_reader_token' },
      (text) => text,
      async () => ({
        getOctokit: (token: string) => getOctokit(token, { baseUrl: limited.url }),
        context: { eventName: 'push', payload: {}, sha: SHA, repo: { owner: 'acme', repo: 'docs' } } as never
      })
    )
    limited.failWith = 429
    const throttled = await read(port)
    limited.failWith = 503
    const down = await read(port)
    await limited.close()
    expect(throttled).toMatchObject({ kind: 'transient', retryAfterMs: 1000 })
    expect(down).toEqual({ kind: 'transient', reason: 'HTTP 503 from GitHub reading the check runs of commit 3f78685' })
  })

  it('no commit for the run: fatal, saying why', async () => {
    const answer = await read(reader('main'))
    expect(answer).toEqual({
      kind: 'fatal',
      misconfigured: true,
      reason: 'the commit of the run is unknown (GITHUB_SHA is "main", which is not a commit id), so platform-check has no commit to read'
    })
  })
})

describe('a platform check in the reports', () => {
  const checkReport = (matched: CommitReport[], overrides: Partial<TargetReport> = {}): TargetReport => ({
    ref: { kind: 'platform-check', id: 'Docs*' },
    result: 'failure',
    status: 'failure',
    record: null,
    parsed: { kind: 'platform-check', data: { commit: SHA, matched, present: matched.map((r) => r.name) } },
    error: 'check run "Docs" ended with "failure"',
    note: undefined,
    stoppedByFailFast: false,
    polls: 3,
    logs: [],
    transitions: [],
    finishedAfterMs: 1000,
    ...overrides
  })
  const hostile = run({ name: 'Docs <img src=x> @team [x](https://evil.example)', conclusion: 'failure', url: 'https://user:pw@docs.example/d/1' })

  it('the summary: a table of what counted, its address without credentials, the name escaped', () => {
    const summary = summaryOf(runOutcome([checkReport([hostile])], { result: 'failure', headline: 'platform check "Docs*": failure' }))
    expect(summary).toContain('## ❌ Platform deploy failed')
    expect(summary).toContain('### Platform deploy')
    expect(summary).toContain('(https://docs.example/d/1)')
    expect(summary).not.toContain('user:pw')
    expect(summary).not.toContain('<img')
    expect(summary).not.toMatch(/[^\u200b]@team/)
    expect(summary).toContain('**Next:** open what the platform reported')
  })

  it('the comment: the target by its kind, and a link to what the platform reported', () => {
    const body = renderComment(runOutcome([checkReport([hostile])], { result: 'failure', headline: 'x' }), '<!-- m -->', undefined)
    expect(body).toContain('| platform check `Docs*` | ❌ failure |')
    expect(body).toContain('**Platform deploy:** [open what the platform reported](https://docs.example/d/1)')
  })

  it('the outputs: results names the kind; platform-check-url is empty when it links nothing', () => {
    const outputs = computeOutputs(runOutcome([checkReport([run({ url: 'javascript:alert(1)' })])]))
    expect(outputs['platform-check-url']).toBe('')
    expect(JSON.parse(outputs.results)[0]).toMatchObject({ kind: 'platform-check', id: 'Docs*' })
  })
})
