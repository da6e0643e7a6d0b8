// Renders an action's stdout the way the Actions page shows it: workflow commands are not
// printed as such. Groups become headings with their lines indented below them (the page shows
// them collapsed; here they are open), annotations coloured lines (with their file and line),
// masked values `***`; `::stop-commands::` blocks are shown as plain text, and debug lines only
// when asked for. Used by `npm run demo`.

const COLORS = { red: '31', yellow: '33', blue: '34', cyan: '36', dim: '2', bold: '1' }

/** `%0A`, `%0D`, `%25` (and `%3A`, `%2C` in properties) as the runner decodes them. */
function unescapeData(text) {
  return text.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%')
}
function unescapeProperty(text) {
  return unescapeData(text).replace(/%3A/gi, ':').replace(/%2C/gi, ',')
}

/**
 * A line-by-line renderer that keeps the state of the log (masks, stop-commands).
 * @param {{ color?: boolean, debug?: boolean }} [options]
 * @returns {(line: string) => string[]} the lines to show for one line of output (often none)
 */
export function createWorkflowLogRenderer({ color = false, debug = false } = {}) {
  const paint = (name, text) => (color ? `\u001b[${COLORS[name]}m${text}\u001b[0m` : text)
  const masks = []
  let stopToken
  const mask = (text) => masks.reduce((out, secret) => out.split(secret).join('***'), text)

  let inGroup = false
  const render = (raw) => {
    const line = raw.replace(/\r$/, '')
    if (stopToken) {
      if (line.trim() === `::${stopToken}::`) stopToken = undefined
      else return [mask(line)]
      return []
    }
    const command = /^\s*::([a-z-]+)(?: ([^:]*))?::(.*)$/i.exec(line)
    if (!command) return [mask(line)]
    const [, name, props = '', data] = command
    const message = mask(unescapeData(data))
    switch (name) {
      case 'add-mask':
        if (data) masks.push(data)
        return []
      case 'stop-commands':
        stopToken = data
        return []
      case 'group':
        inGroup = false
        return [paint('bold', `▼ ${message}`)]
      case 'endgroup':
        inGroup = false
        return []
      case 'debug':
        return debug ? message.split('\n').map((part) => paint('dim', `[debug] ${part}`)) : []
      case 'error':
      case 'warning':
      case 'notice': {
        const fields = Object.fromEntries(
          props
            .split(',')
            .filter(Boolean)
            .map((pair) => {
              const at = pair.indexOf('=')
              return [pair.slice(0, at), unescapeProperty(pair.slice(at + 1))]
            })
        )
        const where = fields.file ? ` ${fields.file}${fields.line ? `:${fields.line}` : ''}` : ''
        const title = fields.title ? ` ${mask(fields.title)}:` : ''
        const label = { error: 'Error', warning: 'Warning', notice: 'Notice' }[name]
        const colour = { error: 'red', warning: 'yellow', notice: 'blue' }[name]
        const [first, ...rest] = message.split('\n')
        return [paint(colour, `${label}${where}:${title} ${first}`), ...rest.map((part) => paint(colour, `  ${part}`))]
      }
      default:
        // set-output, save-state, echo and the like do not show on the Actions page.
        return []
    }
  }
  return (raw) => {
    const lines = render(raw)
    const indented = inGroup ? lines.map((line) => `  ${line}`) : lines
    if (/^\s*::group::/.test(raw)) inGroup = true
    return indented
  }
}

/** Renders a whole log at once. */
export function renderWorkflowLog(text, options) {
  const render = createWorkflowLogRenderer(options)
  return text.split('\n').flatMap(render).join('\n')
}

/**
 * The workflow commands the runner acts on in an action's stdout: every `::name::` line (and
 * `##[` line) outside a `::stop-commands::` block. Text a step printed inside such a block is
 * shown as it is, so it is no command.
 * @param {string} stdout
 * @returns {string[]}
 */
export function activeCommands(stdout) {
  /** @type {string[]} */
  const commands = []
  /** @type {string | undefined} */
  let stopToken
  for (const line of stdout.split(/\r?\n/)) {
    const text = line.trimStart()
    if (stopToken) {
      if (text === `::${stopToken}::`) stopToken = undefined
      continue
    }
    const stop = /^::stop-commands::(.+)$/.exec(text)
    if (stop) stopToken = stop[1]
    else if (text.startsWith('::') || text.includes('##[')) commands.push(text)
  }
  return commands
}
