// The action's inputs → typed Settings, or every problem at once. Each group of inputs
// (platform, targets, waiting, search, pages, comment, deployment, commit status, trigger) has its own module with its schema;
// the rules between them are in rules.ts.
import { parseDuration } from '../durations.js'
import type { CommentKind, CommentSettings, CommitStatusSettings, Settings, TargetRef } from '../model.js'
import { commitStatusSettings } from './commit-status.js'
import { deploymentSettings } from './deployment.js'
import { INPUT_DEFAULTS, INPUT_NAMES, INPUT_SCHEMAS, type Fields, type InputName, type RawInputs } from './fields.js'
import { shownUrl } from './platform.js'
import { CROSS_INPUT_RULES, inputView, type InputView, platformCheckNeedsGitHubToken, platformCheckOnly } from './rules.js'
import { pageSettings } from './pages.js'
import { searchSettings } from './search.js'
import { TARGET_LISTS, targetRefs } from './targets.js'
import { TRIGGERS, triggerSettings } from './trigger.js'
import { quote } from './values.js'

export { INPUT_DEFAULTS, INPUT_NAMES, type InputName, type RawInputs } from './fields.js'

/** Inputs whose values must never be echoed back, not even in an error. */
export const SECRET_INPUTS: ReadonlySet<InputName> = new Set(['admin-key', 'assistant-key', 'github-token', 'page-header'])
/** List inputs: their problems name the one item at fault rather than the whole value. */
const LIST_INPUTS: ReadonlySet<string> = new Set([...Object.keys(TARGET_LISTS), 'page-path'])

/** On invalid input, the comment is still written (with the problems) when its own inputs are sound. */
export type ParsedInputs =
  | { ok: true; settings: Settings }
  | {
      ok: false
      problems: string[]
      comment: CommentSettings | undefined
      /** The commit status's settings when its own inputs are sound: it then says `error`, so no earlier `success` stands. */
      commitStatus: CommitStatusSettings | undefined
    }

/** Reads every input once, through the given reader (core.getInput in production). */
export function readRawInputs(get: (name: InputName) => string): RawInputs {
  const raw = {} as RawInputs
  for (const name of INPUT_NAMES) raw[name] = get(name)
  return raw
}

/** How the runner reads what is not an input: where platform-check is read from (GitHub, with github-token, unless said). */
export interface ParseOptions {
  /** `gitlab`: the command reads platform-check from GitLab with its own token, so github-token is not needed for it. */
  platformCheckFrom?: 'github' | 'gitlab'
}

/**
 * Validates every input and returns typed settings, or every problem found at once, each
 * naming the input, the value given and what is allowed.
 */
export function parseInputs(raw: RawInputs, options: ParseOptions = {}): ParsedInputs {
  const problems: string[] = []
  const fields: Partial<Record<InputName, unknown>> = {}
  const checkFromGitHub = options.platformCheckFrom !== 'gitlab'
  // The token is only used for the comment, the deployment, the commit status and platform-check on GitHub: without any, whatever it holds is no problem.
  const tokenUsed =
    commentAskedFor(raw) ||
    (raw['deployment-environment'] ?? '').trim() !== '' ||
    (raw['commit-status'] ?? '').trim() !== '' ||
    (checkFromGitHub && (raw['platform-check'] ?? '').trim() !== '')
  for (const name of INPUT_NAMES) {
    if (name === 'github-token' && !tokenUsed) {
      fields[name] = ''
      continue
    }
    const given = (raw[name] ?? '').trim()
    const value = given === '' ? INPUT_DEFAULTS[name] : given
    const parsed = INPUT_SCHEMAS[name].safeParse(value)
    if (parsed.success) {
      fields[name] = parsed.data
    } else {
      const shown = SECRET_INPUTS.has(name)
        ? '(hidden) '
        : LIST_INPUTS.has(name)
          ? ''
          : `${quote(name === 'base-url' || name === 'site-url' ? shownUrl(value) : value)} `
      for (const issue of parsed.error.issues) problems.push(`${name}: ${shown}${issue.message}`)
    }
  }
  const inputs = inputView(raw, fields as Partial<Fields>)
  for (const rule of CROSS_INPUT_RULES) {
    if (rule === platformCheckNeedsGitHubToken && !checkFromGitHub) continue
    const problem = rule(inputs)
    if (problem) problems.push(problem)
  }
  const comment = commentSettings(inputs)
  const f = fields as Fields
  if (problems.length > 0 || (f['base-url'] === undefined && !platformCheckOnly(inputs))) {
    const ownSound = (['commit-status', 'github-token', 'request-timeout'] as const).every((name) => name in fields)
    // With invalid inputs the result is an error, which no fail-on-timeout lets through.
    const commitStatus = ownSound ? commitStatusSettings(f, f['github-token'], f['deployment-url'], f['request-timeout'], true) : undefined
    return { ok: false, problems, comment, commitStatus }
  }

  return {
    ok: true,
    settings: {
      baseUrl: f['base-url'],
      adminKey: f['admin-key'],
      search: searchSettings(f),
      pages: pageSettings(f),
      targets: targetRefs(f),
      trigger: triggerSettings(f, f['project-id'], f['job-id']),
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
      docsRoot: f['docs-root'],
      comment,
      deployment: deploymentSettings(f, f['github-token'], f['request-timeout']),
      commitStatus: commitStatusSettings(f, f['github-token'], f['deployment-url'], f['request-timeout'], f['fail-on-timeout']),
      platformCheck:
        f['platform-check'] === undefined
          ? undefined
          : {
              name: f['platform-check'],
              githubToken: f['github-token'],
              ...(f['deployment-environment'] === undefined ? {} : { ownEnvironment: f['deployment-environment'] })
            },
      check: f.check
    }
  }
}

