// Local simulator of the documentation platform API: the update status, agent job and
// search endpoints the action calls (see "How it waits" in README.md).
//
// Serves the three endpoints on 127.0.0.1 with scripted, per-id scenarios so the
// action can be exercised end to end (retries, timeouts, hostile content...).
// `POST /__reset` (no key) starts every scenario over, so a running simulator can
// replay them: `curl -X POST http://127.0.0.1:4010/__reset`.
//
// Scripts: every update id, job id and (optionally) search query has an array of
// steps. The n-th authenticated request for that id is answered by the n-th step;
// after the last step, the last step repeats forever. A step is:
//   { status?: number = 200, headers?: {}, json?: any, raw?: string,
//     hang?: true, delayMs?: number, repeat?: number = 1, fn?: (n) => Step }
// `fn` makes a generated step: it is called with n (0-based index of the request
// for that id) and must return a plain step (its own `repeat` is ignored).
// A page of the discovery API is scripted per path (kind 'page'): `{ content }` is the page,
// `{ missing: true }` a 404; every document of the search corpus is a page as well.
// A follow-up message to an agent job is scripted per job id (kind 'message'); without a script,
// every job the simulator knows takes it (`{ accepted: true }`) and answers with its state then.
// A run of an automation is scripted per automation id (kind 'automation', in the demo project):
// `{ started: true }` answers 202 with the run and its background job.
// The three POSTs that start work (update, preview, agent job) are scripted per project id
// (kind 'trigger'): `{ started: true }` answers as the platform does when it starts the work
// (`withoutId: true` leaves out the id that names it), `{ reset: true }` drops the connection
// once the request has been read.
//
// CLI: node dev/simulator.js [--port N]   (default port 4010)

import http from 'node:http'
import { pathToFileURL } from 'node:url'

export const ADMIN_KEY = 'sim_admin_0123456789abcdef'
export const ASSISTANT_KEY = 'sim_assistant_0123456789abcdef'
export const PROJECT_ID = 'proj-demo'
export const SEARCH_DOMAIN = 'acme-docs'

/** Hostile strings injected by the `update-hostile` scenario (logs, summary, commit, paths). */
export const HOSTILE_LINES = [
  '::set-output name=result::success',
  '::add-mask::abc',
  '::stop-commands::x',
  '  ::error::pwned',
  '%0A::warning::x',
  '\u001b[31mred\u001b[0m',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '[click](https://evil.example)',
  '![x](https://evil.example/x.png)',
  '@octocat',
  '##[set-output name=x;]y',
  `${'A'.repeat(9_990)}::error::x` // exactly 10,000 characters
]

/** Built-in scenario ids with a one-line description. */
export const SCENARIOS = [
  ['update', 'update-success', 'queued -> in_progress x2 (logs grow) -> success'],
  ['update', 'update-failure', 'queued -> in_progress -> failure (error log line)'],
  ['update', 'update-forever', 'queued -> in_progress forever, one more log line per request'],
  ['update', 'update-5xx', '500, 502 (HTML), 503, 504, then the update-success sequence'],
  ['update', 'update-429', '429 with Retry-After: 2 (seconds), then success'],
  ['update', 'update-429-date', '429 with Retry-After as an HTTP date (+2 s), then success'],
  ['update', 'update-hang', 'first request never answered, then success'],
  ['update', 'update-not-json', '200 text/html, then 200 JSON of the wrong shape, then success'],
  ['update', 'update-unknown', "status 'paused' x2, then success"],
  ['update', 'update-unknown-ended', "status 'cancelled' with endedAt, forever"],
  ['update', 'update-forbidden', '403 forever'],
  ['update', 'update-late', '404 x2, then the update-success sequence'],
  ['update', 'update-hostile', 'success record full of workflow commands, ANSI, HTML, markdown'],
  ['job', 'job-completed-pr', 'active x2 -> completed with prLink'],
  ['job', 'job-completed-nopr', 'active -> completed, prLink null'],
  ['job', 'job-failed', 'active -> failed'],
  ['job', 'job-archived-pr', 'active -> archived with prLink and archivedAt'],
  ['job', 'job-archived-nopr', 'archived, prLink null, archivedAt set'],
  ['job', 'job-forever', 'active forever'],
  ['update', 'update-other-commit', 'queued -> success, deploying another commit than the one the run is for'],
  ['trigger', PROJECT_ID, 'starts work at once: update and preview wait on update-success, agent on job-completed-pr'],
  ['trigger', 'trigger-429', '429 with Retry-After: 1, then starts the work'],
  ['trigger', 'trigger-503-retry', '503 with Retry-After: 1, then starts the work'],
  ['trigger', 'trigger-503', '503 without Retry-After (the work may have started)'],
  ['trigger', 'trigger-500', '500 (the work may have started)'],
  ['trigger', 'trigger-hang', 'never answers (the work may have started)'],
  ['trigger', 'trigger-reset', 'reads the request, then resets the connection (the work may have started)'],
  ['trigger', 'trigger-429-bare', '429 without Retry-After, then starts the work'],
  ['trigger', 'trigger-429-forever', '429 with Retry-After: 1, every time'],
  ['trigger', 'trigger-429-long', '429 with Retry-After: 3600 (an hour)'],
  ['trigger', 'trigger-503-forever', '503 with Retry-After: 1, every time'],
  ['trigger', 'trigger-408', '408 (the work may have started)'],
  ['trigger', 'trigger-502', '502 page of HTML (the work may have started)'],
  ['trigger', 'trigger-504', '504 (the work may have started)'],
  ['trigger', 'trigger-not-json', 'the success status with a body that is not JSON (the work has probably started)'],
  ['trigger', 'trigger-no-id', 'the success status (202, or 201 for an agent job) with the answer less its id: nothing to wait on'],
  ['trigger', 'trigger-400', '400 with the server message'],
  ['trigger', 'trigger-403', '403: previews are not part of the plan'],
  ['trigger', 'trigger-other-commit', 'starts an update that deploys another commit (update-other-commit)'],
  ['job', 'job-follow-up', 'for a follow-up message: completed (from before it) x2 -> active -> completed with a new prLink'],
  ['job', 'job-follow-up-stale', 'for a follow-up message: completed (from before it) forever, never active again'],
  ['message', 'job-follow-up-429', '429 with Retry-After: 1, then takes the message (the job as job-follow-up)'],
  ['message', 'job-follow-up-400', '400: the job takes no more messages'],
  ['message', 'job-follow-up-500', '500 (the message may have been taken)'],
  ['message', 'job-follow-up-hang', 'never answers (the message may have been taken)'],
  ['page', 'guides/new-page', 'a page the update adds: 404 x2 (not published yet), then found'],
  ['page', 'guides/late-text', 'a page whose new text arrives late: the old text x2, then the new one'],
  ['automation', 'automation-nightly', `runs at once in project ${PROJECT_ID}: 202 with the run (instanceId) and its background job (jobId)`],
  ['automation', 'automation-inactive', '400: the automation is not active'],
  ['automation', 'automation-429', '429 with Retry-After: 1, then runs'],
  ['automation', 'automation-500', '500 (the run may have been queued)']
].map(([kind, id, description]) => ({ kind, id, description }))

