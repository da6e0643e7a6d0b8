import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, PROJECT_ID, SHA } from '../dev/simulator.js'
import { untagged } from '../src/records/gate.js'
import { runCommand } from './helpers/cli.js'
import { simulator } from './helpers/e2e.js'

// The bundled command with --commit-status, over real HTTP, against the platform simulator and the
// stand-in of GitLab's commit status API, as a pipeline's job runs it.
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

const JOB_URL = 'https://gitlab.example.com/acme/docs/-/jobs/991'
function pipelineJob(api: GitLabApi, extra: Record<string, string> = {}): Record<string, string> {
  return {
    GITLAB_CI: 'true',
    CI_API_V4_URL: api.apiUrl,
    CI_PROJECT_ID: '17',
    CI_PIPELINE_ID: '4711',
    CI_JOB_NAME: 'publish-docs',
    CI_JOB_URL: JOB_URL,
    CI_COMMIT_SHA: SHA,
    CI_JOB_TOKEN: JOB_TOKEN,
    WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
    WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN,
    ...extra
  }
}
const fast = ['--min-interval', '100ms', '--max-interval', '200ms']
const output = (run: { stdout: string; stderr: string }) => run.stdout + run.stderr
/** The commit status writes GitLab applied, in order (an open status is moved in place: `statuses` holds one status for a running and its outcome). */
const written = (api: GitLabApi) =>
  api.statusWrites.map(({ project, sha, state, name, pipeline_id, target_url }) => ({
    project,
    sha,
    state,
    name,
    pipeline_id,
    target_url: untagged(target_url)
  }))
const states = (api: GitLabApi) => api.statusWrites.map((s) => (s.moved ? `${s.state} (moved)` : s.state))

