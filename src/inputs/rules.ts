// The rules between inputs, one check each, in the order their problems are listed. They run
// even when some input failed to parse, so one run reports everything: requirements look at
// what was given, comparisons only at inputs that parsed.
import { INPUT_DEFAULTS, type Fields, type InputName } from './fields.js'
import { TARGET_LISTS, type TargetListInput } from './targets.js'
import { TRIGGERS } from './trigger.js'
import { quote, splitList } from './values.js'

/** What a rule may look at. */
export interface InputView {
  /** The input was given (not blank). */
  given(name: InputName): boolean
  /** The input parsed (its default did, when it was not given). */
  parsed(name: InputName): boolean
  /** The parsed value; read only when `parsed(name)`. */
  value<K extends InputName>(name: K): Fields[K]
  /** The input as given, trimmed, or its default. */
  text(name: InputName): string
  /** The items of a list input as given, parsed or not. */
  items(name: TargetListInput): string[]
}

/** One check across inputs: its problem, naming the input and what to do, or nothing. */
export type Rule = (inputs: InputView) => string | false | undefined

/**
 * Nothing is asked of the platform's API: only a platform check, which is read from GitHub, and
 * pages read from the site readers are served (site-url), so base-url is not needed.
 */
export const platformCheckOnly = (i: Pick<InputView, 'given' | 'items'>) =>
  i.given('platform-check') &&
  !Object.keys(TARGET_LISTS).some((name) => i.items(name as TargetListInput).length > 0) &&
  !(['trigger', 'search-query', 'agent-message'] as const).some((name) => i.given(name)) &&
  !(i.given('page-path') && !i.given('site-url'))
/** platform-check read from GitHub needs github-token (the command reads it on GitLab with its own token: parseInputs leaves this rule out there). */
export const platformCheckNeedsGitHubToken: Rule = (i) =>
  i.given('platform-check') &&
  !i.given('github-token') &&
  "github-token: is required with platform-check (it reads the checks, statuses and deployments of the run's commit, with checks: read, statuses: read and deployments: read); in a workflow, leave it to its default, the job's token"
const targetsGiven = (i: InputView) => Object.keys(TARGET_LISTS).some((name) => i.items(name as TargetListInput).length > 0)
const triggerGiven = (i: InputView) => i.given('trigger')
/** The agent jobs given, each counted once. */
const jobCount = (i: InputView) => new Set(i.items('job-id')).size
/** The trigger's kind, when one was given and is valid. */
const triggerKind = (i: InputView) => (i.parsed('trigger') ? i.value('trigger') : undefined)
const UPDATE_TRIGGERS = Object.entries(TRIGGERS)
  .filter(([, t]) => t.waitsOn === 'update')
  .map(([kind]) => kind)
/** An update is waited on: a status-id, or a trigger that starts one (an invalid trigger has its own problem). */
const updateGiven = (i: InputView) =>
  i.items('status-id').length > 0 || (triggerGiven(i) && !i.parsed('trigger')) || UPDATE_TRIGGERS.includes(triggerKind(i) ?? '')

