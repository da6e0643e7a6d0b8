// The command's log: the same lines as the action's, written for where it runs. Under GitLab CI
// a group is a collapsible section; elsewhere plain lines. No GitHub workflow command is ever
// written, and nothing the server sent can open or close a section, colour the log or act as a
// command of any CI (Azure's `##vso[`, TeamCity's `##teamcity[`, GitHub's `::`): every line loses
// its control characters and escapes, and has its commands broken, before the log adds its own.
import type { LogSink } from '../report/log.js'
import { inertCommands, stripControl } from '../text.js'
import { type WarningCode, withCodes } from '../warnings.js'

export interface CommandLog extends LogSink {
  /** The run's failure, in red where colour is shown. */
  error(message: string): void
  /** The run's success, in green where colour is shown. */
  success(message: string): void
}

export interface CommandLogOptions {
  write: (text: string) => void
  /**
   * The words of every line as they are printed here (inputs named as given, keys cut out); not
   * a warning's code, which stays as src/warnings.ts has it ("commit-status.not-written" is no
   * input to rename).
   */
  words?: (text: string) => string
  /** GITLAB_CI=true: groups as collapsible sections. */
  gitlab: boolean
  colour: boolean
  /** Print the debug lines (each poll). */
  verbose: boolean
  /** Seconds since the epoch, for the section markers. */
  now?: () => number
}

const ESC = '\u001b'
const COLOURS = { red: '31', green: '32', yellow: '33', bold: '1' } as const

/** Colour where it is rendered: a terminal, or GitLab's job log; never with NO_COLOR. */
export function wantsColour(stream: { isTTY?: boolean }, env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  return stream.isTTY === true || env.GITLAB_CI === 'true'
}

export function createCommandLog(options: CommandLogOptions): CommandLog {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))
  const paint = (colour: keyof typeof COLOURS, text: string) => (options.colour ? `${ESC}[${COLOURS[colour]}m${text}${ESC}[0m` : text)
  const words = options.words ?? ((text: string) => text)
  // Keys are cut out last, from each line as it is printed (as a key spelled across control characters is one once they are gone).
  const lines = (message: string) =>
    stripControl(message)
      .split('\n')
      .map((line) => words(inertCommands(line)))
  // The last line printed, for a plain group title that would only repeat it.
  let last = ''
  /** Prints `message` line by line; `codes`, a warning's, at the end of its last line. */
  const print = (message: string, colour?: keyof typeof COLOURS, codes?: WarningCode | readonly WarningCode[]) => {
    const printed = lines(message)
    printed.forEach((line, i) => {
      const whole = codes !== undefined && i === printed.length - 1 ? withCodes(line, codes) : line
      options.write(`${colour ? paint(colour, whole) : whole}\n`)
      last = whole
    })
  }
  const sections: string[] = []
  let opened = 0
  return {
    info: (message) => print(message),
    debug: (message) => {
      if (options.verbose) print(message)
    },
    warning: (message, code) => print(`warning: ${message}`, 'yellow', code),
    error: (message) => print(message, 'red'),
    success: (message) => print(message, 'green'),
    startGroup(name) {
      const title = lines(name).join(' ')
      if (!options.gitlab) {
        // Plain lines have no section to title: a title the line before already says ("Waiting on
        // update u1" after "Waiting on update u1 at … (timeout …)") is not printed again.
        if (!last.startsWith(title)) print(title, 'bold')
        return
      }
      const id = `wait_for_docs_${++opened}`
      sections.push(id)
      options.write(`${ESC}[0Ksection_start:${now()}:${id}[collapsed=true]\r${ESC}[0K${paint('bold', title)}\n`)
    },
    endGroup() {
      const id = sections.pop()
      if (options.gitlab && id) options.write(`${ESC}[0Ksection_end:${now()}:${id}\r${ESC}[0K\n`)
    }
  }
}
