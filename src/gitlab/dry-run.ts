// The command's part of the dry run on GitLab (`--check`): the token of the merge request note
// and of the commit status, each with one read where the record would write, never a write. A
// permission to write cannot be proven without writing: each line names what the record needs.
import type { RawInputs } from '../inputs/parse.js'
import type { DryRunCheck, DryRunPort, Settings } from '../model.js'
import { oneLine } from '../text.js'
import { timeoutSignal } from '../timeout-signal.js'
import { counts, fewNames, namesPresent, shownName, stateWord } from '../engine/targets/platform-check.js'
import { closeSoon, createGitLabClient, type GitLabClient, GitLabError } from './api.js'
import { statusPlace } from './commit-status.js'
import { cleanerWith, GITLAB_TOKEN_VARIABLE, gitlabTokenOf, type NoteContext, usableToken } from './context.js'
import { notePlace, noteSettings } from './mr-note.js'
import { gitlabPlatformCheckReader } from './platform-check.js'

/** What each record needs of the token to write. */
const NEEDS = {
  '--mr-comment': { what: 'merge request notes', role: 'Reporter' },
  '--commit-status': { what: 'commit statuses', role: 'Developer' }
} as const

type Record_ = keyof typeof NEEDS

const create = (record: Record_) =>
  `create a project access token with the api scope and at least the ${NEEDS[record].role} role (or a personal access token with the api scope) and store it as a masked CI/CD variable named ${GITLAB_TOKEN_VARIABLE}`

/** The reads of the records asked for, and the platform-check name among the statuses of the pipeline's commit. */
export function gitlabDryRun(context: NoteContext, raw: RawInputs, asked: { note: boolean; commitStatus: boolean }, settings: Settings): DryRunPort {
  return {
    async check(cancel, timeoutMs) {
      // One budget for every read: the dry run ends within the step's deadline, however many reads it makes.
      const signal = AbortSignal.any([cancel, timeoutSignal(timeoutMs)])
      const checks: DryRunCheck[] = []
      if (settings.platformCheck) checks.push(await nameCheck(settings, context, signal, timeoutMs))
      if (asked.note) checks.push(await recordCheck('--mr-comment', context, raw, signal, timeoutMs))
      if (asked.commitStatus) checks.push(await recordCheck('--commit-status', context, raw, signal, timeoutMs))
      return checks
    }
  }
}

/**
 * The platform-check name among the statuses of the pipeline's commit, read as the wait reads
 * them: found, or other names there (the name is likely wrong: invalid input), or nothing there
 * yet (a warning: the platform's integration may not have reported on this commit yet).
 */
async function nameCheck(settings: Settings, context: NoteContext, signal: AbortSignal, timeoutMs: number): Promise<DryRunCheck> {
  const subject = 'platform-check'
  const check = settings.platformCheck as NonNullable<Settings['platformCheck']>
  const name = shownName(check.name)
  const reader = gitlabPlatformCheckReader(gitlabTokenOf(context.token, context.env), context.env, context.clean)
  const answer = await reader.read(signal, timeoutMs)
  if (answer.kind === 'fatal') return { subject, state: 'problem', misconfigured: true, words: answer.reason }
  if (answer.kind === 'transient')
    return { subject, state: 'unknown', words: `the statuses of the pipeline's commit could not be read (${answer.reason}); run again` }
  const short = answer.commit.slice(0, 7)
  const matched = answer.reports.filter((report) => counts(check.name, report, { ownContext: settings.commitStatus?.context }))
  if (matched.length > 0)
    return {
      subject,
      state: 'ok',
      words: `${name} is on the pipeline's commit ${short}: ${matched.map((r) => `${shownName(r.name)} ${stateWord(r)}`).join(', ')}`
    }
  const names = namesPresent(answer.reports)
  if (names.length === 0)
    return {
      subject,
      state: 'warning',
      words: `nothing reports on the pipeline's commit ${short} yet, so the name ${name} cannot be checked: if the platform's integration reports on this project's commits, it may not have run yet`
    }
  return {
    subject,
    state: 'problem',
    invalid: true,
    words: `no commit status named ${name} on the pipeline's commit ${short}; the names there are ${fewNames(names, 10)}. Check --platform-check: give the name the platform's integration reports under (see the commit's pipelines and external statuses on GitLab)`
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
