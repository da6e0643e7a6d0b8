// zod-schemas.ts written with zod/mini, for the experiment in zod-mini.ts.
import * as z from 'zod/mini'

type Ctx = z.core.ParsePayload<unknown>
const fail = (ctx: Ctx, input: string, message: string) => ctx.issues.push({ code: 'custom', message, input })
const transformed = <T>(fn: (text: string, ctx: Ctx) => T) => z.pipe(z.string(), z.transform(fn))

const durationSchema = transformed((text, ctx) => {
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Number.NaN
  if (!(ms > 0)) {
    fail(ctx, text, 'is not a positive duration')
    return z.NEVER
  }
  return ms
})
const booleanSchema = transformed((text, ctx) => {
  if (/^(true|True|TRUE)$/.test(text)) return true
  if (/^(false|False|FALSE)$/.test(text)) return false
  fail(ctx, text, 'is not a boolean')
  return z.NEVER
})
const idListSchema = transformed((text, ctx) => {
  const ids = text.split(/[\n,]/).map((id) => id.trim())
  for (const id of ids) if (!/^[\w-]{1,200}$/.test(id)) fail(ctx, text, `${id} is not an id`)
  return [...new Set(ids)]
})
const optionalNumber = (min: number, max: number) =>
  transformed((text, ctx) => {
    if (text === '') return undefined
    const value = Number(text)
    if (!(value >= min && value <= max)) {
      fail(ctx, text, `must be a number from ${min} to ${max}`)
      return z.NEVER
    }
    return value
  })
const keySchema = z.string().check(z.refine((key) => key === '' || /^[\x21-\x7e]{1,4096}$/.test(key), { message: 'must be printable ASCII' }))
const promptSchema = z.string().check(z.maxLength(20_000, { message: 'is too long' }))
const baseUrlSchema = transformed((text, ctx) => {
  if (!URL.canParse(text)) {
    fail(ctx, text, 'is not a URL')
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

const text = z.catch(z.optional(z.string()), undefined)
const paths = z.catch(z.array(z.string()), [])
export const updateRecordSchema = z.looseObject({
  _id: text,
  status: z.string(),
  createdAt: text,
  endedAt: text,
  summary: text,
  logs: z.catch(z.optional(z.array(z.string())), undefined),
  author: z.catch(z.nullish(z.looseObject({ name: text, avatarUrl: text, hostUserId: z.catch(z.optional(z.number()), undefined) })), undefined),
  commit: z.catch(
    z.nullish(
      z.looseObject({
        sha: text,
        ref: text,
        message: text,
        filesChanged: z.catch(z.optional(z.looseObject({ added: paths, modified: paths, removed: paths })), undefined)
      })
    ),
    undefined
  )
})
export const jobRecordSchema = z.looseObject({
  id: text,
  status: z.string(),
  source: z.catch(z.nullish(z.looseObject({ repository: text, ref: text })), undefined)
})
