// The docs as a GitHub deployment (deployment-environment) as a port of the record lifecycle
// (records/lifecycle.ts): created when waiting begins with an `in_progress` status, its last
// status after the outputs. When each write goes, for how long, and what a cancel does are the
// lifecycle's; here: where the deployment is, its requests, and its words.
import { randomUUID } from 'node:crypto'
import * as core from '@actions/core'
import { deploymentWithoutToken, type RawInputs } from '../inputs/parse.js'
import type { DeploymentSettings, RunOutcome, TargetRef } from '../model.js'
import { type RecordPort, RecordSkipped, settledOrAborted, withinBudget, type WriteSignals } from '../records/lifecycle.js'
import { type KeptRecordOptions, keptRecord, type RunRecord } from '../records/run-record.js'
import { deploymentState, fitDescription, outcomeDescription, waitingDescription } from '../report/deployment.js'
import { inert } from '../report/log.js'
import { safeUrl } from '../report/markdown.js'
import { failureOf } from '../records/failure.js'
import { guardedClient, type Octokit, refusedByGitHub, retryAfterMs } from './comment-api.js'
import { createDeployment, createDeploymentStatus, deploymentPlace, explainDeploymentError, findDeployment, deploymentStates } from './deployment-api.js'

/** The deployment of one run: a record of the story, and its id once it exists (the outputs carry it). */
export interface DeploymentRecord extends RunRecord {
  id(): string | undefined
}

export interface DeploymentOptions extends KeptRecordOptions {
  setOutputNow: (name: string, value: string) => void
  /** The inputs as given: deployment-environment with an empty github-token is said, once. */
  raw: RawInputs
}

/** A client whose GETs end with `signals.lookup` and whose writes end only with `signals.write`. */
function clientFor(github: typeof import('@actions/github'), token: string, signals: WriteSignals, clean: (text: string) => string): Octokit {
  const octokit = guardedClient(github.getOctokit(token), token, clean)
  octokit.hook.before('request', (options) => {
    options.request = { ...options.request, signal: options.method === 'GET' ? signals.lookup : signals.write }
  })
  return octokit
}

