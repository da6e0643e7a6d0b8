// A signal aborted after a time, as AbortSignal.timeout's, that no garbage collection can lose.
// On Node 20, a signal of AbortSignal.timeout that only AbortSignal.any holds is collected with
// its timer at the next garbage collection, and the combined signal never aborts: a wait bounded
// by request-timeout then ran on to the step's limit (a run whose large records made the
// collector run). Here the timer holds the controller until it fires.

/** Aborted `ms` from now with a `TimeoutError`, as AbortSignal.timeout's; its timer keeps no process alive. */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), Math.max(0, ms))
  timer.unref?.()
  return controller.signal
}
