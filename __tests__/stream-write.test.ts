// A streamed report (a FIFO) on a clock the test owns: the reader is in this process and reads
// only when the test says, so every outcome follows from the script, never from the machine's speed.
import { execFileSync } from 'node:child_process'
import { closeSync, constants, mkdtempSync, openSync, readSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openStream, STREAM_STALL_MS, type StreamWait, writeAll } from '../src/cli/write-file.js'

const opened: number[] = []
afterEach(() => {
  for (const fd of opened.splice(0)) closeSync(fd)
})

/** A FIFO with its reader's end open (not blocking) in this process, and its path. */
function fifo(): { file: string; reader: number; writer: () => number } {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-stream-')), 'out.json')
  execFileSync('mkfifo', [file])
  const reader = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK)
  opened.push(reader)
  const writer = () => {
    const fd = openSync(file, constants.O_WRONLY | constants.O_NONBLOCK)
    opened.push(fd)
    return fd
  }
  return { file, reader, writer }
}

/** What the reader takes now: up to `most` bytes of what is in the pipe. */
function take(reader: number, most: number): Buffer {
  const buffer = Buffer.alloc(most)
  try {
    return buffer.subarray(0, readSync(reader, buffer, 0, most, null))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return Buffer.alloc(0)
    throw error
  }
}

/** A wait on the test's clock: each pause moves it on and then lets the reader act. */
function testWait(onPause: (now: number) => void = () => {}) {
  const over = new AbortController()
  let now = 0
  let pauses = 0
  const wait: StreamWait = {
    over: over.signal,
    overWhy: () => 'the run was cancelled',
    stallMs: STREAM_STALL_MS,
    now: () => now,
    pause: async (ms) => {
      now += ms
      pauses++
      onPause(now)
    }
  }
  return { wait, over, clock: () => now, pauses: () => pauses }
}

const REPORT = Buffer.from('x'.repeat(1 << 20))

describe('a streamed report waits for its reader while the reader takes it', () => {
  it('a reader that takes some before each stall would end gets the report whole, however long it takes in all', async () => {
    const { file, reader } = fifo()
    const got: Buffer[] = []
    // 16 KiB a little before every 5 s: a megabyte takes minutes on this clock.
    const { wait, clock } = testWait((now) => {
      if (now % (STREAM_STALL_MS - 10) === 0) got.push(take(reader, 16 * 1024))
    })
    const stream = openStream(file, wait)
    await stream.write(REPORT.toString())
    stream.close()
    for (let chunk = take(reader, 1 << 20); chunk.length > 0; chunk = take(reader, 1 << 20)) got.push(chunk)
    expect(Buffer.concat(got).equals(REPORT)).toBe(true)
    expect(clock()).toBeGreaterThan(60_000)
  })

  it('a reader that takes nothing is given up on once it took nothing for 5 s, with how much it took', async () => {
    const { reader, writer: open } = fifo()
    const { wait, clock, pauses } = testWait()
    const writer = open()
    const error = await writeAll(writer, REPORT, wait).catch((caught: unknown) => caught as NodeJS.ErrnoException)
    expect(error).toMatchObject({ code: 'EAGAIN' })
    expect((error as Error).message).toMatch(
      new RegExp(
        `^its reader did not take it in time \\(EAGAIN\\): it took nothing for 5 s, with \\d+ of ${REPORT.length} bytes taken\\. Its reader must read the report as it comes$`
      )
    )
    // Tried again every 10 ms of the clock until the stall's end, not a try less or more.
    expect(clock()).toBe(STREAM_STALL_MS)
    expect(pauses()).toBe(STREAM_STALL_MS / 10)
    const inPipe = take(reader, 1 << 20).length
    expect((error as Error).message).toContain(`with ${inPipe} of`)
  })

  it('a reader that took some keeps its 5 s from what it took last', async () => {
    const { reader, writer: open } = fifo()
    let tookAt = -1
    const { wait, clock } = testWait((now) => {
      if (now === 3000) {
        take(reader, 4096)
        tookAt = now
      }
    })
    const writer = open()
    await expect(writeAll(writer, REPORT, wait)).rejects.toThrow('it took nothing for 5 s')
    expect(tookAt).toBe(3000)
    // Given up 5 s after the last byte was taken (the write right after the read), not 5 s after the start.
    expect(clock()).toBe(3000 + STREAM_STALL_MS)
  })

  it('once the wait is over (a cancel, the step’s bound) a reader still behind is given up on at its next try, saying why', async () => {
    const { reader, writer: open } = fifo()
    const control = testWait((now) => {
      take(reader, 1024)
      if (now === 200) control.over.abort()
    })
    const writer = open()
    await expect(writeAll(writer, REPORT, control.wait)).rejects.toThrow(/^its reader did not take it in time \(EAGAIN\): the run was cancelled, with \d+ of/)
    expect(control.clock()).toBe(200)
  })

  it('a reader that keeps up is never paused for', async () => {
    const { reader, writer: open } = fifo()
    const { wait, pauses } = testWait()
    const writer = open()
    await writeAll(writer, Buffer.from('{"result":"success"}\n'), wait)
    expect(pauses()).toBe(0)
    expect(take(reader, 100).toString()).toBe('{"result":"success"}\n')
  })
})
