import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, PROJECT_ID, SHA } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { githubApi, runAgainst, simulator } from './helpers/e2e.js'

// The dry run (check: true / --check) through the bundled dist/, over real HTTP, against the
// platform simulator and the stand-ins of GitHub's and GitLab's APIs: it reads, starts nothing,
// writes no record, and ends 0, 2, 4 or 5 by what it found.
const TOKEN = 'ghs_fake_token_for_tests_dry_0051'
// The commit of a push run (dev/run-action.js sets GITHUB_SHA to it, on refs/heads/main).
const PUSHED = '3f786850e387550fdab836ed7e6dc881de23001b'
const OLDER = 'aaaaaaa000000000000000000000000000000001'
const OLDEST = 'aaaaaaa000000000000000000000000000000002'

type Api = Awaited<ReturnType<typeof githubApi>>
type Sim = Awaited<ReturnType<typeof simulator>>
const writesTo = (api: Api) => api.requests.filter((r) => r.method !== 'GET')
const postsTo = (sim: Sim) => sim.requests.filter((r) => r.method !== 'GET')
const dry = { check: 'true', 'github-token': TOKEN }

describe.concurrent('the dry run of the action (check: true), end to end', () => {
  it('all good: every check a line, result success, nothing started and nothing written to GitHub', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.addCheckRun({ sha: PUSHED, name: 'docs-deploy', status: 'completed', conclusion: 'success' })
    const run = await runAgainst(
      sim,
      { ...dry, trigger: 'update', 'project-id': PROJECT_ID, 'commit-status': 'docs', 'deployment-environment': 'docs', 'platform-check': 'docs-deploy' },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs.result).toBe('success')
    // The other outputs are written, empty.
    expect(run.outputs['status-id']).toBe('')
    expect(run.outputs['deployment-id']).toBe('')
    expect(run.stdout).toContain('✓ trigger: update: not sent')
    expect(run.stdout).toContain('✓ admin-key: accepted')
    expect(run.stdout).toContain('✓ github-token for commit-status: reads the commit statuses')
    expect(run.stdout).toContain('statuses: write, which cannot be proven without writing')
    expect(run.stdout).toContain('✓ github-token for deployment-environment')
    expect(run.stdout).toContain(`✓ platform-check: "docs-deploy" is on the run's commit ${PUSHED.slice(0, 7)}`)
    expect(run.summary).toContain('### Dry run')
    // No trigger, no comment, no status, no deployment: the platform and GitHub were only read.
    expect(postsTo(sim)).toEqual([])
    expect(sim.requests.length).toBeGreaterThan(0)
    expect(writesTo(api)).toEqual([])
    expect(api.statuses).toEqual([])
    expect(api.deployments).toEqual([])
    // The keys are masked (the runner's ::add-mask:: lines aside), never printed.
    const said = (run.stdout + run.stderr).replace(/^::add-mask::.*$/gm, '')
    expect(said).not.toContain(TOKEN)
    expect(said).not.toContain(ADMIN_KEY)
  })

  it('a refused admin key: result error, the key named, and nothing started', async () => {
    const sim = await simulator()
    const run = await runAgainst(sim, { check: 'true', 'admin-key': 'sim_admin_wrong_0123456789', trigger: 'update', 'project-id': PROJECT_ID })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toContain('✗ admin-key: HTTP 401: the platform rejected admin-key')
    expect(postsTo(sim)).toEqual([])
  })

  it('a github-token that cannot read the statuses: result error, naming statuses: write', async () => {
    const sim = await simulator()
    const api = await githubApi()
    api.refuseReads = true
    const run = await runAgainst(sim, { ...dry, 'status-id': 'update-success', 'commit-status': 'docs' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toContain('✗ github-token for commit-status: the token cannot read the commit statuses')
    expect(run.stdout).toContain('add `permissions: statuses: write` to the job')
    expect(writesTo(api)).toEqual([])
    expect(api.statuses).toEqual([])
  })

  it('a platform-check name that no report carries: the names found are named; found on a recent commit: ok', async () => {
    const api = await githubApi()
    api.branches.main = [PUSHED, OLDER, OLDEST]
    api.addCheckRun({ sha: PUSHED, name: 'CI', status: 'completed', conclusion: 'success' })
    api.addCheckRun({ sha: OLDER, name: 'lint', status: 'completed', conclusion: 'success' })
    api.addStatus({ sha: OLDEST, state: 'success', context: 'docs-deploy' })
    const wrong = await runAgainst(await simulator(), { ...dry, 'platform-check': 'Docs' }, { env: { GITHUB_API_URL: api.url } })
    expect(wrong.code).toBe(1)
    expect(wrong.outputs.result).toBe('error')
    expect(wrong.stdout).toContain(
      `✗ platform-check: no check run, commit status or deployment named "Docs" on the run's commit ${PUSHED.slice(0, 7)} nor on 2 recent commits of branch "main"; the names there are "CI", "lint", "docs-deploy"`
    )
    const right = await runAgainst(await simulator(), { ...dry, 'platform-check': 'docs-*' }, { env: { GITHUB_API_URL: api.url } })
    expect(right.code, right.stdout + right.stderr).toBe(0)
    expect(right.stdout).toContain(`✓ platform-check: "docs-*" is on ${OLDEST.slice(0, 7)}, a recent commit of branch "main"`)
    expect(writesTo(api)).toEqual([])
  })

  it('pr-comment on a pull request: the comments are read, none written; without a pull request, a warning', async () => {
    const api = await githubApi()
    const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: PUSHED } } } }
    const run = await runAgainst(
      await simulator(),
      { ...dry, 'status-id': 'update-success', 'pr-comment': 'true' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain('✓ github-token for pr-comment: reads the comments of the pull request; writing needs pull-requests: write')
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/acme/docs/issues/7/comments'])
    const pushed = await runAgainst(await simulator(), { ...dry, 'status-id': 'update-success', 'pr-comment': 'true' }, { env: { GITHUB_API_URL: api.url } })
    expect(pushed.code, pushed.stdout + pushed.stderr).toBe(0)
    expect(pushed.stdout).toMatch(/::warning.*github-token for pr-comment: not checked: this run \(event push\) is not for a pull request/)
    expect(writesTo(api)).toEqual([])
  })

  it('a GitHub API that never answers: the reads share one request-timeout, then "could not tell"', async () => {
    const api = await githubApi()
    api.hang = true
    const run = await runAgainst(
      await simulator(),
      {
        ...dry,
        'status-id': 'update-success',
        'commit-status': 'docs',
        'deployment-environment': 'docs',
        'platform-check': 'docs-deploy',
        'request-timeout': '1s'
      },
      { env: { GITHUB_API_URL: api.url } }
    )
    expect(run.code).toBe(1)
    expect(run.outputs.result).toBe('error')
    expect(run.stdout).toContain('? github-token for commit-status: the GitHub API did not answer in time')
    expect(run.stdout).toContain("? platform-check: the run's commit could not be read")
  })

  it('nothing reports on the commits yet: a warning, and the dry run passes', async () => {
    const api = await githubApi()
    api.branches.main = [PUSHED, OLDER]
    const run = await runAgainst(await simulator(), { ...dry, 'platform-check': 'docs-deploy' }, { env: { GITHUB_API_URL: api.url } })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.outputs.result).toBe('success')
    expect(run.stdout).toMatch(/::warning.*nothing reports on the run's commit/)
    expect(run.stdout).toContain('[check.unproven]')
  })
})

