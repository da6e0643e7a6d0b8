import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { DOTENV_MAX_BYTES, DOTENV_OUTPUTS, dotenvKey, renderDotenv } from '../src/cli/dotenv.js'
import { EXIT, exitCodeOf } from '../src/cli/exit-codes.js'
import { jsonReport, LIST_OUTPUTS } from '../src/cli/json-report.js'
import { renderJunit, xmlText } from '../src/cli/junit.js'
import type { RunOutcome } from '../src/model.js'
import type { ExplainOptions } from '../src/report/explainer.js'
import { computeOutputs, MAX_OUTPUT_BYTES, OUTPUT_NAMES } from '../src/report/outputs.js'
import { createRedactor } from '../src/text.js'
import { jobReport, runOutcome, searchReport, updateReport } from './helpers/builders.js'
import { parseGitLabDotenv } from './helpers/dotenv.js'
import { explainerFor } from './helpers/explained.js'

const same = (text: string) => text
/** The JUnit report of `outcome`, explained as a run explains it. */
const junitOf = (outcome: RunOutcome, options: ExplainOptions, clean: (text: string) => string) => renderJunit(outcome, explainerFor(outcome), options, clean)
const done = { status: 'success', endedAt: '2026-01-01T00:00:00Z' }
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' })

type Case = {
  classname: string
  name: string
  failure?: { type: string; message: string; '#text': string }
  skipped?: { message: string }
  'system-out'?: string
}
function cases(text: string): Case[] {
  expect(XMLValidator.validate(text)).toBe(true)
  return (xml.parse(text) as { testsuites: { testsuite: { testcase: Case[] } } }).testsuites.testsuite.testcase
}

describe('exit codes', () => {
  const failed = updateReport('u1', { status: 'failure' }, { result: 'failure', error: 'failed' })
  const timedOut = updateReport('u2', { status: 'in_progress' }, { result: 'timeout' })
  const errored = updateReport('u3', null, { result: 'error', error: 'HTTP 401' })
  it.each([
    ['success', runOutcome([updateReport('u1', done)]), true, EXIT.success],
    ['failure', runOutcome([failed], { result: 'failure' }), true, EXIT.failure],
    ['invalid input', runOutcome([], { result: 'error', problems: ['timeout: "x" is not a duration'] }), true, EXIT.invalid],
    ['timeout', runOutcome([timedOut], { result: 'timeout' }), true, EXIT.timeout],
    ['timeout with fail-on-timeout false', runOutcome([timedOut], { result: 'timeout' }), false, EXIT.success],
    ['error', runOutcome([errored], { result: 'error' }), true, EXIT.error],
    ['a failure beside a timeout', runOutcome([failed, timedOut], { result: 'failure' }), true, EXIT.failure],
    ['a failure beside a timeout, fail-on-timeout false', runOutcome([failed, timedOut], { result: 'failure' }), false, EXIT.failure],
    ['a failure beside an error', runOutcome([failed, errored], { result: 'failure' }), true, EXIT.failure],
    ['a failed search check', runOutcome([], { result: 'failure', search: searchReport({ result: 'failure' }) }), true, EXIT.failure],
    ['a search check that timed out', runOutcome([], { result: 'timeout', search: searchReport({ result: 'timeout' }) }), true, EXIT.timeout],
    [
      'a trigger that could not start the work',
      runOutcome([], { result: 'error', trigger: { kind: 'update', result: 'error', ref: undefined, previewUrl: undefined, requests: 1, error: 'HTTP 500' } }),
      true,
      EXIT.error
    ]
  ] as const)('%s', (_, outcome, failOnTimeout, code) => {
    expect(exitCodeOf(outcome, failOnTimeout)).toBe(code)
  })

  it('a cancel by SIGINT is 130, by SIGTERM 143, whatever the outcome says', () => {
    const cancelled = runOutcome([updateReport('u1', null, { result: 'cancelled' })], { result: 'cancelled' })
    expect(exitCodeOf(cancelled, true, 'SIGINT')).toBe(130)
    expect(exitCodeOf(cancelled, true, 'SIGTERM')).toBe(143)
    expect(exitCodeOf(cancelled, true)).toBe(EXIT.error)
  })
})