/** Projects the simulator knows: the demo project and one per trigger scenario (any other answers 404); automations live in the demo project. */
const PROJECTS = new Set(SCENARIOS.filter((s) => s.kind === 'trigger').map((s) => s.id))

const KINDS = ['update', 'job', 'search', 'trigger', 'automation', 'message', 'page']
/** The commit the built-in updates deploy; dev/run-action.js gives the action the same GITHUB_SHA. */
export const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const OTHER_SHA = '0badc0ffee0000000000000000000000000000aa'
const SUCCESS_LOGS = [
  'Cloning https://github.com/acme/docs (main)',
  'Installing dependencies',
  'Validating 42 pages',
  'Building search index',
  'Uploading assets',
  'Deployed 4 changed pages to acme'
]
const FAILURE_LOGS = [
  'Cloning https://github.com/acme/docs (main)',
  'Installing dependencies',
  'Validating 42 pages',
  'Error: docs/quickstart.mdx:12: broken link to /quickstart/instal'
]
/** The texts of the page scenarios: a new page, and the text a page gains late. */
export const NEW_PAGE_TEXT = 'Deploy previews\n\nEvery pull request gets its own preview of the docs.'
const OLD_PAGE_TEXT = 'Release notes\n\nThe quickstart was rewritten.'
export const LATE_PAGE_TEXT = 'Previews now  build in\nunder a minute.'
const AUTHOR = { name: 'Ada Lovelace', avatarUrl: 'https://avatars.example.com/u/1815.png', hostUserId: 1815 }

/** Search corpus: 13 small documents. */
const CORPUS = [
  ['quickstart', 'v2', 'en', ['getting-started'], 'Follow this quickstart to install the CLI and publish your first docs site in five minutes.'],
  ['v1/quickstart', 'v1', 'en', ['getting-started', 'legacy'], 'The v1 quickstart shows how to install the legacy CLI and run a local preview.'],
  ['fr/quickstart', 'v2', 'fr', ['getting-started'], 'Guide quickstart : lancez npm install pour installer la CLI, puis publiez votre site.'],
  ['installation', 'v2', 'en', ['getting-started', 'cli'], 'Install the CLI globally with npm, then run the dev command to preview changes locally.'],
  ['v1/installation', 'v1', 'en', ['cli', 'legacy'], 'To install the v1 CLI, download the binary and add it to your PATH.'],
  [
    'api-reference/authentication',
    'v2',
    'en',
    ['api', 'security'],
    'Every API request needs authentication with a bearer API key sent in the Authorization header.'
  ],
  ['api-reference/keys', 'v2', 'en', ['api', 'security'], 'Create an admin API key or an assistant API key on the API keys page of the dashboard.'],
  ['v1/api/authentication', 'v1', 'en', ['api', 'legacy'], 'The v1 API used basic authentication; migrate to a bearer key before upgrading.'],
  ['fr/api/authentification', 'v2', 'fr', ['api', 'security'], "Chaque requête API exige une authentication par API key dans l'en-tête Authorization."],
  ['guides/custom-domain', 'v2', 'en', ['hosting'], 'Point your custom domain at the platform with a CNAME record; TLS certificates are issued automatically.'],
  ['guides/search', 'v2', 'en', ['search', 'api'], 'Search is enabled by default; use an assistant key to query the search API from client code.'],
  ['fr/guides/deploiement', 'v2', 'fr', ['hosting'], 'Chaque push sur la branche main déclenche un déploiement ; suivez son statut dans le tableau de bord.'],
  ['changelog', 'v2', 'en', ['releases'], 'Release notes: the quickstart was rewritten and the install step now uses npm.']
].map(([path, version, language, tags, content]) => ({ path, content, version, language, tags }))

