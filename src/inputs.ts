import { z } from 'zod'
import { parseDuration } from './durations.js'
import { identifierProblem } from './engine/ids.js'
import {
  type CommentKind,
  type CommentSettings,
  type SearchSettings,
  type Settings,
  type TargetRef,
  TRIGGER_KINDS,
  type TriggerKind,
  type TriggerSettings
} from './model.js'

/** Every input of action.yml with the default the runner would fill in. */
export const INPUT_DEFAULTS = {
  'base-url': '',
  'admin-key': '',
  'status-id': '',
  'job-id': '',
  'project-id': '',
  timeout: '15m',
  'min-interval': '5s',
  'max-interval': '45s',
  'request-timeout': '30s',
  'fail-on-timeout': 'true',
  'accept-archived': 'false',
  'require-pr': 'false',
  'fail-fast': 'false',
  'stream-logs': 'true',
  summary: 'true',
  'assistant-key': '',
  'search-query': '',
  'search-domain': '',
  // Empty means the server's default (10); only what the user sets is sent.
  'search-page-size': '',
  'search-score-threshold': '',
  'search-version': '',
  'search-language': '',
  'search-tag': '',
  'search-min-results': '1',
  'search-expect-path': '',
  'pr-comment': 'false',
  // action.yml defaults this to `${{ github.token }}`, which only the runner can fill in.
  'github-token': '',
  'pr-number-target': '',
  trigger: '',
  'preview-branch': '',
  'agent-prompt': '',
  'expect-sha': ''
} as const

export type InputName = keyof typeof INPUT_DEFAULTS
export type RawInputs = Record<InputName, string>
export const INPUT_NAMES = Object.keys(INPUT_DEFAULTS) as InputName[]

/** Inputs whose values must never be echoed back, not even in an error. */
const SECRET_INPUTS: ReadonlySet<InputName> = new Set(['admin-key', 'assistant-key', 'github-token'])
/** List inputs: their problems name the one item at fault rather than the whole value. */
const LIST_INPUTS: ReadonlySet<InputName> = new Set(['status-id', 'job-id'])

/** On invalid input, the comment is still written (with the problems) when its own inputs are sound. */
export type ParsedInputs = { ok: true; settings: Settings } | { ok: false; problems: string[]; comment: CommentSettings | undefined }

/** Reads every input once, through the given reader (core.getInput in production). */
export function readRawInputs(get: (name: InputName) => string): RawInputs {
  const raw = {} as RawInputs
  for (const name of INPUT_NAMES) raw[name] = get(name)
  return raw
}

/** Splits a list input on newlines and commas, trims, drops blanks. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

/** Longest duration any input may give; also keeps every timer well below the 2^31 ms limit of setTimeout. */
export const MAX_DURATION_MS = 168 * 3_600_000

const durationSchema = z.string().transform((text, ctx) => {
  const ms = parseDuration(text)
  if (ms === undefined || ms <= 0) {
    ctx.addIssue({ code: 'custom', message: 'is not a positive duration; use e.g. 90, 90s, 500ms, 1.5s, 15m, 1h30m' })
    return z.NEVER
  }
  if (ms > MAX_DURATION_MS) {
    ctx.addIssue({ code: 'custom', message: 'is longer than 168h (7 days), the longest duration allowed' })
    return z.NEVER
  }
  return ms
})

const booleanSchema = z.string().transform((text, ctx) => {
  if (/^(true|True|TRUE)$/.test(text)) return true
  if (/^(false|False|FALSE)$/.test(text)) return false
  ctx.addIssue({ code: 'custom', message: 'is not a boolean; use true or false' })
  return z.NEVER
})

const idListSchema = z.string().transform((text, ctx) => {
  const ids = splitList(text)
  for (const id of ids) {
    const problem = identifierProblem(id)
    if (problem) ctx.addIssue({ code: 'custom', message: `${quote(id)} ${problem}` })
  }
  return [...new Set(ids)]
})

const identifierSchema = z.string().transform((text, ctx) => {
  const problem = text === '' ? undefined : identifierProblem(text)
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem })
    return z.NEVER
  }
  return text
})

/** Numbers within bounds; empty means unset. */
const optionalNumber = (min: number, max: number, integer: boolean) =>
  z.string().transform((text, ctx) => {
    if (text === '') return undefined
    const value = Number(text)
    if (!/^\d+(\.\d+)?$/.test(text) || (integer && !Number.isInteger(value)) || value < min || value > max) {
      ctx.addIssue({ code: 'custom', message: `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}` })
      return z.NEVER
    }
    return value
  })

