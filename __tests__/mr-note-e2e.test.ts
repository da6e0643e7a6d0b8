import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, NOTE_AUTHOR, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, SHA } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { simulator } from './helpers/e2e.js'

// The bundled command with --mr-comment, over real HTTP, against the platform simulator and the
// stand-in of GitLab's notes API, as a merge request pipeline's job runs it.
type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
const open: GitLabApi[] = []
afterAll(async () => {
  for (const api of open) await api.close()
})
async function gitlab(options?: Parameters<typeof startGitLabApi>[0]): Promise<GitLabApi> {
  const api = await startGitLabApi(options)
  open.push(api)
  return api
}

const MARKER = '<!-- wait-for-docs/3 gitlab/docs//update -->'

function mergeRequestJob(api: GitLabApi, extra: Record<string, string> = {}): Record<string, string> {
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
    WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN,
    ...extra
  }
}

const fast = ['--min-interval', '100ms', '--max-interval', '200ms']
const output = (run: { stdout: string; stderr: string }) => run.stdout + run.stderr

describe.concurrent('the merge request note, end to end', () => {
  it('is "in progress" on the merge request while the docs build, then the outcome, in place', async () => {
    const sim = await simulator()
    const api = await gitlab()
    sim.script('update', 'building', [
      { json: { status: 'in_progress' }, repeat: 12 },
      { json: { status: 'success', endedAt: '2026-01-01T00:00:00Z', commit: { sha: SHA } } }
    ])
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'building', '--mr-comment', ...fast], { env: mergeRequestJob(api) })
    expect(run.code, output(run)).toBe(0)
    const writes = api.requests.filter((r) => r.method !== 'GET')
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v4/projects/17/merge_requests/3/notes',
      'PUT /api/v4/projects/17/merge_requests/3/notes/5000'
    ])
    const [posted, updated] = writes
    // Polls went on after "in progress" was posted: the merge request showed the wait.
    const polls = sim.requests.filter((r) => r.path.endsWith('/building'))
    expect(polls.filter((poll) => poll.at > (posted?.at ?? Number.POSITIVE_INFINITY)).length).toBeGreaterThan(3)
    expect(String(posted?.body?.body)).toContain('### ⏳ Waiting for the docs update')
    expect(String(updated?.body?.body)).toContain('### ✅ Docs update deployed')
    expect(api.notes).toHaveLength(1)
    expect(api.notes[0]?.body).toContain(MARKER)
    expect(api.notes[0]?.body).toContain(`commit \`${SHA.slice(0, 7)}\``)
    expect(api.notes[0]?.body).toContain('(https://gitlab.example.com/acme/docs/-/jobs/991)')
    expect(run.stdout).toContain('Posted "in progress" on merge request !3.')
    expect(run.stdout).toContain('Updated the note on merge request !3.')
    expect(api.requests.every((r) => r.token === GITLAB_TOKEN)).toBe(true)
    expect(output(run)).not.toContain(GITLAB_TOKEN)
  })

  it('finds its note on a later page on the next run and updates it, leaving the notes of others', async () => {
    const sim = await simulator()
    const api = await gitlab({ perPage: 2 })
    const foreign = api.addNote('17', 3, `${MARKER}\nquoted by a reviewer`)
    for (let i = 0; i < 4; i++) api.addNote('17', 3, `review ${i}`)
    const args = () => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', ...fast]
    const first = await runCommand(args, { env: mergeRequestJob(api) })
    expect(first.code, output(first)).toBe(0)
    api.addNote('17', 3, 'after the first run')
    sim.reset()
    const second = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-failure', '--mr-comment', ...fast], { env: mergeRequestJob(api) })
    expect(second.code, output(second)).toBe(1)
    const ours = api.notes.filter((n) => n.author.id === NOTE_AUTHOR.id)
    expect(ours).toHaveLength(1)
    expect(ours[0]?.body).toContain('### ❌ Docs update failed')
    expect(api.notes.find((n) => n.id === foreign)?.body).toBe(`${MARKER}\nquoted by a reviewer`)
    // One note was created, by the first run, 6th of the notes; the second run read on to page 3 for it and wrote in place.
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    expect(api.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/notes')).some((r) => r.query.page === '3')).toBe(true)
    expect(second.stdout).toContain('Updated the note on merge request !3.')
  })

  it('a second note of the job that an earlier run’s lost creation left after it ended is removed by the next run', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const kept = api.addNote('17', 3, `${MARKER}\n### ✅ Docs update deployed\n`, NOTE_AUTHOR)
    const foreign = api.addNote('17', 3, `${MARKER}\nquoted by a reviewer`)
    api.addNote('17', 3, `${MARKER}\n### ⏳ Waiting for the docs update\n`, NOTE_AUTHOR)
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-failure', '--mr-comment', ...fast], { env: mergeRequestJob(api) })
    expect(run.code, output(run)).toBe(1)
    expect(api.notes.map((n) => n.id)).toEqual([kept, foreign])
    expect(api.notes[0]?.body).toContain('### ❌ Docs update failed')
  })

  it('given the CI job token, says it cannot write notes and which token to create; the exit code is the run’s', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-failure', '--mr-comment', ...fast], {
      env: mergeRequestJob(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: JOB_TOKEN })
    })
    expect(run.code, output(run)).toBe(1)
    expect(api.requests).toEqual([])
    expect(output(run)).toContain(
      'WAIT_FOR_DOCS_GITLAB_TOKEN holds the CI job token (CI_JOB_TOKEN), and GitLab does not let a job token write merge request notes'
    )
    expect(output(run)).toContain('Create a project access token with the api scope')
    expect(output(run).split('holds the CI job token')).toHaveLength(2)
    expect(output(run)).not.toContain(JOB_TOKEN)
  })

  it('a token GitLab refuses (403) is a warning with the token to create; the run still passes', async () => {
    const sim = await simulator()
    const other = 'glpat-refused-as-job-token-0001'
    const api = await gitlab({ jobToken: other })
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', ...fast], {
      env: mergeRequestJob(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: other })
    })
    expect(run.code, output(run)).toBe(0)
    expect(output(run)).toContain('The merge request note could not be written: the token may not write notes on this merge request (HTTP 403)')
    expect(output(run)).not.toContain(other)
  })

  it('outside a merge request pipeline, says in one line that it is skipped and why', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const env = mergeRequestJob(api)
    delete env.CI_MERGE_REQUEST_IID
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', ...fast], { env })
    expect(run.code, output(run)).toBe(0)
    expect(api.requests).toEqual([])
    const lines = output(run)
      .split('\n')
      .filter((line) => /merge request/i.test(line))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('mr-comment is set, but this pipeline is not for a merge request (CI_MERGE_REQUEST_IID is not set')
  })

  it('no token: said once, when waiting begins, not after the whole wait; nothing sent', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const env = mergeRequestJob(api)
    delete env.WAIT_FOR_DOCS_GITLAB_TOKEN
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', ...fast], { env })
    expect(run.code, output(run)).toBe(0)
    expect(api.requests).toEqual([])
    const said = 'The merge request note could not be written: no token was given (WAIT_FOR_DOCS_GITLAB_TOKEN is not set)'
    expect(output(run).split(said)).toHaveLength(2)
    // Before the update's first state, which the wait reads first.
    expect(run.stdout.indexOf(said)).toBeLessThan(run.stdout.indexOf('status success'))
  })

  it('a GitLab API that never answers holds neither note: the run ends within timeout + request-timeout + 2 s, with its exit code', async () => {
    const sim = await simulator()
    const api = await gitlab()
    api.hang = true
    const startedAt = Date.now()
    const run = await runCommand(
      () => ['--base-url', sim.url, '--status-id', 'update-failure', '--mr-comment', '--timeout', '4s', '--request-timeout', '1s', ...fast],
      { env: mergeRequestJob(api) }
    )
    const took = Date.now() - startedAt
    expect(run.code, output(run)).toBe(1)
    // "in progress" and the outcome each send one request, then give up on it.
    expect(api.requests.map((r) => r.path)).toEqual(['/api/v4/user', '/api/v4/user'])
    expect(output(run)).toContain('The "in progress" note could not be written (the GitLab API did not answer within 1.0s (--request-timeout))')
    expect(output(run)).toContain('The merge request note could not be written: the GitLab API did not answer within 1.0s (--request-timeout).')
    // The contract's bound, plus the start of a Node process on a busy machine.
    expect(took).toBeLessThan(4000 + 1000 + 2000 + 3000)
  })

  it('a token given as a flag is never printed and works', async () => {
    const sim = await simulator()
    const api = await gitlab()
    const env = mergeRequestJob(api)
    delete env.WAIT_FOR_DOCS_GITLAB_TOKEN
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', '--gitlab-token', GITLAB_TOKEN, ...fast], {
      env
    })
    expect(run.code, output(run)).toBe(0)
    expect(api.notes).toHaveLength(1)
    expect(output(run)).not.toContain(GITLAB_TOKEN)
  })
})

