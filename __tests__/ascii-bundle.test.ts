import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { asciiOnly } from '../dev/ascii-bundle.js'

/** What a script's last expression evaluates to, as JSON (regular expressions by what they match). */
const run = (code: string) => JSON.stringify(vm.runInNewContext(code))

describe('a bundle spelled in ASCII alone (dev/ascii-bundle.js)', () => {
  it('writes every character past ASCII as its escape, and the program means the same', () => {
    const code = [
      '// Jimmy Wärting — a comment',
      'const mark = { success: "✅", failure: "❌", wait: "⏳", stop: "🛑" }',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the JavaScript of a bundle, as text
      'const line = `✓ ${mark.success} — done…`',
      'const names = /[‪-‮⁦-⁩]/g',
      'const dash = /[–—]/u.test("a — b")',
      'const astral = /🛑/u.exec("x🛑y")?.index',
      'const café = "crème";',
      '[mark, line, "a‪b⁦c".replace(names, ""), dash, astral, café, "’".length]'
    ].join('\n')
    const { code: out, escaped } = asciiOnly(code, 'sample.js')
    expect(out).toMatch(/^[\0-\x7f]*$/)
    expect(escaped).toBeGreaterThan(15)
    expect(run(out)).toBe(run(code))
    // In a name, one escape for the code point; in a string, one for each UTF-16 unit.
    expect(out).toContain('caf\\u{e9}')
    expect(out).toContain('"\\ud83d\\uded1"')
  })

  it('leaves a source already in ASCII as it is', () => {
    const code = 'const a = "plain"\n'
    expect(asciiOnly(code, 'plain.js')).toEqual({ code, escaped: 0 })
  })

  it('refuses to change what an escape would not mean the same', () => {
    // After a backslash, the escape would be another text.
    expect(() => asciiOnly('const a = /\\—/', 'a.js')).toThrow(/a\.js:1: a backslash before U\+2014/)
    // A tag may read the raw text, which the escape changes.
    expect(() => asciiOnly('const a = 1\nconst b = String.raw`✓`', 'b.js')).toThrow(/b\.js:2: U\+2713 in a tagged template/)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the JavaScript of a bundle, as text
    expect(() => asciiOnly('const b = tag`a ${1} ✓`', 'b.js')).toThrow(/tagged template/)
    // In a `//` comment, U+2028 ends the line: as an escape, the code after it would become comment.
    expect(() => asciiOnly('// note\u2028run()', 'c.js')).toThrow(/c\.js:1: U\+2028 outside a literal/)
    expect(() => asciiOnly('const a =\u00a01', 'd.js')).toThrow(/U\+00a0 outside a literal/)
    // Not parsed whole: nothing is rewritten.
    expect(() => asciiOnly('const a = "✓"; const = 2', 'e.js')).toThrow(/e\.js: not parsed whole/)
  })

  it('a template without a tag, and one whose tag is outside its text, are rewritten', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the JavaScript of a bundle, as text
    const code = 'const t = (s, ...v) => s.join("|") + v.join(",");\n[`a ✓ ${"b ✓"} c`, t`x${"✓"}y`]'
    const { code: out } = asciiOnly(code, 'f.js')
    expect(run(out)).toBe(run(code))
  })
})
