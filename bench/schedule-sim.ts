// Part 3 — poll cost and detection lag, simulated: the real pollUntilSettled (and so the real
// createSchedule with GROWTH and JITTER) runs on a fake clock. A job finishes T after the start;
// a poll at time t answers "settled" if t >= T, else "pending"; requests are instantaneous.
// lag = time of the poll that sees it settled - T. Each seed seeds the schedule's random source.
//
// The fixed loop is `while true; do curl …; sleep 10; done`, started at a random phase
// φ in [0, 10 s) per seed: it polls at φ, φ+10 s, φ+20 s, … so the job ends at a uniformly random
// point of its 10-second cycle (mean lag 5 s). With φ = 0 it would poll exactly at the round
// durations below: the same requests but a lag of 0, which is an artefact of the durations.

import { seededRandom } from '../__tests__/helpers/clock.js'
import { pollUntilSettled } from '../src/engine/poll.js'
import type { Clock } from '../src/model.js'

export const DURATIONS_S = [30, 90, 300, 1200, 3600]
export const FIXED_LOOP_MS = 10_000
const HOUR_MS = 3_600_000

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

export interface DurationResult {
  durationS: number
  timeoutMs: number
  requests: number
  meanLagMs: number
  maxLagMs: number
  fixedRequests: number
  fixedMeanLagMs: number
  /** Mean lag when the duration is spread uniformly over ±10 % (robustness check). */
  spreadMeanLagMs: number
  timeouts: number
}

const never = new AbortController().signal

async function actionPoll(durationMs: number, timeoutMs: number, minMs: number, maxMs: number, random: () => number) {
  const clock = fakeClock()
  let requests = 0
  const end = await pollUntilSettled<true>(
    async () => {
      requests++
      return clock.now() >= durationMs ? { kind: 'settled', value: true } : { kind: 'pending' }
    },
    { deadline: timeoutMs, minIntervalMs: minMs, maxIntervalMs: maxMs, clock, random, signal: never }
  )
  return { requests, lagMs: clock.now() - durationMs, settled: end.kind === 'settled' }
}

function fixedLoop(durationMs: number, phaseMs: number) {
  // Polls at phase + k * 10 s; the first at or after the end sees it.
  const k = Math.max(0, Math.ceil((durationMs - phaseMs) / FIXED_LOOP_MS))
  return { requests: k + 1, lagMs: phaseMs + k * FIXED_LOOP_MS - durationMs }
}

export async function simulateSchedule(minMs: number, maxMs: number, defaultTimeoutMs: number, seeds: number): Promise<DurationResult[]> {
  const results: DurationResult[] = []
  for (const durationS of DURATIONS_S) {
    const durationMs = durationS * 1000
    // The default timeout (15m) would end the 20- and 60-minute waits: those get 2 h.
    const timeoutMs = durationMs < defaultTimeoutMs ? defaultTimeoutMs : 2 * HOUR_MS
    let requests = 0
    let lag = 0
    let maxLag = 0
    let fixedRequests = 0
    let fixedLag = 0
    let spreadLag = 0
    let timeouts = 0
    for (let seed = 1; seed <= seeds; seed++) {
      const run = await actionPoll(durationMs, timeoutMs, minMs, maxMs, seededRandom(seed))
      if (!run.settled) timeouts++
      requests += run.requests
      lag += run.lagMs
      maxLag = Math.max(maxLag, run.lagMs)
      const loop = fixedLoop(durationMs, seededRandom(seed + 0x9e3779b9)() * FIXED_LOOP_MS)
      fixedRequests += loop.requests
      fixedLag += loop.lagMs
      const spread = durationMs * (0.9 + 0.2 * seededRandom(seed + 0x632be5ab)())
      const spreadRun = await actionPoll(spread, Math.max(timeoutMs, spread), minMs, maxMs, seededRandom(seed + 0x1b873593))
      spreadLag += spreadRun.lagMs
      maxLag = Math.max(maxLag, spreadRun.lagMs)
    }
    results.push({
      durationS,
      timeoutMs,
      requests: requests / seeds,
      meanLagMs: lag / seeds,
      maxLagMs: maxLag,
      fixedRequests: fixedRequests / seeds,
      fixedMeanLagMs: fixedLag / seeds,
      spreadMeanLagMs: spreadLag / seeds,
      timeouts
    })
  }
  return results
}

export interface Goal {
  requestsLimit: number
  requestsGoal: string
  /** Requests must stay strictly below the limit (from 2 minutes up) rather than at most at it. */
  strict: boolean
  lagLimitMs: number
  lagGoal: string
}

/** The goals of part 3 for a job of `durationS`, against the fixed loop's mean requests. */
export function goalFor(durationS: number, fixedRequests: number): Goal {
  if (durationS < 120) {
    return { requestsLimit: 2 * fixedRequests, requestsGoal: '≤ 2× loop', strict: false, lagLimitMs: 5000, lagGoal: '≤ 5 s' }
  }
  const lagLimitMs = Math.max(5000, durationS * 100)
  const lagGoal = `≤ ${lagLimitMs / 1000} s (max(5 s, 10 %))`
  if (durationS >= 600) return { requestsLimit: fixedRequests / 2, requestsGoal: '≤ ½ loop', strict: false, lagLimitMs, lagGoal }
  return { requestsLimit: fixedRequests, requestsGoal: '< loop', strict: true, lagLimitMs, lagGoal }
}
