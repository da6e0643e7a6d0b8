// Validates the template and every GitLab example of the docs (docs/ci/gitlab.md) with gitlab-ci-local's check of
// GitLab's CI schema, then runs the docs' .gitlab-ci.yml and the GitLab CI template under
// gitlab-ci-local (a GitLab runner emulation, shell executor) against the platform simulator, and
// checks what GitLab would do with them: the docs job's exit code makes it pass (0), fail (1), or
// fail as allowed (3, 4), and the release job reads the DOCS_* values of the dotenv report.
//
// gitlab-ci-local 4.75 marks a job that fails outside its allow_failure:exit_codes as failed, but
// still runs the jobs that need it and exits 0, where GitLab stops the pipeline: the check reads
// the job's own state, not the emulator's exit code.
//
//   node .ci/gitlab-pipelines.mjs <registry URL>
//
// `npm install … wait-for-docs@1` in the pipelines installs from that registry, where .ci/run has
// published the package by the release's own publish step (dev/publish.sh), so the docs' text
// runs as written. The pipelines are the docs' own blocks, extracted, and the template file
// itself; the only change is the template's address, from the remote URL to the local file.
// GITLAB_CI_LOCAL overrides the command that runs gitlab-ci-local.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CI_FILES, exampleBlock } from '../dev/doc-examples.js'
import { GITLAB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, PROJECT_ID, SHA, startSimulator } from '../dev/simulator.js'

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
/** One pipeline run may take this long (each job installs the package first). */
const RUN_LIMIT_MS = 180_000

const registryUrl = process.argv[2]
if (!registryUrl || !/^https?:\/\//.test(registryUrl)) {
  console.error('Usage: node .ci/gitlab-pipelines.mjs <the URL of a registry that has wait-for-docs@1>')
  process.exit(2)
}

/** The block of docs/ci/gitlab.md that starts with `# <title>` (its first line), as written; an error when there is none. */
const docBlock = (title) => exampleBlock(CI_FILES.gitlab, `# ${title}`)

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

/** Runs the pipeline of `dir` with these CI/CD variables (with `list`: only parses and validates it, as --list does); its exit code, output and each job's log. */
function pipeline(dir, variables, list = false) {
  const args = [...GITLAB_CI_LOCAL.slice(1), '--force-shell-executor', '--no-color', '--max-job-name-padding', '0', '--ignore-predefined-vars', 'CI_COMMIT_SHA']
  if (list) args.push('--list')
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

/** The live processes (Linux: /proc) whose working folder is inside `dir`, with their command lines. */
function processesIn(dir) {
  const found = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${entry}/stat`, 'utf8'))) continue
      const cwd = readlinkSync(`/proc/${entry}/cwd`)
      if (cwd === dir || cwd.startsWith(`${dir}/`)) found.push({ pid: Number(entry), cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() })
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found
}

/** Every file named `name` under `dir`. */
function filesNamed(dir, name) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === name)
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * GitLab's cancel of the template's job, once the docs job waits: SIGTERM to the job's process
 * group, as GitLab Runner sends it. Within 2 s the job's dotenv report must say `cancelled`, and
 * no process of the command may be left.
 */
function cancelled(dir, variables) {
  const args = [...GITLAB_CI_LOCAL.slice(1), '--force-shell-executor', '--no-color', '--max-job-name-padding', '0', '--ignore-predefined-vars', 'CI_COMMIT_SHA']
  for (const [name, value] of Object.entries(variables)) args.push('--variable', `${name}=${value}`)
  const child = spawn(GITLAB_CI_LOCAL[0], args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  return (async () => {
    try {
      const startedBy = Date.now() + RUN_LIMIT_MS
      while (!output.includes('in_progress') && Date.now() < startedBy && child.exitCode === null) await sleep(100)
      if (!output.includes('in_progress')) return { ok: false, detail: `the docs job never waited:\n${output}` }
      // GitLab Runner cancels a job by SIGTERM to the job's process group (SIGKILL only after its
      // grace period); gitlab-ci-local's own SIGTERM leaves its jobs running, so the group is sent
      // the signal here, as the runner would.
      const command = processesIn(dir).find((p) => /\.bin\/wait-for-docs /.test(p.cmdline))
      if (!command) return { ok: false, detail: `the command is not running in ${dir}:\n${JSON.stringify(processesIn(dir), null, 2)}\n${output}` }
      const group = Number(readFileSync(`/proc/${command.pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[2])
      process.kill(-group, 'SIGTERM')
      const until = Date.now() + 2000
      const reportSays = () => filesNamed(dir, 'docs.env').some((file) => /^DOCS_RESULT=cancelled$/m.test(readFileSync(file, 'utf8')))
      const commandLeft = () => processesIn(dir).filter((p) => /wait-for-docs/.test(p.cmdline) && !/gitlab-ci-local/.test(p.cmdline))
      while (Date.now() < until && !(reportSays() && commandLeft().length === 0)) await sleep(50)
      const left = commandLeft()
      return { ok: reportSays() && left.length === 0, detail: `the report says cancelled: ${reportSays()}; left: ${JSON.stringify(left)}\n${output}` }
    } finally {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
      for (const p of processesIn(dir)) process.kill(p.pid, 'SIGKILL')
    }
  })()
}

