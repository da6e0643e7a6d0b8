import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync, type Stats } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { holdsEarlyReport, pathKind, stdioOf, writeReportFile } from '../src/cli/write-file.js'

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-write-'))
/** An lstat that says the path is a character device, as /dev/null is, whatever it really is. */
const device = { lstat: () => ({ isFile: () => false, isCharacterDevice: () => true }) as unknown as Stats }

describe('writeReportFile', () => {
  it('a regular file is replaced whole (a new file renamed over it)', () => {
    const file = path.join(dir(), 'out.json')
    writeFileSync(file, 'old')
    const before = statSync(file).ino
    writeReportFile(file, 'new')
    expect(readFileSync(file, 'utf8')).toBe('new')
    expect(statSync(file).ino).not.toBe(before)
  })

  it('a missing file is created', () => {
    const file = path.join(dir(), 'out.json')
    writeReportFile(file, 'new')
    expect(readFileSync(file, 'utf8')).toBe('new')
  })

  it('a device is written in place, never renamed over', () => {
    // A regular file that lstat calls a device: the same inode afterwards shows no rename happened.
    const file = path.join(dir(), 'device')
    writeFileSync(file, 'old')
    const before = statSync(file).ino
    expect(pathKind(file, device)).toBe('other')
    writeReportFile(file, 'written in place', device)
    expect(readFileSync(file, 'utf8')).toBe('written in place')
    expect(statSync(file).ino).toBe(before)
  })

  it('knows the command’s own stdout and stderr by every spelling, and no other process’s', () => {
    expect(stdioOf('/dev/stdout')).toBe(1)
    expect(stdioOf('/dev/stderr')).toBe(2)
    expect(stdioOf('/dev/fd/1')).toBe(1)
    expect(stdioOf('/proc/self/fd/2')).toBe(2)
    expect(stdioOf(`/proc/${process.pid}/fd/1`)).toBe(1)
    expect(stdioOf('/proc/1/fd/1')).toBeUndefined()
    expect(stdioOf('/dev/fd/3')).toBeUndefined()
    expect(stdioOf('/dev/null')).toBeUndefined()
  })

  it('the ids of the work started go early only to what is a plain file', () => {
    const folder = dir()
    const file = path.join(folder, 'out.json')
    expect(holdsEarlyReport(file)).toBe(true)
    writeFileSync(file, '')
    expect(holdsEarlyReport(file)).toBe(true)
    symlinkSync(file, path.join(folder, 'link'))
    expect(holdsEarlyReport(path.join(folder, 'link'))).toBe(true)
    execFileSync('mkfifo', [path.join(folder, 'fifo')])
    expect(holdsEarlyReport(path.join(folder, 'fifo'))).toBe(false)
    symlinkSync('/dev/stdout', path.join(folder, 'stdout'))
    expect(holdsEarlyReport(path.join(folder, 'stdout'))).toBe(false)
    expect(holdsEarlyReport('/dev/null')).toBe(false)
  })
})
