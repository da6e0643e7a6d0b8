/**
 * The last net of an entry: a rejection no one observed, or an exception no one caught, goes to
 * `handle` (once per fault, never twice at once) instead of ending the process with a stack
 * trace. The adapter's handler turns it into `result=error` with its outputs and reports when
 * the outcome was not reported yet, else into a warning beside the outcome that stands.
 */
export function guardProcess(handle: (error: unknown) => void | Promise<void>): { stop(): void } {
  let handling: Promise<void> = Promise.resolve()
  const onFault = (error: unknown) => {
    handling = handling.then(
      () => handle(error),
      () => undefined
    )
    handling.catch(() => undefined)
  }
  process.on('unhandledRejection', onFault)
  process.on('uncaughtException', onFault)
  return {
    stop() {
      process.off('unhandledRejection', onFault)
      process.off('uncaughtException', onFault)
    }
  }
}

/** The fault's own words, one line, for the message that replaces a stack trace. */
export function faultMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error)
  return (text.split('\n')[0] ?? '').slice(0, 300)
}
