// platform-check on the command line: read on GitLab CI from the statuses of the pipeline's commit
// (gitlab/platform-check.ts), its code loaded on the first read, so a run without platform-check
// loads none of it; anywhere else it is invalid input that says where it can be read.
import { pipelineCommit, READ_TOKEN, usableToken } from '../gitlab/context.js'
import type { PlatformCheckPort } from '../model.js'

type Env = Readonly<Record<string, string | undefined>>

/** Why the command cannot read platform-check in this job (invalid input), or undefined when it can. */
export function platformCheckProblem(token: string, env: Env): string | undefined {
  if (env.GITLAB_CI !== 'true') {
    const where =
      env.GITHUB_ACTIONS === 'true'
        ? "In GitHub Actions, give platform-check to the action's step (uses: OWNER/wait-for-docs@v1), which reads the checks and statuses of the run's commit"
        : 'Run the command in a GitLab CI job, or wait on the deploy with status-id or job-id'
    return `platform-check: the command reads it on GitLab CI only, from the statuses of the pipeline's commit, and this is not a GitLab CI job (GITLAB_CI is not set). ${where}`
  }
  const place = pipelineCommit(env)
  if ('problem' in place) return `platform-check: ${place.problem}, so there is no pipeline commit to read it on; run it in a job of a pipeline for a commit`
  const key = usableToken(token, env, 'commit statuses', READ_TOKEN, 'read')
  return 'problem' in key ? `platform-check: it is read from the statuses of the pipeline's commit with a GitLab token, and ${key.problem}` : undefined
}

/** The reader of platform-check on GitLab CI, its code loaded on its first read. */
/** What GitLab's reader reads, for the words. */
export const GITLAB_REPORTS = 'commit status'

export function lazyGitLabPlatformCheck(token: string, env: Env, clean: (text: string) => string): PlatformCheckPort {
  let reader: Promise<PlatformCheckPort> | undefined
  return {
    reads: GITLAB_REPORTS,
    async read(signal, timeoutMs) {
      reader ??= import('../gitlab/platform-check.js').then((m) => m.gitlabPlatformCheckReader(token, env, clean))
      try {
        return await (await reader).read(signal, timeoutMs)
      } catch (error) {
        reader = undefined
        const why = error instanceof Error ? error.message : String(error)
        return {
          kind: 'fatal',
          reason: `the code that reads platform-check could not be loaded (${why.split('\n')[0]?.slice(0, 200)}); check that the package's dist/ folder is complete`
        }
      }
    }
  }
}
