import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { GITLAB_TOKEN, JOB_TOKEN, NOTE_AUTHOR, startGitLabApi } from '../dev/gitlab-api.js'
import { createMergeRequestNote, notePlace, noteSettings, writeMergeRequestNote, type NoteSettings } from '../src/gitlab/mr-note.js'
import { readRawInputs, type InputName } from '../src/inputs/parse.js'
import type { NoteContext } from '../src/gitlab/context.js'
import type { RunRecord } from '../src/records/run-record.js'
import type { Settings, TargetRef } from '../src/model.js'
import { COMMENT_EXIT_MARGIN_MS } from '../src/step/limits.js'
import { runOutcome, updateReport } from './helpers/builders.js'
import { atThisMoment, settlesAt } from './helpers/clock.js'
import { inProcess } from './helpers/in-process.js'

// A stand-in routed in process (`onTheTestsClock`) is reached without a socket; any other as a run reaches it.
vi.mock('../src/api/connections.js', async (importOriginal) => (await import('./helpers/in-process.js')).inProcessConnections(importOriginal as never))

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
/** A stand-in served in process, on fake timers from now on: the test's clock is the only one its requests meet. */
async function onTheTestsClock(options?: Parameters<typeof startGitLabApi>[0]): Promise<GitLabApi> {
  const api = await gitlab(options)
  inProcess.route(api.url, api.serve as never)
  vi.useFakeTimers({ now: 1_000_000 })
  return api
}
afterEach(() => {
  vi.useRealTimers()
})

const SHA = 'c0ffee0123456789abcdef0123456789abcdef01'
const DEPLOYED = 'feedface00112233445566778899aabbccddeeff'
const MARKER = '<!-- wait-for-docs/3 gitlab/docs%20wait//update -->'
const settings: NoteSettings = { kinds: ['update'], requestTimeoutMs: 10_000 }
const targets: TargetRef[] = [{ kind: 'update', id: 'st_1' }]

/** GitLab CI's variables of a merge request pipeline, against the stand-in. */
function mrEnv(api: GitLabApi, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    GITLAB_CI: 'true',
    CI_API_V4_URL: api.apiUrl,
    CI_PROJECT_ID: '17',
    CI_MERGE_REQUEST_IID: '3',
    CI_JOB_NAME: 'docs wait',
    CI_JOB_URL: 'https://gitlab.example.com/acme/docs/-/jobs/991',
    CI_COMMIT_SHA: SHA,
    CI_JOB_TOKEN: JOB_TOKEN,
    WAIT_FOR_DOCS_GITLAB_TOKEN: GITLAB_TOKEN,
    ...extra
  }
}

function recorder() {
  const lines: { level: 'info' | 'warning'; text: string }[] = []
  return {
    lines,
    log: { info: (text: string) => lines.push({ level: 'info', text }), warning: (text: string) => lines.push({ level: 'warning', text }) },
    text: () => lines.map((l) => `${l.level}: ${l.text}`).join('\n')
  }
}

/** The command line's hooks of the note, for a run of `status-id: st_1` that started now. */
function hooks(env: NodeJS.ProcessEnv, log: ReturnType<typeof recorder>['log']) {
  const note = createMergeRequestNote(
    {
      token: '',
      env,
      log: log as unknown as NoteContext['log'],
      clean: (text) => text,
      signal: new AbortController().signal,
      startedAt: Date.now(),
      exitBy: () => undefined
    },
    readRawInputs((name) => ({ 'status-id': 'st_1', 'request-timeout': '10s' })[name as string] ?? '')
  )
  const run = { timeoutMs: 60_000, requestTimeoutMs: 10_000, search: undefined } as unknown as Settings
  return {
    inProgress: () => note.open(targets, run),
    outcome: (outcome: Parameters<RunRecord['close']>[0]) => note.close(outcome, run)
  }
}

const deployed = () =>
  runOutcome([updateReport('st_1', { status: 'success', commit: { sha: DEPLOYED } })], { headline: 'The docs update succeeded.', elapsedMs: 42_000 })

