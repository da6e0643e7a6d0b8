// The docs as a required check: the commit status context to post on the run's commit.
import * as z from 'zod/mini'
import type { CommitStatusSettings } from '../model.js'
import { oneLine } from '../text.js'
import { addProblem, fromText } from './values.js'

export const commitStatusDefaults = {
  'commit-status': '',
  matrix: ''
} as const

/** GitHub's limit on a status context (GitLab's on a status name is the same). */
const MAX_CONTEXT_LENGTH = 255

export const commitStatusSchema = z.object({
  'commit-status': fromText((text, ctx) => {
    if (text === '') return undefined
    if (text.length > MAX_CONTEXT_LENGTH) {
      addProblem(
        ctx,
        `is ${text.length} characters long; a status context has at most ${MAX_CONTEXT_LENGTH}, and branch protection requires it by name, so a short one such as docs is best`
      )
      return z.NEVER
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a context is one line of text
    if (/[\u0000-\u001f\u007f]/.test(text)) {
      addProblem(ctx, 'is not a status context (no line breaks or control characters); use the name branch protection requires, e.g. docs')
      return z.NEVER
    }
    return text
  }),
  // The runner fills in the job's matrix (`${{ toJSON(matrix) }}`); anything else names a leg as it is.
  matrix: fromText((text) => legOf(text))
})

/**
 * The matrix leg a job runs, for the commit status's writer (records/gate.ts): the matrix's JSON
 * whole as its identity, its values as the words name it (`linux, 20`, as GitHub names the
 * leg's job). No matrix (`null`, empty, an expression the runner did not fill in): none.
 */
export function legOf(text: string): { identity: string; label: string } | undefined {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed === 'null' || trimmed.startsWith('${{')) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(trimmed)
  } catch {
    return { identity: trimmed, label: oneLine(trimmed, 40) }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { identity: trimmed, label: oneLine(trimmed, 40) }
  const values = Object.values(parsed).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
  return values.length === 0 ? undefined : { identity: JSON.stringify(parsed), label: oneLine(values.join(', '), 40) }
}

type CommitStatusFields = z.output<typeof commitStatusSchema>

/** The commit status's settings when commit-status is given; the token may be empty (the adapter says so). */
export function commitStatusSettings(
  f: CommitStatusFields,
  githubToken: string,
  url: string | undefined,
  requestTimeoutMs: number,
  failOnTimeout: boolean
): CommitStatusSettings | undefined {
  const context = f['commit-status']
  return context === undefined ? undefined : { context, url, githubToken, requestTimeoutMs, leg: f.matrix, failOnTimeout }
}
