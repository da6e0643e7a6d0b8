import { describe, expect, it } from 'vitest'
import { newLogLines } from '../src/engine/log-lines.js'

describe('newLogLines: the lines a poll adds to those seen', () => {
  it.each<[string, string[], string[], { lines: string[]; gap: boolean }]>([
    ['the first lines', [], ['a', 'b'], { lines: ['a', 'b'], gap: false }],
    ['a log that grew', ['a', 'b'], ['a', 'b', 'c', 'd'], { lines: ['c', 'd'], gap: false }],
    ['nothing new', ['a', 'b'], ['a', 'b'], { lines: [], gap: false }],
    ['a log trimmed at its start, still overlapping', ['a', 'b', 'c', 'd'], ['c', 'd', 'e'], { lines: ['e'], gap: false }],
    ['trimmed by as many lines as it grew: counting would show nothing', ['a', 'b', 'c'], ['b', 'c', 'd'], { lines: ['d'], gap: false }],
    ['repeated lines match on the longest overlap', ['x', 'y', 'x'], ['y', 'x', 'z'], { lines: ['z'], gap: false }],
    ['a log rotated past everything seen: lines may be missing', ['a', 'b', 'c'], ['f', 'g'], { lines: ['f', 'g'], gap: true }],
    ['a log replaced by a shorter one', ['a', 'b', 'c'], ['x'], { lines: ['x'], gap: true }],
    ['a shorter answer that the seen lines begin with adds nothing', ['a', 'b', 'c'], ['a', 'b'], { lines: [], gap: false }]
  ])('%s', (_name, seen, log, expected) => {
    expect(newLogLines(seen, log)).toEqual(expected)
  })
})
