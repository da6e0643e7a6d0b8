// The sticky comment on the pull request: whether to write it, with which token, on which PR.
import * as z from 'zod/mini'
import { booleanSchema, keySchema, optionalNumber } from './values.js'

export const commentDefaults = {
  'pr-comment': 'false',
  // action.yml defaults this to `${{ github.token }}`, which only the runner can fill in.
  'github-token': '',
  'pr-number-target': '',
  'pr-comment-key': ''
} as const

export const commentSchema = z.object({
  'pr-comment': booleanSchema,
  'github-token': keySchema,
  'pr-number-target': optionalNumber(1, 1e12, true),
  'pr-comment-key': z.string().check(z.maxLength(200, 'is longer than 200 characters; a short name such as the matrix value is enough'))
})
