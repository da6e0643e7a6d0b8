import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { quietWhenClosed } from '../src/cli/output.js'

/** A stream whose reader went away: each write fails the way a pipe's does, with an 'error' event. */
function closedPipe() {
  const stream = Object.assign(new EventEmitter(), {
    isTTY: false,
    writes: [] as string[],
    write(text: string) {
      stream.writes.push(text)
      queueMicrotask(() => stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })))
      return false
    }
  })
  return stream
}

describe('quietWhenClosed', () => {
  it('an EPIPE is no crash: the stream goes quiet from its first failed write on', async () => {
    const pipe = closedPipe()
    const out = quietWhenClosed(pipe)
    out.write('first\n')
    await new Promise((resolve) => setTimeout(resolve, 0))
    out.write('second\n')
    // Without a listener, the second emit would have thrown (an unhandled 'error' event).
    expect(pipe.writes).toEqual(['first\n'])
    expect(quietWhenClosed(pipe).write('third\n')).toBe(false)
    expect(pipe.listenerCount('error')).toBe(1)
  })

  it('a write that throws goes quiet too', () => {
    const out = quietWhenClosed({
      write() {
        throw new Error('ERR_STREAM_DESTROYED')
      }
    })
    expect(out.write('x')).toBe(false)
  })
})
