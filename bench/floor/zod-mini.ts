// Experiment: zod.ts with zod/mini (the same schemas in zod-mini-schemas.ts). Against zod.ts, it
// shows what moving the action to zod/mini would save.
import * as z from 'zod/mini'
import { runFloor } from './floor.js'
import { inputSchemas, INPUTS, updateRecordSchema } from './zod-mini-schemas.js'

for (const [name, value] of Object.entries(INPUTS)) {
  const parsed = z.safeParse(inputSchemas[name as keyof typeof inputSchemas], value)
  if (!parsed.success) throw new Error(`${name}: ${z.prettifyError(parsed.error)}`)
}
await runFloor(undefined, (body) => z.parse(updateRecordSchema, JSON.parse(body)).status)
