import { afterAll } from 'vitest'
import { runAction } from '../../dev/run-action.js'
import { ADMIN_KEY, startSimulator } from '../../dev/simulator.js'
import { OUTPUT_NAMES } from '../../src/report/outputs.js'

type Simulator = Awaited<ReturnType<typeof startSimulator>>
type RunOptions = Parameters<typeof runAction>[0]
const running: Simulator[] = []

// Tests run concurrently, so simulators are closed when the whole file is done.
afterAll(async () => {
  for (const sim of running.splice(0)) await sim.close()
})

/** A fresh simulator for one test, closed after the file. */
export async function simulator(): Promise<Simulator> {
  const sim = await startSimulator()
  running.push(sim)
  return sim
}

/** Fast polling so scenarios finish in about a second. */
export const FAST = { 'min-interval': '100ms', 'max-interval': '200ms', timeout: '20s' }

/** Runs the bundled action against the simulator with the admin key and fast polling. */
export function runAgainst(sim: Simulator, inputs: Record<string, string>, options: Omit<NonNullable<RunOptions>, 'inputs'> = {}) {
  return runAction({ timeoutMs: 25_000, ...options, inputs: { 'base-url': sim.url, 'admin-key': ADMIN_KEY, ...FAST, ...inputs } })
}

/** Every line of the log that the runner would take as a workflow command, outside stop-commands blocks. */
export function activeCommands(stdout: string): string[] {
  const commands: string[] = []
  let stopToken: string | undefined
  for (const line of stdout.split(/\r?\n/)) {
    const text = line.trimStart()
    if (stopToken) {
      if (text === `::${stopToken}::`) stopToken = undefined
      continue
    }
    const stop = /^::stop-commands::(.+)$/.exec(text)
    if (stop) stopToken = stop[1]
    else if (text.startsWith('::') || text.includes('##[')) commands.push(text)
  }
  return commands
}

export function expectAllOutputs(outputs: Record<string, string>): string[] {
  return OUTPUT_NAMES.filter((name) => !(name in outputs))
}
