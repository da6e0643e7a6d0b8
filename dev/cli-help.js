// Writes src/cli/input-help.ts, the description of every input for `wait-for-docs --help`, from
// action.yml: the bundle cannot read action.yml at run time, and the help must say what the
// action's inputs say. `node dev/cli-help.js --check` exits 1 when the module is stale.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { parse } from 'yaml'

const moduleUrl = new URL('../src/cli/input-help.ts', import.meta.url)

/** The module's text for the given action.yml text. */
export function renderInputHelp(actionYml) {
  const inputs = Object.entries(parse(actionYml).inputs ?? {})
  const entries = inputs.map(([name, spec]) => `  '${name}': ${JSON.stringify(String(spec.description).replace(/\s+/g, ' ').trim())}`)
  return [
    '// Generated from action.yml by `npm run docs` (dev/cli-help.js); do not edit.',
    "import type { InputName } from '../inputs/parse.js'",
    '',
    '/** What each input does, in the words of action.yml. */',
    'export const INPUT_HELP = {',
    entries.join(',\n'),
    '} as const satisfies Record<InputName, string>',
    ''
  ].join('\n')
}

/** The text as the project's formatter writes it, so that the check and `npm run format` agree. */
function formatted(text) {
  const biome = new URL('../node_modules/.bin/biome', import.meta.url).pathname
  return execFileSync(biome, ['format', `--stdin-file-path=${moduleUrl.pathname}`], { input: text, encoding: 'utf8' })
}

if (import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const fresh = formatted(renderInputHelp(readFileSync(new URL('../action.yml', import.meta.url), 'utf8')))
  if (process.argv.includes('--check')) {
    let current = ''
    try {
      current = readFileSync(moduleUrl, 'utf8')
    } catch {}
    if (fresh !== current) {
      console.error('src/cli/input-help.ts is stale: run `npm run docs`')
      process.exit(1)
    }
  } else writeFileSync(moduleUrl, fresh)
}
