import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderReadme } from '../dev/readme-tables.js'

describe('README.md', () => {
  it('has the inputs and outputs tables of action.yml (npm run docs)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const action = readFileSync(new URL('../action.yml', import.meta.url), 'utf8')
    expect(renderReadme(readme, action)).toBe(readme)
  })

  it('begins with the demo and test commands', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
    expect(firstBlock).toContain('npm run demo')
    expect(firstBlock).toContain('npm test')
  })
})
