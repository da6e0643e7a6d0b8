import { describe, expect, it } from 'vitest'
import { ACTIONS_BOT } from '../dev/github-api.js'
import { GITLAB_TOKEN, JOB_TOKEN, NOTE_AUTHOR, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, SHA } from '../dev/simulator.js'
import { commentMarker } from '../src/report/comment.js'
import { runCommand } from './helpers/cli.js'
import { githubApi, runAgainst, simulator } from './helpers/e2e.js'

// Whose comment (or note) is whose: a marker names the whole identity of the step (the workflow's
// file, the job, the step, pr-comment-key) uncut and unfolded, one step takes over an earlier
// version's record, and text from the platform never makes a comment someone else's.

const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7 } } }
const TOKEN = 'ghs_fake_token_for_tests_0001'
const inputs = { 'status-id': 'update-success', 'pr-comment': 'true', 'github-token': TOKEN }
const heading = (body: string | undefined) => body?.split('\n').find((line) => line.startsWith('### '))

/** A workflow of the repository, as the runner names it. */
const workflow = (name: string, file: string) => ({ GITHUB_WORKFLOW: name, GITHUB_WORKFLOW_REF: `acme/docs/.github/workflows/${file}@refs/pull/7/merge` })

/** An update whose changed files include `path`. */
function updateNaming(path: string) {
  const record = { status: 'success', endedAt: '2026-01-01T00:01:35Z', commit: { sha: SHA, filesChanged: { added: [path], modified: [], removed: [] } } }
  return [{ json: { ...record, status: 'in_progress', endedAt: undefined } }, { json: record }]
}