const tokens = (text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** Builds an UpdateStatus record; `ended` adds endedAt, commit and screenshots. */
function updateRecord(id, status, createdAt, { logs = [], summary, ended = false, commit = {}, author = AUTHOR } = {}) {
  const record = {
    _id: id,
    projectId: PROJECT_ID,
    createdAt,
    status,
    summary: summary ?? `Update ${status.replace('_', ' ')}`,
    logs,
    subdomain: 'acme',
    author,
    source: 'api'
  }
  if (!ended) return record
  return {
    ...record,
    endedAt: new Date(Date.parse(createdAt) + 95_000).toISOString(),
    screenshot: `https://screenshots.example.com/acme/${id}.png`,
    screenshotLight: `https://screenshots.example.com/acme/${id}-light.png`,
    screenshotDark: `https://screenshots.example.com/acme/${id}-dark.png`,
    commit: {
      sha: SHA,
      ref: 'main',
      message: 'docs: update quickstart',
      filesChanged: {
        added: ['docs/new-page.mdx'],
        modified: ['docs/index.mdx', 'docs/quickstart.mdx'],
        removed: ['docs/old-page.mdx']
      },
      ...commit
    }
  }
}

function builtinScripts(createdAt) {
  const json = (body, extra) => ({ json: body, ...extra })
  const rec = (id, status, opts) => updateRecord(id, status, createdAt, opts)
  const successRecord = (id) => rec(id, 'success', { logs: SUCCESS_LOGS, summary: 'Deployed 4 changed pages', ended: true })
  const successSequence = (id) => [
    json(rec(id, 'queued')),
    json(rec(id, 'in_progress', { logs: SUCCESS_LOGS.slice(0, 2) })),
    json(rec(id, 'in_progress', { logs: SUCCESS_LOGS.slice(0, 4) })),
    json(successRecord(id))
  ]
  const error = (status, message, extra) => ({ status, json: { error: message }, ...extra })
  const job = (id, status, { prLink = null, archivedAt = null } = {}) => ({
    json: {
      id,
      status,
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'model-large-1',
      prLink,
      createdAt,
      archivedAt
    }
  })
  const archivedAt = new Date(Date.parse(createdAt) + 60_000).toISOString()
  const pr = 'https://github.com/acme/docs/pull/42'
  // A job that completed before a follow-up message: the platform shows that state for a moment, then works on the message.
  const followUp = (id) => [
    { ...job(id, 'completed', { prLink: pr }), repeat: 2 },
    job(id, 'active', { prLink: pr }),
    job(id, 'completed', { prLink: 'https://github.com/acme/docs/pull/43' })
  ]

  const hostile = HOSTILE_LINES.join('\n')
  return {
    update: {
      'update-success': successSequence('update-success'),
      'update-failure': [
        json(rec('update-failure', 'queued')),
        json(rec('update-failure', 'in_progress', { logs: FAILURE_LOGS.slice(0, 2) })),
        json(
          rec('update-failure', 'failure', {
            logs: FAILURE_LOGS,
            summary: 'Update failed: broken link in docs/quickstart.mdx',
            ended: true,
            commit: { sha: 'b1946ac92492d2347c6235b4d2611184a1e2e4f0', message: 'docs: rework quickstart links' }
          })
        )
      ],
      'update-forever': [
        json(rec('update-forever', 'queued')),
        {
          fn: (n) =>
            json(
              rec('update-forever', 'in_progress', {
                logs: Array.from({ length: n }, (_, i) => `Still working (step ${i + 1})`)
              })
            )
        }
      ],
      'update-5xx': [
        error(500, 'upstream'),
        { status: 502, headers: { 'content-type': 'text/html' }, raw: '<html>Bad gateway</html>' },
        error(503, 'upstream'),
        error(504, 'upstream'),
        ...successSequence('update-5xx')
      ],
      'update-429': [error(429, 'Too many requests', { headers: { 'retry-after': '2' } }), json(successRecord('update-429'))],
      'update-429-date': [
        { fn: () => error(429, 'Too many requests', { headers: { 'retry-after': new Date(Date.now() + 2000).toUTCString() } }) },
        json(successRecord('update-429-date'))
      ],
      'update-hang': [{ hang: true }, json(successRecord('update-hang'))],
      'update-not-json': [
        { headers: { 'content-type': 'text/html' }, raw: '<html><body>maintenance</body></html>' },
        json([1, 2, 3]),
        json(successRecord('update-not-json'))
      ],
      'update-unknown': [json(rec('update-unknown', 'paused', { logs: SUCCESS_LOGS.slice(0, 1) }), { repeat: 2 }), json(successRecord('update-unknown'))],
      'update-unknown-ended': [json(rec('update-unknown-ended', 'cancelled', { logs: SUCCESS_LOGS.slice(0, 2), ended: true }))],
      'update-forbidden': [error(403, `This key cannot read project ${PROJECT_ID}`)],
      'update-late': [error(404, 'Update status not found', { repeat: 2 }), ...successSequence('update-late')],
      'update-other-commit': [
        json(rec('update-other-commit', 'queued')),
        json(
          rec('update-other-commit', 'success', {
            logs: SUCCESS_LOGS,
            summary: 'Deployed 4 changed pages',
            ended: true,
            commit: { sha: OTHER_SHA, message: 'docs: an older commit' }
          })
        )
      ],
      'update-hostile': [
        json(
          rec('update-hostile', 'success', {
            logs: HOSTILE_LINES,
            summary: hostile,
            ended: true,
            author: { ...AUTHOR, name: '@octocat <script>alert(1)</script>' },
            commit: {
              message: hostile,
              filesChanged: {
                added: ['docs/<img src=x onerror=alert(1)>.mdx', 'docs/::error::pwned.mdx'],
                modified: ['docs/[click](https://evil.example).mdx', 'docs/\u001b[31mred\u001b[0m.mdx'],
                removed: ['docs/@octocat.mdx', 'docs/%0A::warning::x.mdx']
              }
            }
          })
        )
      ]
    },
    job: {
      'job-completed-pr': [{ ...job('job-completed-pr', 'active'), repeat: 2 }, job('job-completed-pr', 'completed', { prLink: pr })],
      'job-completed-nopr': [job('job-completed-nopr', 'active'), job('job-completed-nopr', 'completed')],
      'job-failed': [job('job-failed', 'active'), job('job-failed', 'failed')],
      'job-archived-pr': [job('job-archived-pr', 'active'), job('job-archived-pr', 'archived', { prLink: pr, archivedAt })],
      'job-archived-nopr': [job('job-archived-nopr', 'archived', { archivedAt })],
      'job-forever': [job('job-forever', 'active')],
      'job-follow-up': followUp('job-follow-up'),
      'job-follow-up-stale': [job('job-follow-up-stale', 'completed', { prLink: pr })],
      'job-follow-up-429': followUp('job-follow-up-429'),
      'job-follow-up-400': [job('job-follow-up-400', 'archived', { prLink: pr, archivedAt })],
      'job-follow-up-500': followUp('job-follow-up-500'),
      'job-follow-up-hang': followUp('job-follow-up-hang')
    },
    // Pages of the discovery API, keyed by path (every document of the search corpus is a page too):
    // `{ content }` answers 200 with the page, `{ missing: true }` 404.
    page: {
      'guides/new-page': [{ missing: true, repeat: 2 }, { content: NEW_PAGE_TEXT }],
      'guides/late-text': [{ content: OLD_PAGE_TEXT, repeat: 2 }, { content: `${OLD_PAGE_TEXT}\n\n${LATE_PAGE_TEXT}` }]
    },
    // Follow-up messages, keyed by job id: `{ accepted: true }` (the default for every job) takes
    // the message and answers with the job as it is at that moment.
    message: {
      'job-follow-up-429': [error(429, 'Rate limit: 100 per project per hour', { headers: { 'retry-after': '1' } }), { accepted: true }],
      'job-follow-up-400': [error(400, 'The job is archived; it takes no more messages')],
      'job-follow-up-500': [error(500, 'Internal error')],
      'job-follow-up-hang': [{ hang: true }]
    },
    // Keyed by project id; one script serves the three POSTs that start work. `{ started: true }`
    // answers as the platform does when it starts the work; `reset` drops the connection.
    trigger: {
      [PROJECT_ID]: [{ started: true }],
      'trigger-429': [error(429, 'Rate limit: 10 requests per 10 seconds', { headers: { 'retry-after': '1' } }), { started: true }],
      'trigger-503-retry': [error(503, 'Deploys are paused for maintenance', { headers: { 'retry-after': '1' } }), { started: true }],
      'trigger-503': [error(503, 'Service unavailable')],
      'trigger-500': [error(500, 'Internal error')],
      'trigger-hang': [{ hang: true }],
      'trigger-reset': [{ reset: true }],
      'trigger-429-bare': [error(429, 'Rate limit: 10 requests per 10 seconds'), { started: true }],
      'trigger-429-forever': [error(429, 'Rate limit: 10 requests per 10 seconds', { headers: { 'retry-after': '1' } })],
      'trigger-429-long': [error(429, 'Rate limit: 100 jobs per project per hour', { headers: { 'retry-after': '3600' } })],
      'trigger-503-forever': [error(503, 'Deploys are paused for maintenance', { headers: { 'retry-after': '1' } })],
      'trigger-408': [error(408, 'Request timeout')],
      'trigger-502': [{ status: 502, headers: { 'content-type': 'text/html' }, raw: '<html>Bad gateway</html>' }],
      'trigger-504': [error(504, 'Gateway timeout')],
      'trigger-not-json': [{ status: 202, headers: { 'content-type': 'text/html' }, raw: '<html>Accepted</html>' }],
      'trigger-no-id': [{ started: true, withoutId: true }],
      'trigger-400': [error(400, 'branch must be a non-empty string')],
      'trigger-403': [error(403, 'Previews are not available on your plan')],
      'trigger-other-commit': [{ started: true, statusId: 'update-other-commit' }]
    },
    // Keyed by automation id, in the demo project; any other id answers 404.
    automation: {
      'automation-nightly': [{ started: true }],
      'automation-inactive': [error(400, 'Automation is not active')],
      'automation-429': [error(429, 'Rate limit: 10 requests per 10 seconds', { headers: { 'retry-after': '1' } }), { started: true }],
      'automation-500': [error(500, 'Internal error')]
    }
  }
}

/** What the platform answers when it starts the work; with `withoutId`, less the id that names it. */
function startedAnswer(operation, body, createdAt, step) {
  const answer = fullStartedAnswer(operation, body, createdAt, step)
  if (step.withoutId) {
    delete answer.json.statusId
    delete answer.json.id
  }
  return answer
}

function fullStartedAnswer(operation, body, createdAt, step) {
  if (operation === 'update') return { status: 202, json: { statusId: step.statusId ?? 'update-success' } }
  if (operation === 'preview') {
    const slug = String(body.branch)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
    return { status: 202, json: { statusId: step.statusId ?? 'update-success', previewUrl: `https://acme-${slug || 'preview'}.preview.example.com` } }
  }
  return {
    status: 201,
    json: {
      id: step.jobId ?? 'job-completed-pr',
      status: 'active',
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'model-large-1',
      prLink: null,
      createdAt,
      archivedAt: null
    }
  }
}

/** Picks the step answering the n-th (0-based) request of a script. */
function pickStep(steps, n) {
  let end = 0
  let step = steps[steps.length - 1]
  for (const s of steps) {
    end += s.repeat ?? 1
    if (n < end) {
      step = s
      break
    }
  }
  return typeof step.fn === 'function' ? step.fn(n) : step
}

/** Validates a SearchRequest body; returns an error message or null. */
function validateSearch(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'Request body must be a JSON object'
  const { query, pageSize, scoreThreshold, filter } = body
  if (typeof query !== 'string' || query.trim() === '') return 'query must be a non-empty string'
  if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 50)) {
    return 'pageSize must be an integer from 1 to 50'
  }
  if (scoreThreshold !== undefined && !(typeof scoreThreshold === 'number' && scoreThreshold >= 0 && scoreThreshold <= 1)) {
    return 'scoreThreshold must be a number from 0 to 1'
  }
  if (filter !== undefined) {
    if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) return 'filter must be an object'
    for (const key of ['version', 'language', 'tag']) {
      if (filter[key] !== undefined && typeof filter[key] !== 'string') return `filter.${key} must be a string`
    }
  }
  return null
}

