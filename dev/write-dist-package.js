// ncc writes ESM output; dist/package.json tells Node to load dist/index.js as a module.
import { writeFileSync } from 'node:fs'

writeFileSync(new URL('../dist/package.json', import.meta.url), `${JSON.stringify({ type: 'module' }, null, 2)}\n`)
