// Part 1 — start-up: `node dist/index.js` on an update that is already `success` (one request),
// against a bare `node -e ""` and against the shell one-shot users write
// (`curl -s … | jq -r .status`), run interleaved (A, B, C, A, B, C, …) against the simulator.

import { execFileSync } from 'node:child_process'
import { ACTION_ENTRY, prepareActionRun, timedSpawn } from './action.js'
import { ADMIN_KEY, startSimulator } from '../dev/simulator.js'

export const STATUS_ID = 'bench-done'

export interface StartupResult {
  runs: number
  actionMs: number
  bareMs: number
  /** undefined when curl or jq is missing; `missing` says which. */
  oneShotMs: number | undefined
  missing: string | undefined
  failures: string[]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

const has = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

export function successRecord(id: string) {
  const createdAt = new Date(Date.now() - 95_000).toISOString()
  return {
    _id: id,
    projectId: 'proj-demo',
    createdAt,
    endedAt: new Date().toISOString(),
    status: 'success',
    summary: 'Deployed 4 changed pages',
    logs: ['Cloning https://github.com/acme/docs (main)', 'Installing dependencies', 'Deployed 4 changed pages to acme'],
    subdomain: 'acme',
    source: 'api',
    commit: {
      sha: '3f786850e387550fdab836ed7e6dc881de23001b',
      ref: 'main',
      message: 'docs: update quickstart',
      filesChanged: { added: ['docs/new-page.mdx'], modified: ['docs/index.mdx'], removed: [] }
    }
  }
}

export async function measureStartup(node: string, runs: number): Promise<StartupResult> {
  const sim = await startSimulator()
  sim.script('update', STATUS_ID, [{ json: successRecord(STATUS_ID) }])
  const missing = ['curl', 'jq'].filter((tool) => !has(tool))
  const url = `${sim.url}/v1/project/update-status/${STATUS_ID}`
  const failures: string[] = []
  const action: number[] = []
  const bare: number[] = []
  const oneShot: number[] = []
  try {
    // One warm-up round (disk cache, first spawn), not counted.
    for (let round = 0; round <= runs; round++) {
      const run = await prepareActionRun({ 'base-url': sim.url, 'admin-key': ADMIN_KEY, 'status-id': STATUS_ID })
      const a = await timedSpawn(node, [ACTION_ENTRY], { env: run.env, cwd: run.cwd })
      const outputs = await run.readOutputs()
      await run.cleanup()
      if (a.code !== 0 || outputs.result !== 'success' || outputs.polls !== '1') {
        failures.push(`action run ${round}: exit ${a.code}, result=${outputs.result}, polls=${outputs.polls}`)
      }
      const b = await timedSpawn(node, ['-e', ''], { env: { PATH: process.env.PATH ?? '' } })
      if (b.code !== 0) failures.push(`node -e "" exited ${b.code}`)
      let c: number | undefined
      if (missing.length === 0) {
        const shot = await timedSpawn('sh', ['-c', 'curl -s -H "Authorization: Bearer $KEY" "$URL" | jq -r .status'], {
          env: { PATH: process.env.PATH ?? '', KEY: ADMIN_KEY, URL: url }
        })
        if (shot.code !== 0 || shot.stdout.trim() !== 'success') failures.push(`curl | jq printed ${JSON.stringify(shot.stdout.trim())}`)
        c = shot.ms
      }
      if (round === 0) continue
      action.push(a.ms)
      bare.push(b.ms)
      if (c !== undefined) oneShot.push(c)
    }
  } finally {
    await sim.close()
  }
  return {
    runs,
    actionMs: median(action),
    bareMs: median(bare),
    oneShotMs: oneShot.length > 0 ? median(oneShot) : undefined,
    missing: missing.length > 0 ? missing.join(' and ') : undefined,
    failures
  }
}
