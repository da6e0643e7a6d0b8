// Where the examples of the docs live, for every reader that checks or runs them (the tests,
// .ci/registry-commands.mjs, .ci/gitlab-pipelines.mjs). Each reader asks for an example by its
// file and its first line, and gets an error when it is not there: moving or renaming an example
// fails its check instead of silently ending it.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The files whose yaml blocks hold GitHub workflows that use the action: the README's three, then one file per other usage. */
export const USAGE_FILES = [
  'README.md',
  'docs/usage/deployment.md',
  'docs/usage/required-check.md',
  'docs/usage/platform-deploys-on-push.md',
  'docs/usage/agent-job.md',
  'docs/usage/agent-follow-up.md',
  'docs/usage/work-started-elsewhere.md',
  'docs/usage/several-targets.md',
  'docs/usage/search-check.md',
  'docs/usage/page-live.md',
  'docs/usage/forks.md',
  'docs/usage/dry-run.md'
]

/** The page of each CI system the README names besides GitHub, and of the package. */
export const CI_FILES = {
  gitlab: 'docs/ci/gitlab.md',
  bitbucket: 'docs/ci/bitbucket.md',
  azure: 'docs/ci/azure.md',
  circleci: 'docs/ci/circleci.md',
  jenkins: 'docs/ci/jenkins.md',
  package: 'docs/ci/package.md'
}

/** The text of a file of the repository (a path relative to its root). */
export function readDoc(file) {
  return readFileSync(path.join(ROOT, file), 'utf8')
}

/** Every fenced block of a Markdown text, with its language, as written (an indented fence too). */
export function fencedBlocks(text) {
  return [...text.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm)].map((m) => ({
    lang: m[2],
    text: m[3]
      .split('\n')
      .map((line) => line.slice(m[1].length))
      .join('\n')
  }))
}

/** The fenced blocks of `lang` in a file; an error when it has none. */
export function docBlocks(file, lang) {
  const blocks = fencedBlocks(readDoc(file)).filter((block) => block.lang === lang)
  if (blocks.length === 0) throw new Error(`${file} has no ${lang} block: its examples have moved, and what reads them must follow`)
  return blocks.map((block) => block.text)
}

/** The block of `lang` in a file whose first line is `firstLine`; an error when there is none. */
export function exampleBlock(file, firstLine, lang = 'yaml') {
  const block = fencedBlocks(readDoc(file)).find((b) => b.lang === lang && b.text.startsWith(`${firstLine}\n`))
  if (!block) throw new Error(`${file} has no ${lang} block starting with "${firstLine}": the example has moved, and what reads it must follow`)
  return block.text
}

/** A section of a Markdown file, from its heading (`## Title`) to the next heading of its level or higher; an error when there is none. */
export function docSection(file, heading) {
  const text = readDoc(file)
  const level = /^#+/.exec(heading)?.[0].length ?? 0
  const lines = text.split('\n')
  const start = lines.indexOf(heading)
  if (start < 0) throw new Error(`${file} has no section "${heading}"`)
  let fence = false
  let end = start + 1
  for (; end < lines.length; end++) {
    if (lines[end].startsWith('```')) fence = !fence
    const m = /^(#+) /.exec(lines[end])
    if (!fence && m && m[1].length <= level) break
  }
  return lines.slice(start, end).join('\n')
}
