// The command's stdout and stderr, whose reader may go away at any time (`| head -c 1`,
// `--json … | true`). A write that fails (EPIPE, a stream already closed) ends nothing: the
// stream goes quiet, the wait goes on, the reports are written and the exit code stays the
// outcome's. Without a listener, Node turns the stream's 'error' into a crash with exit 1.
// The log goes on on stderr once stdout's reader left, so that a warning (a report not
// written) and the result line are still read.

export interface Output {
  write(text: string): unknown
  isTTY?: boolean
}

interface Stream extends Output {
  on?: (event: 'error', listener: (error: Error) => void) => unknown
  destroyed?: boolean
  /** Set as soon as a write failed (Node's Writable), before its 'error' event. */
  errored?: Error | null
}

/** Streams already watched: the listener is added once, however many writers wrap one. */
const watched = new WeakMap<object, { closed: boolean }>()

/** An output that knows when its reader went away. */
export interface QuietOutput extends Output {
  readonly closed: boolean
}

/** The stream, quiet from its first failed write on. */
export function quietWhenClosed(stream: Stream): QuietOutput {
  const current = watched.get(stream) ?? { closed: false }
  if (!watched.has(stream)) {
    watched.set(stream, current)
    stream.on?.('error', () => {
      current.closed = true
    })
  }
  const closed = () => current.closed || stream.destroyed === true || Boolean(stream.errored)
  return {
    get isTTY() {
      return stream.isTTY
    },
    get closed() {
      return closed()
    },
    write(text) {
      if (closed()) return false
      try {
        const written = stream.write(text)
        // A pipe's write fails at once (Node marks the stream errored) and says so only later.
        if (stream.errored) current.closed = true
        return written
      } catch {
        current.closed = true
        return false
      }
    }
  }
}

/**
 * Writes to `first` while its reader is there, then to `then`: the line whose write found the
 * reader gone goes to `then` too, and every later one.
 */
export function thenOnClose(first: QuietOutput, then: Output): Output {
  return {
    get isTTY() {
      return first.isTTY
    },
    write(text) {
      if (!first.closed) {
        const written = first.write(text)
        // A write that failed at once (a closed pipe, a stream already destroyed) is given to `then` as well.
        if (!first.closed) return written
      }
      return then.write(text)
    }
  }
}
