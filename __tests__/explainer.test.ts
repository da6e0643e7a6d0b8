// The explanation of an outcome is loaded only when there is something to explain: a success is
// told by SUCCEEDED (explainer.ts), which must say what explain.ts says of it, word for word, in
// every report; and a copy of the code without explain.ts still reports, without advice.
import { describe, expect, it } from 'vitest'
import { renderJunit } from '../src/cli/junit.js'
import type { Result, RunOutcome, TargetReport } from '../src/model.js'
import * as explain from '../src/report/explain.js'
import { nothingToExplain, SUCCEEDED, UNEXPLAINED } from '../src/report/explainer.js'
import { explainerLoader } from '../src/report/load-explainer.js'
import { commandPlace, GITHUB_ACTIONS_PLACE } from '../src/report/place.js'
import { renderSummary } from '../src/report/summary.js'
import { jobReport, pageReport, runOutcome, searchReport, updateReport } from './helpers/builders.js'

const deployed = updateReport(
  'u1',
  { status: 'success', logs: ['Error: docs/quickstart.mdx:12: an error line in a log that ended well'], summary: 'Deployed' },
  { note: 'its commit was the one expected', polls: 3 }
)
const job = jobReport('j1', { status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
const started = {
  kind: 'update' as const,
  result: 'success' as const,
  ref: { kind: 'update' as const, id: 'u1' },
  previewUrl: undefined,
  requests: 1,
  error: null
}

const successes: [string, RunOutcome][] = [
  ['one update', runOutcome([deployed], { headline: 'update u1 succeeded (its commit was the one expected).' })],
  ['an update and a job', runOutcome([deployed, job], { headline: 'All 2 targets succeeded.' })],
  [
    'pages',
    runOutcome([deployed], {
      headline: 'update u1 succeeded; 1 page live.',
      pages: { skipped: false, result: 'success', pages: [pageReport('a')], error: null }
    })
  ],
  ['a search alone', runOutcome([], { headline: 'Search check passed: 0 queries, 0 results.', search: searchReport() })],
  ['started work', runOutcome([deployed], { headline: 'update u1 succeeded.', trigger: started })]
]

const failing = (t: TargetReport, result: Result) => runOutcome([t], { result, headline: `update ${t.ref.id}: ${result}` })
const notSuccesses: [string, RunOutcome][] = [
  ['a failure', failing(updateReport('u2', { status: 'failure' }, { result: 'failure' }), 'failure')],
  ['a timeout', failing(updateReport('u3', { status: 'in_progress' }, { result: 'timeout' }), 'timeout')],
  ['an error', failing(updateReport('u4', null, { result: 'error', error: 'HTTP 404: not found' }), 'error')],
  ['a cancel', failing(updateReport('u5', { status: 'queued' }, { result: 'cancelled' }), 'cancelled')],
  ['invalid input', runOutcome([], { result: 'error', headline: 'Invalid input', problems: ['timeout: "soon" is not a duration'] })],
  ['reports not written', runOutcome([deployed], { result: 'error', headline: 'The outputs could not be written', notWritten: 'disk full' })],
  [
    'work not started',
    runOutcome([], {
      result: 'error',
      headline: 'Could not start the work: HTTP 500',
      trigger: { ...started, result: 'error', ref: undefined, error: 'HTTP 500' }
    })
  ]
]

describe('SUCCEEDED', () => {
  it.each(successes)('%s: has nothing to explain', (_name, outcome) => {
    expect(nothingToExplain(outcome)).toBe(true)
  })

  it.each(notSuccesses)('%s: has something to explain', (_name, outcome) => {
    expect(nothingToExplain(outcome)).toBe(false)
  })

  describe.each([
    ['the action', GITHUB_ACTIONS_PLACE],
    ['the command under GitLab', commandPlace('gitlab')],
    ['the command elsewhere', commandPlace('other')]
  ])('in the words of %s', (_where, place) => {
    const options = { place, timeoutMs: 60_000, docsRoot: 'docs' }
    it.each(successes)('%s: every report says what explain.ts says', (_name, outcome) => {
      expect(SUCCEEDED.explainRun(outcome, options)).toEqual(explain.explainRun(outcome, options))
      for (const t of outcome.targets) {
        expect(SUCCEEDED.explainTarget(t, options)).toEqual(explain.explainTarget(t, options))
        expect(SUCCEEDED.unknownEndOf(t)).toEqual(explain.unknownEndOf(t))
      }
      expect(SUCCEEDED.failureMessage(outcome, options)).toBe(explain.failureMessage(outcome, options))
      expect(SUCCEEDED.fileAnnotations(outcome, 'docs')).toEqual(explain.fileAnnotations(outcome, 'docs'))
      expect(renderSummary(outcome, SUCCEEDED, { ...options, now: 0 })).toBe(renderSummary(outcome, explain, { ...options, now: 0 }))
      expect(renderJunit(outcome, SUCCEEDED, options, (text) => text)).toBe(renderJunit(outcome, explain, options, (text) => text))
    })
  })
})

describe('explainerLoader', () => {
  it('hands a success SUCCEEDED, and loads explain.ts once for the outcomes that need it', async () => {
    const missing: unknown[] = []
    const explainer = explainerLoader((error) => missing.push(error))
    expect(await explainer(successes[0]?.[1] as RunOutcome)).toBe(SUCCEEDED)
    const [first, second] = await Promise.all(notSuccesses.slice(0, 2).map(([, outcome]) => explainer(outcome)))
    expect(first?.explainRun).toBe(explain.explainRun)
    expect(second).toBe(first)
    expect(missing).toEqual([])
  })
})

describe('UNEXPLAINED (the explanation could not be loaded)', () => {
  it('tells an outcome by its headline and input problems, a target by its result and error, and annotates nothing', () => {
    const [, invalid] = notSuccesses[4] as [string, RunOutcome]
    expect(UNEXPLAINED.failureMessage(invalid)).toBe('Invalid input\n- timeout: "soon" is not a duration')
    expect(UNEXPLAINED.explainRun(invalid)).toEqual({ lead: ['Invalid input'], quoted: [['timeout: "soon" is not a duration']], next: '' })
    const [, error] = notSuccesses[2] as [string, RunOutcome]
    expect(UNEXPLAINED.explainTarget(error.targets[0] as TargetReport)).toEqual({ reason: 'error: HTTP 404: not found', next: '' })
    expect(UNEXPLAINED.fileAnnotations(error)).toEqual([])
    // A summary is still written, with the outcome's heading and its target.
    const summary = renderSummary(error, UNEXPLAINED, { now: 0 })
    expect(summary).toContain('## ⚠️ Could not follow the docs update')
    expect(summary).toContain('**update u4: error**')
  })
})
