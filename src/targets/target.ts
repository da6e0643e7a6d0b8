import type { z } from 'zod'
import type { TargetRef } from '../inputs.js'

/** What a record's status means for the wait. */
export type Judgement =
  | { state: 'pending'; unknownStatus?: boolean }
  | { state: 'settled'; result: 'success' | 'failure' | 'error'; reason?: string; note?: string }

export interface JudgeOptions {
  acceptArchived: boolean
  requirePr: boolean
  /** The commit a successful update must have deployed (lowercase hex prefix). */
  expectSha?: string | undefined
}

/** One kind of target: where to read it, how to read it, and when it is done. */
export interface TargetKind<R extends { status: string }, K extends TargetRef['kind'] = TargetRef['kind']> {
  /** Words for people: `update`, `agent job`. */
  noun: string
  path(ref: Extract<TargetRef, { kind: K }>): string
  schema: z.ZodType<R>
  judge(record: R, options: JudgeOptions): Judgement
  /** Log lines of the record, oldest first (updates only). */
  logs?(record: R): readonly string[]
}
