// `npm run demo [-- <scenario> …]`: runs the bundled action (dist/index.js) against a local
// simulator and shows its log, outputs and job summary. Update scenarios go to status-id, job
// scenarios (job-…) to job-id; several scenarios are waited on at once.

import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startGitHubApi } from './github-api.js'
import { runAction } from './run-action.js'
import { ADMIN_KEY, ASSISTANT_KEY, PROJECT_ID, SCENARIOS, SEARCH_DOMAIN, SHA, startSimulator } from './simulator.js'
import { createWorkflowLogRenderer } from './workflow-log.js'

const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index.js')
const args = process.argv.slice(2)

if (args.includes('--help') || args.includes('-h')) {
  const width = Math.max(...SCENARIOS.map((s) => s.id.length))
  const list = (kind) =>
    SCENARIOS.filter((s) => s.kind === kind)
      .map((s) => `  ${s.id.padEnd(width)}  ${s.description}`)
      .join('\n')
  console.log(`Usage: npm run demo [-- <scenario> ...] [--deployment[=<environment>]] [--commit-status[=<context>]] [--merge-queue] [--raw] [--debug]   (default: trigger-update)

Runs dist/index.js against a local platform simulator, waiting on the given scenarios
(update scenarios as status-id, job scenarios as job-id with project-id ${PROJECT_ID}),
with min-interval 1s, max-interval 3s, timeout 2m. The log is shown as the Actions page
shows it (groups as headings, annotations as coloured lines, masked values as ***);
--raw prints the workflow commands as they are, --debug adds the debug lines.
--deployment records the docs as a GitHub deployment (deployment-environment, default
docs-preview for a preview, else docs) in a local stand-in of the GitHub API, on a
pull_request event, and prints the deployment and its statuses.
--commit-status posts the docs as a commit status (commit-status, default context docs) in the
same stand-in, and prints every status posted, in order. --merge-queue runs on a merge_group
event of the queue's branch for pull request #7 instead of pull_request.

Starting the work (one at a time, may be combined with the scenarios below):
  trigger-update    trigger: update, expect-sha of the simulator's commit
  trigger-preview   trigger: preview of branch feature/new-nav
  trigger-agent     trigger: agent with a prompt
  trigger-update:<project>   the same against a trigger scenario's project, e.g. trigger-update:trigger-429
  trigger-automation[:<automation>]   trigger: automation (default automation-nightly), e.g. trigger-automation:automation-429
  message:<job>     agent-message to that job, then waits on it for the message, e.g. message:job-follow-up
  page:<path>       page-path: the page must be live once the waits succeeded, e.g. page:guides/new-page
                    (--page-contains=<text> for the text it must hold)

Trigger scenarios (project ids):
${list('trigger')}

Update scenarios:
${list('update')}

Job scenarios:
${list('job')}

Automation scenarios (automation ids, in project ${PROJECT_ID}):
${list('automation')}

Follow-up message scenarios (job ids; any job scenario takes a message):
${list('message')}

Page scenarios (page paths; every page of the search corpus, e.g. quickstart, is published):
${list('page')}`)
  process.exit(0)
}

if (!existsSync(entry)) {
  console.error(`dist/index.js not found (${entry}).\nBuild the action first: npm run package`)
  process.exit(1)
}

const named = args.filter((a) => !a.startsWith('-'))
if (named.length === 0) named.push('trigger-update')
const triggerArg = named.find((a) => /^trigger-(update|preview|agent|automation)(:|$)/.test(a))
const messageArg = named.find((a) => a.startsWith('message:'))
const pagePaths = named.filter((a) => a.startsWith('page:')).map((a) => a.slice('page:'.length))
const pageContains = args.find((a) => a.startsWith('--page-contains='))?.slice('--page-contains='.length)
const scenarios = named.filter((a) => a !== triggerArg && a !== messageArg && !a.startsWith('page:'))
if (messageArg) scenarios.push(messageArg.slice('message:'.length))
const jobIds = scenarios.filter((id) => id.startsWith('job-'))
const statusIds = scenarios.filter((id) => !id.startsWith('job-'))
const [triggerKind, triggerScenario] = (triggerArg?.slice('trigger-'.length) ?? '').split(':')
// An automation scenario names the automation; the others name the project.
const triggerProject = triggerKind === 'automation' ? undefined : triggerScenario
const trigger = triggerKind
  ? {
      trigger: triggerKind,
      'project-id': triggerProject || PROJECT_ID,
      ...(triggerKind === 'automation' ? { 'automation-id': triggerScenario || 'automation-nightly' } : {}),
      ...(triggerKind === 'update' ? { 'expect-sha': SHA } : {}),
      ...(triggerKind === 'preview' ? { 'preview-branch': 'feature/new-nav' } : {}),
      ...(triggerKind === 'agent' ? { 'agent-prompt': 'Fix the broken links in the quickstart' } : {})
    }
  : {}
