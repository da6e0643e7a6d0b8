import { describe, expect, it } from 'vitest'
import { PROJECT_ID } from '../dev/simulator.js'
import { activeCommands, expectAllOutputs, runAgainst, simulator } from './helpers/e2e.js'

type Sim = Awaited<ReturnType<typeof simulator>>

const posts = (sim: Sim) => sim.requests.filter((r) => r.method === 'POST')
const run = (automationId: string) => `/v1/workflow/${PROJECT_ID}/${automationId}/trigger`
const AUTOMATION = { trigger: 'automation', 'project-id': PROJECT_ID }

describe.concurrent('trigger: automation, end to end', () => {
  it('one POST without a body; the run and its background job are written, nothing is waited on, and the log says where to follow it', async () => {
    const sim = await simulator()
    const result = await runAgainst(sim, { ...AUTOMATION, 'automation-id': 'automation-nightly' })
    expect(result.code, result.stdout).toBe(0)
    expect(sim.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', run('automation-nightly'), '']])
    expect(expectAllOutputs(result.outputs)).toEqual([])
    expect(result.outputs).toMatchObject({
      result: 'success',
      'automation-run-id': 'run-1',
      'automation-job-id': 'bg-1',
      'status-id': '',
      'job-id': '',
      polls: '0',
      results: '[]'
    })
    expect(result.stdout).toContain('Started the automation run: run id run-1 (background job bg-1) (after ')
    expect(result.stdout).toContain("the platform publishes no status for a run: follow it in the project's automation runs in the dashboard.")
    expect(result.stdout).toContain(
      "Result: success — The automation run was accepted. The platform publishes no status for a run: follow it in the project's automation runs in the dashboard."
    )
    expect(result.summary).toMatch(/^## ✅ Automation run started$/m)
    expect(result.summary).toContain('**Started:** automation run, run id `run-1`, background job `bg-1`.')
    expect(result.stderr).toBe('')
  })

  it.each<[string, Record<string, string>, string]>([
    [
      'a command and a space',
      { instanceId: '::set-output name=result::failure', jobId: 'bg-1' },
      'an instanceId that contains a character that is not allowed'
    ],
    [
      'a newline and a workflow command',
      { instanceId: 'run-1\n::warning::injected', jobId: 'bg-1' },
      'an instanceId that contains a character that is not allowed'
    ],
    ['markup', { instanceId: 'run-1', jobId: '##[error]x<img/src=x/onerror=alert(1)>@octocat' }, 'a jobId that contains a character that is not allowed'],
    ['100 KB', { instanceId: 'r'.repeat(100_000), jobId: 'bg-1' }, 'an instanceId that is 100000 characters long; at most']
  ])('an id that is not a plain identifier (%s) is refused clearly, and reaches no output', async (_, ids, said) => {
    const sim = await simulator()
    const id = `automation-hostile-${ids.instanceId?.length}-${ids.jobId?.length}`
    sim.script('automation', id, [{ status: 202, json: { schemaId: 's', ...ids } }])
    const result = await runAgainst(sim, { ...AUTOMATION, 'automation-id': id })
    expect(result.code, result.stdout).toBe(1)
    expect(result.outputs).toMatchObject({ result: 'error', 'automation-run-id': '', 'automation-job-id': '' })
    expect(result.stdout).toContain(`was started, but the platform answered with ${said}`)
    expect(result.stdout).toContain('so it is not written to the outputs. Follow the run in')
    // The step's own failure is the one command, and it holds none of the id's text as a command.
    expect(activeCommands(result.stdout).filter((line) => !line.startsWith('::add-mask::'))).toEqual([
      expect.stringMatching(/^::error::Could not start the work: /)
    ])
    expect(result.stdout).not.toMatch(/^::warning::injected/m)
    expect(result.summary.replace(/(`+)[^`].*?\1/g, '')).not.toMatch(/<img|@octocat/)
    expect(`${result.stdout}${result.summary}`).not.toContain('r'.repeat(1000))
  })

  it('a 429 is waited out: exactly one more POST, then the run is accepted', async () => {
    const sim = await simulator()
    const result = await runAgainst(sim, { ...AUTOMATION, 'automation-id': 'automation-429' })
    expect(result.code, result.stdout).toBe(0)
    expect(posts(sim).map((r) => r.path)).toEqual([run('automation-429'), run('automation-429')])
    expect(result.outputs).toMatchObject({ result: 'success', 'automation-run-id': 'run-2' })
    expect(result.stdout).toMatch(
      /^HTTP 429 \(rate limit\): "Rate limit: 10 requests per 10 seconds": nothing was started, sending the request again in 1\.0s$/m
    )
  })

  it.each([
    [
      'automation-inactive',
      /HTTP 400: the platform refused to start the run of automation automation-inactive: "Automation is not active"\. Check automation-id \(it must name an active automation with a custom schedule\)/
    ],
    [
      'no-such-automation',
      /HTTP 404: the platform found no automation no-such-automation in project proj-demo: "Automation not found"\. Check automation-id and project-id/
    ],
    [
      'automation-500',
      /HTTP 500: "Internal error"\), so the run of automation automation-500 may have started anyway\. It was not sent again, so that the work does not run twice: look in the project's automation runs in the dashboard/
    ]
  ])('%s: result=error after exactly one POST, with the platform message and what to check', async (automationId, message) => {
    const sim = await simulator()
    const result = await runAgainst(sim, { ...AUTOMATION, 'automation-id': automationId })
    expect(result.code).toBe(1)
    expect(posts(sim)).toHaveLength(1)
    expect(sim.requests).toHaveLength(1)
    expect(expectAllOutputs(result.outputs)).toEqual([])
    expect(result.outputs).toMatchObject({ result: 'error', 'automation-run-id': '', 'automation-job-id': '' })
    expect(result.stdout).toMatch(/^::error::Could not start the work: /m)
    expect(result.stdout).toMatch(message)
    expect(result.summary).toMatch(/^## ⚠️ Could not start the automation run$/m)
  })

  it('combines with a given status-id: the run is accepted, then the update is waited on', async () => {
    const sim = await simulator()
    const result = await runAgainst(sim, { ...AUTOMATION, 'automation-id': 'automation-nightly', 'status-id': 'update-success' })
    expect(result.code, result.stdout).toBe(0)
    expect(posts(sim)).toHaveLength(1)
    expect(sim.requests[0]?.method).toBe('POST')
    expect(result.outputs).toMatchObject({ result: 'success', 'automation-run-id': 'run-1', 'status-id': 'update-success', status: 'success' })
  })

  it.each([
    [{ 'automation-id': 'automation-nightly', 'status-id': 'update-success' }, 'automation-id: is only used with trigger: automation'],
    [{ trigger: 'automation', 'project-id': PROJECT_ID }, 'automation-id: is required with trigger: automation (the id of the automation to run now)']
  ])('%j is refused before any request', async (inputs, problem) => {
    const sim = await simulator()
    const result = await runAgainst(sim, inputs)
    expect(result.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(result.outputs.result).toBe('error')
    expect(result.stdout).toContain(problem)
  })
})
