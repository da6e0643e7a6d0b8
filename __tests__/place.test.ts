// The advice is written once and speaks the words of where it runs: the GitHub Action's, or the
// command line's under GitLab CI, another CI system or a terminal.
import { describe, expect, it } from 'vitest'
import type { Result, RunOutcome } from '../src/model.js'
import { explainTarget } from '../src/report/advice.js'
import { failureMessage } from '../src/report/explain.js'
import { commandPlace, GITHUB_ACTIONS_PLACE } from '../src/report/place.js'
import { pageReport, runOutcome, searchReport, targetReport, updateReport } from './helpers/builders.js'
import { summaryOf } from './helpers/explained.js'

const GITHUB_WORDS = /workflow|annotated|runner|job summary/i

const failedUpdate = updateReport(
  'u1',
  { status: 'failure', logs: ['Error: docs/quickstart.mdx:12: broken link', 'Error: docs/setup.mdx:3: broken link'] },
  { result: 'failure' }
)
const failedNoFile = updateReport('u2', { status: 'failure', logs: ['boom failed'] }, { result: 'failure' })
const timedOut = updateReport('u3', { status: 'in_progress' }, { result: 'timeout', finishedAfterMs: 1000 })
const unreachable = updateReport('u4', null, {
  result: 'timeout',
  error: 'no status read when the timeout (2.0s) ran out; last problem: HTTP 503: maintenance'
})
const netFail = updateReport('u5', null, {
  result: 'timeout',
  error: 'no status read when the timeout (2.0s) ran out; last problem: network error: socket hang up'
})
const cancelled = updateReport('u6', { status: 'queued' }, { result: 'cancelled' })
const refused = updateReport('u7', null, { result: 'error', error: 'HTTP 401: rejected admin-key' })
const missing = updateReport('u8', null, { result: 'error', error: 'HTTP 404: not found' })
const odd = updateReport('u9', null, { result: 'error', error: 'something odd' })
const archived = targetReport('job', 'j1', { id: 'j1', status: 'archived' }, { result: 'failure', error: 'archived' })

const outcomes: [string, RunOutcome][] = [
  ...[failedUpdate, failedNoFile, timedOut, unreachable, netFail, cancelled, refused, missing, odd, archived].map(
    (t) => [`${t.ref.id} ${t.result}`, runOutcome([t], { result: t.result as Result, headline: 'h' })] as [string, RunOutcome]
  ),
  ['invalid input', runOutcome([], { result: 'error', headline: 'Invalid input', problems: ['timeout: "soon" is not a positive duration'] })],
  [
    'pages failed',
    runOutcome([], {
      result: 'failure',
      headline: 'h',
      pages: { skipped: false, result: 'failure', pages: [pageReport('a', { result: 'failure' })], error: 'x' }
    })
  ],
  [
    'pages error',
    runOutcome([], { result: 'error', headline: 'h', pages: { skipped: false, result: 'error', pages: [pageReport('a', { result: 'error' })], error: 'x' } })
  ],
  ['search failed', runOutcome([], { result: 'failure', headline: 'h', search: searchReport({ result: 'failure' }) })],
  ['nothing failing', runOutcome([], { result: 'error', headline: 'h' })]
]

describe.each([
  ['GitLab CI', commandPlace('gitlab')],
  ['a terminal', commandPlace('other')]
])('under %s', (_, place) => {
  it.each(outcomes)('%s: no GitHub words in the message or the summary', (_name, outcome) => {
    const message = failureMessage(outcome, { place, timeoutMs: 60_000 })
    expect(message).not.toMatch(GITHUB_WORDS)
    expect(message).toMatch(/Next: /)
    const summary = summaryOf(outcome, { place, timeoutMs: 60_000 })
    // The summary file's own heading is "job summary"-free too, past its title.
    expect(summary.replace(/^## .*\n/, '')).not.toMatch(/workflow|annotated|runner/i)
    expect(message).not.toMatch(/\.\.$/m)
  })

  it('names an input as it was given: its flag, or its variable', () => {
    const given = commandPlace(place.kind === 'gitlab' ? 'gitlab' : 'other', { timeout: 'environment', 'status-id': 'flag' })
    expect(explainTarget(timedOut, { place: given, timeoutMs: 60_000 }).next).toContain('raise WAIT_FOR_DOCS_TIMEOUT (now 1m00s)')
    expect(explainTarget(missing, { place: given }).next).toContain('check --status-id:')
    const invalid = failureMessage(runOutcome([], { result: 'error', headline: 'Invalid input', problems: ['timeout: "soon" is not a positive duration'] }), {
      place: given
    })
    expect(invalid).toContain('- WAIT_FOR_DOCS_TIMEOUT: "soon" is not a positive duration')
    expect(invalid).not.toContain('- timeout:')
  })
})

describe('the GitHub Action', () => {
  it('keeps its words: the workflow file, the annotation, re-run the workflow', () => {
    expect(failureMessage(outcomes.find(([n]) => n === 'invalid input')?.[1] as RunOutcome)).toContain('fix these inputs in the workflow file')
    expect(explainTarget(failedUpdate, { place: GITHUB_ACTIONS_PLACE }).next).toContain('annotated in the workflow run')
    expect(explainTarget(cancelled).next).toContain('re-run the workflow')
    expect(explainTarget(timedOut, { timeoutMs: 60_000 }).next).toContain('raise `timeout` (now 1m00s)')
  })
})
