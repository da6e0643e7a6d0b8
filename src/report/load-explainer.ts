// The explanation of a run's outcome (explain.ts, with advice.ts and evidence.ts), loaded only
// when the outcome has something to explain: a run whose docs deployed never loads it. Bundled,
// it is a chunk beside index.js (dist/), as the records' code and the trigger's are.
import type { RunOutcome } from '../model.js'
import { type Explainer, nothingToExplain, SUCCEEDED, UNEXPLAINED } from './explainer.js'

/**
 * The explainer of each outcome a run reports, loaded at most once per run: SUCCEEDED for an
 * outcome with nothing to explain, else explain.ts. One that cannot be loaded (a copy of the code
 * without the files beside its index.js) is `notLoaded`'s to say, once; the reports then tell the
 * outcome without advice (UNEXPLAINED), and its result stands. Never rejects.
 */
export function explainerLoader(notLoaded: (error: unknown) => void): (outcome: RunOutcome) => Promise<Explainer> {
  let loading: Promise<Explainer> | undefined
  return (outcome) => {
    if (nothingToExplain(outcome)) return Promise.resolve(SUCCEEDED)
    loading ??= import('./explain.js').then(
      (explain): Explainer => explain,
      (error: unknown) => {
        try {
          notLoaded(error)
        } catch {}
        return UNEXPLAINED
      }
    )
    return loading
  }
}
