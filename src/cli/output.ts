// The command's stdout and stderr, whose reader may go away at any time (`| head -c 1`,
// `--json … | true`). A write that fails (EPIPE, a stream already closed) ends nothing: the
// stream goes quiet, the wait goes on, the reports are written and the exit code stays the
// outcome's. Without a listener, Node turns the stream's 'error' into a crash with exit 1.

export interface Output {
  write(text: string): unknown
  isTTY?: boolean
}

interface Stream extends Output {
  on?: (event: 'error', listener: (error: Error) => void) => unknown
  destroyed?: boolean
}

/** Streams already watched: the listener is added once, however many writers wrap one. */
const watched = new WeakMap<object, { closed: boolean }>()

/** The stream, quiet from its first failed write on. */
export function quietWhenClosed(stream: Stream): Output {
  const current = watched.get(stream) ?? { closed: false }
  if (!watched.has(stream)) {
    watched.set(stream, current)
    stream.on?.('error', () => {
      current.closed = true
    })
  }
  return {
    get isTTY() {
      return stream.isTTY
    },
    write(text) {
      if (current.closed || stream.destroyed === true) return false
      try {
        return stream.write(text)
      } catch {
        current.closed = true
        return false
      }
    }
  }
}
