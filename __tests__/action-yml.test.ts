import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { INPUT_DEFAULTS } from '../src/inputs/parse.js'
import { OUTPUT_NAMES } from '../src/report/outputs.js'

interface ActionYml {
  runs: { using: string; main: string }
  inputs: Record<string, { description: string; default?: string }>
  outputs: Record<string, { description: string }>
}
const action = parse(readFileSync(new URL('../action.yml', import.meta.url), 'utf8')) as ActionYml
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('action.yml', () => {
  it('runs the bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  it('declares exactly the inputs the code reads, with the same defaults', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.keys(INPUT_DEFAULTS).sort())
    // An expression default (`${{ github.token }}`) is filled in by the runner only; outside it the code sees ''.
    const runnerOnly = (value: string) => (value.startsWith('${{') ? '' : value)
    for (const [name, fallback] of Object.entries(INPUT_DEFAULTS)) expect(runnerOnly(String(action.inputs[name]?.default ?? '')), name).toBe(fallback)
  })

  it('declares exactly the outputs the code writes', () => {
    expect(Object.keys(action.outputs).sort()).toEqual([...OUTPUT_NAMES].sort())
  })

  it('describes every input and output', () => {
    for (const entry of [...Object.values(action.inputs), ...Object.values(action.outputs)]) expect(entry.description.length).toBeGreaterThan(10)
  })

  it('the README documents every input and output', () => {
    for (const name of [...Object.keys(action.inputs), ...Object.keys(action.outputs)]) expect(readme, name).toContain(`\`${name}\``)
  })
})
