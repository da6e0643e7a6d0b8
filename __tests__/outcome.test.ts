// The order of results (the contract's `result`): a definite failure of any target outranks
// everything, then cancelled > error > timeout > success — and every place that tells the
// result (the headline, the exit code, DOCS_RESULT, the summary, the failure message) agrees.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exitCodeOf, EXIT } from '../src/cli/exit-codes.js'
import { overallResult, RESULT_ORDER, resultRank, stepPasses, worstResult } from '../src/engine/outcome.js'
import { headline } from '../src/engine/run.js'
import { RESULTS, type Result } from '../src/model.js'
import { explainRun, failureMessage } from '../src/report/explain.js'
import { computeOutputs } from '../src/report/outputs.js'
import { resultMark, titleFor } from '../src/report/titles.js'
import { runOutcome, updateReport } from './helpers/builders.js'
import { summaryOf } from './helpers/explained.js'

const CONTRACT_ORDER: Result[] = ['success', 'timeout', 'error', 'cancelled', 'failure']

const reportOf = (id: string, result: Result) =>
  updateReport(id, result === 'success' ? { status: 'success' } : result === 'failure' ? { status: 'failure' } : { status: 'in_progress' }, {
    result,
    error: result === 'success' ? null : result === 'timeout' ? 'still in_progress at the deadline' : `ended with ${result}`
  })

/** An outcome as the engine combines it: the result from the targets, the headline from the result. */
function combined(results: readonly Result[]) {
  const targets = results.map((result, i) => reportOf(`u${i}`, result))
  const result = overallResult(targets)
  return runOutcome(targets, { result, headline: headline(result, targets, undefined) })
}

describe('the order of results', () => {
  it('is the contract’s, and names every result once', () => {
    expect(RESULT_ORDER).toEqual(CONTRACT_ORDER)
    expect([...RESULT_ORDER].sort()).toEqual([...RESULTS].sort())
  })

  describe.each(RESULTS.flatMap((a) => RESULTS.map((b) => [a, b] as const)))('%s beside %s', (a, b) => {
    const expected = CONTRACT_ORDER.indexOf(a) >= CONTRACT_ORDER.indexOf(b) ? a : b
    const outcome = combined([a, b])

    it('combines to the stronger of the two, whichever comes first', () => {
      expect(worstResult([a, b])).toBe(expected)
      expect(worstResult([b, a])).toBe(expected)
      expect(outcome.result).toBe(expected)
    })

    it('is told alike by the headline, the exit code, DOCS_RESULT, the summary and the message', () => {
      expect(computeOutputs(outcome).result).toBe(expected)
      expect(titleFor(outcome).startsWith(resultMark(expected))).toBe(true)
      expect(summaryOf(outcome)).toContain(resultMark(expected))
      if (expected !== 'success') expect(outcome.headline).toContain(`: ${expected}`)
      const code = exitCodeOf(outcome, true)
      const codes: Record<Result, number> = { success: EXIT.success, failure: EXIT.failure, timeout: EXIT.timeout, cancelled: EXIT.error, error: EXIT.error }
      expect(code).toBe(codes[expected])
      if (a === 'failure' || b === 'failure') {
        expect(code).toBe(EXIT.failure)
        expect(stepPasses(outcome, false)).toBe(false)
        // The failure leads the message, not the target that timed out beside it.
        expect(explainRun(outcome).lead[0]).toContain('failed')
        expect(failureMessage(outcome)).not.toMatch(/Next: .*raise `timeout`/)
      }
    })
  })

  it('any number of targets: failure whenever one failed, otherwise the strongest of the rest', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...RESULTS), { minLength: 1, maxLength: 8 }), (results) => {
        const outcome = combined(results)
        const strongest = results.reduce((x, y) => (resultRank(y) > resultRank(x) ? y : x), 'success' as Result)
        expect(outcome.result).toBe(strongest)
        if (results.includes('failure')) {
          expect(outcome.result).toBe('failure')
          expect(exitCodeOf(outcome, false)).toBe(EXIT.failure)
          expect(computeOutputs(outcome).result).toBe('failure')
        }
        expect(stepPasses(outcome, false)).toBe(results.every((r) => r === 'success' || r === 'timeout'))
      })
    )
  })
})
