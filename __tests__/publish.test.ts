import { describe, expect, it } from 'vitest'
import type { RunOutcome } from '../src/model.js'
import { OUTPUT_NAMES, type Outputs } from '../src/report/outputs.js'
import { outputsNotWritten, summaryNotWritten, writeOutputs } from '../src/report/publish.js'

const outputs = Object.fromEntries(OUTPUT_NAMES.map((name) => [name, name === 'result' ? 'success' : `v-${name}`])) as Outputs

describe('writeOutputs', () => {
  it('writes every output, result last', () => {
    const written: string[] = []
    expect(writeOutputs(outputs, (name) => written.push(name), '/runner/_temp/set_output_0')).toBeUndefined()
    expect(written).toHaveLength(OUTPUT_NAMES.length)
    expect(written.at(-1)).toBe('result')
  })

  it('a file that fails midway never leaves result=success, and says which file and why', () => {
    const written = new Map<string, string>()
    let calls = 0
    const problem = writeOutputs(
      outputs,
      (name, value) => {
        if (++calls === 5 && name !== 'result') throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
        written.set(name, value)
      },
      '/runner/_temp/set_output_1'
    )
    expect(problem).toMatch(
      /^The step outputs could not be written to GITHUB_OUTPUT \(\/runner\/_temp\/set_output_1\): ENOSPC: no space left on device, write\. /
    )
    expect(written.get('result')).toBe('error')
  })

  it('the outcome becomes an error that keeps what the wait found', () => {
    const waited: RunOutcome = { result: 'success', headline: 'update u1 succeeded.', problems: [], targets: [], search: undefined, elapsedMs: 1 }
    const outcome = outputsNotWritten(waited, 'The step outputs could not be written to GITHUB_OUTPUT: EACCES')
    expect(outcome.result).toBe('error')
    expect(outcome.headline).toBe('The step outputs could not be written to GITHUB_OUTPUT: EACCES. The wait itself succeeded: update u1 succeeded.')
  })

  it('a summary that cannot be written: the file and the reason', () => {
    expect(summaryNotWritten(new Error("Unable to access summary file: '/x'."), '/x')).toMatch(
      /^The job summary could not be written to GITHUB_STEP_SUMMARY \(\/x\): Unable to access summary file: '\/x'\. The outputs and the step's result stand/
    )
  })
})