describe.concurrent('the GitLab commit status, end to end', () => {
  it('running on the pipeline’s commit while the docs build, then success linking the preview', async () => {
    const sim = await simulator()
    const api = await gitlab()
    sim.script('trigger', PROJECT_ID, [{ started: true, statusId: 'building' }])
    const shownRunning = () => api.statuses.some((s) => s.state === 'running')
    sim.script('update', 'building', [
      { fn: () => ({ json: shownRunning() ? { status: 'success', endedAt: '2026-01-01T00:00:00Z' } : { status: 'in_progress' } }) }
    ])
    const run = await runCommand(
      () => ['--base-url', sim.url, '--trigger', 'preview', '--project-id', PROJECT_ID, '--preview-branch', 'feature/nav', '--commit-status', 'docs', ...fast],
      { env: pipelineJob(api) }
    )
    expect(run.code, output(run)).toBe(0)
    expect(written(api)).toEqual([
      {
        project: '17',
        sha: SHA,
        state: 'running',
        name: 'docs',
        pipeline_id: 4711,
        target_url: 'https://gitlab.example.com/acme/docs/-/jobs/991'
      },
      { project: '17', sha: SHA, state: 'success', name: 'docs', pipeline_id: 4711, target_url: 'https://acme-feature-nav.preview.example.com/' }
    ])
    expect(api.statusWrites[0]?.description).toBe('Waiting for the docs update: update building')
    expect(api.statusWrites[1]?.description).toBe('Update building succeeded.')
    // GitLab moved the running to success: one status, the outcome's.
    expect(states(api)).toEqual(['running', 'success (moved)'])
    expect(api.statuses.map((s) => s.description)).toEqual(['Update building succeeded.'])
    expect(api.requests.every((r) => r.token === GITLAB_TOKEN)).toBe(true)
    expect(output(run)).toContain('Commit status docs: success on commit 3f78685.')
    expect(output(run)).not.toContain(GITLAB_TOKEN)
  })

  it.each([
    // A failure the platform answers at once: a deadline no busy machine reaches first.
    ['a failure', 'update-failure', '60s', 1, 'failed', /^Update update-failure failed: /],
    ['a timeout', 'update-forever', '1s', 3, 'failed', /^Update update-forever still "(?:queued|in_progress)" after /]
  ])('%s: failed, with the reason, linking the job; the exit code stays the outcome’s', async (_name, id, timeout, code, state, description) => {
    const sim = await simulator()
    const api = await gitlab()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', id, '--commit-status', 'docs', '--timeout', timeout, ...fast], {
      env: pipelineJob(api)
    })
    expect(run.code, output(run)).toBe(code)
    expect(states(api)).toEqual(['running', `${state} (moved)`])
    expect(api.statuses.at(-1)?.description).toMatch(description)
    expect(Array.from(api.statuses.at(-1)?.description ?? '').length).toBeLessThanOrEqual(140)
    expect(untagged(api.statuses.at(-1)?.target_url)).toBe(JOB_URL)
  })

  it('a running status GitLab applies late, after request-timeout, does not stand after the outcome: the outcome is written again', async () => {
    const sim = await simulator()
    const api = await gitlab()
    // The running write is held until the outcome's arrives (sent request-timeout after the outcome
    // was known, the running unanswered), then applied and answered once that one is: it lands after
    // the outcome by order, however slow the machine. request-timeout is the time its answer has to reach the step.
    let outcomeApplied: () => void = () => undefined
    const applied = new Promise<void>((resolve) => {
      outcomeApplied = resolve
    })
    api.delayWrites({ ms: 0, onArrive: () => applied }, { ms: 0, onArrive: () => void setImmediate(outcomeApplied) })
    const run = await runCommand(
      () => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', '--request-timeout', '3s', ...fast],
      { env: pipelineJob(api) }
    )
    await api.settled()
    expect(run.code, output(run)).toBe(0)
    // The running landed over the outcome (a status of its own, the outcome's being finished), and
    // the outcome was written again after it, moving that running in place (then once more, as the
    // running's answer came: a status of its own again, the same state).
    expect(states(api).slice(0, 3)).toEqual(['success', 'running', 'success (moved)'])
    expect(
      states(api)
        .slice(3)
        .every((state) => state === 'success')
    ).toBe(true)
    expect(api.statuses.map((s) => s.state).at(-1)).toBe('success')
    expect(output(run)).not.toMatch(/::warning::|warning:/)
  })

  it.each([
    [
      'the CI job token',
      { WAIT_FOR_DOCS_GITLAB_TOKEN: JOB_TOKEN },
      'WAIT_FOR_DOCS_GITLAB_TOKEN holds the CI job token (CI_JOB_TOKEN), and GitLab does not let a job token write commit statuses. Create a project access token'
    ],
    ['no token', { WAIT_FOR_DOCS_GITLAB_TOKEN: '' }, 'no token was given (WAIT_FOR_DOCS_GITLAB_TOKEN is not set). Create a project access token']
  ])('%s: refused before anything is sent, with the token to create; the result stands', async (_name, extra, message) => {
    const sim = await simulator()
    const api = await gitlab()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', ...fast], {
      env: pipelineJob(api, extra)
    })
    expect(run.code, output(run)).toBe(0)
    expect(api.requests).toEqual([])
    const warningLines = output(run)
      .split('\n')
      .filter((line) => line.includes('could not be written'))
    expect(warningLines).toHaveLength(1)
    expect(warningLines[0]).toContain(`The commit status docs could not be written: ${message}`)
    expect(output(run)).not.toContain(JOB_TOKEN)
  })

  it('a token GitLab refuses (403): one warning naming the role, not asked twice', async () => {
    const sim = await simulator()
    const api = await gitlab()
    api.failWith = 403
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', ...fast], { env: pipelineJob(api) })
    expect(run.code, output(run)).toBe(0)
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/v4/projects/17/statuses/${SHA}`])
    expect(output(run)).toContain(
      'the token may not write commit statuses in this project (HTTP 403): an access token needs the api scope and at least the Developer role'
    )
  })

  it('outside GitLab CI: one line saying why, nothing sent', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--commit-status', 'docs', ...fast], {
      env: { ...pipelineJob(api), GITLAB_CI: '' }
    })
    expect(run.code).toBe(0)
    expect(api.requests).toEqual([])
    // In the command's words and at the level of the lines beside it: the flag, and the action's own input named as such.
    expect(output(run)).toContain(
      "warning: --commit-status is set, but this is not a GitLab CI job (GITLAB_CI is not set); the command line writes the commit status on GitLab only (on GitHub, the action's `commit-status` input writes it); no commit status was written."
    )
  })
})

describe('a status named like the job that writes it', () => {
  it('is refused before the wait, with one warning saying why and what to name it; nothing is sent to GitLab, and the exit code is the outcome’s', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-failure', '--commit-status', 'docs', ...fast], {
      env: pipelineJob(api, { CI_JOB_NAME: 'docs' })
    })
    expect(run.code, output(run)).toBe(1)
    expect(api.statuses).toEqual([])
    const warnings = output(run)
      .split('\n')
      .filter((line) => line.includes('was not written: it has the name of this job'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('Give --commit-status a name no job of the pipeline has (e.g. docs-check)')
    // Said when the wait began, not after it.
    expect(output(run).indexOf('was not written: it has the name of this job')).toBeLessThan(output(run).indexOf('Result: failure'))
  })
})

describe('a cancelled GitLab commit status, end to end', () => {
  it('SIGTERM: running, then canceled within the grace; exit 143', async () => {
    const sim = await simulator()
    const api = await gitlab()
    let sentAt = 0
    const run = await runCommand(
      () => ['--base-url', sim.url, '--status-id', 'update-forever', '--commit-status', 'docs', '--min-interval', '1s', '--max-interval', '1s'],
      {
        env: pipelineJob(api),
        onOutput: (_text, child) => {
          if (!sentAt && api.statuses.some((s) => s.state === 'running')) {
            sentAt = Date.now()
            child.kill('SIGTERM')
          }
        }
      }
    )
    expect(sentAt, output(run)).toBeGreaterThan(0)
    expect(Date.now() - sentAt).toBeLessThan(2000)
    expect(run.code).toBe(143)
    expect(states(api)).toEqual(['running', 'canceled (moved)'])
  })
  it('SIGHUP (a closed terminal, a dropped ssh session): a cancel as SIGTERM is, reports written, the status and the note closed; exit 129', async () => {
    const sim = await simulator()
    const api = await gitlab()
    let sentAt = 0
    const run = await runCommand(
      () => [
        '--base-url',
        sim.url,
        '--status-id',
        'update-forever',
        '--commit-status',
        'docs',
        '--mr-comment',
        '--output-file',
        'out.json',
        '--min-interval',
        '1s',
        '--max-interval',
        '1s'
      ],
      {
        env: pipelineJob(api, { CI_MERGE_REQUEST_IID: '3' }),
        onOutput: (_text, child) => {
          if (!sentAt && api.statuses.some((s) => s.state === 'running') && api.notes.length > 0) {
            sentAt = Date.now()
            child.kill('SIGHUP')
          }
        }
      }
    )
    expect(sentAt, output(run)).toBeGreaterThan(0)
    expect(run.code, output(run)).toBe(129)
    expect(output(run)).toContain('Received SIGHUP: stopping the wait and writing the outputs.')
    expect(JSON.parse(run.file('out.json') ?? '{}')).toMatchObject({ result: 'cancelled', 'exit-code': 129 })
    expect(states(api)).toEqual(['running', 'canceled (moved)'])
    expect(api.notes.map((note) => note.body).join('\n')).not.toContain('⏳')
  })
})
