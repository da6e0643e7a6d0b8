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

/**
 * A stream whose unsent bytes can be counted: Node's Writable counts a write as unsent until all
 * of it was taken (`writableLength`); a pipe's or socket's handle counts what is left of the
 * write under way (`writeQueueSize`), which shows a reader taking part of one large write.
 */
export interface Draining {
  writableLength?: number
  destroyed?: boolean
  errored?: Error | null
  _handle?: { writeQueueSize?: number } | null
}

export interface DrainOptions {
  /** A reader that takes nothing for this long is given up on. */
  stallMs?: number
  pollMs?: number
}

/**
 * How long the output's reader may take nothing before the command exits without the rest: long
 * enough for a reader that starts late (busy elsewhere, a pipeline stage that reads once the one
 * before it ends), never a hang.
 */
export const OUTPUT_STALL_MS = 30_000

/**
 * Resolves once every byte written to the streams was handed on (a pipe's or socket's reader
 * took it), or once a stream is closed (its reader gone), or once its reader took nothing for
 * `stallMs`: the command exits only then, so a reader that starts late, or reads slowly, gets the
 * whole JSON object or log, whatever its size. Its timers keep nothing alive: a write still
 * pending does, and its end lets the process end by itself.
 */
export function outputDrained(streams: readonly Draining[], options: DrainOptions = {}): Promise<void> {
  const stallMs = options.stallMs ?? OUTPUT_STALL_MS
  const open = streams.filter((stream) => !stream.destroyed && !stream.errored)
  const unsent = () => open.reduce((sum, stream) => sum + (stream.destroyed || stream.errored ? 0 : (stream.writableLength ?? 0)), 0)
  // Changes whenever a reader takes some of the output.
  const progress = () => open.map((stream) => `${stream.writableLength ?? 0}/${stream._handle?.writeQueueSize ?? 0}`).join(' ')
  let seen = progress()
  let movedAt = Date.now()
  return new Promise((resolve) => {
    const check = () => {
      const now = Date.now()
      const current = progress()
      if (current !== seen) movedAt = now
      seen = current
      if (unsent() === 0 || now - movedAt >= stallMs) {
        clearInterval(timer)
        resolve()
      }
    }
    const timer = setInterval(check, options.pollMs ?? 50)
    timer.unref?.()
    check()
  })
}
