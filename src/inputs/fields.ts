// Every input of action.yml, gathered from the groups in the order action.yml lists them: the
// name, the default the runner fills in, and the schema of its value. Problems are listed in
// this order too.
import type * as z from 'zod/mini'
import { commentDefaults, commentSchema } from './comment.js'
import { commitStatusDefaults, commitStatusSchema } from './commit-status.js'
import { deploymentDefaults, deploymentSchema } from './deployment.js'
import { dryRunDefaults, dryRunSchema } from './dry-run.js'
import { pageDefaults, pageSchema } from './pages.js'
import { platformDefaults, platformSchema } from './platform.js'
import { searchDefaults, searchSchema } from './search.js'
import { targetDefaults, targetSchema } from './targets.js'
import { triggerDefaults, triggerSchema } from './trigger.js'
import { waitingDefaults, waitingSchema } from './waiting.js'

const SCHEMAS = {
  ...platformSchema.shape,
  ...targetSchema.shape,
  ...waitingSchema.shape,
  ...searchSchema.shape,
  ...pageSchema.shape,
  ...commentSchema.shape,
  ...deploymentSchema.shape,
  ...commitStatusSchema.shape,
  ...triggerSchema.shape,
  ...dryRunSchema.shape
}

/** Every input with the default the runner would fill in; a group's input without one fails to compile. */
export const INPUT_DEFAULTS = {
  ...platformDefaults,
  ...targetDefaults,
  ...waitingDefaults,
  ...searchDefaults,
  ...pageDefaults,
  ...commentDefaults,
  ...deploymentDefaults,
  ...commitStatusDefaults,
  ...triggerDefaults,
  ...dryRunDefaults
} as const satisfies Record<keyof typeof SCHEMAS, string>

export type InputName = keyof typeof INPUT_DEFAULTS
export type RawInputs = Record<InputName, string>
export const INPUT_NAMES = Object.keys(INPUT_DEFAULTS) as InputName[]

/**
 * The inputs of the groups only the GitHub Action acts on (its pull request comment and its
 * deployment) and the job's matrix leg (on GitLab the job's name holds it): the command line
 * takes them, and its --help marks them. (platform-check is read by both: the command reads it
 * on GitLab CI.)
 */
export const ACTION_ONLY_INPUTS: ReadonlySet<InputName> = new Set([...Object.keys({ ...commentDefaults, ...deploymentDefaults }), 'matrix'] as InputName[])

/** The schema of each input's value; an input without one fails to compile. */
export const INPUT_SCHEMAS: { [K in InputName]: (typeof SCHEMAS)[K] } = SCHEMAS

/** Every input's value once parsed. */
export type Fields = { [K in InputName]: z.output<(typeof INPUT_SCHEMAS)[K]> }
