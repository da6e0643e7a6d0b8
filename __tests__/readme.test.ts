import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CI_FILES, readDoc, USAGE_FILES } from '../dev/doc-examples.js'
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

describe('README.md as the front page, and the pages it links', () => {
  const readme = readDoc('README.md')
  const markdown = [
    'README.md',
    ...readdirSync(new URL('../docs', import.meta.url), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`)
  ]

  it('is under 600 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(600)
  })

  it('links every page of docs/usage/ and docs/ci/', () => {
    for (const file of [...USAGE_FILES.filter((f) => f !== 'README.md'), ...Object.values(CI_FILES), 'docs/usage/starting-the-work.md'])
      expect(readme, file).toContain(`](${file})`)
  })

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
  const anchor = (heading: string) =>
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
  const anchorsOf = (file: string) => {
    const text = readDoc(file).replace(/^```[\s\S]*?^```$/gm, '')
    return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1] ?? '')))
  }

  it.each(markdown)('%s: every relative link names a file that exists, and a heading of it', (file) => {
    const text = readDoc(file).replace(/^ *```[\s\S]*?^ *```$/gm, '')
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((link) => !/^[a-z]+:/.test(link))
    for (const link of links) {
      const [target = '', hash] = link.split('#')
      const resolved = target === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
      expect(existsSync(new URL(`../${resolved}`, import.meta.url)), `${file}: ${link}`).toBe(true)
      if (hash !== undefined && resolved.endsWith('.md')) expect(anchorsOf(resolved), `${file}: ${link}`).toContain(hash)
    }
  })
})