describe.concurrent('the pull request comment is the step’s own', () => {
  it('two workflows whose names differ only in punctuation keep a comment each, run after run', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const colon = { GITHUB_API_URL: api.url, ...workflow('Docs: preview', 'docs-preview.yml') }
    const slash = { GITHUB_API_URL: api.url, ...workflow('Docs / preview', 'preview-docs.yml') }
    const first = await runAgainst(sim, inputs, { env: colon, event: pullRequest })
    const second = await runAgainst(sim, { ...inputs, 'status-id': 'update-failure' }, { env: slash, event: pullRequest })
    expect([first.code, second.code]).toEqual([0, 1])
    expect(api.comments.map((c) => heading(c.body))).toEqual(['### ✅ Docs update deployed', '### ❌ Docs update failed'])
    sim.reset()
    const again = await runAgainst(sim, inputs, { env: colon, event: pullRequest })
    expect(again.stdout).toContain('Updated the comment on pull request #7.')
    expect(api.comments.map((c) => heading(c.body))).toEqual(['### ✅ Docs update deployed', '### ❌ Docs update failed'])
  }, 90_000)

  it('names alone (no GITHUB_WORKFLOW_REF) are not folded either', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const run = (name: string, status: string) =>
      runAgainst(
        sim,
        { ...inputs, 'status-id': status },
        { env: { GITHUB_API_URL: api.url, GITHUB_WORKFLOW: name, GITHUB_WORKFLOW_REF: undefined }, event: pullRequest }
      )
    const [first, second] = [await run('Docs: preview', 'update-success'), await run('Docs / preview', 'update-failure')]
    expect([first.code, second.code]).toEqual([0, 1])
    expect(api.comments.map((c) => heading(c.body))).toEqual(['### ✅ Docs update deployed', '### ❌ Docs update failed'])
  }, 90_000)

  it('two workflow files of one name keep a comment each', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const first = await runAgainst(sim, inputs, { env: { GITHUB_API_URL: api.url, ...workflow('Docs', 'docs.yml') }, event: pullRequest })
    const second = await runAgainst(
      sim,
      { ...inputs, 'status-id': 'update-failure' },
      { env: { GITHUB_API_URL: api.url, ...workflow('Docs', 'docs-nightly.yml') }, event: pullRequest }
    )
    expect([first.code, second.code]).toEqual([0, 1])
    expect(api.comments.map((c) => heading(c.body))).toEqual(['### ✅ Docs update deployed', '### ❌ Docs update failed'])
  }, 90_000)

  it('matrix legs running at once never both take over the comment of an earlier version: the failing leg keeps its own', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const env = { GITHUB_API_URL: api.url }
    // Written by a version whose marker named the workflow and the job only: either leg could match it.
    const earlier = '<!-- wait-for-docs:docs/wait-for-docs:update -->\n### ⏳ Waiting for the docs update\n'
    api.comments.push({ id: 1, issue: 7, user: ACTIONS_BOT, body: earlier })
    // The legs' first writes are held, so each lists the comments before the other wrote.
    api.delayWrites(1500, 1500)
    const [linux, windows] = await Promise.all([
      runAgainst(sim, { ...inputs, 'pr-comment-key': 'linux' }, { env, event: pullRequest }),
      runAgainst(sim, { ...inputs, 'status-id': 'update-failure', 'pr-comment-key': 'windows' }, { env, event: pullRequest })
    ])
    await api.settled()
    expect([linux.code, windows.code]).toEqual([0, 1])
    const outcomes = api.comments.map((c) => heading(c.body))
    expect(outcomes).toContain('### ✅ Docs update deployed')
    expect(outcomes).toContain('### ❌ Docs update failed')
    // Neither leg is the one heir of a comment written before legs had keys: it is left as it was.
    expect(api.comments.find((c) => c.id === 1)?.body).toBe(earlier)
    // A step without a key is: it takes that comment over, once.
    const keyless = await runAgainst(sim, inputs, { env, event: pullRequest })
    expect(keyless.stdout).toContain('Updated the comment on pull request #7.')
    expect(api.comments.find((c) => c.id === 1)?.body).toContain('### ✅ Docs update deployed')
    expect(api.comments).toHaveLength(3)
  }, 90_000)

  it("the previous version's comment (workflow, job, step and key in its marker) is taken over by its step, and only once", async () => {
    const sim = await simulator()
    const api = await githubApi()
    const env = { GITHUB_API_URL: api.url }
    const previous = '<!-- wait-for-docs:docs/wait-for-docs/__acme_wait-for-docs/linux:update -->\n### ⏳ Waiting for the docs update\n'
    api.comments.push({ id: 1, issue: 7, user: ACTIONS_BOT, body: previous })
    await runAgainst(sim, { ...inputs, 'pr-comment-key': 'windows' }, { env, event: pullRequest })
    // Another leg's comment: left alone.
    expect(api.comments.find((c) => c.id === 1)?.body).toBe(previous)
    const linux = await runAgainst(sim, { ...inputs, 'pr-comment-key': 'linux' }, { env, event: pullRequest })
    expect(linux.stdout).toContain('Updated the comment on pull request #7.')
    expect(api.comments).toHaveLength(2)
    expect(
      api.comments[0]?.body.startsWith(
        `${commentMarker(['update'], { workflow: 'docs', workflowFile: '.github/workflows/docs.yml', job: 'wait-for-docs', step: '__acme_wait-for-docs', key: 'linux' })}\n<!-- wait-for-docs commit 3f786850e387550fdab836ed7e6dc881de23001b -->\n### ✅`
      )
    ).toBe(true)
  }, 90_000)

  it("a changed file's path equal to another step's marker never hands this step's comment to that step", async () => {
    const sim = await simulator()
    const api = await githubApi()
    const env = { GITHUB_API_URL: api.url }
    const other = { ...env, GITHUB_ACTION: '__acme_wait-for-docs_2' }
    const otherMarker = commentMarker(['update'], {
      workflow: 'docs',
      workflowFile: '.github/workflows/docs.yml',
      job: 'wait-for-docs',
      step: '__acme_wait-for-docs_2'
    })
    sim.script('update', 'hostile', updateNaming(otherMarker))
    const first = await runAgainst(sim, { ...inputs, 'status-id': 'hostile' }, { env, event: pullRequest })
    expect(first.code, first.stdout).toBe(0)
    expect(api.comments).toHaveLength(1)
    const mine = api.comments[0]?.body ?? ''
    expect(mine).toContain('**Files changed (1):**')
    // Printed, but broken: no finder reads it as a marker.
    // Below the marker and the line naming the commit, nothing reads as a comment.
    expect(mine.split('\n')[1]).toMatch(/^<!-- wait-for-docs commit [0-9a-f]{40} -->$/)
    expect(mine.split('\n').slice(2).join('\n')).not.toContain('<!--')
    const second = await runAgainst(sim, { ...inputs, 'status-id': 'update-failure' }, { env: other, event: pullRequest })
    expect(second.code).toBe(1)
    expect(api.comments).toHaveLength(2)
    expect(api.comments[0]?.body).toBe(mine)
  }, 90_000)

  it('an unbroken copy of the marker below the first line (an earlier version wrote it) is never taken', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const env = { GITHUB_API_URL: api.url }
    const marker = commentMarker(['update'], {
      workflow: 'docs',
      workflowFile: '.github/workflows/docs.yml',
      job: 'wait-for-docs',
      step: '__acme_wait-for-docs'
    })
    const stolen = `<!-- wait-for-docs/3 github/file/.github%2Fworkflows%2Fother.yml/j/s//update -->\n### ✅ Docs update deployed\n\n**Files changed (1):** \`${marker}\`\n`
    api.comments.push({ id: 1, issue: 7, user: ACTIONS_BOT, body: stolen })
    const run = await runAgainst(sim, { ...inputs, 'status-id': 'update-failure' }, { env, event: pullRequest })
    expect(run.code).toBe(1)
    expect(api.comments).toHaveLength(2)
    expect(api.comments.find((c) => c.id === 1)?.body).toBe(stolen)
  }, 90_000)
})

