import { randomUUID } from 'node:crypto'
import * as core from '@actions/core'
import type { LogSink } from '../report/log.js'
import { inertCommands } from '../text.js'
import { withCodes } from '../warnings.js'

/**
 * Lines between `::stop-commands::` and its resume marker, with a random token the server cannot
 * guess: no line in between can act as a workflow command.
 */
export function withStopCommands(lines: readonly string[], token = randomUUID()): string[] {
  if (lines.length === 0) return []
  return [`::stop-commands::${token}`, ...lines, `::${token}::`]
}

/** The stop-commands markers handed out by `githubLog.untrusted`, printed as they are (once each). */
const markers = new Set<string>()

/**
 * The step log through the toolkit: every line made inert (`inertCommands`: no workflow command,
 * nor another CI's, from what it holds), and the server's log lines printed with workflow
 * commands stopped besides.
 */
export const githubLog: LogSink = {
  info: (message) => core.info(markers.delete(message) ? message : inertCommands(message)),
  debug: (message) => core.debug(inertCommands(message)),
  warning: (message, code) => core.warning(withCodes(inertCommands(message), code)),
  startGroup: (name) => core.startGroup(inertCommands(name)),
  endGroup: () => core.endGroup(),
  untrusted(lines) {
    const wrapped = withStopCommands(lines)
    const [first, last] = [wrapped[0], wrapped[wrapped.length - 1]]
    if (first !== undefined && last !== undefined) markers.add(first).add(last)
    return wrapped
  }
}
