import { createServer } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, NOTE_AUTHOR, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, PROJECT_ID, SHA } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { githubApi, runAgainst, simulator } from './helpers/e2e.js'

// A pull request from a fork runs on `pull_request` with a read-only token whatever
// `permissions:` says: every write the step keeps on GitHub is refused (403), and the warnings
// say so, with the workflow that works, instead of a permission that cannot help.
const TOKEN = 'ghs_fake_token_for_tests_0037'
const HEAD = 'c0ffee0123456789abcdef0123456789abcdef01'
const records = { 'commit-status': 'docs', 'pr-comment': 'true', 'deployment-environment': 'docs-preview', 'github-token': TOKEN }
const inputs = { trigger: 'preview', 'project-id': PROJECT_ID, 'preview-branch': 'fix-typo', ...records }

function pullRequestEvent(name: string, head: { full_name: string; fork: boolean } | null) {
  return {
    name,
    payload: {
      action: 'synchronize',
      number: 7,
      pull_request: { number: 7, head: { sha: HEAD, ref: 'fix-typo', repo: head }, base: { ref: 'main', repo: { full_name: 'acme/docs', fork: false } } }
    }
  }
}
const fromFork = (name = 'pull_request') => pullRequestEvent(name, { full_name: 'octo-contributor/docs', fork: true })

const warnings = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('::warning::'))

const open: { close(): Promise<unknown> }[] = []
afterAll(async () => {
  for (const server of open) await server.close()
})

describe.concurrent("a fork's pull request on GitHub, end to end", () => {
  it('pull_request from a fork: each refused record says the token is read-only for a fork and shows pull_request_target, never a permission to add', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.failWith = 403
    const run = await runAgainst(sim, inputs, { env: { GITHUB_API_URL: api.url }, event: fromFork() })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs.result).toBe('success')
    const said = warnings(run.stdout)
    // The comment, the deployment and the commit status: one warning each.
    expect(said, run.stdout).toHaveLength(3)
    for (const [record, permission] of [
      ['comment', 'pull-requests'],
      ['deployment', 'deployments'],
      ['commit status', 'statuses']
    ] as const) {
      const line = said.find((warning) => warning.toLowerCase().includes(record))
      expect(line, `${record} in ${said.join('\n')}`).toBeDefined()
      expect(line).toContain('this pull request comes from a fork (octo-contributor/docs)')
      expect(line).toContain('a read-only token whatever `permissions:` says')
      expect(line).toContain(`\`${permission}: write\` cannot help`)
      expect(line).toContain('Run the step on `pull_request_target`, without running')
      expect(line).toContain('"Pull requests from forks" in the README')
      expect(line).not.toMatch(/Add `permissions:/)
    }
  })

  it('a fork that was deleted (head.repo is null) is a fork too', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.failWith = 403
    const run = await runAgainst(
      sim,
      { 'status-id': 'update-success', 'commit-status': 'docs', 'github-token': TOKEN },
      { env: { GITHUB_API_URL: api.url }, event: pullRequestEvent('pull_request', null) }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(warnings(run.stdout)).toEqual([
      expect.stringContaining(
        'The commit status docs could not be written: the token may not write commit statuses (HTTP 403): this pull request comes from a fork, and GitHub gives'
      )
    ])
  })

  it.each([
    ['a branch of the repository itself on pull_request', pullRequestEvent('pull_request', { full_name: 'acme/docs', fork: false })],
    ["a fork's pull request on pull_request_target, whose token is the base repository's", fromFork('pull_request_target')]
  ])('%s: a 403 still names the permission to add', async (_name, event) => {
    const sim = await simulator()
    const api = await githubApi()
    api.failWith = 403
    const run = await runAgainst(sim, inputs, { env: { GITHUB_API_URL: api.url }, event })
    expect(run.code, run.stdout).toBe(0)
    const said = warnings(run.stdout)
    expect(said).toHaveLength(3)
    expect(said.join('\n')).not.toMatch(/fork/)
    expect(said).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Add `permissions: statuses: write`'),
        expect.stringContaining('Add `permissions: pull-requests: write`'),
        expect.stringContaining('Add `permissions: deployments: write`')
      ])
    )
  })
})

describe("GitHub's limit of statuses per commit and context, end to end", () => {
  it('a 422 "maximum number of statuses" names the limit and says the check keeps its earlier state, and what to do', async () => {
    // GitHub's answer as it sends it: "Validation Failed" with the reason in `errors`.
    const requests: string[] = []
    const server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`)
      req.resume()
      req.on('end', () => {
        res.writeHead(422, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            message: 'Validation Failed',
            errors: [{ resource: 'Status', code: 'custom', field: 'context', message: 'This SHA and context has reached the maximum number of statuses.' }],
            documentation_url: 'https://docs.github.com/rest/commits/statuses#create-a-commit-status',
            status: '422'
          })
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    open.push({ close: () => new Promise((resolve) => server.close(resolve)) })
    const address = server.address()
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    const sim = await simulator()
    const run = await runAgainst(sim, { 'status-id': 'update-failure', 'commit-status': 'docs', 'github-token': TOKEN }, { env: { GITHUB_API_URL: url } })
    expect(run.code, run.stdout).toBe(1)
    expect(run.outputs.result).toBe('failure')
    expect(requests.length).toBeGreaterThan(0)
    const said = warnings(run.stdout).join('\n')
    expect(said).toContain("GitHub's most statuses of one name, 1000 per commit and context (HTTP 422)")
    expect(said).toContain("the check keeps the state it had before this run, which may be an earlier run's success")
    expect(said).toContain('Give commit-status a new context name (and require that name in branch protection), or push a new commit')
    expect(said).not.toMatch(/may not be in this repository/)
  })
})

