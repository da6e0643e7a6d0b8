/**
 * Ends the process through `process.exit` once its event loop has nothing left, instead of
 * Node's own end. Node's own end closes the signal handlers first and then tears the runtime
 * down: a cancel that lands in that window (a runner's SIGINT just after the outcome) ends the
 * process by the signal, and the pipeline reads 130 instead of the outcome's exit code.
 * `process.exit` keeps them to the last: a signal then is swallowed, and the exit code stays
 * `process.exitCode`, the outcome's.
 */
export function endThroughExit(): void {
  process.once('beforeExit', () => process.exit())
}
