import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runAction } from '../dev/run-action.js'
import { ADMIN_KEY } from '../dev/simulator.js'
import { expectAllOutputs, githubApi } from './helpers/e2e.js'

// Writing the results, end to end against dist/: no value and no file problem crashes the step.
const servers: Server[] = []
const scratch: string[] = []
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  for (const dir of scratch) await rm(dir, { recursive: true, force: true })
})

/** A fresh temp folder, removed after the file. */
async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wfd-'))
  scratch.push(dir)
  return dir
}

async function serveRecord(record: unknown): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(record)))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const run = (url: string, env: Record<string, string> = {}, inputs: Record<string, string> = {}) =>
  runAction({ timeoutMs: 30_000, env, inputs: { 'base-url': url, 'admin-key': ADMIN_KEY, 'status-id': 'u1', timeout: '10s', ...inputs } })

describe.concurrent('writing the results, end to end', () => {
  it('an output over the size limit that starts with [ is cut, not parsed', async () => {
    const url = await serveRecord({ _id: 'u1', status: 'success', commit: { message: `[docs] ${'m'.repeat(1_000_000)}` } })
    const outcome = await run(url)
    expect(outcome.code, outcome.stdout).toBe(0)
    expect(outcome.outputs.result).toBe('success')
    expect(expectAllOutputs(outcome.outputs)).toEqual([])
    expect(outcome.outputs['commit-message']).toMatch(/^\[docs\] m+… \(cut to fit the size limit of an output\)$/)
  })

  it('a GITHUB_OUTPUT that does not exist: the error names it and why, the summary is still written', async () => {
    const url = await serveRecord({ _id: 'u1', status: 'success' })
    const missing = path.join(await scratchDir(), 'gone', 'output')
    const outcome = await run(url, { GITHUB_OUTPUT: missing })
    expect(outcome.code).toBe(1)
    expect(outcome.stdout).toContain(`::error::The step outputs could not be written to GITHUB_OUTPUT (${missing}): Missing file at path: ${missing}.`)
    expect(outcome.stdout).toContain('The wait itself succeeded')
    expect(outcome.summary).toMatch(/^## /)
    expect(outcome.summary).toContain('could not be written to GITHUB\\_OUTPUT')
    expect(outcome.stderr).toBe('')
  })

  it('outputs that cannot be written: the PR comment says error too', async () => {
    const url = await serveRecord({ _id: 'u1', status: 'success' })
    const api = await githubApi()
    const missing = path.join(await scratchDir(), 'gone', 'output')
    const outcome = await runAction({
      timeoutMs: 30_000,
      env: { GITHUB_OUTPUT: missing, GITHUB_API_URL: api.url },
      event: { name: 'pull_request', payload: { pull_request: { number: 7 } } },
      inputs: { 'base-url': url, 'admin-key': ADMIN_KEY, 'status-id': 'u1', 'pr-comment': 'true', 'github-token': 'ghs_fake_token_for_tests_0002' }
    })
    expect(outcome.code).toBe(1)
    expect(api.comments[0]?.body).toContain('### ⚠️ Could not follow the docs update')
    expect(api.comments[0]?.body).toContain('could not be written to GITHUB\\_OUTPUT')
  })

  it('a GITHUB_OUTPUT that is a directory: the error names the reason', async () => {
    const url = await serveRecord({ _id: 'u1', status: 'success' })
    const directory = await scratchDir()
    const outcome = await run(url, { GITHUB_OUTPUT: directory })
    expect(outcome.code).toBe(1)
    expect(outcome.stdout).toMatch(/::error::The step outputs could not be written to GITHUB_OUTPUT \(.*\): EISDIR/)
    expect(outcome.summary).toMatch(/^## /)
  })

  it('a summary file that cannot be written is a warning with the reason; the outcome stands', async () => {
    const url = await serveRecord({ _id: 'u1', status: 'success' })
    const directory = await scratchDir()
    const outcome = await run(url, { GITHUB_STEP_SUMMARY: directory })
    expect(outcome.code).toBe(0)
    expect(outcome.outputs.result).toBe('success')
    expect(expectAllOutputs(outcome.outputs)).toEqual([])
    expect(outcome.stdout).toMatch(
      /::warning::The job summary could not be written to GITHUB_STEP_SUMMARY \(.*\): .+\. The outputs and the step's result stand/
    )
  })
})
