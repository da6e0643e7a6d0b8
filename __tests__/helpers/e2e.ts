import type { ChildProcess } from 'node:child_process'
import { afterAll } from 'vitest'
import { startGitHubApi } from '../../dev/github-api.js'
import { startProxy } from '../../dev/proxy.js'
import { runAction } from '../../dev/run-action.js'
import { ADMIN_KEY, startSimulator } from '../../dev/simulator.js'
import { startTlsFront } from '../../dev/tls-front.js'
import { OUTPUT_NAMES } from '../../src/report/outputs.js'
import { activeCommands } from '../../dev/workflow-log.js'

export { activeCommands }

type Simulator = Awaited<ReturnType<typeof startSimulator>>
type RunOptions = Parameters<typeof runAction>[0]
const open: { close(): Promise<unknown> }[] = []

// Tests run concurrently, so what they start is closed when the whole file is done.
afterAll(async () => {
  for (const server of open.splice(0).reverse()) await server.close()
})

/** A server for one test, closed after the file: no test closes one by hand. */
async function closedAfterFile<T extends { close(): Promise<unknown> }>(starting: Promise<T>): Promise<T> {
  const server = await starting
  open.push(server)
  return server
}

/** A fresh platform simulator. */
export const simulator = (options?: Parameters<typeof startSimulator>[0]): Promise<Simulator> => closedAfterFile(startSimulator(options))
/** A fake GitHub API that records the comment's requests. */
export const githubApi = () => closedAfterFile(startGitHubApi())
/** An HTTP proxy that records what it was asked to reach. */
export const proxyServer = (options?: Parameters<typeof startProxy>[0]) => closedAfterFile(startProxy(options))
/** A TLS server with its own CA in front of a plain HTTP one. */
export const tlsFront = (options: Parameters<typeof startTlsFront>[0]) => closedAfterFile(startTlsFront(options))

/** Fast polling so scenarios finish in about a second. */
export const FAST = { 'min-interval': '100ms', 'max-interval': '200ms', timeout: '20s' }

/** Runs the bundled action against the simulator with the admin key and fast polling. */
export function runAgainst(sim: Simulator, inputs: Record<string, string>, options: Omit<NonNullable<RunOptions>, 'inputs'> = {}) {
  return runAction({ timeoutMs: 25_000, ...options, inputs: { 'base-url': sim.url, 'admin-key': ADMIN_KEY, ...FAST, ...inputs } })
}

export function expectAllOutputs(outputs: Record<string, string>): string[] {
  return OUTPUT_NAMES.filter((name) => !(name in outputs))
}

/** Sends `signal` to the action once its log shows `text` (and the step is surely past it), whatever the machine's load. */
export function killOnce(text: string, signal: NodeJS.Signals) {
  let seen = ''
  let sent = false
  return (chunk: string, child: ChildProcess) => {
    seen += chunk
    if (sent || !seen.includes(text)) return
    sent = true
    setTimeout(() => child.kill(signal), 300)
  }
}

/** Sends `signal` to the action as soon as `ready()` holds (checked every 20 ms, for at most 20 s). */
export function killWhen(ready: () => boolean, signal: NodeJS.Signals) {
  let watching = false
  return (_chunk: string, child: ChildProcess) => {
    if (watching) return
    watching = true
    const started = Date.now()
    const timer = setInterval(() => {
      if (!ready() && Date.now() - started < 20_000) return
      clearInterval(timer)
      child.kill(signal)
    }, 20)
  }
}
