// What to wait on: update statuses and agent jobs given by id, and what the platform's app
// reports on the run's commit, given by name (`platform-check`).
import * as z from 'zod/mini'
import { checkNameProblem } from '../engine/targets/platform-check.js'
import type { TargetRef } from '../model.js'
import { addProblem, fromText, idListSchema, identifierSchema } from './values.js'

export const targetDefaults = {
  'status-id': '',
  'job-id': '',
  'project-id': '',
  'platform-check': ''
} as const

/** The name (or `*` pattern) of what the platform's app writes on the commit; undefined when not given. */
const platformCheckSchema = fromText((text, ctx) => {
  if (text === '') return undefined
  const problem = checkNameProblem(text)
  if (problem) {
    addProblem(
      ctx,
      `${problem}; give the name the platform's app writes on the commit (a check run's or a commit status's), e.g. docs-deploy, or a pattern with *`
    )
    return z.NEVER
  }
  return text
})

export const targetSchema = z.object({
  'status-id': idListSchema,
  'job-id': idListSchema,
  'project-id': identifierSchema,
  'platform-check': platformCheckSchema
})

type TargetFields = z.output<typeof targetSchema>

/** The list inputs that name targets, one entry a kind: a new kind of target adds one here. */
export const TARGET_LISTS = {
  'status-id': { kind: 'update', ref: (id: string): TargetRef => ({ kind: 'update', id }) },
  'job-id': { kind: 'job', ref: (id: string, f: TargetFields): TargetRef => ({ kind: 'job', id, projectId: f['project-id'] }) }
} as const satisfies Record<string, { kind: TargetRef['kind']; ref: (id: string, f: TargetFields) => TargetRef }>

export type TargetListInput = keyof typeof TARGET_LISTS

/** Every target given, in the order of the inputs, duplicates removed within each list. */
export function targetRefs(f: TargetFields): TargetRef[] {
  const given = Object.entries(TARGET_LISTS).flatMap(([input, list]) => f[input as TargetListInput].map((id) => list.ref(id, f)))
  const check = f['platform-check']
  return check === undefined ? given : [...given, { kind: 'platform-check', id: check }]
}
