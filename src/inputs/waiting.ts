// How the wait runs and ends: its time budget and schedule, what counts as success, what is shown.
import * as z from 'zod/mini'
import { booleanSchema, durationSchema, repositoryFolderSchema } from './values.js'

export const waitingDefaults = {
  timeout: '15m',
  'min-interval': '5s',
  'max-interval': '45s',
  'request-timeout': '30s',
  'fail-on-timeout': 'true',
  'accept-archived': 'false',
  'require-pr': 'false',
  'fail-fast': 'false',
  'stream-logs': 'true',
  summary: 'true',
  'docs-root': '.'
} as const

export const waitingSchema = z.object({
  timeout: durationSchema,
  'min-interval': durationSchema,
  'max-interval': durationSchema,
  'request-timeout': durationSchema,
  'fail-on-timeout': booleanSchema,
  'accept-archived': booleanSchema,
  'require-pr': booleanSchema,
  'fail-fast': booleanSchema,
  'stream-logs': booleanSchema,
  summary: booleanSchema,
  'docs-root': repositoryFolderSchema
})
