// The log's reader can go before the command does: a CI runner or emulator that is stopped, a
// package runner that is killed, `| head`. Writing to its pipe then fails (EPIPE), and an
// unheard stream error would end the process at once, before any report is written. The log
// is let go instead, and the run ends as it would have: its reports written, its exit code set.

const GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET'])

/** Lets `stream` fail silently once its reader is gone; any other error still ends the process. */
export function outliveReader(stream: NodeJS.EventEmitter): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (GONE.has(error.code ?? '')) return
    throw error
  })
}
