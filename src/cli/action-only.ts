// Inputs that only the GitHub Action acts on, given to the command: it says so, and what to use on GitLab.
import type { RawInputs } from '../inputs/parse.js'

export function actionOnlyWarnings(raw: RawInputs): string[] {
  return [
    raw['pr-comment'].trim().toLowerCase() === 'true' &&
      'pr-comment is the GitHub Action’s pull request comment; the command line writes none. On GitLab, --mr-comment keeps a note on the merge request.',
    raw['deployment-environment'].trim() !== '' &&
      'deployment-environment is the GitHub Action’s deployment record; the command line records none. On GitLab, give the job an environment: with url: $DOCS_PREVIEW_URL from the dotenv report.'
  ].filter((warning): warning is string => typeof warning === 'string')
}
