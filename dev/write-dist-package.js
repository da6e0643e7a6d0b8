// ncc writes ESM output; dist/package.json and dist/cli/package.json tell Node to load the
// bundles as modules. The command's bundle gets its shebang and is made executable, so that
// `npx wait-for-docs` and the `bin` link run it.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'

const moduleType = `${JSON.stringify({ type: 'module' }, null, 2)}\n`
writeFileSync(new URL('../dist/package.json', import.meta.url), moduleType)
writeFileSync(new URL('../dist/cli/package.json', import.meta.url), moduleType)

const command = new URL('../dist/cli/index.js', import.meta.url)
const SHEBANG = '#!/usr/bin/env node\n'
const bundle = readFileSync(command, 'utf8')
if (!bundle.startsWith(SHEBANG)) writeFileSync(command, `${SHEBANG}${bundle}`)
chmodSync(command, 0o755)
