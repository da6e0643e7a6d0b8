/**
 * `work`'s result, or the signal's reason once it aborts, whichever comes first. The work is
 * always observed (a rejection after the signal is no unhandled rejection), also when the signal
 * has already aborted, and the listener is removed once either settles.
 */
export function until<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined)
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason)
    signal.addEventListener('abort', stop, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}
