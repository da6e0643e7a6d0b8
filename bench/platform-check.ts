// Part 6 — what waiting on the platform's own deploy (`platform-check`) costs GitHub, against the
// hand-written loop. The real wait (pollPlatformCheck, on the poll schedule) runs on a fake clock,
// and every read is the real reader (src/github/platform-check-api.ts) over HTTP on 127.0.0.1 against the GitHub stand-in (dev/github-api.js), which answers a page whose ETag is
// asked again with 304. A 304 does not count against GitHub's rate limit; every other answer does.
//
// The deploy: the commit already carries 20 check runs and 5 commit statuses of other tools; the
// platform's check run appears queued 10 s after the start, is in progress from 20 s and
// completes (success) at the job's end. The loop is the one users write:
// `while :; do gh api repos/$R/commits/$SHA/check-runs --jq …; sleep 10; done`: one listing, its
// first page only, every answer counted, at a random phase φ ∈ [0, 10 s) per seed.

import { getOctokit } from '@actions/github'
import { seededRandom } from '../__tests__/helpers/clock.js'
import { startGitHubApi } from '../dev/github-api.js'
import { pollPlatformCheck } from '../src/engine/platform-check.js'
import { emptyReport } from '../src/engine/wait.js'
import { platformCheckReader } from '../src/github/platform-check-api.js'
import { INPUT_DEFAULTS, parseInputs, type RawInputs } from '../src/inputs/parse.js'
import type { Clock, TargetRef, WaitEvents } from '../src/model.js'

export const CHECK_DURATIONS_S = [90, 300, 1200]
const LOOP_MS = 10_000
const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const APPEARS_MS = 10_000
const STARTS_MS = 20_000

export interface CheckCostResult {
  durationS: number
  /** Requests to GitHub, mean per wait. */
  requests: number
  /** Of them, answers that count against the rate limit (not 304), mean per wait. */
  counted: number
  meanLagMs: number
  /** The loop's requests (each one counted), mean per wait. */
  loopRequests: number
  loopMeanLagMs: number
  /** Waits that did not end in success (each a failure of the measurement). */
  failures: string[]
}

/** A fake clock: sleeping moves time forward at once. */
function fakeClock(): Clock {
  let now = 0
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms
    }
  }
}

// Every event heard and dropped; not a thenable.
const quiet = new Proxy({}, { get: (_, key) => (key === 'then' ? undefined : () => undefined) }) as WaitEvents

/** Runs `seeds` waits of each duration against one stand-in, with the default schedule and timeout 2 h. */
export async function measurePlatformCheck(seeds: number, minInterval: string, maxInterval: string): Promise<CheckCostResult[]> {
  const api = await startGitHubApi()
  const results: CheckCostResult[] = []
  try {
    const raw = {
      ...INPUT_DEFAULTS,
      'platform-check': 'docs-deploy',
      'github-token': 'ghs_bench_token',
      timeout: '2h',
      'min-interval': minInterval,
      'max-interval': maxInterval
    } as RawInputs
    const parsed = parseInputs(raw)
    if (!parsed.ok) throw new Error(`the bench's inputs do not parse: ${parsed.problems.join('; ')}`)
    const settings = parsed.settings
    let sha = 0
    for (const durationS of CHECK_DURATIONS_S) {
      const result: CheckCostResult = { durationS, requests: 0, counted: 0, meanLagMs: 0, loopRequests: 0, loopMeanLagMs: 0, failures: [] }
      for (let seed = 1; seed <= seeds; seed++) {
        // A commit of its own per wait, so no ETag of an earlier wait is reused.
        const commit = `${SHA.slice(0, 32)}${(sha++).toString(16).padStart(8, '0')}`
        for (let i = 0; i < 20; i++) api.addCheckRun({ sha: commit, name: `ci / test ${i}`, status: 'completed', conclusion: 'success' })
        for (let i = 0; i < 5; i++) api.addStatus({ sha: commit, context: `coverage/${i}`, state: 'success' })
        const clock = fakeClock()
        const endMs = durationS * 1000
        let id: number | undefined
        // The platform's app writes on the commit as the fake time passes.
        const advance = () => {
          const now = clock.now()
          if (id === undefined && now >= APPEARS_MS) id = api.addCheckRun({ sha: commit, name: 'docs-deploy', status: 'queued' }).id
          if (id === undefined) return
          const run = api.checkRuns.find((r) => r.id === id)
          if (now >= endMs && run?.status !== 'completed') api.updateCheckRun(id, { status: 'completed', conclusion: 'success' })
          else if (now >= STARTS_MS && run?.status === 'queued') api.updateCheckRun(id, { status: 'in_progress' })
        }
        const before = { requests: api.requests.length, conditional: api.conditionalAnswers }
        api.onRequest = advance
        const reader = platformCheckReader(
          { name: 'docs-deploy', githubToken: 'ghs_bench_token' },
          (text) => text,
          async () => ({
            getOctokit: (token: string) => getOctokit(token, { baseUrl: api.url }),
            context: { eventName: 'push', payload: {}, sha: commit, repo: { owner: 'acme', repo: 'docs' } } as never
          })
        )
        // The wait of one platform-check target, as waitForTargets runs it (without the progress heartbeat, whose
        // sleeps would move the fake clock while a read is on the wire).
        const ref = settings.targets[0] as Extract<TargetRef, { kind: 'platform-check' }>
        const signal = new AbortController().signal
        const report = await pollPlatformCheck(
          ref,
          {
            settings,
            deps: {
              client: { request: async () => ({ kind: 'fatal', reason: 'not asked' }), close: async () => undefined },
              clock,
              random: seededRandom(seed),
              signal,
              events: quiet,
              platformCheck: reader
            },
            deadline: clock.now() + settings.timeoutMs,
            startedAt: clock.now(),
            limit: (task) => task(),
            signal,
            onStatus: () => undefined
          },
          emptyReport(ref)
        )
        api.onRequest = undefined
        if (report.result !== 'success') result.failures.push(`${durationS} s, seed ${seed}: ${report.result} (${report.error})`)
        const requests = api.requests.length - before.requests
        result.requests += requests
        result.counted += requests - (api.conditionalAnswers - before.conditional)
        result.meanLagMs += clock.now() - endMs
        // The loop, at its phase: polls at φ + k·10 s; the first at or after the end sees it.
        const phase = seededRandom(seed + 0x9e3779b9)() * LOOP_MS
        const k = Math.max(0, Math.ceil((endMs - phase) / LOOP_MS))
        result.loopRequests += k + 1
        result.loopMeanLagMs += phase + k * LOOP_MS - endMs
      }
      for (const key of ['requests', 'counted', 'meanLagMs', 'loopRequests', 'loopMeanLagMs'] as const) result[key] /= seeds
      results.push(result)
    }
  } finally {
    await api.close()
  }
  return results
}
