// The command line's flags: every input of action.yml as a flag of the same name (from the same
// definitions the action reads, src/inputs/), the command line's own flags, and the environment
// (WAIT_FOR_DOCS_<NAME>) under them.
import { ACTION_ONLY_INPUTS, INPUT_SCHEMAS } from '../inputs/fields.js'
import { INPUT_DEFAULTS, INPUT_NAMES, type InputName, type RawInputs, SECRET_INPUTS } from '../inputs/parse.js'
import { TARGET_LISTS } from '../inputs/targets.js'
import { booleanSchema, quote } from '../inputs/values.js'
import { commandEnvName, type InputSource } from '../report/place.js'
import { INPUT_HELP } from './input-help.js'
import { fileIdentity, isRegularFile, isStream } from './write-file.js'

export type FlagKind = 'text' | 'list' | 'boolean'

export interface Flag {
  name: string
  kind: FlagKind
  /** The default as the help shows it; '' for none. */
  default: string
  help: string
  /** A key: given as a flag, it may be seen in the process list. */
  secret: boolean
  /** The action input it sets; undefined for the command line's own flags. */
  input: InputName | undefined
  /** An input only the GitHub Action acts on (its pull request comment, its deployment). */
  actionOnly: boolean
}

/** Inputs that take several values: their flag may be repeated. */
const LIST_INPUTS: ReadonlySet<InputName> = new Set([...(Object.keys(TARGET_LISTS) as InputName[]), 'search-query', 'page-path'])

const kindOf = (name: InputName): FlagKind => (INPUT_SCHEMAS[name] === booleanSchema ? 'boolean' : LIST_INPUTS.has(name) ? 'list' : 'text')

/** The flags of the action's inputs, in the order of action.yml. */
export const INPUT_FLAGS: readonly Flag[] = INPUT_NAMES.map((name) => ({
  name,
  kind: kindOf(name),
  default: INPUT_DEFAULTS[name],
  help: INPUT_HELP[name],
  secret: SECRET_INPUTS.has(name),
  input: name,
  actionOnly: ACTION_ONLY_INPUTS.has(name)
}))

/** The prefix of the dotenv report's keys unless --dotenv-prefix says otherwise. */
export const DEFAULT_DOTENV_PREFIX = 'DOCS_'

const own = (name: string, kind: FlagKind, help: string, extra: Partial<Flag> = {}): Flag => ({
  name,
  kind,
  default: '',
  help,
  secret: false,
  input: undefined,
  actionOnly: false,
  ...extra
})

/** The command line's own flags: where the results go, and the merge request note. */
export const COMMAND_FLAGS: readonly Flag[] = [
  own('json', 'boolean', 'Print the outcome as one JSON object on stdout (every output under its name, lists as arrays); the log goes to stderr.', {
    default: 'false'
  }),
  own('output-file', 'text', 'Write the same JSON object to this file (written whole or not at all).'),
  own('dotenv', 'text', "Write the outputs as a dotenv file for GitLab's artifacts:reports:dotenv (keys DOCS_<OUTPUT>; lists only in the JSON)."),
  own('dotenv-prefix', 'text', 'Prefix of the dotenv keys: capital letters, digits and _.', { default: DEFAULT_DOTENV_PREFIX }),
  own('junit', 'text', 'Write a JUnit XML report to this file: one test case per target and per search query.'),
  own('summary-file', 'text', "Write the job summary's Markdown to this file (the action's job summary)."),
  own('mr-comment', 'boolean', 'Keep one note with the outcome on the merge request of a GitLab merge request pipeline.', { default: 'false' }),
  own(
    'gitlab-token',
    'text',
    'Token for the merge request note and the commit status (api scope), and for reading platform-check (read_api is enough); best given as WAIT_FOR_DOCS_GITLAB_TOKEN.',
    {
      secret: true
    }
  ),
  own('verbose', 'boolean', 'Also print each poll (debug lines).', { default: 'false' })
]

