import { describe, expect, it } from 'vitest'
import { PROJECT_ID } from '../dev/simulator.js'
import { expectAllOutputs, killWhen, runAgainst, simulator } from './helpers/e2e.js'

type Sim = Awaited<ReturnType<typeof simulator>>

const posts = (sim: Sim) => sim.requests.filter((r) => r.method === 'POST')
const gets = (sim: Sim) => sim.requests.filter((r) => r.method === 'GET')
const message = (jobId: string) => `/v2/agent/${PROJECT_ID}/job/${jobId}/message`
const MESSAGE = 'Also fix the typo in the quickstart title'
const followUp = (jobId: string) => ({ 'job-id': jobId, 'project-id': PROJECT_ID, 'agent-message': MESSAGE })
const NEW_PR = 'https://github.com/acme/docs/pull/43'

describe.concurrent('agent-message, end to end', () => {
  it('one POST with the message, then the job is waited on for it: the completed from before it does not end the wait', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, followUp('job-follow-up'))
    expect(run.code, run.stdout).toBe(0)
    expect(posts(sim).map((r) => [r.path, JSON.parse(r.body ?? '')])).toEqual([[message('job-follow-up'), { prompt: MESSAGE }]])
    // The POST first; then the job is read until its completed after active: two polls still showed the old state.
    expect(sim.requests[0]?.method).toBe('POST')
    expect(gets(sim).map((r) => r.path)).toEqual(Array(4).fill(`/v2/agent/${PROJECT_ID}/job/job-follow-up`))
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({ result: 'success', 'job-id': 'job-follow-up', 'pr-link': NEW_PR, 'pr-number': '43', polls: '4' })
    expect(run.stdout).toMatch(/^Sent the follow-up message to agent job job-follow-up \(after \d/m)
    expect(run.stdout).toContain(
      'agent job job-follow-up: still shows "completed" from before the follow-up message; waiting for it to take the message up (active) for up to 30.0s'
    )
    expect(run.stdout.indexOf('Sent the follow-up message')).toBeLessThan(run.stdout.indexOf('Waiting on agent job job-follow-up'))
    expect(run.summary).toContain('**Sent:** follow-up message to agent job `job-follow-up`; the job is waited on for that message')
    expect(run.stderr).toBe('')
  })

  it('a job that keeps showing its completed from before the message is never a success before the grace: the deadline ends it as a timeout', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { ...followUp('job-follow-up-stale'), timeout: '3s' })
    expect(run.code).toBe(1)
    expect(posts(sim)).toHaveLength(1)
    expect(gets(sim).length).toBeGreaterThan(1)
    expect(run.outputs).toMatchObject({ result: 'timeout', status: 'completed', 'job-id': 'job-follow-up-stale' })
    expect(run.stdout).toContain('not seen active since the follow-up message, so "completed" was the state from before it')
  })

  it('a 429 is waited out: exactly one more POST, then the job is waited on for the message', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, followUp('job-follow-up-429'))
    expect(run.code, run.stdout).toBe(0)
    expect(posts(sim).map((r) => r.path)).toEqual([message('job-follow-up-429'), message('job-follow-up-429')])
    expect(run.outputs).toMatchObject({ result: 'success', 'pr-link': NEW_PR })
    expect(run.stdout).toMatch(/^HTTP 429 \(rate limit\): "Rate limit: 100 per project per hour": nothing was started, sending the request again in 1\.0s$/m)
  })

  it.each([
    [
      'job-follow-up-400',
      /HTTP 400: the platform refused to send the follow-up message to agent job job-follow-up-400: "The job is archived; it takes no more messages"\. Check agent-message/
    ],
    ['no-such-job', /HTTP 404: the platform found no agent job no-such-job in project proj-demo: "Job not found"\. Check job-id and project-id/],
    [
      'job-follow-up-500',
      /HTTP 500: "Internal error"\), so the follow-up message to agent job job-follow-up-500 may have been taken anyway\. It was not sent again/
    ]
  ])('%s: result=error after exactly one POST, nothing waited on, with the platform message and what to check', async (jobId, text) => {
    const sim = await simulator()
    const run = await runAgainst(sim, followUp(jobId))
    expect(run.code).toBe(1)
    expect(posts(sim)).toHaveLength(1)
    expect(gets(sim)).toHaveLength(0)
    expect(run.outputs).toMatchObject({ result: 'error', 'job-id': jobId })
    expect(run.stdout).toMatch(text)
    expect(run.summary).toMatch(/^## ⚠️ Could not send the follow-up to the agent job$/m)
  })

  it('a cancel during the POST writes every output with result=cancelled and the job id', async () => {
    const sim = await simulator()
    const run = await runAgainst(
      sim,
      { ...followUp('job-follow-up-hang'), 'request-timeout': '20s' },
      { onStdout: killWhen(() => posts(sim).length > 0, 'SIGINT') }
    )
    expect(run.code).not.toBe(0)
    expect(posts(sim)).toHaveLength(1)
    expect(gets(sim)).toHaveLength(0)
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.outputs).toMatchObject({ result: 'cancelled', 'job-id': 'job-follow-up-hang' })
    expect(run.stdout).toContain(
      'the run was cancelled while sending the follow-up message to agent job job-follow-up-hang; the request had been sent, so it may have been taken'
    )
    expect(run.summary).toMatch(/^## 🛑 Cancelled while sending the follow-up to the agent job$/m)
  })

  it.each([
    [{ 'project-id': PROJECT_ID, 'agent-message': MESSAGE, 'status-id': 'update-success' }, 'agent-message: needs the agent job to send it to'],
    [{ ...followUp('job-follow-up'), 'job-id': 'job-follow-up, job-completed-pr' }, 'agent-message: is sent to one agent job, and job-id lists 2'],
    [{ ...followUp('job-follow-up'), trigger: 'update' }, 'agent-message: cannot be combined with trigger']
  ])('%j is refused before any request', async (inputs, problem) => {
    const sim = await simulator()
    const run = await runAgainst(sim, inputs)
    expect(run.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toContain(problem)
  })
})
