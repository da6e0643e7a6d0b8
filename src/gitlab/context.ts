// What GitLab's records (the merge request note, the commit status) are given by the runner
// that keeps them, and the token they write with: one variable, one set of checks.
import type { RecordLog } from '../records/lifecycle.js'
import { secretForms } from '../report/markdown.js'
import { createRedactor } from '../text.js'

type Env = Readonly<Record<string, string | undefined>>

/** The variable that holds the token that writes the note and the commit status. */
export const GITLAB_TOKEN_VARIABLE = 'WAIT_FOR_DOCS_GITLAB_TOKEN'

/** What a GitLab record is given to work with. */
export interface NoteContext {
  /** `WAIT_FOR_DOCS_GITLAB_TOKEN` or `--gitlab-token`; '' when neither is set. */
  token: string
  /** The environment: `CI_API_V4_URL`, `CI_PROJECT_ID`, `CI_MERGE_REQUEST_IID`, `CI_JOB_URL`… */
  env: Env
  log: RecordLog
  /** Cuts every spelling of a key out of text. */
  clean: (text: string) => string
  /** Aborted on SIGINT / SIGTERM / SIGHUP. */
  signal: AbortSignal
  startedAt: number
  /** When the process must be gone by, once a signal came (the writes end by then, step/limits.ts). */
  exitBy: () => number | undefined
}

/** The token given: the flag (or the context's), else the variable. */
export function gitlabTokenOf(token: string | undefined, env: Env): string {
  return (token?.trim() || env[GITLAB_TOKEN_VARIABLE]?.trim()) ?? ''
}

/**
 * The token, or why it cannot write (`what`: "merge request notes", "commit statuses"), with
 * `create`: how to make one that can.
 */
export function usableToken(token: string, env: Env, what: string, create: string): { token: string } | { problem: string } {
  if (token === '') return { problem: `no token was given (${GITLAB_TOKEN_VARIABLE} is not set). ${create}` }
  if (token === env.CI_JOB_TOKEN?.trim() || token.startsWith('glcbt-'))
    return { problem: `${GITLAB_TOKEN_VARIABLE} holds the CI job token (CI_JOB_TOKEN), and GitLab does not let a job token write ${what}. ${create}` }
  if (!/^[\x21-\x7e]{1,4096}$/.test(token))
    return { problem: `${GITLAB_TOKEN_VARIABLE} is not printable ASCII without spaces (is the token pasted with a line break?)` }
  return { token }
}

/** `clean`, and every spelling of the GitLab token cut out too, whatever `clean` knows. */
export function cleanerWith(token: string, clean: (text: string) => string = (text) => text): (text: string) => string {
  const own = createRedactor(secretForms(token ? [token] : []))
  return (text) => own(clean(text))
}