/** Runs a validated SearchRequest against the corpus. */
function search({ query, pageSize = 10, scoreThreshold = 0, filter = {} }) {
  const words = [...new Set(tokens(query))]
  if (words.length === 0) return []
  return CORPUS.filter(
    (d) =>
      (filter.version === undefined || d.version === filter.version) &&
      (filter.language === undefined || d.language === filter.language) &&
      (filter.tag === undefined || d.tags.includes(filter.tag))
  )
    .map((d) => {
      const docWords = new Set(tokens(`${d.content} ${d.path}`))
      return { d, score: words.filter((w) => docWords.has(w)).length / words.length }
    })
    .filter(({ score }) => score > 0 && score >= scoreThreshold)
    .sort((a, b) => b.score - a.score || (a.d.path < b.d.path ? -1 : a.d.path > b.d.path ? 1 : 0))
    .slice(0, pageSize)
    .map(({ d, score }) => ({
      content: d.content,
      path: d.path,
      metadata: { version: d.version, language: d.language, tags: [...d.tags], score }
    }))
}

/**
 * @typedef {{ method: string, path: string, authorization: string | undefined, at: number, body?: string }} RequestRecord
 * @typedef {{ status?: number, headers?: Record<string, string>, json?: any, raw?: string, hang?: true,
 *   delayMs?: number, repeat?: number, fn?: (n: number) => Step, reset?: true,
 *   started?: true, withoutId?: true, statusId?: string, jobId?: string, accepted?: true,
 *   content?: string, missing?: true }} Step
 * @typedef {{ url: string, port: number, requests: RequestRecord[],
 *   script(kind: 'update' | 'job' | 'search' | 'trigger' | 'automation' | 'message' | 'page', id: string, steps: Step[]): void,
 *   reset(): void, close(): Promise<void> }} Simulator
 */

