// Runs the README's .gitlab-ci.yml and the GitLab CI template under gitlab-ci-local (a GitLab
// runner emulation, shell executor) against the platform simulator, and checks what GitLab would
// do with them: the docs job's exit code makes it pass (0), fail (1), or fail as allowed (3, 4),
// and the release job reads the DOCS_* values of the dotenv report.
//
// gitlab-ci-local 4.75 marks a job that fails outside its allow_failure:exit_codes as failed, but
// still runs the jobs that need it and exits 0, where GitLab stops the pipeline: the check reads
// the job's own state, not the emulator's exit code.
//
//   node .ci/gitlab-pipelines.mjs <packed tarball>
//
// `npx --yes wait-for-docs@1` in the pipelines resolves through a registry stand-in on 127.0.0.1
// that serves the packed tarball as version 1.0.0, so the README's text runs as written. The
// pipelines are the README's own blocks, extracted, and the template file itself; the only change
// is the template's address, from the remote URL to the local file. GITLAB_CI_LOCAL overrides the
// command that runs gitlab-ci-local.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADMIN_KEY, SHA, startSimulator } from '../dev/simulator.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// npx hands its own settings (npm_config_package=node@24…) to what it runs, and the shell
// executor to every job, whose own npx would then install them: they are cleared first.
const GITLAB_CI_LOCAL = process.env.GITLAB_CI_LOCAL?.split(' ') ?? [
  'npx',
  '-y',
  '-p',
  'node@24',
  '-p',
  'gitlab-ci-local@4.75.1',
  '--',
  'sh',
  '-c',
  'for name in $(env | sed -n "s/^\\(npm_config_[A-Za-z_]*\\)=.*/\\1/p"); do unset "$name"; done; exec gitlab-ci-local "$@"',
  'gitlab-ci-local'
]
/** One pipeline run may take this long (each job installs the package through npx first). */
const RUN_LIMIT_MS = 180_000

const tarball = process.argv[2]
if (!tarball || !existsSync(tarball)) {
  console.error('Usage: node .ci/gitlab-pipelines.mjs <packed tarball (npm pack)>')
  process.exit(2)
}

/** The README's block that starts with `# <title>` (its first line), as written. */
function readmeBlock(title) {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const block = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).find((text) => text.startsWith(`# ${title}\n`))
  if (!block) throw new Error(`README.md has no yaml block starting with "# ${title}"`)
  return block
}

/** The tarball as version 1.0.0 of wait-for-docs, with the manifest a registry gives for it. */
function publishable(work) {
  const unpacked = path.join(work, 'unpacked')
  mkdirSync(unpacked)
  run('tar', ['-xzf', path.resolve(tarball), '-C', unpacked])
  const manifestPath = path.join(unpacked, 'package', 'package.json')
  const manifest = { ...JSON.parse(readFileSync(manifestPath, 'utf8')), version: '1.0.0' }
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2))
  const file = path.join(work, 'wait-for-docs-1.0.0.tgz')
  run('tar', ['-czf', file, '-C', unpacked, 'package'])
  return { manifest, bytes: readFileSync(file) }
}

