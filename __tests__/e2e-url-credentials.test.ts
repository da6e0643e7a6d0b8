import { describe, expect, it } from 'vitest'
import { ADMIN_KEY, PROJECT_ID, SHA } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { FAST, githubApi, runAgainst, simulator } from './helpers/e2e.js'

// A user and password in an address the platform sends (an agent job's pull request link with
// the token it pushed with, a screenshot, a preview) are cut before anything shows it, in
// every spelling a URL parser reads as `https://user:pass@host`.
type Simulator = Awaited<ReturnType<typeof simulator>>

const TOKEN = 'ghs_pushtoken0123456789'
const PASSWORD = 'hunter2-secret'
const PR = `https://x-access-token:${TOKEN}@github.com/acme/docs/pull/42`
const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: 'c0ffee0123456789abcdef0123456789abcdef01' } } } }
const leaks = /ghs_pushtoken|hunter2|x-access-token|deploy-bot/

function jobWithToken(sim: Simulator, id: string) {
  sim.script('job', id, [
    {
      json: {
        id,
        status: 'completed',
        source: { repository: `https://x-access-token:${TOKEN}@github.com/acme/docs`, ref: 'main' },
        model: 'model-large-1',
        prLink: PR,
        createdAt: '2026-01-01T00:00:00Z',
        archivedAt: null
      }
    }
  ])
}

function updateWithScreenshots(sim: Simulator, id: string) {
  sim.script('update', id, [
    {
      json: {
        _id: id,
        projectId: PROJECT_ID,
        createdAt: '2026-01-01T00:00:00Z',
        status: 'success',
        endedAt: '2026-01-01T00:01:00Z',
        summary: 'Deployed',
        logs: [],
        subdomain: 'acme',
        screenshot: `https://deploy-bot:${PASSWORD}@screens.example.com/a.png`,
        screenshotLight: `https:\\\\deploy-bot:${PASSWORD}@screens.example.com/light.png`,
        screenshotDark: `https:deploy-bot:${PASSWORD}@screens.example.com/dark.png`,
        author: { name: 'Ada', avatarUrl: `https:/deploy-bot:${PASSWORD}@avatars.example.com/ada.png` },
        commit: { sha: SHA, ref: 'main', message: 'docs' }
      }
    }
  ])
}

describe.concurrent('credentials in a platform address', () => {
  it('the command: an agent job’s pull request link with its push token, not in the log, the reports, pr-link or results', async () => {
    const sim = await simulator()
    jobWithToken(sim, 'job-token')
    const run = await runCommand(
      () => [
        '--base-url',
        sim.url,
        '--job-id',
        'job-token',
        '--project-id',
        PROJECT_ID,
        ...Object.entries(FAST).flatMap(([name, value]) => [`--${name}`, value]),
        '--json',
        '--output-file',
        'out.json',
        '--dotenv',
        'docs.env',
        '--junit',
        'junit.xml',
        '--summary-file',
        'summary.md'
      ],
      { env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY } }
    )
    expect(run.code, run.stderr).toBe(0)
    const json = JSON.parse(run.stdout) as Record<string, unknown>
    expect(json['pr-link']).toBe('https://github.com/acme/docs/pull/42')
    expect(json['pr-number']).toBe('42')
    expect(json['source-repository']).toBe('https://github.com/acme/docs')
    expect(run.stderr).toContain('https://github.com/acme/docs/pull/42')
    for (const [where, text] of Object.entries({
      stdout: run.stdout,
      stderr: run.stderr,
      results: JSON.stringify(json.results),
      ...Object.fromEntries(['out.json', 'docs.env', 'junit.xml', 'summary.md'].map((name) => [name, run.file(name) ?? '']))
    }))
      expect(text, where).not.toMatch(leaks)
  })

  it('the action: the pull request link not in the log, the summary, the comment, pr-link or results', async () => {
    const sim = await simulator()
    const api = await githubApi()
    jobWithToken(sim, 'job-token-action')
    const run = await runAgainst(
      sim,
      { 'job-id': 'job-token-action', 'project-id': PROJECT_ID, 'pr-comment': 'true', 'github-token': 'ghs_words_test' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/42')
    const comment = api.comments.at(-1)?.body ?? ''
    expect(comment).toContain('https://github.com/acme/docs/pull/42')
    for (const [where, text] of Object.entries({ log: run.stdout + run.stderr, outputs: JSON.stringify(run.outputs), summary: run.summary, comment }))
      expect(text, where).not.toMatch(leaks)
  })

  it('the action: screenshots and the author’s avatar in every spelling (\\\\, one /, none)', async () => {
    const sim = await simulator()
    const api = await githubApi()
    updateWithScreenshots(sim, 'shots')
    const run = await runAgainst(
      sim,
      { 'status-id': 'shots', 'pr-comment': 'true', 'github-token': 'ghs_words_test' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.screenshot).toBe('https://screens.example.com/a.png')
    for (const name of ['screenshot-light', 'screenshot-dark']) expect(new URL(run.outputs[name] ?? '').username, name).toBe('')
    const comment = api.comments.at(-1)?.body ?? ''
    for (const [where, text] of Object.entries({ log: run.stdout + run.stderr, outputs: JSON.stringify(run.outputs), summary: run.summary, comment }))
      expect(text, where).not.toMatch(leaks)
  })

  it.for([
    ['backslashes', `https:\\\\deploy-bot:${PASSWORD}@acme-x.preview.example.com/guide`],
    ['one slash', `https:/deploy-bot:${PASSWORD}@acme-x.preview.example.com/guide`],
    ['no slash', `https:deploy-bot:${PASSWORD}@acme-x.preview.example.com/guide`],
    ['a tab inside', `https://deploy-bot:${PASSWORD}\t@acme-x.preview.example.com/guide`]
  ] as const)('the action and the command: a preview URL spelt with %s', async ([, previewUrl]) => {
    const sim = await simulator()
    const api = await githubApi()
    const project = PROJECT_ID
    sim.script('trigger', project, [{ status: 202, json: { statusId: 'update-success', previewUrl } }])
    const run = await runAgainst(
      sim,
      { trigger: 'preview', 'project-id': project, 'preview-branch': 'x', 'pr-comment': 'true', 'github-token': 'ghs_words_test' },
      { env: { GITHUB_API_URL: api.url }, event: pullRequest }
    )
    expect(run.code, run.stdout).toBe(0)
    expect(new URL(run.outputs['preview-url'] ?? '').href).toBe('https://acme-x.preview.example.com/guide')
    const comment = api.comments.at(-1)?.body ?? ''
    for (const [where, text] of Object.entries({ log: run.stdout + run.stderr, outputs: JSON.stringify(run.outputs), summary: run.summary, comment }))
      expect(text, where).not.toMatch(leaks)
    sim.script('trigger', project, [{ status: 202, json: { statusId: 'update-success', previewUrl } }])
    const command = await runCommand(
      () => [
        '--base-url',
        sim.url,
        '--trigger',
        'preview',
        '--project-id',
        project,
        '--preview-branch',
        'x',
        ...Object.entries(FAST).flatMap(([name, value]) => [`--${name}`, value]),
        '--json',
        '--summary-file',
        'summary.md'
      ],
      { env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY } }
    )
    expect(command.code, command.stderr).toBe(0)
    for (const [where, text] of Object.entries({ stdout: command.stdout, stderr: command.stderr, summary: command.file('summary.md') ?? '' }))
      expect(text, where).not.toMatch(leaks)
  })
})
