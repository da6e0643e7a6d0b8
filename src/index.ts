import * as core from '@actions/core'
import { run } from './main.js'

// run() ends every known fault in a defined outcome; this is the last net, so that even an
// unforeseen one fails the step with a message instead of a stack trace.
run().catch((error: unknown) => {
  core.setFailed(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`)
})