/** The deployment as a record: its id is where it is. */
export function deploymentPort(
  deployment: DeploymentSettings,
  clean: (text: string) => string,
  run: { targets: readonly TargetRef[]; transient: boolean; created: (id: number) => void }
): RecordPort<number, RunOutcome> {
  const environment = inert(deployment.environment, 255)
  // This run's own deployment, found again by it when the answer to its creation was lost.
  const marker = randomUUID()
  /**
   * The deployment's story, one value: its creation not sent yet; refused by a rate limit until a
   * time, or never sent (it never reached GitHub: a connection refused, a name not found), so that
   * nothing was created and the close creates it, with the outcome as its only status; made by the
   * open, which sent its `in_progress` status; or made by the close. And its last status.
   */
  let story: {
    creation: { at: 'not-yet' } | { at: 'limited'; until: number } | { at: 'unsent' } | { at: 'opened' } | { at: 'closed' }
    last: { state: string; url: string | undefined } | undefined
  } = { creation: { at: 'not-yet' }, last: undefined }
  /** The deployment's last status: the outcome, with the preview's address on success. */
  async function writeOutcome(outcome: RunOutcome, octokit: Octokit, place: Awaited<ReturnType<typeof placeOf>>['place'], id: number, signals: WriteSignals) {
    const state = deploymentState(outcome.result)
    // A preview's own address, never deployment-url in its place: one the step refuses is left out, and said.
    const preview = outcome.trigger?.previewUrl
    const linked = state !== 'success' ? undefined : preview ? safeUrl(preview) : deployment.url
    // Cleaned as the log is: a key the platform put into the address, in any spelling, is cut.
    const url = linked === undefined ? undefined : clean(linked)
    if (state === 'success' && preview && !url && !story.last)
      core.info(
        clean(
          `The preview's address ${inert(preview, 300)} is not an https:// address the deployment can link, so deployment ${id} has no URL (deployment-url is not a preview's).`
        )
      )
    story = { ...story, last: { state, url } }
    await withinBudget(
      createDeploymentStatus(octokit, place, id, { state, description: fitDescription(clean(outcomeDescription(outcome))), environmentUrl: url }),
      signals.write
    )
  }
  /** The deployment, created at the close with the outcome as its only status (its creation was rate limited, or never reached GitHub, when waiting began). */
  async function createWithOutcome(
    outcome: RunOutcome,
    octokit: Octokit,
    place: Awaited<ReturnType<typeof placeOf>>['place'],
    signals: WriteSignals,
    found: ((id: number) => void) | undefined
  ) {
    const until = story.creation.at === 'limited' ? story.creation.until : 0
    const why = story.creation.at === 'limited' ? 'GitHub had asked to slow down when waiting began' : 'its creation had not reached GitHub when waiting began'
    await settledOrAborted(new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()))), signals.write)
    const id = await withinBudget(
      createDeployment(octokit, place, {
        environment: deployment.environment,
        transient: run.transient,
        description: fitDescription(clean(outcomeDescription(outcome))),
        marker
      }),
      signals.write
    )
    story = { ...story, creation: { at: 'closed' } }
    run.created(id)
    // Known from now on: a status write that fails on the way is sent again to it, never a second creation.
    found?.(id)
    core.info(clean(`Created deployment ${id} in environment ${environment} with the outcome (${why}).`))
    await writeOutcome(outcome, octokit, place, id, signals)
    return { where: id, done: 'created' as const }
  }
  const placeOf = async () => {
    // Loaded only when a deployment is asked for, to keep start-up fast.
    const github = await import('@actions/github')
    const place = deploymentPlace(github.context)
    if ('skip' in place)
      throw new RecordSkipped(
        `deployment-environment is set, but ${place.skip}. No deployment was created. The step's result does not depend on it.`,
        'deployment.skipped'
      )
    return { github, place }
  }
  return {
    api: 'GitHub API',
    record: 'deployment',
    async open(signals, at) {
      const { github, place } = await placeOf()
      const octokit = clientFor(github, deployment.githubToken, signals, clean)
      const description = fitDescription(clean(waitingDescription(run.targets)))
      const id = await withinBudget(
        createDeployment(octokit, place, { environment: deployment.environment, transient: run.transient, description, marker }),
        signals.write
      ).catch((error: unknown) => {
        // A rate limit's answer proves nothing was created: the close creates it, once the pause asked for is over.
        const pause = retryAfterMs(error)
        if (pause !== undefined) story = { ...story, creation: { at: 'limited', until: Date.now() + pause } }
        // Nor does a creation that never reached GitHub: the close creates it.
        else if (failureOf(error, false) === 'never-sent') story = { ...story, creation: { at: 'unsent' } }
        throw error
      })
      at(id)
      run.created(id)
      core.info(
        clean(`Created deployment ${id} in environment ${environment}${run.transient ? ' (a preview: transient)' : ''} for commit ${place.ref.slice(0, 7)}.`)
      )
      story = { ...story, creation: { at: 'opened' } }
      await withinBudget(createDeploymentStatus(octokit, place, id, { state: 'in_progress', description }), signals.write)
      return id
    },
    async close(outcome, where, opened, signals, found) {
      if (opened === 'never') throw new RecordSkipped('No deployment was created: the run ended before waiting began.', 'deployment.skipped', 'info')
      const { github, place } = await placeOf()
      const octokit = clientFor(github, deployment.githubToken, signals, clean)
      if (where === undefined && (story.creation.at === 'limited' || story.creation.at === 'unsent'))
        return createWithOutcome(outcome, octokit, place, signals, found)
      // The POST's answer was lost: GitHub may have created it all the same.
      const id =
        where ??
        (opened === 'lost' || opened === 'unanswered'
          ? await withinBudget(findDeployment(octokit, place, { environment: deployment.environment, marker }), signals.lookup)
          : undefined)
      if (id === undefined) throw new NotCreated()
      if (where === undefined) {
        run.created(id)
        found?.(id)
      }
      await writeOutcome(outcome, octokit, place, id, signals)
      return { where: id, done: where === undefined ? 'created' : 'updated' }
    },
    async readBack(id, signals, lost) {
      const { github, place } = await placeOf()
      const states = await withinBudget(deploymentStates(clientFor(github, deployment.githubToken, signals, clean), place, id), signals.lookup)
      const newest = states[0]
      if (newest === 'in_progress' || newest === 'queued' || newest === 'pending') return 'stale'
      // The creation was what got lost (found since): its `in_progress` was never sent, nothing more can land.
      // Else, listed under the outcome, the lost `in_progress` landed before it and can come no more.
      // A lost write of the outcome, sent again since, can only land as the same outcome: nothing to say.
      return lost === 'close' || story.creation.at !== 'opened' || states.slice(1).includes('in_progress') ? 'outcome' : 'unseen'
    },
    explain: (error) => (error instanceof NotCreated ? error.message : explainDeploymentError(error)),
    // A rate limit is no refusal (GitHub's 403 secondary one included): the deployment is created at the close.
    refused: refusedByGitHub,
    retryAfterMs: (error) => retryAfterMs(error),
    words: {
      opened: (id) => `Deployment ${id}: in progress.`,
      closed: (id) => `Deployment ${id}: ${story.last?.state}${story.last?.url ? ` at ${inert(story.last.url, 300)}` : ''}.`,
      openFailed: (why, id) =>
        id === undefined
          ? `The deployment could not be created in environment ${environment} yet (${inert(why, 400)}); its last status will still be written if GitHub created it.`
          : `Deployment ${id} could not be marked in progress (${inert(why, 400)}); its last status will still be written.`,
      mayNotHold: (why, id) =>
        `Deployment ${id} holds its last status (${story.last?.state ?? 'of the outcome'}), but ${inert(why, 400)}. The step's result does not depend on it.`,
      notOpened: (why) => `The deployment could not be created in environment ${environment}: ${inert(why, 400)}. The step's result does not depend on it.`,
      closeFailed: (why, id) =>
        id === undefined
          ? `The deployment in environment ${environment} could not be created, or has no status: ${inert(why, 400)}. The step's result does not depend on it.`
          : `The last status (${story.last?.state ?? 'of the outcome'}) of deployment ${id} could not be written: ${inert(why, 400)}. The step's result does not depend on it.`
    }
  }
}

