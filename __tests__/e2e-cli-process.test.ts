import { execFileSync, spawn } from 'node:child_process'
import {
  chmodSync,
  closeSync,
  cpSync,
  readdirSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readlinkSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ADMIN_KEY, PROJECT_ID } from '../dev/simulator.js'
import { COMMAND, reportDir, runCommand } from './helpers/cli.js'
import { parseGitLabDotenv } from './helpers/dotenv.js'
import { simulator } from './helpers/e2e.js'

// The bundled command (dist/cli/index.js) as a child process, and what it does to the files and
// streams around it: report paths that are not plain files, and a reader that goes away.
type Simulator = Awaited<ReturnType<typeof simulator>>
const FAST = ['--min-interval', '100ms', '--max-interval', '200ms']
const KEY_ENV = { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
const success = (sim: Simulator) => ['--base-url', sim.url, '--status-id', 'update-success', ...FAST, '--timeout', '20s']

/** Reads what a FIFO holds now, from a descriptor opened for reading and writing (so it never blocks on open). */
function drain(fd: number): string {
  const buffer = Buffer.alloc(1 << 20)
  try {
    return buffer.subarray(0, readSync(fd, buffer)).toString('utf8')
  } catch (error) {
    // Opened without blocking: an empty FIFO is nothing written, not a test that hangs.
    if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return ''
    throw error
  }
}

describe('a report path that is not a regular file is written in place, never replaced', () => {
  it('a symlink: its target gets the report, and the link stays a link', async () => {
    const sim = await simulator()
    let link = ''
    const run = await runCommand(
      (dir) => {
        link = path.join(dir, 'link.json')
        symlinkSync('target.json', link)
        return [...success(sim), '--output-file', 'link.json']
      },
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readlinkSync(link)).toBe('target.json')
    expect(JSON.parse(run.file('target.json') ?? 'null')).toMatchObject({ result: 'success', 'status-id': 'update-success' })
  })

  it('a FIFO read by another process gets the report once, whole, and stays a FIFO', async () => {
    const sim = await simulator()
    let fifo = ''
    let fd = -1
    try {
      const run = await runCommand(
        (dir) => {
          fifo = path.join(dir, 'docs.env')
          execFileSync('mkfifo', [fifo])
          // Open for reading (and writing, so that opening does not wait for a writer) before the command starts.
          fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK)
          return ['--base-url', sim.url, ...FAST, '--timeout', '20s', '--trigger', 'update', '--project-id', PROJECT_ID, '--dotenv', 'docs.env']
        },
        { env: KEY_ENV }
      )
      expect(run.code, run.stdout).toBe(0)
      expect(statSync(fifo).isFIFO()).toBe(true)
      // Only the final report: the ids written at once when the work starts go to regular files only.
      const text = drain(fd)
      expect(parseGitLabDotenv(text)).toMatchObject({ DOCS_RESULT: 'success', DOCS_STATUS_ID: 'update-success' })
      expect(text.match(/^DOCS_STATUS_ID=/gm)).toHaveLength(1)
    } finally {
      if (fd >= 0) closeSync(fd)
    }
  })

  // The FIFO is named first: it is still written last, once, with the outcome that stands.
  it.each([
    ['a report that fails after it (a folder)', (dir: string) => mkdirSync(path.join(dir, 'docs.env')), 'EISDIR'],
    [
      'a device that takes nothing (/dev/full), tried before the FIFO gets anything',
      (dir: string) => symlinkSync('/dev/full', path.join(dir, 'docs.env')),
      'ENOSPC'
    ]
  ])('a FIFO holds the error, once, beside %s', async (_, place, code) => {
    const sim = await simulator()
    let fd = -1
    try {
      const run = await runCommand(
        (dir) => {
          const fifo = path.join(dir, 'out.json')
          execFileSync('mkfifo', [fifo])
          fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK)
          place(dir)
          return [...success(sim), '--output-file', 'out.json', '--dotenv', 'docs.env']
        },
        { env: KEY_ENV }
      )
      expect(run.code, run.stdout).toBe(4)
      const text = drain(fd)
      expect(text.match(/"exit-code"/g)).toHaveLength(1)
      expect(JSON.parse(text)).toMatchObject({ result: 'error', 'exit-code': 4 })
      expect(run.stdout).toContain(`The dotenv report could not be written to docs.env: ${code}`)
    } finally {
      if (fd >= 0) closeSync(fd)
    }
  })

  it('a FIFO nobody reads: a clear error at once (exit 4), not a hang, and the FIFO stays', async () => {
    const sim = await simulator()
    let fifo = ''
    const run = await runCommand(
      (dir) => {
        fifo = path.join(dir, 'junit.xml')
        execFileSync('mkfifo', [fifo])
        return [...success(sim), '--junit', 'junit.xml', '--output-file', 'out.json']
      },
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(4)
    expect(run.stdout).toContain('The JUnit report could not be written to junit.xml: nothing is reading this FIFO (ENXIO)')
    expect(statSync(fifo).isFIFO()).toBe(true)
    expect(JSON.parse(run.file('out.json') ?? 'null')).toMatchObject({ result: 'error', 'exit-code': 4 })
  })

  it('a link to /dev/stdout: the report goes to the command’s stdout, and the run succeeds', async () => {
    const sim = await simulator()
    const run = await runCommand(
      (dir) => {
        symlinkSync('/dev/stdout', path.join(dir, 'stdout.json'))
        return [...success(sim), '--json', '--output-file', 'stdout.json']
      },
      { env: KEY_ENV }
    )
    expect(run.code, run.stderr).toBe(0)
    // The file's copy (pretty-printed) and the --json line, both on stdout.
    expect(run.stdout).toContain('"result": "success"')
    expect(run.stdout).toContain('"result":"success"')
  })

  it('a link to /dev/null: written through, the link and the device stay as they were', async () => {
    const sim = await simulator()
    let link = ''
    const run = await runCommand(
      (dir) => {
        link = path.join(dir, 'null.xml')
        symlinkSync('/dev/null', link)
        return [...success(sim), '--junit', 'null.xml']
      },
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true)
  })

  it('a link to /dev/full: the report cannot be written, said clearly, exit 4', async () => {
    const sim = await simulator()
    let link = ''
    const run = await runCommand(
      (dir) => {
        link = path.join(dir, 'full.env')
        symlinkSync('/dev/full', link)
        return [...success(sim), '--dotenv', 'full.env', '--output-file', 'out.json']
      },
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(4)
    expect(run.stdout).toContain('The dotenv report could not be written to full.env: ENOSPC')
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true)
    expect(JSON.parse(run.file('out.json') ?? 'null')).toMatchObject({ result: 'error', 'exit-code': 4 })
  })
})

