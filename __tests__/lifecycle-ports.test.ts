import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startGitHubApi } from '../dev/github-api.js'
import { GITLAB_TOKEN, NOTE_AUTHOR, startGitLabApi } from '../dev/gitlab-api.js'
import { gitlabStatusPort, statusPlace } from '../src/gitlab/commit-status.js'
import { GitLabError } from '../src/gitlab/api.js'
import { mergeRequestNotePort } from '../src/gitlab/mr-note.js'
import { commitStatusPort } from '../src/github/commit-status.js'
import { deploymentPort } from '../src/github/deployment.js'
import { pullRequestCommentPort } from '../src/github/pr-comment.js'
import type { RunOutcome } from '../src/model.js'
import { NoAnswer, refusedForGood } from '../src/records/failure.js'
import { type RecordPort, recordLifecycle } from '../src/records/lifecycle.js'
import { COMMENT_EXIT_MARGIN_MS } from '../src/step/limits.js'
import { runOutcome, updateReport } from './helpers/builders.js'
import { atThisMoment, nowOf, settlesAt } from './helpers/clock.js'
import { inProcess, serveInProcess } from './helpers/in-process.js'

// The GitLab ports' own client reaches the stand-in in process too (the GitHub toolkit's fetch, by the global dispatcher).
vi.mock('../src/api/connections.js', async (importOriginal) => (await import('./helpers/in-process.js')).inProcessConnections(importOriginal as never))

// The record lifecycle's story, told once against each port and its stand-in API (the comment, the
// deployment, the note and the commit statuses), with the faults that broke the comment, the note
// and the deployment: a write applied after request-timeout, a
// write applied whose answer was lost, a cancel during the last write. The ports' requests reach
// the stand-ins in process (helpers/in-process.ts) and every timer is fake: each moment of a
// story (a write held, applied late, a cancel's grace) is the test's, whatever the machine does.
const HEAD = 'c0ffee0123456789abcdef0123456789abcdef01'
const TOKEN = 'ghs_fake_token_for_tests_0002'
const REQUEST_TIMEOUT_MS = 500
const targets = [{ kind: 'update' as const, id: 'st_1' }]
const success = runOutcome([updateReport('st_1', { status: 'success' })], { headline: 'Update st_1 succeeded.' })

type GitHubApi = Awaited<ReturnType<typeof startGitHubApi>>
type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
let github: GitHubApi
let gitlab: GitLabApi
let restoreDispatcher: (() => void) | undefined

/** A fault on the next writes of a port: each held that long, or applied and answered with an error status; `onArrive` as it reaches the stand-in. */
type Delay = number | { ms: number; status?: number; apply?: boolean; appliedAfterMs?: number; onArrive?: () => void }

interface PortCase {
  name: string
  /** The error its transport throws for an answer `status` with `message`. */
  answered(status: number, message: string): unknown
  port(): RecordPort<number | true, RunOutcome>
  /** The state of each record of this port the server holds now: 'in_progress' or the outcome's. */
  records(): string[]
  hold(...delays: Delay[]): void
  /** When each write (not a lookup) reached the stand-in since the last reset, in the test's time. */
  writes(): number[]
  /** How many creations of a record (not writes to one) reached the stand-in since the last reset; none for a commit status, one record per commit and context. */
  creations?(): number
  /** The writes the open sends before its "in progress" (the deployment's creation): held as they come. */
  before?: Delay[]
  settled(): Promise<void>
  reset(): void
}

/** A commit status is one record per commit and context: its latest state. */
const lastStatus = (statuses: { state: string }[]) => {
  const state = statuses.at(-1)?.state
  return state === undefined ? [] : [state === 'pending' || state === 'running' ? 'in_progress' : state]
}
// As GitLab sets them for every job (CI_JOB_URL: where the running status links, with this run's own mark).
const gitlabEnv = () => ({
  GITLAB_CI: 'true',
  CI_API_V4_URL: gitlab.apiUrl,
  CI_PROJECT_ID: '17',
  CI_COMMIT_SHA: HEAD,
  CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991'
})

/** Octokit's error for an answer: its status, and GitHub's words as its message. */
const githubAnswered = (status: number, message: string) => Object.assign(new Error(message), { status, response: { status, headers: {} } })
/** GitLab's client's error for an answer (a 429's pause, a second, with it). */
const gitlabAnswered = (status: number, message: string) => new GitLabError(message, status, status === 429 ? 1000 : undefined)

const stateOfBody = (body: string) => (body.includes('⏳') ? 'in_progress' : body.includes('✅') ? 'success' : 'other')