/** The creation's answer was lost and GitHub has no deployment of this run. */
class NotCreated extends Error {
  constructor() {
    super('GitHub did not answer the request that creates it, and has no deployment of this run')
  }
}

/**
 * The docs as a GitHub deployment (deployment-environment): one per run, created when waiting
 * begins, its status following the wait. Best effort: whatever GitHub answers, the step's
 * outcome stands, and one warning says what went wrong.
 */
export function recordDeployment(options: DeploymentOptions): DeploymentRecord {
  const { clean } = options
  let createdId: string | undefined
  const created = (id: number) => {
    const known = String(id)
    if (createdId === known) return
    createdId = known
    // Written at once when it is learnt, so a deployment created late is in the outputs too.
    options.setOutputNow('deployment-id', known)
  }
  const record = keptRecord<number>(({ settings, targets }) => {
    if (settings?.deployment)
      return {
        port: deploymentPort(settings.deployment, clean, { targets, transient: settings.trigger?.kind === 'preview', created }),
        requestTimeoutMs: settings.deployment.requestTimeoutMs
      }
    if (deploymentWithoutToken(options.raw))
      return {
        say: "deployment-environment is set, but github-token is empty (a secret that is not set?). No deployment was recorded; the step's result does not depend on it.",
        level: 'warning',
        code: 'deployment.no-token'
      }
    return undefined
  }, options)
  return { ...record, id: () => createdId }
}
