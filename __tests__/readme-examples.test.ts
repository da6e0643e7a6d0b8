import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { docBlocks, readDoc, USAGE_FILES } from '../dev/doc-examples.js'
import { INPUT_DEFAULTS, INPUT_NAMES, parseInputs, type InputName, type RawInputs } from '../src/inputs/parse.js'
import { OUTPUT_NAMES } from '../src/report/outputs.js'

// Every workflow of the docs that uses the action must be one the action accepts: known inputs,
// a valid combination of them, and outputs that exist. The README keeps the three common
// workflows; each other usage has a page in docs/usage/ (dev/doc-examples.js lists them).
const blocks = USAGE_FILES.flatMap((file) => docBlocks(file, 'yaml').map((text) => ({ file, text })))

interface Step {
  id?: string
  uses: string
  with?: Record<string, unknown>
}

function dedent(text: string): string {
  const indent = Math.min(
    ...text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => /^ */.exec(l)?.[0].length ?? 0)
  )
  return text
    .split('\n')
    .map((l) => l.slice(indent))
    .join('\n')
}

function actionSteps(node: unknown): Step[] {
  if (Array.isArray(node)) return node.flatMap(actionSteps)
  if (node === null || typeof node !== 'object') return []
  const record = node as Record<string, unknown>
  const here = typeof record.uses === 'string' && record.uses.includes('/wait-for-docs@') ? [record as unknown as Step] : []
  return [...here, ...Object.values(record).flatMap(actionSteps)]
}

/** What the runner would pass for an expression: a plausible value of the input's kind. */
function placeholder(name: string): string {
  if (name === 'base-url') return 'https://api.example.com'
  if (name === 'expect-sha') return '3f786850e387550fdab836ed7e6dc881de23001b'
  return `value-${name}`
}

const examples = blocks.flatMap((block, index) => actionSteps(parse(dedent(block.text))).map((step) => ({ index, file: block.file, step })))
/** The block of an example, as written. */
const blockOf = (example: { index: number } | undefined) => blocks[example?.index ?? -1]?.text ?? ''

