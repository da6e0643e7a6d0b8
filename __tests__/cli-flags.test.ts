import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { renderInputHelp } from '../dev/cli-help.js'
import { COMMAND_FLAGS, envName, FLAGS, INPUT_FLAGS, readCommandLine } from '../src/cli/flags.js'
import { EXIT_CODE_MEANINGS } from '../src/cli/exit-codes.js'
import { renderHelp } from '../src/cli/help.js'
import { INPUT_HELP } from '../src/cli/input-help.js'
import { INPUT_DEFAULTS, INPUT_NAMES, parseInputs } from '../src/inputs/parse.js'

const actionYml = readFileSync(new URL('../action.yml', import.meta.url), 'utf8')
const action = parse(actionYml) as { inputs: Record<string, { description: string }> }
const read = (argv: string[], env: Record<string, string> = {}) => readCommandLine(argv, env)

describe('the flags and action.yml: one source', () => {
  it('every input of action.yml is a flag of the same name, and every flag that is not the command line’s own is an input', () => {
    const inputFlags = FLAGS.filter((flag) => flag.input !== undefined).map((flag) => flag.name)
    expect(inputFlags.sort()).toEqual(Object.keys(action.inputs).sort())
    expect(FLAGS.filter((flag) => flag.input === undefined)).toEqual(COMMAND_FLAGS)
    for (const flag of FLAGS) if (flag.input) expect(flag.input).toBe(flag.name)
    // No command line flag shadows an input.
    expect(COMMAND_FLAGS.filter((flag) => flag.name in action.inputs)).toEqual([])
  })

  it('the help of each input is its description in action.yml, and the generated module is up to date', () => {
    for (const [name, spec] of Object.entries(action.inputs))
      expect(INPUT_HELP[name as keyof typeof INPUT_HELP], name).toBe(spec.description.replace(/\s+/g, ' ').trim())
    expect(renderInputHelp(actionYml)).toContain("'base-url'")
  })

  it('--help lists every flag with its default and its variable', () => {
    const help = renderHelp('9.9.9')
    for (const flag of FLAGS) {
      expect(help, flag.name).toMatch(new RegExp(`--(\\[no-\\])?${flag.name}\\b`))
      expect(help, flag.name).toContain(envName(flag.name))
    }
    expect(help).toContain('default: 15m')
    expect(help).toContain('--[no-]fail-on-timeout')
    expect(help).toContain('9.9.9')
    for (const code of ['0', '1', '2', '3', '4', '130 / 143']) expect(help).toMatch(new RegExp(`^  ${code} `, 'm'))
  })

  it('--help marks the inputs only the GitHub Action acts on, apart from the ones that work', () => {
    const help = renderHelp('9.9.9')
    const apart = help.indexOf('Inputs only the GitHub Action acts on')
    expect(apart).toBeGreaterThan(0)
    const actionOnly = ['pr-comment', 'github-token', 'pr-number-target', 'pr-comment-key', 'deployment-environment', 'deployment-url', 'matrix']
    expect(INPUT_FLAGS.filter((flag) => flag.actionOnly).map((flag) => flag.name)).toEqual(actionOnly)
    for (const name of actionOnly) {
      const at = help.search(new RegExp(`^  --(\\[no-\\])?${name}\\b.*\\[GitHub Action only\\]$`, 'm'))
      expect(at, name).toBeGreaterThan(apart)
    }
    // Every other input is listed before them, unmarked.
    for (const flag of INPUT_FLAGS.filter((flag) => !flag.actionOnly)) {
      const at = help.search(new RegExp(`^  --(\\[no-\\])?${flag.name}\\b`, 'm'))
      expect(at, flag.name).toBeGreaterThan(0)
      expect(at, flag.name).toBeLessThan(apart)
    }
    expect(help.match(/\[GitHub Action only\]/g)).toHaveLength(actionOnly.length)
  })

  it('the README’s "Command line" names every flag of the command and every exit code', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const section = readme.slice(readme.indexOf('## Command line'), readme.indexOf('\n## ', readme.indexOf('## Command line') + 1))
    for (const flag of COMMAND_FLAGS) expect(section, flag.name).toContain(`\`--${flag.name}`)
    for (const [code] of EXIT_CODE_MEANINGS) expect(section, code).toContain(`\n| ${code} |`)
  })

  it('the list and boolean flags are the list and boolean inputs', () => {
    expect(INPUT_FLAGS.filter((f) => f.kind === 'list').map((f) => f.name)).toEqual(['status-id', 'job-id', 'search-query', 'page-path'])
    const booleans = INPUT_NAMES.filter((name) => INPUT_DEFAULTS[name] === 'true' || INPUT_DEFAULTS[name] === 'false')
    expect(INPUT_FLAGS.filter((f) => f.kind === 'boolean').map((f) => f.name)).toEqual(booleans)
  })
})

