// The advice per reason: why one target (or a page or search check) ended as it did, and what
// to do now, in the words of where the step runs (place.ts: an input of the action, a flag or a
// variable of the command, "re-run the job" or "run the pipeline again").
import { formatDuration } from '../durations.js'
import { neverReadProblem } from '../engine/wait.js'
import type { RunOutcome, TargetReport } from '../model.js'
import { counted, oneLine } from '../text.js'
import { namedFiles, unknownEnd, updateSummary, wrongCommit } from './evidence.js'
import { type ExplainOptions, type Explanation, succeededTarget } from './explainer.js'
import { GITHUB_ACTIONS_PLACE, type RunPlace } from './place.js'

/** Why one target ended as it did, and what to do now, in the user's terms. */
export function explainTarget(t: TargetReport, options: ExplainOptions = {}): Explanation {
  const place = options.place ?? GITHUB_ACTIONS_PLACE
  const input = place.input
  if (t.ref.kind === 'platform-check' && t.result !== 'success') return explainPlatformCheck(t, place)
  const noun = t.ref.kind === 'update' ? 'update' : 'agent job'
  const error = t.error ? oneLine(t.error, 600) : undefined
  switch (t.result) {
    case 'success':
      return succeededTarget(t)
    case 'failure': {
      if (wrongCommit(t))
        return {
          reason: `did not deploy the expected commit: ${error ?? 'its record names another commit'}`,
          next:
            options.expectedCommit ??
            `check that the platform deploys the branch this run is for and that the update started after the push; remove ${input('expect-sha')} if any commit will do`
        }
      if (t.ref.kind === 'update') {
        const summary = updateSummary(t)
        // Every file its error lines name, counted; the quoted lines' are annotated (or quoted).
        const files = namedFiles(t, options.docsRoot)
        const shown = namedFiles(t, options.docsRoot, true).filter((file) => file !== files[0]).length
        const others = files.length - 1
        const how = place.annotates ? 'annotated in the workflow run' : 'quoted above'
        const where =
          others === 0
            ? place.annotates
              ? ' (named in its log and annotated in the workflow run)'
              : ' (named in its log)'
            : shown === others
              ? ` (and ${counted(others, 'other file')} its log names; each is ${how})`
              : ` (and ${counted(others, 'other file')} its log names; ${shown} of them ${shown === 1 ? 'is' : 'are'} ${how}, every one is in its log)`
        return {
          reason: summary ? `failed: “${summary}”` : `failed (status "${oneLine(t.status, 80)}")`,
          next: files[0]
            ? `fix ${files[0]}${where}, push, and let the update run again`
            : `read the update log in ${place.details}, fix the docs source, and run the update again`
        }
      }
      const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined
      const where = prLink ? `its pull request: ${oneLine(prLink, 300)}` : `job id ${t.ref.id}`
      if (t.status === 'failed')
        return { reason: `failed (status "failed"; ${where})`, next: 'open the job in the dashboard to read why it failed, then start it again' }
      const next =
        t.status === 'archived'
          ? `set ${input('accept-archived')} to true if an archived job is fine, else start the job again`
          : `read the job in the dashboard to see why it opened no pull request, or drop ${input('require-pr')}`
      return { reason: `did not succeed: ${error ?? `it ended with status "${oneLine(t.status, 80)}"`} (${where})`, next }
    }
    case 'timeout': {
      const status = t.status ? `still "${oneLine(t.status, 80)}"` : 'never answered with a status'
      const waited = `after ${formatDuration(t.finishedAfterMs)}`
      const problem = lastProblem(t.error)
      const raise = options.timeoutMs === undefined ? `raise ${input('timeout')}` : `raise ${input('timeout')} (now ${formatDuration(options.timeoutMs)})`
      if (problem && !t.status) return { reason: `${status} ${waited}: ${problem}`, next: networkNext(problem, place) }
      return {
        reason: `${status} ${waited}${problem ? ` (last problem: ${problem})` : ''}`,
        next: `if this ${noun} usually takes longer, ${raise}; if it is stuck, check it in the dashboard`
      }
    }
    case 'cancelled':
      if (t.stoppedByFailFast) return { reason: error ?? 'stopped by fail-fast', next: 'fix the target that failed first; this one was stopped because of it' }
      return {
        reason: `had not settled when the wait on it was cancelled${t.status ? ` (last status "${oneLine(t.status, 80)}")` : ''}; only the wait was cancelled, not the ${noun}`,
        next: `follow the ${noun} in the dashboard, or ${place.rerun} to wait on it again`
      }
    case 'error': {
      if (unknownEnd(t)) {
        const summary = updateSummary(t)
        return {
          reason: `ended with status "${oneLine(t.status, 80)}", which this action does not know, so it does not count as success${summary ? `: “${summary}”` : ''}`,
          next: `its status, summary and last log lines are in ${place.details}; check in the dashboard how the update ended, then run it again`
        }
      }
      // Never a status read: told as what kept it away, with what to do about that.
      const never = t.status ? undefined : neverReadProblem(t.error)
      if (never)
        return { reason: `never answered with a status after ${formatDuration(t.finishedAfterMs)}: ${oneLine(never, 300)}`, next: networkNext(never, place) }
      return explainError(t, error ?? 'no reason was given', place)
    }
  }
}

