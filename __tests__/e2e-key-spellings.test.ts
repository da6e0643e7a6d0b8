import { afterAll, describe, expect, it } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, startGitLabApi } from '../dev/gitlab-api.js'
import { ADMIN_KEY, PROJECT_ID, SHA } from '../dev/simulator.js'
import { runCommand } from './helpers/cli.js'
import { FAST, githubApi, runAgainst, simulator } from './helpers/e2e.js'

// A key in any spelling is never written: after a mistyped flag (a space after =, an em dash
// that autocorrect made of --), and echoed back by the server encoded (percent-encoded, base64
// of the key or of `Bearer <key>`, hex, split by a zero-width space).
type GitLabApi = Awaited<ReturnType<typeof startGitLabApi>>
const open: GitLabApi[] = []
afterAll(async () => {
  for (const api of open) await api.close()
})

const TYPED = 'sk_typed_after_a_dash_0123456789'
const REPORTS = ['--output-file', 'out.json', '--dotenv', 'docs.env', '--junit', 'junit.xml', '--summary-file', 'summary.md']
const FILES = ['out.json', 'docs.env', 'junit.xml', 'summary.md']
const fast = Object.entries(FAST).flatMap(([name, value]) => [`--${name}`, value])

/** Every spelling of the admin key a server may echo, and a word that names no key, to see the lines were printed. */
const ECHOED = [
  `percent ${encodeURIComponent(ADMIN_KEY).replace(/_/g, '%5F')}`,
  `every byte ${[...Buffer.from(ADMIN_KEY)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')}`,
  `base64 ${Buffer.from(ADMIN_KEY).toString('base64')}`,
  `bearer Authorization: Basic ${Buffer.from(`Bearer ${ADMIN_KEY}`).toString('base64')}`,
  `userinfo ${Buffer.from(`x-user:${ADMIN_KEY}`).toString('base64url')}`,
  `hex ${Buffer.from(ADMIN_KEY).toString('hex')} HEX ${Buffer.from(ADMIN_KEY).toString('hex').toUpperCase()}`,
  `split ${Array.from(ADMIN_KEY).join('\u200b')}`,
  `html ${[...ADMIN_KEY].map((c) => `&#${c.codePointAt(0)};`).join('')} HTML ${[...ADMIN_KEY].map((c) => `&#x${c.codePointAt(0)?.toString(16).toUpperCase()}`).join('')}`,
  `escaped ${[...ADMIN_KEY].map((c) => `\\u${c.codePointAt(0)?.toString(16).padStart(4, '0')}`).join('')}`,
  `utf-16 ${Buffer.from(ADMIN_KEY, 'utf16le').toString('hex')} ${Buffer.from(ADMIN_KEY, 'utf16le').swap16().toString('hex').toUpperCase()}`
]

/** Where the key could be read in a text, in any of the spellings above. */
function spellingsIn(text: string): string[] {
  const plain = text.replace(/[\u200b-\u200f\u2060\ufeff]/g, '')
  const unescaped = plain
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  const decoded = [plain, decodeURIComponentSafe(plain), unescaped]
  for (const word of plain.split(/[^A-Za-z0-9+/=_-]+/)) {
    if (word.length < 8) continue
    decoded.push(Buffer.from(word, 'base64').toString('latin1'), Buffer.from(word, 'base64url').toString('latin1'))
    // A base64 word cut at any offset: decode it from each of its first four characters.
    for (let i = 1; i < 4; i++) decoded.push(Buffer.from(word.slice(i), 'base64').toString('latin1'))
    if (/^[0-9a-f]+$/i.test(word) && word.length % 2 === 0) {
      const bytes = Buffer.from(word, 'hex')
      decoded.push(bytes.toString('latin1'))
      if (bytes.length % 2 === 0) decoded.push(bytes.toString('utf16le'), Buffer.from(bytes).swap16().toString('utf16le'))
    }
  }
  // A run of 12 characters of the key is enough to say it is there.
  const piece = ADMIN_KEY.slice(4, 16)
  return decoded.filter((candidate) => candidate.includes(piece))
}
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  }
}

function scriptEcho(sim: Awaited<ReturnType<typeof simulator>>, id: string) {
  sim.script('update', id, [
    {
      json: {
        _id: id,
        projectId: 'proj-demo',
        createdAt: '2026-01-01T00:00:00Z',
        status: 'failure',
        endedAt: '2026-01-01T00:01:00Z',
        summary: `error: ${ECHOED.join('; ')}`,
        logs: ECHOED.map((line) => `error: ${line}`),
        commit: { sha: SHA, ref: 'main', message: ECHOED.join('\n') }
      }
    }
  ])
}