describe('readCommandLine', () => {
  it('reads --name value and --name=value; inputs not given are empty, as the runner gives them', () => {
    const line = read(['--status-id', 'st_1', '--timeout=20m', '--base-url', 'https://api.example.com'])
    expect(line.problems).toEqual([])
    expect(line.raw['status-id']).toBe('st_1')
    expect(line.raw.timeout).toBe('20m')
    expect(line.raw['job-id']).toBe('')
    expect(Object.keys(line.raw).sort()).toEqual([...INPUT_NAMES].sort())
  })

  it('a list flag repeats, or takes the action’s comma and newline form', () => {
    expect(read(['--status-id', 'a', '--status-id', 'b,c']).raw['status-id']).toBe('a\nb,c')
    const parsed = parseInputs({ ...read(['--status-id', 'a', '--status-id', 'b,c', '--base-url', 'https://x.example', '--admin-key', 'k'.repeat(10)]).raw })
    expect(parsed.ok && parsed.settings.targets.map((t) => t.id)).toEqual(['a', 'b', 'c'])
    // One query per flag: commas belong to the query.
    expect(read(['--search-query', 'a, b', '--search-query', 'c']).raw['search-query']).toBe('a, b\nc')
  })

  it('a boolean is a bare flag, --no-<name>, or takes true/false', () => {
    expect(read(['--fail-fast']).raw['fail-fast']).toBe('true')
    expect(read(['--no-stream-logs']).raw['stream-logs']).toBe('false')
    expect(read(['--fail-on-timeout', 'false', '--status-id', 'x']).raw).toMatchObject({ 'fail-on-timeout': 'false', 'status-id': 'x' })
    expect(read(['--fail-on-timeout=FALSE']).raw['fail-on-timeout']).toBe('FALSE')
    // A bare boolean does not swallow the next flag or a word that is not a boolean.
    expect(read(['--fail-fast', '--json']).options.json).toBe(true)
    expect(read(['--fail-fast', 'yes']).problems).toEqual([
      'argument 2 is not a flag, and is not shown here (it may be a key); every value follows its flag, e.g. --status-id st_1 (see --help)'
    ])
  })

  it('every input also comes from WAIT_FOR_DOCS_<NAME>; a flag wins', () => {
    const env = { WAIT_FOR_DOCS_ADMIN_KEY: 'env-key-0123456789', WAIT_FOR_DOCS_TIMEOUT: '5m', WAIT_FOR_DOCS_STATUS_ID: 'a,b', WAIT_FOR_DOCS_DOTENV: 'docs.env' }
    const line = read(['--timeout', '1m', '--status-id', 'c'], env)
    expect(line.raw['admin-key']).toBe('env-key-0123456789')
    expect(line.raw.timeout).toBe('1m')
    expect(line.raw['status-id']).toBe('c')
    expect(line.options.dotenv).toBe('docs.env')
    expect(line.warnings).toEqual([])
    for (const name of INPUT_NAMES) expect(read([], { [envName(name)]: 'v' }).raw[name], name).toBe('v')
  })

  it.each([
    ['WAIT_FOR_DOCS_EXPECTED_SHA', 'WAIT_FOR_DOCS_EXPECT_SHA'],
    ['WAIT_FOR_DOCS_TIMEOUTS', 'WAIT_FOR_DOCS_TIMEOUT'],
    ['wait_for_docs_status_id', 'WAIT_FOR_DOCS_STATUS_ID'],
    ['WAIT_FOR_DOCS_ADMINKEY', 'WAIT_FOR_DOCS_ADMIN_KEY']
  ])('a mistyped variable of its namespace (%s) is invalid input with a "did you mean", its value never shown', (name, meant) => {
    const line = read(['--status-id', 'st_1'], { [name]: 'value-0123456789' })
    expect(line.problems).toEqual([
      `"${name}" is not a variable of wait-for-docs (did you mean ${meant}?); its value is not read. The variables are WAIT_FOR_DOCS_<FLAG>, in capitals with _ for - (see --help)`
    ])
    expect(JSON.stringify(line.problems)).not.toContain('value-0123456789')
  })

  it('a variable of its namespace near no flag is invalid input too; other variables are not its to judge', () => {
    expect(read([], { WAIT_FOR_DOCS_SOMETHING_ELSE: 'x', WAIT_FOR_DOC_TIMEOUT: '1m', DOCS_TIMEOUT: '1m', PATH: '/bin' }).problems).toEqual([
      '"WAIT_FOR_DOCS_SOMETHING_ELSE" is not a variable of wait-for-docs; its value is not read. The variables are WAIT_FOR_DOCS_<FLAG>, in capitals with _ for - (see --help)'
    ])
    for (const name of INPUT_NAMES) expect(read([], { [envName(name)]: 'v' }).problems.join('\n'), name).not.toContain('is not a variable')
  })

  it('a key given as a flag works, with a warning that names the variable to use and never the key', () => {
    const line = read(['--admin-key', 'flag-key-0123456789', '--gitlab-token', 'glpat-secret-value'])
    expect(line.raw['admin-key']).toBe('flag-key-0123456789')
    expect(line.options.gitlabToken).toBe('glpat-secret-value')
    expect(line.warnings).toHaveLength(2)
    expect(line.warnings[0]).toContain('process list')
    expect(line.warnings[0]).toContain('WAIT_FOR_DOCS_ADMIN_KEY')
    expect(line.warnings[1]).toContain('WAIT_FOR_DOCS_GITLAB_TOKEN')
    expect(line.warnings.join(' ')).not.toMatch(/flag-key|glpat/)
  })

  it('collects every problem at once: unknown flags (with a near name), missing values, a single value given twice, a stray word', () => {
    const line = read(['--staus-id', 'x', '--timeout', '1m', '--timeout', '2m', 'stray', '--json=maybe', '--dotenv-prefix', 'docs-', '--project-id'])
    expect(line.problems).toEqual([
      '--staus-id is not a flag of wait-for-docs (did you mean --status-id?); see --help',
      'argument 7 is not a flag, and is not shown here (it may be a key); every value follows its flag, e.g. --status-id st_1 (see --help)',
      '--project-id needs a value',
      '--timeout is given 2 times; give it once',
      'json: "maybe" is not a boolean; use true or false',
      'dotenv-prefix: "docs-" is not a prefix GitLab takes; use capital letters, digits and _, not starting with a digit (e.g. DOCS_)'
    ])
    // The dotenv report of the invalid input keeps to keys GitLab takes.
    expect(line.options.dotenvPrefix).toBe('DOCS_')
  })

  it('the value of a mistyped flag is never shown: it may be a key', () => {
    const line = read(['--admin_key', 'sk_live_0123456789', '--assistant-kye=sk_live_0123456789'])
    expect(line.problems).toEqual([
      '--admin_key is not a flag of wait-for-docs (did you mean --admin-key?); see --help',
      '--assistant-kye is not a flag of wait-for-docs (did you mean --assistant-key?); see --help'
    ])
    // Also a key that starts with --, after a mistyped flag.
    expect(read(['--admin_key', '--sk_live_0123456789', '--status-id', 'st_1']).problems).toEqual([
      '--admin_key is not a flag of wait-for-docs (did you mean --admin-key?); see --help'
    ])
  })

  it('a key after its name written without dashes is never shown (admin-key sk_…, -admin_key=sk_…)', () => {
    const key = 'sk_live_0123456789'
    for (const argv of [['admin-key', key], ['-admin-key', key], ['ADMIN_KEY', key], [`admin-key=${key}`], [`-assistant-key=${key}`], ['gitlab-token', key]]) {
      const problems = read(argv).problems
      expect(problems.length).toBeGreaterThan(0)
      expect(problems.join('\n')).not.toContain(key)
    }
    expect(read(['admin-key', key]).problems).toEqual([
      '"admin-key" is not a flag; every value follows its flag, e.g. --status-id st_1 (see --help)',
      'argument 2 is not a flag, and is not shown here: it follows "admin-key" and may be the key. Write --admin-key=VALUE, or better, pass the key in the environment as WAIT_FOR_DOCS_ADMIN_KEY'
    ])
    // A flag's name is shown, to say what was wrong with it; the word after it never is.
    expect(read(['status-id', 'st_1']).problems).toEqual([
      '"status-id" is not a flag; every value follows its flag, e.g. --status-id st_1 (see --help)',
      'argument 2 is not a flag, and is not shown here (it may be a key); every value follows its flag, e.g. --status-id st_1 (see --help)'
    ])
  })

  it.each([
    ['an unknown single-dash word', ['-k', 'KEY_0123456789']],
    ['-key', ['-key', 'KEY_0123456789']],
    ['-token', ['-token', 'KEY_0123456789']],
    ['a lone dash', ['-', 'KEY_0123456789']],
    ['--admin key', ['--admin', 'key', 'KEY_0123456789']],
    ['an unquoted "Bearer <key>"', ['--admin-key', 'Bearer', 'KEY_0123456789']],
    ['a key alone', ['KEY_0123456789']],
    ['a key after --', ['--', 'KEY_0123456789']],
    ['a key with an =', ['x=KEY_0123456789']],
    ['a key after an em dash word', ['\u2014k', 'KEY_0123456789']],
    ['a key that is an em dash word', ['\u2014KEY_0123456789']],
    ['a key after a boolean flag', ['--fail-fast', 'KEY_0123456789']]
  ])('a stray word is never shown, only its place: %s', (_, argv) => {
    const problems = read([...argv, '--status-id', 'st_1']).problems
    expect(problems.length).toBeGreaterThan(0)
    expect(problems.join('\n')).not.toContain('KEY_0123456789')
    expect(problems.join('\n')).toMatch(/argument \d is not a flag/)
  })

  it.each([
    ['a space after the =', ['--admin-key=', 'KEY_0123456789'], 'WAIT_FOR_DOCS_ADMIN_KEY'],
    ['an em dash (autocorrect’s --)', ['\u2014admin-key', 'KEY_0123456789'], 'WAIT_FOR_DOCS_ADMIN_KEY'],
    ['an en dash and a hyphen', ['\u2013-gitlab-token', 'KEY_0123456789'], 'WAIT_FOR_DOCS_GITLAB_TOKEN'],
    ['an em dash and =', ['\u2014assistant-key=', 'KEY_0123456789'], 'WAIT_FOR_DOCS_ASSISTANT_KEY'],
    ['a minus sign and a typo', ['\u2212\u2212admin-kye', 'KEY_0123456789'], 'WAIT_FOR_DOCS_ADMIN_KEY'],
    ['a typo and a space after the =', ['--gitlab-tokn=', 'KEY_0123456789'], 'WAIT_FOR_DOCS_GITLAB_TOKEN']
  ])('the word after a key’s flag mistyped with %s is never shown, and the fix is named', (_, argv, variable) => {
    const problems = read([...argv, '--status-id', 'st_1']).problems
    expect(problems.join('\n')).not.toContain('KEY_0123456789')
    expect(problems.at(-1)).toMatch(/^argument 2 is not a flag, and is not shown here: it follows .* and may be the key\. Write --[a-z-]+=VALUE/)
    expect(problems.at(-1)).toContain(variable)
  })

  it('a flag written with an em dash says so', () => {
    expect(read(['\u2014status-id', 'st_1']).problems[0]).toBe(
      '"\u2014status-id" is not a flag: it starts with a dash that is not two hyphens (autocorrect makes – or — of --); write --status-id (see --help)'
    )
    expect(read(['--admin-key=', 'KEY_0123456789']).problems.at(-1)).toBe(
      'argument 2 is not a flag, and is not shown here: it follows "--admin-key=", with a space after the =, and may be the key. Write --admin-key=VALUE, or better, pass the key in the environment as WAIT_FOR_DOCS_ADMIN_KEY'
    )
  })

  it('a value that starts with -- is read with =; a flag where a value should be is a missing value', () => {
    expect(read(['--agent-prompt', '--fail-fast']).problems).toEqual([
      '--agent-prompt needs a value (found "--fail-fast"; to pass a value starting with --, write --agent-prompt=VALUE)'
    ])
    expect(read(['--agent-prompt=--x']).raw['agent-prompt']).toBe('--x')
  })

  it('a key whose value starts with -- is never shown, and the value is not read as a flag of its own', () => {
    for (const argv of [
      ['--admin-key', '--sk_live_0123456789'],
      ['--assistant-key', '--sk_live_0123456789', '--status-id', 'st_1'],
      ['--gitlab-token', '--glpat-0123456789']
    ]) {
      const line = read(argv)
      expect(line.problems.join('\n')).not.toMatch(/sk_live|glpat/)
      expect(line.problems).toHaveLength(1)
      expect(line.problems[0]).toMatch(/^--(admin-key|assistant-key|gitlab-token) needs a value: the next argument starts with --/)
      expect(line.problems[0]).toContain('=VALUE')
      expect(line.problems[0]).toMatch(/WAIT_FOR_DOCS_(ADMIN_KEY|ASSISTANT_KEY|GITLAB_TOKEN)/)
    }
    // A flag where the key should be is named: it is a flag, not a key.
    expect(read(['--admin-key', '--status-id', 'st_1']).problems).toEqual([
      '--admin-key needs a value (found "--status-id"; to pass a value starting with --, write --admin-key=VALUE)'
    ])
  })

  it('two reports on one file, however spelt, are invalid input naming both flags', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-flags-'))
    const file = path.join(dir, 'x')
    expect(read(['--output-file', file, '--dotenv', file]).problems).toEqual([
      `--output-file "${file}" and --dotenv "${file}" name the same file: each report needs a path of its own, or one would overwrite the other`
    ])
    // Another spelling of a missing file, then of one that exists, and through a symlink.
    expect(read(['--junit', file, '--summary-file', path.join(dir, '.', 'sub', '..', 'x')]).problems).toHaveLength(1)
    writeFileSync(file, '')
    symlinkSync(file, path.join(dir, 'link'))
    const three = read(['--output-file', file, '--dotenv', path.join(dir, 'link'), '--junit', path.join(dir, 'other.xml')]).problems
    expect(three).toHaveLength(1)
    expect(three[0]).toMatch(/^--output-file ".*" and --dotenv ".*link" name the same file/)
    expect(read(['--output-file', file, '--dotenv', path.join(dir, 'y')]).problems).toEqual([])
    // Reports thrown away lose nothing to each other.
    expect(read(['--output-file', '/dev/null', '--junit', '/dev/null']).problems).toEqual([])
  })

  it('two reports to one stream (a device, a FIFO, stdout) are written one after the other: no problem', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-flags-'))
    symlinkSync('/dev/full', path.join(dir, 'full-a'))
    symlinkSync('/dev/full', path.join(dir, 'full-b'))
    expect(read(['--output-file', path.join(dir, 'full-a'), '--summary-file', path.join(dir, 'full-b')]).problems).toEqual([])
    expect(read(['--output-file', '/dev/stdout', '--junit', '/dev/fd/1']).problems).toEqual([])
    execFileSync('mkfifo', [path.join(dir, 'pipe')])
    expect(read(['--dotenv', path.join(dir, 'pipe'), '--junit', path.join(dir, 'pipe')]).problems).toEqual([])
  })

  it('--help and --version', () => {
    expect(read(['--status-id', 'x', '--help']).info).toBe('help')
    expect(read(['--version']).info).toBe('version')
    expect(read(['--version', '-h']).info).toBe('help')
  })

  it('the command line’s own flags and their defaults', () => {
    expect(read([]).options).toEqual({
      json: false,
      outputFile: undefined,
      dotenv: undefined,
      dotenvPrefix: 'DOCS_',
      junit: undefined,
      summaryFile: undefined,
      mrComment: false,
      gitlabToken: '',
      verbose: false
    })
    const line = read([
      '--json',
      '--output-file',
      'o.json',
      '--dotenv',
      'd.env',
      '--dotenv-prefix',
      'WFD_',
      '--junit',
      'j.xml',
      '--summary-file',
      's.md',
      '--mr-comment'
    ])
    expect(line.options).toMatchObject({
      json: true,
      outputFile: 'o.json',
      dotenv: 'd.env',
      dotenvPrefix: 'WFD_',
      junit: 'j.xml',
      summaryFile: 's.md',
      mrComment: true
    })
  })
})