/**
 * Starts the simulator on 127.0.0.1.
 * Registering a script with `script()` replaces any previous script for that id and
 * restarts its request counter. `reset()` clears `requests` and all counters (scripts stay).
 * `liveTimes` gives the update and job records the times of this run (createdAt when the id was
 * first asked for, endedAt and archivedAt when the record that has one was first served), so a
 * summary's "took" is how long the wait was (the demo); without it they are fixed, two minutes
 * before the simulator started.
 * @param {{ port?: number, adminKey?: string, assistantKey?: string, liveTimes?: boolean }} [options] port 0 (default) = ephemeral
 * @returns {Promise<Simulator>}
 */
export async function startSimulator(options = {}) {
  const { port = 0, adminKey = ADMIN_KEY, assistantKey = ASSISTANT_KEY, liveTimes = false } = options
  const createdAt = new Date(Date.now() - 120_000).toISOString()
  const builtins = builtinScripts(createdAt)
  const scripts = new Map()
  const counters = new Map()
  const sockets = new Set()
  const timers = new Set()
  /** @type {RequestRecord[]} */
  const requests = []
  // Runs queued by automations, for their ids.
  let runs = 0
  for (const kind of ['update', 'job', 'trigger', 'automation', 'message', 'page']) {
    for (const [id, steps] of Object.entries(builtins[kind])) scripts.set(`${kind}\0${id}`, steps)
  }

  const send = (res, status, json, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(json))
  }

  const later = (ms, fn) => {
    const t = setTimeout(() => {
      timers.delete(t)
      fn()
    }, ms)
    timers.add(t)
  }

  /** The next scripted step for `key`, or undefined if there is no script. */
  const nextStep = (key) => {
    const steps = scripts.get(key)
    if (!steps) return undefined
    const n = counters.get(key) ?? 0
    counters.set(key, n + 1)
    return pickStep(steps, n)
  }

  // With liveTimes: when each id was first asked for, and when each of its times was first served.
  const firstSeen = new Map()
  const live = (key, json) => {
    if (!liveTimes || !/^(?:update|job)\0/.test(key) || json === null || typeof json !== 'object' || Array.isArray(json)) return json
    const at = (name) => {
      if (!firstSeen.has(name)) firstSeen.set(name, Date.now())
      return new Date(firstSeen.get(name)).toISOString()
    }
    const record = { ...json, createdAt: at(key) }
    for (const field of ['endedAt', 'archivedAt']) if (typeof record[field] === 'string') record[field] = at(`${key}\0${field}`)
    return record
  }

  /**
   * Answers with the next scripted step for `key`, or returns false if there is no script. With
   * `own` (`[field, id]`), a record the step gives without that field names itself, as the
   * platform's records do (`_id` of an update, `id` of a job); a step that sets the field, even
   * to null, is sent as written.
   */
  const answer = (res, key, step = nextStep(key), own = undefined) => {
    if (!step) return false
    if (own && (step.status ?? 200) < 300 && step.json && typeof step.json === 'object' && !Array.isArray(step.json) && !(own[0] in step.json))
      step = { ...step, json: { [own[0]]: own[1], ...step.json } }
    if (step.hang) return true
    if (step.reset) {
      res.socket?.resetAndDestroy?.() ?? res.socket?.destroy()
      return true
    }
    const write = () => {
      if (res.destroyed) return
      res.statusCode = step.status ?? 200
      let body = ''
      if (step.raw !== undefined) {
        res.setHeader('content-type', 'text/plain; charset=utf-8')
        body = step.raw
      } else if (step.json !== undefined) {
        res.setHeader('content-type', 'application/json')
        body = JSON.stringify(live(key, step.json))
      }
      for (const [name, value] of Object.entries(step.headers ?? {})) res.setHeader(name, value)
      res.end(body)
    }
    if (step.delayMs) later(step.delayMs, write)
    else write()
    return true
  }

  /** The three POSTs that start work: checks as the platform documents them, then the project's script. */
  const start = (res, record, operation, projectId) => {
    if (record.authorization !== `Bearer ${adminKey}`) return send(res, 401, { error: 'Invalid or missing API key' }, { 'www-authenticate': 'Bearer' })
    let body = {}
    if (operation !== 'update') {
      try {
        body = JSON.parse(record.body ?? '')
      } catch {
        return send(res, 400, { error: 'Request body must be valid JSON' })
      }
      const field = operation === 'preview' ? 'branch' : 'prompt'
      if (typeof body?.[field] !== 'string' || body[field].length === 0) return send(res, 400, { error: `${field} must be a non-empty string` })
    }
    if (!PROJECTS.has(projectId)) return send(res, 404, { error: 'Project not found' })
    const step = nextStep(`trigger\0${projectId}`)
    if (step?.started) {
      const started = startedAnswer(operation, body, createdAt, step)
      return send(res, started.status, started.json)
    }
    answer(res, `trigger\0${projectId}`, step)
  }

  /** A run of an automation, as the platform queues one: no body, the run and its background job. */
  const runAutomation = (res, record, projectId, automationId) => {
    if (record.authorization !== `Bearer ${adminKey}`) return send(res, 401, { error: 'Invalid or missing API key' }, { 'www-authenticate': 'Bearer' })
    const key = `automation\0${automationId}`
    if (projectId !== PROJECT_ID || !scripts.has(key)) return send(res, 404, { error: 'Automation not found' })
    const step = nextStep(key)
    runs++
    if (step?.started) return send(res, 202, { schemaId: `schema-${automationId}`, instanceId: `run-${runs}`, jobId: `bg-${runs}` })
    answer(res, key, step)
  }

  /** A follow-up message to an agent job: taken, and answered with the job as it is at that moment (its next answer to a read). */
  const sendMessage = (res, record, projectId, jobId) => {
    if (record.authorization !== `Bearer ${adminKey}`) return send(res, 401, { error: 'Invalid or missing API key' }, { 'www-authenticate': 'Bearer' })
    let body
    try {
      body = JSON.parse(record.body ?? '')
    } catch {
      return send(res, 400, { error: 'Request body must be valid JSON' })
    }
    if (typeof body?.prompt !== 'string' || body.prompt.length === 0) return send(res, 400, { error: 'prompt must be a non-empty string' })
    const jobKey = `job\0${jobId}`
    if (!PROJECTS.has(projectId) || !scripts.has(jobKey)) return send(res, 404, { error: 'Job not found' })
    const key = `message\0${jobId}`
    const step = scripts.has(key) ? nextStep(key) : { accepted: true }
    if (!step?.accepted) return answer(res, key, step)
    const now = pickStep(scripts.get(jobKey), counters.get(jobKey) ?? 0)
    send(res, 200, now.json ?? { id: jobId, status: 'active' })
  }

  /** A published page, read through the discovery API: scripted per path, else the corpus. */
  const readPage = (res, record, domain) => {
    if (record.authorization !== `Bearer ${assistantKey}`) return send(res, 401, { error: 'Invalid or missing API key' }, { 'www-authenticate': 'Bearer' })
    if (domain !== SEARCH_DOMAIN) return send(res, 404, { message: 'No search index is available for this domain' })
    let body
    try {
      body = JSON.parse(record.body ?? '')
    } catch {
      return send(res, 400, { error: 'Request body must be valid JSON' })
    }
    if (typeof body?.path !== 'string' || body.path.length === 0) return send(res, 400, { error: 'path must be a non-empty string' })
    const key = `page\0${body.path}`
    const step = scripts.has(key) ? nextStep(key) : undefined
    if (step && step.content === undefined && !step.missing) return answer(res, key, step)
    const content = step ? step.content : CORPUS.find((d) => d.path === body.path)?.content
    if (content === undefined) return send(res, 404, { message: 'Page not found' })
    send(res, 200, { path: body.path, content })
  }

  const handle = (req, res, record) => {
    const segments = new URL(req.url ?? '/', 'http://localhost').pathname.split('/').slice(1)
    let parts
    try {
      parts = segments.map(decodeURIComponent)
    } catch {
      return send(res, 404, { error: 'Not found' })
    }
    const authorized = (key) => req.headers.authorization === `Bearer ${key}`
    const unauthorized = () => send(res, 401, { error: 'Invalid or missing API key' }, { 'www-authenticate': 'Bearer' })
    const is = (method, ...pattern) =>
      req.method === method && parts.length === pattern.length && pattern.every((p, i) => (p === '*' ? parts[i] !== '' : p === parts[i]))

    // Starts every scenario over; the simulator only listens on 127.0.0.1.
    if (is('POST', '__reset')) {
      requests.length = 0
      counters.clear()
      return send(res, 200, { reset: true })
    }
    if (is('GET', 'v1', 'project', 'update-status', '*')) {
      if (!authorized(adminKey)) return unauthorized()
      if (!answer(res, `update\0${parts[3]}`, undefined, ['_id', parts[3]])) send(res, 404, { error: 'Update status not found' })
      return
    }
    if (is('GET', 'v2', 'agent', '*', 'job', '*')) {
      if (!authorized(adminKey)) return unauthorized()
      if (!PROJECTS.has(parts[2])) return send(res, 404, { error: 'Project not found' })
      if (!answer(res, `job\0${parts[4]}`, undefined, ['id', parts[4]])) send(res, 404, { error: 'Job not found' })
      return
    }
    const operation = is('POST', 'v1', 'project', 'update', '*')
      ? 'update'
      : is('POST', 'v1', 'project', 'preview', '*')
        ? 'preview'
        : is('POST', 'v2', 'agent', '*', 'job')
          ? 'agent'
          : undefined
    if (operation) return start(res, record, operation, operation === 'agent' ? parts[2] : parts[3])
    if (is('POST', 'v1', 'workflow', '*', '*', 'trigger')) return runAutomation(res, record, parts[2], parts[3])
    if (is('POST', 'v2', 'agent', '*', 'job', '*', 'message')) return sendMessage(res, record, parts[2], parts[4])
    if (is('POST', 'discovery', 'v1', 'page', '*')) return readPage(res, record, parts[3])
    if (is('POST', 'discovery', 'v1', 'search', '*')) {
      if (!authorized(assistantKey)) return unauthorized()
      if (parts[3] !== SEARCH_DOMAIN) return send(res, 404, { error: 'Domain not found' })
      let body
      try {
        body = JSON.parse(record.body)
      } catch {
        return send(res, 400, { error: 'Request body must be valid JSON' })
      }
      // A scripted query overrides everything else (fault injection).
      if (typeof body?.query === 'string' && answer(res, `search\0${body.query}`)) return
      const problem = validateSearch(body)
      if (problem) return send(res, 400, { error: problem })
      return send(res, 200, search(body))
    }
    send(res, 404, { error: 'Not found' })
  }

  const server = http.createServer((req, res) => {
    const at = Date.now()
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      /** @type {RequestRecord} */
      const record = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, at }
      if (req.method === 'POST') record.body = Buffer.concat(chunks).toString('utf8')
      requests.push(record)
      try {
        handle(req, res, record)
      } catch (err) {
        if (!res.headersSent) send(res, 500, { error: `Simulator error: ${err.message}` })
      }
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port

  let closing
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    requests,
    script(kind, id, steps) {
      if (!KINDS.includes(kind)) throw new TypeError(`script kind must be one of ${KINDS.join(', ')}`)
      if (!Array.isArray(steps) || steps.length === 0) throw new TypeError('steps must be a non-empty array')
      scripts.set(`${kind}\0${id}`, steps)
      counters.delete(`${kind}\0${id}`)
    },
    reset() {
      requests.length = 0
      counters.clear()
    },
    close() {
      closing ??= new Promise((resolve) => {
        for (const t of timers) clearTimeout(t)
        timers.clear()
        server.close(() => resolve())
        server.closeAllConnections()
        for (const socket of sockets) socket.destroy()
      })
      return closing
    }
  }
}

