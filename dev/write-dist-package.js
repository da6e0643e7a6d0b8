// ncc writes ESM output; dist/package.json and dist/cli/package.json tell Node to load the
// bundles as modules. The command's bundle gets its shebang and is made executable, so that
// `npx wait-for-docs` and the `bin` link run it.
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { actionEntry, commandEntry, inAscii } from './dist-rewrites.js'

const moduleType = `${JSON.stringify({ type: 'module' }, null, 2)}\n`
writeFileSync(new URL('../dist/package.json', import.meta.url), moduleType)
writeFileSync(new URL('../dist/cli/package.json', import.meta.url), moduleType)

const command = new URL('../dist/cli/index.js', import.meta.url)
const SHEBANG = '#!/usr/bin/env node\n'
const bundle = readFileSync(command, 'utf8')
if (!bundle.startsWith(SHEBANG)) writeFileSync(command, `${SHEBANG}${bundle}`)
chmodSync(command, 0o755)

// Each entry as dev/dist-rewrites.js says (actionEntry, commandEntry), and every script in ASCII alone.
for (const [file, rewrite] of [
  ['../dist/index.js', actionEntry],
  ['../dist/cli/index.js', commandEntry]
]) {
  const url = new URL(file, import.meta.url)
  writeFileSync(url, rewrite(readFileSync(url, 'utf8'), file))
}
for (const folder of ['../dist/', '../dist/cli/']) {
  const dir = new URL(folder, import.meta.url)
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.js'))) {
    const url = new URL(name, dir)
    const code = readFileSync(url, 'utf8')
    const ascii = inAscii(code, `dist/${folder.slice('../dist/'.length)}${name}`)
    if (ascii !== code) writeFileSync(url, ascii)
  }
}
