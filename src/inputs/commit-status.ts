// The docs as a required check: the commit status context to post on the run's commit.
import * as z from 'zod/mini'
import type { CommitStatusSettings } from '../model.js'
import { addProblem, fromText } from './values.js'

export const commitStatusDefaults = {
  'commit-status': ''
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
  })
})

type CommitStatusFields = z.output<typeof commitStatusSchema>

/** The commit status's settings when commit-status is given; the token may be empty (the adapter says so). */
export function commitStatusSettings(
  f: CommitStatusFields,
  githubToken: string,
  url: string | undefined,
  requestTimeoutMs: number
): CommitStatusSettings | undefined {
  const context = f['commit-status']
  return context === undefined ? undefined : { context, url, githubToken, requestTimeoutMs }
}
