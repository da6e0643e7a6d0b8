import { describe, expect, it, vi } from 'vitest'
import { commitLine, leftToNewerHead, sameCommit, shownCommit } from '../src/records/heads.js'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const C = 'c'.repeat(40)
const body = (sha: string) => `<!-- marker -->\n${commitLine(sha)}\n### ✅ Docs update succeeded\n`

describe('the commit a comment or note shows', () => {
  it('is read from the line under the marker, and only there', () => {
    expect(shownCommit(body(A))).toBe(A)
    expect(shownCommit(body(A).replace(/\n/g, '\r\n'))).toBe(A)
    // Server text below cannot name one: every `<!--` there is broken, and only the second line counts.
    expect(shownCommit(`<!-- marker -->\n### ✅\n${commitLine(B)}\n`)).toBeUndefined()
    expect(shownCommit('<!-- marker -->\n### ✅ written by an earlier version\n')).toBeUndefined()
    expect(shownCommit(undefined)).toBeUndefined()
    expect(commitLine(A.toUpperCase())).toBe(commitLine(A))
  })

  it('names one commit by its full or its short id', () => {
    expect(sameCommit(A, A.slice(0, 7))).toBe(true)
    expect(sameCommit(A.slice(0, 7).toUpperCase(), A)).toBe(true)
    expect(sameCommit(A, B)).toBe(false)
  })
})

// The rule for runs of different heads sharing one record, row by row: own commit, what the
// record shows, the pull or merge request's head now → left to the newer head, or written.
describe('a run leaves the record to a newer head only when it shows another commit and the run is no longer of the head', () => {
  it.each([
    ['the record shows this run’s own commit', A, A, B, undefined, false],
    ['the record shows no commit (an earlier version’s, or none yet)', A, undefined, B, undefined, false],
    ['the run’s own commit is unknown', undefined, B, B, undefined, false],
    ['another commit shown, and this run is of the head', A, B, A, undefined, true],
    ['another commit shown, and the head moved on from this run', A, B, B, B, true],
    ['another commit shown, and a third is the head', A, B, C, C, true],
    ['another commit shown, the head unknown (the read failed or named none)', A, B, undefined, undefined, true]
  ] as const)('%s', async (_row, own, shown, head, left, asked) => {
    const readHead = vi.fn(async () => head)
    await expect(leftToNewerHead(own, shown, readHead)).resolves.toBe(left)
    // The pull or merge request is read only when the record shows another commit.
    expect(readHead).toHaveBeenCalledTimes(asked ? 1 : 0)
  })

  it('a read of the head that fails: the run writes, as without the rule', async () => {
    await expect(leftToNewerHead(A, B, () => Promise.reject(new Error('HTTP 403')))).resolves.toBeUndefined()
  })
})