describe('a report’s folder that does not exist yet is created, as JUnit writers do', () => {
  it('every report in a folder a fresh checkout does not have (the README’s Bitbucket and CircleCI examples): written, exit 0', async () => {
    const sim = await simulator()
    const run = await runCommand(
      () => [
        ...success(sim),
        '--junit',
        'test-results/docs.xml',
        '--output-file',
        'reports/json/out.json',
        '--dotenv',
        'env/docs.env',
        '--summary-file',
        'summary/docs.md'
      ],
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).not.toContain('warning')
    expect(run.file('test-results/docs.xml')).toContain('<testsuites')
    expect(JSON.parse(run.file('reports/json/out.json') ?? 'null')).toMatchObject({ result: 'success', 'exit-code': 0 })
    expect(parseGitLabDotenv(run.file('env/docs.env') ?? '')).toMatchObject({ DOCS_RESULT: 'success' })
    expect(run.file('summary/docs.md')).toContain('update-success')
  })

  it('a symlink whose target’s folder does not exist yet: the folder is created, the report written through the link', async () => {
    const sim = await simulator()
    let link = ''
    const run = await runCommand(
      (dir) => {
        link = path.join(dir, 'docs.xml')
        symlinkSync('results/target.xml', link)
        return [...success(sim), '--junit', 'docs.xml']
      },
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(run.file('results/target.xml')).toContain('<testsuites')
  })

  it.each([
    ['the folder’s name is a file', 'test-results/docs.xml', 'test-results'],
    ['a folder on the way is a file', 'test-results/unit/docs.xml', 'test-results']
  ])('%s: exit 4, saying which file is in the way, and the other reports say error', async (_, junit, blocker) => {
    const sim = await simulator()
    const run = await runCommand(
      (dir) => {
        writeFileSync(path.join(dir, 'test-results'), 'a file, not a folder')
        return [...success(sim), '--junit', junit, '--output-file', 'out.json']
      },
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(4)
    expect(run.stdout).toContain(`The JUnit report could not be written to ${junit}: its folder `)
    expect(run.stdout).toContain(`${path.join(run.dir, blocker)} is a file, not a folder`)
    expect(run.file('test-results')).toBe('a file, not a folder')
    expect(JSON.parse(run.file('out.json') ?? 'null')).toMatchObject({ result: 'error', 'exit-code': 4 })
  })

  // Root may write anywhere: the command runs as another user (nobody) where the test can make it so.
  const asNobody = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/setpriv')
  it.skipIf(!asNobody).for([
    ['a folder this user may not create a folder in', 'test-results/docs.xml', 'this user may not create it in'],
    ['a folder this user may not write in', 'docs.xml', 'may not be written to by this user (EACCES)']
  ] as const)('%s: exit 4, said why (as another user: needs root and setpriv)', async ([, junit, why], context) => {
    const sim = await simulator()
    const dir = reportDir()
    chmodSync(dir, 0o755)
    // A clone may sit where only root can enter (/root/…, a private mktemp folder): the other user
    // runs a copy of the bundle, in a folder of its own that everyone may read.
    const bundle = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-bundle-'))
    cpSync(path.dirname(COMMAND), bundle, { recursive: true })
    for (const entry of [bundle, ...readdirSync(bundle).map((name) => path.join(bundle, name))]) chmodSync(entry, statSync(entry).isDirectory() ? 0o755 : 0o644)
    const command = path.join(bundle, path.basename(COMMAND))
    const asOther = ['--reuid=65534', '--regid=65534', '--clear-groups']
    try {
      execFileSync('setpriv', [...asOther, process.execPath, '-e', `require('node:fs').accessSync(${JSON.stringify(command)}, 4)`], { stdio: 'ignore' })
    } catch {
      return context.skip(`the other user (65534) cannot run Node.js (${process.execPath}) or read ${command}: a folder on the way is private to root`)
    }
    const child = spawn('setpriv', [...asOther, process.execPath, command, ...success(sim), '--junit', junit, '--output-file', '/dev/stdout', '--json'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    expect(code, stderr).toBe(4)
    expect(stderr).toContain(`The JUnit report could not be written to ${junit}: `)
    expect(stderr).toContain(why)
    expect(stdout).toContain('"result":"error"')
  })

  it('a summary file whose folder’s name is a file: a warning, the outcome stands', async () => {
    const sim = await simulator()
    const run = await runCommand(
      (dir) => {
        writeFileSync(path.join(dir, 'summary'), '')
        return [...success(sim), '--summary-file', 'summary/docs.md', '--output-file', 'out.json']
      },
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toContain('The job summary could not be written to summary/docs.md: its folder ')
    expect(JSON.parse(run.file('out.json') ?? 'null')).toMatchObject({ result: 'success' })
  })
})

/**
 * The command in a shell pipeline, its stdout a real pipe to `reader`: the command's exit code
 * (PIPESTATUS), its stderr, and its folder of reports.
 */
function piped(args: string[], reader: string, env: Record<string, string> = {}) {
  const dir = reportDir()
  const quoted = args.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ')
  const script = `'${process.execPath}' '${COMMAND}' ${quoted} | ${reader}; echo "\${PIPESTATUS[0]}" > exit-code`
  const child = spawn('bash', ['-c', script], { cwd: dir, env: { PATH: process.env.PATH ?? '', ...KEY_ENV, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  return new Promise<{ code: number; stderr: string; file: (name: string) => string | undefined }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the pipeline did not end within 25 s\n${stderr}`))
    }, 25_000)
    child.once('close', () => {
      clearTimeout(timer)
      const file = (name: string) => {
        try {
          return readFileSync(path.join(dir, name), 'utf8')
        } catch {
          return undefined
        }
      }
      resolve({ code: Number(file('exit-code')), stderr, file })
    })
  })
}

const REPORTS = ['--output-file', 'out.json', '--dotenv', 'docs.env']

describe('a stdout closed by its reader ends nothing: the log goes on on stderr, the reports are written, the exit code is the outcome’s', () => {
  it('closed at once (`| head -c 1`): a success is still exit 0, with every report, and the result is read on stderr', async () => {
    const sim = await simulator()
    const run = await piped([...success(sim), ...REPORTS], 'head -c 1 > /dev/null')
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/Result: success — .* \(exit code 0\)/)
    expect(run.stderr).not.toContain('EPIPE')
    expect(JSON.parse(run.file('out.json') ?? 'null')).toMatchObject({ result: 'success', 'exit-code': 0 })
    expect(parseGitLabDotenv(run.file('docs.env') ?? '')).toMatchObject({ DOCS_RESULT: 'success' })
  })

  it('closed while waiting (the reader stops at a line printed while waiting): a timeout is still exit 3, with every report', async () => {
    const sim = await simulator()
    // The reader leaves at the status change, which is printed while the update is still running.
    const run = await piped(
      ['--base-url', sim.url, '--status-id', 'update-forever', ...FAST, '--timeout', '3s', ...REPORTS],
      "grep -q -m1 'queued → in_progress'"
    )
    expect(run.code, run.stderr).toBe(3)
    expect(run.stderr).toContain('Result: timeout (exit code 3)')
    expect(run.stderr).not.toContain('EPIPE')
    expect(JSON.parse(run.file('out.json') ?? 'null')).toMatchObject({ result: 'timeout', 'exit-code': 3 })
    expect(parseGitLabDotenv(run.file('docs.env') ?? '')).toMatchObject({ DOCS_RESULT: 'timeout' })
  })

  it('closed before the JSON object (`--json … | true`): a timeout is still exit 3, the log on stderr unharmed', async () => {
    const sim = await simulator()
    const run = await piped(['--base-url', sim.url, '--status-id', 'update-forever', ...FAST, '--timeout', '1s', '--json', ...REPORTS], 'true')
    expect(run.code, run.stderr).toBe(3)
    expect(run.stderr).toContain('Result: timeout (exit code 3)')
    expect(run.stderr).not.toContain('EPIPE')
    expect(JSON.parse(run.file('out.json') ?? 'null')).toMatchObject({ result: 'timeout', 'exit-code': 3 })
  })
})

describe('the output is whole when its reader is slow: the command exits once stdout and stderr are drained', () => {
  /** An update whose record lists 40,000 changed files: a JSON object of megabytes. */
  const bigUpdate = (sim: Simulator) => {
    const createdAt = new Date(Date.now() - 60_000).toISOString()
    const modified = Array.from({ length: 40_000 }, (_, i) => `docs/section-${i}/page-${i}.mdx`)
    sim.script('update', 'big', [
      {
        json: {
          _id: 'big',
          projectId: PROJECT_ID,
          createdAt,
          status: 'success',
          summary: 'Deployed',
          logs: ['done'],
          endedAt: new Date().toISOString(),
          commit: { sha: 'a'.repeat(40), ref: 'main', message: 'docs', filesChanged: { added: [], modified, removed: [] } }
        }
      }
    ])
  }

  it('--json read by a reader that starts 2 s after the result (its stdout a socket, as Node’s and many runners’ are): every byte, exit 0', async () => {
    const sim = await simulator()
    bigUpdate(sim)
    const child = spawn(process.execPath, [COMMAND, '--base-url', sim.url, '--status-id', 'big', ...FAST, '--json'], {
      cwd: reportDir(),
      env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child.stdout.pause()
    let stderr = ''
    let stdout = ''
    let reading: NodeJS.Timeout | undefined
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
      // The reader comes back well after the 1 s the command used to wait before it exited.
      if (reading === undefined && stderr.includes('Result:'))
        reading = setTimeout(() => {
          child.stdout.setEncoding('utf8').on('data', (text: string) => {
            stdout += text
          })
          child.stdout.resume()
        }, 2000)
    })
    const ended = new Promise<number | null>((resolve) => child.once('exit', resolve))
    const read = new Promise((resolve) => child.stdout.once('end', resolve))
    const code = await ended
    await read
    expect(code, stderr).toBe(0)
    const object = JSON.parse(stdout)
    expect(object).toMatchObject({ result: 'success', 'exit-code': 0 })
    expect(object['files-changed']).toHaveLength(40_000)
  }, 30_000)

  it('--json of megabytes, a SIGINT just after the result while its reader is away for 0.5 s: every byte, the outcome’s exit 0, within the 1.5 s grace (found by the explorer)', async () => {
    const sim = await simulator()
    bigUpdate(sim)
    const child = spawn(process.execPath, [COMMAND, '--base-url', sim.url, '--status-id', 'big', ...FAST, '--json'], {
      cwd: reportDir(),
      env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child.stdout.pause()
    let stderr = ''
    let stdout = ''
    let signalledAt: number | undefined
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
      if (signalledAt !== undefined || !stderr.includes('Result:')) return
      // A cancel that comes once everything is written, while the JSON object is still on its way.
      setTimeout(() => {
        signalledAt = Date.now()
        child.kill('SIGINT')
      }, 10)
      setTimeout(() => {
        child.stdout.setEncoding('utf8').on('data', (text: string) => {
          stdout += text
        })
        child.stdout.resume()
      }, 500)
    })
    const ended = new Promise<[number | null, NodeJS.Signals | null, number]>((resolve) =>
      child.once('exit', (code, signal) => resolve([code, signal, Date.now()]))
    )
    const read = new Promise((resolve) => child.stdout.once('end', resolve))
    const [code, signal, exitedAt] = await ended
    await read
    expect([code, signal], stderr).toEqual([0, null])
    expect(exitedAt - (signalledAt ?? 0)).toBeLessThan(1500 + 1000)
    const object = JSON.parse(stdout)
    expect(object).toMatchObject({ result: 'success', 'exit-code': 0 })
    expect(object['files-changed']).toHaveLength(40_000)
  }, 30_000)

  it('SIGINTs sent without pause from the result line until the command is gone, while Node tears the process down too: the outcome’s exit 0, never a death by the signal (found by the explorer on CI)', async () => {
    const sim = await simulator()
    const child = spawn(process.execPath, [COMMAND, ...success(sim)], {
      cwd: reportDir(),
      env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let log = ''
    let signals = 0
    let spam: NodeJS.Timeout | undefined
    const listen = (chunk: string) => {
      log += chunk
      // From the result on, a cancel at every turn of this process's loop: one lands in whatever the command is doing, its last moments too.
      if (spam || !log.includes('Result: success')) return
      spam = setInterval(() => {
        if (child.exitCode === null && child.signalCode === null && child.kill('SIGINT')) signals++
      }, 0)
    }
    child.stdout.setEncoding('utf8').on('data', listen)
    child.stderr.setEncoding('utf8').on('data', listen)
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])))
    clearInterval(spam)
    expect(signals, log).toBeGreaterThan(0)
    expect([code, signal], log).toEqual([0, null])
  })

  it('a FIFO read as it comes (`cat`) gets a report of megabytes whole, exit 0', async () => {
    const sim = await simulator()
    bigUpdate(sim)
    const dir = reportDir()
    execFileSync('mkfifo', [path.join(dir, 'out.json')])
    // Held open (reading nothing) until the command is done, so that the FIFO has a reader from the
    // start whenever `cat` gets to open it, and `cat` sees its end only after that.
    const held = openSync(path.join(dir, 'out.json'), constants.O_RDWR | constants.O_NONBLOCK)
    const reader = spawn('sh', ['-c', 'cat out.json > copy.json'], { cwd: dir, stdio: 'ignore' })
    const read = new Promise((resolve) => reader.once('exit', resolve))
    // `cat` has the FIFO open before the command starts (Linux: /proc), however slowly the machine starts it.
    const fifoOpenedBy = (pid: number) => {
      try {
        return readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === path.join(dir, 'out.json'))
      } catch {
        return false
      }
    }
    for (let tries = 0; process.platform === 'linux' && tries < 500; tries++) {
      const children = readFileSync(`/proc/${reader.pid}/task/${reader.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
      if ([reader.pid ?? 0, ...children.map(Number)].some(fifoOpenedBy)) break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'big', ...FAST, '--output-file', path.join(dir, 'out.json')], { env: KEY_ENV })
    closeSync(held)
    await read
    expect(run.code, run.stdout).toBe(0)
    const copy = JSON.parse(readFileSync(path.join(dir, 'copy.json'), 'utf8'))
    expect(copy).toMatchObject({ result: 'success', 'exit-code': 0 })
    expect(copy['files-changed']).toHaveLength(40_000)
  }, 30_000)

  it('a FIFO whose reader stalls holds a SIGTERM for less than the 2 s a cancel is given: the report is an error (exit 4), said why', async () => {
    const sim = await simulator()
    bigUpdate(sim)
    const dir = reportDir()
    const fifo = path.join(dir, 'out.json')
    execFileSync('mkfifo', [fifo])
    // A reader that opened the FIFO and reads nothing: the report (megabytes) fills it and waits.
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK)
    try {
      const child = spawn(process.execPath, [COMMAND, '--base-url', sim.url, '--status-id', 'big', ...FAST, '--output-file', 'out.json'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
        stdio: ['ignore', 'pipe', 'pipe']
      })
      let output = ''
      let signalledAt = 0
      const seen = (chunk: string) => {
        output += chunk
        // The wait is over: the reports are being written, the FIFO's among them.
        if (signalledAt === 0 && output.includes('✓ update big')) {
          signalledAt = -1
          setTimeout(() => {
            signalledAt = Date.now()
            child.kill('SIGTERM')
          }, 300)
        }
      }
      child.stdout.setEncoding('utf8').on('data', seen)
      child.stderr.setEncoding('utf8').on('data', seen)
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
      const took = Date.now() - signalledAt
      expect(signalledAt, output).toBeGreaterThan(0)
      expect(took, output).toBeLessThan(2000)
      expect(code, output).toBe(4)
      expect(output).toContain('Received SIGTERM: the wait is over; finishing the reports within 1.5s.')
      expect(output).toMatch(
        /The JSON report could not be written to out\.json: its reader did not take it in time \(EAGAIN\): the run was cancelled, and a cancel leaves the last writes 1\.5 s, with \d+ of \d+ bytes taken/
      )
    } finally {
      closeSync(fd)
    }
  }, 30_000)

  it('a FIFO whose reader takes nothing is given up on once it took nothing for 5 s: the report is an error (exit 4), said why', async () => {
    const sim = await simulator()
    bigUpdate(sim)
    const dir = reportDir()
    const fifo = path.join(dir, 'out.json')
    execFileSync('mkfifo', [fifo])
    // Opened and never read: the pipe's buffer fills, then nothing more is taken, however long.
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK)
    try {
      const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'big', ...FAST, '--output-file', fifo], { env: KEY_ENV })
      expect(run.code, run.stdout).toBe(4)
      expect(run.stdout).toMatch(
        /its reader did not take it in time \(EAGAIN\): it took nothing for 5 s, with \d+ of \d+ bytes taken\. Its reader must read the report as it comes/
      )
      expect(run.stdout).toContain('The wait itself succeeded: update big succeeded.')
    } finally {
      closeSync(fd)
    }
  }, 30_000)

  it('--json of megabytes, its stdout read only 6 s late (past what a stall used to allow): the object whole, exit 0', async () => {
    const sim = await simulator()
    bigUpdate(sim)
    const child = spawn(process.execPath, [COMMAND, '--base-url', sim.url, '--status-id', 'big', ...FAST, '--json'], {
      cwd: reportDir(),
      env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child.stdout.pause()
    let stdout = ''
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text
    })
    setTimeout(() => {
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        stdout += text
      })
      child.stdout.resume()
    }, 6000)
    const ended = new Promise<number | null>((resolve) => child.once('exit', resolve))
    const read = new Promise((resolve) => child.stdout.once('end', resolve))
    const code = await ended
    await read
    expect(code, stderr.slice(-2000)).toBe(0)
    const object = JSON.parse(stdout)
    expect(object).toMatchObject({ result: 'success', 'exit-code': 0 })
    expect(object['files-changed']).toHaveLength(40_000)
  }, 30_000)

  it('--output-file /dev/stdout of megabytes, its stdout a socket read 2 s late: the report whole, in its place among the log lines, exit 0', async () => {
    const sim = await simulator()
    bigUpdate(sim)
    const child = spawn(process.execPath, [COMMAND, '--base-url', sim.url, '--status-id', 'big', ...FAST, '--output-file', '/dev/stdout'], {
      cwd: reportDir(),
      env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child.stdout.pause()
    let stdout = ''
    setTimeout(() => {
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        stdout += text
      })
      child.stdout.resume()
    }, 2500)
    const ended = new Promise<number | null>((resolve) => child.once('exit', resolve))
    const read = new Promise((resolve) => child.stdout.once('end', resolve))
    const code = await ended
    await read
    expect(code, stdout.slice(-2000)).toBe(0)
    const lines = stdout.split('\n')
    const start = lines.indexOf('{')
    const end = lines.indexOf('}', start)
    expect(lines.slice(0, start).join('\n')).toContain('✓ update big: success')
    expect(JSON.parse(lines.slice(start, end + 1).join('\n'))['files-changed']).toHaveLength(40_000)
    expect(lines.slice(end).join('\n')).toContain('Result: success')
  }, 30_000)

  it('a reader that never reads: the command still exits, with the outcome’s code, once it took nothing for 30 s', async () => {
    const sim = await simulator()
    bigUpdate(sim)
    const child = spawn(process.execPath, [COMMAND, '--base-url', sim.url, '--status-id', 'big', ...FAST, '--json'], {
      cwd: reportDir(),
      env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child.stdout.pause()
    let stderr = ''
    let resultAt = 0
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
      if (resultAt === 0 && stderr.includes('Result:')) resultAt = Date.now()
    })
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    const waited = Date.now() - resultAt
    child.stdout.destroy()
    expect(code, stderr).toBe(0)
    // Never a hang; and not given up on before the stall bound (a reader that starts late gets all of it).
    expect(waited).toBeGreaterThanOrEqual(29_000)
  }, 60_000)
})

