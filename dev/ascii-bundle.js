// A bundle spelled in ASCII alone. Node reads a script as UTF-8 into a JavaScript string; a source
// with one character past ASCII (a "✓" in a message, a "—" in a comment) becomes a two-byte
// string, slower to decode and to scan than a one-byte one, and the whole bundle pays for it at
// every start (bench/results.md, experiment (g)). Each such character is written as its escape,
// which means the same character wherever it stands: in a string, a template or a regular
// expression (`\uXXXX`, one per UTF-16 unit, a surrogate pair as two, which a `u` regular
// expression reads as one code point), in a name (`\u{…}`), in a comment (nothing to mean).
//
// Where an escape would not mean the same, the build fails instead of changing the program: a
// character after a backslash, a space or line break of Unicode outside a literal (in a `//`
// comment, a U+2028 ends the line), and the text of a tagged template (its tag may read the raw
// text, as String.raw does). The cooked text of every literal and every name is compared before
// and after; a difference fails the build too.
import ts from 'typescript'

/** Unicode's spaces and line breaks, which an escape would turn into something else outside a literal. */
const SPACE_OR_BREAK = /[\s\u2028\u2029\uFEFF]/u

/** @param {string} text */
const hex4 = (text) => text.charCodeAt(0).toString(16).padStart(4, '0')

/**
 * The literals of a parsed bundle, in the order of the source: where each stands, its kind, its
 * cooked text, and whether it is the text of a tagged template; the names, with their cooked text.
 * @param {ts.SourceFile} file
 */
function literalsOf(file) {
  /** @type {{ start: number; end: number; kind: string; text: string; tagged: boolean }[]} */
  const literals = []
  /** @type {string[]} */
  const names = []
  /** @param {ts.Node} node @param {boolean} tagged */
  const visit = (node, tagged) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node))
      literals.push({ start: node.getStart(file), end: node.end, kind: ts.SyntaxKind[node.kind], text: node.text, tagged })
    else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) names.push(ts.idText(node))
    if (ts.isTaggedTemplateExpression(node)) {
      visit(node.tag, false)
      visit(node.template, true)
      return
    }
    if (ts.isTemplateExpression(node)) {
      visit(node.head, tagged)
      for (const span of node.templateSpans) {
        visit(span.expression, false)
        visit(span.literal, tagged)
      }
      return
    }
    ts.forEachChild(node, (child) => visit(child, false))
  }
  visit(file, false)
  return { literals, names }
}

/** @param {string} name @param {string} code */
function parse(name, code) {
  const file = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
  const problems = /** @type {{ parseDiagnostics?: readonly ts.Diagnostic[] }} */ (/** @type {unknown} */ (file)).parseDiagnostics ?? []
  if (problems.length > 0)
    throw new Error(`${name}: not parsed whole, so not rewritten in ASCII: ${ts.flattenDiagnosticMessageText(problems[0]?.messageText ?? '', ' ')}`)
  return file
}

/**
 * `code` with every character past ASCII written as its escape; throws, naming the place, where an
 * escape would change what the program means.
 * @param {string} code the bundle's source
 * @param {string} name the file's name, for the errors
 * @returns {{ code: string; escaped: number }}
 */
export function asciiOnly(code, name) {
  if (!/[^\0-\x7f]/.test(code)) return { code, escaped: 0 }
  const before = literalsOf(parse(name, code))
  // Each unit past ASCII, and the literal it stands in, if any (the literals are in the source's order).
  let out = ''
  let escaped = 0
  let literal = 0
  const at = (index) => `${name}:${code.slice(0, index).split('\n').length}`
  for (let index = 0; index < code.length; index++) {
    const unit = code[index]
    if (unit.charCodeAt(0) < 0x80) {
      out += unit
      continue
    }
    while (literal < before.literals.length && before.literals[literal].end <= index) literal++
    const inside = before.literals[literal]
    const inLiteral = inside !== undefined && inside.start <= index
    if (code[index - 1] === '\\') throw new Error(`${at(index)}: a backslash before U+${hex4(unit)}; its escape would mean another text`)
    if (inLiteral && inside.tagged) throw new Error(`${at(index)}: U+${hex4(unit)} in a tagged template, whose tag may read its raw text`)
    if (inLiteral) {
      out += `\\u${hex4(unit)}`
      escaped++
      continue
    }
    const point = /** @type {number} */ (code.codePointAt(index))
    const char = String.fromCodePoint(point)
    if (SPACE_OR_BREAK.test(char)) throw new Error(`${at(index)}: U+${hex4(char)} outside a literal; as an escape it would no longer part the code`)
    out += `\\u{${point.toString(16)}}`
    escaped++
    index += char.length - 1
  }
  if (/[^\0-\x7f]/.test(out)) throw new Error(`${name}: still past ASCII after its escapes`)
  const after = literalsOf(parse(name, out))
  const same =
    after.literals.length === before.literals.length &&
    after.literals.every((lit, i) => lit.kind === before.literals[i]?.kind && sameText(lit, before.literals[i])) &&
    after.names.length === before.names.length &&
    after.names.every((n, i) => n === before.names[i])
  if (!same) throw new Error(`${name}: its literals or names read otherwise once escaped; not rewritten`)
  return { code: out, escaped }
}

/**
 * Whether two literals mean the same text: strings and templates by their cooked text; a regular
 * expression by what it compiles to (its source differs by the escapes, its matches do not).
 * @param {{ kind: string; text: string }} a @param {{ kind: string; text: string } | undefined} b
 */
function sameText(a, b) {
  if (!b) return false
  if (a.kind !== 'RegularExpressionLiteral') return a.text === b.text
  const parts = (text) => /^\/([\s\S]*)\/([a-z]*)$/.exec(text)
  const [, sourceA = '', flagsA = ''] = parts(a.text) ?? []
  const [, sourceB = '', flagsB = ''] = parts(b.text) ?? []
  if (flagsA !== flagsB) return false
  // Compiled, both must match the same: compared by the characters each escape stands for.
  return unescapeUnits(sourceA) === unescapeUnits(sourceB)
}

/** A regular expression's source with every `\uXXXX` written as its unit (past ASCII only, as the escapes above wrote them). @param {string} source */
const unescapeUnits = (source) =>
  source.replace(/\\u([0-9a-f]{4})/g, (whole, digits) => (Number.parseInt(digits, 16) >= 0x80 ? String.fromCharCode(Number.parseInt(digits, 16)) : whole))