describe.concurrent('a key in any spelling', () => {
  it('the checker finds every spelling (so the tests below can fail)', () => {
    for (const line of ECHOED) expect(spellingsIn(line), line).not.toEqual([])
  })

  it.for([
    ['a space after the =', ['--admin-key=', TYPED]],
    ['an em dash', ['\u2014admin-key', TYPED]],
    ['an en dash and a hyphen', ['\u2013-gitlab-token', TYPED]],
    ['a single dash', ['-k', TYPED]],
    ['a space in its name', ['--admin', 'key', TYPED]],
    ['an unquoted "Bearer <key>"', ['--admin-key', 'Bearer', TYPED]]
  ] as const)('typed after a key’s flag mistyped with %s: not in the log, the reports or the merge request note', async ([, typed]) => {
    const sim = await simulator()
    const api = await startGitLabApi()
    open.push(api)
    const env = {
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
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'update-success', ...REPORTS, '--mr-comment', ...fast, ...typed], { env })
    expect(run.code, run.stdout).toBe(2)
    const notes = api.requests.filter((r) => r.method !== 'GET').map((r) => JSON.stringify(r.body))
    expect(notes.length, run.stdout).toBeGreaterThan(0)
    for (const text of [run.stdout, run.stderr, ...FILES.map((name) => run.file(name) ?? ''), ...notes]) expect(text).not.toContain(TYPED)
    expect(run.stdout).toContain('is not shown here')
  })

  it('echoed encoded by the server: cut from the command’s log, every report and the results', async () => {
    const sim = await simulator()
    scriptEcho(sim, 'echo-encoded')
    const run = await runCommand(() => ['--base-url', sim.url, '--status-id', 'echo-encoded', ...REPORTS, ...fast, '--json'], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY }
    })
    expect(run.code, run.stderr).toBe(1)
    expect(run.stderr).toContain('every byte')
    const json = JSON.parse(run.stdout) as { results: unknown }
    for (const [where, text] of [
      ['stdout', run.stdout],
      ['stderr', run.stderr],
      ['results', JSON.stringify(json.results)],
      ...FILES.map((name) => [name, run.file(name) ?? ''])
    ] as const)
      expect(spellingsIn(text), where).toEqual([])
  })

  it('echoed encoded by the server: cut from the action’s log, its results output and the job summary', async () => {
    const sim = await simulator()
    scriptEcho(sim, 'echo-encoded-action')
    const run = await runAgainst(sim, { 'status-id': 'echo-encoded-action' })
    expect(run.code, run.stdout).toBe(1)
    expect(run.stdout).toContain('every byte')
    const log = run.stdout.replace(/^::add-mask::.*$/gm, '')
    for (const [where, text] of [
      ['log', log],
      ['results', run.outputs.results ?? ''],
      ['outputs', JSON.stringify(run.outputs)],
      ['summary', run.summary]
    ] as const)
      expect(spellingsIn(text), where).toEqual([])
  })

  /** A preview whose address holds the key, encoded as a platform may put it there: base64url in the query, hex in the path, UTF-16 hex in the fragment. */
  const leakyPreview = (sim: Awaited<ReturnType<typeof simulator>>) => {
    const previewUrl = `https://pr-7.preview.example.com/${Buffer.from(ADMIN_KEY).toString('hex')}/?t=${Buffer.from(ADMIN_KEY).toString('base64url')}#${Buffer.from(ADMIN_KEY, 'utf16le').toString('hex')}`
    sim.script('trigger', PROJECT_ID, [{ status: 202, json: { statusId: 'leaky', previewUrl } }])
    sim.script('update', 'leaky', [{ json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
    return previewUrl
  }

  it('in the preview’s address: cut from everything written to GitHub (the commit status’s target_url, the deployment’s environment_url), the outputs and the log', async () => {
    const sim = await simulator()
    const api = await githubApi()
    const previewUrl = leakyPreview(sim)
    const token = 'ghs_fake_token_for_tests_0003'
    const run = await runAgainst(
      sim,
      {
        trigger: 'preview',
        'project-id': PROJECT_ID,
        'preview-branch': 'feature/nav',
        'commit-status': 'docs',
        'deployment-environment': 'docs-preview',
        'github-token': token
      },
      { env: { GITHUB_API_URL: api.url }, event: { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: SHA } } } } }
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(spellingsIn(previewUrl)).not.toEqual([])
    const writes = api.requests.filter((r) => r.method !== 'GET')
    expect(api.statuses.at(-1)?.target_url).toMatch(/^https:\/\/pr-7\.preview\.example\.com\/\*\*\*\/\?(?:t=)?\*\*\*/)
    expect(api.deployments[0]?.statuses.at(-1)?.environment_url).toMatch(/^https:\/\/pr-7\.preview\.example\.com\/\*\*\*\/\?(?:t=)?\*\*\*/)
    const log = run.stdout.replace(/^::add-mask::.*$/gm, '')
    for (const [where, text] of [
      ['GitHub', JSON.stringify(writes)],
      ['log', log],
      ['outputs', JSON.stringify(run.outputs)],
      ['summary', run.summary]
    ] as const)
      expect(spellingsIn(text), where).toEqual([])
  })

  it('in the preview’s address: cut from the GitLab commit status’s target_url', async () => {
    const sim = await simulator()
    const api = await startGitLabApi()
    open.push(api)
    const previewUrl = leakyPreview(sim)
    const env = {
      GITLAB_CI: 'true',
      CI_API_V4_URL: api.apiUrl,
      CI_PROJECT_ID: '17',
      CI_PIPELINE_ID: '4711',
      CI_JOB_NAME: 'publish-docs',
      CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991',
      CI_COMMIT_SHA: SHA,
      CI_JOB_TOKEN: JOB_TOKEN,
      WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY,
      WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN
    }
    const run = await runCommand(
      () => [
        '--base-url',
        sim.url,
        '--trigger',
        'preview',
        '--project-id',
        PROJECT_ID,
        '--preview-branch',
        'feature/nav',
        '--commit-status',
        'docs',
        ...fast,
        '--json'
      ],
      { env }
    )
    expect(run.code, run.stderr).toBe(0)
    expect(spellingsIn(previewUrl)).not.toEqual([])
    expect(api.statuses.at(-1)).toMatchObject({ state: 'success' })
    expect(api.statuses.at(-1)?.target_url).toMatch(/^https:\/\/pr-7\.preview\.example\.com\/\*\*\*\/\?(?:t=)?\*\*\*/)
    for (const [where, text] of [
      ['GitLab', JSON.stringify(api.requests.filter((r) => r.method !== 'GET'))],
      ['stdout', run.stdout],
      ['stderr', run.stderr]
    ] as const)
      expect(spellingsIn(text), where).toEqual([])
  })
})
