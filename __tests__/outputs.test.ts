import { describe, expect, it } from 'vitest'
import { computeOutputs, fitOutput, MAX_OUTPUT_BYTES, OUTPUT_NAMES, prNumberFromLink } from '../src/report/outputs.js'
import { jobRecordSchema } from '../src/engine/targets/job.js'
import { updateRecordSchema } from '../src/engine/targets/update.js'
import type { RunOutcome, TargetReport } from '../src/model.js'

function update(id: string, record: Record<string, unknown>, result: TargetReport['result'] = 'success'): TargetReport {
  const data = updateRecordSchema.parse(record)
  return {
    ref: { kind: 'update', id },
    result,
    status: data.status,
    record,
    parsed: { kind: 'update', data },
    error: null,
    note: undefined,
    stoppedByFailFast: false,
    polls: 2,
    logs: [],
    transitions: [],
    finishedAfterMs: 0
  }
}
function job(id: string, record: Record<string, unknown>): TargetReport {
  const data = jobRecordSchema.parse(record)
  return {
    ref: { kind: 'job', id, projectId: 'p' },
    result: 'success',
    status: data.status,
    record,
    parsed: { kind: 'job', data },
    error: null,
    note: undefined,
    stoppedByFailFast: false,
    polls: 3,
    logs: [],
    transitions: [],
    finishedAfterMs: 0
  }
}
const outcome = (targets: TargetReport[], extra: Partial<RunOutcome> = {}): RunOutcome => ({
  result: 'success',
  headline: '',
  problems: [],
  targets,
  search: undefined,
  elapsedMs: 12_345,
  ...extra
})

describe('computeOutputs', () => {
  it('writes every output even when nothing was read', () => {
    const outputs = computeOutputs(outcome([], { result: 'error' }))
    expect(Object.keys(outputs).sort()).toEqual([...OUTPUT_NAMES].sort())
    expect(outputs).toMatchObject({
      result: 'error',
      status: '',
      elapsed: '12.3',
      polls: '0',
      results: '[]',
      'files-changed': '[]',
      'files-changed-count': '0',
      'pr-number': ''
    })
  })

  it('describes the first update and job, unions files over updates, lists every target', () => {
    const a = update('a', {
      status: 'success',
      subdomain: 'acme',
      commit: { sha: 's1', ref: 'main', message: 'm', filesChanged: { added: ['x'], modified: ['y', 'z'], removed: [] } }
    })
    const b = update('b', { status: 'failure', commit: { sha: 's2', filesChanged: { added: ['x', 'w'], modified: [], removed: ['r'] } } }, 'failure')
    const j = job('j', {
      status: 'completed',
      prLink: 'https://github.com/a/b/pull/42',
      model: 'm1',
      source: { repository: 'https://github.com/a/b', ref: 'dev' }
    })
    const outputs = computeOutputs(outcome([a, b, j], { result: 'failure' }))
    expect(outputs).toMatchObject({
      result: 'failure',
      status: 'success',
      polls: '7',
      'commit-sha': 's1',
      subdomain: 'acme',
      'files-added': '["x","w"]',
      'files-modified': '["y","z"]',
      'files-removed': '["r"]',
      'files-changed': '["x","w","y","z","r"]',
      'files-changed-count': '5',
      'pr-link': 'https://github.com/a/b/pull/42',
      'pr-number': '42',
      model: 'm1',
      'source-repository': 'https://github.com/a/b',
      'source-ref': 'dev'
    })
    expect(JSON.parse(outputs.results)).toEqual([
      { kind: 'update', id: 'a', result: 'success', status: 'success', record: a.record, error: null },
      { kind: 'update', id: 'b', result: 'failure', status: 'failure', record: b.record, error: null },
      { kind: 'job', id: 'j', result: 'success', status: 'completed', record: j.record, error: null }
    ])
  })
})

describe('prNumberFromLink', () => {
  it.each([
    ['https://github.com/acme/docs/pull/42', '42'],
    ['https://github.com/acme/docs/pull/42/files', '42'],
    ['https://gitlab.example.com/g/p/-/merge_requests/7', '7'],
    ['https://github.com/acme/docs/issues/42', ''],
    ['https://github.com/acme/docs/pull/abc', ''],
    ['not a url', ''],
    ['', ''],
    [null, '']
  ])('%j → %j', (link, number) => {
    expect(prNumberFromLink(link)).toBe(number)
  })
})

describe('the results output', () => {
  it('cuts long logs in records to stay under the output limit', () => {
    const big = update('a', { status: 'success', logs: [...Array(100).fill('y'.repeat(20_000)), 'last'] })
    const results = computeOutputs(outcome([big])).results
    expect(Buffer.byteLength(results)).toBeLessThanOrEqual(MAX_OUTPUT_BYTES)
    const [entry] = JSON.parse(results) as [{ record: { status: string; logs: string[] } }]
    expect(entry.record.status).toBe('success')
    expect(entry.record.logs).toHaveLength(20)
    expect(entry.record.logs.at(-1)).toBe('last')
  })

  it('leaves records out when even that is too large, keeping every target', () => {
    const many = Array.from({ length: 400 }, (_, i) => update(`u${i}`, { status: 'success', summary: 'z'.repeat(5000) }))
    const results = JSON.parse(computeOutputs(outcome(many)).results) as { id: string; record: unknown }[]
    expect(results).toHaveLength(400)
    expect(results.every((r) => r.record === null)).toBe(true)
  })
})

describe('every output stays under the size limit', () => {
  it('long text is cut with a note, lists keep their first items, the count stays whole', () => {
    const files = Array.from({ length: 20_000 }, (_, i) => `docs/${'deep/'.repeat(20)}page-${i}.mdx`)
    const big = update('a', {
      status: 'success',
      summary: 'é'.repeat(800_000),
      commit: { message: 'm'.repeat(2_000_000), filesChanged: { added: files, modified: [], removed: [] } }
    })
    const outputs = computeOutputs(outcome([big]))
    for (const name of OUTPUT_NAMES) expect(Buffer.byteLength(outputs[name]), name).toBeLessThanOrEqual(MAX_OUTPUT_BYTES)
    expect(outputs['commit-message']).toMatch(/^m+… \(cut to fit the size limit of an output\)$/)
    expect(outputs['update-summary']).toMatch(/^é+… \(cut/)
    const added = JSON.parse(outputs['files-added']) as string[]
    expect(added.length).toBeGreaterThan(1000)
    expect(added).toEqual(files.slice(0, added.length))
    expect(outputs['files-changed-count']).toBe('20000')
  })

  it('leaves values that fit as they are', () => {
    expect(fitOutput('["a","b"]')).toBe('["a","b"]')
    expect(fitOutput('x'.repeat(MAX_OUTPUT_BYTES))).toBe('x'.repeat(MAX_OUTPUT_BYTES))
  })
})
