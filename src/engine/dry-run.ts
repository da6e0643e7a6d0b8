// The dry run (`check: true`, `--check`): read what the step would need, start nothing. The
// platform's part is here: one read the platform answers with the admin key (the first
// status-id, else the first job, else the project), GETs only. The CI system's part (its token
// and the records asked for, the platform-check name) comes from the adapter's port. Each check
// ends ok, with a warning (left unproven), a problem or unknown; the run's outcome follows from
// them: a problem with the inputs as given is invalid input, a refusal for certain is
// misconfigured, a read that got no answer is "could not tell".
import type { ApiClient } from '../api/client.js'
import type { ApiResult } from '../api/classify.js'
import type { Clock, DryRunCheck, DryRunPort, RunOutcome, Settings, TargetRef } from '../model.js'
import { counted, oneLine } from '../text.js'
import { requestAllowance } from './poll.js'

/** How many times one read of the platform is tried when its answer is worth another try (no answer, 5xx, 429). */
export const DRY_RUN_TRIES = 3

/** The job id the project is read with when no id is given: no job has it, so the platform's answer is about the key and the project. */
export const PROBE_JOB_ID = 'wait-for-docs-check'

export interface DryRunDeps {
  client: ApiClient
  clock: Clock
  /** Aborted when the run is cancelled. */
  signal: AbortSignal
  startedAt: number
  /** The CI system's checks (its token, the records asked for, the platform-check name); undefined where it has none. */
  port?: DryRunPort | undefined
  /** Told each check as it ends, for the log. */
  checked?: (check: DryRunCheck) => void
}

/** Runs every check once; never throws, never sends a POST. */
export async function runDryRun(settings: Settings, deps: DryRunDeps): Promise<RunOutcome> {
  const { clock, signal, startedAt } = deps
  const deadline = startedAt + settings.timeoutMs
  const checks: DryRunCheck[] = []
  const add = (check: DryRunCheck) => {
    checks.push(check)
    deps.checked?.(check)
  }
  for (const check of startedNothing(settings)) add(check)
  add(await platformCheck(settings, deps, deadline))
  const assistant = assistantKeyCheck(settings)
  if (assistant) add(assistant)
  if (deps.port && !signal.aborted) {
    const { timeoutMs } = requestAllowance(clock.now(), deadline, settings.requestTimeoutMs)
    for (const check of await deps.port.check(signal, Math.max(1, timeoutMs))) add(check)
  }
  return dryRunOutcome(checks, signal.aborted, clock.now() - startedAt)
}

/** The outcome of the checks: success when none found a problem or could not tell. */
export function dryRunOutcome(checks: DryRunCheck[], cancelled: boolean, elapsedMs: number): RunOutcome {
  const failed = checks.filter((c) => c.state === 'problem' || c.state === 'unknown')
  const warned = checks.filter((c) => c.state === 'warning').length
  const misconfigured = failed.some((c) => c.misconfigured === true)
  const problems = failed.filter((c) => c.invalid).map((c) => `${c.subject}: ${c.words}`)
  const result = cancelled ? 'cancelled' : failed.length > 0 ? 'error' : 'success'
  const started = 'nothing was started or written'
  const headline =
    result === 'cancelled'
      ? `Dry run cancelled after ${counted(checks.length, 'check')}; ${started}.`
      : failed.length === 0
        ? `Dry run: ${counted(checks.length, 'check')} passed${warned > 0 ? ` (${warned} with something left unproven, see the warnings)` : ''}; ${started}.`
        : // A problem with the inputs is listed with the input problems: said once.
          [
            `Dry run: ${failed.length} of ${counted(checks.length, 'check')} found a problem; ${started}.`,
            ...failed.filter((c) => !c.invalid).map((c) => `${c.subject}: ${c.words}`)
          ].join(' ')
  return { result, headline, problems, targets: [], search: undefined, dryRun: { checks, misconfigured }, elapsedMs }
}

/** What a trigger or a follow-up message would start: not sent, said once. */
function startedNothing(settings: Settings): DryRunCheck[] {
  const trigger = settings.trigger
  if (!trigger) return []
  const what = trigger.kind === 'message' ? 'agent-message' : `trigger: ${trigger.kind}`
  return [{ subject: what, state: 'ok', words: 'not sent: a dry run starts nothing (the POST is sent when check is off)' }]
}

