// A parser of the part of Groovy a declarative Jenkinsfile is written in: strings ('…', "…",
// '''…''', """…""", with their escapes), comments, and nested blocks `name (args) { … }`. It
// throws, naming the line, on what Groovy would refuse: an unterminated string or comment, a
// bracket closed by the wrong one or never closed. The blocks come back as a tree, so a test can
// check the declarative structure (pipeline → stages → stage → steps).

export interface Block {
  /** The words before the `{`, e.g. `stage('Docs')` or `post`. */
  head: string
  line: number
  blocks: Block[]
  /** The statements directly inside, without the nested blocks. */
  body: string
}

const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' }

export function parseJenkinsfile(text: string): Block {
  const root: Block = { head: '', line: 1, blocks: [], body: '' }
  const stack: { char: string; line: number; block?: Block }[] = []
  const blocks: Block[] = [root]
  let line = 1
  let statement = ''
  let i = 0
  const current = () => blocks[blocks.length - 1] as Block
  while (i < text.length) {
    const char = text[i] as string
    const rest = text.slice(i)
    if (char === '\n') line++
    if (rest.startsWith('//')) {
      const end = text.indexOf('\n', i)
      i = end === -1 ? text.length : end
      continue
    }
    if (rest.startsWith('/*')) {
      const end = text.indexOf('*/', i + 2)
      if (end === -1) throw new Error(`line ${line}: a comment is never closed`)
      line += text.slice(i, end).split('\n').length - 1
      i = end + 2
      continue
    }
    if (char === "'" || char === '"') {
      const quote = rest.startsWith(char.repeat(3)) ? char.repeat(3) : char
      let j = i + quote.length
      while (j < text.length && !text.startsWith(quote, j)) {
        if (text[j] === '\\') j++
        else if (text[j] === '\n' && quote.length === 1) throw new Error(`line ${line}: a string is not closed on its line`)
        j++
      }
      if (j >= text.length) throw new Error(`line ${line}: a string is never closed`)
      const literal = text.slice(i, j + quote.length)
      line += literal.split('\n').length - 1
      statement += literal
      i = j + quote.length
      continue
    }
    if (char === '(' || char === '[') {
      stack.push({ char, line })
      statement += char
    } else if (char === '{') {
      const block: Block = { head: statement.trim().split('\n').at(-1)?.trim() ?? '', line, blocks: [], body: '' }
      current().body += statement.split('\n').slice(0, -1).join('\n')
      current().blocks.push(block)
      blocks.push(block)
      stack.push({ char, line, block })
      statement = ''
    } else if (char === ')' || char === ']' || char === '}') {
      const open = stack.pop()
      if (open?.char !== PAIRS[char]) throw new Error(`line ${line}: '${char}' closes ${open ? `'${open.char}' of line ${open.line}` : 'nothing'}`)
      if (char === '}') {
        current().body += statement
        blocks.pop()
        statement = ''
      } else statement += char
    } else statement += char
    i++
  }
  const open = stack.pop()
  if (open) throw new Error(`line ${open.line}: '${open.char}' is never closed`)
  root.body += statement
  return root
}

/** The nested block whose head is `head` or starts with `head(` / `head `. */
export function child(block: Block | undefined, head: string): Block | undefined {
  return block?.blocks.find((b) => b.head === head || b.head.startsWith(`${head}(`) || b.head.startsWith(`${head} `))
}
