import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CI_FILES, docSection, fencedBlocks, readDoc } from '../dev/doc-examples.js'
import { parse, parseAllDocuments, parseDocument } from 'yaml'
import { EXIT, EXIT_CODE_MEANINGS } from '../src/cli/exit-codes.js'
import { envName, FLAGS } from '../src/cli/flags.js'
import { OUTPUT_NAMES } from '../src/report/outputs.js'
import { child, parseJenkinsfile } from './helpers/jenkinsfile.js'

// The GitLab CI template, the README's section for other CI systems and the page of each CI
// system (docs/ci/) say what the command does: their flags, exit codes and report keys are held
// against the command's own definitions.
const readme = readDoc('README.md')
const templateText = readDoc('templates/wait-for-docs.yml')
const section = docSection('README.md', '## Other CI systems')
/** Each CI system's page; the package's page has the manifest (json). */
const pages = Object.values(CI_FILES).map((file) => readDoc(file))
const blocks = Object.values(CI_FILES).flatMap((file) => fencedBlocks(readDoc(file)).map((block) => ({ ...block, file })))
/** The recipe whose first line is `# <title>`; an error when no page of docs/ci/ has it. */
function gitlabBlock(title: string): string {
  const block = blocks.find((b) => b.text.startsWith(`# ${title}\n`))
  if (!block) throw new Error(`no page of docs/ci/ has a block starting with "# ${title}"`)
  return block.text
}
/** Where the docs speak of other CI systems: the README's section and every page of docs/ci/. */
const ciText = [section, ...pages].join('\n')

/** The installed binary, as every recipe runs it (no package runner between the job's shell and the command). */
const BINARY = '.wait-for-docs/node_modules/.bin/wait-for-docs'
/** The install line every recipe has before it: the pinned version, into the folder the binary runs from. */
const INSTALL = /npm install --prefix \.wait-for-docs --no-save --no-audit --no-fund ("[^"]*"|[^\s'"]+)/g

/** Every run of the command in a text, one line each (YAML folds its continuation lines, a shell's `\` too). */
function commands(text: string): string[] {
  const unfolded = text.replace(/ \\\n\s+/g, ' ').replace(/\n\s+--/g, ' --')
  return [...unfolded.matchAll(/\.wait-for-docs\/node_modules\/\.bin\/wait-for-docs [^\n]*/g)].map((m) => m[0])
}
const flagsOf = (command: string) => [...command.replace(BINARY, '').matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)].map((m) => m[1] ?? '')
const known = new Set(FLAGS.map((flag) => flag.name))

interface Job {
  stage?: string
  needs?: string[]
  script?: string[]
  artifacts?: { when?: string; reports?: { dotenv?: string; junit?: string } }
  allow_failure?: { exit_codes?: number[] } | boolean
  cache?: { key?: string; paths?: string[] }
  extends?: string
}