describe('a signal while Node loads the command', () => {
  it('a SIGTERM at the first moment the command listens for one, before most of it is loaded: every report written, cancelled, exit 143', async () => {
    const sim = await simulator()
    const dir = reportDir()
    // Loaded before the command: when the command first listens for SIGTERM, says what Node has
    // loaded by then and sends the signal at once.
    const hook = path.join(dir, 'hook.mjs')
    writeFileSync(
      hook,
      `const on = process.on
let first = true
process.on = function (name, listener) {
  const result = on.call(this, name, listener)
  if (name === 'SIGTERM' && first) {
    first = false
    process.stderr.write('first SIGTERM listener: tls ' + (process.moduleLoadList.includes('NativeModule tls') ? 'loaded' : 'not loaded yet') + '\\n')
    process.kill(process.pid, 'SIGTERM')
  }
  return result
}
`
    )
    const child = spawn(
      process.execPath,
      ['--import', pathToFileURL(hook).href, COMMAND, '--base-url', sim.url, '--status-id', 'update-forever', ...FAST, '--timeout', '20s', ...REPORTS],
      { cwd: dir, env: { PATH: process.env.PATH ?? '', ...KEY_ENV }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    // The signal was heard before the network code (which loads tls) was.
    expect(output).toContain('first SIGTERM listener: tls not loaded yet')
    expect(code, output).toBe(143)
    const json = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8'))
    expect(json).toMatchObject({ result: 'cancelled', 'exit-code': 143 })
    expect(parseGitLabDotenv(readFileSync(path.join(dir, 'docs.env'), 'utf8'))).toMatchObject({ DOCS_RESULT: 'cancelled' })
  })
})

describe('a copy of the command without the files beside its index.js', () => {
  const warningsIn = (log: string) => log.split('\n').filter((line) => line.startsWith('warning: '))

  it('loads the code of a GitLab record, of a report and of the explanation only when asked for: missing, each is said, and never a crash', async () => {
    // The chunks ncc splits off beside dist/cli/index.js, which a copy of index.js alone lacks.
    const bundle = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-bundle-'))
    try {
      cpSync(path.dirname(COMMAND), bundle, { recursive: true })
      const chunks = readdirSync(bundle).filter((name) => name.endsWith('.js') && name !== 'index.js')
      expect(chunks.length).toBeGreaterThan(0)
      for (const chunk of chunks) rmSync(path.join(bundle, chunk))
      const entry = path.join(bundle, 'index.js')
      const sim = await simulator()
      // A plain run needs none of them: nothing is missed, so nothing is said.
      const plain = await runCommand(() => [...success(sim), '--json'], { env: KEY_ENV, entry })
      expect(plain.code, plain.stderr).toBe(0)
      expect(JSON.parse(plain.stdout)).toMatchObject({ result: 'success', 'exit-code': 0 })
      expect(warningsIn(plain.stderr)).toEqual([])
      // A GitLab record's code is loaded only when its flag asks for it: missing, one warning each, and the result and exit code stand.
      sim.reset()
      const records = await runCommand(() => [...success(sim), '--mr-comment', '--commit-status', 'docs', '--output-file', 'out.json'], {
        env: KEY_ENV,
        entry
      })
      expect(records.code, records.stdout + records.stderr).toBe(0)
      expect(JSON.parse(records.file('out.json') ?? 'null')).toMatchObject({ result: 'success', 'exit-code': 0 })
      expect(warningsIn(records.stdout)).toEqual([
        expect.stringMatching(
          /^warning: The merge request note could not be written: the code for it could not be loaded \(.+\)\. Check that this copy of wait-for-docs is complete \(every file beside its index\.js\); the result does not depend on it\. \[note\.not-loaded\]$/
        ),
        expect.stringMatching(
          /^warning: The commit status could not be written: the code for it could not be loaded \(.+\)\. .* \[commit-status\.not-loaded\]$/
        )
      ])
      expect(records.stdout).toContain('Result: success')
      // A failure's explanation is code of its own: missing, one warning, and the failure's exit code.
      sim.reset()
      const failed = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-failure', ...FAST, '--output-file', 'out.json'], {
        env: KEY_ENV,
        entry
      })
      expect(failed.code, failed.stdout + failed.stderr).toBe(1)
      expect(JSON.parse(failed.file('out.json') ?? 'null')).toMatchObject({ result: 'failure', 'exit-code': 1 })
      expect(warningsIn(failed.stdout)).toEqual([
        expect.stringMatching(/^warning: The explanation of this outcome could not be loaded .* \[explanation\.not-loaded\]$/)
      ])
      // The job summary's and the JUnit report's code: the summary, optional, is a warning; a JUnit report a pipeline reads cannot be left out: exit 4.
      sim.reset()
      const summary = await runCommand(() => [...success(sim), '--summary-file', 'docs.md', '--output-file', 'out.json'], { env: KEY_ENV, entry })
      expect(summary.code, summary.stdout + summary.stderr).toBe(0)
      expect(summary.file('docs.md')).toBeUndefined()
      expect(warningsIn(summary.stdout)).toEqual([
        expect.stringMatching(
          /^warning: The job summary could not be written to docs\.md: the code that writes it could not be loaded \(.+\): check that this copy of wait-for-docs is complete .* \[report\.not-written\]$/
        )
      ])
      sim.reset()
      const junit = await runCommand(() => [...success(sim), '--junit', 'docs.xml', '--output-file', 'out.json'], { env: KEY_ENV, entry })
      expect(junit.code, junit.stdout + junit.stderr).toBe(4)
      expect(junit.stdout).toContain('The JUnit report could not be written to docs.xml: the code that writes it could not be loaded (')
      // What to check is the copy of the command, not the report's folder or the disk.
      expect(junit.stdout).not.toContain('Check that its folder')
      expect(JSON.parse(junit.file('out.json') ?? 'null')).toMatchObject({ result: 'error', 'exit-code': 4 })
    } finally {
      rmSync(bundle, { recursive: true, force: true })
    }
  })
})

