import { describe, expect, it } from 'vitest'
import { createRedactor, redact } from '../src/text.js'
import { codeSpan, escapeText, escapeHtml, image, link, preBlock, safeUrl, secretForms, table, escapeWithCode } from '../src/report/markdown.js'

describe('escapeText', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['[click](https://evil.example)', '\\[click\\](https:\u200b//evil.example)'],
    ['![x](https://evil.example/x.png)', '\\!\\[x\\]'],
    ['mail me: a@b.example', 'a@\u200bb.example'],
    ['fixes #12', '#\u200b12'],
    ['# not a heading', '\\# not a heading'],
    ['- not a list', '\\- not a list'],
    ['1. not a list', '1\\. not a list'],
    ['hi @octocat', `hi @\u200boctocat`],
    ['a | b', 'a \\| b'],
    ['line1\nline2\r\nline3', 'line1 line2 line3'],
    ['\u001b[31mred\u001b[0m', 'red'],
    ['see www.evil.example', 'see www\u200b.evil.example']
  ])('%j is inert', (text, expected) => {
    expect(escapeText(text)).toContain(expected)
  })

  it('leaves no raw markup characters', () => {
    const out = escapeText('<script>alert(1)</script> [x](y) ![i](j) `code` *b* _i_ ~s~ # h')
    expect(out).not.toMatch(/<|>|(?<!\\)[[\]`*_~!]/)
  })

  it('shortens long text and says so', () => {
    expect(escapeText('a'.repeat(50), 10)).toBe('aaaaaaaaaa… (40 more characters)')
  })
})

describe('codeSpan', () => {
  it('wraps text, escaping pipes and choosing a longer fence for backticks', () => {
    expect(codeSpan('docs/a.mdx')).toBe('`docs/a.mdx`')
    expect(codeSpan('a|b')).toBe('`a\\|b`')
    expect(codeSpan('x ` y')).toBe('``x ` y``')
    expect(codeSpan('`edge`')).toBe('`` `edge` ``')
    expect(codeSpan('')).toBe('')
  })
})

describe('preBlock', () => {
  it('escapes HTML so nothing can close the block', () => {
    expect(preBlock(['</pre><img src=x>', '@team'])).toBe('<pre>\n&lt;/pre&gt;&lt;img src=x&gt;\n@\u200bteam\n</pre>')
  })
})

describe('links and images', () => {
  it('only well-formed https URLs become links or images', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeUrl('http://example.com/x.png')).toBeUndefined()
    expect(safeUrl('https://u:p@example.com/')).toBeUndefined()
    expect(safeUrl('https://example.com/a(b)')).toBe('https://example.com/a%28b%29')
    expect(link('PR', 'https://github.com/a/b/pull/1')).toBe('[PR](https://github.com/a/b/pull/1)')
    expect(link('PR', 'javascript:alert(1)')).toBe('javascript:alert(1)')
    expect(image('shot', 'https://cdn.example.com/a.png"onload="x')).toBe('<img src="https://cdn.example.com/a.png%22onload=%22x" alt="shot" width="400">')
  })
})

describe('table', () => {
  it('renders a header, a rule and rows', () => {
    expect(table(['a', 'b'], [['1', '2']])).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |')
  })
})

describe('a key written as markup or code writes it', () => {
  const key = 'sk_live_0123456789abcdef'
  const clean = createRedactor(secretForms([key]))
  const codes = [...key].map((c) => c.codePointAt(0) ?? 0)
  it.each([
    ['HTML decimal references', codes.map((c) => `&#${c};`).join('')],
    ['HTML hex references, no ;, leading zeros', codes.map((c) => `&#x00${c.toString(16).toUpperCase()}`).join('')],
    ['JSON escapes', codes.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')],
    ['JavaScript hex escapes', codes.map((c) => `\\x${c.toString(16)}`).join('')],
    [
      'part plain, part escaped',
      `sk_live_${codes
        .slice(8)
        .map((c) => `&#${c};`)
        .join('')}`
    ],
    ['UTF-16 hex, little-endian', Buffer.from(key, 'utf16le').toString('hex')],
    ['UTF-16 hex, big-endian, in capitals', Buffer.from(key, 'utf16le').swap16().toString('hex').toUpperCase()],
    ['UTF-16 hex after other hex', `ab${Buffer.from(key, 'utf16le').toString('hex')}`]
  ])('%s: cut', (_, spelt) => {
    expect(clean(`token=${spelt} here`)).toMatch(/^token=\*\*\*|^\*\*\* here$/)
    expect(clean(`token=${spelt} here`)).not.toContain(spelt)
  })

  it('text that spells no key is left as it is, escapes and hex included', () => {
    const text = 'AT&amp;T &#38; \\u0041 \\x41 2026-01-01T00:00:00 00410042004300440045 deadbeef00000000'
    expect(clean(text)).toBe(text)
  })
})

describe('secretForms', () => {
  const key = 'sk_a|b<c>"d\\e*f'
  it.each([
    ['as given', (k: string) => k],
    ['escaped for Markdown', (k: string) => escapeText(k)],
    ['escaped for HTML', (k: string) => escapeHtml(k)],
    ['in a code span', (k: string) => codeSpan(k)],
    ['in a JSON string', (k: string) => JSON.stringify({ k })]
  ])('a key %s is hidden by redacting all its forms', (_how, write) => {
    const text = `before ${write(key)} after`
    expect(text).not.toContain('***')
    expect(redact(text, secretForms([key]))).not.toMatch(/sk|a.?\|.?b/)
    expect(redact(text, secretForms([key]))).toContain('***')
  })

  it.each([
    ['percent-encoded', (k: string) => encodeURIComponent(k)],
    ['percent-encoded byte by byte, in capitals', (k: string) => [...Buffer.from(k)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')],
    ['in base64', (k: string) => Buffer.from(k).toString('base64')],
    ['in base64url', (k: string) => Buffer.from(k).toString('base64url')],
    ['in hex', (k: string) => Buffer.from(k).toString('hex')],
    ['in HEX', (k: string) => Buffer.from(k).toString('hex').toUpperCase()],
    ['split by zero-width spaces', (k: string) => Array.from(k).join('\u200b')],
    ['split by a soft hyphen and a word joiner', (k: string) => `${k.slice(0, 5)}\u00ad${k.slice(5, 9)}\u2060${k.slice(9)}`]
  ])('a key %s is cut whole', (_how, write) => {
    expect(redact(`before ${write(key)} after`, secretForms([key]))).toBe('before *** after')
  })

  it.each([['Bearer '], ['x-user:'], ['a'], ['ab']])('a key in base64 after %j is cut (only the characters that hold the prefix stay)', (prefix) => {
    const encoded = Buffer.from(`${prefix}${key}`).toString('base64')
    const cut = redact(`before ${encoded} after`, secretForms([key]))
    expect(cut).toMatch(/^before \S{0,12}\*\*\*\S{0,4} after$/)
    // What stays decodes to the prefix and nothing of the key.
    expect(cut.replace(/^before (\S*)\*\*\*.*$/, '$1').length).toBeLessThanOrEqual(Math.ceil((prefix.length * 4) / 3))
  })

  it('an encoded form short enough to be an ordinary word is not cut', () => {
    expect(redact('x YV9i y 615f62', secretForms(['a_b']))).toBe('x YV9i y 615f62')
  })

  it('puts longer forms first and ignores empty secrets', () => {
    const forms = secretForms(['a_b', ''])
    expect(forms).toEqual(['a\\_b', 'a_b'])
  })
})

describe('escapeWithCode', () => {
  it('keeps `input-name` code spans of our own sentences, escapes everything else', () => {
    expect(escapeWithCode('raise `timeout` (now 4.0s)')).toBe('raise `timeout` (now 4.0s)')
    expect(escapeWithCode('`a b` <img src=x> @octocat `[x](y)`')).toBe('\\`a b\\` &lt;img src=x&gt; @\u200boctocat \\`\\[x\\](y)\\`')
  })
})
