import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_KEY } from '../dev/simulator.js'
import { simulator } from './helpers/e2e.js'

// What `npm pack` gives is what `npx wait-for-docs@1` runs on a bare node image: one bundled
// file, no dependency to install, so it runs from the tarball with the registry out of reach.
const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '..')
const work = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-pack-'))
let tarball = ''
let manifest: { name: string; version: string; bin?: Record<string, string> | string; dependencies?: Record<string, string>; [key: string]: unknown } = {
  name: '',
  version: ''
}
let files: string[] = []

beforeAll(() => {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' })) as {
    filename: string
    files: { path: string }[]
  }[]
  tarball = path.join(work, packed?.filename ?? '')
  files = (packed?.files ?? []).map((f) => f.path)
  execFileSync('tar', ['-xzf', tarball, '-C', work])
  manifest = JSON.parse(readFileSync(path.join(work, 'package', 'package.json'), 'utf8'))
}, 60_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Runs `npx --yes --package <tarball> -- wait-for-docs …args` (npx runs a bare path as a program) under `node` (a command that puts a Node on PATH first), offline, with an empty npm cache. */
async function npxOffline(nodePrefix: string[], args: string[], env: Record<string, string> = {}) {
  const cache = mkdtempSync(path.join(work, 'cache-'))
  const quoted = args.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ')
  // An outer `npx -p node@N` leaves its own package in npm_config_package.
  const script = `unset npm_config_package; node --version && npm_config_offline=true npm_config_cache='${cache}' npx --yes --package '${tarball}' -- wait-for-docs ${quoted}`
  const [command = 'sh', ...rest] = [...nodePrefix, 'sh', '-c', script]
  try {
    const { stdout, stderr } = await run(command, rest, { env: { ...process.env, ...env, npm_config_update_notifier: 'false' }, timeout: 150_000 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/** Whether `npx -p node@<major>` can be had: it needs the registry, or its cache. */
async function nodeFromRegistry(major: number): Promise<string | undefined> {
  try {
    const { stdout } = await run('npx', ['-y', '-p', `node@${major}`, '--', 'node', '--version'], { timeout: 120_000 })
    return stdout.trim().startsWith(`v${major}.`) ? undefined : `npx -p node@${major} ran ${stdout.trim()}`
  } catch (error) {
    return `node@${major} could not be fetched from the npm registry (${String((error as Error).message).split('\n')[0]})`
  }
}

describe('the packed package', () => {
  it('has no runtime dependency and one bundled command', () => {
    expect(manifest.name).toBe('wait-for-docs')
    expect(manifest.dependencies ?? {}).toEqual({})
    for (const field of ['bundleDependencies', 'bundledDependencies', 'optionalDependencies', 'peerDependencies'])
      expect(manifest[field], field).toBeUndefined()
    const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['wait-for-docs']
    expect(bin).toBeTruthy()
    const entry = path.normalize(bin ?? '')
    expect(files.map((f) => path.normalize(f))).toContain(entry)
    expect(readFileSync(path.join(work, 'package', entry), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    // Nothing of the sources, tests or tools: the bundle, the manifest and the documents.
    expect(files.filter((f) => /^(src|__tests__|bench|dev|node_modules)\//.test(f))).toEqual([])
  })

  it('holds every file beside the command’s index.js: the chunks it loads only when a flag or an outcome asks for them', () => {
    const built = readdirSync(path.join(ROOT, 'dist', 'cli')).map((name) => `dist/cli/${name}`)
    expect(built.filter((file) => /^dist\/cli\/\d+\.index\.js$/.test(file)).length).toBeGreaterThan(0)
    expect(built.filter((file) => !files.includes(file))).toEqual([])
  })

  it('--help names no file the package does not hold', () => {
    const help = execFileSync(process.execPath, [path.join(work, 'package', 'dist', 'cli', 'index.js'), '--help'], { encoding: 'utf8' })
    const named = [...help.matchAll(/(?<![\w:/.-])((?:[\w.-]+\/)+[\w.-]+\.(?:md|json|ya?ml|js|xml|env))\b/g)].map((m) => m[1] ?? '')
    expect(named.filter((file) => !files.includes(file))).toEqual([])
  })

  it('runs from the tarball with npx, offline, on this Node', async () => {
    const sim = await simulator()
    const version = await npxOffline([], ['--version'])
    expect(version.code, version.stderr).toBe(0)
    expect(version.stdout).toContain(manifest.version)
    const waited = await npxOffline(
      [],
      ['--base-url', sim.url, '--status-id', 'update-success', '--min-interval', '100ms', '--max-interval', '200ms', '--json'],
      {
        WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY
      }
    )
    expect(waited.code, waited.stderr).toBe(0)
    expect(JSON.parse(waited.stdout.slice(waited.stdout.indexOf('{')))).toMatchObject({ result: 'success', 'status-id': 'update-success' })
  }, 180_000)

  it.for([22, 24])('runs from the tarball with npx, offline, on Node %i', { timeout: 300_000 }, async (major, context) => {
    const unavailable = await nodeFromRegistry(major)
    if (unavailable) return context.skip(unavailable)
    const sim = await simulator()
    const waited = await npxOffline(
      ['npx', '-y', '-p', `node@${major}`, '--'],
      ['--base-url', sim.url, '--status-id', 'update-success', '--min-interval', '100ms', '--json'],
      {
        WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY
      }
    )
    expect(waited.code, waited.stderr).toBe(0)
    expect(waited.stdout.startsWith(`v${major}.`)).toBe(true)
    expect(JSON.parse(waited.stdout.slice(waited.stdout.indexOf('{')))).toMatchObject({ result: 'success' })
  })
})
