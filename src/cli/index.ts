// First: a signal while the rest loads is kept for the cancel, not the end of the process.
import './early-signals.js'
import { guardProcess } from '../step/guard.js'
import { EXIT_GRACE_MS } from '../step/limits.js'
import { EXIT } from './exit-codes.js'
import { runCommand, unforeseen } from './main.js'
import { outputDrained } from './output.js'
import { endThroughExit } from '../step/process-end.js'

// runCommand ends every known fault in a defined outcome and exit code; this is the last net,
// so that even an unforeseen one (an error thrown, a rejection no one observed) ends with the
// outcome `error`, every report and exit code 4 instead of a stack trace; after the outcome was
// reported, a warning, and its exit code stands.
const exitSoon = () => {
  // Every report is written by now; the end must not wait on the network, only on the readers
  // of stdout and stderr (output.ts: bounded), so that none gets a cut JSON object or log.
  const grace = new Promise((resolve) => setTimeout(resolve, EXIT_GRACE_MS).unref())
  void Promise.all([grace, outputDrained([process.stdout, process.stderr])]).then(() => process.exit())
}
const onFault = (error: unknown) => {
  const { exitCode, reported, closing } = unforeseen(error, process.stderr)
  process.exitCode = exitCode
  return reported ? (closing ?? Promise.resolve()) : undefined
}
guardProcess((error) => {
  onFault(error)?.finally(exitSoon)
})
// Until the outcome decides it, an end of the process (an event loop left empty, a crash) is
// "could not tell", never a success.
process.exitCode = EXIT.error
// …and a signal in the last milliseconds (once the outcome decided the exit code) changes nothing.
endThroughExit()
runCommand({
  decided: (code) => {
    process.exitCode = code
  },
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  // Each record's code (with records/ and the comment's Markdown) is a chunk of its own, loaded only when asked for.
  note: () => import('../gitlab/mr-note.js').then((code) => code.createMergeRequestNote),
  commitStatus: () => import('../gitlab/commit-status.js').then((code) => code.createPipelineCommitStatus),
  dryRun: () => import('../gitlab/dry-run.js').then((code) => code.gitlabDryRun)
})
  .then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => void onFault(error)
  )
  .finally(exitSoon)
