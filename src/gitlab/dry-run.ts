// The command's part of the dry run on GitLab (`--check`): the token of the merge request note
// and of the commit status, each with one read where the record would write, never a write. A
// permission to write cannot be proven without writing: each line names what the record needs.
import type { RawInputs } from '../inputs/parse.js'
import type { DryRunCheck, DryRunPort, Settings } from '../model.js'
import { oneLine } from '../text.js'
import { timeoutSignal } from '../timeout-signal.js'
import { closeSoon, createGitLabClient, type GitLabClient, GitLabError } from './api.js'
import { statusPlace } from './commit-status.js'
import { cleanerWith, GITLAB_TOKEN_VARIABLE, gitlabTokenOf, type NoteContext, usableToken } from './context.js'
import { notePlace, noteSettings } from './mr-note.js'

/** What each record needs of the token to write. */
const NEEDS = {
  '--mr-comment': { what: 'merge request notes', role: 'Reporter' },
  '--commit-status': { what: 'commit statuses', role: 'Developer' }
} as const

type Record_ = keyof typeof NEEDS

const create = (record: Record_) =>
  `create a project access token with the api scope and at least the ${NEEDS[record].role} role (or a personal access token with the api scope) and store it as a masked CI/CD variable named ${GITLAB_TOKEN_VARIABLE}`

/** The reads of the records asked for; platform-check, read by the action only, is a problem of its own here. */
export function gitlabDryRun(context: NoteContext, raw: RawInputs, asked: { note: boolean; commitStatus: boolean }, settings: Settings): DryRunPort {
  return {
    async check(cancel, timeoutMs) {
      // One budget for every read: the dry run ends within the step's deadline, however many reads it makes.
      const signal = AbortSignal.any([cancel, timeoutSignal(timeoutMs)])
      const checks: DryRunCheck[] = []
      if (settings.platformCheck)
        checks.push({
          subject: 'platform-check',
          state: 'problem',
          misconfigured: true,
          words:
            "platform-check is read by the GitHub Action only (from the checks and statuses of the run's commit); the command line cannot read it. Wait on it in a GitHub Actions step, or give status-id or job-id"
        })
      if (asked.note) checks.push(await recordCheck('--mr-comment', context, raw, signal, timeoutMs))
      if (asked.commitStatus) checks.push(await recordCheck('--commit-status', context, raw, signal, timeoutMs))
      return checks
    }
  }
}

async function recordCheck(record: Record_, context: NoteContext, raw: RawInputs, signal: AbortSignal, timeoutMs: number): Promise<DryRunCheck> {
  const subject = `${GITLAB_TOKEN_VARIABLE} for ${record}`
  const { env } = context
  const { what } = NEEDS[record]
  const given = gitlabTokenOf(context.token, env)
  const usable = usableToken(given, env, what, `To have it written, ${create(record)}.`)
  if ('problem' in usable)
    return { subject, state: 'problem', ...(given === '' ? { invalid: true as const } : { misconfigured: true as const }), words: usable.problem }
  const place = record === '--mr-comment' ? notePlace(env, noteSettings(raw)) : statusPlace(env)
  if ('skip' in place) return { subject, state: 'warning', words: `not checked: ${place.skip}; it would be skipped with a warning` }
  const clean = cleanerWith(usable.token, context.clean)
  const gitlab: GitLabClient = createGitLabClient(place.apiUrl, usable.token, signal, timeoutMs, env as NodeJS.ProcessEnv, clean)
  const reading = 'mergeRequest' in place ? `merge request !${place.mergeRequest}` : `the commit statuses of ${place.sha.slice(0, 7)}`
  try {
    if ('mergeRequest' in place) await gitlab.mergeRequestHead(place.project, place.mergeRequest)
    else await gitlab.commitStatuses(place.project, place.sha, raw['commit-status'].trim())
  } catch (error) {
    return refusal(error, subject, record, reading, signal)
  } finally {
    closeSoon(gitlab)
  }
  return {
    subject,
    state: 'ok',
    words: `reads ${reading}; writing ${what} needs the api scope and at least the ${NEEDS[record].role} role, which cannot be proven without writing`
  }
}

function refusal(error: unknown, subject: string, record: Record_, reading: string, signal: AbortSignal): DryRunCheck {
  const status = error instanceof GitLabError ? error.status : undefined
  const said = oneLine(error instanceof Error ? error.message : String(error), 200)
  if (status === 401)
    return { subject, state: 'problem', misconfigured: true, words: `GitLab refused the token reading ${reading} (${said}): ${create(record)}` }
  if (status === 403 || status === 404)
    return {
      subject,
      state: 'problem',
      misconfigured: true,
      words: `the token cannot read ${reading} (${said}), so it cannot write there either; ${create(record)}`
    }
  if (signal.aborted) return { subject, state: 'unknown', words: `GitLab did not answer in time reading ${reading} (request-timeout, or a cancel); run again` }
  return { subject, state: 'unknown', words: `${reading} could not be read (${said}); check CI_API_V4_URL, then run again` }
}