describe('the README examples', () => {
  it.each(USAGE_FILES)('%s holds a workflow that uses the action (none has moved away unchecked)', (file) => {
    expect(examples.filter((example) => example.file === file).length).toBeGreaterThan(0)
  })

  it('include the one-step trigger examples', () => {
    const triggers = examples.map(({ step }) => step.with?.trigger)
    expect(triggers).toEqual(expect.arrayContaining(['update', 'preview', 'agent']))
    // The first example triggers and waits in one step.
    expect(examples[0]?.step.with).toMatchObject({ trigger: 'update', 'expect-sha': `\${{ github.sha }}` })
  })

  it.each([
    // [trigger, the event it runs on, what else the step sets, the output a later step reads, the page it is on]
    ['update', 'push', { 'expect-sha': `\${{ github.sha }}` }, 'files-changed-count', 'README.md'],
    ['preview', 'pull_request', { 'pr-comment': true }, 'preview-url', 'README.md'],
    ['agent', 'workflow_dispatch', { 'agent-prompt': `\${{ inputs.prompt }}` }, 'pr-link', 'docs/usage/agent-job.md']
  ])('the worked example of trigger: %s runs on %s and does what it is shown for', (trigger, event, inputs, output, file) => {
    const example = examples.find(({ index, step }) => step.with?.trigger === trigger && (blocks[index]?.text ?? '').startsWith('on:'))
    expect(example, `a whole workflow with trigger: ${trigger}`).toBeDefined()
    // The three common workflows are on the README, the front page; the others have a page each.
    expect(example?.file).toBe(file)
    const block = blockOf(example)
    const workflow = parse(block) as { on: unknown }
    const events = typeof workflow.on === 'string' ? [workflow.on] : Object.keys(workflow.on as object)
    expect(events).toContain(event)
    expect(example?.step.with).toMatchObject(inputs)
    expect(block).toContain(`steps.${example?.step.id}.outputs.${output}`)
  })

  it('the README shows the platform deploying on push as one of its three workflows: platform-check, then the page served, with the reads it needs', () => {
    const example = examples.find(({ index, step }) => step.with?.['platform-check'] !== undefined && (blocks[index]?.text ?? '').startsWith('on:'))
    expect(example, 'a whole workflow with platform-check').toBeDefined()
    expect(example?.file).toBe('README.md')
    const block = blockOf(example)
    const workflow = parse(block) as { on: Record<string, unknown>; permissions?: Record<string, string> }
    expect(Object.keys(workflow.on)).toEqual(['push'])
    expect(workflow.permissions).toMatchObject({ checks: 'read', statuses: 'read', deployments: 'read' })
    // Nothing is started, and no key of the platform is given.
    expect(example?.step.with).toMatchObject({
      'platform-check': 'docs-deploy',
      'site-url': expect.stringMatching(/^https:\/\//),
      'page-path': expect.any(String)
    })
    expect(example?.step.with).not.toHaveProperty('trigger')
    expect(example?.step.with).not.toHaveProperty('admin-key')
    expect(block).toContain(`steps.${example?.step.id}.outputs.platform-check-url`)
    const usage = readDoc('README.md')
      .split('\n## ')
      .filter((part) => part.startsWith('Usage: '))
      .map((part) => part.split('\n')[0])
    expect(usage).toEqual([
      'Usage: deploy the docs and gate the release on them',
      'Usage: a preview of the docs for each pull request',
      'Usage: the platform deploys on push'
    ])
  })

  it('the deployment example runs on pull_request, records a preview, and has the permission it needs', () => {
    const example = examples.find(({ index, step }) => step.with?.['deployment-environment'] && (blocks[index]?.text ?? '').startsWith('on:'))
    expect(example, 'a whole workflow with deployment-environment').toBeDefined()
    expect(example?.file).toBe('docs/usage/deployment.md')
    const block = blockOf(example)
    const workflow = parse(block) as { on: unknown; permissions?: Record<string, string> }
    expect(workflow.on).toBe('pull_request')
    expect(workflow.permissions).toMatchObject({ deployments: 'write' })
    expect(example?.step.with).toMatchObject({ trigger: 'preview' })
    expect(block).toContain(`steps.${example?.step.id}.outputs.deployment-id`)
  })

  it('the required check example runs on pull_request and merge_group, previews the queue’s branch, posts the docs status and may write it', () => {
    const example = examples.find(({ index, step }) => step.with?.['commit-status'] !== undefined && (blocks[index]?.text ?? '').startsWith('on:'))
    expect(example, 'a whole workflow with commit-status').toBeDefined()
    expect(example?.file).toBe('docs/usage/required-check.md')
    const page = readDoc('docs/usage/required-check.md')
    const block = blockOf(example)
    const workflow = parse(block) as { on: Record<string, unknown>; permissions?: Record<string, string> }
    expect(Object.keys(workflow.on)).toEqual(['pull_request', 'merge_group'])
    // Not filtered by path: a required check of a workflow that does not run stays expected forever.
    expect(Object.values(workflow.on).every((trigger) => trigger === null || !('paths' in (trigger as object)))).toBe(true)
    expect(workflow.permissions).toMatchObject({ statuses: 'write' })
    expect(example?.step.with).toMatchObject({
      trigger: 'preview',
      'commit-status': 'docs',
      'preview-branch': expect.stringContaining('github.event.merge_group.head_ref'),
      'expect-sha': expect.stringContaining('github.event.merge_group.head_sha')
    })
    // The README says to require that name in branch protection, and why a path filter would not do.
    expect(page).toMatch(/require the status check `docs`/)
    expect(page).toMatch(/paths:[^\n]*\]/)
    // The queue's ref as preview-branch is a valid input as the runner would pass it.
    const raw = { ...INPUT_DEFAULTS, 'github-token': 'runner-token' } as RawInputs
    for (const [name, value] of Object.entries(example?.step.with ?? {})) raw[name as InputName] = String(value).replace(/\$\{\{[^}]*\}\}/g, placeholder(name))
    raw['preview-branch'] = 'refs/heads/gh-readonly-queue/main/pr-7-c0ffee0123456789abcdef0123456789abcdef01'
    raw['expect-sha'] = 'feedface0123456789abcdef0123456789abcdef'
    const parsed = parseInputs(raw)
    expect(parsed.ok ? [] : parsed.problems).toEqual([])
    expect(parsed.ok && parsed.settings.commitStatus?.context).toBe('docs')
  })

  it('the worked example of agent-message runs on a pull request comment, sends the follow-up to one job and comments the new pull request', () => {
    const example = examples.find(({ step }) => step.with?.['agent-message'] !== undefined)
    expect(example, 'a whole workflow with agent-message').toBeDefined()
    expect(example?.file).toBe('docs/usage/agent-follow-up.md')
    const block = blockOf(example)
    const workflow = parse(block) as { on: Record<string, unknown>; jobs: Record<string, { if?: string }> }
    expect(Object.keys(workflow.on)).toEqual(['issue_comment'])
    // Only pull request comments with the command start it.
    expect(Object.values(workflow.jobs)[0]?.if).toMatch(/github\.event\.issue\.pull_request && startsWith\(github\.event\.comment\.body, '\/docs '\)/)
    expect(example?.step.with).toMatchObject({ 'job-id': expect.stringContaining('steps.command.outputs.job-id'), 'project-id': expect.any(String) })
    // The comment's text reaches the shell through the environment, never pasted into the script.
    expect(block).toContain(`BODY: \${{ github.event.comment.body }}`)
    expect(block).not.toMatch(/run: [^\n]*\$\{\{ github\.event\.comment/)
    expect(block).toContain(`steps.${example?.step.id}.outputs.pr-link`)
    expect(block).toMatch(/gh pr comment "\$PR"/)
  })

  it.each(examples.map(({ file, index, step }) => [file, index, step.id ?? '(no id)', step] as const))(
    '%s, block %i, step %s: inputs the action accepts',
    (_file, _index, _id, step) => {
      const given = Object.entries(step.with ?? {}).map(([name, value]) => [name, String(value)] as const)
      for (const [name] of given) expect(INPUT_NAMES, `unknown input ${name}`).toContain(name)
      const raw = { ...INPUT_DEFAULTS, 'github-token': 'runner-token' } as RawInputs
      for (const [name, value] of given) raw[name as InputName] = value.replace(/\$\{\{.*?\}\}/g, placeholder(name))
      const parsed = parseInputs(raw)
      expect(parsed.ok ? [] : parsed.problems).toEqual([])
    }
  )

  it('read only outputs the action writes', () => {
    const ids = new Set(examples.map(({ step }) => step.id).filter((id) => id !== undefined))
    const used = [
      ...blocks
        .map((block) => block.text)
        .join('\n')
        .matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)
    ].filter((m) => ids.has(m[1] ?? ''))
    expect(used.length).toBeGreaterThan(5)
    for (const [, , name] of used) expect(OUTPUT_NAMES, `unknown output ${name}`).toContain(name)
  })
})

