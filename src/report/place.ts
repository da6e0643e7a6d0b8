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
}

/** The GitHub Action: inputs in the workflow file, annotations and a job summary. */
export const GITHUB_ACTIONS_PLACE: RunPlace = {
  kind: 'github',
  fixInputs: 'fix these inputs in the workflow file (see the README for each input)',
  rerun: 're-run the workflow',
  details: 'the job summary',
  annotates: true,
  input: (name) => `\`${name}\``
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
export function commandPlace(ci: 'gitlab' | 'other', sources: Readonly<Record<string, InputSource | undefined>> = {}): RunPlace {
  const input = (name: string) => (sources[name] === 'environment' ? commandEnvName(name) : `--${name}`)
  if (ci === 'gitlab')
    return {
      kind: 'gitlab',
      fixInputs: "fix these flags in the job's script, or the WAIT_FOR_DOCS_* CI/CD variables named (see wait-for-docs --help for each)",
      rerun: 'retry the job',
      details: 'the job log',
      annotates: false,
      input
    }
  return {
    kind: 'other',
    fixInputs: 'fix these flags, or the WAIT_FOR_DOCS_* variables named (see wait-for-docs --help for each)',
    rerun: 'run the command again',
    details: 'the log',
    annotates: false,
    input
  }
}
