// Where the step runs, in the words of the people who run it there: the advice in explain.ts is
// written once, and each adapter hands it the vocabulary of its CI system (the GitHub Action's,
// or the command line's under GitLab CI, another CI system or a terminal).

/** How an input reached the step: as an action input, a command-line flag or a WAIT_FOR_DOCS_* variable. */
export type InputSource = 'input' | 'flag' | 'environment'

export interface RunPlace {
  kind: 'github' | 'gitlab' | 'other'
  /** What to do about invalid inputs: where they are set, and where each is described. */
  fixInputs: string
  /** How to run the step again: `re-run the workflow`, `retry the job`, `run the command again`. */
  rerun: string
  /** Where the whole story is told: `the job summary`, `the job log`, `the log`. */
  details: string
  /** Whether a failed update's files are annotated where the run is shown (a GitHub workflow run). */
  annotates: boolean
  /** An input named as the user gave it: `` `timeout` ``, `--timeout`, `WAIT_FOR_DOCS_TIMEOUT`. */
  input(name: string): string
  /**
   * Text that names inputs as the action's (`expect-sha`, "raise timeout"), such as the engine's
   * reasons, with each named as the user gave it here; as it is for the action.
   */
  asGiven(text: string): string
}

/** The GitHub Action: inputs in the workflow file, annotations and a job summary. */
export const GITHUB_ACTIONS_PLACE: RunPlace = {
  kind: 'github',
  fixInputs: 'fix these inputs in the workflow file (see the README for each input)',
  rerun: 're-run the workflow',
  details: 'the job summary',
  annotates: true,
  input: (name) => `\`${name}\``,
  asGiven: (text) => text
}

/** The variable an input or flag of the command line may also come from. */
export function commandEnvName(name: string): string {
  return `WAIT_FOR_DOCS_${name.toUpperCase().replace(/-/g, '_')}`
}

/**
 * The command line's words: under GitLab CI (`GITLAB_CI=true`) or anywhere else (another CI
 * system, a terminal). An input is named as it was given: its flag, or its variable when it came
 * from the environment.
 */
export function commandPlace(ci: 'gitlab' | 'other', sources: Readonly<Record<string, InputSource | undefined>> = {}, names: readonly string[] = []): RunPlace {
  const input = (name: string) => (sources[name] === 'environment' ? commandEnvName(name) : `--${name}`)
  // A hyphenated input name standing alone (not in a flag, a variable, a path or a word), and "raise timeout".
  const named = names.filter((name) => name.includes('-'))
  const pattern = named.length > 0 ? new RegExp(`(?<![\\w\\-\`/.$])(${named.join('|')})(?![\\w\\-\`])`, 'g') : undefined
  const asGiven = (text: string) => (pattern ? text.replace(pattern, (name) => input(name)) : text).replace(/\braise timeout\b/g, `raise ${input('timeout')}`)
  if (ci === 'gitlab')
    return {
      kind: 'gitlab',
      fixInputs: "fix these flags in the job's script, or the WAIT_FOR_DOCS_* CI/CD variables named (see wait-for-docs --help for each)",
      rerun: 'retry the job',
      details: 'the job log',
      annotates: false,
      input,
      asGiven
    }
  return {
    kind: 'other',
    fixInputs: 'fix these flags, or the WAIT_FOR_DOCS_* variables named (see wait-for-docs --help for each)',
    rerun: 'run the command again',
    details: 'the log',
    annotates: false,
    input,
    asGiven
  }
}