/** The read that proves the admin key: the first update, else the first job, else the project with a job id no job has. */
function platformRead(settings: Settings): { path: string; what: string; ref?: TargetRef; project?: string } | undefined {
  const update = settings.targets.find((t) => t.kind === 'update')
  if (update) return { path: `/v1/project/update-status/${encodeURIComponent(update.id)}`, what: `update status ${update.id} (status-id)`, ref: update }
  const job = settings.targets.find((t) => t.kind === 'job')
  if (job && job.kind === 'job')
    return {
      path: `/v2/agent/${encodeURIComponent(job.projectId)}/job/${encodeURIComponent(job.id)}`,
      what: `agent job ${job.id} of project ${job.projectId}`,
      ref: job
    }
  const project = settings.trigger?.projectId
  if (project) return { path: `/v2/agent/${encodeURIComponent(project)}/job/${PROBE_JOB_ID}`, what: `project ${project} (project-id)`, project }
  return undefined
}

async function platformCheck(settings: Settings, deps: DryRunDeps, deadline: number): Promise<DryRunCheck> {
  const subject = 'admin-key'
  if (!settings.baseUrl)
    return { subject: 'base-url', state: 'ok', words: "not needed: only platform-check is asked for, which is read from the CI system, not the platform's API" }
  const read = platformRead(settings)
  if (!read) {
    if (!settings.adminKey) return { subject: 'base-url', state: 'ok', words: 'given; nothing asked for reads it with the admin key' }
    return {
      subject,
      state: 'warning',
      words: 'not checked: no status-id, job-id or project-id names something the key could read; give one to have the key checked'
    }
  }
  const answer = await readOnce(read.path, settings, deps, deadline)
  if (answer.kind === 'ok') return { subject, state: 'ok', words: `accepted: the platform answered the read of ${read.what}` }
  if (answer.kind === 'cancelled') return { subject, state: 'unknown', words: 'cancelled before the platform answered' }
  if (answer.kind === 'fatal' && answer.misconfigured)
    return { subject, state: 'problem', misconfigured: true, words: `${answer.reason} (reading ${read.what})` }
  if (answer.kind === 'not-found') {
    if (read.project) {
      // The platform answers an unknown job in a project it knows as "not found" too: only its words tell the project apart.
      if (/project/i.test(answer.reason))
        return {
          subject: 'project-id',
          state: 'problem',
          misconfigured: true,
          words: `the platform knows no project ${read.project} (${answer.reason}); check project-id: it is on the API keys page of the dashboard, and the key must belong to it`
        }
      return { subject, state: 'ok', words: `accepted: the platform answered for ${read.what} (a job id no job has, read as not found, as expected)` }
    }
    const input = read.ref?.kind === 'job' ? 'job-id and project-id' : 'status-id'
    return {
      subject: input,
      state: 'problem',
      misconfigured: true,
      words: `the platform has no ${read.what} (${answer.reason}); check ${input}: an id from another project, or a typo (the key was accepted)`
    }
  }
  if (answer.kind === 'fatal')
    return { subject, state: 'unknown', words: `the platform's answer to the read of ${read.what} tells nothing of the key: ${answer.reason}` }
  return {
    subject,
    state: 'unknown',
    words: `the platform could not be read (${answer.reason}) after ${counted(answer.tries, 'try', 'tries')}: it could not be told whether the key is accepted; check base-url, then run again`
  }
}

type ReadAnswer = Exclude<ApiResult, { kind: 'transient' }> | { kind: 'transient'; reason: string; tries: number } | { kind: 'cancelled' }

/** One GET, tried again (up to DRY_RUN_TRIES) only while its answer is worth another try and the deadline allows. */
async function readOnce(path: string, settings: Settings, deps: DryRunDeps, deadline: number): Promise<ReadAnswer> {
  const { client, clock, signal } = deps
  let tries = 0
  for (;;) {
    if (signal.aborted) return { kind: 'cancelled' }
    const { timeoutMs, limit } = requestAllowance(clock.now(), deadline, settings.requestTimeoutMs)
    tries++
    const answer = await client.request({
      method: 'GET',
      path,
      key: settings.adminKey,
      keyInput: 'admin-key',
      timeoutMs: Math.max(1, timeoutMs),
      limit,
      signal
    })
    if (signal.aborted) return { kind: 'cancelled' }
    if (answer.kind !== 'transient') return answer
    const waitMs = Math.max(answer.retryAfterMs ?? 0, settings.minIntervalMs)
    if (tries >= DRY_RUN_TRIES || clock.now() + waitMs >= deadline) return { kind: 'transient', reason: oneLine(answer.reason, 300), tries }
    await clock.sleep(waitMs, signal)
  }
}

/** The assistant key is read only by a search, which is a POST: a dry run sends none, and says so. */
function assistantKeyCheck(settings: Settings): DryRunCheck | undefined {
  const uses = [settings.search && 'search-query', settings.pages && !settings.pages.site && 'page-path'].filter((u): u is string => typeof u === 'string')
  if (uses.length === 0) return undefined
  return {
    subject: 'assistant-key',
    state: 'warning',
    words: `not checked: the platform reads it only in a search (a POST), and a dry run sends none; ${uses.join(' and ')} will prove it in the real run`
  }
}
