import { describe, expect, it } from 'vitest'
import { judgeDeployedCommit, updateTarget } from '../src/engine/targets/update.js'
import { waitForTargets } from '../src/engine/wait.js'
import { seededRandom, virtualClock } from './helpers/clock.js'
import { ok, recordingEvents, scriptedClient, settingsFor } from './helpers/fakes.js'

const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const record = (status: string, sha?: string) => ({ status, ...(sha === undefined ? {} : { commit: { sha } }) })

describe('expect-sha', () => {
  it.each([
    [SHA, SHA.slice(0, 7)],
    [SHA, SHA],
    [SHA.toUpperCase(), SHA.slice(0, 12)]
  ])('a success that deployed %s counts for expect-sha %s', (sha, expected) => {
    expect(judgeDeployedCommit(record('success', sha), expected)).toEqual({ state: 'settled', result: 'success' })
  })

  it('a success that deployed another commit is a failure naming both', () => {
    const judgement = judgeDeployedCommit(record('success', '0badc0ffee'), SHA.slice(0, 7))
    expect(judgement).toMatchObject({ state: 'settled', result: 'failure' })
    expect(judgement.state === 'settled' && judgement.reason).toMatch(/^the update deployed commit 0badc0ffee, not 3f78685 \(expect-sha\)/)
  })

  it('a success whose record names no commit cannot pass', () => {
    expect(judgeDeployedCommit(record('success'), SHA)).toMatchObject({
      state: 'settled',
      result: 'failure',
      reason: expect.stringContaining('names no commit')
    })
    expect(judgeDeployedCommit(record('success', '  '), SHA)).toMatchObject({ result: 'failure' })
  })

  it('a record naming an abbreviation of the expected commit (7 digits or more) matches', () => {
    expect(judgeDeployedCommit(record('success', SHA.slice(0, 7)), SHA)).toEqual({ state: 'settled', result: 'success' })
    expect(judgeDeployedCommit(record('success', SHA.slice(0, 9).toUpperCase()), SHA.slice(0, 12))).toEqual({ state: 'settled', result: 'success' })
  })

  it('a record naming fewer than 7 digits, or an abbreviation of another commit, does not match', () => {
    expect(judgeDeployedCommit(record('success', SHA.slice(0, 6)), SHA)).toMatchObject({ result: 'failure' })
    expect(judgeDeployedCommit(record('success', '3f78685f'), SHA)).toMatchObject({ result: 'failure' })
  })

  it('leaves failures and pending states as they are', () => {
    const options = { acceptArchived: false, requirePr: false, expectSha: SHA }
    expect(updateTarget.judge(record('failure', '0bad'), options)).toEqual({ state: 'settled', result: 'failure' })
    expect(updateTarget.judge(record('in_progress'), options)).toEqual({ state: 'pending' })
  })

  it('applies to every update target of a wait', async () => {
    const clock = virtualClock()
    const { client } = scriptedClient({
      '/v1/project/update-status/a': [ok(record('success', SHA))],
      '/v1/project/update-status/b': [ok(record('success', '0badc0ffee'))]
    })
    const reports = await waitForTargets(settingsFor({ 'status-id': 'a,b', 'expect-sha': SHA.slice(0, 10) }), {
      client,
      clock,
      random: seededRandom(3),
      signal: new AbortController().signal,
      events: recordingEvents()
    })
    expect(reports.map((r) => [r.ref.id, r.result])).toEqual([
      ['a', 'success'],
      ['b', 'failure']
    ])
    expect(reports[1]?.error).toContain('not 3f786850e3 (expect-sha)')
  })
})