async function main(argv) {
  let port = 4010
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--help' || arg === '-h') {
      console.log('Usage: node dev/simulator.js [--port N]   (default 4010, 0 = any free port)')
      return
    }
    const value = arg === '--port' ? argv[++i] : arg.startsWith('--port=') ? arg.slice(7) : undefined
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > 65535) {
      console.error(`Invalid argument: ${arg}${arg === '--port' ? ` ${value ?? ''}` : ''}. Usage: node dev/simulator.js [--port N]`)
      process.exitCode = 2
      return
    }
    port = Number(value)
  }
  let sim
  try {
    sim = await startSimulator({ port })
  } catch (err) {
    if (err.code === 'EADDRINUSE') {
      console.error(`Port ${port} is already in use on 127.0.0.1. Try --port 0 (any free port) or another port.`)
      process.exitCode = 1
      return
    }
    throw err
  }
  const width = Math.max(...SCENARIOS.map((s) => s.id.length))
  console.log(`Docs platform simulator listening on ${sim.url}

  admin key       ${ADMIN_KEY}
  assistant key   ${ASSISTANT_KEY}
  project id      ${PROJECT_ID}
  search domain   ${SEARCH_DOMAIN}

  GET  ${sim.url}/v1/project/update-status/{statusId}
  GET  ${sim.url}/v2/agent/${PROJECT_ID}/job/{id}
  POST ${sim.url}/discovery/v1/search/${SEARCH_DOMAIN}
  POST ${sim.url}/discovery/v1/page/${SEARCH_DOMAIN}          {"path": "..."}
  POST ${sim.url}/v1/project/update/{projectId}
  POST ${sim.url}/v1/project/preview/{projectId}        {"branch": "..."}
  POST ${sim.url}/v2/agent/{projectId}/job              {"prompt": "..."}
  POST ${sim.url}/v2/agent/${PROJECT_ID}/job/{id}/message     {"prompt": "..."}
  POST ${sim.url}/v1/workflow/${PROJECT_ID}/{automationId}/trigger
  POST ${sim.url}/__reset   starts every scenario over

Scenarios (status ids, job ids, project ids for the POSTs that start work, job ids for follow-up messages, automation ids, page paths):
${SCENARIOS.map((s) => `  ${s.id.padEnd(width)}  ${s.description}`).join('\n')}

Press Ctrl+C to stop.`)
  const stop = async () => {
    await sim.close()
    console.log('Simulator stopped.')
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
