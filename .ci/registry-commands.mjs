// Installs and runs what was published, as users are told to: the README's command-line block
// and the GitLab template's script, each as written, on Node 20, 22 and 24, from a registry that
// has wait-for-docs@1 (.ci/run publishes it to a local one with dev/publish.sh), against the
// platform simulator. Also the terminal's `npx wait-for-docs@1 --version`. Then the recipe of
// each other CI system (docs/ci/: Bitbucket Pipelines, Azure Pipelines, CircleCI, Jenkins), as
// written and as that system runs it (dev/ci-recipes.js): on the Node.js of its image, each step
// in its shell, with only the variables the README says to set and the system's own; the job
// must pass and leave the reports it names.
//
//   node .ci/registry-commands.mjs <registry URL> <version published> [Node majors…]
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAllDocuments } from 'yaml'
import { ciRecipes } from '../dev/ci-recipes.js'
import { CI_FILES, docSection, exampleBlock, fencedBlocks } from '../dev/doc-examples.js'
import { ADMIN_KEY, SHA, startSimulator } from '../dev/simulator.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [registry, version, ...majorArgs] = process.argv.slice(2)
if (!registry || !version) {
  console.error('Usage: node .ci/registry-commands.mjs <registry URL> <version published> [Node majors…]')
  process.exit(2)
}
const majors = majorArgs.length > 0 ? majorArgs : ['20', '22', '24']
/** The README's command-line block, as written. */
const commandLine = fencedBlocks(docSection('README.md', '## Command line')).find((block) => block.lang === 'sh')?.text
if (!commandLine?.includes('wait-for-docs@1')) throw new Error("README.md's Command line section has no sh block that installs wait-for-docs@1")

/** The template's script with its inputs' defaults, and the args of the README's template example. */
function templateScript() {
  const text = readFileSync(path.join(ROOT, 'templates', 'wait-for-docs.yml'), 'utf8')
  const [spec, jobs] = parseAllDocuments(text).map((doc) => doc.toJS())
  const example = exampleBlock(CI_FILES.gitlab, '# .gitlab-ci.yml, with the template')
  const args = /\n\s+args: ([^\n]+)/.exec(example)?.[1]
  if (!args) throw new Error(`${CI_FILES.gitlab}: the template example gives no args`)
  const values = { ...Object.fromEntries(Object.entries(spec.spec.inputs).map(([name, input]) => [name, input.default])), args }
  const job = jobs['$[[ inputs.job-name ]]']
  return job.script.map((line) => line.replace(/\$\[\[ inputs\.([\w-]+) \]\]/g, (_, name) => String(values[name]))).join('\n')
}

const failures = []
function check(what, ok, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(`${what}\n${detail}`)
}

/**
 * Runs a shell script under Node `major` (npx -p node@major; a version such as 22.14 too) in a
 * fresh folder; its result, that folder's docs.env, and which of `files` (paths in the folder)
 * it left. The simulator runs in this process: the child is waited on without blocking it.
 */
async function runUnder(major, script, env, files = []) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `wait-for-docs-registry-${major}-`))
  // The outer npx leaves its own settings (npm_config_package=node@N…) to what it runs: cleared first.
  const clear = 'for name in $(env | sed -n "s/^\\(npm_config_[A-Za-z_]*\\)=.*/\\1/p"); do unset "$name"; done'
  const inner = `${clear}; export npm_config_registry='${registry}' npm_config_cache='${path.join(dir, '.npm')}'; node --version; ${script}`
  const child = spawn('npx', ['-y', '-p', `node@${major}`, '--', 'sh', '-c', inner], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: os.tmpdir(), npm_config_update_notifier: 'false', ...env }
  })
  const result = { stdout: '', stderr: '', status: null }
  child.stdout.setEncoding('utf8').on('data', (chunk) => (result.stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk) => (result.stderr += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), 300_000)
  result.status = await new Promise((resolve) => child.on('close', (code) => resolve(code)))
  clearTimeout(timer)
  let dotenv = ''
  try {
    dotenv = readFileSync(path.join(dir, 'docs.env'), 'utf8')
  } catch {
    // not written
  }
  const left = files.filter((file) => existsSync(path.join(dir, file)))
  rmSync(dir, { recursive: true, force: true })
  return { ...result, output: `${result.stdout}${result.stderr}`, dotenv, left }
}

