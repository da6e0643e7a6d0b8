import { EXIT_GRACE_MS } from '../step/limits.js'
import { guardProcess } from '../step/guard.js'
import { endThroughExit } from '../step/process-end.js'
import { run, unforeseen } from './main.js'

// run() ends every known fault in a defined outcome; this is the last net, so that even an
// unforeseen one (an error thrown, a rejection no one observed) fails the step with result=error,
// its outputs and summary, instead of a stack trace; after the outcome, a warning beside it.
const exitSoon = () => {
  // Outputs and summary are written by now; the step's end must not wait on the network.
  setTimeout(() => process.exit(), EXIT_GRACE_MS).unref()
}
// A fault before the outcome was reported ends the step once result=error is written; one after
// it leaves the run to finish what it writes.
guardProcess(async (error) => {
  if ((await unforeseen(error)) === 'reported') exitSoon()
})
// Until the outcome decides it, an end of the process (an event loop left empty, a crash) fails
// the step: a gate never passes on a run that did not finish.
process.exitCode = 1
// …and a signal in the last milliseconds (once the outcome decided the exit code) changes nothing.
endThroughExit()
run({
  decided: (code) => {
    process.exitCode = code
  }
})
  .catch(unforeseen)
  .finally(exitSoon)