/** Why a platform check (what the platform's app reports on the commit) ended as it did, and what to do now. */
function explainPlatformCheck(t: TargetReport, place: RunPlace): Explanation {
  const input = place.input
  const error = oneLine(t.error ?? t.result, 600)
  const timeout = input('timeout')
  switch (t.result) {
    case 'failure':
      return {
        reason: `failed: ${error}`,
        next: 'open what the platform reported (its address is the platform-check-url output) to read why the deploy failed, fix it, and push again'
      }
    case 'timeout':
      if (/ appeared on commit /.test(error))
        return {
          reason: `never appeared: ${error.replace(/\. Check that the platform's app .*$/, '')}`,
          next: `check that the platform's app is installed on this repository and deploys this branch, and that ${input('platform-check')} is the name it writes on the commit (the names found are above); if it starts late, raise ${timeout}`
        }
      return {
        reason: `did not complete in time: ${error}`,
        next: `if the platform's deploy usually takes longer, raise ${timeout}; if it is stuck, open its address and check it on the platform`
      }
    case 'cancelled':
      if (t.stoppedByFailFast) return { reason: error, next: 'fix the target that failed first; this one was stopped because of it' }
      if (error.startsWith('the run was cancelled'))
        return {
          reason: `had not settled when the wait on it was cancelled${t.status ? ` (last status "${oneLine(t.status, 80)}")` : ''}; only the wait was cancelled, not the platform's deploy`,
          next: `follow the deploy on the platform, or ${place.rerun} to wait on it again`
        }
      return {
        reason: `was cancelled on the platform: ${error}`,
        next: `a newer push may have replaced this deploy; start it again on the platform, or push again, then ${place.rerun}`
      }
    default: {
      if (/\b(checks: read|statuses: read|deployments: read)\b/.test(error))
        return {
          reason: `could not be read: ${error}`,
          next: `add \`checks: read\`, \`statuses: read\` and \`deployments: read\` to the job's \`permissions\` (or pass in ${input('github-token')} a token that has them), then ${place.rerun}`
        }
      return { reason: `could not be read: ${error}`, next: `see ${place.details} for details; ${place.rerun} if the cause was passing` }
    }
  }
}

function lastProblem(error: string | null): string | undefined {
  const found = error ? /; last problem: (.*)$/.exec(error) : null
  return found?.[1] ? oneLine(found[1], 300) : undefined
}

function networkNext(problem: string, place: RunPlace): string {
  const baseUrl = place.input('base-url')
  if (/^nothing answered at base-url\b/.test(problem)) return unreachableNext(place)
  // Slower than request-timeout is not unreachable: the address answered, too late.
  if (/^no complete answer within .*\(request-timeout\)/.test(problem))
    return `the platform did not answer within ${place.input('request-timeout')}: if it is this slow, raise ${place.input('request-timeout')}; if it stays silent, check its status page, then ${place.rerun}`
  if (/^HTTP 5\d\d/.test(problem)) return `the platform kept answering with a server error: check its status page, then ${place.rerun}`
  if (/^HTTP 429/.test(problem)) return `the platform kept asking to slow down: run fewer waits on the same key at once, or raise ${place.input('timeout')}`
  if (/record has an empty "status"$/.test(problem))
    return 'the platform answered, but without a status: check it in the dashboard, and report the empty status to the platform if it stays'
  if (/not JSON|not the JSON expected/.test(problem))
    return `check that ${baseUrl} is the address of the platform API (the answers were not its JSON; a proxy or web page may be in between)`
  const from = place.kind === 'github' ? 'the runner (and HTTPS_PROXY / NO_PROXY on self-hosted runners)' : 'where this runs (and HTTPS_PROXY / NO_PROXY)'
  return `check that ${baseUrl} is right and reachable from ${from}, then ${place.rerun}`
}

/**
 * What to do after a page or search check that ended without a verdict (cancelled, timed out,
 * an error), from why it ended: a cancel is not a wrong input, a 429 not a wrong key.
 */
