// `npm run screenshots`: runs the bundled action (dist/index.js) against the simulator and a
// fake GitHub API for a success, a failure and a timeout, renders the job summary and the pull
// request comment as GitHub renders Markdown (marked, GFM, with github-markdown-css), and saves
// PNGs of them in docs/screenshots/ with a headless Chromium. Run by hand, not by the tests:
// it needs a Chromium (`apt-get install chromium`, or CHROMIUM=/path/to/chrome).

import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { marked } from 'marked'
import { startGitHubApi } from './github-api.js'
import { runAction } from './run-action.js'
import { ADMIN_KEY, PROJECT_ID, SHA, startSimulator } from './simulator.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(ROOT, 'docs', 'screenshots')
const CHROMIUM = process.env.CHROMIUM ?? 'chromium'
const css = await readFile(createRequire(import.meta.url).resolve('github-markdown-css/github-markdown-light.css'), 'utf8')

const SCENARIOS = [
  // The success starts a preview, as the README's pull request example does.
  ['success', { trigger: 'preview', 'project-id': PROJECT_ID, 'preview-branch': 'feature/new-nav', 'expect-sha': SHA }],
  ['failure', { 'status-id': 'update-failure' }],
  ['timeout', { 'status-id': 'update-forever', timeout: '4s' }]
]
const PULL_REQUEST = { name: 'pull_request', payload: { pull_request: { number: 42, head: { sha: '9fceb02d0ae598e95dc970b74767f19372d61af8' } } } }

// The simulator's screenshot URLs point nowhere: show a labelled placeholder in their place.
const placeholder = (label) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="225"><rect width="400" height="225" fill="${label === 'dark' ? '#24292f' : '#f6f8fa'}" stroke="#d0d7de"/><text x="200" y="118" font-family="sans-serif" font-size="16" text-anchor="middle" fill="${label === 'dark' ? '#f6f8fa' : '#57606a'}">docs page (${label})</text></svg>`
  )}`
const withPlaceholders = (html) =>
  html.replace(/src="https:\/\/screenshots\.example\.com\/[^"]*?-(light|dark)\.png"/g, (_, label) => `src="${placeholder(label)}"`)

/** A page with the Markdown rendered as on GitHub: the summary full width, a comment in its box. */
function page(markdown, kind) {
  const body = withPlaceholders(marked.parse(markdown, { gfm: true }))
  const frame =
    kind === 'comment'
      ? `<div class="comment"><div class="head"><b>github-actions</b> <span>bot</span> commented</div><article class="markdown-body">${body}</article></div>`
      : `<div class="summary"><div class="head">wait-for-docs summary</div><article class="markdown-body">${body}</article></div>`
  return `<!doctype html><meta charset="utf-8"><style>${css}
    body { margin: 0; padding: 16px; background: #fff; font-family: -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
    .comment, .summary { border: 1px solid #d0d7de; border-radius: 6px; overflow: hidden; }
    .comment { width: 760px; } .summary { width: 960px; }
    .head { background: #f6f8fa; border-bottom: 1px solid #d0d7de; padding: 8px 16px; font-size: 14px; color: #57606a; }
    .markdown-body { padding: 16px 24px; }
  </style><body>${frame}</body>`
}

/** Renders the page once to measure it, then screenshots it at its own height. */
async function screenshot(html, file, width) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wait-for-docs-shot-'))
  try {
    const measure = path.join(dir, 'measure.html')
    await writeFile(
      measure,
      `${html}<script>document.title = String(Math.ceil(document.querySelector('article').parentElement.getBoundingClientRect().bottom) + 16)</script>`
    )
    const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--user-data-dir=${path.join(dir, 'profile')}`]
    const dom = execFileSync(CHROMIUM, [...flags, '--dump-dom', `file://${measure}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    const height = Number(/<title>(\d+)<\/title>/.exec(dom)?.[1] ?? 1200)
    const shown = path.join(dir, 'page.html')
    await writeFile(shown, html)
    execFileSync(CHROMIUM, [...flags, `--window-size=${width},${height}`, `--screenshot=${file}`, `file://${shown}`], { stdio: 'ignore' })
    console.log(`wrote ${path.relative(ROOT, file)} (${width}×${height})`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

try {
  execFileSync(CHROMIUM, ['--headless', '--version'], { stdio: 'ignore' })
} catch (error) {
  console.error(
    `npm run screenshots needs a Chromium, and "${CHROMIUM}" did not start (${error.code ?? error.message}).\n` +
      'Install one (Debian: apt-get install chromium fonts-noto-color-emoji), or point CHROMIUM at a Chrome or Chromium binary, then run it again.'
  )
  process.exit(1)
}

await mkdir(OUT, { recursive: true })
const sim = await startSimulator()
const github = await startGitHubApi()
try {
  for (const [name, inputs] of SCENARIOS) {
    sim.reset()
    github.requests.length = 0
    github.comments.length = 0
    const run = await runAction({
      inputs: {
        'base-url': sim.url,
        'admin-key': ADMIN_KEY,
        'min-interval': '500ms',
        'max-interval': '1s',
        'pr-comment': 'true',
        'github-token': 'ghs_screenshots',
        ...inputs
      },
      env: { GITHUB_API_URL: github.url },
      event: PULL_REQUEST,
      timeoutMs: 60_000
    })
    const comment = github.comments[0]?.body
    if (!run.summary || !comment) throw new Error(`the ${name} run wrote no summary or no comment:\n${run.stdout}\n${run.stderr}`)
    await screenshot(page(run.summary, 'summary'), path.join(OUT, `summary-${name}.png`), 1000)
    await screenshot(page(comment, 'comment'), path.join(OUT, `comment-${name}.png`), 800)
    // The first write is the "in progress" comment that the outcome replaced.
    const first = github.requests.find((r) => r.method === 'POST')?.body?.body
    if (name === 'success' && first) await screenshot(page(first, 'comment'), path.join(OUT, 'comment-in-progress.png'), 800)
  }
} finally {
  await sim.close()
  await github.close()
}