describe('the JSON report', () => {
  it('holds every output under its name, lists as arrays and counts as numbers, and the exit code and message', () => {
    const outcome = runOutcome(
      [updateReport('u1', { ...done, commit: { sha: 'abc1234', filesChanged: { added: ['a.mdx'], modified: ['b.mdx'], removed: [] } } })],
      {
        elapsedMs: 1234
      }
    )
    const report = jsonReport(outcome, { exitCode: 0, message: 'fine' }, same)
    for (const name of OUTPUT_NAMES) expect(report, name).toHaveProperty(name)
    expect(report).toMatchObject({ result: 'success', 'commit-sha': 'abc1234', 'files-changed': ['a.mdx', 'b.mdx'], 'files-changed-count': 2, elapsed: 1.2 })
    expect(report.polls).toBe(1)
    for (const name of LIST_OUTPUTS) expect(Array.isArray(report[name]), name).toBe(true)
    expect(report).toMatchObject({ 'exit-code': 0, message: 'fine' })
  })

  it('has no size cut: a list GitHub’s outputs would cut is whole', () => {
    const many = Array.from({ length: 30_000 }, (_, i) => `docs/${'p'.repeat(30)}-${i}.mdx`)
    const outcome = runOutcome([updateReport('u1', { ...done, commit: { filesChanged: { added: many, modified: [], removed: [] } } })])
    expect(JSON.parse(computeOutputs(outcome)['files-added']).length).toBeLessThan(many.length)
    expect((jsonReport(outcome, { exitCode: 0, message: '' }, same)['files-added'] as string[]).length).toBe(many.length)
    expect(Buffer.byteLength(JSON.stringify(many))).toBeGreaterThan(MAX_OUTPUT_BYTES)
  })

  it('cuts every key out', () => {
    const clean = createRedactor(['sk_live_0123456789'])
    const outcome = runOutcome([updateReport('u1', { ...done, summary: 'key sk_live_0123456789' })])
    expect(JSON.stringify(jsonReport(outcome, { exitCode: 0, message: 'sk_live_0123456789' }, clean))).not.toContain('sk_live_0123456789')
  })
})

