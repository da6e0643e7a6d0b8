import { describe, expect, it } from 'vitest'
import { isPullRequestLink } from '../src/engine/targets/job.js'
import { addressesLeftOut, computeOutputs, fitOutput, MAX_OUTPUT_BYTES, OUTPUT_NAMES, prNumberFromLink, resultsOutput } from '../src/report/outputs.js'
import type { RunOutcome, TargetReport } from '../src/model.js'
import { jobReport, runOutcome, updateReport } from './helpers/builders.js'

// The log lines of a report are not what the outputs read: they come from the record.
const update = (id: string, record: Record<string, unknown>, result: TargetReport['result'] = 'success') =>
  updateReport(id, record, { result, polls: 2, logs: [] })
const job = (id: string, record: Record<string, unknown>) => jobReport(id, record, { ref: { kind: 'job', id, projectId: 'p' }, polls: 3 })
const outcome = (targets: TargetReport[], extra: Partial<RunOutcome> = {}) => runOutcome(targets, { elapsedMs: 12_345, ...extra })

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

  it('keeps the records that fit and leaves the others out, saying so, keeping every target', () => {
    const many = Array.from({ length: 400 }, (_, i) => update(`u${i}`, { status: 'success', summary: 'z'.repeat(5000) }))
    const text = computeOutputs(outcome(many)).results
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_OUTPUT_BYTES)
    const results = JSON.parse(text) as { id: string; record: unknown; recordLeftOut?: true }[]
    expect(results.map((r) => r.id)).toEqual(many.map((t) => t.ref.id))
    const whole = results.filter((r) => r.record !== null)
    expect(whole.length).toBeGreaterThan(100)
    // In order: the first records are whole, every later one is left out and marked.
    expect(results.slice(0, whole.length)).toEqual(whole)
    expect(results.slice(whole.length).every((r) => r.record === null && r.recordLeftOut === true)).toBe(true)
  })

  // Heavy on the CPU by design: a busy machine needs more than the default 30 s, which is no bound of the code's.
  it('1000 targets with half a megabyte each build no string too large to hold', () => {
    const big = 'q'.repeat(512 * 1024)
    // One string shared by every record: serializing them all at once would need 500 MB.
    const many = Array.from({ length: 1000 }, (_, i) => update(`u${i}`, { status: 'success', summary: big, logs: [big] }))
    const text = computeOutputs(outcome(many)).results
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_OUTPUT_BYTES)
    const results = JSON.parse(text) as { id: string; record: { summary?: string } | null }[]
    expect(results).toHaveLength(1000)
    expect(results[0]?.record?.summary).toBe(big)
    expect(results.at(-1)?.record).toBeNull()
  }, 120_000)

  it('when even the targets without records do not fit, keeps the first and says how many it left out', () => {
    const many = Array.from({ length: 50 }, (_, i) => update(`u${i}-${'i'.repeat(200)}`, { status: 'success' }))
    const text = resultsOutput(outcome(many), 4000)
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4000)
    const results = JSON.parse(text) as Record<string, unknown>[]
    const note = results.at(-1) as { leftOut: number; note: string }
    expect(note.leftOut).toBe(50 - (results.length - 1))
    expect(note.leftOut).toBeGreaterThan(0)
    expect(note.note).toBe(`${note.leftOut} of 50 targets left out to fit the size limit of an output; the log and the job summary name every target`)
    expect(results.slice(0, -1).map((r) => r.id)).toEqual(many.slice(0, results.length - 1).map((t) => t.ref.id))
  })

  it('no note when everything fits', () => {
    const text = resultsOutput(outcome([update('a', { status: 'success' })]))
    expect(JSON.parse(text)).toEqual([{ kind: 'update', id: 'a', result: 'success', status: 'success', record: { status: 'success' }, error: null }])
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

  it.each([
    ['a bracket', `[${'x'.repeat(MAX_OUTPUT_BYTES)}`],
    ['a JSON list', JSON.stringify(Array.from({ length: 100_000 }, (_, i) => `item ${i}`))],
    ['a brace', `{${'"'.repeat(MAX_OUTPUT_BYTES)}`]
  ])('text over the limit that starts with %s is cut as text, never parsed', (_name, value) => {
    const cut = fitOutput(value)
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(MAX_OUTPUT_BYTES)
    expect(cut.endsWith('… (cut to fit the size limit of an output)')).toBe(true)
    expect(value.startsWith(cut.slice(0, 1000))).toBe(true)
  })

  it('a commit message over the limit that starts with [ is cut, not parsed', () => {
    const outputs = computeOutputs(outcome([update('a', { status: 'success', commit: { message: `[docs] ${'m'.repeat(1_000_000)}` } })]))
    expect(outputs['commit-message']).toMatch(/^\[docs\] m+… \(cut to fit/)
  })

  it('leaves values that fit as they are', () => {
    expect(fitOutput('["a","b"]')).toBe('["a","b"]')
    expect(fitOutput('x'.repeat(MAX_OUTPUT_BYTES))).toBe('x'.repeat(MAX_OUTPUT_BYTES))
  })
})

describe('the address outputs: one well-formed URL, or empty with a line saying why', () => {
  const hostile = 'https://github.com/acme/docs/pull/12\n::error::pwned @admin'

  it('a prLink with a line break and text after it: pr-link and pr-number empty, said why without the text', () => {
    const outcome = runOutcome([job('j1', { status: 'completed', prLink: hostile })])
    const outputs = computeOutputs(outcome)
    expect(outputs['pr-link']).toBe('')
    expect(outputs['pr-number']).toBe('')
    expect(addressesLeftOut(outcome)).toEqual(["The pr-link output is empty: the agent job's prLink is not one well-formed URL (it holds a line break)"])
  })

  it('a preview address with a space or an invisible character: preview-url empty, said why', () => {
    for (const [previewUrl, why] of [
      ['https://acme.preview.example.com @admin', 'it holds a space'],
      ['https://acme.preview.example.com/\u200bx', 'it holds a control or invisible character'],
      ['javascript:alert(1)', 'it is not an http(s) URL with a host']
    ]) {
      const outcome = runOutcome([], {
        trigger: { kind: 'preview', result: 'success', ref: { kind: 'update', id: 'st_1' }, previewUrl, requests: 1, error: null }
      })
      expect(computeOutputs(outcome)['preview-url'], previewUrl).toBe('')
      expect(addressesLeftOut(outcome)).toEqual([
        `The preview-url output is empty: the preview's address the platform sent is not one well-formed URL (${why})`
      ])
    }
  })

  it('a well-formed address is the output, trimmed; nothing is said', () => {
    const outcome = runOutcome([job('j1', { status: 'completed', prLink: ' https://github.com/acme/docs/pull/12 ' })], {
      trigger: {
        kind: 'preview',
        result: 'success',
        ref: { kind: 'update', id: 'st_1' },
        previewUrl: 'https://acme.preview.example.com',
        requests: 1,
        error: null
      }
    })
    const outputs = computeOutputs(outcome)
    expect(outputs['pr-link']).toBe('https://github.com/acme/docs/pull/12')
    expect(outputs['pr-number']).toBe('12')
    expect(outputs['preview-url']).toBe('https://acme.preview.example.com')
    expect(addressesLeftOut(outcome)).toEqual([])
  })

  it('require-pr needs one: a link with text after a line break is no pull request', () => {
    expect(isPullRequestLink(hostile)).toBe(false)
    expect(isPullRequestLink('https://github.com/acme/docs/pull/12')).toBe(true)
  })
})
