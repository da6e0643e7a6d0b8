import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OUTPUT_STALL_MS, outputDrained, quietWhenClosed, thenOnClose } from '../src/cli/output.js'

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

describe('thenOnClose', () => {
  it('the log goes on on the second stream once the first one’s reader left', async () => {
    const pipe = closedPipe()
    const other: string[] = []
    const out = thenOnClose(quietWhenClosed(pipe), { write: (text: string) => other.push(text) })
    out.write('first\n')
    await new Promise((resolve) => setTimeout(resolve, 0))
    out.write('warning: the JSON report could not be written\n')
    out.write('Result: error (exit code 4)\n')
    expect(pipe.writes).toEqual(['first\n'])
    expect(other).toEqual(['warning: the JSON report could not be written\n', 'Result: error (exit code 4)\n'])
  })

  it('a write that fails at once is given to the second stream, not lost', () => {
    const other: string[] = []
    const out = thenOnClose(
      quietWhenClosed({
        write() {
          throw new Error('ERR_STREAM_DESTROYED')
        }
      }),
      { write: (text: string) => other.push(text) }
    )
    out.write('Result: success (exit code 0)\n')
    expect(other).toEqual(['Result: success (exit code 0)\n'])
  })

  it('while the first stream is read, the second gets nothing', () => {
    const first: string[] = []
    const other: string[] = []
    const out = thenOnClose(quietWhenClosed({ write: (text: string) => first.push(text) }), { write: (text: string) => other.push(text) })
    out.write('a\n')
    expect([first, other]).toEqual([['a\n'], []])
  })
})

describe('a real pipe whose reader left', () => {
  it('the line whose write found it closed is not lost: Node marks the stream errored at once, before the error event', async () => {
    const { spawnSync } = await import('node:child_process')
    const script = `
      const { quietWhenClosed, thenOnClose } = await import(${JSON.stringify(new URL('../src/cli/output.ts', import.meta.url).href)})
      await new Promise((resolve) => setTimeout(resolve, 300))
      const out = thenOnClose(quietWhenClosed(process.stdout), quietWhenClosed(process.stderr))
      for (const line of ['one', 'two', 'three']) out.write(line + '\\n')`
    const run = spawnSync('sh', ['-c', `"$0" --import tsx -e "$1" | true`, process.execPath, script], { encoding: 'utf8', timeout: 20_000 })
    expect(run.stderr).toBe('one\ntwo\nthree\n')
  })
})

describe('outputDrained', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  /** A stream with `unsent` bytes queued, of which the reader has taken none yet. */
  const stream = (unsent: number) => ({ writableLength: unsent, _handle: { writeQueueSize: unsent } })
  const settled = (promise: Promise<void>) => {
    let done = false
    void promise.then(() => {
      done = true
    })
    return () => done
  }

  it('at once when nothing is left to send', async () => {
    await expect(outputDrained([stream(0), {}])).resolves.toBeUndefined()
  })

  it('waits for a reader that starts late, then reads slowly, however long that takes in all, and ends once all is taken', async () => {
    vi.useFakeTimers({ now: 0 })
    const out = stream(1_000_000)
    const done = settled(outputDrained([out, stream(0)]))
    // Nothing taken for a little less than the stall bound (a reader busy elsewhere), then part of
    // one large write a little less often than that: minutes in all.
    for (let step = 0; step < 10; step++) {
      await vi.advanceTimersByTimeAsync(OUTPUT_STALL_MS - 1000)
      expect(done()).toBe(false)
      out._handle.writeQueueSize -= 100_000
    }
    out.writableLength = 0
    out._handle.writeQueueSize = 0
    await vi.advanceTimersByTimeAsync(100)
    expect(done()).toBe(true)
  })

  it('gives up on a reader that takes nothing for the stall bound (30 s)', async () => {
    vi.useFakeTimers({ now: 0 })
    const done = settled(outputDrained([stream(65_536)]))
    expect(OUTPUT_STALL_MS).toBe(30_000)
    await vi.advanceTimersByTimeAsync(OUTPUT_STALL_MS - 100)
    expect(done()).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(done()).toBe(true)
  })

  it('a stream closed meanwhile (its reader gone) is waited on no more', async () => {
    vi.useFakeTimers({ now: 0 })
    const out: { writableLength: number; destroyed?: boolean } = { writableLength: 10 }
    const done = settled(outputDrained([out]))
    out.destroyed = true
    await vi.advanceTimersByTimeAsync(100)
    expect(done()).toBe(true)
  })
})
