// What GitLab's records (the merge request note, the commit status) are given by the runner
// that keeps them, and the token they write with: one variable, one set of checks.
import type { RecordLog } from '../records/lifecycle.js'
import { secretForms } from '../report/markdown.js'
import { createRedactor } from '../text.js'

type Env = Readonly<Record<string, string | undefined>>

/** The variable that holds the token that writes the note and the commit status. */
export const GITLAB_TOKEN_VARIABLE = 'WAIT_FOR_DOCS_GITLAB_TOKEN'

/** How to make a token that reads the commit's statuses (platform-check). */
export const READ_TOKEN = `Create a project access token with the read_api scope (or api, as the commit status and the note need) and at least the Reporter role (the project's Settings › Access tokens), and store it as a masked CI/CD variable named ${GITLAB_TOKEN_VARIABLE}`

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
 * The token, or why it cannot write (`what`: "merge request notes", "commit statuses"; `verb`:
 * "read" for a reader), with `create`: how to make one that can.
 */
export function usableToken(token: string, env: Env, what: string, create: string, verb = 'write'): { token: string } | { problem: string } {
  if (token === '') return { problem: `no token was given (${GITLAB_TOKEN_VARIABLE} is not set). ${create}` }
  if (token === env.CI_JOB_TOKEN?.trim() || token.startsWith('glcbt-'))
    return { problem: `${GITLAB_TOKEN_VARIABLE} holds the CI job token (CI_JOB_TOKEN), and GitLab does not let a job token ${verb} ${what}. ${create}` }
  if (!/^[\x21-\x7e]{1,4096}$/.test(token))
    return { problem: `${GITLAB_TOKEN_VARIABLE} is not printable ASCII without spaces (is the token pasted with a line break?)` }
  return { token }
}

/** `clean`, and every spelling of the GitLab token cut out too, whatever `clean` knows. */
export function cleanerWith(token: string, clean: (text: string) => string = (text) => text): (text: string) => string {
  const own = createRedactor(secretForms(token ? [token] : []))
  return (text) => own(clean(text))
}

/** The pipeline's commit in the GitLab API, as a reader of the commit needs it. */
export interface PipelineCommit {
  apiUrl: URL
  project: string
  sha: string
  /** The project's web address (CI_PROJECT_URL), under which its jobs' pages are; undefined when not set. */
  projectUrl: string | undefined
}

const COMMIT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i

/**
 * The pipeline's commit (CI_COMMIT_SHA) in the project (CI_PROJECT_ID) of the GitLab API
 * (CI_API_V4_URL), or which variable is missing, for `what` ("platform-check").
 */
export function pipelineCommit(env: Env): PipelineCommit | { problem: string } {
  if (env.GITLAB_CI !== 'true') return { problem: 'this is not a GitLab CI job (GITLAB_CI is not set)' }
  const project = env.CI_PROJECT_ID?.trim()
  if (!project) return { problem: 'CI_PROJECT_ID is not set' }
  const api = env.CI_API_V4_URL?.trim() ?? ''
  if (!URL.canParse(api) || !/^https?:$/.test(new URL(api).protocol)) return { problem: 'CI_API_V4_URL is not set to the http(s) URL of the GitLab API' }
  const sha = env.CI_COMMIT_SHA?.trim() ?? ''
  if (!COMMIT_ID.test(sha)) return { problem: sha === '' ? 'CI_COMMIT_SHA is not set' : 'CI_COMMIT_SHA is not a commit id' }
  const projectUrl = env.CI_PROJECT_URL?.trim().replace(/\/+$/, '')
  return { apiUrl: new URL(api), project, sha: sha.toLowerCase(), projectUrl: projectUrl && URL.canParse(projectUrl) ? projectUrl : undefined }
}