/** One query per line: commas belong to the query. */
const queryListSchema = z.string().transform((text) => [
  ...new Set(
    text
      .split('\n')
      .map((q) => q.trim())
      .filter((q) => q !== '')
  )
])

const triggerSchema = z.string().transform((text, ctx) => {
  if (text === '') return undefined
  const kind = TRIGGER_KINDS.find((k) => k === text.toLowerCase())
  if (kind) return kind
  ctx.addIssue({ code: 'custom', message: `is not a kind of work to start; use one of ${TRIGGER_KINDS.join(', ')}` })
  return z.NEVER
})

/** A git branch name as git would accept it (git check-ref-format), kept to what a URL and a log can show. */
const branchSchema = z.string().transform((text, ctx) => {
  if (text === '') return undefined
  const problem = branchProblem(text)
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem })
    return z.NEVER
  }
  return text
})

export function branchProblem(branch: string): string | undefined {
  if (branch.length > 255) return `is ${branch.length} characters long; at most 255 are allowed`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: branch names must not contain control characters
  if (/[\s\u0000-\u001f\u007f~^:?*[\\]/.test(branch)) return 'is not a git branch name (no spaces, control characters or any of ~ ^ : ? * [ \\)'
  if (branch.includes('..') || branch.includes('@{') || branch.includes('//')) return 'is not a git branch name (no "..", "@{" or "//")'
  if (/^[-/.]|[/.]$|\.lock$/.test(branch)) return 'is not a git branch name (it may not start with - / . or end with / . .lock)'
  return undefined
}

/** Longest prompt accepted; the platform documents none, this keeps a pasted file out of a request. */
export const MAX_PROMPT_LENGTH = 20_000

const promptSchema = z.string().max(MAX_PROMPT_LENGTH, { message: `is longer than ${MAX_PROMPT_LENGTH} characters` })

const shaSchema = z.string().transform((text, ctx) => {
  if (text === '') return undefined
  if (!/^[0-9a-f]{7,40}$/i.test(text)) {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: names the workflow expression users write
    ctx.addIssue({ code: 'custom', message: 'is not a commit sha; give 7 to 40 hex characters, e.g. ${{ github.sha }}' })
    return z.NEVER
  }
  return text.toLowerCase()
})

const keySchema = z.string().refine((key) => key === '' || /^[\x21-\x7e]{1,4096}$/.test(key), {
  message: 'must be printable ASCII without spaces (is the secret pasted with a line break?)'
})

/**
 * Platform keys are long. Every key is masked wherever it appears, in any letter case, so a key
 * of a few characters would turn every word that holds them into `***` and garble the log.
 */
const MIN_PLATFORM_KEY_LENGTH = 8
const platformKeySchema = keySchema.refine((key) => key === '' || key.length >= MIN_PLATFORM_KEY_LENGTH, {
  message: `is shorter than ${MIN_PLATFORM_KEY_LENGTH} characters, far shorter than a platform API key; it would be masked wherever its characters appear in the log. Check that the secret holds the whole key`
})

const baseUrlSchema = z.string().transform((text, ctx) => {
  if (text === '') return undefined
  let url: URL
  try {
    url = new URL(text)
  } catch {
    ctx.addIssue({ code: 'custom', message: 'is not a URL; use e.g. https://api.example.com' })
    return z.NEVER
  }
  const problems: string[] = []
  if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push('must use https://')
  else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    problems.push('must use https:// (http:// is accepted only for localhost, 127.0.0.0/8 and [::1])')
  if (url.username || url.password) problems.push('must not contain credentials; pass the key in admin-key')
  if (url.search || text.includes('?')) problems.push('must not contain a query string')
  if (url.hash || text.includes('#')) problems.push('must not contain a fragment')
  for (const message of problems) ctx.addIssue({ code: 'custom', message })
  if (problems.length > 0) return z.NEVER
  url.pathname = url.pathname.replace(/\/+$/, '')
  return url
})

const fieldSchemas = {
  'base-url': baseUrlSchema,
  'admin-key': platformKeySchema,
  'status-id': idListSchema,
  'job-id': idListSchema,
  'project-id': identifierSchema,
  timeout: durationSchema,
  'min-interval': durationSchema,
  'max-interval': durationSchema,
  'request-timeout': durationSchema,
  'fail-on-timeout': booleanSchema,
  'accept-archived': booleanSchema,
  'require-pr': booleanSchema,
  'fail-fast': booleanSchema,
  'stream-logs': booleanSchema,
  summary: booleanSchema,
  'assistant-key': platformKeySchema,
  'search-query': queryListSchema,
  'search-domain': identifierSchema,
  'search-page-size': optionalNumber(1, 50, true),
  'search-score-threshold': optionalNumber(0, 1, false),
  'search-version': z.string(),
  'search-language': z.string(),
  'search-tag': z.string(),
  'search-min-results': optionalNumber(0, 50, true),
  'search-expect-path': z.string(),
  'pr-comment': booleanSchema,
  'github-token': keySchema,
  'pr-number-target': optionalNumber(1, 1e12, true),
  trigger: triggerSchema,
  'preview-branch': branchSchema,
  'agent-prompt': promptSchema,
  'expect-sha': shaSchema
} satisfies Record<InputName, z.ZodType>

type Fields = { [K in InputName]: z.output<(typeof fieldSchemas)[K]> }

/**
 * Validates every input and returns typed settings, or every problem found at once, each
 * naming the input, the value given and what is allowed.
 */
export function parseInputs(raw: RawInputs): ParsedInputs {
  const problems: string[] = []
  const fields = {} as Record<InputName, unknown>
  // The token is only used for the comment: without pr-comment, whatever it holds is no problem.
  const commentOn = booleanSchema.safeParse((raw['pr-comment'] ?? '').trim() || INPUT_DEFAULTS['pr-comment'])
  for (const name of INPUT_NAMES) {
    if (name === 'github-token' && !(commentOn.success && commentOn.data)) {
      fields[name] = ''
      continue
    }
    const given = (raw[name] ?? '').trim()
    const value = given === '' ? INPUT_DEFAULTS[name] : given
    const parsed = fieldSchemas[name].safeParse(value)
    if (parsed.success) {
      fields[name] = parsed.data
    } else {
      const shown = SECRET_INPUTS.has(name) ? '(hidden) ' : LIST_INPUTS.has(name) ? '' : `${quote(name === 'base-url' ? hideUserinfo(value) : value)} `
      for (const issue of parsed.error.issues) problems.push(`${name}: ${shown}${issue.message}`)
    }
  }
  // Cross-input checks run even when some input failed above, so one run reports everything:
  // requirements look at what was given, comparisons only at inputs that parsed.
  const parsedOk = (name: InputName) => name in fields
  const given = (name: InputName) => (raw[name] ?? '').trim() !== ''
  const f = fields as Fields

  if (parsedOk('min-interval') && parsedOk('max-interval') && f['min-interval'] > f['max-interval'])
    problems.push(
      `min-interval: ${quote(raw['min-interval'] || INPUT_DEFAULTS['min-interval'])} is larger than max-interval (${raw['max-interval'] || INPUT_DEFAULTS['max-interval']}); min-interval must be at most max-interval`
    )
  const jobsGiven = splitList(raw['job-id'] ?? '').length > 0
  const targetsGiven = splitList(raw['status-id'] ?? '').length > 0 || jobsGiven
  const queriesGiven = (raw['search-query'] ?? '').trim() !== ''
  const trigger = parsedOk('trigger') ? f.trigger : undefined
  if (jobsGiven && !given('project-id')) problems.push('project-id: is required with job-id (agent jobs are looked up per project)')
  if (given('trigger') && !given('project-id')) problems.push('project-id: is required with trigger (the work is started in that project)')
  if (!targetsGiven && !queriesGiven && !given('trigger'))
    problems.push('status-id / job-id / search-query: nothing to do; give a status-id, a job-id with project-id, or a search-query, or start work with trigger')
  if (targetsGiven && !given('admin-key')) problems.push('admin-key: is required with status-id and job-id (the admin API key of the platform)')
  else if (given('trigger') && !given('admin-key')) problems.push('admin-key: is required with trigger (the admin API key of the platform starts the work)')
  if (parsedOk('trigger')) problems.push(...triggerProblems(trigger, given))
  if (given('expect-sha') && splitList(raw['status-id'] ?? '').length === 0 && trigger !== 'update' && trigger !== 'preview' && parsedOk('trigger'))
    problems.push('expect-sha: applies to updates only; give a status-id or trigger: update or preview, or remove expect-sha')
  if (queriesGiven) {
    if (!given('search-domain')) problems.push('search-domain: is required with search-query (the last segment of the dashboard URL of the docs site)')
    if (!given('assistant-key')) problems.push('assistant-key: is required with search-query (the assistant API key of the platform)')
  }
  if (parsedOk('pr-comment') && f['pr-comment'] && !given('github-token'))
    // biome-ignore lint/suspicious/noTemplateCurlyInString: names the workflow expression users write
    problems.push('github-token: is required with pr-comment (the default, ${{ github.token }}, needs pull-requests: write)')
  if (given('assistant-key') && raw['assistant-key'].trim() === raw['admin-key'].trim())
    problems.push(
      'assistant-key: (hidden) is the same as admin-key; the platform has two kinds of keys: the admin key reads updates and jobs, the assistant key searches. Give each its own key'
    )
  if (!given('base-url')) problems.push('base-url: is required; the API base URL, e.g. https://api.example.com')

  const kinds: CommentKind[] = []
  if (splitList(raw['status-id'] ?? '').length > 0 || trigger === 'update' || trigger === 'preview') kinds.push('update')
  if (jobsGiven || trigger === 'agent') kinds.push('job')
  if (queriesGiven) kinds.push('search')
  const commentReady = f['pr-comment'] === true && given('github-token') && parsedOk('github-token') && parsedOk('pr-number-target')
  const comment: CommentSettings | undefined = commentReady
    ? {
        githubToken: f['github-token'],
        prNumberTarget: f['pr-number-target'],
        requestTimeoutMs: parsedOk('request-timeout') ? f['request-timeout'] : (parseDuration(INPUT_DEFAULTS['request-timeout']) ?? 30_000),
        kinds
      }
    : undefined
  if (problems.length > 0 || f['base-url'] === undefined) return { ok: false, problems, comment }

  const queries = f['search-query']
  const targets: TargetRef[] = [
    ...f['status-id'].map((id): TargetRef => ({ kind: 'update', id })),
    ...f['job-id'].map((id): TargetRef => ({ kind: 'job', id, projectId: f['project-id'] }))
  ]
  return {
    ok: true,
    settings: {
      baseUrl: f['base-url'],
      adminKey: f['admin-key'],
      search: queries.length === 0 ? undefined : searchSettings(f, queries),
      targets,
      trigger: triggerSettings(f),
      expectSha: f['expect-sha'],
      timeoutMs: f.timeout,
      minIntervalMs: f['min-interval'],
      maxIntervalMs: f['max-interval'],
      requestTimeoutMs: f['request-timeout'],
      failOnTimeout: f['fail-on-timeout'],
      acceptArchived: f['accept-archived'],
      requirePr: f['require-pr'],
      failFast: f['fail-fast'],
      streamLogs: f['stream-logs'],
      summary: f.summary,
      comment
    }
  }
}

/** The rules between trigger, preview-branch and agent-prompt: each extra input only and always with its kind. */
function triggerProblems(trigger: TriggerKind | undefined, given: (name: InputName) => boolean): string[] {
  const problems: string[] = []
  if (trigger === 'preview' && !given('preview-branch'))
    problems.push('preview-branch: is required with trigger: preview (the git branch to deploy as a preview)')
  if (trigger !== 'preview' && given('preview-branch'))
    problems.push('preview-branch: is only used with trigger: preview; set trigger: preview, or remove preview-branch')
  if (trigger === 'agent' && !given('agent-prompt')) problems.push('agent-prompt: is required with trigger: agent (the instruction for the agent)')
  if (trigger !== 'agent' && given('agent-prompt')) problems.push('agent-prompt: is only used with trigger: agent; set trigger: agent, or remove agent-prompt')
  return problems
}

function triggerSettings(f: Fields): TriggerSettings | undefined {
  const projectId = f['project-id']
  switch (f.trigger) {
    case undefined:
      return undefined
    case 'update':
      return { kind: 'update', projectId }
    case 'preview':
      return { kind: 'preview', projectId, branch: f['preview-branch'] ?? '' }
    case 'agent':
      return { kind: 'agent', projectId, prompt: f['agent-prompt'] }
  }
}

function searchSettings(f: Fields, queries: string[]): SearchSettings {
  const filter: SearchSettings['filter'] = {}
  if (f['search-version'] !== '') filter.version = f['search-version']
  if (f['search-language'] !== '') filter.language = f['search-language']
  if (f['search-tag'] !== '') filter.tag = f['search-tag']
  const search: SearchSettings = {
    queries,
    domain: f['search-domain'],
    assistantKey: f['assistant-key'],
    filter,
    minResults: f['search-min-results'] ?? 1
  }
  if (f['search-page-size'] !== undefined) search.pageSize = f['search-page-size']
  if (f['search-score-threshold'] !== undefined) search.scoreThreshold = f['search-score-threshold']
  if (f['search-expect-path'] !== '') search.expectPath = f['search-expect-path']
  return search
}

/** A URL as it may be shown: a user name and password in it (a key, often) become `***`. */
function hideUserinfo(url: string): string {
  // Up to the last @: a password may hold characters that end the user info for a URL parser.
  return url.replace(/^([a-z][a-z0-9+.-]*:\/*).*@/i, '$1***@')
}

function quote(value: string): string {
  const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value
  return JSON.stringify(shown)
}