const failures = []
function check(what, ok, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(`${what}\n${detail}`)
}

const work = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-gitlab-'))
const sim = await startSimulator({ port: 0 })
try {
  const common = {
    WAIT_FOR_DOCS_BASE_URL: sim.url,
    WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
    WAIT_FOR_DOCS_MIN_INTERVAL: '100ms',
    WAIT_FOR_DOCS_MAX_INTERVAL: '200ms',
    // The commit the simulator's updates deploy, as if it had just been pushed.
    CI_COMMIT_SHA: SHA,
    npm_config_registry: registryUrl,
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false'
  }
  const template = readFileSync(path.join(ROOT, 'templates', 'wait-for-docs.yml'), 'utf8')
  const local = (text) => text.replace(/- remote: \S+\/templates\/wait-for-docs\.yml/, '- local: templates/wait-for-docs.yml')
  const withTemplate = local(docBlock('.gitlab-ci.yml, with the template'))
  const inMergeRequests = local(docBlock('.gitlab-ci.yml, the template in merge request pipelines'))
  if (!inMergeRequests.includes('- local: templates/wait-for-docs.yml')) throw new Error(`${CI_FILES.gitlab}: the merge request example does not include the template by a remote URL`)
  if (!withTemplate.includes('- local: templates/wait-for-docs.yml')) throw new Error(`${CI_FILES.gitlab}: the template example does not include the template by a remote URL`)

  // ---- GitLab's CI schema: the template under every value of its allow-failure input, and every
  // GitLab example of the docs, as gitlab-ci-local checks them before it runs anything.
  const gitlabBlocks = ['.gitlab-ci.yml', '.gitlab-ci.yml, a preview on the merge request', ".gitlab-ci.yml, waiting on the platform's own deploy"]
  const optionsOf = (input) => {
    const options = new RegExp(`\\n {4}${input}:\\n\\s+default: [\\w-]+\\n\\s+options: \\[([^\\]]+)\\]`).exec(template)?.[1].split(',').map((option) => option.trim()) ?? []
    if (options.length < 2) throw new Error(`the template's ${input} input lists no options`)
    return options
  }
  const validations = [
    ...gitlabBlocks.map((title) => [`docs: ${title}`, { '.gitlab-ci.yml': docBlock(title) }]),
    ['docs: .gitlab-ci.yml, with the template', { '.gitlab-ci.yml': withTemplate, 'templates/wait-for-docs.yml': template }],
    ['docs: .gitlab-ci.yml, the template in merge request pipelines', { '.gitlab-ci.yml': inMergeRequests, 'templates/wait-for-docs.yml': template }],
    ...['allow-failure', 'pipelines'].flatMap((input) =>
      optionsOf(input).map((option) => [
        `template: ${input} ${option}`,
        { '.gitlab-ci.yml': withTemplate.replace(/\n {4}inputs:\n/, `\n    inputs:\n      ${input}: ${option}\n`), 'templates/wait-for-docs.yml': template }
      ])
    )
  ]
  for (const [index, [what, files]] of validations.entries()) {
    const listed = await pipeline(project(work, `schema-${index}`, files), { ...common, DOCS_PROJECT_ID: 'proj-demo' }, true)
    check(`${what}: valid under GitLab's CI schema`, listed.code === 0 && !/Invalid|invalid/.test(listed.output), listed.output)
  }
  // The check itself can fail: the empty list GitLab's schema refuses (exit_codes needs one code).
  const refused = await pipeline(
    project(work, 'schema-refused', { '.gitlab-ci.yml': 'docs:\n  script: [exit 4]\n  allow_failure:\n    exit_codes: []\n' }),
    common,
    true
  )
  check('allow_failure:exit_codes: [] is refused by the same check', refused.code !== 0 && /exit_codes/.test(refused.output), refused.output)
  // ---- end of GitLab's CI schema

  const projects = {
    docs: { dir: project(work, 'docs', { '.gitlab-ci.yml': docBlock('.gitlab-ci.yml') }), docs: 'docs' },
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

  // ---- Which pipelines the template's job is in, by its pipelines input, as --list shows them
  // (rules evaluated for the pipeline's CI_PIPELINE_SOURCE): the default stays out of merge
  // request pipelines, as a job without rules; the merge request example is only in them.
  projects.mergeRequest = { dir: project(work, 'merge-request', { '.gitlab-ci.yml': inMergeRequests, 'templates/wait-for-docs.yml': template }), docs: 'wait-for-docs' }
  for (const [name, source, listed] of [
    ['template', 'push', true],
    ['template', 'merge_request_event', false],
    ['mergeRequest', 'push', false],
    ['mergeRequest', 'merge_request_event', true]
  ]) {
    const list = await pipeline(projects[name].dir, { ...common, DOCS_PROJECT_ID: 'proj-demo', CI_PIPELINE_SOURCE: source }, true)
    const has = new RegExp(`^${projects[name].docs}\\s`, 'm').test(list.output)
    check(`${name === 'template' ? 'the template example' : 'the merge request example'} in a ${source} pipeline: the job is ${listed ? '' : 'not '}in it`, list.code === 0 && has === listed, list.output)
  }

  // ---- The merge request example in a merge request pipeline: the job runs and keeps its note on
  // the merge request (a stand-in of GitLab's API: the job's CI_API_V4_URL).
  {
    sim.reset()
    const api = await startGitLabApi()
    try {
      const mergeRequest = {
        CI_PIPELINE_SOURCE: 'merge_request_event',
        CI_MERGE_REQUEST_IID: '3',
        CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'docs/quickstart',
        CI_API_V4_URL: api.apiUrl,
        CI_PROJECT_ID: '17',
        WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN,
        DOCS_PROJECT_ID: PROJECT_ID
      }
      const result = await pipeline(projects.mergeRequest.dir, { ...common, ...mergeRequest })
      const docsLog = result.log('wait-for-docs') ?? ''
      const detail = `--- gitlab-ci-local (exit ${result.code})\n${result.output}\n--- wait-for-docs.log\n${docsLog}\n--- notes\n${JSON.stringify(api.notes, null, 2)}`
      const summary = /^ (PASS|FAIL|WARN) +wait-for-docs\b/m.exec(result.output)?.[1]
      check('the merge request example in a merge request pipeline: the job passes', summary === 'PASS', detail)
      const previews = sim.requests.filter((r) => r.method === 'POST' && r.path.includes('/preview/'))
      check('the merge request example: it previews the merge request\'s branch', previews.length === 1 && JSON.parse(previews[0]?.body ?? '{}').branch === 'docs/quickstart', `${JSON.stringify(previews)}\n${detail}`)
      const notes = api.notes.filter((note) => note.project === '17' && note.mr === 3)
      check('the merge request example: one note on the merge request, the outcome in it', notes.length === 1 && /✅/.test(notes[0]?.body ?? '') && !/⏳/.test(notes[0]?.body ?? ''), detail)
      check('the merge request example: no key or token in any log', !`${result.output}${docsLog}`.includes(ADMIN_KEY) && !`${result.output}${docsLog}`.includes(GITLAB_TOKEN), detail)
    } finally {
      await api.close()
    }
  }

  // ---- The example that waits on the platform's own deploy: the job reads the status the
  // platform's integration wrote on the pipeline's commit (a stand-in of GitLab's API), passes,
  // and its dotenv report holds the deploy's address.
  {
    const api = await startGitLabApi()
    try {
      const deployed = 'https://docs.example.com/acme/deploys/42'
      api.addStatus('17', SHA, { name: 'build', state: 'success', pipeline_id: 8 })
      api.addStatus('17', SHA, { name: 'docs-deploy', state: 'success', target_url: deployed, pipeline_id: 9 })
      const dir = project(work, 'platform-check', { '.gitlab-ci.yml': docBlock(".gitlab-ci.yml, waiting on the platform's own deploy") })
      // GitLab sets GITLAB_CI=true in every job; gitlab-ci-local sets it to false, and the command reads the pipeline's commit only in GitLab CI.
      const inGitLab = { GITLAB_CI: 'true', CI_API_V4_URL: api.apiUrl, CI_PROJECT_ID: '17', WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN }
      const result = await pipeline(dir, { ...common, ...inGitLab })
      const docsLog = result.log('docs-deployed') ?? ''
      const detail = `--- gitlab-ci-local (exit ${result.code})\n${result.output}\n--- docs-deployed.log\n${docsLog}\n--- requests\n${JSON.stringify(api.requests, null, 2)}`
      const summary = /^ (PASS|FAIL|WARN) +docs-deployed\b/m.exec(result.output)?.[1]
      check("the platform's own deploy example: the job passes on the platform's status", summary === 'PASS', detail)
      const reads = api.requests.filter((r) => r.method === 'GET' && r.path === `/api/v4/projects/17/repository/commits/${SHA}/statuses`)
      check("the platform's own deploy example: it reads the statuses of the pipeline's commit", reads.length > 0, detail)
      // The shell executor runs the job in its own copy of the project (gitlab-ci-local's builds folder).
      const dotenv = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((file) => path.basename(file) === 'docs.env')
      const report = dotenv ? readFileSync(path.join(dir, dotenv), 'utf8') : ''
      check("the platform's own deploy example: the dotenv report holds the deploy's address", report.includes(`DOCS_PLATFORM_CHECK_URL=${deployed}`), `${report}\n${detail}`)
      check("the platform's own deploy example: no key or token in any log", !`${result.output}${docsLog}`.includes(GITLAB_TOKEN), detail)
    } finally {
      await api.close()
    }
  }

  // GitLab's cancel reaches the template's command: it runs the installed binary itself.
  sim.reset()
  sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'update-forever' }])
  const cancel = await cancelled(projects.template.dir, { ...common, DOCS_PROJECT_ID: PROJECT_ID })
  check('template: a cancel (SIGTERM) writes the dotenv report with result cancelled, and leaves no process, within 2 s', cancel.ok, cancel.detail)
} finally {
  await sim.close()
  rmSync(work, { recursive: true, force: true })
}
if (failures.length > 0) {
  console.error(`\n${failures.length} check(s) failed:\n\n${failures.join('\n\n')}`)
  process.exit(1)
}
console.log('The GitLab pipelines behave as the docs say.')