/** A recipe's steps as one script: each step's script in a file, run by its shell in order, stopping at the first that fails; each exit code is printed on a line of its own. */
function stepsScript(recipe, folder) {
  return recipe.steps
    .map((step, index) => {
      const file = path.join(folder, `step-${index + 1}.sh`)
      writeFileSync(file, `${step.script}\n`)
      return `${step.shell.join(' ')} '${file}'; code=$?; echo "step ${index + 1} exited $code"; [ "$code" = 0 ] || exit "$code"`
    })
    .join('\n')
}

const sim = await startSimulator({ port: 0 })
try {
  const env = {
    WAIT_FOR_DOCS_BASE_URL: sim.url,
    WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
    WAIT_FOR_DOCS_MIN_INTERVAL: '100ms',
    WAIT_FOR_DOCS_MAX_INTERVAL: '200ms',
    DOCS_PROJECT_ID: 'proj-demo',
    CI_COMMIT_SHA: SHA
  }
  const template = templateScript()
  for (const major of majors) {
    for (const [what, script] of [
      ["the README's command line", commandLine],
      ["the GitLab template's script", template]
    ]) {
      sim.reset()
      const run = await runUnder(major, script, env)
      const label = `Node ${major}: ${what}`
      check(`${label} runs on Node ${major}`, run.stdout.startsWith(`v${major}.`), run.output)
      check(`${label} installs wait-for-docs@1 from the registry and waits: exit 0, DOCS_RESULT=success`, run.status === 0 && /^DOCS_RESULT=success$/m.test(run.dotenv), run.output)
      check(`${label}: the admin key is in no output`, !run.output.includes(ADMIN_KEY), run.output)
    }
    const terminal = await runUnder(major, 'npx --yes wait-for-docs@1 --version', {})
    check(`Node ${major}: npx wait-for-docs@1 --version says ${version}`, terminal.status === 0 && terminal.stdout.trim().endsWith(version), terminal.output)
  }

  // ---- The recipes of the other CI systems, each as its system runs it.
  const recipes = ciRecipes({ WAIT_FOR_DOCS_BASE_URL: sim.url, WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, DOCS_PROJECT_ID: 'proj-demo' }, SHA, { 'docs-admin-key': ADMIN_KEY })
  const stepsFolder = mkdtempSync(path.join(os.tmpdir(), 'wait-for-docs-recipes-'))
  try {
    for (const recipe of recipes) {
      sim.reset()
      const folder = mkdtempSync(path.join(stepsFolder, 'recipe-'))
      // Only the poll pace is the runner's own (a faster wait); everything else is the recipe's.
      const run = await runUnder(recipe.node, stepsScript(recipe, folder), { ...recipe.env, WAIT_FOR_DOCS_MIN_INTERVAL: '100ms', WAIT_FOR_DOCS_MAX_INTERVAL: '200ms' }, recipe.files)
      const codes = [...run.stdout.matchAll(/^step \d+ exited (\d+)$/gm)].map((m) => Number(m[1]))
      const label = `${recipe.ci} (${recipe.file}), Node ${recipe.node}`
      check(`${label}: runs on the image's Node.js`, run.stdout.startsWith(`v${recipe.node}.`), run.output)
      check(`${label}: npm installs it without an engine warning`, !/EBADENGINE/.test(run.output), run.output)
      check(`${label}: every step passes as written (exit codes ${codes.join(', ') || 'none'})`, recipe.passes(codes), run.output)
      check(`${label}: leaves what it reads after (${recipe.files.join(', ')})`, recipe.files.length > 0 && run.left.length === recipe.files.length, `left: ${run.left.join(', ')}\n${run.output}`)
      check(`${label}: the admin key is in no output`, !run.output.includes(ADMIN_KEY), run.output)
    }
  } finally {
    rmSync(stepsFolder, { recursive: true, force: true })
  }
} finally {
  await sim.close()
}
if (failures.length > 0) {
  console.error(`\n${failures.length} check(s) failed:\n\n${failures.join('\n\n')}`)
  process.exit(1)
}
console.log(`The published wait-for-docs@${version} installs and runs as the README and the template say, on Node ${majors.join(', ')}, and as each other CI system's recipe says.`)
