import type * as z from 'zod/mini'
import type { Judgement, JudgeOptions, TargetRef } from '../../model.js'

/** One kind of target: where to read it, how to read it, and when it is done. */
export interface TargetKind<R extends { status: string }, K extends TargetRef['kind'] = TargetRef['kind']> {
  /** Words for people: `update`, `agent job`. */
  noun: string
  path(ref: Extract<TargetRef, { kind: K }>): string
  schema: z.ZodMiniType<R>
  judge(record: R, options: JudgeOptions): Judgement
  /** Log lines of the record, oldest first (updates only). */
  logs?(record: R): readonly string[]
}
