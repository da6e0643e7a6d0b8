import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMMIT_STATUS_CODES, codesOf, everyWarningCode, MESSAGE_KINDS, RECORD_KINDS, RECORDS, STEP_CODES, withCodes } from '../src/warnings.js'

const docs = readFileSync(path.join(__dirname, '..', 'docs', 'troubleshooting.md'), 'utf8')
/** The codes in the rows of docs/troubleshooting.md's "Warning codes" table, in order. */
const documented = [...docs.slice(docs.indexOf('## Warning codes'), docs.indexOf('## Invalid input')).matchAll(/^\| `([^`]+)` \| .+ \|$/gm)].map(
  (row) => row[1]
)

describe('warning codes', () => {
  it('the docs have a row for every code, in the order of src/warnings.ts, and none it lacks', () => {
    expect(documented).toEqual([
      ...RECORD_KINDS.map((kind) => `<record>.${kind}`),
      ...MESSAGE_KINDS.map((kind) => `<message>.${kind}`),
      ...COMMIT_STATUS_CODES,
      ...STEP_CODES
    ])
  })

  it("every code is a record's or one of the step's, and the docs' examples use only those", () => {
    const every = new Set<string>(everyWarningCode())
    expect(every.size).toBe(RECORDS.length * RECORD_KINDS.length + 2 * MESSAGE_KINDS.length + COMMIT_STATUS_CODES.length + STEP_CODES.length)
    const examples = [...docs.matchAll(/^warning: .*$/gm)].map((line) => line[0])
    expect(examples.length).toBeGreaterThan(3)
    for (const line of examples) {
      expect(codesOf(line), line).not.toEqual([])
      for (const code of codesOf(line)) expect(every.has(code), `${code} in: ${line}`).toBe(true)
    }
  })

  it('a line carries its codes at its end, once each, and they are read from there only', () => {
    expect(withCodes('The comment could not be written.', 'comment.not-written')).toBe('The comment could not be written. [comment.not-written]')
    expect(withCodes('Two things.', ['comment.not-written', 'comment.may-not-hold', 'comment.not-written'])).toBe(
      'Two things. [comment.not-written, comment.may-not-hold]'
    )
    expect(codesOf('The comment could not be written. [comment.not-written, comment.may-not-hold]')).toEqual(['comment.not-written', 'comment.may-not-hold'])
    // Words the server sent may hold brackets: only the end of the line, which the step writes last, counts.
    expect(codesOf('GitHub said "[commit-status.late-success]" (HTTP 500). The step’s result does not depend on it.')).toEqual([])
    expect(codesOf(withCodes('GitHub said "[commit-status.late-success]".', 'commit-status.not-written'))).toEqual(['commit-status.not-written'])
    expect(codesOf('warning: no code here')).toEqual([])
  })
})
