import { describe, expect, it } from 'vitest'
import { withStopCommands } from '../src/github/log-sink.js'
import { createLogReporter, describeProgress, inert, inertLines, type LogSink } from '../src/report/log.js'
import type { TargetReport } from '../src/model.js'
import { createRedactor, inertCommands, inertJson } from '../src/text.js'
import { createRunLog } from '../src/report/run-log.js'
import { settingsFor } from './helpers/fakes.js'
import { jobReport, updateReport } from './helpers/builders.js'

function sink(): LogSink & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    info: (m) => lines.push(m),
    debug: (m) => lines.push(`debug: ${m}`),
    warning: (m) => lines.push(`warning: ${m}`),
    startGroup: (n) => lines.push(`group: ${n}`),
    endGroup: () => lines.push('endgroup')
  }
}

const report = (id: string, overrides: Partial<TargetReport> = {}) =>
  updateReport(id, null, { status: 'success', polls: 3, finishedAfterMs: 12_300, ...overrides })

describe('server log lines', () => {
  it('on GitHub, are wrapped in stop-commands with an unguessable token, control characters stripped', () => {
    const out = withStopCommands(inertLines(['::set-output name=result::success', 'a\nb', '\u001b[31mred\u001b[0m', '##[add-mask]x']), 'TOKEN-0-0-0-0')
    expect(out).toEqual([
      '::stop-commands::TOKEN-0-0-0-0',
      '  │ ::set-output name=result::success',
      '  │ a',
      '  │ b',
      '  │ red',
      '  │ #\u200b#[add-mask]x',
      '::TOKEN-0-0-0-0::'
    ])
  })

  it('uses a fresh random token each time', () => {
    const a = withStopCommands(['x'])
    const b = withStopCommands(['x'])
    expect(a[0]).toMatch(/^::stop-commands::[0-9a-f-]{36}$/)
    expect(a[0]).not.toBe(b[0])
  })

  it('cuts very long lines', () => {
    const out = inertLines(['x'.repeat(10_000)])
    expect(out[0]?.length).toBeLessThan(2100)
    expect(out[0]).toContain('(8000 more characters)')
  })
})

describe('inert', () => {
  it('makes server text one harmless line', () => {
    expect(inert('a\n::error::x ##[set-output]y\u0007')).toBe('a ::error::x #\u200b#[set-output]y')
    expect(inert('  ::error::x')).toBe(':\u200b:error::x')
  })

  it('drops the bidi controls that reorder what a reader sees (overrides, embeddings, isolates)', () => {
    const text = 'ok \u202eINJECTED reversed\u202c \u2067isolated\u2069 \u202a\u202b\u202d\u2066\u2068'
    expect(inert(text)).toBe('ok INJECTED reversed isolated')
  })
})

