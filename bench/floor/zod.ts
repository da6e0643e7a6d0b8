// Experiment: the floor validating its input and the answer with zod (the schemas the action
// builds, in zod-schemas.ts). Against the floor, it shows what zod costs.
import { z } from 'zod'
import { runFloor } from './floor.js'
import { inputSchemas, INPUTS, updateRecordSchema } from './zod-schemas.js'

for (const [name, value] of Object.entries(INPUTS)) {
  const parsed = inputSchemas[name as keyof typeof inputSchemas].safeParse(value)
  if (!parsed.success) throw new Error(`${name}: ${z.prettifyError(parsed.error)}`)
}
await runFloor(undefined, (body) => updateRecordSchema.parse(JSON.parse(body)).status)
