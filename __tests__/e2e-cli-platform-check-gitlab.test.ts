import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { SHA } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'

// The bundled command with --platform-check in a GitLab CI job, over real HTTP, against the
// stand-in of GitLab's API: it waits on the status the platform's integration writes on the
// pipeline's commit. No platform simulator: neither base-url nor admin-key is given.
type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
const open: GitLabApi[] = []
afterAll(async () => {
  for (const api of open) await api.close()
})
async function gitlab(): Promise<GitLabApi> {
  const api = await startGitLabApi()
  open.push(api)
  return api
}

const PROJECT_URL = 'https://gitlab.example.com/acme/docs'
const DEPLOY_URL = 'https://docs.example.com/acme/docs/deployments/42'
function pipelineJob(api: GitLabApi, extra: Record<string, string> = {}): Record<string, string> {
  return {
    GITLAB_CI: 'true',
    CI_API_V4_URL: api.apiUrl,
    CI_PROJECT_ID: '17',
    CI_PROJECT_URL: PROJECT_URL,
    CI_PIPELINE_ID: '4711',
    CI_JOB_NAME: 'docs-gate',
    CI_JOB_URL: `${PROJECT_URL}/-/jobs/991`,
    CI_COMMIT_SHA: SHA,
    CI_JOB_TOKEN: JOB_TOKEN,
    WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN,
    ...extra
  }
}
const fast = ['--min-interval', '100ms', '--max-interval', '200ms']
const output = (run: { stdout: string; stderr: string }) => run.stdout + run.stderr
const reads = (api: GitLabApi) => api.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/statuses'))

/** Calls the next step each time the command has read the commit's statuses `every` more times. */
function onReads(api: GitLabApi, steps: (() => void)[], every = 2) {
  api.onRequest = (request) => {
    if (request.method === 'GET' && request.path.endsWith('/statuses') && reads(api).length % every === 0) steps.shift()?.()
  }
}