describe('the GitLab CI template', () => {
  const [specDoc, jobsDoc] = parseAllDocuments(templateText).map((doc) => doc.toJS())
  const inputs: Record<string, { default?: unknown; description?: string; type?: string }> = specDoc?.spec?.inputs ?? {}
  const jobsDocument: Record<string, Job> = jobsDoc ?? {}
  const jobs = Object.fromEntries(Object.entries(jobsDocument).filter(([name]) => !name.startsWith('.')))
  const hidden = Object.fromEntries(Object.entries(jobsDocument).filter(([name]) => name.startsWith('.')))
  const job = Object.values(jobs)[0] ?? {}

  it('is a spec document and one job, every input described and used, none used undeclared', () => {
    expect(Object.keys(inputs).length).toBeGreaterThan(3)
    for (const [name, input] of Object.entries(inputs)) expect(input.description, name).toBeTruthy()
    const jobsText = templateText.split('\n---\n')[1] ?? ''
    const used = new Set([...jobsText.matchAll(/\$\[\[ inputs\.([\w-]+) \]\]/g)].map((m) => m[1]))
    expect([...used].sort()).toEqual(Object.keys(inputs).sort())
    expect(Object.keys(jobs)).toEqual(['$[[ inputs.job-name ]]'])
  })

  it('installs the pinned package once, kept by the cache, and runs its binary directly, so the job’s cancel reaches it', () => {
    const [install = '', command = '', ...rest] = job.script ?? []
    expect(rest).toEqual([])
    expect(install).toBe('npm install --prefix .wait-for-docs --no-save --no-audit --no-fund "$[[ inputs.package ]]"')
    expect(command).toBe(`${BINARY} --dotenv "$[[ inputs.dotenv ]]" --junit "$[[ inputs.junit ]]" $[[ inputs.args ]]`)
    expect(templateText.split('\n---\n')[1]).not.toMatch(/\bnpx\b/)
    expect(job.cache).toEqual({ key: 'wait-for-docs', paths: ['.wait-for-docs/'] })
    // A key GitLab takes whatever the inputs hold: a job-name with / in it made one it refuses
    // ("cache:key config cannot contain the "/" character"), and the whole pipeline with it.
    expect(job.cache?.key).not.toContain('$[[')
    expect(job.cache?.key).toMatch(/^(?!\.{1,2}$)[^/]+$/)
    for (const flag of flagsOf(command)) expect(known, flag).toContain(flag)
    expect(job.artifacts).toEqual({ when: 'always', reports: { dotenv: '$[[ inputs.dotenv ]]', junit: '$[[ inputs.junit ]]' } })
    expect(inputs.package?.default).toBe('wait-for-docs@1')
  })

  it('lets a timeout and an outcome that could not be learnt through by default, never a failure; every value valid under GitLab’s schema', () => {
    const choice = inputs['allow-failure'] as { default?: string; options?: string[] }
    expect(choice.default).toBe('timeout-or-error')
    expect([job.extends].flat()).toContain('.wait-for-docs-allow-failure-$[[ inputs.allow-failure ]]')
    const allowed = (option: string) => hidden[`.wait-for-docs-allow-failure-${option}`]?.allow_failure
    expect(Object.fromEntries((choice.options ?? []).map((option) => [option, allowed(option)]))).toEqual({
      'timeout-or-error': { exit_codes: [EXIT.timeout, EXIT.error] },
      timeout: { exit_codes: [EXIT.timeout] },
      error: { exit_codes: [EXIT.error] },
      // GitLab's schema wants at least one exit code: none is `false`.
      never: false
    })
    // Each hidden job holds allow_failure or rules alone, so nothing else of the job comes from it.
    for (const [name, hiddenJob] of Object.entries(hidden))
      expect(Object.keys(hiddenJob), name).toEqual([name.includes('-pipelines-') ? 'rules' : 'allow_failure'])
  })

  /**
   * Whether GitLab adds the job to a pipeline of this source, by its rules as GitLab reads them
   * (the first rule whose `if` holds decides; a rule without `if` always holds; none that holds:
   * not added). A job without rules runs in branch and tag pipelines, never in a merge request
   * pipeline. Only the `$CI_PIPELINE_SOURCE == / != "…"` conditions the template uses are read.
   */
  function runsIn(rules: { if?: string; when?: string }[] | undefined, source: string): boolean {
    if (rules === undefined) return source !== 'merge_request_event'
    for (const rule of rules) {
      let holds = true
      if (rule.if !== undefined) {
        const m = /^\$CI_PIPELINE_SOURCE (==|!=) "([\w-]+)"$/.exec(rule.if)
        if (!m) throw new Error(`a rule this check cannot read: ${rule.if}`)
        holds = m[1] === '==' ? source === m[2] : source !== m[2]
      }
      if (holds) return (rule.when ?? 'on_success') !== 'never'
    }
    return false
  }
  /** The job as GitLab builds it for one value of the pipelines input: its rules from the hidden job it extends, or none. */
  const rulesFor = (pipelines: string | undefined) => {
    const names = [job.extends ?? []].flat().map((name) => name.replace('$[[ inputs.pipelines ]]', pipelines ?? '?'))
    const from = names.map((name) => hidden[name]).find((hiddenJob) => hiddenJob && 'rules' in hiddenJob) as
      | { rules?: { if?: string; when?: string }[] }
      | undefined
    return from?.rules ?? (job as { rules?: { if?: string; when?: string }[] }).rules
  }

  it('runs in branch pipelines by default, and in merge request pipelines (where --mr-comment writes its note) when asked', () => {
    const choice = inputs.pipelines as { default?: string; options?: string[] } | undefined
    expect(choice, 'an input that says which pipelines the job runs in').toBeDefined()
    const sources = ['push', 'merge_request_event', 'schedule', 'web']
    const table = (pipelines: string | undefined) => Object.fromEntries(sources.map((source) => [source, runsIn(rulesFor(pipelines), source)]))
    // The default is what the job did before the input: every pipeline but a merge request's.
    expect(table(choice?.default)).toEqual({ push: true, merge_request_event: false, schedule: true, web: true })
    expect(Object.fromEntries((choice?.options ?? []).map((option) => [option, table(option)]))).toEqual({
      branch: { push: true, merge_request_event: false, schedule: true, web: true },
      'merge-request': { push: false, merge_request_event: true, schedule: false, web: false },
      all: { push: true, merge_request_event: true, schedule: true, web: true }
    })
    expect(inputs.pipelines?.description).toMatch(/--mr-comment/)
  })

  it('the check of rules reads them as GitLab does', () => {
    expect(runsIn(undefined, 'merge_request_event')).toBe(false)
    expect(runsIn(undefined, 'push')).toBe(true)
    expect(runsIn([{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }], 'push')).toBe(false)
    expect(runsIn([{ if: '$CI_PIPELINE_SOURCE != "push"', when: 'never' }, { when: 'on_success' }], 'web')).toBe(false)
    expect(() => runsIn([{ if: '$CI_COMMIT_BRANCH' }], 'push')).toThrow(/cannot read/)
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

  it('links the page of each CI system, each page holding its recipe', () => {
    for (const file of Object.values(CI_FILES)) expect(section, file).toContain(`](${file})`)
    for (const [ci, file] of Object.entries(CI_FILES)) expect(blocks.filter((b) => b.file === file).length, `${ci}: ${file}`).toBeGreaterThan(0)
  })

  it('has recipes for GitLab CI, Bitbucket Pipelines, Azure Pipelines, CircleCI and Jenkins', () => {
    for (const title of ['.gitlab-ci.yml', '.gitlab-ci.yml, with the template', 'bitbucket-pipelines.yml', 'azure-pipelines.yml', '.circleci/config.yml'])
      expect(gitlabBlock(title), title).not.toBe('')
    expect(blocks.some((b) => b.lang === 'groovy' && b.text.startsWith('// Jenkinsfile\n'))).toBe(true)
    for (const block of blocks.filter((b) => b.lang === 'yaml')) expect(() => parse(block.text)).not.toThrow()
  })

  it('every recipe installs the pinned package, then runs its binary: no package runner, no name the project does not publish', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string }
    // The ways to run a commit before its release (docs/ci/package.md) install no release: checked by from-a-clone.test.ts.
    const beforeRelease = (b: { file: string; text: string }) => b.file === CI_FILES.package && /^# (?:wait-for-docs|the action) (?:at|from) /.test(b.text)
    const recipes = blocks.filter((b) => b.lang !== 'json' && !beforeRelease(b))
    expect(recipes.length).toBe(9)
    for (const block of recipes) {
      const title = block.text.split('\n')[0]
      expect(block.text, title).not.toMatch(/\bnpx\b/)
      if (title?.startsWith('# .gitlab-ci.yml, ') && title.includes('the template')) continue
      const installs = [...block.text.matchAll(INSTALL)].map((m) => m[1])
      expect(installs, title).toEqual([`${manifest.name}@1`])
      expect(commands(block.text).length, title).toBeGreaterThanOrEqual(1)
      expect(block.text.indexOf('npm install'), title).toBeLessThan(block.text.indexOf(BINARY))
    }
    // Anywhere in the README or the docs: whatever package (name@version) npx, npm install or npm exec is given is the project's.
    const named = [
      ...[readme, ...pages, ...['docs/troubleshooting.md', 'docs/releasing.md'].map(readDoc)]
        .join('\n')
        .matchAll(/\b(?:npx(?: --yes| -y)?|npm (?:install|i|exec)(?: --prefix \S+)?(?: --no-\w+| --\w+)*) ((?:@[\w-]+\/)?[a-z][\w.-]*)@[\w.^~-]+/g)
    ]
      .map((m) => m[1])
      .filter((name) => name !== undefined)
    expect(named.length).toBeGreaterThanOrEqual(8)
    for (const name of named) expect(name).toBe(manifest.name)
  })

  it('each recipe of another CI system parses with a parser of its format, in the shape that system reads', () => {
    const yamlOf = (title: string) => {
      const doc = parseDocument(gitlabBlock(title), { strict: true, uniqueKeys: true })
      expect(
        [...doc.errors, ...doc.warnings].map((e) => e.message),
        title
      ).toEqual([])
      return doc.toJS()
    }
    const install = 'npm install --prefix .wait-for-docs --no-save --no-audit --no-fund wait-for-docs@1'
    const bitbucket = yamlOf('bitbucket-pipelines.yml')
    const step = bitbucket.pipelines.branches.main[0].step
    expect(step.script[0]).toBe(install)
    expect(step.script[1]).toMatch(new RegExp(`^${BINARY.replace(/\./g, '\\.')} `))
    for (const line of step.script) expect(typeof line).toBe('string')

    const azure = yamlOf('azure-pipelines.yml')
    const [run, publish] = azure.steps
    expect(run.bash.split('\n')[0]).toBe(install)
    expect(run.bash).toContain(`\n${BINARY} `)
    // A secret variable reaches the script only mapped in env; the others do by themselves.
    expect(Object.keys(run.env)).toEqual(['WAIT_FOR_DOCS_ADMIN_KEY'])
    expect(publish.task).toBe('PublishTestResults@2')

    const circle = yamlOf('.circleci/config.yml')
    expect(circle.version).toBe(2.1)
    const steps = circle.jobs.docs.steps
    expect(steps[0].run).toBe(install)
    expect(steps[1].run.startsWith(`${BINARY} `)).toBe(true)
    expect(circle.workflows.docs.jobs[0].docs.context).toBe('docs-platform')

    const jenkins = blocks.find((b) => b.lang === 'groovy')?.text ?? ''
    const pipeline = child(parseJenkinsfile(jenkins), 'pipeline')
    expect(child(child(pipeline, 'agent'), 'docker')?.body).toContain("image 'node:22'")
    expect(child(pipeline, 'environment')?.body).toContain("credentials('docs-admin-key')")
    const docs = child(child(pipeline, 'stages'), 'stage')
    expect(docs?.head).toBe("stage('Docs')")
    const steps2 = child(docs, 'steps')
    expect(steps2?.body).toContain(`sh '${install}'`)
    expect(child(steps2, 'script')?.body).toContain(`script: '${BINARY} `)
    expect(child(child(docs, 'post'), 'always')?.body).toContain("junit 'docs-junit.xml'")
  })

  it('the Jenkinsfile parser refuses what Groovy refuses', () => {
    expect(() => parseJenkinsfile("pipeline { stages { stage('a') { steps { sh 'x' } }")).toThrow(/'\{' is never closed/)
    expect(() => parseJenkinsfile("pipeline { sh 'x }\n}")).toThrow(/string is not closed on its line/)
    expect(() => parseJenkinsfile('pipeline { sh(x] }')).toThrow(/closes '\('/)
    expect(() => parseJenkinsfile('pipeline { /* x }')).toThrow(/comment is never closed/)
    expect(child(parseJenkinsfile('pipeline { sh "a { b" }'), 'pipeline')?.body.trim()).toBe('sh "a { b"')
  })

  it('uses only flags the command has, and variables of inputs it has', () => {
    const all = blocks.map((b) => b.text).join('\n')
    const found = commands(all)
    expect(found.length).toBeGreaterThanOrEqual(6)
    for (const command of found) for (const flag of flagsOf(command)) expect(known, `--${flag} in ${command}`).toContain(flag)
    const variables = new Set([...ciText.matchAll(/WAIT_FOR_DOCS_[A-Z_]+/g)].map((m) => m[0]))
    const named = new Set([...FLAGS.map((flag) => envName(flag.name))])
    for (const variable of variables) expect(named, variable).toContain(variable)
  })

  it('names only dotenv keys the command writes', () => {
    const keys = new Set(OUTPUT_NAMES.map((name) => `DOCS_${name.toUpperCase().replace(/-/g, '_')}`))
    // As a variable a job reads ($DOCS_RESULT) or named in the text (`DOCS_RESULT`); DOCS_PROJECT_ID is the user's own.
    const used = new Set([...ciText.matchAll(/(?:\$|`)(DOCS_[A-Z_]+)\b/g)].map((m) => m[1] ?? '').filter((key) => key !== 'DOCS_PROJECT_ID'))
    expect(used.size).toBeGreaterThanOrEqual(3)
    for (const key of used) expect(keys, key).toContain(key)
  })

  it('its .gitlab-ci.yml waits with the reports, lets 3 and 4 through, and hands DOCS_* to the release job', () => {
    const pipeline = parse(gitlabBlock('.gitlab-ci.yml')) as Record<string, Job>
    const docs = pipeline.docs ?? {}
    const [, command = ''] = docs.script ?? []
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
    const [, command = ''] = job.script ?? []
    expect(flagsOf(command)).toEqual(expect.arrayContaining(['trigger', 'preview-branch', 'dotenv', 'mr-comment']))
    for (const flag of flagsOf(command)) expect(known.has(flag), flag).toBe(true)
    expect(job.rules?.[0]?.if).toContain('merge_request_event')
    expect(job.artifacts?.reports?.dotenv).toBe('docs.env')
    // The dotenv key of the preview-url output.
    expect(job.environment?.url).toBe(`$DOCS_${'preview-url'.toUpperCase().replace(/-/g, '_')}`)
    expect(OUTPUT_NAMES).toContain('preview-url')
    expect(job.allow_failure).toEqual({ exit_codes: [EXIT.timeout, EXIT.error] })
  })

  it('every include of the template gives only inputs the template declares, with values it takes', () => {
    const [specDoc] = parseAllDocuments(templateText).map((doc) => doc.toJS())
    const declared: Record<string, { options?: string[] }> = specDoc.spec.inputs
    const includes = blocks.filter((b) => b.text.includes('/templates/wait-for-docs.yml')).map((b) => parse(b.text).include[0])
    expect(includes.length).toBe(2)
    for (const include of includes)
      for (const [name, value] of Object.entries(include.inputs as Record<string, string>)) {
        expect(Object.keys(declared), name).toContain(name)
        if (declared[name]?.options) expect(declared[name]?.options, name).toContain(value)
      }
  })

  it('its merge request example runs the template in merge request pipelines, with the note', () => {
    const pipeline = parse(gitlabBlock('.gitlab-ci.yml, the template in merge request pipelines'))
    expect(pipeline.include[0].inputs.pipelines).toBe('merge-request')
    expect(flagsOf(pipeline.include[0].inputs.args)).toEqual(expect.arrayContaining(['trigger', 'preview-branch', 'mr-comment']))
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

describe('what a recipe of another CI system needs, as the docs say it', () => {
  /** The variables the README says to keep in the CI system's variables. */
  const toSet = () => {
    const sentence = /[^.]*in the CI system's variables[^.]*\./.exec(section)?.[0]
    if (!sentence) throw new Error("the README's Other CI systems says nowhere which variables to keep in the CI system's variables")
    return new Set([...sentence.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''))
  }
  // What each CI system sets by itself, of what the recipes read.
  const predefined: Record<string, RegExp> = {
    gitlab: /^CI_[A-Z_]+$/,
    bitbucket: /^BITBUCKET_[A-Z_]+$/,
    azure: /^Build\.[A-Za-z.]+$/,
    circleci: /^CIRCLE_[A-Z0-9_]+$/,
    jenkins: /^(GIT_COMMIT|BUILD_[A-Z_]+)$/
  }
  /** The variables a recipe reads: $NAME, ${NAME}, and Azure's macros $(NAME). */
  const read = (text: string) =>
    new Set(
      [...text.replace(/^\s*(#|\/\/).*$/gm, '').matchAll(/\$(?:\{([A-Za-z_][\w]*)\}|\(([A-Za-z_][\w.]*)\)|([A-Za-z_]\w*))/g)].map(
        (m) => m[1] ?? m[2] ?? m[3] ?? ''
      )
    )
  /** What a recipe sets itself: GitLab's variables:, Azure's env:, Jenkins' environment { }, the dotenv report's DOCS_* keys. */
  const setBy = (text: string) =>
    new Set(
      [...text.matchAll(/^\s*([A-Z][A-Z0-9_]*)(?:: | = )/gm)]
        .map((m) => m[1] ?? '')
        .concat(OUTPUT_NAMES.map((name) => `DOCS_${name.toUpperCase().replace(/-/g, '_')}`))
    )

  it.each(Object.entries(CI_FILES).filter(([ci]) => ci !== 'package'))(
    '%s: every variable its recipes read is one the docs say to set, or one the CI system sets',
    (ci, file) => {
      const recipes = fencedBlocks(readDoc(file)).filter((b) => b.lang === 'yaml' || b.lang === 'groovy')
      expect(recipes.length).toBeGreaterThan(0)
      const named = toSet()
      expect([...named]).toEqual(expect.arrayContaining(['WAIT_FOR_DOCS_BASE_URL', 'WAIT_FOR_DOCS_ADMIN_KEY']))
      for (const recipe of recipes) {
        const own = setBy(recipe.text)
        // In a Jenkinsfile, the shell's scripts are the single-quoted strings given to sh (Groovy's own `${code}` is not the shell's).
        const shell = recipe.lang === 'groovy' ? [...recipe.text.matchAll(/\b(?:sh |script: )'([^'\n]*)'/g)].map((m) => m[1]).join('\n') : recipe.text
        expect(shell, `${file}: no shell script found`).toContain('wait-for-docs')
        for (const name of read(shell)) {
          const known = named.has(name) || own.has(name) || (predefined[ci] ?? /^$/).test(name)
          expect(known, `${file}: ${recipe.text.split('\n')[0]} reads ${name}, which the docs never say to set`).toBe(true)
        }
      }
    }
  )

  /** The newest version an image tag stands for (node:22 → 22.x.y, the newest 22). */
  const newestOf = (tag: string) => {
    const [major = 0, minor = Number.MAX_SAFE_INTEGER, patch = Number.MAX_SAFE_INTEGER] = tag.split('.').map(Number)
    return [major, minor, patch] as const
  }
  /** Whether a version satisfies package.json's engines.node (alternatives of ^X.Y.Z and >=X.Y.Z). */
  const engines = (JSON.parse(readDoc('package.json')) as { engines: { node: string } }).engines.node
  const allows = ([major, minor, patch]: readonly [number, number, number]) =>
    engines.split('||').some((part) => {
      const m = /^\s*(\^|>=)(\d+)\.(\d+)\.(\d+)\s*$/.exec(part)
      if (!m) throw new Error(`engines.node has a part this check cannot read: ${part}`)
      const [low1, low2, low3] = [Number(m[2]), Number(m[3]), Number(m[4])]
      const atLeast = major !== low1 ? major > low1 : minor !== low2 ? minor > low2 : patch >= low3
      return atLeast && (m[1] === '>=' || major === low1)
    })

  it('every image a recipe or the template runs in has a Node.js that package.json’s engines allows', () => {
    expect(allows([22, 11, 0])).toBe(false)
    expect(allows([20, 19, 0])).toBe(true)
    const texts = [...Object.values(CI_FILES).map(readDoc), templateText]
    const images = texts.flatMap((text) => [...text.matchAll(/\b(?:cimg\/)?node:(\d+(?:\.\d+){0,2})\b/g)].map((m) => [m[0], m[1] ?? ''] as const))
    expect(images.length).toBeGreaterThan(5)
    for (const [image, tag] of images) expect(allows(newestOf(tag)), `${image} is outside engines.node (${engines})`).toBe(true)
  })

  it('the README and the template say which Node.js versions, as package.json’s engines does', () => {
    const minimums = [...engines.matchAll(/(\d+)\.(\d+)\.\d+/g)].map((m) => `${m[1]}.${m[2]}`)
    expect(minimums).toEqual(['20.19', '22.12'])
    const places = {
      'README, Command line': docSection('README.md', '## Command line').split('\n').slice(0, 4).join('\n'),
      'README, Other CI systems': section.split('\n\n')[1] ?? '',
      "the template's image input": String(parseAllDocuments(templateText)[0]?.toJS().spec.inputs.image.description)
    }
    for (const [where, text] of Object.entries(places)) {
      for (const minimum of minimums) expect(text, where).toContain(minimum)
      expect(text, where).not.toMatch(/Node\.js 20 or later/)
    }
  })
})