/** The comment's settings when its own inputs are sound, whatever else is wrong. */
export function commentOf(raw: RawInputs): CommentSettings | undefined {
  const parsed = parseInputs(raw)
  return parsed.ok ? parsed.settings.comment : parsed.comment
}

/** The commit status's settings when its own inputs are sound, whatever else is wrong. */
export function commitStatusOf(raw: RawInputs): CommitStatusSettings | undefined {
  const parsed = parseInputs(raw)
  return parsed.ok ? parsed.settings.commitStatus : parsed.commitStatus
}

function commentSettings(inputs: InputView): CommentSettings | undefined {
  const ready =
    inputs.parsed('pr-comment') &&
    inputs.value('pr-comment') &&
    inputs.given('github-token') &&
    inputs.parsed('github-token') &&
    inputs.parsed('pr-number-target') &&
    inputs.parsed('pr-comment-key')
  if (!ready) return undefined
  return {
    githubToken: inputs.value('github-token'),
    prNumberTarget: inputs.value('pr-number-target'),
    requestTimeoutMs: inputs.parsed('request-timeout') ? inputs.value('request-timeout') : (parseDuration(INPUT_DEFAULTS['request-timeout']) ?? 30_000),
    kinds: commentKinds(inputs),
    key: inputs.value('pr-comment-key')
  }
}

/**
 * pr-comment is on but github-token is empty (a secret that is not set): no comment is written,
 * and the step says so in a warning, since the comment never fails the step.
 */
export function commentWithoutToken(raw: RawInputs): boolean {
  return commentAskedFor(raw) && (raw['github-token'] ?? '').trim() === ''
}

/** deployment-environment given with an empty github-token (a secret that is not set): skipped with a warning, as the comment is. */
export function deploymentWithoutToken(raw: RawInputs): boolean {
  return (raw['deployment-environment'] ?? '').trim() !== '' && (raw['github-token'] ?? '').trim() === ''
}

/** commit-status given with an empty github-token (a secret that is not set): skipped with a warning, as the deployment is. */
export function commitStatusWithoutToken(raw: RawInputs): boolean {
  return (raw['commit-status'] ?? '').trim() !== '' && (raw['github-token'] ?? '').trim() === ''
}

/**
 * Which records the inputs ask for, read from them as given (valid or not): a record not asked
 * for here is never kept, so its code need not be loaded. Each record's own plan decides the rest
 * (a token that is not set, invalid inputs).
 */
export function recordsAskedFor(raw: RawInputs): { comment: boolean; deployment: boolean; commitStatus: boolean } {
  return {
    comment: commentAskedFor(raw),
    deployment: (raw['deployment-environment'] ?? '').trim() !== '',
    commitStatus: (raw['commit-status'] ?? '').trim() !== ''
  }
}

/** Whether the inputs ask for a dry run (`check`), read as given: a dry run keeps no record, so none is opened, written or closed. */
export function dryRunAskedFor(raw: RawInputs): boolean {
  const on = INPUT_SCHEMAS.check.safeParse((raw.check ?? '').trim() || INPUT_DEFAULTS.check)
  return on.success && on.data
}

function commentAskedFor(raw: RawInputs): boolean {
  const on = INPUT_SCHEMAS['pr-comment'].safeParse((raw['pr-comment'] ?? '').trim() || INPUT_DEFAULTS['pr-comment'])
  return on.success && on.data
}

/** The kinds of work the step was given, as given: part of the comment's marker. */
function commentKinds(inputs: InputView): CommentKind[] {
  const started = inputs.parsed('trigger') ? inputs.value('trigger') : undefined
  const waitedOn = new Set<TargetRef['kind']>(
    Object.entries(TARGET_LISTS).flatMap(([name, list]) => (inputs.items(name as keyof typeof TARGET_LISTS).length > 0 ? [list.kind] : []))
  )
  const waitsOn = started ? TRIGGERS[started].waitsOn : undefined
  if (waitsOn) waitedOn.add(waitsOn)
  const kinds: CommentKind[] = Object.values(TARGET_LISTS)
    .map((list) => list.kind)
    .filter((kind) => waitedOn.has(kind))
  if (inputs.given('platform-check')) kinds.push('platform-check')
  if (started === 'automation') kinds.push('automation')
  if (inputs.given('page-path')) kinds.push('page')
  if (inputs.given('search-query')) kinds.push('search')
  return kinds
}