// GitLab runs a pipeline of a fork's merge request in the fork (CI_PROJECT_ID), where the merge
// request's number means another merge request or none: the note goes to the merge request's own
// project (CI_MERGE_REQUEST_PROJECT_ID); the commit status to the pipeline's project, whose
// pipeline the merge request shows.
type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
async function gitlab(): Promise<GitLabApi> {
  const api = await startGitLabApi()
  open.push(api)
  return api
}
const TARGET = '17'
const FORK = '99'
function forkPipeline(api: GitLabApi, without: string[] = []): Record<string, string> {
  const env: Record<string, string> = {
    GITLAB_CI: 'true',
    CI_API_V4_URL: api.apiUrl,
    CI_PROJECT_ID: FORK,
    CI_PROJECT_PATH: 'octo-contributor/docs',
    CI_MERGE_REQUEST_PROJECT_ID: TARGET,
    CI_MERGE_REQUEST_PROJECT_PATH: 'acme/docs',
    CI_MERGE_REQUEST_SOURCE_PROJECT_ID: FORK,
    CI_MERGE_REQUEST_IID: '3',
    CI_PIPELINE_SOURCE: 'merge_request_event',
    CI_PIPELINE_ID: '4711',
    CI_JOB_NAME: 'publish-docs',
    CI_JOB_URL: 'https://gitlab.example.com/octo-contributor/docs/-/jobs/991',
    CI_COMMIT_SHA: SHA,
    CI_JOB_TOKEN: JOB_TOKEN,
    WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
    WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN
  }
  for (const name of without) delete env[name]
  return env
}
const fast = ['--min-interval', '100ms', '--max-interval', '200ms']
const said = (run: { stdout: string; stderr: string }) => run.stdout + run.stderr
const MARKER = '<!-- wait-for-docs:gitlab/docs:update -->'

describe.concurrent("a fork's merge request pipeline on GitLab, end to end", () => {
  it('the note goes to the merge request in its own project (CI_MERGE_REQUEST_PROJECT_ID), never to the fork’s merge request of the same number', async () => {
    const sim = await simulator()
    const api = await gitlab()
    // The fork's own merge request !3 carries a note of this job, from a pipeline of its own.
    const forksNote = api.addNote(FORK, 3, `${MARKER}\nthe fork's own merge request`, NOTE_AUTHOR)
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', '--commit-status', 'docs', ...fast], {
      env: forkPipeline(api)
    })
    expect(run.code, said(run)).toBe(0)
    const notes = api.requests.filter((r) => r.path.includes('/merge_requests/'))
    expect(notes.length).toBeGreaterThan(0)
    expect(
      // Its notes, and the merge request's head read after the outcome's write.
      notes.every((r) => r.path.startsWith(`/api/v4/projects/${TARGET}/merge_requests/3/notes`) || r.path === `/api/v4/projects/${TARGET}/merge_requests/3`),
      notes.map((r) => r.path).join('\n')
    ).toBe(true)
    const ours = api.notes.filter((note) => note.project === TARGET && note.mr === 3)
    expect(ours).toHaveLength(1)
    expect(ours[0]?.body).toContain('### ✅ Docs update deployed')
    expect(api.notes.find((note) => note.id === forksNote)?.body).toBe(`${MARKER}\nthe fork's own merge request`)
    expect(run.stdout).toContain('Posted "in progress" on merge request !3 of acme/docs.')
    expect(run.stdout).toContain('Updated the note on merge request !3 of acme/docs.')
    // The commit status: the pipeline's project and pipeline, which the merge request shows for a fork's pipeline.
    expect(api.statusWrites.map((s) => `${s.project} ${s.sha} ${s.state} ${s.pipeline_id}`)).toEqual([
      `${FORK} ${SHA} running 4711`,
      `${FORK} ${SHA} success 4711`
    ])
  })

  it('a fork’s pipeline without the token says that it runs with the fork’s variables, and what works', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', ...fast], {
      env: forkPipeline(api, ['WAIT_FOR_DOCS_GITLAB_TOKEN'])
    })
    expect(run.code, said(run)).toBe(0)
    expect(api.requests).toEqual([])
    expect(said(run)).toContain(
      "This pipeline runs in the fork octo-contributor/docs for a merge request of acme/docs, so GitLab gives it the fork's CI/CD variables (WAIT_FOR_DOCS_GITLAB_TOKEN among them), not those of acme/docs. Give the fork a token that may write notes in acme/docs, or have a member of acme/docs run the pipeline there (the merge request's Pipelines tab, Run pipeline). The result does not depend on it."
    )
  })

  it('a 404 names the merge request of its own project, and the fork the pipeline runs in', async () => {
    const sim = await simulator()
    const api = await gitlab()
    api.failWith = 404
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', ...fast], { env: forkPipeline(api) })
    expect(run.code, said(run)).toBe(0)
    expect(said(run)).toContain(
      "GitLab did not find merge request !3 of acme/docs (HTTP 404): check that the token's user is a member of the project. This pipeline runs in the fork octo-contributor/docs"
    )
  })
})
