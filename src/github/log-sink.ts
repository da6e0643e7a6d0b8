import { randomUUID } from 'node:crypto'
import * as core from '@actions/core'
import type { LogSink } from '../report/log.js'

/**
 * Lines between `::stop-commands::` and its resume marker, with a random token the server cannot
 * guess: no line in between can act as a workflow command.
 */
export function withStopCommands(lines: readonly string[], token = randomUUID()): string[] {
  if (lines.length === 0) return []
  return [`::stop-commands::${token}`, ...lines, `::${token}::`]
}

/** The step log through the toolkit; the server's log lines are printed with workflow commands stopped. */
export const githubLog: LogSink = {
  info: (message) => core.info(message),
  debug: (message) => core.debug(message),
  warning: (message) => core.warning(message),
  startGroup: (name) => core.startGroup(name),
  endGroup: () => core.endGroup(),
  untrusted: (lines) => withStopCommands(lines)
}