describe('inertCommands: no CI the README names reads a command in the text', () => {
  it.each([
    ['Azure Pipelines anywhere in a line', 'x ##vso[task.complete result=Succeeded;]done', 'x #\u200b#vso[task.complete result=Succeeded;]done'],
    ['Azure in capitals', '##VSO[task.prependpath]/tmp', '#\u200b#VSO[task.prependpath]/tmp'],
    ['Azure and GitHub formatting', '##[section]x', '#\u200b#[section]x'],
    ['TeamCity', "##teamcity[buildStatus status='SUCCESS']", "#\u200b#teamcity[buildStatus status='SUCCESS']"],
    ['a third #', '###vso[x]', '##\u200b#vso[x]'],
    ['GitHub after the runner trims the line', '  ::error::x', '  :\u200b:error::x'],
    ['GitHub on a later line', 'a\n\t::add-mask::k', 'a\n\t:\u200b:add-mask::k'],
    ['GitLab section words', 'section_start:1:x', 'section_\u200bstart:1:x'],
    ['a heading and a colon inside a line stay', '## Docs a::b', '## Docs a::b']
  ])('%s', (_, text, inertText) => {
    expect(inertCommands(text)).toBe(inertText)
    expect(inertCommands(text).replace(/\u200b/g, '')).toBe(text)
  })

  it('as JSON: the same value, no ## and no raw line separator in the text', () => {
    const value = { a: '##vso[x]###teamcity[y]', b: 'p\u2028::error::q\u2029', '##[k]': 1 }
    const text = inertJson(value, 2)
    expect(JSON.parse(text)).toEqual(value)
    expect(text).not.toMatch(/##|\u2028|\u2029/)
  })

  it('as JSON: bidi controls written as escapes, the same value parsed', () => {
    const value = { a: 'x\u202ey\u202c', b: '\u2066\u2067\u2068\u2069\u202a\u202b\u202d' }
    const text = inertJson(value)
    expect(JSON.parse(text)).toEqual(value)
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
    expect(text).toContain('x\\u202ey\\u202c')
  })
})

describe('createLogReporter', () => {
  it('prints the server log lines as the sink says; a sink without a say prints them inert, with no command in sight', () => {
    const ref = { kind: 'update' as const, id: 'u1' }
    const plain = sink()
    createLogReporter(plain, { streamLogs: true, targets: [ref], clean: (text) => text }).logLines(ref, [
      '::error::x',
      '\u001b[0Ksection_start:1:x\r\u001b[0Kx'
    ])
    expect(plain.lines).toEqual(['group: Waiting on update u1', '  │ ::error::x', '  │ section_\u200bstart:1:xx'])
    const wrapping = { ...sink(), untrusted: (lines: readonly string[]) => ['begin', ...lines, 'end'] }
    createLogReporter(wrapping, { streamLogs: true, targets: [ref], clean: (text) => text }).logLines(ref, ['a'])
    expect(wrapping.lines).toEqual(['group: Waiting on update u1', 'begin', '  │ a', 'end'])
  })

  it('with one target, streams inside a group and ends with the outcome, outside it', () => {
    const s = sink()
    const ref = { kind: 'update' as const, id: 'u1' }
    const events = createLogReporter(s, { streamLogs: true, targets: [ref], clean: (text) => text })
    events.statusChanged(ref, undefined, 'queued', 100)
    events.statusChanged(ref, 'queued', 'in_progress', 12_300)
    events.logLines(ref, ['Building'])
    events.settled(report('u1'))
    expect(s.lines[0]).toBe('group: Waiting on update u1')
    expect(s.lines.slice(1, 3)).toEqual(['status queued after 100ms', 'queued → in_progress after 12.3s'])
    expect(s.lines).toContain('  │ Building')
    expect(s.lines.at(-2)).toBe('endgroup')
    expect(s.lines.at(-1)).toBe('✓ update u1: success (status success) after 12.3s, 3 polls')
  })

  it('says where the server trimmed or replaced the log, before the lines that follow the gap, and where its end is', () => {
    const gap = (logEnd: string | undefined) => {
      const s = sink()
      const ref = { kind: 'update' as const, id: 'u1' }
      const events = createLogReporter(s, { streamLogs: true, targets: [ref], clean: (text) => text, logEnd })
      events.logLines(ref, ['a'])
      events.logLines(ref, ['x'], true)
      return s.lines.filter((line) => !line.startsWith('::') && !line.startsWith('group'))
    }
    expect(gap('the job summary')).toEqual([
      '  │ a',
      '(the platform trimmed or replaced this log since the last poll: lines before the next ones may be missing; the job summary has its end)',
      '  │ x'
    ])
    // The command without a summary file or JUnit report: nowhere else to send the reader.
    expect(gap(undefined)[1]).toBe('(the platform trimmed or replaced this log since the last poll: lines before the next ones may be missing)')
  })

  it('with one target, the heartbeat, retries and warnings stand outside its group, which the Actions page shows collapsed', () => {
    const s = sink()
    const ref = { kind: 'update' as const, id: 'u1' }
    const events = createLogReporter(s, { streamLogs: true, targets: [ref], clean: (text) => text })
    events.statusChanged(ref, undefined, 'in_progress', 100)
    events.progress({ total: 1, settled: 0, failed: 0, pending: 1, elapsedMs: 30_000, waiting: [{ ref, status: 'in_progress' }] })
    events.retrying?.(ref, 'HTTP 503: maintenance', 8000)
    events.unknownStatus(ref, 'paused')
    events.logLines(ref, ['Building'])
    events.statusChanged(ref, 'in_progress', 'success', 41_000)
    events.settled(report('u1', { finishedAfterMs: 41_000 }))
    expect(s.lines).toEqual([
      'group: Waiting on update u1',
      'status in_progress after 100ms',
      'endgroup',
      'Still waiting on update u1: in_progress, 30.0s so far',
      'update u1: HTTP 503: maintenance, retrying in 8.0s',
      'warning: update u1 reports status "paused", which this action does not know; waiting on as if pending (it can never count as success)',
      'group: Waiting on update u1 (continued)',
      '  │ Building',
      'in_progress → success after 41.0s',
      'endgroup',
      '✓ update u1: success (status success) after 41.0s, 3 polls'
    ])
  })

  it("with one target, an agent job's pull request follows its final state, outside the group", () => {
    const s = sink()
    const ref = { kind: 'job' as const, id: 'j1', projectId: 'p' }
    const events = createLogReporter(s, { streamLogs: true, targets: [ref], clean: (text) => text })
    events.statusChanged(ref, undefined, 'active', 100)
    events.settled(jobReport('j1', { id: 'j1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/42' }, { polls: 2, finishedAfterMs: 9000 }))
    expect(s.lines).toEqual([
      'group: Waiting on agent job j1',
      'status active after 100ms',
      'endgroup',
      '✓ agent job j1: success (status completed) after 9.0s, 2 polls',
      'pull request: https://github.com/acme/docs/pull/42'
    ])
  })

  it('with several targets, prints each group when it settles, with progress between', () => {
    const s = sink()
    const a = { kind: 'update' as const, id: 'a' }
    const b = { kind: 'update' as const, id: 'b' }
    const events = createLogReporter(s, { streamLogs: true, targets: [a, b], clean: (text) => text })
    events.statusChanged(a, undefined, 'queued', 0)
    events.statusChanged(b, undefined, 'queued', 0)
    events.settled(report('b', { result: 'failure', status: 'failure', error: 'the update ended with status "failure"' }))
    events.progress({ total: 2, settled: 1, failed: 1, pending: 1, elapsedMs: 72_000, waiting: [{ ref: a, status: 'queued' }] })
    events.progress({ total: 2, settled: 2, failed: 1, pending: 0, elapsedMs: 80_000, waiting: [] })
    expect(s.lines).toEqual([
      'group: ✗ update b: failure (status failure) after 12.3s, 3 polls: the update ended with status "failure"',
      'status queued after 0ms',
      'endgroup',
      'Still waiting on 1 of 2 targets, 1m12s so far: update a (queued); 1 settled, 1 failed',
      '2/2 settled, 1 failed, 0 pending — 1m20s'
    ])
  })

  it('the heartbeat is one line for every pending target, one target included', () => {
    const u1 = { kind: 'update' as const, id: 'u1' }
    const j1 = { kind: 'job' as const, id: 'j1', projectId: 'p' }
    expect(describeProgress({ total: 1, settled: 0, failed: 0, pending: 1, elapsedMs: 30_000, waiting: [{ ref: u1, status: 'in_progress' }] })).toBe(
      'Still waiting on update u1: in_progress, 30.0s so far'
    )
    expect(
      describeProgress({
        total: 3,
        settled: 0,
        failed: 0,
        pending: 3,
        elapsedMs: 90_000,
        waiting: [
          { ref: u1, status: '' },
          { ref: j1, status: 'active' },
          { ref: { kind: 'update', id: 'u2' }, status: '::error::x\nnext' }
        ]
      })
    ).toBe('Still waiting on 3 of 3 targets, 1m30s so far: update u1 (no answer yet), agent job j1 (active), update u2 (:\u200b:error::x next)')
    const many = Array.from({ length: 12 }, (_, i) => ({ ref: { kind: 'update' as const, id: `u${i}` }, status: 'queued' }))
    const line = describeProgress({ total: 12, settled: 0, failed: 0, pending: 12, elapsedMs: 30_000, waiting: many })
    expect(line).toMatch(/update u9 \(queued\), … and 2 more$/)
  })

  it('each retry says its cause and when the next try comes; repeats are folded into a count', () => {
    const s = sink()
    const ref = { kind: 'update' as const, id: 'u1' }
    const events = createLogReporter(s, { streamLogs: true, targets: [ref, { kind: 'update', id: 'u2' }], clean: (text) => text })
    for (let i = 0; i < 5; i++) events.retrying?.(ref, 'HTTP 503: maintenance', 8000)
    events.retrying?.(ref, 'network error: ECONNRESET', 5000)
    events.pollDone(ref, 7, 'status queued')
    events.retrying?.(ref, 'network error: ECONNRESET', 5000)
    expect(s.lines.filter((line) => !line.startsWith('debug: '))).toEqual([
      'update u1: HTTP 503: maintenance, retrying in 8.0s',
      'update u1: HTTP 503: maintenance (2 times in a row), retrying in 8.0s',
      'update u1: HTTP 503: maintenance (4 times in a row), retrying in 8.0s',
      'update u1: network error: ECONNRESET, retrying in 5.0s',
      'update u1: network error: ECONNRESET, retrying in 5.0s'
    ])
  })

  it('leaves log lines out when stream-logs is false, and warns once per unknown status', () => {
    const s = sink()
    const ref = { kind: 'update' as const, id: 'u1' }
    const events = createLogReporter(s, { streamLogs: false, targets: [ref], clean: (text) => text })
    events.logLines(ref, ['secret build output'])
    events.unknownStatus(ref, 'paused\n::error::x')
    expect(s.lines.join('\n')).not.toContain('secret build output')
    expect(s.lines).toContain(
      'warning: update u1 reports status "paused ::error::x", which this action does not know; waiting on as if pending (it can never count as success)'
    )
  })

  it('redacts the keys from anything it prints', () => {
    const s = sink()
    const ref = { kind: 'update' as const, id: 'u1' }
    const events = createLogReporter(s, { streamLogs: true, targets: [ref], clean: createRedactor(['sk_live_123']) })
    events.logLines(ref, ['token is sk_live_123'])
    events.pollDone(ref, 1, 'HTTP 401: bad key sk_live_123')
    expect(s.lines.join('\n')).not.toContain('sk_live_123')
    expect(s.lines).toContain('  │ token is ***')
  })
})

describe('the run log', () => {
  it('names the base URL with its path, as the requests go to it', () => {
    const s = sink()
    const settings = settingsFor({ 'base-url': 'https://api.example.com/docs-api/', 'status-id': 'u1' })
    const log = createRunLog(s, { settings, clean: (text) => text, setOutput: () => undefined })
    log.waiting(settings.targets)
    expect(s.lines[0]).toMatch(/^Waiting on update u1 at https:\/\/api\.example\.com\/docs-api \(timeout /)
  })
})

describe('the search check in the log', () => {
  it('a retry between two queries closes the group; the next result opens it again as continued', () => {
    const s = sink()
    const settings = settingsFor({ 'status-id': '', 'search-query': 'a\nb', 'search-domain': 'd', 'assistant-key': 'assistant_key_k' })
    const log = createRunLog(s, { settings, clean: (text) => text, setOutput: () => undefined })
    log.searching(settings.search as NonNullable<typeof settings.search>)
    log.searchQuery({ query: 'a', results: [], problem: undefined })
    log.searchRetrying('b', 'HTTP 503: maintenance', 1000)
    log.searchRetrying('b', 'HTTP 503: maintenance', 1000)
    log.searchRetrying('b', 'HTTP 503: maintenance', 1000)
    log.searchQuery({ query: 'b', results: [], problem: undefined })
    log.searchDone({ skipped: false, result: 'success', queries: [], error: null })
    expect(s.lines).toEqual([
      'group: Search check: 2 queries on d',
      '✓ search "a": 0 results',
      'endgroup',
      'search "b": HTTP 503: maintenance, retrying in 1.0s',
      'search "b": HTTP 503: maintenance (2 times in a row), retrying in 1.0s',
      'group: Search check: 2 queries on d (continued)',
      '✓ search "b": 0 results',
      'endgroup'
    ])
  })
})
