// The floor: see floor.ts.
import { runFloor } from './floor.js'

await runFloor()