export const FLAGS: readonly Flag[] = [...INPUT_FLAGS, ...COMMAND_FLAGS]

/** The environment variable a flag may also come from. */
export function envName(flag: string): string {
  return commandEnvName(flag)
}

export interface CommandOptions {
  json: boolean
  outputFile: string | undefined
  dotenv: string | undefined
  dotenvPrefix: string
  junit: string | undefined
  summaryFile: string | undefined
  mrComment: boolean
  gitlabToken: string
  verbose: boolean
}

export interface CommandLine {
  /** Every input as the action would read it. */
  raw: RawInputs
  options: CommandOptions
  /** Problems with the flags themselves; with any, nothing is sent. */
  problems: string[]
  /** Said in the log, never a reason to stop: each a key given as a flag (`input.key-as-flag`). */
  warnings: string[]
  /** `--help` or `--version` instead of a run. */
  info: 'help' | 'version' | undefined
  /** How each input that was set arrived: a flag, or its WAIT_FOR_DOCS_* variable (messages name it so). */
  sources: Partial<Record<InputName, InputSource>>
}

const BOOLEAN_WORD = /^(true|false)$/i

/**
 * Dashes other than the hyphen a flag may be written with: the en and em dashes autocorrect makes
 * of `--` (`—admin-key`, `–-gitlab-token`), the minus sign, and their look-alikes.
 */
