// The release check: refuses a version whose package is not published, or not as it should be.
// The release workflow runs it before it moves the major tag vN (docs/releasing.md); .ci/run runs
// it against its local registry.
//
//   node dev/check-published.js X.Y.Z      (the registry: npm's own, or npm_config_registry)
//
// It checks that the registry has wait-for-docs@X.Y.Z with an integrity hash, that what it
// installs (`npm install --prefix`, as the GitLab template does) is a `wait-for-docs` binary that
// says it is X.Y.Z, and that `wait-for-docs@N` resolves to a version of major N. Exits 1 saying
// what is wrong and what to do.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseVersion } from './dist-tag.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const name = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).name
const version = String(process.argv[2] ?? '').replace(/^v/, '')
/** The folder the package is installed into for the check, removed on every way out. */
let prefix
const fail = (why) => {
  console.error(`check-published: ${why}`)
  if (prefix) rmSync(prefix, { recursive: true, force: true })
  process.exit(1)
}
const parsed = parseVersion(version)
if (!parsed) fail(`give the version as X.Y.Z (got '${process.argv[2] ?? ''}')`)
const registry = process.env.npm_config_registry || 'the npm registry'
const npm = (args, options = {}) => execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options })

let view
try {
  view = JSON.parse(npm(['view', `${name}@${version}`, 'version', 'dist.integrity', 'bin', '--json']) || 'null')
} catch (error) {
  fail(
    `${name}@${version} is not on ${registry} (${
      String(error.stderr || error.message)
        .trim()
        .split('\n')[0]
    }). The release is not done: see the release workflow's publish job (docs/releasing.md), then run this again.`
  )
}
if (!view || view.version !== version)
  fail(`${registry} has no ${name}@${version} (it answered ${JSON.stringify(view)}): see the release workflow's publish job.`)
if (!String(view['dist.integrity'] ?? '').startsWith('sha512-'))
  fail(`${name}@${version} has no sha512 integrity on ${registry}: it cannot be pinned by a lockfile.`)

prefix = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-check-'))
try {
  npm(['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `${name}@${version}`])
  const bin = path.join(prefix, 'node_modules', '.bin', process.platform === 'win32' ? 'wait-for-docs.cmd' : 'wait-for-docs')
  const said = execFileSync(bin, ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' }).trim()
  if (said !== version) fail(`the installed ${name}@${version} says it is '${said}': its bundle was not built for this version.`)
  const major = JSON.parse(npm(['view', `${name}@${parsed[0]}`, 'version', '--json']))
  const newest = Array.isArray(major) ? major.at(-1) : major
  if (parseVersion(newest)?.[0] !== parsed[0]) fail(`${name}@${parsed[0]} resolves to '${newest}', not to a version ${parsed[0]}.x.y.`)
  console.log(`${name}@${version} is published on ${registry} (${view['dist.integrity']}); ${name}@${parsed[0]} resolves to ${newest}.`)
} finally {
  rmSync(prefix, { recursive: true, force: true })
}
