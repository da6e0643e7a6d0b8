// Schemas of the kinds the action builds (src/inputs/, src/engine/targets/update.ts, job.ts), written
// with zod, for the experiment in zod.ts. zod-mini-schemas.ts holds the same with zod/mini.
import { z } from 'zod'

const custom = (message: string) => ({ code: 'custom' as const, message })

const durationSchema = z.string().transform((text, ctx) => {
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Number.NaN
  if (!(ms > 0)) {
    ctx.addIssue(custom('is not a positive duration'))
    return z.NEVER
  }
  return ms
})
const booleanSchema = z.string().transform((text, ctx) => {
  if (/^(true|True|TRUE)$/.test(text)) return true
  if (/^(false|False|FALSE)$/.test(text)) return false
  ctx.addIssue(custom('is not a boolean'))
  return z.NEVER
})
const idListSchema = z.string().transform((text, ctx) => {
  const ids = text.split(/[\n,]/).map((id) => id.trim())
  for (const id of ids) if (!/^[\w-]{1,200}$/.test(id)) ctx.addIssue(custom(`${id} is not an id`))
  return [...new Set(ids)]
})
const optionalNumber = (min: number, max: number) =>
  z.string().transform((text, ctx) => {
    if (text === '') return undefined
    const value = Number(text)
    if (!(value >= min && value <= max)) {
      ctx.addIssue(custom(`must be a number from ${min} to ${max}`))
      return z.NEVER
    }
    return value
  })
const keySchema = z.string().refine((key) => key === '' || /^[\x21-\x7e]{1,4096}$/.test(key), { message: 'must be printable ASCII' })
const promptSchema = z.string().max(20_000, { message: 'is too long' })
const baseUrlSchema = z.string().transform((text, ctx) => {
  if (!URL.canParse(text)) {
    ctx.addIssue(custom('is not a URL'))
    return z.NEVER
  }
  return new URL(text)
})

export const inputSchemas = {
  'base-url': baseUrlSchema,
  'admin-key': keySchema,
  'status-id': idListSchema,
  timeout: durationSchema,
  'min-interval': durationSchema,
  'fail-on-timeout': booleanSchema,
  summary: booleanSchema,
  'search-page-size': optionalNumber(1, 50),
  'agent-prompt': promptSchema
}
export { INPUTS } from './inputs.js'

const text = z.string().optional().catch(undefined)
const paths = z.array(z.string()).catch([])
export const updateRecordSchema = z.looseObject({
  _id: text,
  status: z.string(),
  createdAt: text,
  endedAt: text,
  summary: text,
  logs: z.array(z.string()).optional().catch(undefined),
  author: z
    .looseObject({ name: text, avatarUrl: text, hostUserId: z.number().optional().catch(undefined) })
    .nullish()
    .catch(undefined),
  commit: z
    .looseObject({
      sha: text,
      ref: text,
      message: text,
      filesChanged: z.looseObject({ added: paths, modified: paths, removed: paths }).optional().catch(undefined)
    })
    .nullish()
    .catch(undefined)
})
export const jobRecordSchema = z.looseObject({
  id: text,
  status: z.string(),
  source: z.looseObject({ repository: text, ref: text }).nullish().catch(undefined)
})