const PORTS: PortCase[] = [
  {
    name: 'the pull request comment',
    answered: githubAnswered,
    port: () =>
      pullRequestCommentPort(
        { githubToken: TOKEN, kinds: ['update'], key: '', prNumberTarget: undefined, requestTimeoutMs: REQUEST_TIMEOUT_MS } as never,
        (text) => text,
        () => ({ targets, search: undefined })
      ),
    records: () => github.comments.map((comment) => stateOfBody(comment.body)),
    hold: (...delays) => github.delayWrites(...(delays as never[])),
    writes: () => github.requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/graphql')).map((r) => r.at),
    creations: () => github.requests.filter((r) => r.method === 'POST' && /\/issues\/\d+\/comments$/.test(r.path)).length,
    settled: () => github.settled(),
    reset: () => {
      github.comments.length = 0
      github.requests.length = 0
    }
  },
  {
    name: 'the GitHub deployment',
    answered: githubAnswered,
    port: () =>
      deploymentPort({ githubToken: TOKEN, environment: 'docs', url: undefined, requestTimeoutMs: REQUEST_TIMEOUT_MS } as never, (text) => text, {
        targets,
        transient: false,
        created: () => undefined
      }),
    records: () => github.deployments.map((deployment) => deployment.statuses.at(-1)?.state ?? 'none'),
    hold: (...delays) => github.delayDeploymentWrites(...(delays as never[])),
    writes: () => github.requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/graphql')).map((r) => r.at),
    creations: () => github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/deployments')).length,
    before: [0],
    settled: () => github.settled(),
    reset: () => {
      github.deployments.length = 0
      github.requests.length = 0
    }
  },
  {
    name: 'the GitLab merge request note',
    answered: gitlabAnswered,
    port: () =>
      mergeRequestNotePort(
        {
          env: {
            GITLAB_CI: 'true',
            CI_API_V4_URL: gitlab.apiUrl,
            CI_PROJECT_ID: '17',
            CI_MERGE_REQUEST_IID: '3',
            CI_JOB_NAME: 'publish-docs',
            CI_COMMIT_SHA: HEAD
          },
          token: GITLAB_TOKEN,
          log: { info: () => undefined, warning: () => undefined }
        },
        { kinds: ['update'], requestTimeoutMs: REQUEST_TIMEOUT_MS },
        () => ({ targets, search: undefined }),
        () => Date.now() + 5000
      ),
    records: () => gitlab.notes.filter((note) => note.author.id === NOTE_AUTHOR.id).map((note) => stateOfBody(note.body)),
    hold: (...delays) => gitlab.delayWrites(...(delays as never[])),
    writes: () => gitlab.requests.filter((r) => r.method !== 'GET').map((r) => r.at),
    creations: () => gitlab.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/notes')).length,
    settled: () => gitlab.settled(),
    reset: () => {
      gitlab.notes.length = 0
      gitlab.requests.length = 0
    }
  },
  {
    name: 'the GitHub commit status',
    answered: githubAnswered,
    port: () =>
      commitStatusPort(
        { context: 'docs', url: undefined, githubToken: TOKEN, requestTimeoutMs: REQUEST_TIMEOUT_MS, leg: undefined, failOnTimeout: true },
        targets,
        (text) => text
      ),
    records: () => lastStatus(github.statuses),
    hold: (...delays) => github.delayWrites(...(delays as never[])),
    writes: () => github.requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/graphql')).map((r) => r.at),
    settled: () => github.settled(),
    reset: () => {
      github.statuses.length = 0
      github.requests.length = 0
    }
  },
  {
    name: 'the GitLab commit status',
    answered: gitlabAnswered,
    port: () => {
      const place = statusPlace(gitlabEnv())
      if ('skip' in place) throw new Error(place.skip)
      const settings = { requestTimeoutMs: REQUEST_TIMEOUT_MS, timeoutMs: 5000, commitStatus: undefined } as never
      return gitlabStatusPort('docs', place, GITLAB_TOKEN, targets, settings, { env: gitlabEnv(), clean: (text) => text, endAt: () => Date.now() + 5000 })
    },
    records: () => lastStatus(gitlab.statuses),
    hold: (...delays) => gitlab.delayWrites(...(delays as never[])),
    writes: () => gitlab.requests.filter((r) => r.method !== 'GET').map((r) => r.at),
    settled: () => gitlab.settled(),
    reset: () => {
      gitlab.statuses.length = 0
      gitlab.requests.length = 0
    }
  }
]

