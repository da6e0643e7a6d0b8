import { describe, expect, it } from 'vitest'
import { ciRecipes, variablesToSet } from '../dev/ci-recipes.js'
import { CI_FILES, docBlocks, exampleBlock } from '../dev/doc-examples.js'

// The recipes of the other CI systems as .ci/registry-commands.mjs runs them (against the
// simulator, with the package from a registry): taken from docs/ci/ as written, laid out as each
// system runs them. Here: that each is found whole, and that what the docs say to set is all a
// job gets.
const values = { WAIT_FOR_DOCS_BASE_URL: 'http://127.0.0.1:4010', WAIT_FOR_DOCS_ADMIN_KEY: 'sim_admin_key', DOCS_PROJECT_ID: 'proj-demo' }
const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const INSTALL = 'npm install --prefix .wait-for-docs --no-save --no-audit --no-fund wait-for-docs@1'
const BINARY = '.wait-for-docs/node_modules/.bin/wait-for-docs '

describe('the recipes of the other CI systems, as their systems run them', () => {
  const recipes = ciRecipes(values, SHA, { 'docs-admin-key': values.WAIT_FOR_DOCS_ADMIN_KEY })

  it('are the four of docs/ci/, each installing the package, then running its binary, and naming what it reads after', () => {
    expect(recipes.map((recipe) => [recipe.ci, recipe.file])).toEqual([
      ['Bitbucket Pipelines', CI_FILES.bitbucket],
      ['Azure Pipelines', CI_FILES.azure],
      ['CircleCI', CI_FILES.circleci],
      ['Jenkins', CI_FILES.jenkins]
    ])
    for (const recipe of recipes) {
      const script = recipe.steps.map((step) => step.script).join('\n')
      expect(script.indexOf(INSTALL), recipe.ci).toBeGreaterThanOrEqual(0)
      expect(script.indexOf(BINARY), recipe.ci).toBeGreaterThan(script.indexOf(INSTALL))
      expect(recipe.files.length, recipe.ci).toBeGreaterThan(0)
      expect(recipe.passes(recipe.steps.map(() => 0)), recipe.ci).toBe(true)
      expect(recipe.passes(recipe.steps.map((_, i) => (i === recipe.steps.length - 1 ? 3 : 0))), recipe.ci).toBe(false)
    }
  })

  it('give a job only the variables the README says to set, the system’s own and the recipe’s mappings', () => {
    const { names, masked } = variablesToSet()
    expect(names).toEqual(['WAIT_FOR_DOCS_BASE_URL', 'WAIT_FOR_DOCS_ADMIN_KEY', 'DOCS_PROJECT_ID'])
    expect(masked).toEqual(['WAIT_FOR_DOCS_ADMIN_KEY'])
    const [bitbucket, azure, circle, jenkins] = recipes
    expect(bitbucket?.env).toEqual({ ...values, CI: 'true', BITBUCKET_COMMIT: SHA })
    // Azure: a secret variable only through the step's env mapping.
    expect(azure?.env).toEqual({
      WAIT_FOR_DOCS_BASE_URL: values.WAIT_FOR_DOCS_BASE_URL,
      DOCS_PROJECT_ID: values.DOCS_PROJECT_ID,
      BUILD_SOURCEVERSION: SHA,
      WAIT_FOR_DOCS_ADMIN_KEY: values.WAIT_FOR_DOCS_ADMIN_KEY,
      TF_BUILD: 'True'
    })
    expect(circle?.env).toMatchObject({ ...values, CIRCLE_SHA1: SHA })
    // Jenkins: the key from the credentials store, by the id the Jenkinsfile names.
    expect(jenkins?.env).toMatchObject({ ...values, GIT_COMMIT: SHA })
  })

  it('expand Azure’s macros of known variables, and leave no macro bash would run as a command', () => {
    const azure = recipes.find((recipe) => recipe.ci === 'Azure Pipelines')
    const script = azure?.steps[0]?.script ?? ''
    expect(script).toContain(`--project-id "${values.DOCS_PROJECT_ID}"`)
    expect(script).toContain(`--expect-sha "${SHA}"`)
    expect(`${script}${JSON.stringify(azure?.env)}`).not.toMatch(/\$\(/)
  })

  it('run each on the Node.js of its image, each step in the shell its system uses', () => {
    expect(recipes.map((recipe) => [recipe.node, recipe.steps.map((step) => step.shell.join(' '))])).toEqual([
      ['22', ['bash -e']],
      ['20', ['bash --noprofile --norc']],
      ['22.14', ['bash -eo pipefail', 'bash -eo pipefail']],
      ['22', ['sh -xe', 'sh -xe']]
    ])
  })

  it('refuse to run without a value for a variable the README says to set, or a credential the Jenkinsfile names', () => {
    const { DOCS_PROJECT_ID: _, ...without } = values
    expect(() => ciRecipes(without, SHA, { 'docs-admin-key': 'k' })).toThrow(/the README says to set DOCS_PROJECT_ID/)
    expect(() => ciRecipes(values, SHA, {})).toThrow(/the credential docs-admin-key is not in the store/)
  })

  it('a reader asking for an example that is not there fails, naming it', () => {
    expect(() => exampleBlock(CI_FILES.bitbucket, '# no-such-pipeline.yml')).toThrow(
      /docs\/ci\/bitbucket\.md has no yaml block starting with "# no-such-pipeline\.yml"/
    )
    expect(() => docBlocks(CI_FILES.jenkins, 'yaml')).toThrow(/docs\/ci\/jenkins\.md has no yaml block/)
  })
})
