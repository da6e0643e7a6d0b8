import { describe, expect, it } from 'vitest'
import type { ApiResult } from '../src/api/classify.js'
import { FOLLOW_UP_GRACE_MS } from '../src/engine/targets/follow-up.js'
import { waitForTargets } from '../src/engine/wait.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import { ok, recordingEvents, scriptedClient, settingsFor } from './helpers/fakes.js'
import type { TargetRef } from '../src/model.js'

const J = (id: string) => `/v2/agent/p1/job/${id}`
const job = (id: string, status: string, prLink: string | null = null) => ok({ id, status, prLink })
const OLD_PR = 'https://github.com/acme/docs/pull/42'
const NEW_PR = 'https://github.com/acme/docs/pull/43'

/** Waits on the jobs as after a follow-up message to `j1`, accepted when the wait begins. */
async function waitAfterMessage(scripts: Record<string, ApiResult[]>, overrides: Parameters<typeof settingsFor>[0] = {}) {
  const clock = virtualClock()
  const { client, requests } = scriptedClient(scripts)
  const events = recordingEvents()
  const notices: string[] = []
  const settings = settingsFor({ 'job-id': 'j1', 'project-id': 'p1', 'agent-message': 'Also fix the title', timeout: '5m', ...overrides })
  const followUp: TargetRef = { kind: 'job', id: 'j1', projectId: 'p1' }
  const startedAt = clock.now()
  const reports = await waitForTargets(settings, {
    client,
    clock,
    random: seededRandom(3),
    signal: new AbortController().signal,
    events: { ...events, notice: (ref, message) => notices.push(`${ref.id}: ${message}`) },
    followUp: { ref: followUp, sentAt: startedAt }
  })
  return { reports, requests, notices, events, startedAt }
}

describe('waiting on an agent job for a follow-up message', () => {
  it('a completed from before the message does not end the wait; the completed after it was seen active does', async () => {
    const { reports, requests, notices } = await waitAfterMessage({
      [J('j1')]: [job('j1', 'completed', OLD_PR), job('j1', 'completed', OLD_PR), job('j1', 'active', OLD_PR), job('j1', 'completed', NEW_PR)]
    })
    expect(requests).toHaveLength(4)
    expect(reports[0]).toMatchObject({ result: 'success', status: 'completed', note: undefined })
    expect(reports[0]?.parsed).toMatchObject({ kind: 'job', data: { prLink: NEW_PR } })
    // Said once, however many polls still show the old state.
    expect(notices).toEqual([
      `j1: still shows "completed" from before the follow-up message; waiting for it to take the message up (active) for up to ${FOLLOW_UP_GRACE_MS / 1000}.0s`
    ])
  })

  it('a failure from before the message does not end it either; one after active does', async () => {
    const { reports, requests } = await waitAfterMessage({
      [J('j1')]: [job('j1', 'failed'), job('j1', 'active'), job('j1', 'failed')]
    })
    expect(requests).toHaveLength(3)
    expect(reports[0]).toMatchObject({ result: 'failure', status: 'failed' })
  })

  it('a status this action does not know is not taken for active', async () => {
    const { reports, requests } = await waitAfterMessage({
      [J('j1')]: [job('j1', 'completed'), job('j1', 'paused'), job('j1', 'completed', NEW_PR), job('j1', 'active'), job('j1', 'completed', NEW_PR)]
    })
    expect(requests).toHaveLength(5)
    expect(reports[0]?.result).toBe('success')
  })

  it(`a job never seen active: its terminal state counts only from ${FOLLOW_UP_GRACE_MS / 1000} s after the message, and the log says so`, async () => {
    const { reports, requests, notices } = await waitAfterMessage({ [J('j1')]: [job('j1', 'completed', OLD_PR)] })
    const [report] = reports
    expect(report?.result).toBe('success')
    expect(report?.finishedAfterMs).toBeGreaterThanOrEqual(FOLLOW_UP_GRACE_MS)
    // Polled on the schedule meanwhile (min-interval 5 s … max-interval 45 s): no poll was wasted past the first one after the grace.
    expect(report?.finishedAfterMs).toBeLessThan(FOLLOW_UP_GRACE_MS + 45_000)
    expect(requests.length).toBeGreaterThan(1)
    expect(report?.note).toBe(`not seen active within 30.0s of the follow-up message; its status "completed" is taken as the answer to it`)
    expect(notices).toHaveLength(2)
    expect(notices[1]).toBe(`j1: ${report?.note}`)
  })

  it('a timeout before the grace ends is a timeout that says the state was from before the message, never a success', async () => {
    const { reports } = await waitAfterMessage({ [J('j1')]: [job('j1', 'completed', OLD_PR)] }, { timeout: '20s' })
    expect(reports[0]?.result).toBe('timeout')
    expect(reports[0]?.error).toMatch(
      /^still "completed" when the timeout \(20\.0s\) ran out \(not seen active since the follow-up message, so "completed" was the state from before it\)$/
    )
  })

  it('other targets of the step are judged as always', async () => {
    const { reports, requests } = await waitAfterMessage(
      { [J('j1')]: [job('j1', 'active'), job('j1', 'completed', NEW_PR)], '/v1/project/update-status/u1': [ok({ status: 'success' })] },
      { 'status-id': 'u1' }
    )
    expect(reports.map((r) => [r.ref.id, r.result])).toEqual([
      ['u1', 'success'],
      ['j1', 'success']
    ])
    expect(requests.filter((r) => r.path.includes('update-status'))).toHaveLength(1)
  })
})
