// The docs as a GitHub deployment: the environment to record it in, and the address to show.
import * as z from 'zod/mini'
import type { DeploymentSettings } from '../model.js'
import { addProblem, fromText } from './values.js'

export const deploymentDefaults = {
  'deployment-environment': '',
  'deployment-url': ''
} as const

/** GitHub's limit on the name of an environment. */
const MAX_ENVIRONMENT_LENGTH = 255

export const deploymentSchema = z.object({
  'deployment-environment': fromText((text, ctx) => {
    if (text === '') return undefined
    if (text.length > MAX_ENVIRONMENT_LENGTH) {
      addProblem(ctx, `is ${text.length} characters long; GitHub allows at most ${MAX_ENVIRONMENT_LENGTH} in an environment's name`)
      return z.NEVER
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: an environment's name is one line of text
    if (/[\u0000-\u001f\u007f]/.test(text)) {
      addProblem(ctx, 'is not an environment name (no line breaks or control characters); use e.g. docs or docs-preview')
      return z.NEVER
    }
    return text
  }),
  'deployment-url': fromText((text, ctx) => {
    if (text === '') return undefined
    let url: URL
    try {
      url = new URL(text)
    } catch {
      addProblem(ctx, 'is not a URL; use the https:// address of the docs, e.g. https://docs.example.com')
      return z.NEVER
    }
    if (url.protocol !== 'https:') {
      addProblem(ctx, 'must use https://; it is the address GitHub links from the "View deployment" button')
      return z.NEVER
    }
    if (url.username || url.password) {
      addProblem(ctx, 'must not contain credentials; the address is shown to everyone who can read the repository')
      return z.NEVER
    }
    return url.href
  })
})

type DeploymentFields = z.output<typeof deploymentSchema>

/** The deployment's settings, when deployment-environment is given with a token (without one, a warning says it is skipped). */
export function deploymentSettings(f: DeploymentFields, githubToken: string, requestTimeoutMs: number): DeploymentSettings | undefined {
  const environment = f['deployment-environment']
  return environment === undefined || githubToken === '' ? undefined : { environment, url: f['deployment-url'], githubToken, requestTimeoutMs }
}
