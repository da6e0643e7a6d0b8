import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FLAGS } from '../src/cli/flags.js'

// docs/troubleshooting.md as a reader uses it: its contents lead to every section, and what it
// says of the flags is what the command does.
const text = readFileSync(path.resolve(import.meta.dirname, '..', 'docs', 'troubleshooting.md'), 'utf8')

/** The anchor GitHub gives a heading. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-')

/** The `## ` headings outside code blocks, in order. */
function sections(markdown: string): string[] {
  let fenced = false
  const found: string[] = []
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    else if (!fenced && line.startsWith('## ')) found.push(line.slice(3))
  }
  return found
}

describe('docs/troubleshooting.md', () => {
  it('its contents list every section, in order, each link leading to it', () => {
    const contents = [...text.matchAll(/^- \[([^\]]+)\]\(#([^)]+)\)$/gm)].map((m) => [m[1], m[2]])
    expect(contents).toEqual(sections(text).map((heading) => [heading, anchor(heading)]))
  })

  it('names every flag that may be repeated, and only those', () => {
    const sentence = /Only a list flag \(([^)]*)\) may be repeated/.exec(text.replace(/\s+/g, ' '))
    const named = [...(sentence?.[1] ?? '').matchAll(/`--([\w-]+)`/g)].map((m) => m[1])
    expect(named.sort()).toEqual(
      FLAGS.filter((flag) => flag.kind === 'list')
        .map((flag) => flag.name)
        .sort()
    )
  })
})