describe('invalid command lines that touch the reports or a key', () => {
  it('two reports on one path, spelt two ways: exit 2 naming both flags, nothing sent', async () => {
    const sim = await simulator()
    const run = await runCommand(() => [...success(sim), '--output-file', 'x', '--dotenv', './sub/../x'], { env: KEY_ENV })
    expect(run.code, run.stdout).toBe(2)
    expect(sim.requests).toEqual([])
    expect(run.stdout).toContain('- --output-file "x" and --dotenv "./sub/../x" name the same file')
  })

  it('a symlink whose target does not exist yet, beside a report to that target: exit 2 naming both flags, nothing sent', async () => {
    const sim = await simulator()
    const run = await runCommand(
      (dir) => {
        symlinkSync('junit.xml', path.join(dir, 'docs.env'))
        return [...success(sim), '--dotenv', 'docs.env', '--junit', 'junit.xml']
      },
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(2)
    expect(sim.requests).toEqual([])
    expect(run.stdout).toContain('- --dotenv "docs.env" and --junit "junit.xml" name the same file')
  })

  it('--output-file /dev/stdout with stdout sent to the file --junit names: exit 2 naming both flags', async () => {
    const sim = await simulator()
    const dir = reportDir()
    const out = openSync(path.join(dir, 'out.xml'), 'w')
    try {
      const child = spawn(process.execPath, [COMMAND, ...success(sim), '--output-file', '/dev/stdout', '--junit', 'out.xml'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
        stdio: ['ignore', out, 'pipe']
      })
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
      // The log went to the file the JUnit report then replaced: the report says it.
      const text = readFileSync(path.join(dir, 'out.xml'), 'utf8')
      expect(code, text).toBe(2)
      expect(sim.requests).toEqual([])
      expect(text).toContain('- --output-file &quot;/dev/stdout&quot; and --junit &quot;out.xml&quot; name the same file')
    } finally {
      closeSync(out)
    }
  })

  it('/dev/stdout twice with stdout sent to a file: both written in place, one after the other, exit 0', async () => {
    const sim = await simulator()
    const dir = reportDir()
    const out = openSync(path.join(dir, 'out.txt'), 'w')
    try {
      const child = spawn(process.execPath, [COMMAND, ...success(sim), '--output-file', '/dev/stdout', '--dotenv', '/dev/stdout'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...KEY_ENV },
        stdio: ['ignore', out, 'pipe']
      })
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
      const text = readFileSync(path.join(dir, 'out.txt'), 'utf8')
      expect(code, text).toBe(0)
      expect(text).toContain('"result": "success"')
      expect(text).toContain('DOCS_RESULT=success')
    } finally {
      closeSync(out)
    }
  })

  it('--admin-key --sk_…: the key is printed nowhere', async () => {
    const sim = await simulator()
    const key = `--${ADMIN_KEY}`
    const run = await runCommand(() => [
      '--base-url',
      sim.url,
      '--status-id',
      'update-success',
      '--admin-key',
      key,
      '--output-file',
      'out.json',
      '--junit',
      'junit.xml'
    ])
    expect(run.code, run.stdout).toBe(2)
    expect(run.stdout).toContain('--admin-key needs a value: the next argument starts with --')
    for (const text of [run.stdout, run.stderr, run.file('out.json') ?? '', run.file('junit.xml') ?? '']) expect(text).not.toContain(ADMIN_KEY)
  })
})

