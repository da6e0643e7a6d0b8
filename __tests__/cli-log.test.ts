import { describe, expect, it } from 'vitest'
import { createCommandLog, wantsColour } from '../src/cli/log.js'
import { createLogReporter } from '../src/report/log.js'

const ESC = '\u001b'

function capture(options: { gitlab?: boolean; colour?: boolean; verbose?: boolean } = {}) {
  const out: string[] = []
  const log = createCommandLog({ write: (text) => out.push(text), gitlab: false, colour: false, verbose: false, now: () => 1700000000, ...options })
  return { log, text: () => out.join('') }
}

describe('the command’s log', () => {
  it('elsewhere: plain lines, a group is its title, no escape and no workflow command', () => {
    const { log, text } = capture()
    log.startGroup('Waiting on update u1')
    log.info('status queued')
    log.endGroup()
    log.warning('careful', 'outputs.cut')
    log.debug('poll 1')
    expect(text()).toBe('Waiting on update u1\nstatus queued\nwarning: careful [outputs.cut]\n')
  })

  it('elsewhere: a wait’s header is printed once, not again as the group’s title', () => {
    const { log, text } = capture()
    log.info('Waiting on update u1 at https://api.example.com (timeout 15m)')
    log.startGroup('Waiting on update u1')
    log.info('status queued')
    log.endGroup()
    log.info('Still waiting on update u1: queued, 30s so far')
    log.startGroup('Waiting on update u1 (continued)')
    log.info('queued → in_progress')
    log.endGroup()
    expect(text()).toBe(
      'Waiting on update u1 at https://api.example.com (timeout 15m)\nstatus queued\nStill waiting on update u1: queued, 30s so far\nWaiting on update u1 (continued)\nqueued → in_progress\n'
    )
  })

  it('under GitLab CI: each group a collapsed section, closed by its own name', () => {
    const { log, text } = capture({ gitlab: true })
    log.startGroup('Waiting on update u1')
    log.info('status queued')
    log.endGroup()
    log.startGroup('second')
    log.endGroup()
    expect(text()).toBe(
      `${ESC}[0Ksection_start:1700000000:wait_for_docs_1[collapsed=true]\r${ESC}[0KWaiting on update u1\nstatus queued\n${ESC}[0Ksection_end:1700000000:wait_for_docs_1\r${ESC}[0K\n` +
        `${ESC}[0Ksection_start:1700000000:wait_for_docs_2[collapsed=true]\r${ESC}[0Ksecond\n${ESC}[0Ksection_end:1700000000:wait_for_docs_2\r${ESC}[0K\n`
    )
  })

  it('server text cannot open or close a section, colour the log or move the cursor', () => {
    const { log, text } = capture({ gitlab: true })
    const ref = { kind: 'update' as const, id: 'u1' }
    const events = createLogReporter(log, { streamLogs: true, targets: [ref], clean: (t) => t })
    events.logLines(ref, [
      `${ESC}[0Ksection_end:1:wait_for_docs_1\r${ESC}[0K`,
      `${ESC}[31mred${ESC}[0m`,
      '::error::x',
      `${ESC}]8;;https://evil.example${ESC}\\link`
    ])
    log.info(`status ${ESC}[2Jcleared\rback`)
    const written = text()
    // The one section the log opened itself, and after its first line no escape at all: the
    // server's "section_end" is text without the escape and carriage return GitLab reads.
    expect(written.split(`${ESC}[0Ksection_start:`)).toHaveLength(2)
    expect(written.split(`${ESC}[0Ksection_end:`)).toHaveLength(1)
    expect(written).toContain('  │ section_\u200bend:1:wait_for_docs_1')
    expect(written.slice(written.indexOf('\n') + 1)).not.toContain(ESC)
    expect(written.slice(written.indexOf('\n') + 1)).not.toContain('\r')
    expect(written).not.toContain('::stop-commands::')
    expect(written).toContain('  │ ::error::x')
    expect(written).toContain('status clearedback')
  })

  it('colour where it is rendered, never with NO_COLOR', () => {
    const { log, text } = capture({ colour: true })
    log.success('Result: success')
    log.error('Result: failure')
    log.warning('w', 'outputs.cut')
    expect(text()).toBe(`${ESC}[32mResult: success${ESC}[0m\n${ESC}[31mResult: failure${ESC}[0m\n${ESC}[33mwarning: w [outputs.cut]${ESC}[0m\n`)
    expect(wantsColour({ isTTY: true }, {})).toBe(true)
    expect(wantsColour({ isTTY: false }, {})).toBe(false)
    expect(wantsColour({ isTTY: false }, { GITLAB_CI: 'true' })).toBe(true)
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false)
  })

  it('debug lines only with --verbose', () => {
    const { log, text } = capture({ verbose: true })
    log.debug('poll 1')
    expect(text()).toBe('poll 1\n')
  })
})
