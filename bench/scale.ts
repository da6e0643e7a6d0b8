// Part 4 — scale: N update ids in one step against the simulator, each settling (status success)
// at a random time within 20 s of the spawn; every answer takes `delayMs` so requests overlap.
// Measures the child's wall time, the last settle time, the requests in flight at the simulator
// (counted from the request arriving to its response closing) and the child's peak RSS.

import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { ACTION_ENTRY, prepareActionRun, timedSpawn } from './action.js'
import { seededRandom } from '../__tests__/helpers/clock.js'
import { ADMIN_KEY, startSimulator } from '../dev/simulator.js'

export const SETTLE_WINDOW_MS = 20_000
const TIME = '/usr/bin/time'

export interface ScaleResult {
  targets: number
  wallMs: number
  lastSettleMs: number
  /** When the answer that showed the last target settled was sent (a poll answered success), from the spawn. */
  lastDetectionMs: number
  firstRequestMs: number
  maxInFlight: number
  requests: number
  peakRssBytes: number | undefined
  rssMethod: string
  failure: string | undefined
}

/** Starts the simulator with every request counted while in flight. */
async function countingSimulator() {
  const counter = { inFlight: 0, max: 0 }
  const original = http.createServer
  http.createServer = ((handler: http.RequestListener) =>
    original((req, res) => {
      counter.inFlight++
      counter.max = Math.max(counter.max, counter.inFlight)
      res.once('close', () => counter.inFlight--)
      handler(req, res)
    })) as typeof http.createServer
  try {
    return { sim: await startSimulator(), counter }
  } finally {
    http.createServer = original
  }
}

async function readVmHwm(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
  return kb === undefined ? undefined : Number(kb) * 1024
}

export async function measureScale(node: string, targets: number, seed: number, inputs: Record<string, string>, delayMs = 20): Promise<ScaleResult> {
  const { sim, counter } = await countingSimulator()
  const random = seededRandom(seed)
  const ids = Array.from({ length: targets }, (_, i) => `scale-${targets}-${i}`)
  const settleOffsets = ids.map(() => random() * SETTLE_WINDOW_MS)
  const detectedAt = new Map<string, number>()
  let spawnedAt = 0
  ids.forEach((id, i) => {
    const offset = settleOffsets[i] as number
    sim.script('update', id, [
      {
        fn: () => {
          const now = Date.now()
          if (now - spawnedAt < offset) return { json: { _id: id, status: 'in_progress' }, delayMs }
          // Seen when the answer leaves the simulator, after its delay: from then on the action is on its own.
          if (!detectedAt.has(id)) detectedAt.set(id, now - spawnedAt + delayMs)
          return { json: { _id: id, status: 'success', endedAt: new Date(spawnedAt + offset).toISOString() }, delayMs }
        }
      }
    ])
  })
  const run = await prepareActionRun({ 'base-url': sim.url, 'admin-key': ADMIN_KEY, 'status-id': ids.join('\n'), timeout: '2m', ...inputs })
  const rssFile = path.join(os.tmpdir(), `wait-for-docs-bench-rss-${process.pid}-${targets}.txt`)
  const useTime = existsSync(TIME)
  let hwm: number | undefined
  let poller: NodeJS.Timeout | undefined
  let failure: string | undefined
  try {
    spawnedAt = Date.now()
    const [command, args] = useTime ? [TIME, ['-f', '%M', '-o', rssFile, node, ACTION_ENTRY]] : [node, [ACTION_ENTRY]]
    const result = await timedSpawn(command, args as string[], {
      env: run.env,
      cwd: run.cwd,
      timeoutMs: 180_000,
      onSpawn: (pid) => {
        if (useTime || pid === undefined) return
        poller = setInterval(() => void readVmHwm(pid).then((v) => (hwm = v ?? hwm)), 50)
      }
    })
    clearInterval(poller)
    const outputs = await run.readOutputs()
    await run.cleanup()
    if (result.code !== 0 || outputs.result !== 'success') failure = `exit ${result.code}, result=${outputs.result}: ${result.stderr.slice(0, 300)}`
    if (detectedAt.size !== targets && !failure) failure = `${targets - detectedAt.size} targets never seen settled`
    let peakRssBytes = hwm
    if (useTime) {
      const kb = Number((await readFile(rssFile, 'utf8').catch(() => '')).trim().split('\n').at(-1))
      peakRssBytes = Number.isFinite(kb) && kb > 0 ? kb * 1024 : undefined
    }
    const firstAt = sim.requests.length > 0 ? Math.min(...sim.requests.map((r) => r.at)) : spawnedAt
    return {
      targets,
      wallMs: result.ms,
      lastSettleMs: Math.max(...settleOffsets),
      lastDetectionMs: Math.max(0, ...detectedAt.values()),
      firstRequestMs: firstAt - spawnedAt,
      maxInFlight: counter.max,
      requests: sim.requests.length,
      peakRssBytes,
      rssMethod: useTime ? 'GNU time %M (getrusage maxrss)' : '/proc/<pid>/status VmHWM, sampled every 50 ms',
      failure
    }
  } finally {
    clearInterval(poller)
    await sim.close()
    await rm(rssFile, { force: true })
  }
}
