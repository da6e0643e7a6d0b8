// GitLab's reading of an artifacts:reports:dotenv file (Ci::ParseDotenvArtifactService): every
// line `KEY=VALUE`, key and value stripped, keys of letters, digits and _, no blank line, at
// most 20 variables and 5 KB. Throws where GitLab would refuse the report.
export function parseGitLabDotenv(text: string, { maxKeys = 20, maxBytes = 5 * 1024 } = {}): Record<string, string> {
  if (Buffer.byteLength(text) > maxBytes) throw new Error(`dotenv report over ${maxBytes} bytes`)
  const variables: Record<string, string> = {}
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text === '' ? [] : text.split('\n')
  for (const line of lines) {
    const match = /^(.*?)=(.*)$/.exec(line)
    if (!match) throw new Error(`invalid format: ${JSON.stringify(line)}`)
    const key = (match[1] ?? '').trim()
    const value = (match[2] ?? '').trim()
    if (!/^[a-zA-Z0-9_]+$/.test(key)) throw new Error(`invalid key: ${JSON.stringify(key)}`)
    variables[key] = value
  }
  if (Object.keys(variables).length > maxKeys) throw new Error(`more than ${maxKeys} variables`)
  return variables
}
