// Writes the inputs and outputs tables of README.md from action.yml, between the
// <!-- inputs:start/end --> and <!-- outputs:start/end --> markers.
// `node dev/readme-tables.js --check` exits 1 when README.md is out of date.
import { readFileSync, writeFileSync } from 'node:fs'
import { parse } from 'yaml'

const readmeUrl = new URL('../README.md', import.meta.url)
const cell = (text) =>
  String(text)
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim()

/** The README text with both tables regenerated from the given action.yml text. */
export function renderReadme(readme, actionYml) {
  const action = parse(actionYml)
  const inputs = Object.entries(action.inputs ?? {}).map(
    ([name, spec]) => `| \`${name}\` | ${spec.default === undefined || spec.default === '' ? '' : `\`${cell(spec.default)}\``} | ${cell(spec.description)} |`
  )
  const outputs = Object.entries(action.outputs ?? {}).map(([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`)
  return replaceBetween(replaceBetween(readme, 'inputs', ['| input | default | description |', '| --- | --- | --- |', ...inputs]), 'outputs', [
    '| output | description |',
    '| --- | --- |',
    ...outputs
  ])
}

function replaceBetween(text, name, lines) {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`README.md lacks the ${start} … ${end} markers`)
  return `${text.slice(0, from + start.length)}\n${lines.join('\n')}\n${text.slice(to)}`
}

if (import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const readme = readFileSync(readmeUrl, 'utf8')
  const fresh = renderReadme(readme, readFileSync(new URL('../action.yml', import.meta.url), 'utf8'))
  if (process.argv.includes('--check')) {
    if (fresh !== readme) {
      console.error('README.md tables are stale: run `npm run docs`')
      process.exit(1)
    }
  } else writeFileSync(readmeUrl, fresh)
}