describe('a gate given explicitly empty', () => {
  it.each([
    ['--expect-sha ""', ['--expect-sha', ''], {}, '--expect-sha is given empty'],
    ['--expect-sha=', ['--expect-sha='], {}, '--expect-sha is given empty'],
    ['WAIT_FOR_DOCS_EXPECT_SHA set and empty', [], { WAIT_FOR_DOCS_EXPECT_SHA: ' ' }, 'WAIT_FOR_DOCS_EXPECT_SHA is given empty'],
    ['--page-path ""', ['--page-path', ''], {}, '--page-path is given empty'],
    ['--page-path "$A,$B" with both unset', ['--page-path', ','], {}, '--page-path is given empty'],
    ['WAIT_FOR_DOCS_PAGE_PATH set to a comma', [], { WAIT_FOR_DOCS_PAGE_PATH: ' , ' }, 'WAIT_FOR_DOCS_PAGE_PATH is given empty'],
    ['WAIT_FOR_DOCS_PAGE_CONTAINS set and empty', [], { WAIT_FOR_DOCS_PAGE_CONTAINS: '' }, 'WAIT_FOR_DOCS_PAGE_CONTAINS is given empty']
  ])('%s is a problem naming it, never "not given"', (_name, argv, env, said) => {
    const { problems } = read(['--status-id', 'st_1', ...argv], env)
    expect(problems.filter((p) => p.startsWith(said))).toHaveLength(1)
  })
  it('not given at all, or given a value, is no problem', () => {
    expect(read(['--status-id', 'st_1']).problems).toEqual([])
    expect(read(['--status-id', 'st_1', '--expect-sha', 'abc1234']).problems).toEqual([])
  })
})
