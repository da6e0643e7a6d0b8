import * as core from '@actions/core'
import { formatDuration } from '../durations.js'
import type { DeploymentSettings, RunOutcome, Settings, TargetRef } from '../model.js'
import { deploymentState, fitDescription, outcomeDescription, waitingDescription } from '../report/deployment.js'
import { inert } from '../report/log.js'
import { safeUrl } from '../report/markdown.js'
import { commentBudgetMs } from '../step/limits.js'
import type { Octokit } from './comment-api.js'
import { createDeployment, createDeploymentStatus, deploymentPlace, explainDeploymentError } from './deployment-api.js'
import { withinBudget } from './pr-comment.js'

export interface DeploymentRecord {
  /** Waiting begins: creates the deployment and its `in_progress` status, without holding the wait. */
  begin(targets: readonly TargetRef[], settings: Settings): void
  /** The deployment's id once it exists; from then on the outputs carry it. */
  id(): string | undefined
  /**
   * After the outputs: the last status, from the outcome the step reported, within the step's
   * time limit, or within what is left of the grace period after a cancel (`exitBy`).
   */
  settle(outcome: RunOutcome, settings: Settings | undefined, exitBy: number | undefined): Promise<void>
}

export interface DeploymentOptions {
  /** Cuts every spelling of a key out of text. */
  clean: (text: string) => string
  setOutputNow: (name: string, value: string) => void
  startedAt: number
}

/** A created deployment, and the requests that write its statuses. */
interface Opened {
  id: number
  write: (state: Parameters<typeof createDeploymentStatus>[3], budget: AbortSignal) => Promise<void>
}

/**
 * The docs as a GitHub deployment (deployment-environment): one per run, created when waiting
 * begins, its status following the wait. Best effort: whatever GitHub answers, the step's
 * outcome stands, and one warning says what went wrong.
 */
export function recordDeployment(options: DeploymentOptions): DeploymentRecord {
  const { clean } = options
  let opening: Promise<Opened | undefined> | undefined
  let createdId: string | undefined
  let idInOutputs = false
  let warned = false
  // One warning per run (a 403 stays one warning); anything after it is a line of the log.
  const problem = (text: string) => {
    const line = clean(`${text}. The step's result does not depend on it.`)
    if (warned) core.info(line)
    else core.warning(line)
    warned = true
  }

  async function open(targets: readonly TargetRef[], settings: Settings, deployment: DeploymentSettings): Promise<Opened | undefined> {
    const environment = inert(deployment.environment, 255)
    let opened: Opened | undefined
    try {
      // Loaded only when a deployment is asked for, to keep start-up fast.
      const github = await import('@actions/github')
      const place = deploymentPlace(github.context)
      if ('skip' in place) {
        problem(`deployment-environment is set, but ${place.skip}. No deployment was created`)
        return undefined
      }
      const send = budgetedClient(github.getOctokit(deployment.githubToken))
      const description = fitDescription(clean(waitingDescription(targets)))
      const transient = settings.trigger?.kind === 'preview'
      const id = await send(AbortSignal.timeout(deployment.requestTimeoutMs), (octokit) =>
        createDeployment(octokit, place, { environment: deployment.environment, transient, description })
      )
      opened = { id, write: (status, budget) => send(budget, (octokit) => createDeploymentStatus(octokit, place, id, status)) }
      createdId = String(id)
      options.setOutputNow('deployment-id', createdId)
      core.info(
        clean(`Created deployment ${id} in environment ${environment}${transient ? ' (a preview: transient)' : ''} for commit ${place.ref.slice(0, 7)}.`)
      )
      await opened.write({ state: 'in_progress', description }, AbortSignal.timeout(deployment.requestTimeoutMs))
      core.info(`Deployment ${id}: in progress.`)
    } catch (error) {
      const why = isTimeout(error) ? 'the GitHub API did not answer within request-timeout' : explainDeploymentError(error)
      problem(
        opened
          ? `Deployment ${opened.id} could not be marked in progress: ${inert(why, 400)}`
          : `The deployment could not be created in environment ${environment}: ${inert(why, 400)}`
      )
    }
    return opened
  }

  return {
    begin(targets, settings) {
      if (settings.deployment && !opening) opening = open(targets, settings, settings.deployment)
    },
    id() {
      if (createdId) idInOutputs = true
      return createdId
    },
    async settle(outcome, settings, exitBy) {
      if (!settings?.deployment) return
      const deployment = settings.deployment
      if (!opening) {
        core.info('No deployment was created: the run ended before waiting began.')
        return
      }
      const limitAt = options.startedAt + settings.timeoutMs + settings.requestTimeoutMs
      const budgetMs = commentBudgetMs(deployment.requestTimeoutMs, exitBy, limitAt)
      const budget = AbortSignal.timeout(budgetMs)
      const state = deploymentState(outcome.result)
      let opened: Opened | undefined
      try {
        opened = await withinBudget(opening, budget)
        if (!opened) return
        if (!idInOutputs) options.setOutputNow('deployment-id', String(opened.id))
        // A preview's own address, never deployment-url in its place: one the step refuses is left out, and said.
        const preview = outcome.trigger?.previewUrl
        const environmentUrl = state !== 'success' ? undefined : preview ? safeUrl(preview) : deployment.url
        if (state === 'success' && preview && !environmentUrl)
          core.info(
            clean(
              `The preview's address ${inert(preview, 300)} is not an https:// address the deployment can link, so deployment ${opened.id} has no URL (deployment-url is not a preview's).`
            )
          )
        await opened.write({ state, description: fitDescription(clean(outcomeDescription(outcome))), environmentUrl }, budget)
        core.info(clean(`Deployment ${opened.id}: ${state}${environmentUrl ? ` at ${inert(environmentUrl, 300)}` : ''}.`))
      } catch (error) {
        const why = !budget.aborted
          ? explainDeploymentError(error)
          : exitBy !== undefined
            ? 'the GitHub API did not answer before the cancelled run had to end'
            : `the GitHub API did not answer within ${formatDuration(budgetMs)}`
        const which = opened ? `deployment ${opened.id}` : `the deployment in environment ${inert(deployment.environment, 255)}`
        problem(`The last status (${state}) of ${which} could not be written: ${inert(why, 400)}`)
      }
    }
  }
}

/**
 * Sends each request within a budget: set in a hook, the signal reaches the request and the
 * proxy-aware fetch of the defaults stays in place; the budget also stops the waiting when the
 * client does not honour the abort.
 */
function budgetedClient(octokit: Octokit) {
  let signal: AbortSignal | undefined
  octokit.hook.before('request', (options) => {
    options.request = { ...options.request, signal }
  })
  return <T>(budget: AbortSignal, work: (octokit: Octokit) => Promise<T>): Promise<T> => {
    signal = budget
    return withinBudget(work(octokit), budget)
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
}
