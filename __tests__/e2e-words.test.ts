import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ASSISTANT_KEY, PROJECT_ID, SEARCH_DOMAIN } from '../dev/simulator.js'
import { githubApi, killOnce, runAgainst, simulator } from './helpers/e2e.js'

// What the action (dist/index.js) says, end to end against the simulator.
const pageInputs = (paths: string) => ({ 'assistant-key': ASSISTANT_KEY, 'search-domain': SEARCH_DOMAIN, 'page-path': paths })

describe.concurrent('the action’s words, end to end', () => {
  it('a cancel during the page check says it was cancelled, not to check search-domain and assistant-key', async () => {
    const sim = await simulator()
    sim.script('page', 'guides/cancel-me', [{ missing: true }])
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', timeout: '60s', ...pageInputs('guides/cancel-me') },
      { onStdout: killOnce('not found yet', 'SIGTERM') }
    )
    expect(run.outputs.result, run.stdout).toBe('cancelled')
    expect(run.stdout).toMatch(
      /::error::.*%0ANext: nothing is wrong with the docs or the inputs as far as is known: the run was cancelled during the page check; re-run the workflow to check again\./
    )
    expect(run.stdout).not.toContain('check search-domain and assistant-key')
    expect(run.summary).not.toContain('check search-domain and assistant-key')
  })

  it('a page never read for 503 until the deadline is an error ("could not tell") that says the platform kept answering with a server error', async () => {
    const sim = await simulator()
    sim.script('page', 'guides/down', [{ status: 503, json: { error: 'maintenance' } }])
    const run = await runAgainst(sim, { 'status-id': 'update-success', timeout: '3s', ...pageInputs('guides/down') })
    expect(run.outputs.result, run.stdout).toBe('error')
    expect(run.stdout).toMatch(/%0ANext: the platform kept answering with a server error: check its status page, then re-run the workflow\./)
    expect(run.stdout).not.toContain('check search-domain and assistant-key')
  })

  it('a page path the platform refuses (400) points at page-path', async () => {
    const sim = await simulator()
    sim.script('page', 'guides/bad', [{ status: 400, json: { error: 'invalid path' } }])
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...pageInputs('guides/bad') })
    expect(run.outputs.result, run.stdout).toBe('error')
    expect(run.stdout).toMatch(/%0ANext: check `page-path`: the platform refused a path/)
  })
})

describe('the README’s development example', () => {
  it('docs-root: the annotation and the Next: line name the file the README says', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const command = /node dev\/run-action\.js ([^\n]*\\\n[^\n#]*)/.exec(readme)?.[1] ?? ''
    const inputs = Object.fromEntries([...command.matchAll(/([a-z-]+)=(\S+)/g)].map((m) => [m[1] as string, m[2] as string]))
    expect(inputs['docs-root']).toBeDefined()
    const promised = /`Next:` line both name `([^`]+)`/.exec(readme)?.[1] ?? ''
    const sim = await simulator()
    const run = await runAgainst(sim, { ...inputs, 'base-url': sim.url })
    expect(run.code).toBe(1)
    const [file, line] = promised.split(':')
    expect(run.stdout).toContain(`::error title=Docs update failed,file=${file},line=${line}::`)
    expect(run.stdout).toMatch(new RegExp(`%0ANext: fix ${promised.replace(/\./g, '\\.')} \\(`))
  })
})

describe.concurrent('a deployment GitHub refuses for another reason than the permission, end to end', () => {
  it('a secondary rate limit (a 403 too) is quoted, not blamed on deployments: write', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.failWith = 403
    api.failMessage = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'deployment-environment': 'docs', 'github-token': 'ghs_words_test' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toContain(
      // A rate limit proves nothing was created: the close tries the creation again, once the pause is over, and says what GitHub answered.
      '::warning::The deployment in environment docs could not be created, or has no status: GitHub asked to slow down (HTTP 403: You have exceeded a secondary rate limit. Please wait a few minutes before you try again); the next run writes the deployment again. The step'
    )
    expect(run.stdout).not.toContain('deployments: write')
    expect(run.stdout).not.toMatch(/\w\.\.(?!\.)/)
  })
})

describe.concurrent('a preview URL the platform sends, end to end', () => {
  const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: 'c0ffee0123456789abcdef0123456789abcdef01' } } } }
  const previewOf = (sim: Awaited<ReturnType<typeof simulator>>, project: string, previewUrl: string) =>
    sim.script('trigger', project, [{ status: 202, json: { statusId: 'update-success', previewUrl } }])

  it('its credentials are cut before the log, the outputs, the summary and the pull request comment show it', async () => {
    const sim = await simulator()
    const api = await githubApi()
    previewOf(sim, PROJECT_ID, 'https://deploy-bot:hunter2-secret@acme-x.preview.example.com/guide')
    const run = await runAgainst(
      sim,
      { trigger: 'preview', 'project-id': PROJECT_ID, 'preview-branch': 'x', 'pr-comment': 'true', 'github-token': 'ghs_words_test' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs['preview-url']).toBe('https://acme-x.preview.example.com/guide')
    const comment = api.comments.at(-1)?.body ?? ''
    expect(comment).toContain('https://acme-x.preview.example.com/guide')
    for (const [where, text] of Object.entries({ log: run.stdout + run.stderr, outputs: JSON.stringify(run.outputs), summary: run.summary, comment }))
      expect(text, where).not.toMatch(/hunter2|deploy-bot/)
  })

  it('one the step refuses (not https) is left out of the preview deployment, and the log says so; deployment-url does not stand in', async () => {
    const sim = await simulator()
    const api = await githubApi()
    previewOf(sim, PROJECT_ID, 'javascript:alert(1)')
    const run = await runAgainst(
      sim,
      {
        trigger: 'preview',
        'project-id': PROJECT_ID,
        'preview-branch': 'x',
        'deployment-environment': 'docs-preview',
        'deployment-url': 'https://docs.example.com',
        'github-token': 'ghs_words_test'
      },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    const success = api.deployments[0]?.statuses.find((s) => s.state === 'success')
    expect(success).toBeDefined()
    expect(success?.environment_url).toBeUndefined()
    expect(run.stdout).toMatch(/The preview's address javascript:alert\(1\) is not an https:\/\/ address the deployment can link, so deployment \d+ has no URL/)
  })
})

describe.concurrent('page-contains folds case as Unicode does, end to end', () => {
  it('a page that says Straße holds STRASSE', async () => {
    const sim = await simulator()
    sim.script('page', 'guides/strasse', [{ content: 'Die Straße ist wegen Bauarbeiten gesperrt.' }])
    const run = await runAgainst(sim, { 'status-id': 'update-success', ...pageInputs('guides/strasse'), 'page-contains': 'STRASSE IST' })
    expect(run.code, run.stdout).toBe(0)
    expect(JSON.parse(run.outputs['page-results'] ?? '')).toEqual([{ path: 'guides/strasse', found: true, contains: true, length: expect.any(Number) }])
  })
})
