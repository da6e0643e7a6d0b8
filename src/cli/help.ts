// `wait-for-docs --help`, written from the flag definitions (the inputs' own, from action.yml).
import { EXIT_CODE_MEANINGS } from './exit-codes.js'
import { COMMAND_FLAGS, envName, type Flag, INPUT_FLAGS } from './flags.js'

const WIDTH = 100

export function renderHelp(version: string): string {
  return [
    `wait-for-docs ${version}: start a docs platform update, preview or agent job (or take its id), wait for it, report the outcome.`,
    '',
    'Usage: wait-for-docs [flags]',
    '  e.g. wait-for-docs --trigger update --project-id "$DOCS_PROJECT_ID" --expect-sha "$CI_COMMIT_SHA" --dotenv docs.env --junit docs-junit.xml',
    '',
    'Every flag can also come from the environment as WAIT_FOR_DOCS_<NAME> (e.g. WAIT_FOR_DOCS_ADMIN_KEY);',
    'a flag wins over the environment. Keys belong in the environment: a key given as a flag may be',
    'seen in the process list.',
    ...wrap(
      `Lists (${INPUT_FLAGS.filter((flag) => flag.kind === 'list')
        .map((flag) => `--${flag.name}`)
        .join(', ')}, marked <value>… below): repeat the flag, or separate the values with newlines (or commas, but in a search query a comma is part of it).`,
      WIDTH
    ),
    '',
    'Inputs (the same as the action’s):',
    ...INPUT_FLAGS.filter((flag) => !flag.actionOnly).flatMap(describeFlag),
    '',
    'Inputs only the GitHub Action acts on (its pull request comment and deployment): the command',
    'line accepts them and does nothing with them. On GitLab, --mr-comment keeps a note on the merge',
    'request, and a job’s environment: url can come from DOCS_PREVIEW_URL in the --dotenv report.',
    ...INPUT_FLAGS.filter((flag) => flag.actionOnly).flatMap(describeFlag),
    '',
    'Reports and the merge request note:',
    ...COMMAND_FLAGS.flatMap(describeFlag),
    '',
    '  --help               This text.',
    '  --version            The version.',
    '',
    'Exit codes:',
    ...EXIT_CODE_MEANINGS.map(([code, meaning]) => `  ${code.padEnd(Math.max(9, ...EXIT_CODE_MEANINGS.map(([c]) => c.length)))} ${meaning}`),
    ''
  ].join('\n')
}

function describeFlag(flag: Flag): string[] {
  const form = flag.kind === 'boolean' ? `--[no-]${flag.name}` : `--${flag.name} ${flag.kind === 'list' ? '<value>…' : '<value>'}`
  const usage = flag.actionOnly ? `${form}  [GitHub Action only]` : form
  const facts = [flag.default === '' ? '' : `default: ${flag.default}`, `env: ${envName(flag.name)}`].filter(Boolean).join(' · ')
  return [`  ${usage}`, ...[...wrap(flag.help, WIDTH - 6), facts].map((line) => `      ${line}`)]
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  if (line !== '') lines.push(line)
  return lines
}
