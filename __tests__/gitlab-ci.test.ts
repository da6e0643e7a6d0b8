import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { EXIT, EXIT_CODE_MEANINGS } from '../src/cli/exit-codes.js'
import { envName, FLAGS } from '../src/cli/flags.js'
import { OUTPUT_NAMES } from '../src/report/outputs.js'

// The GitLab CI template and the README's section for other CI systems say what the command
// does: their flags, exit codes and report keys are held against the command's own definitions.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const templateText = readFileSync(new URL('../templates/wait-for-docs.yml', import.meta.url), 'utf8')
const section = /\n## Other CI systems\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? ''
const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1] ?? '', text: m[2] ?? '' }))
const gitlabBlock = (title: string) => blocks.find((b) => b.text.startsWith(`# ${title}\n`))?.text ?? ''

/** Every `npx … wait-for-docs` command of a text, one line each (YAML folds its continuation lines). */
function commands(text: string): string[] {
  return [...text.replace(/\n\s+--/g, ' --').matchAll(/npx --yes (?:--package (?:"[^"]*"|\S+) -- )?\S*wait-for-docs\S*[^\n]*/g)].map((m) => m[0])
}
const flagsOf = (command: string) =>
  [...command.replace(/^npx --yes (--package (?:"[^"]*"|\S+) -- wait-for-docs )?/, '').matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)].map((m) => m[1] ?? '')
const known = new Set(FLAGS.map((flag) => flag.name))

interface Job {
  stage?: string
  needs?: string[]
  script?: string[]
  artifacts?: { when?: string; reports?: { dotenv?: string; junit?: string } }
  allow_failure?: { exit_codes?: number[] }
}

describe('the GitLab CI template', () => {
  const [specDoc, jobsDoc] = parseAllDocuments(templateText).map((doc) => doc.toJS())
  const inputs: Record<string, { default?: unknown; description?: string; type?: string }> = specDoc?.spec?.inputs ?? {}
  const jobs: Record<string, Job> = jobsDoc ?? {}

  it('is a spec document and one job, every input described and used, none used undeclared', () => {
    expect(Object.keys(inputs).length).toBeGreaterThan(3)
    for (const [name, input] of Object.entries(inputs)) expect(input.description, name).toBeTruthy()
    const jobsText = templateText.split('\n---\n')[1] ?? ''
    const used = new Set([...jobsText.matchAll(/\$\[\[ inputs\.([\w-]+) \]\]/g)].map((m) => m[1]))
    expect([...used].sort()).toEqual(Object.keys(inputs).sort())
    expect(Object.keys(jobs)).toEqual(['$[[ inputs.job-name ]]'])
  })

  it('runs the command with its reports, written and kept on every outcome', () => {
    const job = Object.values(jobs)[0] ?? {}
    const [command = ''] = job.script ?? []
    expect(command).toBe(
      'npx --yes --package "$[[ inputs.package ]]" -- wait-for-docs --dotenv "$[[ inputs.dotenv ]]" --junit "$[[ inputs.junit ]]" $[[ inputs.args ]]'
    )
    for (const flag of flagsOf(command)) expect(known, flag).toContain(flag)
    expect(job.artifacts).toEqual({ when: 'always', reports: { dotenv: '$[[ inputs.dotenv ]]', junit: '$[[ inputs.junit ]]' } })
  })

  it('lets a timeout and an outcome that could not be learnt through by default, never a failure', () => {
    expect(inputs['allow-failure-exit-codes']).toMatchObject({ type: 'array', default: [EXIT.timeout, EXIT.error] })
    expect(inputs.package?.default).toBe('wait-for-docs@1')
  })
})

describe('the README, other CI systems', () => {
  it('has the exit codes of the command, each once', () => {
    const table = /\| code \| meaning \| in a pipeline \|\n\| --- \| --- \| --- \|\n((?:\|.*\|\n)+)/.exec(section)?.[1] ?? ''
    const codes = table
      .trim()
      .split('\n')
      .map((row) => row.split('|')[1]?.trim())
    expect(codes).toEqual(EXIT_CODE_MEANINGS.map(([code]) => code))
  })

  it('has recipes for GitLab CI, Bitbucket Pipelines, Azure Pipelines, CircleCI and Jenkins', () => {
    for (const title of ['.gitlab-ci.yml', '.gitlab-ci.yml, with the template', 'bitbucket-pipelines.yml', 'azure-pipelines.yml', '.circleci/config.yml'])
      expect(gitlabBlock(title), title).not.toBe('')
    expect(blocks.some((b) => b.lang === 'groovy' && b.text.startsWith('// Jenkinsfile\n'))).toBe(true)
    for (const block of blocks.filter((b) => b.lang === 'yaml')) expect(() => parse(block.text)).not.toThrow()
  })

  it('uses only flags the command has, and variables of inputs it has', () => {
    const all = blocks.map((b) => b.text).join('\n')
    const found = commands(all)
    expect(found.length).toBeGreaterThanOrEqual(5)
    for (const command of found) for (const flag of flagsOf(command)) expect(known, `--${flag} in ${command}`).toContain(flag)
    const variables = new Set([...section.matchAll(/WAIT_FOR_DOCS_[A-Z_]+/g)].map((m) => m[0]))
    const named = new Set([...FLAGS.map((flag) => envName(flag.name))])
    for (const variable of variables) expect(named, variable).toContain(variable)
  })

  it('names only dotenv keys the command writes', () => {
    const keys = new Set(OUTPUT_NAMES.map((name) => `DOCS_${name.toUpperCase().replace(/-/g, '_')}`))
    // As a variable a job reads ($DOCS_RESULT) or named in the text (`DOCS_RESULT`); DOCS_PROJECT_ID is the user's own.
    const used = new Set([...section.matchAll(/(?:\$|`)(DOCS_[A-Z_]+)\b/g)].map((m) => m[1] ?? '').filter((key) => key !== 'DOCS_PROJECT_ID'))
    expect(used.size).toBeGreaterThanOrEqual(3)
    for (const key of used) expect(keys, key).toContain(key)
  })

  it('its .gitlab-ci.yml waits with the reports, lets 3 and 4 through, and hands DOCS_* to the release job', () => {
    const pipeline = parse(gitlabBlock('.gitlab-ci.yml')) as Record<string, Job>
    const docs = pipeline.docs ?? {}
    const [command = ''] = docs.script ?? []
    expect(flagsOf(command)).toEqual(expect.arrayContaining(['trigger', 'expect-sha', 'dotenv', 'junit']))
    expect(command).toContain('--dotenv docs.env --junit docs-junit.xml')
    expect(docs.artifacts).toEqual({ when: 'always', reports: { dotenv: 'docs.env', junit: 'docs-junit.xml' } })
    expect(docs.allow_failure).toEqual({ exit_codes: [EXIT.timeout, EXIT.error] })
    // A script line holding ": " is a YAML mapping, which GitLab refuses.
    for (const job of Object.values(pipeline)) for (const line of job.script ?? []) expect(typeof line, String(line)).toBe('string')
    expect(pipeline.release?.needs).toEqual(['docs'])
    expect((pipeline.release?.script ?? []).join('\n')).toContain('$DOCS_RESULT')
  })

  it('its preview example shows the docs preview as the merge request environment, its url from the dotenv report', () => {
    const pipeline = parse(gitlabBlock('.gitlab-ci.yml, a preview on the merge request')) as Record<
      string,
      Job & { environment?: { url?: string }; rules?: { if?: string }[] }
    >
    const job = pipeline['docs-preview'] ?? {}
    const [command = ''] = job.script ?? []
    expect(flagsOf(command)).toEqual(expect.arrayContaining(['trigger', 'preview-branch', 'dotenv', 'mr-comment']))
    for (const flag of flagsOf(command)) expect(known.has(flag), flag).toBe(true)
    expect(job.rules?.[0]?.if).toContain('merge_request_event')
    expect(job.artifacts?.reports?.dotenv).toBe('docs.env')
    // The dotenv key of the preview-url output.
    expect(job.environment?.url).toBe(`$DOCS_${'preview-url'.toUpperCase().replace(/-/g, '_')}`)
    expect(OUTPUT_NAMES).toContain('preview-url')
    expect(job.allow_failure).toEqual({ exit_codes: [EXIT.timeout, EXIT.error] })
  })

  it('its template example includes the template and reads its job by name', () => {
    const pipeline = parse(gitlabBlock('.gitlab-ci.yml, with the template'))
    expect(pipeline.include[0].remote).toMatch(/\/templates\/wait-for-docs\.yml$/)
    const jobName = parseAllDocuments(templateText)[0]?.toJS().spec.inputs['job-name'].default
    expect(jobName).toBe('wait-for-docs')
    expect(pipeline.release.needs).toEqual([jobName])
    for (const line of pipeline.release.script) expect(typeof line, String(line)).toBe('string')
  })
})