describe.concurrent('platform-check on GitLab CI, end to end', () => {
  it('appears late, running → success: exit 0, its target_url as platform-check-url', async () => {
    const api = await gitlab()
    api.addStatus('17', SHA, { name: 'build', state: 'success', target_url: `${PROJECT_URL}/-/jobs/990`, pipeline_id: 4711 })
    let deploy = 0
    onReads(api, [
      () => {
        deploy = api.addStatus('17', SHA, { name: 'docs-deploy', state: 'running', target_url: DEPLOY_URL, pipeline_id: 4712 })
      },
      () => {
        const status = api.statuses.find((s) => s.id === deploy)
        if (status) status.state = 'success'
      }
    ])
    const run = await runCommand(() => ['--platform-check', 'docs-deploy', '--json', ...fast], { env: pipelineJob(api) })
    expect(run.code, output(run)).toBe(0)
    const json = JSON.parse(run.stdout)
    expect(json).toMatchObject({ result: 'success', 'platform-check-url': DEPLOY_URL })
    expect(run.stderr).toContain('running')
    expect(reads(api).length).toBeGreaterThanOrEqual(4)
    // Read with the token given, never the job token; no status was written.
    expect(new Set(api.requests.map((r) => r.token))).toEqual(new Set([GITLAB_TOKEN]))
    expect(api.requests.every((r) => r.method === 'GET')).toBe(true)
  })

  it('failed: exit 1, naming the status and its address; the dotenv report has the address', async () => {
    const api = await gitlab()
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'failed', target_url: DEPLOY_URL, pipeline_id: 4712 })
    const run = await runCommand(() => ['--platform-check', 'docs-deploy', '--dotenv', 'docs.env', ...fast], { env: pipelineJob(api) })
    expect(run.code, output(run)).toBe(1)
    expect(output(run)).toContain(`commit status "docs-deploy" ended with "failed" (${DEPLOY_URL})`)
    expect(run.file('docs.env')).toContain(`DOCS_PLATFORM_CHECK_URL=${DEPLOY_URL}\n`)
    expect(run.file('docs.env')).toContain('DOCS_RESULT=failure\n')
  })

  it('canceled: the result is cancelled', async () => {
    const api = await gitlab()
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'canceled', pipeline_id: 4712 })
    const run = await runCommand(() => ['--platform-check', 'docs-deploy', '--json', ...fast], { env: pipelineJob(api) })
    expect(JSON.parse(run.stdout).result, output(run)).toBe('cancelled')
  })

  it('never appears: exit 3, naming what was looked for, the commit, and the names found', async () => {
    const api = await gitlab()
    api.addStatus('17', SHA, { name: 'build', state: 'success', target_url: `${PROJECT_URL}/-/jobs/990`, pipeline_id: 4711 })
    api.addStatus('17', SHA, { name: 'docs-preview', state: 'success', pipeline_id: 4712 })
    const run = await runCommand(() => ['--platform-check', 'docs-deploy', '--timeout', '2s', ...fast], { env: pipelineJob(api) })
    expect(run.code, output(run)).toBe(3)
    expect(output(run)).toMatch(
      /no commit status named "docs-deploy" appeared on commit 3f78685 before the timeout \(2\.0s\) ran out; found instead: "build", "docs-preview"/
    )
  })

  it('more than 100 statuses on the commit: the one on the second page is found (the name given as WAIT_FOR_DOCS_PLATFORM_CHECK)', async () => {
    const api = await gitlab()
    for (let n = 0; n < 130; n++) api.addStatus('17', SHA, { name: `job-${n}`, state: 'success', target_url: `${PROJECT_URL}/-/jobs/${n}`, pipeline_id: 4711 })
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'success', target_url: DEPLOY_URL, pipeline_id: 4712 })
    const run = await runCommand(() => ['--json', ...fast], { env: pipelineJob(api, { WAIT_FOR_DOCS_PLATFORM_CHECK: 'docs-deploy' }) })
    expect(run.code, output(run)).toBe(0)
    expect(reads(api).map((r) => r.query.page)).toEqual(['1', '2'])
  })

  it('a pattern counts neither the jobs of the pipelines nor the step’s own --commit-status', async () => {
    const api = await gitlab()
    // This job, running, and the step's own status: a pattern that matches them must not wait on them.
    api.addStatus('17', SHA, { name: 'docs-gate', state: 'running', target_url: `${PROJECT_URL}/-/jobs/991`, pipeline_id: 4711 })
    api.addStatus('17', SHA, { name: 'docs', state: 'running', pipeline_id: 4711 })
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'success', target_url: DEPLOY_URL, pipeline_id: 4712 })
    const run = await runCommand(() => ['--platform-check', 'docs*', '--commit-status', 'docs', '--json', ...fast], { env: pipelineJob(api) })
    expect(run.code, output(run)).toBe(0)
    expect(JSON.parse(run.stdout)['platform-check-url']).toBe(DEPLOY_URL)
  })

  it('a refused token (401) or one that may not read (403): exit 5 at once, naming what to fix', async () => {
    const api = await gitlab()
    const refused = await runCommand(() => ['--platform-check', 'docs-deploy', ...fast], {
      env: pipelineJob(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: 'glpat-revoked-token-0000' })
    })
    expect(refused.code, output(refused)).toBe(5)
    expect(output(refused)).toMatch(/HTTP 401 from GitLab reading the statuses of commit 3f78685: the token in WAIT_FOR_DOCS_GITLAB_TOKEN was refused/)
    expect(output(refused)).not.toContain('glpat-revoked-token-0000')
    const forbidden = await gitlab()
    forbidden.failWith = 403
    const run = await runCommand(() => ['--platform-check', 'docs-deploy', ...fast], { env: pipelineJob(forbidden) })
    expect(run.code, output(run)).toBe(5)
    expect(output(run)).toMatch(/HTTP 403 .*read_api or api scope and at least the Reporter role, and the CI job token cannot read them/)
    expect(reads(forbidden)).toHaveLength(1)
  })

  it('text from GitLab is inert: no user and password in the address, no token, a name on one line', async () => {
    const api = await gitlab()
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'success', target_url: 'https://user:secret@docs.example.com/d/1', pipeline_id: 4712 })
    api.addStatus('17', SHA, { name: `docs-deploy ${GITLAB_TOKEN}\nsection_start:1:x`, state: 'failed', pipeline_id: 4712 })
    const run = await runCommand(() => ['--platform-check', 'docs-deploy*', '--json', ...fast], { env: pipelineJob(api) })
    expect(run.code, output(run)).toBe(1)
    expect(JSON.parse(run.stdout)['platform-check-url']).toBe('https://docs.example.com/d/1')
    expect(output(run)).not.toContain('secret')
    expect(output(run)).not.toContain(GITLAB_TOKEN)
    expect(output(run)).not.toMatch(/^section_start:1:x/m)
  })

  it('outside GitLab CI, or without a token that reads: invalid input (exit 2), saying where it is read; nothing sent', async () => {
    const api = await gitlab()
    const outside = await runCommand(() => ['--platform-check', 'docs-deploy'], { env: { WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN } })
    expect(outside.code, output(outside)).toBe(2)
    expect(output(outside)).toMatch(/reads it on GitLab CI only, from the statuses of the pipeline's commit/)
    const jobToken = await runCommand(() => ['--platform-check', 'docs-deploy'], { env: pipelineJob(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: JOB_TOKEN }) })
    expect(jobToken.code, output(jobToken)).toBe(2)
    expect(output(jobToken)).toMatch(/does not let a job token read commit statuses/)
    expect(output(jobToken)).not.toMatch(/github-token/)
    expect(api.requests).toEqual([])
  })

  it('--check reads the name among the statuses of the pipeline commit: found exit 0, another name exit 2 naming those there; nothing written', async () => {
    const api = await gitlab()
    api.addStatus('17', SHA, { name: 'build', state: 'success', target_url: `${PROJECT_URL}/-/jobs/990`, pipeline_id: 4711 })
    api.addStatus('17', SHA, { name: 'docs-deploy', state: 'running', target_url: DEPLOY_URL, pipeline_id: 4712 })
    const found = await runCommand(() => ['--check', '--platform-check', 'docs-deploy'], { env: pipelineJob(api) })
    expect(found.code, output(found)).toBe(0)
    expect(output(found)).toContain(`"docs-deploy" is on the pipeline's commit ${SHA.slice(0, 7)}: "docs-deploy" running`)
    const wrong = await runCommand(() => ['--check', '--platform-check', 'docs-deploy-preview'], { env: pipelineJob(api) })
    expect(wrong.code, output(wrong)).toBe(2)
    expect(output(wrong)).toContain(
      `no commit status named "docs-deploy-preview" on the pipeline's commit ${SHA.slice(0, 7)}; the names there are "build", "docs-deploy"`
    )
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })
})
