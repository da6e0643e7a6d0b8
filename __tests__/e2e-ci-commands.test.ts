import { describe, expect, it } from 'vitest'
import { ADMIN_KEY } from '../dev/simulator.js'
import { type CommandRun, runCommand } from './helpers/cli.js'
import { activeCommands, FAST, runAgainst, simulator } from './helpers/e2e.js'

// Server text in what every CI the README names reads as a command: Azure Pipelines runs
// `##vso[` anywhere in a line (and shows `##[section]`…), TeamCity `##teamcity[`, GitHub `::`
// at the start of a trimmed line and `##[` anywhere, GitLab a section marker. The update's log,
// its summary and its commit message carry all of them; nothing the command or the action
// writes where a CI reads it may act.
type Simulator = Awaited<ReturnType<typeof simulator>>

const INJECTED = 'INJECTED'
const HOSTILE = [
  `##vso[task.setvariable variable=${INJECTED}]true`,
  `error: ##vso[task.complete result=Succeeded;]${INJECTED}`,
  `::error::${INJECTED} failed`,
  `build failed ##VSO[task.prependpath]/tmp/${INJECTED}`,
  `##teamcity[buildStatus status='SUCCESS' text='${INJECTED}'] failed`,
  `error ##[section]${INJECTED}`,
  `error \u001b[0Ksection_start:1700000000:${INJECTED}\r\u001b[0K`,
  `fatal: ##TeamCity[message text='${INJECTED}']`
]

function scriptHostile(sim: Simulator, id: string) {
  const text = HOSTILE.join('\n')
  sim.script('update', id, [
    {
      json: {
        _id: id,
        projectId: 'proj-demo',
        createdAt: '2026-01-01T00:00:00Z',
        status: 'failure',
        endedAt: '2026-01-01T00:01:00Z',
        summary: text,
        logs: HOSTILE,
        commit: { sha: 'b1946ac92492d2347c6235b4d2611184a1e2e4f0', ref: 'main', message: text }
      }
    }
  ])
}

/** The lines of `text` another CI would act on: Azure's and TeamCity's anywhere in a line. */
function azureOrTeamCity(text: string): string[] {
  return text.split('\n').filter((line) => /##vso\[|##teamcity\[/i.test(line))
}

/** Every line any CI the README names would run as a command (the command writes none of its own). */
function anyCommand(text: string): string[] {
  return text.split('\n').filter((line) => /##vso\[|##teamcity\[|##\[/i.test(line) || /^\s*::/.test(line) || line.includes(`:${INJECTED}\r`))
}

const cli = (sim: Simulator, args: string[], env: Record<string, string> = {}) =>
  runCommand(
    () => [
      '--base-url',
      sim.url,
      ...Object.entries(FAST).flatMap(([name, value]) => [`--${name}`, value]),
      '--output-file',
      'out.json',
      '--dotenv',
      'docs.env',
      '--junit',
      'junit.xml',
      '--summary-file',
      'summary.md',
      ...args
    ],
    { env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, ...env } }
  )

const written = (run: CommandRun) => [run.stdout, run.stderr, ...['out.json', 'docs.env', 'junit.xml', 'summary.md'].map((name) => run.file(name) ?? '')]

describe.concurrent('no CI command from the server', () => {
  it.for([
    ['a plain CI (Azure Pipelines, TeamCity, Jenkins…)', {}],
    ['GitLab CI', { GITLAB_CI: 'true' }],
    ['GitHub Actions', { GITHUB_ACTIONS: 'true' }]
  ] as const)('the command under %s: the log, the quoted error lines and every report act as nothing', async ([, env]) => {
    const sim = await simulator()
    scriptHostile(sim, 'hostile-1')
    const run = await cli(sim, ['--status-id', 'hostile-1'], env)
    expect(run.code, run.stdout).toBe(1)
    // The quoted error lines are there, only inert.
    expect(run.stdout).toContain('Errors in its log:')
    expect(run.stdout).toContain(INJECTED)
    for (const text of written(run)) expect(anyCommand(text)).toEqual([])
  })

  it('the command with --json and every report on stdout: the JSON is the same value, and inert', async () => {
    const sim = await simulator()
    scriptHostile(sim, 'hostile-2')
    const run = await cli(sim, ['--status-id', 'hostile-2', '--json'])
    expect(run.code, run.stderr).toBe(1)
    expect(anyCommand(run.stdout)).toEqual([])
    expect(anyCommand(run.stderr)).toEqual([])
    const json = JSON.parse(run.stdout) as Record<string, unknown>
    // The value as the server sent it: only its spelling in JSON changed.
    expect(json['update-summary']).toBe(HOSTILE.join('\n'))
    const file = JSON.parse(run.file('out.json') ?? '') as Record<string, unknown>
    expect(file).toEqual(json)
    expect(String(file['commit-message'])).toContain('##vso[task.complete')
  })

  it('the command writing its reports to stdout (a CI that prints them): each is inert', async () => {
    const sim = await simulator()
    scriptHostile(sim, 'hostile-3')
    for (const flag of ['--junit', '--summary-file', '--output-file', '--dotenv']) {
      const run = await runCommand(
        () => [
          '--base-url',
          sim.url,
          ...Object.entries(FAST).flatMap(([name, value]) => [`--${name}`, value]),
          '--status-id',
          'hostile-3',
          flag,
          '/dev/stdout'
        ],
        { env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY } }
      )
      expect(run.code, `${flag}\n${run.stdout}`).toBe(1)
      expect(anyCommand(run.stdout), flag).toEqual([])
    }
  })

  it('the action: no workflow command from the server, and no other CI’s command in its log', async () => {
    const sim = await simulator()
    scriptHostile(sim, 'hostile-4')
    const run = await runAgainst(sim, { 'status-id': 'hostile-4' })
    expect(run.code, run.stdout).toBe(1)
    expect(run.stdout).toContain(INJECTED)
    const fromServer = new RegExp(`^(?:::[\\w-]+(?: [^:]*)?::|##\\[[\\w-]+\\])${INJECTED}`)
    expect(activeCommands(run.stdout).filter((command) => fromServer.test(command))).toEqual([])
    expect(azureOrTeamCity(run.stdout)).toEqual([])
    // The log lines streamed (inside ::stop-commands::) are inert by themselves too.
    expect(
      anyCommand(run.stdout.replace(/^::(?:stop-commands|group|endgroup|error|warning|debug|add-mask)::.*$/gm, '').replace(/^::[0-9a-f-]{36}::$/gm, ''))
    ).toEqual([])
  })
})
