import { EXIT_GRACE_MS } from '../step/limits.js'
import { EXIT } from './exit-codes.js'
import { runCommand } from './main.js'
import { createPipelineCommitStatus } from './commit-status.js'
import { createMergeRequestNote } from './mr-note.js'

// runCommand ends every known fault in a defined outcome and exit code; this is the last net,
// so that even an unforeseen one ends with a message and exit code 4 instead of a stack trace.
runCommand({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  note: createMergeRequestNote,
  commitStatus: createPipelineCommitStatus
})
  .then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      process.stderr.write(`Unexpected error: ${error instanceof Error ? error.message : String(error)}\n`)
      process.exitCode = EXIT.error
    }
  )
  .finally(() => {
    // Every report is written by now; the end must not wait on the network.
    setTimeout(() => process.exit(), EXIT_GRACE_MS).unref()
  })