beforeAll(async () => {
  github = await startGitHubApi()
  gitlab = await startGitLabApi()
  // The run's context, read by @actions/github when the GitHub ports first load it.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-lifecycle-'))
  const event = path.join(dir, 'event.json')
  writeFileSync(event, JSON.stringify({ pull_request: { number: 7, head: { sha: HEAD } } }))
  Object.assign(process.env, {
    GITHUB_API_URL: github.url,
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_SHA: HEAD,
    GITHUB_RUN_ID: '42',
    GITHUB_WORKFLOW: 'docs',
    GITHUB_JOB: 'wait',
    GITHUB_ACTION: '__acme_wait-for-docs'
  })
  // Loaded before any write, as the action loads it before waiting begins (github/records.ts):
  // loaded by the first write, it took that write's request-timeout on a busy machine (found under load).
  await import('@actions/github')
  restoreDispatcher = serveInProcess(github, gitlab)
})
afterAll(async () => {
  restoreDispatcher?.()
  await github?.close()
  await gitlab?.close()
})

/** A cancel that has not come yet; `come(graceMs)` makes it come now. */
function cancellation() {
  const controller = new AbortController()
  let exitBy: number | undefined
  return {
    signal: controller.signal,
    exitBy: () => exitBy,
    come(graceMs = 1500) {
      exitBy = Date.now() + graceMs
      controller.abort()
    }
  }
}

function lifecycleOf(port: RecordPort<number | true, RunOutcome>, cancel = cancellation()) {
  const log = { info: vi.fn<(line: string) => void>(), warning: vi.fn<(line: string) => void>() }
  const lifecycle = recordLifecycle(port, { cancel, endAt: Date.now() + 5000, requestTimeoutMs: REQUEST_TIMEOUT_MS, log, clean: (text) => text })
  return { lifecycle, log, cancel }
}

/** A write plan that says when its write reaches the stand-in: `arrived` resolves then. */
function arrival(plan: Exclude<Delay, number>) {
  let arrive: () => void = () => undefined
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  return { plan: { ...plan, onArrive: () => arrive() }, arrived }
}

