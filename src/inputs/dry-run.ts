// The dry run: read what the step would need, start nothing, and say what would stop it.
import * as z from 'zod/mini'
import { booleanSchema } from './values.js'

export const dryRunDefaults = {
  check: 'false'
} as const

export const dryRunSchema = z.object({
  check: booleanSchema
})
