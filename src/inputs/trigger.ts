// Starting the work before waiting on it (or sending a follow-up to an agent job), and the commit an update must deploy.
import * as z from 'zod/mini'
import { TRIGGER_KINDS, type TargetRef, type TriggerKind, type TriggerSettings } from '../model.js'
import { addProblem, fromText, identifierSchema } from './values.js'

export const triggerDefaults = {
  trigger: '',
  'preview-branch': '',
  'agent-prompt': '',
  'automation-id': '',
  'agent-message': '',
  'expect-sha': ''
} as const

/** Longest prompt accepted; the platform documents none, this keeps a pasted file out of a request. */
export const MAX_PROMPT_LENGTH = 20_000

export const triggerSchema = z.object({
  trigger: fromText((text, ctx) => {
    if (text === '') return undefined
    const kind = TRIGGER_KINDS.find((k) => k === text.toLowerCase())
    if (kind) return kind
    addProblem(ctx, `is not a kind of work to start; use one of ${TRIGGER_KINDS.join(', ')}`)
    return z.NEVER
  }),
  'preview-branch': fromText((text, ctx) => {
    if (text === '') return undefined
    // As a ref (the merge queue's merge_group.head_ref, github.ref): the branch it names.
    const branch = text.replace(/^refs\/heads\/(?=.)/, '')
    const problem = branchProblem(branch)
    if (problem) {
      addProblem(ctx, problem)
      return z.NEVER
    }
    return branch
  }),
  'agent-prompt': z.string().check(z.maxLength(MAX_PROMPT_LENGTH, { message: `is longer than ${MAX_PROMPT_LENGTH} characters` })),
  'automation-id': identifierSchema,
  'agent-message': z.string().check(z.maxLength(MAX_PROMPT_LENGTH, { message: `is longer than ${MAX_PROMPT_LENGTH} characters` })),
  'expect-sha': fromText((text, ctx) => {
    if (text === '') return undefined
    if (!/^[0-9a-f]{7,40}$/i.test(text)) {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: names the workflow expression users write
      addProblem(ctx, 'is not a commit sha; give 7 to 40 hex characters, e.g. ${{ github.sha }}')
      return z.NEVER
    }
    return text.toLowerCase()
  })
})

type TriggerFields = z.output<typeof triggerSchema>

interface TriggerInputs {
  /** The kind of target the started work is waited on as; none for work the platform publishes no status of. */
  waitsOn: TargetRef['kind'] | undefined
  /** The input this kind needs, and no other kind takes. */
  extra?: { input: 'preview-branch' | 'agent-prompt' | 'automation-id'; what: string }
  settings(projectId: string, f: TriggerFields): TriggerSettings
}

/** What each kind of work needs from the inputs: a new way to start work adds one entry here. */
export const TRIGGERS: Record<TriggerKind, TriggerInputs> = {
  update: { waitsOn: 'update', settings: (projectId) => ({ kind: 'update', projectId }) },
  preview: {
    waitsOn: 'update',
    extra: { input: 'preview-branch', what: 'the git branch to deploy as a preview' },
    settings: (projectId, f) => ({ kind: 'preview', projectId, branch: f['preview-branch'] ?? '' })
  },
  agent: {
    waitsOn: 'job',
    extra: { input: 'agent-prompt', what: 'the instruction for the agent' },
    settings: (projectId, f) => ({ kind: 'agent', projectId, prompt: f['agent-prompt'] })
  },
  automation: {
    waitsOn: undefined,
    extra: { input: 'automation-id', what: 'the id of the automation to run now' },
    settings: (projectId, f) => ({ kind: 'automation', projectId, automationId: f['automation-id'] })
  }
}

/** The one POST that starts work: `trigger`'s, or the follow-up `agent-message` sends to the one job in `jobIds`. */
export function triggerSettings(f: TriggerFields, projectId: string, jobIds: readonly string[]): TriggerSettings | undefined {
  if (f.trigger !== undefined) return TRIGGERS[f.trigger].settings(projectId, f)
  const jobId = jobIds[0]
  if (f['agent-message'] !== '' && jobId !== undefined) return { kind: 'message', projectId, jobId, prompt: f['agent-message'] }
  return undefined
}

/** A git branch name as git would accept it (git check-ref-format), kept to what a URL and a log can show. */
export function branchProblem(branch: string): string | undefined {
  if (branch.length > 255) return `is ${branch.length} characters long; at most 255 are allowed`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: branch names must not contain control characters
  if (/[\s\u0000-\u001f\u007f~^:?*[\\]/.test(branch)) return 'is not a git branch name (no spaces, control characters or any of ~ ^ : ? * [ \\)'
  if (branch.includes('..') || branch.includes('@{') || branch.includes('//')) return 'is not a git branch name (no "..", "@{" or "//")'
  if (/^[-/.]|[/.]$|\.lock$/.test(branch)) return 'is not a git branch name (it may not start with - / . or end with / . .lock)'
  return undefined
}