describe('the dotenv report: one line per key by every reader, a link only as https://', () => {
  it.each([
    // No address at all: the output is empty, said once, before any report.
    [
      'a line break a Unicode-aware reader splits on (U+0085)',
      'https://acme.example.com/\u0085DOCS_RESULT=success',
      "The preview-url output is empty: the preview's address the platform sent is not one well-formed URL (it holds a line break)."
    ],
    ['an address that is not https://', 'http://acme.example.com', 'dotenv report: left out DOCS_PREVIEW_URL: it is not an https:// address']
  ])('a preview URL with %s is left out, and the log says so', async (_, previewUrl, said) => {
    const sim = await simulator()
    sim.script('trigger', PROJECT_ID, [{ status: 202, json: { statusId: 'update-failure', previewUrl } }])
    const run = await runCommand(
      () => [
        '--base-url',
        sim.url,
        ...FAST,
        '--timeout',
        '20s',
        '--trigger',
        'preview',
        '--project-id',
        PROJECT_ID,
        '--preview-branch',
        'feature',
        '--dotenv',
        'docs.env'
      ],
      { env: KEY_ENV }
    )
    expect(run.code, run.stdout).toBe(1)
    const text = run.file('docs.env') ?? ''
    expect(text).not.toContain('DOCS_PREVIEW_URL')
    expect(text.split(/[\n\r\u0085\u2028\u2029]/).filter((line) => line.startsWith('DOCS_RESULT='))).toEqual(['DOCS_RESULT=failure'])
    expect(run.stdout).toContain(said)
  })
})

