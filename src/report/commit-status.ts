// What a commit status says about the run, on GitHub and on GitLab: its state, where it links,
// and the same reason as the deployment's, within GitHub's 140 characters.
import type { Result, RunOutcome, TargetRef } from '../model.js'
import { stepPasses } from '../engine/outcome.js'
import type { StatusTexts } from '../records/status-record.js'
import { fitDescription, outcomeDescription, waitingDescription } from './deployment.js'
import { inert } from './log.js'
import { safeUrl } from './markdown.js'

/** GitHub's states of a commit status. */
export type GitHubStatusState = 'pending' | 'success' | 'failure' | 'error'
/** GitLab's states of a commit status (the few the step writes). */
export type GitLabStatusState = 'running' | 'success' | 'failed' | 'canceled'

/** The docs deployed, or failed to; a timeout, an error or a cancel says nothing about the docs: `error`. Never `success` but on success. */
export function githubStatusState(result: Result): Exclude<GitHubStatusState, 'pending'> {
  return result === 'success' ? 'success' : result === 'failure' ? 'failure' : 'error'
}

/** GitLab has no `error`: anything but success fails the check, and a cancel is `canceled`. */
export function gitlabStatusState(result: Result): Exclude<GitLabStatusState, 'running'> {
  return result === 'success' ? 'success' : result === 'cancelled' ? 'canceled' : 'failed'
}

/**
 * Where a status links: on success the docs (the preview, else deployment-url), else the run,
 * where the reason is; cleaned as the log is (a key the platform put into the preview's address,
 * in any spelling, is cut), so that what is read back is what was meant.
 */
export function statusTargetUrl(
  success: boolean,
  links: { preview?: string | undefined; url?: string | undefined; run?: string | undefined },
  clean: (text: string) => string
): string | undefined {
  const docs = safeUrl(links.preview) ?? safeUrl(links.url)
  const run = links.run && URL.canParse(links.run) && /^https?:$/.test(new URL(links.run).protocol) ? links.run : undefined
  const url = success ? (docs ?? run) : (run ?? docs)
  return url === undefined ? undefined : clean(url)
}

/** The description while waiting, cut to GitHub's limit. */
export function waitingStatusDescription(targets: readonly TargetRef[], clean: (text: string) => string): string {
  return fitDescription(clean(targets.length > 0 ? waitingDescription(targets) : 'Waiting for the docs'))
}

/** The description of the last status: the reason of the annotation, cut to GitHub's limit. */
export function outcomeStatusDescription(outcome: RunOutcome, clean: (text: string) => string): string {
  return fitDescription(clean(outcomeDescription(outcome)))
}

/**
 * The description of a timeout that fail-on-timeout: false lets through, whose status is success
 * (it follows the step's verdict): it says that it timed out and was let through, then why.
 */
export function letThroughStatusDescription(outcome: RunOutcome, clean: (text: string) => string): string {
  return fitDescription(clean(`Timed out, let through (fail-on-timeout: false): ${outcomeDescription(outcome)}`))
}

/**
 * What a commit status says, for the record that writes it (records/status-record.ts), on either
 * platform: `failOnTimeout`, the step's verdict it follows; `url`, commit-status-url (deployment-url).
 */
export function statusTexts(clean: (text: string) => string, failOnTimeout: boolean, url: string | undefined): StatusTexts {
  return {
    letThrough: (outcome) => outcome.result !== 'success' && stepPasses(outcome, failOnTimeout),
    waiting: (targets) => waitingStatusDescription(targets, clean),
    outcome: (outcome, letThrough) => (letThrough ? letThroughStatusDescription(outcome, clean) : outcomeStatusDescription(outcome, clean)),
    link: (outcome, run) => statusTargetUrl(outcome.result === 'success', { preview: outcome.trigger?.previewUrl, url, run }, clean),
    fit: (text) => fitDescription(clean(text)),
    inert
  }
}
