import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { CI_FILES, exampleBlock, ROOT } from '../dev/doc-examples.js'
import { ADMIN_KEY, PROJECT_ID, SHA } from '../dev/simulator.js'
import { parseGitLabDotenv } from './helpers/dotenv.js'
import { runAgainst, simulator } from './helpers/e2e.js'

// docs/ci/package.md's way to run wait-for-docs before a release: the command from a clone and
// from a packed tarball, each block as written, against a clone of the commit being tested (the
// one change: the repository's address and the ref, which CI cannot fetch from GitHub); and the
// action from such a clone, started as the runner starts `uses: ./<path>`.
const FROM_A_CLONE = "# wait-for-docs at a commit before its release (a fix on main, a fork's branch), from a clone"
const FROM_A_TARBALL = '# wait-for-docs from a packed tarball of that clone'
const ACTION_AT_A_PATH = '# the action from a checkout of it in the workspace'
const ACTION_PINNED = '# the action at a commit before its release, or from your fork'

/** The commit being tested, or why there is none to clone (a copy of the sources that is no git repository). */
function headCommit(): { sha: string } | { skip: string } {
  try {
    return { sha: execFileSync('git', ['-C', ROOT, 'rev-parse', '--verify', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() }
  } catch {
    return { skip: `${ROOT} is not a git repository with a commit (or git is missing): there is nothing to clone` }
  }
}
const head = headCommit()
if ('skip' in head) console.warn(`Skipped the runs from a clone: ${head.skip}.`)

const folders: string[] = []
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** Runs a shell script in `dir` with only what a CI job would give it. */
function sh(script: string, dir: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn('sh', ['-c', script], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      npm_config_cache: path.join(dir, '.npm'),
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      ...env
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })))
}

/** A block as written, fetching this repository's commit being tested instead of GitHub's `main`. */
function here(block: string, sha: string): string {
  const lines = block.split('\n')
  expect(lines).toContain('repo=https://github.com/OWNER/wait-for-docs.git   # or your fork')
  expect(lines.some((line) => line.startsWith('ref=main '))).toBe(true)
  return lines.map((line) => (line.startsWith('repo=') ? `repo='${ROOT}'` : line.startsWith('ref=main ') ? `ref=${sha}` : line)).join('\n')
}

describe.skipIf('skip' in head)('wait-for-docs before a release (docs/ci/package.md), as written', () => {
  const sha = 'sha' in head ? head.sha : ''

  it('the command from a clone at a commit, then from the tarball packed from it: each waits, exit 0, its reports written, the key nowhere', async () => {
    const sim = await simulator()
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-from-a-clone-'))
    folders.push(dir)
    const env = {
      WAIT_FOR_DOCS_BASE_URL: sim.url,
      WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
      WAIT_FOR_DOCS_MIN_INTERVAL: '100ms',
      WAIT_FOR_DOCS_MAX_INTERVAL: '200ms',
      DOCS_PROJECT_ID: PROJECT_ID,
      CI_COMMIT_SHA: SHA
    }
    const clone = await sh(here(exampleBlock(CI_FILES.package, FROM_A_CLONE, 'sh'), sha), dir, env)
    expect(clone.code, clone.output).toBe(0)
    // The clone holds the commit being tested, and ran its own bundle.
    expect(execFileSync('git', ['-C', path.join(dir, '.wait-for-docs'), 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()).toBe(sha)
    expect(parseGitLabDotenv(readFileSync(path.join(dir, 'docs.env'), 'utf8')).DOCS_RESULT).toBe('success')
    expect(existsSync(path.join(dir, 'docs-junit.xml'))).toBe(true)
    expect(clone.output).not.toContain(ADMIN_KEY)

    rmSync(path.join(dir, 'docs.env'))
    rmSync(path.join(dir, 'docs-junit.xml'))
    const packed = await sh(exampleBlock(CI_FILES.package, FROM_A_TARBALL, 'sh'), dir, env)
    expect(packed.code, packed.output).toBe(0)
    expect(packed.output).toContain('Result: success')
    expect(parseGitLabDotenv(readFileSync(path.join(dir, 'docs.env'), 'utf8')).DOCS_RESULT).toBe('success')
    expect(existsSync(path.join(dir, 'docs-junit.xml'))).toBe(true)
    expect(packed.output).not.toContain(ADMIN_KEY)
  }, 120_000)

  it('the action from a checkout of it at a path: the entry its action.yml names, run as the runner runs it, succeeds', async () => {
    const block = parse(exampleBlock(CI_FILES.package, ACTION_AT_A_PATH).replace(/^# .*\n/, '')) as { uses: string; with?: Record<string, string> }[]
    const [checkout, action] = block
    expect(checkout?.with).toMatchObject({ repository: 'OWNER/wait-for-docs', ref: 'main', path: '.wait-for-docs' })
    expect(action?.uses).toBe('./.wait-for-docs')
    // The checkout, of the commit being tested.
    const workspace = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-action-at-a-path-'))
    folders.push(workspace)
    const at = path.join(workspace, '.wait-for-docs')
    execFileSync('git', ['init', '--quiet', at])
    execFileSync('git', ['-C', at, 'fetch', '--quiet', '--depth', '1', ROOT, sha])
    execFileSync('git', ['-C', at, 'checkout', '--quiet', 'FETCH_HEAD'])
    const manifest = parse(readFileSync(path.join(at, 'action.yml'), 'utf8')) as { runs: { using: string; main: string } }
    expect(manifest.runs.using).toBe('node24')
    // The step's inputs as written, each expression as the runner gives it; the pinned example's are the same.
    const pinned = parse(exampleBlock(CI_FILES.package, ACTION_PINNED).replace(/^# .*\n/, '')) as { uses: string; with?: Record<string, string> }[]
    expect(pinned[0]?.uses).toBe('OWNER/wait-for-docs@<full commit SHA>')
    expect(pinned[0]?.with).toEqual(action?.with)
    const values: Record<string, string> = { '${{ vars.DOCS_PROJECT_ID }}': PROJECT_ID, '${{ secrets.DOCS_ADMIN_KEY }}': ADMIN_KEY, '${{ github.sha }}': SHA }
    const inputs = Object.fromEntries(Object.entries(action?.with ?? {}).map(([name, value]) => [name, values[value] ?? value]))
    expect(Object.values(inputs).join('\n')).not.toContain('${{')
    const sim = await simulator()
    const run = await runAgainst(sim, inputs, { entry: path.join(at, manifest.runs.main), event: { name: 'push', payload: {} } })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs).toMatchObject({ result: 'success' })
    // The key only in the runner's own command that masks it.
    expect(run.stdout.split('\n').filter((line) => line.includes(ADMIN_KEY) && !line.startsWith('::add-mask::'))).toEqual([])
  }, 60_000)
})