describe('the forks page (docs/usage/forks.md), linked from the README', () => {
  const FILE = 'docs/usage/forks.md'
  const page = readDoc(FILE)
  const found = examples.filter((example) => example.file === FILE)

  it('is linked from the README under the name the warnings give', () => {
    expect(readDoc('README.md')).toContain('[Pull requests from forks](docs/usage/forks.md)')
  })

  it('runs on pull_request_target (never pull_request), writes with the base repository’s token, and checks out nothing of the pull request', () => {
    expect(found).toHaveLength(1)
    const [example] = found
    const workflow = parse(blockOf(example)) as {
      on: Record<string, unknown>
      permissions?: Record<string, string>
      jobs: Record<string, { steps: { uses?: string; run?: string }[] }>
    }
    expect(Object.keys(workflow.on)).toEqual(['pull_request_target', 'merge_group'])
    expect(workflow.permissions).toMatchObject({ statuses: 'write', 'pull-requests': 'write' })
    // The job holds the repository's secrets: no checkout, and nothing run but an echo of an output through env.
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps)
    expect(steps.filter((s) => s.uses?.startsWith('actions/checkout'))).toEqual([])
    expect(steps.flatMap((s) => (s.run ? [s.run] : []))).toEqual(['echo "The docs preview is at $PREVIEW_URL"'])
    expect(example?.step.with).toMatchObject({
      trigger: 'preview',
      'commit-status': 'docs',
      'pr-comment': true,
      'admin-key': `\${{ secrets.DOCS_ADMIN_KEY }}`,
      // The pull request's head, held by expect-sha; a fork's preview is the branch a maintainer pushed.
      'expect-sha': `\${{ github.event.merge_group.head_sha || github.event.pull_request.head.sha }}`,
      'preview-branch': expect.stringContaining(`format('fork-pr-{0}', github.event.pull_request.number)`)
    })
    expect(String(example?.step.with?.['preview-branch'])).toContain('github.event.pull_request.head.repo.full_name == github.repository && github.head_ref')
    expect(page).toContain('git push origin FETCH_HEAD:refs/heads/fork-pr-123')
  })

  it('previews each branch it can name, as the runner would pass it', () => {
    for (const { step } of found) {
      const raw = { ...INPUT_DEFAULTS, 'github-token': 'runner-token' } as RawInputs
      for (const [name, value] of Object.entries(step.with ?? {})) raw[name as InputName] = String(value).replace(/\$\{\{.*?\}\}/g, placeholder(name))
      for (const branch of ['fork-pr-123', 'feature/nav', 'refs/heads/gh-readonly-queue/main/pr-7-c0ffee0123456789abcdef0123456789abcdef01']) {
        raw['preview-branch'] = branch
        const parsed = parseInputs(raw)
        expect(parsed.ok ? [] : parsed.problems).toEqual([])
      }
    }
  })

  it('says where GitLab writes for a fork’s merge request pipeline', () => {
    expect(page).toMatch(/The note\*\* \(`--mr-comment`\) goes on the merge request in its own project,\s+`CI_MERGE_REQUEST_PROJECT_ID`/)
    expect(page).toMatch(/The commit status\*\* \(`--commit-status`\) goes to the pipeline's project, `CI_PROJECT_ID`/)
  })
})
