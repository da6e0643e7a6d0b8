// What the command's exit code says, so a pipeline can tell "the docs are broken" from "it timed
// out" from "we could not tell" — read from the outcome's fields, never from its words.
import { misconfigured, stepPasses } from '../engine/outcome.js'
import type { RunOutcome } from '../model.js'

/**
 * `misconfigured` (5) is an error of its own: the platform refused the setup for certain, so the
 * allow-failure that lets 3 and 4 pass ("could not tell", the README's and the template's
 * default) must not let it through run after run.
 */
export const EXIT = { success: 0, failure: 1, invalid: 2, timeout: 3, error: 4, misconfigured: 5 } as const

/** The exit code after a cancel: 128 + the signal's number, as shells report it. */
export const SIGNAL_EXIT = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const

/** Every exit code with its meaning, for --help and the README. */
export const EXIT_CODE_MEANINGS: readonly (readonly [string, string])[] = [
  [String(EXIT.success), 'success (and a timeout with --fail-on-timeout false)'],
  [String(EXIT.failure), 'failure: the update or the job failed, a search check failed, expect-sha did not match'],
  [String(EXIT.invalid), 'invalid input: nothing was sent'],
  [String(EXIT.timeout), 'timeout: the work was still running at the deadline'],
  [String(EXIT.error), 'error: the outcome could not be learnt (unreachable, no status ever read, an answer that is not the platform’s)'],
  [
    String(EXIT.misconfigured),
    'misconfigured (result error): the platform refused the setup for certain (a key refused, no such project, id or automation, a plan without previews, an automation not active); running again changes nothing'
  ],
  [
    `${SIGNAL_EXIT.SIGINT} / ${SIGNAL_EXIT.SIGTERM} / ${SIGNAL_EXIT.SIGHUP}`,
    'cancelled by SIGINT / SIGTERM / SIGHUP (a closed terminal or ssh session), after every report was written'
  ]
]

/**
 * The exit code of a run. A failure anywhere is 1 whatever the other targets did (it outranks
 * them in `result` too): a pipeline that lets 3 and 4 pass must never let broken docs through.
 */
export function exitCodeOf(outcome: RunOutcome, failOnTimeout: boolean, signal?: NodeJS.Signals): number {
  if (signal === 'SIGINT' || signal === 'SIGTERM' || signal === 'SIGHUP') return SIGNAL_EXIT[signal]
  if (outcome.problems.length > 0) return EXIT.invalid
  if (stepPasses(outcome, failOnTimeout)) return EXIT.success
  if (failedSomewhere(outcome)) return EXIT.failure
  if (outcome.result === 'timeout') return EXIT.timeout
  // A refusal of the setup is certain: not "could not tell", which pipelines let through.
  if (outcome.result === 'error' && misconfigured(outcome)) return EXIT.misconfigured
  // An error, or a cancel no signal of ours explains: either way, the outcome was not learnt.
  return EXIT.error
}

function failedSomewhere(outcome: RunOutcome): boolean {
  if (outcome.result === 'failure') return true
  if (outcome.targets.some((t) => t.result === 'failure' && !t.stoppedByFailFast)) return true
  if (outcome.pages && !outcome.pages.skipped && outcome.pages.result === 'failure') return true
  return outcome.search !== undefined && !outcome.search.skipped && outcome.search.result === 'failure'
}