describe('the dotenv report', () => {
  it('every output that is not a list has a key, in the order a later job needs them', () => {
    expect([...DOTENV_OUTPUTS, ...LIST_OUTPUTS].sort()).toEqual([...OUTPUT_NAMES].sort())
    expect(DOTENV_OUTPUTS[0]).toBe('result')
    expect(dotenvKey('DOCS_', 'files-changed-count')).toBe('DOCS_FILES_CHANGED_COUNT')
  })

  it('is read by GitLab’s rules: keys DOCS_<OUTPUT>, one line each, no blank line, lists left to the JSON', () => {
    const outcome = runOutcome([
      updateReport('u1', { ...done, subdomain: 'acme', commit: { sha: 'abc1234', filesChanged: { added: ['a.mdx'], modified: [], removed: [] } } }),
      jobReport('j1', { status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    ])
    const { text, leftOut } = renderDotenv(computeOutputs(outcome), 'DOCS_')
    expect(leftOut).toEqual([])
    expect(text.endsWith('\n')).toBe(true)
    expect(
      text
        .slice(0, -1)
        .split('\n')
        .filter((line) => line.trim() === '' || line.startsWith('#'))
    ).toEqual([])
    expect(parseGitLabDotenv(text)).toMatchObject({
      DOCS_RESULT: 'success',
      DOCS_STATUS_ID: 'u1',
      DOCS_JOB_ID: 'j1',
      DOCS_PR_LINK: 'https://github.com/acme/docs/pull/7',
      DOCS_PR_NUMBER: '7',
      DOCS_COMMIT_SHA: 'abc1234',
      DOCS_FILES_CHANGED_COUNT: '1',
      DOCS_SUBDOMAIN: 'acme'
    })
    expect(text).not.toContain('FILES_CHANGED=')
    expect(text).not.toContain('DOCS_RESULTS=')
    expect(Object.keys(parseGitLabDotenv(renderDotenv(computeOutputs(outcome), 'WFD_').text)).every((key) => key.startsWith('WFD_'))).toBe(true)
  })

  it('leaves out a value with a line break, a quote or an outer space, and says which and why', () => {
    const outcome = runOutcome([updateReport('u1', { ...done, summary: 'say "hi"', commit: { message: 'docs: fix\n\nbody', ref: ' main' } })])
    const { text, leftOut } = renderDotenv(computeOutputs(outcome), 'DOCS_')
    expect(parseGitLabDotenv(text)).not.toHaveProperty('DOCS_UPDATE_SUMMARY')
    expect(leftOut).toEqual([
      'DOCS_COMMIT_REF: it starts or ends with a space (GitLab drops it); the JSON report (--json, --output-file) has it',
      'DOCS_UPDATE_SUMMARY: it holds a quote (GitLab keeps quotes as part of the value); the JSON report (--json, --output-file) has it',
      'DOCS_COMMIT_MESSAGE: it holds a line break (GitLab takes one line per key); the JSON report (--json, --output-file) has it'
    ])
  })

  it.each([['##vso[task.complete result=Succeeded;]'], ['##teamcity[buildStatus]'], ['##[error]x'], ['section_start:1:x']])(
    'leaves out a value that holds a CI command (%s): a job that prints the file runs none',
    (command) => {
      const outputs = computeOutputs(runOutcome([updateReport('u1', { ...done, summary: `done ${command}` })]))
      const { text, leftOut } = renderDotenv(outputs, 'DOCS_')
      expect(text).not.toContain(command)
      expect(leftOut).toEqual([
        'DOCS_UPDATE_SUMMARY: it holds what a CI runs as a command where the file is printed (##vso[, ##teamcity[, ##[ or a GitLab section marker); the JSON report (--json, --output-file) has it'
      ])
    }
  )

  it.each([
    ['\\n', '\n'],
    ['\\r', '\r'],
    ['U+0085', '\u0085'],
    ['U+2028', '\u2028'],
    ['U+2029', '\u2029'],
    ['\\v', '\u000b'],
    ['\\f', '\u000c']
  ])('leaves out a value with any Unicode line break (%s): no reader sees a second key', (_, breaking) => {
    const outputs = computeOutputs(runOutcome([updateReport('u1', done)]))
    outputs['preview-url'] = `https://acme.example.com/${breaking}DOCS_RESULT=success`
    outputs['update-summary'] = `done${breaking}DOCS_RESULT=success`
    const { text, leftOut } = renderDotenv(outputs, 'DOCS_')
    // Read as a Unicode-aware reader would: every line break splits.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the line breaks of Python's splitlines
    const lines = text.split(/\r\n|[\n\v\f\r\u001c-\u001e\u0085\u2028\u2029]/).filter(Boolean)
    expect(lines.filter((line) => line.startsWith('DOCS_RESULT='))).toEqual(['DOCS_RESULT=success'])
    expect(text).not.toContain('DOCS_PREVIEW_URL=')
    expect(text).not.toContain('DOCS_UPDATE_SUMMARY=')
    expect(leftOut).toEqual([
      'DOCS_PREVIEW_URL: it holds a line break (GitLab takes one line per key); the JSON report (--json, --output-file) has it',
      'DOCS_UPDATE_SUMMARY: it holds a line break (GitLab takes one line per key); the JSON report (--json, --output-file) has it'
    ])
  })

  it('writes preview-url, the GitLab environment’s url, and platform-check-url only as an https:// address', () => {
    const outputs = computeOutputs(runOutcome([updateReport('u1', done)]))
    for (const url of ['javascript:alert(1)', 'http://acme.example.com', 'ftp://acme.example.com', 'https:/acme', 'acme.example.com']) {
      outputs['preview-url'] = url
      const { text, leftOut } = renderDotenv(outputs, 'DOCS_')
      expect(text, url).not.toContain('DOCS_PREVIEW_URL')
      expect(leftOut).toEqual([
        'DOCS_PREVIEW_URL: it is not an https:// address (a later job takes it as a link: the environment url); the JSON report (--json, --output-file) has it'
      ])
    }
    outputs['preview-url'] = 'https://acme-feature.preview.example.com'
    expect(parseGitLabDotenv(renderDotenv(outputs, 'DOCS_').text)).toHaveProperty('DOCS_PREVIEW_URL', 'https://acme-feature.preview.example.com')
    // platform-check's address is a link a later job takes too.
    outputs['platform-check-url'] = 'javascript:alert(1)'
    expect(parseGitLabDotenv(renderDotenv(outputs, 'DOCS_').text)).not.toHaveProperty('DOCS_PLATFORM_CHECK_URL')
    outputs['platform-check-url'] = 'https://docs.example.com/d/1'
    expect(parseGitLabDotenv(renderDotenv(outputs, 'DOCS_').text)).toHaveProperty('DOCS_PLATFORM_CHECK_URL', 'https://docs.example.com/d/1')
  })

  it('keeps to 20 keys and 5 KB, the most useful first, and says what it left out', () => {
    const long = 'x'.repeat(1500)
    const outputs = computeOutputs(runOutcome([updateReport('u1', { ...done, summary: long, subdomain: long, screenshot: long, commit: { message: long } })]))
    const { text, leftOut } = renderDotenv(outputs, 'DOCS_')
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(DOTENV_MAX_BYTES)
    expect(parseGitLabDotenv(text)).toHaveProperty('DOCS_RESULT', 'success')
    expect(leftOut.some((line) => line.includes('5 KB'))).toBe(true)
    const every = Object.fromEntries(OUTPUT_NAMES.map((name) => [name, `v${name.length}`])) as typeof outputs
    every['preview-url'] = 'https://acme.example.com'
    every['platform-check-url'] = 'https://docs.example.com/d/1'
    const all = renderDotenv(every, 'DOCS_')
    expect(Object.keys(parseGitLabDotenv(all.text))).toHaveLength(20)
    expect(all.leftOut).toEqual([
      'DOCS_COMMIT_MESSAGE: GitLab takes at most 20 keys; the JSON report has it',
      'DOCS_SCREENSHOT: GitLab takes at most 20 keys; the JSON report has it',
      'DOCS_SCREENSHOT_LIGHT: GitLab takes at most 20 keys; the JSON report has it',
      'DOCS_SCREENSHOT_DARK: GitLab takes at most 20 keys; the JSON report has it',
      'DOCS_DEPLOYMENT_ID: GitLab takes at most 20 keys; the JSON report has it',
      'DOCS_PLATFORM_CHECK_URL: GitLab takes at most 20 keys; the JSON report has it'
    ])
  })
})

describe('the JUnit report', () => {
  it('the work started takes the time starting it took', () => {
    const trigger = {
      kind: 'update' as const,
      result: 'success' as const,
      ref: { kind: 'update' as const, id: 'u1' },
      previewUrl: undefined,
      requests: 1,
      error: null,
      finishedAfterMs: 1234
    }
    const text = junitOf(runOutcome([updateReport('u1', done)], { trigger }), {}, same)
    expect(text).toContain('name="start the docs update" time="1.234"')
  })

  it('one test case per target and per search query; a failure says why and what to do, with the log tail as output', () => {
    const logs = Array.from({ length: 40 }, (_, i) => `line ${i}`)
    const outcome = runOutcome(
      [
        updateReport('u1', { status: 'failure', summary: 'Build failed', logs: [...logs, 'error: docs/a.mdx:3 broken link'] }, { result: 'failure' }),
        jobReport('j1', { status: 'completed' }),
        updateReport('u2', { status: 'in_progress' }, { result: 'timeout', finishedAfterMs: 60_000 })
      ],
      {
        result: 'timeout',
        search: searchReport({
          result: 'failure',
          queries: [
            { query: 'install', results: [], problem: 'search "install": 0 results' },
            { query: 'q2', results: [], problem: undefined }
          ]
        })
      }
    )
    const parsed = cases(junitOf(outcome, { timeoutMs: 60_000 }, same))
    expect(parsed.map((c) => c.name)).toEqual(['update u1', 'agent job j1', 'update u2', 'search "install"', 'search "q2"'])
    const [u1, j1, u2, search, q2] = parsed
    expect(u1?.failure?.type).toBe('failure')
    expect(u1?.failure?.message).toContain('Build failed')
    expect(u1?.failure?.['#text']).toMatch(/\nNext: fix docs\/a\.mdx:3 \(named in its log and annotated in the workflow run\)/)
    expect(u1?.['system-out']?.split('\n')).toHaveLength(30)
    expect(u1?.['system-out']).toContain('error: docs/a.mdx:3 broken link')
    expect(j1?.failure).toBeUndefined()
    expect(u2?.failure?.type).toBe('timeout')
    expect(u2?.failure?.['#text']).toContain('raise `timeout` (now 1m00s)')
    expect(search?.failure?.message).toBe('search "install": 0 results')
    expect(q2?.failure).toBeUndefined()
  })

  it('invalid input is one failing case that lists every problem', () => {
    const outcome = runOutcome([], { result: 'error', headline: 'Invalid input (2 problems); no request was sent.', problems: ['a: bad', 'b: worse'] })
    const [only, ...rest] = cases(junitOf(outcome, {}, same))
    expect(rest).toEqual([])
    expect(only?.failure?.type).toBe('invalid-input')
    expect(only?.failure?.['#text']).toContain('- a: bad\n- b: worse')
  })

  it('a cancelled target is a failure of type cancelled (the job failed); a search check that did not run is skipped', () => {
    const outcome = runOutcome([updateReport('u1', null, { result: 'cancelled' })], { result: 'cancelled', search: searchReport({ skipped: true }) })
    const parsed = cases(junitOf(outcome, {}, same))
    expect(parsed.map((c) => [c.name, c.failure?.type, c.failure?.message, c.skipped?.message])).toEqual([
      ['update u1', 'cancelled', 'update u1 had not settled when the wait on it was cancelled; only the wait was cancelled, not the update', undefined],
      ['search check', undefined, undefined, 'not run: a wait did not succeed']
    ])
    expect(junitOf(outcome, {}, same)).toMatch(/<testsuites [^>]*failures="1"/)
  })

  it('a start of work cut short by a cancel is a failure of type cancelled', () => {
    const outcome = runOutcome([], {
      result: 'cancelled',
      headline: 'Cancelled while starting the docs update.',
      trigger: { kind: 'update', result: 'cancelled', ref: undefined, previewUrl: undefined, requests: 1, error: 'cancelled', finishedAfterMs: 40 }
    })
    const parsed = cases(junitOf(outcome, {}, same))
    expect(parsed.map((c) => [c.name, c.failure?.type, c.skipped])).toEqual([['start the docs update', 'cancelled', undefined]])
  })

  it('one test case per page read: a live page passes, one still missing fails with why', () => {
    const page = (path: string, live: boolean) => ({
      path,
      result: live ? ('success' as const) : ('failure' as const),
      found: live,
      contains: live ? true : null,
      length: live ? 120 : null,
      reads: 3,
      liveAfterMs: live ? 2500 : undefined,
      error: live ? null : `page ${path} was not found (HTTP 404) when the timeout ran out`
    })
    const pages = {
      skipped: false as const,
      result: 'failure' as const,
      pages: [page('quickstart', true), page('guides/new', false)],
      error: 'page guides/new was not found'
    }
    const outcome = { ...runOutcome([updateReport('u1', done)], { result: 'failure' }), pages }
    const parsed = cases(junitOf(outcome, {}, same))
    expect(parsed.map((c) => [c.name, c.failure?.message])).toEqual([
      ['update u1', undefined],
      ['page quickstart', undefined],
      ['page guides/new', 'page guides/new was not found (HTTP 404) when the timeout ran out']
    ])
    const skipped = cases(
      junitOf({ ...runOutcome([updateReport('u1', done)]), pages: { skipped: true as const, reason: 'not run: a wait did not succeed' } }, {}, same)
    )
    expect(skipped.map((c) => [c.name, c.skipped?.message])).toEqual([
      ['update u1', undefined],
      ['page check', 'not run: a wait did not succeed']
    ])
  })

  it('is valid XML whatever the server sent: control characters, lone surrogates, "]]>", markup, quotes', () => {
    const hostile = ['\u0000\u0001\u001b[31mred\u001b[0m', ']]>', '<testcase name="x"/>', '&amp; "quoted" \'single\'', '\ud800 lone', '\uffff', '😀 ok']
    const outcome = runOutcome(
      [updateReport('u1', { status: 'failure', summary: hostile.join(' '), logs: hostile }, { result: 'failure', error: hostile.join(' ') })],
      {
        result: 'failure'
      }
    )
    const text = junitOf(outcome, {}, same)
    const [u1] = cases(text)
    expect(u1?.['system-out']).toContain(']]>')
    expect(u1?.['system-out']).toContain('<testcase name="x"/>')
    expect(u1?.['system-out']).toContain('😀 ok')
    for (const char of ['\u0000', '\u0001', '\u001b', '\ud800', '\uffff']) expect(text.includes(char), JSON.stringify(char)).toBe(false)
    expect(xmlText('a<b>&"\'')).toBe('a&lt;b&gt;&amp;&quot;&apos;')
  })

  it('holds no CI command, and an XML reader reads the text as the server sent it', () => {
    const logs = ['##vso[task.complete result=Succeeded;]x', ' ::error::y', 'z ##teamcity[a] ##[b]']
    const outcome = runOutcome([updateReport('u1', { status: 'failure', logs }, { result: 'failure', error: 'failed' })], { result: 'failure' })
    const text = junitOf(outcome, {}, same)
    expect(text).not.toMatch(/##|^\s*::/m)
    // As a JUnit reader decodes character references.
    const read = new XMLParser({ htmlEntities: true, isArray: (name) => name === 'testcase' }).parse(text) as {
      testsuites: { testsuite: { testcase: { 'system-out': string }[] } }
    }
    expect(read.testsuites.testsuite.testcase[0]?.['system-out']).toBe(logs.join('\n'))
  })

  it('cuts every key out, also one with characters XML escapes', () => {
    const key = 'k&y<0123456789'
    const outcome = runOutcome([updateReport('u1', { status: 'failure', logs: [`token ${key}`] }, { result: 'failure', error: `sent ${key}` })], {
      result: 'failure'
    })
    const text = junitOf(outcome, {}, createRedactor([key]))
    expect(text).not.toContain('k&amp;y&lt;0123456789')
    expect(text).toContain('token ***')
  })
})
