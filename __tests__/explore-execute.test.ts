import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { passOnUnread } from '../explore/execute.js'

// How the explorer reads a step's output: what the step wrote before a reader went away counts as
// written (the step cannot know that its reader never took it).

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('passOnUnread', () => {
  it('takes what the pipe holds and nobody read yet, and ends on an empty pipe instead of waiting', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'wfd-unread-'))
    folders.push(folder)
    const written = path.join(folder, 'written')
    const line = 'warning: The job summary could not be written to /dev/full\n'
    const child = spawn(
      process.execPath,
      [
        '-e',
        `process.stdout.write(${JSON.stringify(line)}, () => require('node:fs').writeFileSync(${JSON.stringify(written)}, '')); setTimeout(() => {}, 60000)`
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] }
    )
    try {
      // The line is in the pipe; the explorer's side has read nothing of it.
      await vi.waitFor(() => expect(existsSync(written)).toBe(true), { timeout: 20_000, interval: 20 })
      let read = ''
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        read += chunk
      })
      passOnUnread(child.stdout)
      expect(read).toBe(line)
      // Nothing more: the pipe is empty, and the call returns at once (a blocking read would hang here).
      passOnUnread(child.stdout)
      expect(read).toBe(line)
    } finally {
      child.stdout?.destroy()
      child.kill('SIGKILL')
    }
  })

  it('has nothing to take from a stream that is not there', () => {
    expect(() => passOnUnread(null)).not.toThrow()
  })
})
