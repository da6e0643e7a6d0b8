// The sticky comment on the pull request: whether to write it, with which token, on which PR.
import * as z from 'zod/mini'
import { booleanSchema, keySchema, optionalNumber } from './values.js'

export const commentDefaults = {
  'pr-comment': 'false',
  // action.yml defaults this to `${{ github.token }}`, which only the runner can fill in.
  'github-token': '',
  'pr-number-target': ''
} as const

export const commentSchema = z.object({
  'pr-comment': booleanSchema,
  'github-token': keySchema,
  'pr-number-target': optionalNumber(1, 1e12, true)
})