describe('the merge request note', () => {
  it('posts "in progress" when the wait starts, then replaces it with the outcome, naming the deployed commit and linking the job', async () => {
    const api = await gitlab()
    const out = recorder()
    const note = hooks(mrEnv(api), out.log)
    await note.inProgress()
    await note.outcome(deployed())
    const writes = api.requests.filter((r) => r.method !== 'GET')
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v4/projects/17/merge_requests/3/notes',
      'PUT /api/v4/projects/17/merge_requests/3/notes/5000'
    ])
    const [started, finished] = writes.map((r) => String(r.body?.body))
    expect(started).toContain(MARKER)
    expect(started).toContain('### ⏳ Waiting for the docs update')
    expect(started).toContain('<sub>commit `c0ffee0` · [job](https://gitlab.example.com/acme/docs/-/jobs/991) · in progress</sub>')
    expect(finished).toContain(MARKER)
    expect(finished).toContain('### ✅ Docs update deployed')
    // The pipeline's commit heads it; the commit the docs were deployed from is named beside it, saying it is not the pipeline's.
    expect(finished).toMatch(/<sub>commit `c0ffee0` · \[job\]\(https:\/\/gitlab\.example\.com\/acme\/docs\/-\/jobs\/991\) · took 42.0s<\/sub>/)
    expect(finished).toContain('**Deployed commit:** `feedfac` — not the commit of this run, `c0ffee0`')
    expect(api.notes).toHaveLength(1)
    expect(api.notes[0]).toMatchObject({ id: 5000, author: NOTE_AUTHOR, body: finished })
    expect(api.requests.every((r) => r.token === GITLAB_TOKEN)).toBe(true)
    expect(out.text()).toBe('info: Posted "in progress" on merge request !3.\ninfo: Updated the note on merge request !3.')
  })

  it('without a deployed commit, names the merge request pipeline source branch head', async () => {
    const api = await gitlab()
    const out = recorder()
    const env = mrEnv(api, { CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: 'abcdef0123456789abcdef0123456789abcdef01' })
    await writeMergeRequestNote({ env, log: out.log }, { settings, budgetMs: 10_000 }, runOutcome([updateReport('st_1', { status: 'success' })]))
    expect(api.notes[0]?.body).toContain('<sub>commit `abcdef0`')
    expect(out.text()).toBe('info: Noted the outcome on merge request !3.')
  })

  it('finds its note again on a later page of the notes and updates it in place', async () => {
    const api = await gitlab({ perPage: 2 })
    for (let i = 0; i < 5; i++) api.addNote('17', 3, `review ${i}`)
    const ours = api.addNote('17', 3, `${MARKER}\nold`, NOTE_AUTHOR)
    api.addNote('17', 3, 'after')
    const out = recorder()
    await writeMergeRequestNote({ env: mrEnv(api), log: out.log }, { settings, budgetMs: 10_000 }, deployed())
    const pages = api.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/notes')).map((r) => r.query.page)
    // Read to the last page: a second note of the job, newer than it (a lost creation that landed late), would be there.
    expect(pages).toEqual(['1', '2', '3', '4'])
    expect(api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /api/v4/projects/17/merge_requests/3/notes/${ours}`
    ])
    expect(api.notes.find((n) => n.id === ours)?.body).toContain('### ✅ Docs update deployed')
    expect(api.notes).toHaveLength(7)
  })

  it('follows the Link header when the x-next-page header is absent (keyset pagination)', async () => {
    const api = await gitlab({ perPage: 2, linkOnly: true })
    for (let i = 0; i < 4; i++) api.addNote('17', 3, `review ${i}`)
    const ours = api.addNote('17', 3, `${MARKER}\nold`, NOTE_AUTHOR)
    await writeMergeRequestNote({ env: mrEnv(api), log: recorder().log }, { settings, budgetMs: 10_000 }, deployed())
    expect(api.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/notes'))).toHaveLength(3)
    expect(api.notes.find((n) => n.id === ours)?.body).toContain('### ✅ Docs update deployed')
  })

  it('never follows a Link to another origin: the token goes only to CI_API_V4_URL', async () => {
    const elsewhere: string[] = []
    const other = createServer((req, res) => {
      elsewhere.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
    const writes: string[] = []
    const api = createServer((req, res) => {
      const json = (status: number, body: unknown, headers = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
      if (req.url === '/api/v4/user') return json(200, { id: 1 })
      if (req.method === 'GET') return json(200, [], { link: `<${otherUrl}/api/v4/projects/17/merge_requests/3/notes?page=2>; rel="next"` })
      writes.push(`${req.method} ${req.url}`)
      json(201, { id: 1 })
    })
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    try {
      const env = { ...mrEnv({ apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v4` } as GitLabApi) }
      await writeMergeRequestNote({ env, log: recorder().log }, { settings, budgetMs: 10_000 }, deployed())
      expect(elsewhere).toEqual([])
      expect(writes).toEqual(['POST /api/v4/projects/17/merge_requests/3/notes'])
    } finally {
      api.close()
      other.close()
    }
  })

  it('a page listing something other than notes is a failed lookup: no second note beside the job’s own, a warning says why', async () => {
    // The page that held the job's note, answered by a gateway with a list of something else and no next page.
    for (const page of [[{ 0: { id: 7 } }], [{ id: 7, body: 42 }], [null]]) {
      const writes: string[] = []
      const api = createServer((req, res) => {
        const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
        if (req.url === '/api/v4/user') return json(200, { id: 1 })
        if (req.method === 'GET') return json(200, page)
        writes.push(`${req.method} ${req.url}`)
        json(201, { id: 1 })
      })
      await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
      try {
        const out = recorder()
        const env = { ...mrEnv({ apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v4` } as GitLabApi) }
        await writeMergeRequestNote({ env, log: out.log }, { settings, budgetMs: 10_000 }, deployed())
        expect(writes).toEqual([])
        expect(out.text()).toContain("warning: The merge request note could not be written: the listing of the merge request's notes held an entry that is not")
      } finally {
        api.close()
      }
    }
  })

  it('reads every page before creating a note when none is its own', async () => {
    const api = await gitlab({ perPage: 2 })
    for (let i = 0; i < 5; i++) api.addNote('17', 3, `review ${i}`)
    await writeMergeRequestNote({ env: mrEnv(api), log: recorder().log }, { settings, budgetMs: 10_000 }, deployed())
    const created = api.requests.findIndex((r) => r.method === 'POST')
    expect(
      api.requests
        .slice(0, created)
        .filter((r) => r.method === 'GET' && r.path.endsWith('/notes'))
        .map((r) => r.query.page)
    ).toEqual(['1', '2', '3'])
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it("never overwrites a note by someone else, even one holding the marker, nor a system note of the token's user", async () => {
    const api = await gitlab()
    const foreign = api.addNote('17', 3, `${MARKER}\nquoted by a reviewer`, { id: 7, username: 'reviewer' })
    const system = api.addNote('17', 3, `${MARKER}\nchanged the description`, NOTE_AUTHOR, true)
    const out = recorder()
    await writeMergeRequestNote({ env: mrEnv(api), log: out.log }, { settings, budgetMs: 10_000 }, deployed())
    expect(api.notes.find((n) => n.id === foreign)?.body).toBe(`${MARKER}\nquoted by a reviewer`)
    expect(api.notes.find((n) => n.id === system)?.body).toBe(`${MARKER}\nchanged the description`)
    expect(api.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST'])
    expect(out.text()).toBe('info: Noted the outcome on merge request !3.')
  })

  it('a note of another job or kind of work is not ours', async () => {
    const api = await gitlab()
    const other = api.addNote('17', 3, '<!-- wait-for-docs:gitlab/docs_preview:update -->\nold', NOTE_AUTHOR)
    await writeMergeRequestNote({ env: mrEnv(api), log: recorder().log }, { settings, budgetMs: 10_000 }, deployed())
    expect(api.notes.find((n) => n.id === other)?.body).toBe('<!-- wait-for-docs:gitlab/docs_preview:update -->\nold')
    expect(api.notes).toHaveLength(2)
  })

  it('given the CI job token, says it cannot write notes and which token to create, without a request', async () => {
    const api = await gitlab()
    const out = recorder()
    const env = mrEnv(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: JOB_TOKEN })
    const note = hooks(env, out.log)
    await note.inProgress()
    await note.outcome(deployed())
    expect(api.requests).toEqual([])
    // Said once, by the outcome's warning, not by "in progress" as well.
    expect(out.lines).toHaveLength(1)
    const warning = out.lines.find((l) => l.level === 'warning')?.text ?? ''
    expect(warning).toContain('WAIT_FOR_DOCS_GITLAB_TOKEN holds the CI job token (CI_JOB_TOKEN), and GitLab does not let a job token write merge request notes')
    expect(warning).toContain('Create a project access token with the api scope and at least the Reporter role')
    expect(warning).toContain('The result does not depend on it.')
    expect(out.text()).not.toContain(JOB_TOKEN)
  })

  it('a token GitLab answers 403 for (a job token it does not recognise as one) gets the same advice', async () => {
    const other = 'a-job-token-in-another-form-0001'
    const api = await gitlab({ jobToken: other })
    const out = recorder()
    await writeMergeRequestNote({ env: mrEnv(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: other }), log: out.log }, { settings, budgetMs: 10_000 }, deployed())
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v4/user'])
    expect(out.lines).toEqual([
      {
        level: 'warning',
        text: expect.stringMatching(
          /^The merge request note could not be written: the token may not write notes on this merge request \(HTTP 403\): a CI job token never may.*Create a project access token/
        )
      }
    ])
  })

  it('a token given as --gitlab-token goes before the variable', async () => {
    const api = await gitlab()
    const out = recorder()
    await writeMergeRequestNote(
      { env: mrEnv(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: 'glpat-other-0000000000' }), token: GITLAB_TOKEN, log: out.log },
      { settings, budgetMs: 10_000 },
      deployed()
    )
    // The token's user, the notes, the creation, the notes once more (an older note of the job is kept, were there one), and the merge request's head.
    expect(api.requests.map((r) => r.token)).toEqual([GITLAB_TOKEN, GITLAB_TOKEN, GITLAB_TOKEN, GITLAB_TOKEN, GITLAB_TOKEN])
    expect(out.text()).toBe('info: Noted the outcome on merge request !3.')
  })

  it('a token GitLab does not know (401) is said to be refused, with the token to create', async () => {
    const api = await gitlab()
    const out = recorder()
    await writeMergeRequestNote(
      { env: mrEnv(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: 'glpat-revoked-000000000' }), log: out.log },
      { settings, budgetMs: 10_000 },
      deployed()
    )
    expect(out.text()).toMatch(/^warning: The merge request note could not be written: GitLab refused the token \(HTTP 401\).*Create a project access token/)
    expect(out.text()).not.toContain('glpat-revoked-000000000')
  })

  it('without a token, says which variable to set and with what', async () => {
    const api = await gitlab()
    const out = recorder()
    await writeMergeRequestNote({ env: mrEnv(api, { WAIT_FOR_DOCS_GITLAB_TOKEN: undefined }), log: out.log }, { settings, budgetMs: 10_000 }, deployed())
    expect(api.requests).toEqual([])
    expect(out.text()).toMatch(
      /^warning: The merge request note could not be written: no token was given \(WAIT_FOR_DOCS_GITLAB_TOKEN is not set\)\. Create a project access token/
    )
  })

  it.each([
    ['a branch pipeline', { CI_MERGE_REQUEST_IID: undefined }, 'this pipeline is not for a merge request (CI_MERGE_REQUEST_IID is not set', 'info'],
    // Asked for where it can never be written: a warning, as the lines beside it are.
    ['a terminal', { GITLAB_CI: undefined, CI_MERGE_REQUEST_IID: undefined }, 'this is not a GitLab CI job (GITLAB_CI is not set)', 'warning']
  ])('in %s, is skipped with one line saying why, and no request', async (_, extra, why, level) => {
    const api = await gitlab()
    const out = recorder()
    const env = mrEnv(api, extra)
    const note = hooks(env, out.log)
    await note.inProgress()
    await note.outcome(deployed())
    expect(api.requests).toEqual([])
    expect(out.lines).toHaveLength(1)
    expect(out.lines[0]?.level).toBe(level)
    expect(out.lines[0]?.text).toContain(`--mr-comment is set, but ${why}`)
    expect(out.lines[0]?.text).toContain('no merge request note was written')
  })

  it('an API that does not answer is given up on at the budget, with a warning', async () => {
    const api = await onTheTestsClock()
    api.hang = true
    const out = recorder()
    const budgetMs = 400
    const started = Date.now()
    const ended = await settlesAt(writeMergeRequestNote({ env: mrEnv(api), log: out.log }, { settings, budgetMs }, deployed()), 2 * budgetMs)
    // The budget is what the step's time limit leaves: given up on when it runs out, not before, not after.
    expect(ended).toBe(started + budgetMs)
    expect(api.requests).toHaveLength(1)
    expect(out.text()).toBe(
      `warning: The merge request note could not be written: the GitLab API did not answer before the step's time limit (timeout + request-timeout + 2s) ran out. The result does not depend on it.`
    )
  })

  it('a cancel ends the note at once', async () => {
    const api = await onTheTestsClock()
    api.hang = true
    const out = recorder()
    const cancel = new AbortController()
    let exitBy: number | undefined
    const writing = writeMergeRequestNote(
      { env: mrEnv(api), log: out.log },
      { settings, budgetMs: 60_000, signal: cancel.signal, exitBy: () => exitBy },
      deployed()
    )
    await atThisMoment(() => api.requests.length === 1, 'the first request sent')
    // The grace of the cancel: the note ends within it, the margin to exit kept.
    exitBy = Date.now() + 500
    cancel.abort()
    expect(await settlesAt(writing, 60_000)).toBe(exitBy - COMMENT_EXIT_MARGIN_MS)
    expect(out.text()).toContain('the GitLab API did not answer before the cancelled run had to end')
  })

  it("GitLab's error text is one line in the warning, with the token cut out", async () => {
    const api = await gitlab()
    api.failWith = 500
    const out = recorder()
    await writeMergeRequestNote({ env: mrEnv(api), log: out.log, clean: (t) => t }, { settings, budgetMs: 10_000 }, deployed())
    expect(out.text()).toBe('warning: The merge request note could not be written: HTTP 500: 500 Error. The result does not depend on it.')
  })

  it('nothing the platform sent is active Markdown in the note, and the token is in no note', async () => {
    const api = await gitlab()
    const hostile = runOutcome(
      [
        updateReport(
          'st_1',
          { status: 'failure', error: `<img src=x onerror=alert(1)> @all see [here](https://evil.example) ${GITLAB_TOKEN}` },
          { result: 'failure' }
        )
      ],
      { result: 'failure', headline: 'The docs update failed.' }
    )
    await writeMergeRequestNote({ env: mrEnv(api), log: recorder().log }, { settings, budgetMs: 10_000 }, hostile)
    const body = api.notes[0]?.body ?? ''
    expect(body).not.toContain('<img')
    expect(body).not.toContain('@all')
    expect(body).not.toContain('](https://evil.example)')
    expect(body).not.toContain(GITLAB_TOKEN)
  })
})

describe('notePlace', () => {
  it('takes only an https job URL as a link, and only a hex commit', () => {
    const place = notePlace(
      {
        GITLAB_CI: 'true',
        CI_API_V4_URL: 'https://gitlab.example.com/api/v4',
        CI_PROJECT_ID: '1',
        CI_MERGE_REQUEST_IID: '2',
        CI_JOB_URL: 'javascript:alert(1)',
        CI_COMMIT_SHA: 'not a sha'
      },
      { kinds: ['job'] }
    )
    expect(place).toMatchObject({ source: { runUrl: undefined, sha: undefined }, marker: '<!-- wait-for-docs/3 gitlab///job -->' })
  })

  it('refuses an API URL that is not http(s)', () => {
    expect(notePlace({ GITLAB_CI: 'true', CI_API_V4_URL: 'file:///etc', CI_PROJECT_ID: '1', CI_MERGE_REQUEST_IID: '2' }, { kinds: [] })).toEqual({
      skip: 'CI_API_V4_URL is not set to the http(s) URL of the GitLab API'
    })
  })
})

describe('noteSettings', () => {
  const raw = (given: Partial<Record<InputName, string>>) => readRawInputs((name) => given[name] ?? '')

  it('are the kinds of work, pr-comment-key and request-timeout of the run, as the comment reads them', () => {
    expect(
      noteSettings(raw({ 'base-url': 'https://docs.example', 'status-id': 'a', 'request-timeout': '5s', 'search-query': 'x', 'pr-comment-key': 'en' }))
    ).toEqual({ kinds: ['update', 'search'], key: 'en', requestTimeoutMs: 5000 })
  })

  it('hold with other inputs invalid, so the corrected run finds the same note', () => {
    expect(noteSettings(raw({ 'status-id': 'a', timeout: 'soon', 'pr-comment-key': 'en' }))).toEqual({ kinds: ['update'], key: 'en', requestTimeoutMs: 30_000 })
  })
})

describe('createMergeRequestNote (the command line hooks)', () => {
  const raw = readRawInputs((name) => ({ 'status-id': 'st_1' })[name as string] ?? '')
  const run = (timeoutMs: number) => ({ timeoutMs, requestTimeoutMs: 30_000, search: undefined }) as unknown as Settings
  const context = (api: GitLabApi, out: ReturnType<typeof recorder>, startedAt = Date.now()) => ({
    token: '',
    env: mrEnv(api),
    log: out.log as unknown as NoteContext['log'],
    clean: (text: string) => text,
    signal: new AbortController().signal,
    startedAt,
    exitBy: () => undefined
  })

  it('writes "in progress", then replaces it with the outcome, within the step limits', async () => {
    const api = await gitlab()
    const out = recorder()
    const note = createMergeRequestNote(context(api, out), raw)
    note.open(targets, run(60_000))
    await note.close(deployed(), run(60_000))
    expect(api.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST', 'PUT'])
    expect(api.notes[0]?.body).toContain(MARKER)
    expect(out.text()).toBe('info: Posted "in progress" on merge request !3.\ninfo: Updated the note on merge request !3.')
  })

  it('posts no "in progress" once the wait deadline has passed', async () => {
    const api = await gitlab()
    const note = createMergeRequestNote(context(api, recorder(), Date.now() - 61_000), raw)
    note.open(targets, run(60_000))
    await note.close(deployed(), undefined)
    expect(api.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST'])
    expect(api.notes[0]?.body).toContain('Docs update deployed')
  })

  it('notes invalid input in the note the corrected run will update', async () => {
    const api = await gitlab()
    const note = createMergeRequestNote(
      context(api, recorder()),
      readRawInputs((name) => ({ 'status-id': 'st_1', timeout: 'soon' })[name as string] ?? '')
    )
    await note.close(
      runOutcome([], { result: 'error', headline: 'Invalid input (1 problem); no request was sent.', problems: ['timeout: "soon" is not a duration'] }),
      undefined
    )
    expect(api.notes[0]?.body).toContain(MARKER)
    expect(api.notes[0]?.body).toContain('- timeout: &quot;soon&quot; is not a duration')
  })
})