export const CROSS_INPUT_RULES: readonly Rule[] = [
  // The platform
  (i) => !i.given('base-url') && !platformCheckOnly(i) && 'base-url: is required; the API base URL, e.g. https://api.example.com',
  // What to wait on
  (i) => i.items('job-id').length > 0 && !i.given('project-id') && 'project-id: is required with job-id (agent jobs are looked up per project)',
  (i) => targetsGiven(i) && !i.given('admin-key') && 'admin-key: is required with status-id or job-id (the admin API key of the platform)',
  (i) =>
    !targetsGiven(i) &&
    !i.given('search-query') &&
    !triggerGiven(i) &&
    !i.given('agent-message') &&
    !i.given('page-path') &&
    !i.given('platform-check') &&
    'status-id / job-id / search-query: nothing to do; give a status-id, a job-id with project-id, a platform-check, or a search-query, or start work with trigger',
  platformCheckNeedsGitHubToken,
  // The schedule
  (i) =>
    i.parsed('min-interval') &&
    i.parsed('max-interval') &&
    i.value('min-interval') > i.value('max-interval') &&
    `min-interval: ${quote(i.text('min-interval'))} is larger than max-interval (${i.text('max-interval')}); min-interval must be at most max-interval`,
  // The search check
  (i) =>
    i.given('search-query') &&
    !i.given('search-domain') &&
    'search-domain: is required with search-query (the last segment of the dashboard URL of the docs site)',
  (i) => i.given('search-query') && !i.given('assistant-key') && 'assistant-key: is required with search-query (the assistant API key of the platform)',
  (i) =>
    i.given('assistant-key') &&
    i.text('assistant-key') === i.text('admin-key') &&
    'assistant-key: (hidden) is the same as admin-key; the platform has two kinds of keys: the admin key reads updates and jobs, the assistant key searches. Give each its own key',
  // The page check (its domain and key are the search check's; their problems are said once)
  (i) =>
    i.given('page-contains') &&
    !i.given('page-path') &&
    'page-contains: is only used with page-path; give the pages that must hold the text in page-path, or remove page-contains',
  // The site's pages are read from site-url: the discovery API's domain and key are not needed for them.
  (i) =>
    i.given('page-path') &&
    !i.given('site-url') &&
    !i.given('search-query') &&
    !i.given('search-domain') &&
    'search-domain: is required with page-path (the pages are read from the docs site of that domain: the last segment of the dashboard URL of the docs site)',
  (i) =>
    i.given('page-path') &&
    !i.given('site-url') &&
    !i.given('search-query') &&
    !i.given('assistant-key') &&
    'assistant-key: is required with page-path (the assistant API key of the platform reads the pages)',
  (i) =>
    i.given('site-url') &&
    !i.given('page-path') &&
    'site-url: is only used with page-path; give the pages to read from the site in page-path (e.g. quickstart), or remove site-url',
  (i) =>
    i.parsed('site-url') &&
    i.value('site-url') === 'preview' &&
    triggerKind(i) !== 'preview' &&
    'site-url: preview reads the pages at the address of the preview trigger: preview starts; give trigger: preview (with preview-branch), or give site-url the address readers are served the docs from',
  // A URL resolves `.` and `..` away (`%2e` too): such a page would be read at another address than it names.
  (i) => {
    const dotted = i.given('site-url') ? splitList(i.text('page-path')).find(hasDotSegment) : undefined
    return (
      dotted !== undefined &&
      `page-path: ${quote(dotted)} has a . or .. segment, which the address below site-url resolves away (another page would be read); give the path readers open below site-url`
    )
  },
  (i) =>
    i.given('page-header') &&
    !i.given('site-url') &&
    'page-header: (hidden) is only sent to the site in site-url; give site-url (the address readers are served the docs from), or remove page-header',
  // A platform key is never sent to the site, not even when asked to.
  (i) => {
    const header = i.text('page-header')
    const value = header.slice(header.indexOf(':') + 1).trim()
    const key = (['admin-key', 'assistant-key'] as const).find((name) => i.given(name) && value !== '' && value.includes(i.text(name)))
    return (
      key !== undefined &&
      i.given('page-header') &&
      `page-header: (hidden) holds ${key}; the platform's keys are never sent to the site. Give the header the site itself needs to let a reader in`
    )
  },
  // The deployment
  (i) =>
    i.given('deployment-url') &&
    !i.given('deployment-environment') &&
    !i.given('commit-status') &&
    'deployment-url: is only used with deployment-environment or commit-status; name the GitHub environment to record the docs in (e.g. docs-preview) or the status context (e.g. docs), or remove deployment-url',
  (i) =>
    i.given('deployment-environment') &&
    !updateGiven(i) &&
    `deployment-environment: needs a docs update to record; give a status-id or trigger: ${UPDATE_TRIGGERS.join(' or ')} (agent jobs and the search check are not deployments), or remove deployment-environment`,
  // Starting the work
  (i) => triggerGiven(i) && !i.given('project-id') && 'project-id: is required with trigger (the work is started in that project)',
  (i) =>
    triggerGiven(i) && !targetsGiven(i) && !i.given('admin-key') && 'admin-key: is required with trigger (the admin API key of the platform starts the work)',
  // Each kind's own input: only and always with that kind.
  ...Object.entries(TRIGGERS).flatMap(([kind, { extra }]): Rule[] =>
    extra
      ? [
          (i) => i.parsed('trigger') && triggerKind(i) === kind && !i.given(extra.input) && `${extra.input}: is required with trigger: ${kind} (${extra.what})`,
          (i) =>
            i.parsed('trigger') &&
            triggerKind(i) !== kind &&
            i.given(extra.input) &&
            `${extra.input}: is only used with trigger: ${kind}; set trigger: ${kind}, or remove ${extra.input}`
        ]
      : []
  ),
  // The follow-up to an agent job
  (i) =>
    i.given('agent-message') &&
    jobCount(i) !== 1 &&
    (jobCount(i) === 0
      ? 'agent-message: needs the agent job to send it to; give its id in job-id (with project-id)'
      : `agent-message: is sent to one agent job, and job-id lists ${jobCount(i)}; give only the job the message is for in job-id, and wait on the others in another step`),
  (i) =>
    i.given('agent-message') &&
    triggerGiven(i) &&
    'agent-message: cannot be combined with trigger (a step sends one request that starts work); send the follow-up in a step of its own, or remove trigger',
  (i) =>
    i.given('expect-sha') &&
    i.parsed('trigger') &&
    i.items('status-id').length === 0 &&
    !UPDATE_TRIGGERS.includes(triggerKind(i) ?? '') &&
    `expect-sha: applies to updates only; give a status-id or trigger: ${UPDATE_TRIGGERS.join(' or ')}, or remove expect-sha`
]

/** Whether a path has a `.` or `..` segment, written plainly or percent-encoded. */
function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))
}

/** A view of the inputs for the rules: `fields` holds the inputs that parsed. */
export function inputView(raw: Readonly<Record<InputName, string>>, fields: Partial<Fields>): InputView {
  const given = (name: InputName) => (raw[name] ?? '').trim() !== ''
  return {
    given,
    parsed: (name) => name in fields,
    value: (name) => fields[name] as Fields[typeof name],
    text: (name) => (given(name) ? raw[name].trim() : INPUT_DEFAULTS[name]),
    items: (name) => splitList(raw[name] ?? '')
  }
}