const OTHER_DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g
const startsWithOtherDash = (arg: string) => /^-*[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/.test(arg)
/** The flag name a word spells, with or without dashes of any kind, `_` for `-`, before any `=`: `—Admin_Key=x` → `admin-key`. */
const keyName = (arg: string) => (arg.replace(OTHER_DASHES, '-').replace(/^-+/, '').split('=')[0] ?? '').toLowerCase().replace(/_/g, '-')
/**
 * Whether a word names a key's flag however it is written, or mistyped (two letters off): the
 * word after it must never be shown.
 */
const namesSecret = (arg: string) => secretFlagOf(arg) !== undefined
/** The key's flag a word names (the nearest, when mistyped), or undefined. */
function secretFlagOf(arg: string): string | undefined {
  const name = keyName(arg)
  if (name.length < 3) return undefined
  const near = FLAGS.filter((flag) => flag.secret && distance(flag.name, name) <= 2).sort((a, b) => distance(a.name, name) - distance(b.name, name))
  return near[0]?.name
}

/**
 * Reads the arguments and the environment. Every problem is collected, none stops the reading:
 * an unknown flag, a missing value, a single-value flag given twice, a value that is not a
 * boolean, a dotenv prefix GitLab would refuse.
 */
export function readCommandLine(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CommandLine {
  const byName = new Map(FLAGS.map((flag) => [flag.name, flag]))
  const given = new Map<string, string[]>()
  const problems: string[] = []
  const warnings: string[] = []
  let info: CommandLine['info']
  const isFlag = (arg: string) => {
    const name = arg.slice(2).split('=')[0] ?? ''
    return arg === '--help' || arg === '--version' || byName.has(name) || (name.startsWith('no-') && byName.get(name.slice(3))?.kind === 'boolean')
  }
  const add = (flag: Flag, value: string) => given.set(flag.name, [...(given.get(flag.name) ?? []), value])

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--help' || arg === '-h') {
      info = 'help'
      continue
    }
    if (arg === '--version' || arg === '-V') {
      info ??= 'version'
      continue
    }
    if (!arg.startsWith('--') || arg === '--') {
      // A key's value after a key's name however it is written (`admin-key sk_…`, `-admin-key=sk_…`,
      // `—admin-key sk_…` with an em dash, `--admin-key= sk_…` with a space after the =) is not
      // shown: it is the key.
      // Of a stray word only the name of a flag it spells is shown, never a value after its =: any
      // other word may be a key (`-k sk_…`, `--admin key sk_…`, an unquoted `Bearer sk_…`).
      const equals = arg.indexOf('=')
      const namesFlag = namesSecret(arg) || byName.has(keyName(arg))
      const shown = namesFlag
        ? `${quote(namesSecret(arg) ? keyName(arg) : equals > 0 ? arg.slice(0, equals) : arg)}${equals > 0 ? ' with a value (not shown: it may be the key)' : ''}`
        : `argument ${i + 1}`
      const before = i > 0 ? (argv[i - 1] as string) : undefined
      const afterKeyName = before !== undefined && namesSecret(before) && (!before.includes('=') || before.endsWith('='))
      if (afterKeyName) {
        const name = keyName(before)
        const flag = secretFlagOf(before) ?? name
        const why = before.endsWith('=') ? `${quote(before.startsWith('--') ? before : name)}, with a space after the =,` : quote(name)
        problems.push(
          `argument ${i + 1} is not a flag, and is not shown here: it follows ${why} and may be the key. Write --${flag}=VALUE, or better, pass the key in the environment as ${envName(flag)}`
        )
      } else if (startsWithOtherDash(arg))
        problems.push(
          `${shown} is not a flag: it starts with a dash that is not two hyphens (autocorrect makes – or — of --); ${namesFlag ? `write --${keyName(arg)}` : 'write flags with two hyphens'} (see --help)`
        )
      else if (namesFlag) problems.push(`${shown} is not a flag; every value follows its flag, e.g. --status-id st_1 (see --help)`)
      else
        problems.push(
          `${shown} is not a flag, and is not shown here (it may be a key)${arg.startsWith('-') ? '; a flag starts with two hyphens' : ''}; every value follows its flag, e.g. --status-id st_1 (see --help)`
        )
      continue
    }
    const equals = arg.indexOf('=')
    const written = equals > 0 ? arg.slice(2, equals) : arg.slice(2)
    const inline = equals > 0 ? arg.slice(equals + 1) : undefined
    const negated = written.startsWith('no-') && byName.get(written.slice(3))?.kind === 'boolean'
    const flag = byName.get(negated ? written.slice(3) : written)
    if (!flag) {
      problems.push(`--${written} is not a flag of wait-for-docs${suggestion(written)}; see --help`)
      // Its value goes with it, unshown, even one that starts with --: a mistyped --admin-key must not print the key.
      const next = argv[i + 1]
      if (inline === undefined && next !== undefined && !isFlag(next)) i++
      continue
    }
    if (negated) {
      if (inline !== undefined) problems.push(`--${written} takes no value; write --${flag.name}=${inline} or --${written}`)
      else add(flag, 'false')
      continue
    }
    if (inline !== undefined) {
      add(flag, inline)
      continue
    }
    const next = argv[i + 1]
    if (flag.kind === 'boolean') {
      // `--fail-on-timeout false` as well as a bare `--pr-comment`.
      if (next !== undefined && BOOLEAN_WORD.test(next)) {
        add(flag, next)
        i++
      } else add(flag, 'true')
      continue
    }
    if (next?.startsWith('--') && flag.secret && !isFlag(next)) {
      // Not shown and not read as a flag of its own: it may be the key (`--admin-key --sk_…`).
      problems.push(
        `--${flag.name} needs a value: the next argument starts with -- and is not a flag, so it is not shown here (it may be the key). Pass the key in the environment as ${envName(flag.name)}, or write --${flag.name}=VALUE`
      )
      i++
      continue
    }
    if (next === undefined || next.startsWith('--')) {
      problems.push(
        `--${flag.name} needs a value${next === undefined ? '' : ` (found ${quote(next)}; to pass a value starting with --, write --${flag.name}=VALUE)`}`
      )
      continue
    }
    add(flag, next)
    i++
  }

  const sources: CommandLine['sources'] = {}
  const value = (flag: Flag): string => {
    const values = given.get(flag.name)
    if (!values) {
      const fromEnv = env[envName(flag.name)]
      if (fromEnv !== undefined && flag.input) sources[flag.input] = 'environment'
      if (fromEnv !== undefined && GATE_INPUTS.has(flag.name) && emptyValue(fromEnv)) problems.push(emptyGate(envName(flag.name), flag.name))
      return fromEnv ?? ''
    }
    if (GATE_INPUTS.has(flag.name) && emptyValue(values.join('\n'))) problems.push(emptyGate(`--${flag.name}`, flag.name))
    if (flag.input) sources[flag.input] = 'flag'
    if (values.length > 1 && flag.kind !== 'list') {
      problems.push(`--${flag.name} is given ${values.length} times; give it once`)
      return values.at(-1) ?? ''
    }
    if (flag.secret)
      warnings.push(
        `${flag.name} was given as a flag: other users of this machine may see it in the process list. Pass it in the environment as ${envName(flag.name)} (a masked CI variable) instead.`
      )
    return values.join('\n')
  }

  problems.push(...unknownVariables(env))
  const raw = {} as RawInputs
  for (const flag of INPUT_FLAGS) raw[flag.input as InputName] = value(flag)
  const command = Object.fromEntries(COMMAND_FLAGS.map((flag) => [flag.name, value(flag)]))
  const bool = (name: string): boolean => {
    const text = (command[name] ?? '').trim()
    if (text === '') return false
    const parsed = booleanSchema.safeParse(text)
    if (parsed.success) return parsed.data
    problems.push(`${name}: ${quote(text)} is not a boolean; use true or false`)
    return false
  }
  const path = (name: string): string | undefined => (command[name] ?? '').trim() || undefined
  const json = bool('json')
  const prefix = (command['dotenv-prefix'] ?? '').trim() || DEFAULT_DOTENV_PREFIX
  const prefixFits = /^[A-Z_][A-Z0-9_]*$/.test(prefix)
  if (!prefixFits)
    problems.push(`dotenv-prefix: ${quote(prefix)} is not a prefix GitLab takes; use capital letters, digits and _, not starting with a digit (e.g. DOCS_)`)
  // The report of the invalid input is still written, with keys GitLab takes.
  const dotenvPrefix = prefixFits ? prefix : DEFAULT_DOTENV_PREFIX

  const options: CommandOptions = {
    json,
    outputFile: path('output-file'),
    dotenv: path('dotenv'),
    dotenvPrefix,
    junit: path('junit'),
    summaryFile: path('summary-file'),
    mrComment: bool('mr-comment'),
    gitlabToken: (command['gitlab-token'] ?? '').trim(),
    verbose: bool('verbose')
  }
  // With the summary off (--no-summary, WAIT_FOR_DOCS_SUMMARY=false) the summary file is not written: it shares no path.
  problems.push(...reportsOnOnePath(options, raw.summary.trim().toLowerCase() === 'false'))
  return { raw, options, problems, warnings, info, sources }
}