describe('the JUnit report', () => {
  it('the test case of the work started takes the time starting it took', async () => {
    const sim = await simulator()
    // The platform takes at least 700 ms to answer the POST.
    sim.script('trigger', PROJECT_ID, [{ status: 202, json: { statusId: 'update-success' }, delayMs: 700 }])
    const run = await runCommand(
      () => ['--base-url', sim.url, ...FAST, '--timeout', '20s', '--trigger', 'update', '--project-id', PROJECT_ID, '--junit', 'junit.xml'],
      {
        env: KEY_ENV
      }
    )
    expect(run.code, run.stdout).toBe(0)
    const started = /<testcase classname="wait-for-docs\.trigger" name="start the docs update" time="([\d.]+)"/.exec(run.file('junit.xml') ?? '')
    expect(started, run.file('junit.xml')).not.toBeNull()
    expect(Number(started?.[1])).toBeGreaterThanOrEqual(0.7)
  })
})

describe('the plain log', () => {
  it('prints a wait’s header once (no section title repeating it)', async () => {
    const sim = await simulator()
    const run = await runCommand(() => success(sim), { env: KEY_ENV })
    expect(run.code, run.stdout).toBe(0)
    const headers = run.stdout.split('\n').filter((line) => line.startsWith('Waiting on update update-success'))
    expect(headers).toHaveLength(1)
    expect(headers[0]).toContain(`Waiting on update update-success at ${sim.url} (timeout`)
  })
})