/** A registry of one package, on 127.0.0.1. */
async function startRegistry({ manifest, bytes }) {
  const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`
  const shasum = createHash('sha1').update(bytes).digest('hex')
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === '/wait-for-docs') {
      const tarballUrl = `http://127.0.0.1:${server.address().port}/wait-for-docs/-/wait-for-docs-1.0.0.tgz`
      const version = { ...manifest, _id: 'wait-for-docs@1.0.0', dist: { tarball: tarballUrl, integrity, shasum } }
      const packument = { _id: 'wait-for-docs', name: 'wait-for-docs', 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': version } }
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument))
    }
    if (url.pathname === '/wait-for-docs/-/wait-for-docs-1.0.0.tgz') return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes)
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}')
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) }
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`)
  return result.stdout
}

/** A git repository holding the pipeline, as gitlab-ci-local expects a project to be. */
function project(work, name, files) {
  const dir = path.join(work, name)
  mkdirSync(dir, { recursive: true })
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  const git = (...args) => run('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd: dir })
  git('init', '-q')
  git('remote', 'add', 'origin', 'https://gitlab.example.com/acme/docs.git')
  git('add', '-A')
  git('commit', '-q', '-m', 'pipeline')
  git('update-ref', 'refs/remotes/origin/main', 'HEAD')
  git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main')
  return dir
}

/** Runs the pipeline of `dir` with these CI/CD variables; its exit code, output and each job's log. */
function pipeline(dir, variables) {
  const args = [...GITLAB_CI_LOCAL.slice(1), '--force-shell-executor', '--no-color', '--max-job-name-padding', '0', '--ignore-predefined-vars', 'CI_COMMIT_SHA']
  for (const [name, value] of Object.entries(variables)) args.push('--variable', `${name}=${value}`)
  return new Promise((resolve, reject) => {
    const child = spawn(GITLAB_CI_LOCAL[0], args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => {
      process.kill(-child.pid, 'SIGKILL')
      reject(new Error(`gitlab-ci-local did not end within ${RUN_LIMIT_MS / 1000}s:\n${output}`))
    }, RUN_LIMIT_MS)
    child.on('close', (code) => {
      clearTimeout(timer)
      const log = (job) => {
        const file = path.join(dir, '.gitlab-ci-local', 'output', `${job}.log`)
        return existsSync(file) ? readFileSync(file, 'utf8') : undefined
      }
      resolve({ code, output, log })
    })
  })
}

const failures = []
function check(what, ok, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(`${what}\n${detail}`)
}

const work = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-gitlab-'))
const sim = await startSimulator({ port: 0 })
const registry = await startRegistry(publishable(work))
try {
  const common = {
    WAIT_FOR_DOCS_BASE_URL: sim.url,
    WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
    WAIT_FOR_DOCS_MIN_INTERVAL: '100ms',
    WAIT_FOR_DOCS_MAX_INTERVAL: '200ms',
    // The commit the simulator's updates deploy, as if it had just been pushed.
    CI_COMMIT_SHA: SHA,
    npm_config_registry: registry.url,
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false'
  }
  const template = readFileSync(path.join(ROOT, 'templates', 'wait-for-docs.yml'), 'utf8')
  const withTemplate = readmeBlock('.gitlab-ci.yml, with the template').replace(
    /- remote: \S+\/templates\/wait-for-docs\.yml/,
    '- local: templates/wait-for-docs.yml'
  )
  if (!withTemplate.includes('- local: templates/wait-for-docs.yml')) throw new Error("the README's template example does not include the template by a remote URL")
  const projects = {
    README: { dir: project(work, 'readme', { '.gitlab-ci.yml': readmeBlock('.gitlab-ci.yml') }), docs: 'docs' },
    template: { dir: project(work, 'template', { '.gitlab-ci.yml': withTemplate, 'templates/wait-for-docs.yml': template }), docs: 'wait-for-docs' }
  }

  // [what, CI/CD variables, the docs job's exit code, its state, what the release job prints]
  // update-success needs 4 polls; 5 s apart, only 2 fit in a 1 s timeout: a timeout, every time.
  const slow = { WAIT_FOR_DOCS_TIMEOUT: '1s', WAIT_FOR_DOCS_MIN_INTERVAL: '5s', WAIT_FOR_DOCS_MAX_INTERVAL: '5s' }
  const scenarios = [
    ['success', { DOCS_PROJECT_ID: 'proj-demo' }, 0, 'PASS', `docs success, update update-success, commit ${SHA}`],
    // GitLab runs no job that needs a failed one (the emulator does, see above): no release line.
    ['another commit deployed', { DOCS_PROJECT_ID: 'trigger-other-commit' }, 1, 'FAIL', undefined],
    ['still building at the deadline', { DOCS_PROJECT_ID: 'proj-demo', ...slow }, 3, 'WARN', 'docs timeout, update update-success, commit \n'],
    ['the platform answers 500 to the POST', { DOCS_PROJECT_ID: 'trigger-500' }, 4, 'WARN', 'docs error, update , commit \n']
  ]
  for (const [name, { dir, docs }] of Object.entries(projects)) {
    for (const [what, variables, exitCode, state, releaseLine] of scenarios) {
      sim.reset()
      const label = `${name}: ${what}`
      const result = await pipeline(dir, { ...common, ...variables })
      const docsLog = result.log(docs) ?? ''
      const release = result.log('release')
      const detail = `--- gitlab-ci-local (exit ${result.code})\n${result.output}\n--- ${docs}.log\n${docsLog}\n--- release.log\n${release ?? '(not run)'}`
      const ended = new RegExp(`^${docs} finished in [^\\n]*?(?:  (FAIL|WARN) (\\d+))? *$`, 'm').exec(result.output)
      const summary = new RegExp(`^ (PASS|FAIL|WARN) +${docs}\\b`, 'm').exec(result.output)?.[1]
      check(`${label}: the docs job exits ${exitCode}`, ended !== null && Number(ended[2] ?? 0) === exitCode, detail)
      check(`${label}: so GitLab marks it ${state === 'PASS' ? 'passed' : state === 'WARN' ? 'failed, allowed to fail' : 'failed'}`, summary === state, detail)
      if (releaseLine) check(`${label}: the release job reads the DOCS_* values of the dotenv report`, `${release ?? ''}\n`.includes(releaseLine), detail)
      check(`${label}: the admin key is in no log`, !`${result.output}${docsLog}${release ?? ''}`.includes(ADMIN_KEY), detail)
    }
  }
} finally {
  await registry.close()
  await sim.close()
  rmSync(work, { recursive: true, force: true })
}
if (failures.length > 0) {
  console.error(`\n${failures.length} check(s) failed:\n\n${failures.join('\n\n')}`)
  process.exit(1)
}
console.log('The GitLab pipelines behave as the README says.')
