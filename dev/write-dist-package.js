// ncc writes ESM output; dist/package.json and dist/cli/package.json tell Node to load the
// bundles as modules. The command's bundle gets its shebang and is made executable, so that
// `npx wait-for-docs` and the `bin` link run it.
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { asciiOnly } from './ascii-bundle.js'

const moduleType = `${JSON.stringify({ type: 'module' }, null, 2)}\n`
writeFileSync(new URL('../dist/package.json', import.meta.url), moduleType)
writeFileSync(new URL('../dist/cli/package.json', import.meta.url), moduleType)

const command = new URL('../dist/cli/index.js', import.meta.url)
const SHEBANG = '#!/usr/bin/env node\n'
const bundle = readFileSync(command, 'utf8')
if (!bundle.startsWith(SHEBANG)) writeFileSync(command, `${SHEBANG}${bundle}`)
chmodSync(command, 0o755)

// undici's HTTP/2 client (lib/dispatcher/client-h2.js) requires node:http2 as it loads, for its
// constants, and takes `{ constants: {} }` in its place when Node has none. Neither bundle ever
// speaks HTTP/2: no dispatcher of src/ sets `allowH2` (a test in __tests__/layers.test.ts keeps it
// so), and without it undici offers only http/1.1. Loading node:http2 is most of what undici
// costs at start-up beyond node:http (bench/results.md), so both bundles get undici's own
// fallback. A bundle in which the require is not found once fails the build.
const HTTP2 = /(?:__WEBPACK_EXTERNAL_createRequire|\b[A-Za-z_$][\w$]*)\(import\.meta\.url\)\("node:http2"\)/g
for (const file of ['../dist/index.js', '../dist/cli/index.js']) {
  const url = new URL(file, import.meta.url)
  const code = readFileSync(url, 'utf8')
  const found = code.match(HTTP2) ?? []
  if (found.length !== 1) throw new Error(`${file}: expected one require of node:http2 (undici's client-h2.js), found ${found.length}`)
  writeFileSync(url, code.replace(HTTP2, '{ constants: {} }'))
}

// Every script of both bundles in ASCII alone, so that Node reads each as a one-byte string
// (dev/ascii-bundle.js says why, and what would fail the build).
for (const folder of ['../dist/', '../dist/cli/']) {
  const dir = new URL(folder, import.meta.url)
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.js'))) {
    const url = new URL(name, dir)
    const { code, escaped } = asciiOnly(readFileSync(url, 'utf8'), `dist/${folder.slice('../dist/'.length)}${name}`)
    if (escaped > 0) writeFileSync(url, code)
  }
}
