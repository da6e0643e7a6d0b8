// The shell steps of the recipe of each CI system the docs name besides GitHub and GitLab
// (docs/ci/: Bitbucket Pipelines, Azure Pipelines, CircleCI, Jenkins), taken from the docs as
// written and laid out as that CI system would run them: which Node.js its image has, each step's
// shell and options, the environment a job gets (the variables the README says to set, the
// system's own, the recipe's mappings), and the files the recipe then reads (reports, artifacts).
// .ci/registry-commands.mjs runs them against the simulator, with the package from a registry.
// Every reader fails when a recipe is not where it expects it (dev/doc-examples.js).
import { parse } from 'yaml'
import { CI_FILES, docSection, exampleBlock } from './doc-examples.js'

/**
 * The variables the README's "Other CI systems" says to keep in the CI system's variables, and
 * which of them it says to mask.
 * @returns {{ names: string[], masked: string[] }}
 */
export function variablesToSet() {
  const section = docSection('README.md', '## Other CI systems')
  const sentence = /[^.]*in the CI system's variables[^.]*\./.exec(section)?.[0]
  if (!sentence) throw new Error("README.md's Other CI systems says nowhere which variables to keep in the CI system's variables")
  const names = [...sentence.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])
  const masked = [...sentence.matchAll(/masked\s+`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])
  return { names, masked }
}

/** The Node.js version an image stands for: `node:22` → `22`, `cimg/node:22.14` → `22.14`. */
function nodeOf(image, where) {
  const version = /^(?:cimg\/)?node:(\d+(?:\.\d+){0,2})$/.exec(String(image))?.[1]
  if (!version) throw new Error(`${where}: the image ${image} is not one whose Node.js version this runner knows`)
  return version
}

/**
 * @typedef {{ shell: string[], script: string }} Step  One step: the interpreter and its options, and the script it runs.
 * @typedef {{ ci: string, file: string, node: string, steps: Step[], env: Record<string, string>, files: string[], passes: (codes: number[]) => boolean }} Recipe
 *   env: what the job's environment holds beyond the runner's own; files: what the recipe reads
 *   after its steps (its reports and artifacts), relative to the job's folder; passes: whether the
 *   CI system marks the job passed, from each step's exit code (a step not run is missing).
 */

/**
 * Every recipe, as its CI system would run it.
 * @param {Record<string, string>} values  The value of each variable a user sets (every name the README says to set must have one).
 * @param {string} sha  The commit the CI system says it builds.
 * @param {Record<string, string>} credentials  Jenkins' credentials store, by id.
 * @returns {Recipe[]}
 */
export function ciRecipes(values, sha, credentials = {}) {
  const { names, masked } = variablesToSet()
  for (const name of names) if (!(name in values)) throw new Error(`the README says to set ${name}; give it a value`)
  const user = Object.fromEntries(names.map((name) => [name, values[name]]))
  const unmasked = Object.fromEntries(names.filter((name) => !masked.includes(name)).map((name) => [name, values[name]]))
  const allPass = (count) => (codes) => codes.length === count && codes.every((code) => code === 0)
  const recipes = []

  // Bitbucket Pipelines: the step's script lines, in one shell of the image, stopping at the first
  // that fails; repository variables (secured ones too) are in the environment.
  {
    const file = CI_FILES.bitbucket
    const doc = parse(exampleBlock(file, '# bitbucket-pipelines.yml'))
    const step = doc.pipelines?.branches?.main?.[0]?.step
    if (!Array.isArray(step?.script)) throw new Error(`${file}: no step with a script under pipelines.branches.main`)
    recipes.push({
      ci: 'Bitbucket Pipelines',
      file,
      node: nodeOf(doc.image, file),
      steps: [{ shell: ['bash', '-e'], script: step.script.join('\n') }],
      env: { ...user, CI: 'true', BITBUCKET_COMMIT: sha },
      files: [...(step.artifacts ?? []), ...[...step.script.join(' ').matchAll(/--junit (\S+)/g)].map((m) => m[1])],
      passes: allPass(1)
    })
  }

  // Azure Pipelines: the agent expands the macros $(name) of known variables in the script and in
  // env (an unknown one stays as written, and bash then runs it as a command); the bash task runs
  // `bash --noprofile --norc` on the script (no -e). Variables reach the environment by name
  // (upper case, `.` as `_`), except secret ones, which only an `env` mapping gives.
  {
    const file = CI_FILES.azure
    const doc = parse(exampleBlock(file, '# azure-pipelines.yml'))
    const step = doc.steps?.find((s) => typeof s.bash === 'string')
    if (!step) throw new Error(`${file}: no bash step`)
    const variables = { ...user, 'Build.SourceVersion': sha }
    const expand = (text) => String(text).replace(/\$\(([\w.]+)\)/g, (macro, name) => (name in variables ? variables[name] : macro))
    const exposed = Object.fromEntries(
      Object.entries({ ...unmasked, 'Build.SourceVersion': sha }).map(([name, value]) => [name.toUpperCase().replace(/\./g, '_'), value])
    )
    const mapped = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, expand(value)]))
    const publish = doc.steps?.find((s) => s.task?.startsWith('PublishTestResults@'))
    recipes.push({
      ci: 'Azure Pipelines',
      file,
      // A Microsoft-hosted agent's Node.js: its images carry the oldest line the package allows.
      node: '20',
      steps: [{ shell: ['bash', '--noprofile', '--norc'], script: expand(step.bash) }],
      env: { ...exposed, ...mapped, TF_BUILD: 'True' },
      files: publish ? [publish.inputs.testResultsFiles] : [],
      passes: allPass(1)
    })
  }

  // CircleCI: each run step in its own `/bin/bash -eo pipefail`, in order, stopping at the first
  // that fails; a context's variables are in the environment.
  {
    const file = CI_FILES.circleci
    const doc = parse(exampleBlock(file, '# .circleci/config.yml'))
    const job = doc.jobs?.docs
    const runs = (job?.steps ?? []).filter((s) => s.run !== undefined).map((s) => (typeof s.run === 'string' ? s.run : s.run.command))
    if (runs.length === 0) throw new Error(`${file}: the docs job has no run step`)
    const stored = (job.steps ?? []).find((s) => s.store_test_results)?.store_test_results.path
    recipes.push({
      ci: 'CircleCI',
      file,
      node: nodeOf(job.docker?.[0]?.image, file),
      steps: runs.map((script) => ({ shell: ['bash', '-eo', 'pipefail'], script })),
      env: { ...user, CI: 'true', CIRCLECI: 'true', CIRCLE_SHA1: sha },
      files: [...runs.join(' ').matchAll(/--junit (\S+)/g)].map((m) => m[1]).filter((report) => !stored || report.startsWith(`${stored}/`)),
      passes: allPass(runs.length)
    })
    if (stored && recipes.at(-1).files.length === 0) throw new Error(`${file}: no --junit report lands in ${stored}/, which store_test_results reads`)
  }

  // Jenkins: the declarative pipeline's environment (credentials() from the store, quoted
  // literals), on top of the controller's environment (the variables to set, but a key: Jenkins
  // keeps those as credentials); each sh step runs `sh -xe`; the build passes when every sh
  // passes and the returned code is 0 (3 and 4 make it unstable, anything else fails it).
  {
    const file = CI_FILES.jenkins
    const text = exampleBlock(file, '// Jenkinsfile', 'groovy')
    const image = /agent\s*\{\s*docker\s*\{\s*image\s+'([^']+)'/.exec(text)?.[1]
    const block = /\benvironment\s*\{([^}]*)\}/.exec(text)?.[1] ?? ''
    const environment = {}
    for (const [, name, value] of block.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.+?)\s*$/gm)) {
      const credential = /^credentials\('([^']+)'\)$/.exec(value)?.[1]
      if (credential !== undefined) {
        if (!(credential in credentials)) throw new Error(`${file}: the credential ${credential} is not in the store given`)
        environment[name] = credentials[credential]
      } else if (/^'[^']*'$/.test(value)) environment[name] = value.slice(1, -1)
      else throw new Error(`${file}: ${name} = ${value} is not a value this runner reads`)
    }
    const scripts = [...text.matchAll(/\bsh(?: |\(returnStatus: true, script: )'([^']*)'/g)].map((m) => m[1])
    if (scripts.length === 0) throw new Error(`${file}: no sh step`)
    const junit = /\bjunit '([^']+)'/.exec(text)?.[1]
    recipes.push({
      ci: 'Jenkins',
      file,
      node: nodeOf(image, file),
      steps: scripts.map((script) => ({ shell: ['sh', '-xe'], script })),
      env: { ...unmasked, ...environment, GIT_COMMIT: sha, JENKINS_URL: 'http://127.0.0.1:9/' },
      files: junit ? [junit] : [],
      passes: allPass(scripts.length)
    })
  }
  return recipes
}
