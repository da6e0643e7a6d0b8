import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync, type Stats } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileIdentity, holdsEarlyReport, linkTarget, pathKind, stdioOf, writeReportFile } from '../src/cli/write-file.js'

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

  it('a missing folder is created, however deep', () => {
    const file = path.join(dir(), 'test-results', 'unit', 'docs.xml')
    writeReportFile(file, 'new')
    expect(readFileSync(file, 'utf8')).toBe('new')
  })

  it('a file where the folder should be: an error naming that file, and the file stays', () => {
    const folder = dir()
    writeFileSync(path.join(folder, 'test-results'), 'a file')
    for (const file of [path.join(folder, 'test-results', 'docs.xml'), path.join(folder, 'test-results', 'unit', 'docs.xml')])
      expect(() => writeReportFile(file, 'new')).toThrow(`${path.join(folder, 'test-results')} is a file, not a folder`)
    expect(readFileSync(path.join(folder, 'test-results'), 'utf8')).toBe('a file')
  })

  it('a symlink whose target does not exist yet names its target, and writing through it creates the target’s folder', () => {
    const folder = dir()
    symlinkSync('results/target.xml', path.join(folder, 'link.xml'))
    expect(linkTarget(path.join(folder, 'link.xml'))).toBe(path.join(folder, 'results', 'target.xml'))
    expect(fileIdentity(path.join(folder, 'link.xml'))).toBe(fileIdentity(path.join(folder, 'results', 'target.xml')))
    writeReportFile(path.join(folder, 'link.xml'), 'through')
    expect(readFileSync(path.join(folder, 'results', 'target.xml'), 'utf8')).toBe('through')
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
