import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { RENAME_WAITS_MS, renameRetrying } from '../src/cli/rename.js'
import { fileAnnotations, fileRefOf } from '../src/report/evidence.js'
import { runOutcome, targetReport } from './helpers/builders.js'
import { settingsFor } from './helpers/fakes.js'

// The rules that hold the code to every runner, Windows and macOS included, where the tests of
// this machine cannot go: annotation paths always with `/`, a rename over a report another
// process holds open tried again, and the CI workflow itself on the three systems.

const busy = (code: string) => Object.assign(new Error(`rename: ${code}`), { code })

describe('annotation paths', () => {
  it('take `/` whatever the platform wrote: a Windows build names files with backslashes', () => {
    expect(fileRefOf('Error: docs\\guide\\page.mdx:12: broken link')).toEqual({ file: 'docs/guide/page.mdx', line: 12 })
    expect(fileRefOf('Error: docs/guide/page.mdx:12: broken link')).toEqual({ file: 'docs/guide/page.mdx', line: 12 })
  })

  it('never take an absolute path or `..`, in either spelling', () => {
    expect(fileRefOf('Error: C:\\build\\docs\\page.mdx:3 failed')).toBeUndefined()
    expect(fileRefOf('Error: ..\\secrets\\page.mdx:3 failed')).toBeUndefined()
    expect(fileRefOf('Error: docs\\..\\page.mdx:3 failed')).toBeUndefined()
  })

  it('join docs-root with `/`, also when it was given with backslashes (as on a Windows runner)', () => {
    const failed = targetReport(
      'update',
      'u1',
      { status: 'failure', logs: ['Error: guide\\page.mdx:7: broken link'] },
      { result: 'failure', error: 'the update ended with status "failure"' }
    )
    const outcome = runOutcome([failed], { result: 'failure' })
    const settings = settingsFor({ 'status-id': 'u1', 'docs-root': 'site\\docs\\' })
    expect(settings.docsRoot).toBe('site/docs')
    expect(fileAnnotations(outcome, settings.docsRoot).map((a) => `${a.file}:${a.line}`)).toEqual(['site/docs/guide/page.mdx:7'])
  })
})

describe('a rename over a report another process holds open', () => {
  it.each(['EPERM', 'EACCES', 'EBUSY'])('%s (Windows, the file held open) is tried again until it goes through', (code) => {
    const rename = vi.fn().mockImplementationOnce(() => {
      throw busy(code)
    })
    const sleep = vi.fn()
    renameRetrying('a.tmp', 'a', { rename, sleep })
    expect(rename).toHaveBeenCalledTimes(2)
    expect(sleep).toHaveBeenCalledWith(RENAME_WAITS_MS[0])
  })

  it('gives up with the last error after about half a second, well inside the cancel’s grace period', () => {
    const rename = vi.fn(() => {
      throw busy('EBUSY')
    })
    const sleep = vi.fn()
    expect(() => renameRetrying('a.tmp', 'a', { rename, sleep })).toThrow('rename: EBUSY')
    expect(rename).toHaveBeenCalledTimes(RENAME_WAITS_MS.length + 1)
    const waited = sleep.mock.calls.reduce((sum, [ms]) => sum + ms, 0)
    expect(waited).toBeGreaterThanOrEqual(300)
    expect(waited).toBeLessThanOrEqual(1000)
  })

  it('any other error (a missing folder) stands at once', () => {
    const rename = vi.fn(() => {
      throw busy('ENOENT')
    })
    const sleep = vi.fn()
    expect(() => renameRetrying('a.tmp', 'a', { rename, sleep })).toThrow('rename: ENOENT')
    expect(rename).toHaveBeenCalledTimes(1)
    expect(sleep).not.toHaveBeenCalled()
  })

  it('is what the reports are written with', () => {
    expect(readFileSync(new URL('../src/cli/write-file.ts', import.meta.url), 'utf8')).toMatch(/renameRetrying\(temp, file\)/)
  })
})

describe('the CI workflow', () => {
  it('runs the tests on Linux, Windows and macOS', () => {
    const workflow = parse(readFileSync(new URL('../.github/workflows/ci.yml', import.meta.url), 'utf8'))
    const test = workflow.jobs.test
    expect(test.strategy.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest'])
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a template
    expect(test['runs-on']).toBe('${{ matrix.os }}')
    expect(test.strategy['fail-fast']).toBe(false)
  })
})