export function checkNext(
  check: 'page check' | 'search check',
  result: Exclude<RunOutcome['result'], 'success' | 'failure'>,
  error: string,
  place: RunPlace,
  site?: string
): string {
  const input = place.input
  if (result === 'cancelled')
    return `nothing is wrong with the docs or the inputs as far as is known: the run was cancelled during the ${check}; ${place.rerun} to check again`
  // `page "<path>": <reason>`, or a timeout's `…; last problem: <reason>`.
  const first = error.split('\n')[0] ?? ''
  const problem = lastProblem(first) ?? (first.includes('": ') ? first.slice(first.indexOf('": ') + 3) : first)
  if (/^nothing answered at base-url\b/.test(problem)) return unreachableNext(place)
  if (site !== undefined) {
    if (result === 'timeout' && !lastProblem(error)) return `if the pages take longer to be served, raise ${input('timeout')}`
    return siteNext(problem, site, place)
  }
  if (/^HTTP 401\b/.test(problem)) return `put a current assistant API key in the secret passed as ${input('assistant-key')}`
  if (/^HTTP 403\b/.test(problem)) return `pass in ${input('assistant-key')} a key of the project whose docs ${input('search-domain')} names`
  if (/check page-path\)$/.test(problem))
    return `check ${input('page-path')}: the platform refused a path (each is a page's path as search results give it, such as quickstart, without the docs root or a file extension)`
  // A check never answered until the deadline (an error, "could not tell") is told as a timeout was: by its last problem.
  if (result === 'timeout' || lastProblem(error) !== undefined) {
    if (!lastProblem(error)) return `if the docs take longer to be published, raise ${input('timeout')}`
    return networkNext(problem, place).replace('run fewer waits on the same key at once', 'run fewer checks on the same assistant key at once')
  }
  return `check ${input('search-domain')} and ${input('assistant-key')}, and that ${input('base-url')} reaches the discovery API`
}

/** What to do after a page check on the site (site-url) that ended without a verdict. */
function siteNext(problem: string, site: string, place: RunPlace): string {
  const input = place.input
  if (/^HTTP 40[13]\b/.test(problem))
    return `the site (${site}) refused to serve the pages: give the header that lets a reader in (a preview's bypass token) in ${input('page-header')}, or check the one given; then ${place.rerun}`
  if (/another origin than site-url\b/.test(problem)) return `set ${input('site-url')} to the address the pages are served from, then ${place.rerun}`
  if (/^HTTP 5\d\d/.test(problem)) return `the site (${site}) kept answering with a server error: check that it is up, then ${place.rerun}`
  if (/^HTTP 429/.test(problem)) return `the site (${site}) kept asking to slow down: raise ${input('min-interval')}, or read fewer pages at once`
  if (/^no complete answer within .*\(request-timeout\)/.test(problem))
    return `the site (${site}) did not answer within ${input('request-timeout')}: if it is this slow, raise ${input('request-timeout')}; then ${place.rerun}`
  return `check that ${input('site-url')} (${site}) is the address readers are served the docs from, and that it is reachable from here; then ${place.rerun}`
}

/** What to do when nothing answered at base-url: the address is wrong far more often than the platform is down. */
function unreachableNext(place: RunPlace): string {
  return `check ${place.input('base-url')}: it must be the address of the platform API, reachable from here; then ${place.rerun}`
}

function explainError(t: TargetReport, error: string, place: RunPlace): Explanation {
  const input = place.input
  if (/^nothing answered at base-url\b/.test(error)) return { reason: `could not be read: ${error}`, next: unreachableNext(place) }
  const idInput = t.ref.kind === 'update' ? input('status-id') : `${input('job-id')} and ${input('project-id')}`
  if (/^HTTP 401\b/.test(error)) {
    const key = /rejected ([\w-]+)/.exec(error)?.[1] ?? 'admin-key'
    return { reason: `could not be read: the platform rejected ${key} (HTTP 401)`, next: `put a current API key in the secret passed as ${input(key)}` }
  }
  if (/^HTTP 403\b/.test(error)) {
    const key = /^HTTP 403: ([\w-]+)/.exec(error)?.[1] ?? 'admin-key'
    return {
      reason: `could not be read: ${key} is not allowed to read it (HTTP 403)`,
      next: `pass in ${input(key)} a key of the project that owns this ${t.ref.kind === 'update' ? 'update' : 'job'}`
    }
  }
  if (/^HTTP 404\b/.test(error))
    return {
      reason: `was not found (${error})`,
      next: `check ${idInput}: the id must come from the step that started it, for the project of the key`
    }
  return { reason: `ended with an error: ${error}`, next: `see ${place.details} for details; ${place.rerun} if the cause was passing` }
}

/**
 * An input problem as the user reads it where the step runs: its leading input name (`timeout:
 * …`) named as it was given there (`--timeout: …`, `WAIT_FOR_DOCS_TIMEOUT: …`).
 */
export function problemAsGiven(problem: string, place: RunPlace = GITHUB_ACTIONS_PLACE): string {
  if (place.kind === 'github') return problem
  const named = /^([a-z][a-z0-9-]*): /.exec(problem)
  return named?.[1] ? `${place.input(named[1])}: ${problem.slice(named[0].length)}` : problem
}
