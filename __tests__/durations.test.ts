import { describe, expect, it } from 'vitest'
import { formatDuration, parseDuration } from '../src/durations.js'

describe('parseDuration', () => {
  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['500ms', 500],
    ['1.5s', 1500],
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['2m30s', 150_000],
    [' 10S ', 10_000],
    ['0.25', 250]
  ])('%s is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each(['', 'abc', '-5', '5x', '1h-30m', 's', '1.2.3s', '10 s', 'm5', 'Infinity', '1e3'])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeUndefined()
  })
})

describe('formatDuration', () => {
  it.each([
    [850, '850ms'],
    [12_345, '12.3s'],
    [245_000, '4m05s'],
    [3_725_000, '1h02m']
  ])('%d ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})