const deploymentArg = args.find((a) => a === '--deployment' || a.startsWith('--deployment='))
const environment = deploymentArg?.includes('=') ? deploymentArg.slice('--deployment='.length) : triggerKind === 'preview' ? 'docs-preview' : 'docs'
const statusArg = args.find((a) => a === '--commit-status' || a.startsWith('--commit-status='))
const statusContext = statusArg?.includes('=') ? statusArg.slice('--commit-status='.length) : 'docs'
const mergeQueue = args.includes('--merge-queue')
const QUEUE_HEAD = 'feedface0123456789abcdef0123456789abcdef'
const raw = args.includes('--raw')
const render = createWorkflowLogRenderer({ color: process.stdout.isTTY === true, debug: args.includes('--debug') })
let pending = ''
const show = (chunk) => {
  if (raw) return process.stdout.write(chunk)
  const lines = (pending + chunk).split('\n')
  pending = lines.pop() ?? ''
  for (const line of lines.flatMap(render)) console.log(line)
}
// The records' times are this run's: the summary's "took" is how long the wait was.
const sim = await startSimulator({ liveTimes: true })
const github = deploymentArg || statusArg ? await startGitHubApi() : undefined
const event = mergeQueue
  ? {
      name: 'merge_group',
      payload: {
        action: 'checks_requested',
        merge_group: { head_sha: QUEUE_HEAD, head_ref: `refs/heads/gh-readonly-queue/main/pr-7-${SHA}`, base_ref: 'refs/heads/main' }
      }
    }
  : { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: SHA } } } }
const deployment = github
  ? {
      inputs: {
        'github-token': 'ghs_demo_token_0123456789',
        ...(deploymentArg ? { 'deployment-environment': environment } : {}),
        ...(statusArg ? { 'commit-status': statusContext } : {})
      },
      env: { GITHUB_API_URL: github.url },
      event
    }
  : { inputs: {}, env: {}, event: mergeQueue ? event : undefined }
console.log(`Simulator on ${sim.url}, running the action for ${named.join(', ')}${github ? `, GitHub stand-in on ${github.url}` : ''}\n`)

// Ctrl-C (or a SIGTERM to the demo) cancels the action as a runner would, and the demo stays to
// show how it ended: its cancel in the log, its outputs and its summary. The action takes one
// cancel; a second signal to it (the terminal sends Ctrl-C to both) changes nothing.
let running
let cancelled
let forwarded = false
// Once: the action's own handlers are gone once it reported, and a signal then would end it by the signal.
const forward = () => {
  if (forwarded || !running || !cancelled) return
  forwarded = true
  running.kill(cancelled)
}
const cancel = (signal) => {
  cancelled ??= signal
  forward()
}
process.on('SIGINT', cancel)
process.on('SIGTERM', cancel)
const watched = (handler) => (chunk, child) => {
  running = child
  forward()
  handler(chunk)
}

let result
try {
  result = await runAction({
    inputs: {
      'base-url': sim.url,
      'admin-key': ADMIN_KEY,
      'status-id': statusIds.join('\n'),
      'job-id': jobIds.join('\n'),
      'project-id': jobIds.length > 0 ? PROJECT_ID : '',
      'min-interval': '1s',
      'max-interval': '3s',
      timeout: '2m',
      ...trigger,
      ...deployment.inputs,
      ...(messageArg ? { 'agent-message': 'Also fix the typo in the quickstart title' } : {}),
      ...(pagePaths.length > 0
        ? { 'page-path': pagePaths.join('\n'), 'assistant-key': ASSISTANT_KEY, 'search-domain': SEARCH_DOMAIN, 'page-contains': pageContains ?? '' }
        : {})
    },
    env: deployment.env,
    ...(deployment.event ? { event: deployment.event } : {}),
    timeoutMs: 180_000,
    onStdout: watched(show),
    onStderr: watched((chunk) => process.stderr.write(chunk))
  })
} finally {
  if (pending) show('\n')
  await sim.close()
  await github?.close()
}

const shorten = (value) => {
  const oneLine = value.replace(/\r?\n/g, '\\n')
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine
}
const names = Object.keys(result.outputs)
const width = Math.max(0, ...names.map((n) => n.length))
console.log(`\n=== Outputs (exit code ${result.code ?? `signal ${result.signal}`}, ${(result.durationMs / 1000).toFixed(1)} s) ===`)
if (names.length === 0) console.log('(none)')
for (const name of names) console.log(`${name.padEnd(width)} = ${shorten(result.outputs[name])}`)

if (github && statusArg) {
  console.log(`\n=== Commit statuses (context ${statusContext}), in the order posted ===`)
  if (github.statuses.length === 0) console.log('(none)')
  for (const s of github.statuses) console.log(`${s.sha.slice(0, 7)} ${s.state.padEnd(8)} ${s.description ?? ''}${s.target_url ? `  → ${s.target_url}` : ''}`)
}

if (github && deploymentArg) {
  console.log(`\n=== GitHub deployments (environment ${environment}) ===`)
  if (github.deployments.length === 0) console.log('(none)')
  for (const d of github.deployments) {
    console.log(`deployment ${d.id}: ref ${d.ref.slice(0, 7)}, transient_environment ${d.transient_environment}`)
    for (const s of d.statuses) console.log(`  ${s.state.padEnd(11)} ${s.description ?? ''}${s.environment_url ? `  → ${s.environment_url}` : ''}`)
  }
}

const lines = result.summary.split('\n')
console.log(`\n=== Job summary${cancelled ? ` (after ${cancelled})` : ''} ===`)
console.log(result.summary.trim() === '' ? '(none)' : lines.slice(0, 40).join('\n'))
if (lines.length > 40) console.log(`… (${lines.length - 40} more lines)`)

process.exit(result.code ?? 1)