describe('runs of two heads of one merge request share its note', () => {
  it("the older head's pipeline ending last leaves the newer head's outcome in the note, and says so in its log", async () => {
    const OLD = 'c'.repeat(40)
    const NEW = 'd'.repeat(40)
    const sim = await simulator()
    const api = await gitlab()
    let newerDone = false
    sim.script('update', 'old-head', [{ fn: () => ({ json: newerDone ? { status: 'failure', summary: 'Build failed' } : { status: 'in_progress' } }) }])
    sim.script('update', 'new-head', [{ json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
    api.heads[3] = OLD
    const older = runCommand(() => ['--base-url', sim.url, '--status-id', 'old-head', '--mr-comment', ...fast], {
      env: mergeRequestJob(api, { CI_COMMIT_SHA: OLD, CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: OLD })
    })
    // The older pipeline's "in progress" is up; then the branch gets a push, whose pipeline ends first.
    while (api.notes.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    api.heads[3] = NEW
    const newer = await runCommand(() => ['--base-url', sim.url, '--status-id', 'new-head', '--mr-comment', ...fast], {
      env: mergeRequestJob(api, { CI_COMMIT_SHA: NEW, CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: NEW })
    })
    expect(newer.code, output(newer)).toBe(0)
    const shownByNewer = api.notes[0]?.body
    newerDone = true
    const old = await older
    await api.settled()
    expect(old.code).toBe(1)
    expect(api.notes).toHaveLength(1)
    expect(api.notes[0]?.body).toBe(shownByNewer)
    expect(shownByNewer).toContain(`<!-- wait-for-docs commit ${NEW} -->`)
    expect(shownByNewer).toContain('### ✅')
    expect(output(old)).toContain(
      "The note on merge request !3 was left as it is: it shows commit ddddddd, and this run's commit ccccccc is no longer the merge request's head (ddddddd is), whose run writes it."
    )
    expect(output(old)).toContain('Result: failure')
  })

  it("the older head's outcome landing over the newer head's (the head moved while it was written): the note is left to the head's pipeline, and the log says so", async () => {
    const OLD = 'c'.repeat(40)
    const NEW = 'd'.repeat(40)
    const sim = await simulator()
    const api = await gitlab()
    sim.script('update', 'old-head', [{ json: { status: 'in_progress' } }, { json: { status: 'failure', summary: 'Build failed' } }])
    api.heads[3] = OLD
    // As the older pipeline's outcome arrives, the newer head's pipeline has just written its own, and the head moved: the older write lands over it.
    api.onRequest = (request) => {
      const body = (request.body as { body?: unknown } | undefined)?.body
      if (request.method !== 'PUT' || typeof body !== 'string' || !body.includes('### ❌')) return
      const shown = api.notes[0]
      if (shown) shown.body = `${shown.body.split('\n', 1)[0]}\n<!-- wait-for-docs commit ${NEW} -->\n### ✅ Docs update succeeded\n`
      api.heads[3] = NEW
    }
    const old = await runCommand(() => ['--base-url', sim.url, '--status-id', 'old-head', '--mr-comment', ...fast], {
      env: mergeRequestJob(api, { CI_COMMIT_SHA: OLD, CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: OLD })
    })
    await api.settled()
    expect(old.code, output(old)).toBe(1)
    expect(api.notes).toHaveLength(1)
    expect(api.notes[0]?.body).not.toContain('### ❌')
    expect(api.notes[0]?.body).toContain("### ⏭️ Left to the run of the merge request's head, `ddddddd`")
    expect(api.notes[0]?.body).toContain('This note showed the outcome for commit `ccccccc` (❌ failure)')
    expect(api.notes[0]?.body).toContain(`<!-- wait-for-docs commit ${OLD} -->`)
    expect(output(old)).toContain(
      "The note on merge request !3 was left to the run of the merge request's head ddddddd: the head moved there while this run wrote its outcome for commit ccccccc, so the note now says that run writes it."
    )
    expect(output(old)).not.toContain('warning:')
    expect(output(old)).toContain('Result: failure')
  })
})