type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>

function mergeRequestJob(api: GitLabApi, job: string): Record<string, string> {
  return {
    GITLAB_CI: 'true',
    CI_API_V4_URL: api.apiUrl,
    CI_PROJECT_ID: '17',
    CI_MERGE_REQUEST_IID: '3',
    CI_JOB_NAME: job,
    CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991',
    CI_COMMIT_SHA: SHA,
    CI_JOB_TOKEN: JOB_TOKEN,
    WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
    WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN
  }
}

const fast = ['--min-interval', '100ms', '--max-interval', '200ms']
const LONG = `docs preview for every language of the handbook, the API reference and the tutorials `

describe.concurrent('the merge request note is the job’s own', () => {
  it('jobs whose names share their first 80 characters keep a note each (parallel:matrix legs)', async () => {
    const sim = await simulator()
    const api = await startGitLabApi()
    try {
      const run = (job: string, status: string) =>
        runCommand(() => ['--base-url', sim.url, '--status-id', status, '--mr-comment', ...fast], { env: mergeRequestJob(api, job) })
      const en = await run(`${LONG}: [en]`, 'update-success')
      const fr = await run(`${LONG}: [fr]`, 'update-failure')
      expect([en.code, fr.code]).toEqual([0, 1])
      expect(api.notes.map((n) => heading(n.body))).toEqual(['### ✅ Docs update deployed', '### ❌ Docs update failed'])
    } finally {
      await api.close()
    }
  }, 90_000)

  it('--pr-comment-key keeps two notes of one job apart', async () => {
    const sim = await simulator()
    const api = await startGitLabApi()
    try {
      const run = (key: string, status: string) =>
        runCommand(() => ['--base-url', sim.url, '--status-id', status, '--mr-comment', '--pr-comment-key', key, ...fast], {
          env: mergeRequestJob(api, 'docs')
        })
      const en = await run('en', 'update-success')
      const fr = await run('fr', 'update-failure')
      expect([en.code, fr.code]).toEqual([0, 1])
      expect(api.notes.map((n) => heading(n.body))).toEqual(['### ✅ Docs update deployed', '### ❌ Docs update failed'])
      expect(api.notes[1]?.body.split('\n')[0]).toBe(commentMarker(['update'], { ci: 'gitlab', job: 'docs', key: 'fr' }))
    } finally {
      await api.close()
    }
  }, 90_000)

  it("a changed file's path equal to another job's marker never hands this job's note to that job", async () => {
    const sim = await simulator()
    const api = await startGitLabApi()
    try {
      sim.script('update', 'hostile', updateNaming(commentMarker(['update'], { ci: 'gitlab', workflow: 'gitlab', job: 'docs-fr' })))
      const run = (job: string, status: string) =>
        runCommand(() => ['--base-url', sim.url, '--status-id', status, '--mr-comment', ...fast], { env: mergeRequestJob(api, job) })
      const en = await run('docs-en', 'hostile')
      expect(en.code).toBe(0)
      const mine = api.notes[0]?.body ?? ''
      expect(mine).toContain('**Files changed (1):**')
      const fr = await run('docs-fr', 'update-failure')
      expect(fr.code).toBe(1)
      expect(api.notes).toHaveLength(2)
      expect(api.notes[0]?.body).toBe(mine)
    } finally {
      await api.close()
    }
  }, 90_000)

  it("the previous version's note is taken over by its job, once", async () => {
    const sim = await simulator()
    const api = await startGitLabApi()
    try {
      api.addNote('17', 3, '<!-- wait-for-docs:gitlab/docs_en:update -->\n### ⏳ Waiting for the docs update\n', NOTE_AUTHOR)
      const run = () =>
        runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', '--mr-comment', ...fast], { env: mergeRequestJob(api, 'docs en') })
      const first = await run()
      expect(first.stdout).toContain('Updated the note on merge request !3.')
      const second = await run()
      expect(second.stdout).toContain('Updated the note on merge request !3.')
      expect(api.notes).toHaveLength(1)
      expect(api.notes[0]?.body.split('\n')[0]).toBe(commentMarker(['update'], { ci: 'gitlab', job: 'docs en' }))
    } finally {
      await api.close()
    }
  }, 90_000)
})