/**
 * The inputs that hold the outcome to a check, which an empty value turns off: given explicitly
 * empty (a CI variable that is not set on this CI, or on this event), they are invalid input,
 * never "not given", so that a gate is never opened by a variable's absence.
 */
const GATE_INPUTS: ReadonlySet<string> = new Set(['expect-sha', 'page-path', 'page-contains'])

/** A value that holds nothing once read as a list (`"$A,$B"` with both unset is `,`). */
const emptyValue = (text: string) => text.split(/[\n,]/).every((part) => part.trim() === '')

/** Why a gate input given empty (`given`: the flag or its variable) is refused, and what to pass. */
function emptyGate(given: string, name: string): string {
  const what =
    name === 'expect-sha'
      ? "the commit every update must deploy: pass this CI's commit variable ($CI_COMMIT_SHA on GitLab, $BITBUCKET_COMMIT, $CIRCLE_SHA1, $(Build.SourceVersion) on Azure, $GIT_COMMIT on Jenkins in a job that checks out from SCM)"
      : name === 'page-path'
        ? 'the pages that must be published'
        : 'the text each page must hold'
  return `${given} is given empty, which would turn its check off (a CI variable that is not set here?): give it ${what}, or leave it out to wait without that check`
}

/** The reports' flags, each with the path it was given. */
const REPORT_FLAGS = [
  ['output-file', 'outputFile'],
  ['dotenv', 'dotenv'],
  ['junit', 'junit'],
  ['summary-file', 'summaryFile']
] as const satisfies readonly (readonly [string, keyof CommandOptions])[]