/** Every write held is applied (the clock run past the last one): nothing of this test lands in the next. */
async function settledAll(fixture: PortCase): Promise<void> {
  await vi.advanceTimersByTimeAsync(10_000)
  await nowOf(fixture.settled(), 'every held write applied')
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

// One port at a time: they share the stand-ins and their queues of faults.
describe.each(PORTS)('a record kept true: $name', (fixture) => {
  it('is opened "in progress" and closed with the outcome, in one record', async () => {
    fixture.reset()
    const { lifecycle, log } = lifecycleOf(fixture.port())
    lifecycle.open()
    await atThisMoment(() => fixture.records().length > 0, 'the open written')
    expect(fixture.records()).toEqual(['in_progress'])
    await nowOf(lifecycle.close(success), 'the close written')
    expect(fixture.records()).toEqual(['success'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('an open applied and answered after request-timeout, within twice it, does not stand after the close: one record, with the outcome', async () => {
    fixture.reset()
    const open = arrival({ ms: REQUEST_TIMEOUT_MS * 1.5 })
    fixture.hold(open.plan)
    const { lifecycle, log } = lifecycleOf(fixture.port())
    lifecycle.open()
    await nowOf(open.arrived, "the open's write sent")
    const sentAt = Date.now()
    await vi.advanceTimersByTimeAsync(100)
    const closeStartedAt = Date.now()
    const closing = lifecycle.close(success)
    // The open held the outcome twice request-timeout at the most (a creation's; a status's, once).
    expect(await settlesAt(closing, 10_000)).toBeLessThanOrEqual(closeStartedAt + 2 * REQUEST_TIMEOUT_MS)
    await settledAll(fixture)
    // The last write, the outcome's, went once the open had landed: nothing of the open stands over it.
    const writes = fixture.writes().map((at) => at - sentAt)
    expect(writes.at(-1)).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS * 1.5)
    expect(fixture.records()).toEqual(['success'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it("an open applied whose answer was lost (a gateway's 504) is found again: the close goes to it, one record", async () => {
    fixture.reset()
    const open = arrival({ ms: 50, status: 504, apply: true })
    fixture.hold(open.plan)
    const { lifecycle, log } = lifecycleOf(fixture.port())
    lifecycle.open()
    await nowOf(open.arrived, "the open's write sent")
    await vi.advanceTimersByTimeAsync(300)
    const closing = lifecycle.close(success)
    expect(await settlesAt(closing, 10_000)).toBeDefined()
    await settledAll(fixture)
    // Found again, not made again: the open's creation is the only one.
    expect(fixture.creations?.() ?? 1).toBe(1)
    expect(fixture.records()).toEqual(['success'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('an open whose answer was lost (a 502) and that is applied after the close is read back: one record, with the outcome', async () => {
    fixture.reset()
    // Applied 600 ms after it was sent: after the close (at 100 ms), before the read back (twice request-timeout).
    const open = arrival({ ms: 0, status: 502, appliedAfterMs: 600 })
    fixture.hold(...(fixture.before ?? []), open.plan)
    const { lifecycle, log } = lifecycleOf(fixture.port())
    lifecycle.open()
    await nowOf(open.arrived, "the open's write sent")
    const sentAt = Date.now()
    await vi.advanceTimersByTimeAsync(100)
    const closing = lifecycle.close(success)
    expect(await settlesAt(closing, 10_000)).toBeGreaterThanOrEqual(sentAt + 600)
    await settledAll(fixture)
    expect(fixture.records()).toEqual(['success'])
    expect(log.warning).not.toHaveBeenCalled()
  })

  it('a cancel during the last write shortens it to the grace, live: one warning, within the grace', async () => {
    fixture.reset()
    const { lifecycle, log, cancel } = lifecycleOf(fixture.port())
    lifecycle.open()
    await atThisMoment(() => fixture.records().length > 0, 'the open written')
    await vi.advanceTimersByTimeAsync(300)
    // The write of the close held past the grace.
    const last = arrival({ ms: 3000 })
    fixture.hold(last.plan)
    const closing = lifecycle.close(success)
    await nowOf(last.arrived, "the close's write sent")
    await vi.advanceTimersByTimeAsync(100)
    const cancelledAt = Date.now()
    cancel.come(1500)
    const endedAt = await settlesAt(closing, 3000)
    // Held live to the grace's end, less the margin the step keeps to exit: not cut at once, not past the grace.
    expect(endedAt).toBe(cancelledAt + 1500 - COMMENT_EXIT_MARGIN_MS)
    expect(log.warning).toHaveBeenCalledTimes(1)
    expect(log.warning.mock.calls[0]?.[0]).toContain('did not answer before the cancelled run had to end')
    await settledAll(fixture)
  })
})

// The one refusal rule (records/failure.ts), as each port applies it to what its transport throws:
// the lifecycle's default, narrowed by a port only by a fact of its platform no type carries.
describe.each(PORTS)('what $name takes for refused for good', (fixture) => {
  it('a 401, 403, 404 or 422 is; a 429, a 5xx or no answer never is', () => {
    const refused = fixture.port().refused ?? refusedForGood
    for (const status of [401, 403, 404, 422]) expect(refused(fixture.answered(status, 'Refused')), `HTTP ${status}`).toBe(true)
    for (const status of [429, 500, 502, 503]) expect(refused(fixture.answered(status, 'Not now')), `HTTP ${status}`).toBe(false)
    expect(refused(new NoAnswer('network error: other side closed', 'maybe'))).toBe(false)
    expect(refused(new NoAnswer('network error: connect ECONNREFUSED 127.0.0.1:1', 'no'))).toBe(false)
  })

  it.runIf(fixture.answered === githubAnswered)("GitHub's secondary rate limit, a 403 that says so in its words, is no refusal", () => {
    const refused = fixture.port().refused ?? refusedForGood
    expect(refused(githubAnswered(403, 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'))).toBe(false)
    expect(refused(githubAnswered(403, 'Resource not accessible by integration'))).toBe(true)
  })
})

// A creation that never reached GitHub (a connection refused, a name not found for a moment) made
// nothing: the deployment is created at the close, with the outcome, as after a rate limit. Taken
// for a refusal, it was given up on at once with a warning that it "could not be created".
describe('the GitHub deployment whose creation never reached GitHub', () => {
  it.each([
    ['', []],
    [', its status sent again to it when the first answer was a 502 (never a second creation)', [0, { ms: 0, status: 502 }]]
  ] as const)('is created at the close with the outcome as its only status, with no warning%s', async (_case, holds) => {
    const deployment = PORTS.find((fixture) => fixture.name === 'the GitHub deployment') as PortCase
    deployment.reset()
    deployment.hold(...holds)
    let refusedOnce = false
    inProcess.route(github.url, (req, res) => {
      if (!refusedOnce && req.method === 'POST' && /\/deployments$/.test(req.url)) {
        refusedOnce = true
        throw Object.assign(new Error(`connect ECONNREFUSED ${new URL(github.url).host}`), { code: 'ECONNREFUSED' })
      }
      return github.serve(req as never, res as never)
    })
    try {
      const { lifecycle, log } = lifecycleOf(deployment.port())
      lifecycle.open()
      await vi.advanceTimersByTimeAsync(100)
      const closing = lifecycle.close(success)
      // A status sent again goes after its backoff (250 ms).
      await vi.advanceTimersByTimeAsync(1000)
      await nowOf(closing, 'the close written')
      await settledAll(deployment)
      expect(refusedOnce).toBe(true)
      expect(deployment.creations?.()).toBe(1)
      expect(github.deployments.map((d) => d.statuses.map((s) => s.state))).toEqual([['success']])
      expect(log.warning).not.toHaveBeenCalled()
    } finally {
      inProcess.route(github.url, github.serve as never)
    }
  })
})