type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
const gitlabApis: GitLabApi[] = []
afterAll(async () => {
  for (const api of gitlabApis) await api.close()
})
async function gitlab(): Promise<GitLabApi> {
  const api = await startGitLabApi()
  gitlabApis.push(api)
  return api
}
const pipeline = (api: GitLabApi, extra: Record<string, string> = {}) => ({
  GITLAB_CI: 'true',
  CI_API_V4_URL: api.apiUrl,
  CI_PROJECT_ID: '17',
  CI_COMMIT_SHA: SHA,
  CI_JOB_NAME: 'publish-docs',
  CI_JOB_TOKEN: JOB_TOKEN,
  WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
  WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN,
  ...extra
})

describe.concurrent('the dry run of the command (--check, WAIT_FOR_DOCS_CHECK), end to end', () => {
  it('all good: exit 0, the checks in the JSON report, no POST to the platform or GitLab', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const run = await runCommand(
      (dir) => [
        '--base-url',
        sim.url,
        '--trigger',
        'preview',
        '--project-id',
        PROJECT_ID,
        '--preview-branch',
        'nav',
        '--commit-status',
        'docs',
        '--output-file',
        `${dir}/out.json`,
        '--junit',
        `${dir}/junit.xml`
      ],
      { env: pipeline(api, { WAIT_FOR_DOCS_CHECK: 'true' }) }
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const report = JSON.parse(run.file('out.json') ?? '{}')
    expect(report.result).toBe('success')
    expect(report['exit-code']).toBe(0)
    expect(report.checks.map((c: { subject: string; state: string }) => `${c.subject} ${c.state}`)).toEqual([
      'trigger: preview ok',
      'admin-key ok',
      'WAIT_FOR_DOCS_GITLAB_TOKEN for --commit-status ok'
    ])
    // The JUnit report: a case per check, none failed.
    const junit = run.file('junit.xml') ?? ''
    expect(junit.match(/<testcase classname="wait-for-docs.check"/g)).toHaveLength(3)
    expect(junit).not.toContain('<failure')
    expect(postsTo(sim)).toEqual([])
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([])
    expect(api.requests.length).toBeGreaterThan(0)
    expect(run.stdout + run.stderr).not.toContain(GITLAB_TOKEN)
  })

  it('a refused admin key: exit 5', async () => {
    const sim = await simulator()
    const run = await runCommand(() => ['--check', '--base-url', sim.url, '--status-id', 'update-success'], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: 'sim_admin_wrong_0123456789' }
    })
    expect(run.code, run.stdout + run.stderr).toBe(5)
    // Named as it was given: the variable.
    expect(run.stdout + run.stderr).toContain('✗ WAIT_FOR_DOCS_ADMIN_KEY: HTTP 401: the platform rejected WAIT_FOR_DOCS_ADMIN_KEY')
    expect(postsTo(sim)).toEqual([])
  })

  it('no such project: exit 5, naming project-id', async () => {
    const sim = await simulator()
    const run = await runCommand(() => ['--check', '--base-url', sim.url, '--trigger', 'update', '--project-id', 'proj-nowhere'], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
    })
    expect(run.code, run.stdout + run.stderr).toBe(5)
    expect(run.stdout + run.stderr).toContain('✗ --project-id: the platform knows no project proj-nowhere (HTTP 404: Project not found); check --project-id')
    expect(postsTo(sim)).toEqual([])
  })

  it('an invalid input: exit 2, nothing sent', async () => {
    const sim = await simulator()
    const run = await runCommand(() => ['--check', '--base-url', sim.url, '--status-id', 'update-success', '--timeout', 'soon'], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
    })
    expect(run.code, run.stdout + run.stderr).toBe(2)
    expect(sim.requests).toEqual([])
  })

  it('a GitLab token refused for the commit status: exit 5, naming what to create', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const run = await runCommand(() => ['--check', '--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs'], {
      env: pipeline(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: 'glpat-not-a-token-of-this-gitlab' })
    })
    expect(run.code, run.stdout + run.stderr).toBe(5)
    expect(run.stdout + run.stderr).toContain('GitLab refused the token reading the commit statuses')
    expect(run.stdout + run.stderr).toContain('api scope and at least the Developer role')
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('--mr-comment: the merge request is read with the token; the job token is refused for certain (exit 5)', async () => {
    const sim = await simulator()
    const api = await gitlab()
    api.heads[3] = SHA
    const mergeRequest = { CI_MERGE_REQUEST_IID: '3', CI_MERGE_REQUEST_PROJECT_ID: '17' }
    const run = await runCommand(() => ['--check', '--base-url', sim.url, '--status-id', 'update-success', '--mr-comment'], {
      env: pipeline(api, mergeRequest)
    })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout + run.stderr).toContain('✓ WAIT_FOR_DOCS_GITLAB_TOKEN for --mr-comment: reads merge request !3')
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v4/projects/17/merge_requests/3'])
    const jobToken = await runCommand(() => ['--check', '--base-url', sim.url, '--status-id', 'update-success', '--mr-comment'], {
      env: pipeline(api, { ...mergeRequest, WAIT_FOR_DOCS_GITLAB_TOKEN: JOB_TOKEN })
    })
    expect(jobToken.code, jobToken.stdout + jobToken.stderr).toBe(5)
    expect(jobToken.stdout + jobToken.stderr).toContain('holds the CI job token (CI_JOB_TOKEN)')
    expect(api.requests).toHaveLength(1)
    expect(postsTo(sim)).toEqual([])
  })

  it('an unreachable platform: exit 4 (could not tell)', async () => {
    const run = await runCommand(() => ['--check', '--base-url', 'http://127.0.0.1:9', '--status-id', 'update-success', '--min-interval', '100ms'], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
    })
    expect(run.code, run.stdout + run.stderr).toBe(4)
    expect(run.stdout + run.stderr).toContain('? WAIT_FOR_DOCS_ADMIN_KEY: the platform could not be read (nothing answered at --base-url')
  })
})
