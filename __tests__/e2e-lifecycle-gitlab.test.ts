import type { ChildProcess } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, NOTE_AUTHOR, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, SHA } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { simulator } from './helpers/e2e.js'

// The merge request note is kept true by the record lifecycle, as the pull request comment is:
// a creation GitLab applies late is not doubled, a signal after the outcome keeps its exit code.
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

const MARKER = '<!-- wait-for-docs/3 gitlab/docs//update -->'
const DEPLOYED = 'feedface00112233445566778899aabbccddeeff'
const fast = ['--min-interval', '100ms', '--max-interval', '200ms']
const output = (run: { stdout: string; stderr: string }) => run.stdout + run.stderr
const ours = (api: GitLabApi) => api.notes.filter((note) => note.author.id === NOTE_AUTHOR.id && note.body.includes(MARKER))

function mergeRequestJob(api: GitLabApi): Record<string, string> {
  return {
    GITLAB_CI: 'true',
    CI_API_V4_URL: api.apiUrl,
    CI_PROJECT_ID: '17',
    CI_MERGE_REQUEST_IID: '3',
    CI_JOB_NAME: 'docs',
    CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991',
    CI_COMMIT_SHA: SHA,
    CI_JOB_TOKEN: JOB_TOKEN,
    WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
    WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN
  }
}

describe.concurrent('the merge request note is true at the end', () => {
  it('a note GitLab creates after request-timeout is waited on and updated: one note, with the outcome', async () => {
    const sim = await simulator()
    const api = await gitlab()
    sim.script('update', 'building', [{ json: { status: 'in_progress' }, repeat: 2 }, { json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
    // "In progress" applied and answered 1.5 s after it arrived, past request-timeout.
    api.delayWrites(1500)
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'building', '--mr-comment', '--request-timeout', '1s', ...fast], {
      env: mergeRequestJob(api)
    })
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    expect(ours(api)).toHaveLength(1)
    expect(ours(api)[0]?.body).toContain('### ✅ Docs update deployed')
    expect(output(run)).not.toMatch(/could not be written/)
  })

  it('a SIGTERM after the outcome only shortens the last write: exit 0, not 143, and one warning naming the note', async () => {
    const sim = await simulator()
    const api = await gitlab()
    // "In progress" at once; the outcome's write held past the grace.
    api.delayWrites(0, 8000)
    let child: ChildProcess | undefined
    let signalledAt = 0
    const watch = setInterval(() => {
      if (!signalledAt && child && api.requests.some((r) => r.method === 'PUT')) {
        signalledAt = Date.now()
        child.kill('SIGTERM')
      }
    }, 10)
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', ...fast], {
      env: mergeRequestJob(api),
      onOutput: (_written, running) => {
        child ??= running
      }
    }).finally(() => clearInterval(watch))
    expect(signalledAt, output(run)).toBeGreaterThan(0)
    expect(Date.now() - signalledAt).toBeLessThan(2000)
    expect(run.code, output(run)).toBe(0)
    expect(output(run)).toContain(
      'The merge request note could not be written: the GitLab API did not answer before the cancelled run had to end. The result does not depend on it.'
    )
  })

  it('the final note names the pipeline’s commit, and the deployed commit beside it saying it is not the pipeline’s', async () => {
    const sim = await simulator()
    const api = await gitlab()
    sim.script('update', 'other-commit', [{ json: { status: 'success', endedAt: '2026-01-01T00:00:00Z', commit: { sha: DEPLOYED } } }])
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'other-commit', '--mr-comment', ...fast], { env: mergeRequestJob(api) })
    expect(run.code, output(run)).toBe(0)
    const body = ours(api)[0]?.body ?? ''
    expect(body).toContain(`commit \`${SHA.slice(0, 7)}\``)
    expect(body).toContain(`**Deployed commit:** \`feedfac\` — not the commit of this run, \`${SHA.slice(0, 7)}\``)
  })
})
