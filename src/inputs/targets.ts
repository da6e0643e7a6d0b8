// What to wait on: update statuses and agent jobs given by id.
import * as z from 'zod/mini'
import type { TargetRef } from '../model.js'
import { idListSchema, identifierSchema } from './values.js'

export const targetDefaults = {
  'status-id': '',
  'job-id': '',
  'project-id': ''
} as const

export const targetSchema = z.object({
  'status-id': idListSchema,
  'job-id': idListSchema,
  'project-id': identifierSchema
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
  return Object.entries(TARGET_LISTS).flatMap(([input, list]) => f[input as TargetListInput].map((id) => list.ref(id, f)))
}
