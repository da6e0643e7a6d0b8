import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, PROJECT_ID, SHA } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { expectAllOutputs, githubApi, runAgainst, simulator } from './helpers/e2e.js'

// The last net of the story of a run (src/step/story.ts): a fault no code foresaw, reported as
// the outcome before waiting began, ends the run's records there. The run goes on until the
// process exits, and when waiting begins after the fault it opens nothing that no one would
// close: no commit status left "pending", no deployment "in progress", no "⏳" comment or note.
//
// The fault is put into the bundle from outside, as a preloaded module: an unhandled rejection
// at the moment the first request (the POST that starts the update) is sent, so it lands while
// the start is in flight, before waiting begins.
const FAULT = path.join(os.tmpdir(), `wait-for-docs-fault-${process.pid}.cjs`)
writeFileSync(
  FAULT,
  `const dc = require('node:diagnostics_channel')
let done = false
dc.subscribe('undici:request:create', () => {
  if (done) return
  done = true
  setImmediate(() => Promise.reject(new TypeError('a fault no code foresaw')))
})
`
)
const faulty = { NODE_OPTIONS: `--require ${FAULT}` }

const TOKEN = 'ghs_fake_token_for_tests_0036'
const HEAD = 'c0ffee0123456789abcdef0123456789abcdef01'
const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: HEAD } } } }

type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
const open: GitLabApi[] = []
afterAll(async () => {
  for (const api of open) await api.close()
})

describe.concurrent('a fault before waiting began opens no record', () => {
  it('the action: result=error with every output; no commit status, deployment or comment is left in progress', async () => {
    const sim = await simulator()
    const api = await githubApi()
    // The update starts 400 ms after it was asked for: waiting begins then, within the exit's grace after the fault.
    sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'building', delayMs: 400 }])
    sim.script('update', 'building', [{ json: { status: 'in_progress' } }])
    const run = await runAgainst(
      sim,
      {
        trigger: 'preview',
        'project-id': PROJECT_ID,
        'preview-branch': 'feature/x',
        'pr-comment': 'true',
        'deployment-environment': 'docs-preview',
        'commit-status': 'docs',
        'github-token': TOKEN
      },
      { env: { GITHUB_API_URL: api.url, ...faulty }, event: pullRequest }
    )
    await api.settled()
    expect(run.stdout).toContain('Unexpected error: TypeError: a fault no code foresaw')
    expect(run.outputs.result).toBe('error')
    expect(expectAllOutputs(run.outputs)).toEqual([])
    expect(run.stderr).not.toMatch(/\n\s+at /)
    // Waiting began after the fault (the update was started and polled), and nothing was opened for it.
    expect(sim.requests.some((request) => request.path.includes('/update-status/building'))).toBe(true)
    expect(api.statuses.map((status) => status.state)).not.toContain('pending')
    expect(api.deployments.flatMap((deployment) => deployment.statuses.map((status) => status.state))).not.toContain('in_progress')
    expect(api.comments.filter((comment) => comment.body.includes('in progress'))).toEqual([])
  })

  it('the command on GitLab: exit 4 and result=error; no commit status is left running, no note in progress', async () => {
    const sim = await simulator()
    const api = await startGitLabApi()
    open.push(api)
    sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'building', delayMs: 400 }])
    sim.script('update', 'building', [{ json: { status: 'in_progress' } }])
    const run = await runCommand(
      (dir) => [
        '--base-url',
        sim.url,
        '--trigger',
        'preview',
        '--project-id',
        PROJECT_ID,
        '--preview-branch',
        'feature/x',
        '--mr-comment',
        '--commit-status',
        'docs',
        '--dotenv',
        path.join(dir, 'docs.env')
      ],
      {
        env: {
          ...faulty,
          GITLAB_CI: 'true',
          CI_API_V4_URL: api.apiUrl,
          CI_PROJECT_ID: '17',
          CI_MERGE_REQUEST_IID: '3',
          CI_JOB_NAME: 'publish-docs',
          CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991',
          CI_COMMIT_SHA: SHA,
          CI_JOB_TOKEN: JOB_TOKEN,
          WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
          WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN
        }
      }
    )
    await api.settled()
    const output = run.stdout + run.stderr
    expect(output).toContain('Unexpected error: TypeError: a fault no code foresaw')
    expect(run.code, output).toBe(4)
    expect(run.file('docs.env')).toContain('DOCS_RESULT=error')
    expect(output).not.toMatch(/\n\s+at /)
    expect(sim.requests.some((request) => request.path.includes('/update-status/building'))).toBe(true)
    expect(api.statuses.map((status) => status.state)).not.toContain('running')
    expect(api.notes.filter((note) => note.body.includes('in progress'))).toEqual([])
  })
})