/**
 * Two reports on one file, however each path is spelt (a symlink whose target does not exist
 * yet, `/dev/stdout` when the command's output goes to that file): the one written last would
 * silently replace the other. Streams (a device such as /dev/null, a pipe, a stdout that is no
 * file) take one report after the other, in place: nothing is lost to the other.
 */
function reportsOnOnePath(options: CommandOptions, summaryOff: boolean): string[] {
  const byFile = new Map<string, { flags: string[]; replaced: boolean }>()
  for (const [flag, field] of REPORT_FLAGS) {
    if (summaryOff && field === 'summaryFile') continue
    const file = options[field]
    if (typeof file !== 'string') continue
    const stream = isStream(file)
    if (stream && !isRegularFile(file)) continue
    const identity = fileIdentity(file)
    const group = byFile.get(identity) ?? { flags: [], replaced: false }
    group.flags.push(`--${flag} ${quote(file)}`)
    // A report written whole to a new file renamed over the path replaces what the others wrote.
    group.replaced ||= !stream
    byFile.set(identity, group)
  }
  return [...byFile.values()]
    .filter((group) => group.flags.length > 1 && group.replaced)
    .map(({ flags }) => `${flags.join(' and ')} name the same file: each report needs a path of its own, or one would overwrite the other`)
}

/** ` (did you mean --x?)` for a flag a typo or two away from a known one, or the start of only one. */
const NAMESPACE = 'WAIT_FOR_DOCS_'

/**
 * The variables of the command's own namespace that name no flag (`WAIT_FOR_DOCS_EXPECTED_SHA`,
 * `WAIT_FOR_DOCS_TIMEOUTS`, a lower-case one): invalid input, as an unknown flag is, so that a
 * mistyped gate is never a gate left off. Their values are never shown.
 */
function unknownVariables(env: Readonly<Record<string, string | undefined>>): string[] {
  const known = new Set(FLAGS.map((flag) => envName(flag.name)))
  // Windows' environment ignores case: a variable in lower case there is the one in capitals.
  const sameCase = process.platform !== 'win32'
  return Object.keys(env)
    .filter((name) => env[name] !== undefined && name.toUpperCase().startsWith(NAMESPACE) && !known.has(sameCase ? name : name.toUpperCase()))
    .sort()
    .map((name) => {
      const written = name.slice(NAMESPACE.length).toLowerCase().replace(/_/g, '-')
      const near = nearFlag(written)
      const fix = near ? ` (did you mean ${envName(near.name)}?)` : ''
      return `${quote(name)} is not a variable of wait-for-docs${fix}; its value is not read. The variables are ${NAMESPACE}<FLAG>, in capitals with _ for - (see --help)`
    })
}

function suggestion(written: string): string {
  const near = nearFlag(written)
  return near ? ` (did you mean --${near.name}?)` : ''
}

/** The flag a name is a typo or two away from, or the start of only one. */
function nearFlag(written: string): Flag | undefined {
  const starting = FLAGS.filter((flag) => written.length >= 3 && flag.name.startsWith(written))
  return FLAGS.find((flag) => distance(flag.name, written) <= 2) ?? (starting.length === 1 ? starting[0] : undefined)
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number
      row[j] = Math.min(current + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length] as number
}
