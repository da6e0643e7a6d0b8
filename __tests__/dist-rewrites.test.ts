import { AssertionError } from 'node:assert'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN_KEY } from '../dev/simulator.js'
import { assertAtFirstUse, builtinsDirect, httpAtUse } from '../dev/dist-rewrites.js'
import { reportDir, runCommand } from './helpers/cli.js'
import { simulator } from './helpers/e2e.js'

// What `npm run package` changes in the scripts ncc writes (dev/dist-rewrites.js): each rewrite on
// the shapes ncc and its minifier write, the build failing on any other; and the bundle as built.

/** The value of a rewritten module: `code` run as a function body that ends with `return`. */
const evaluated = (code: string): unknown => new Function(code)()

afterEach(() => vi.restoreAllMocks())

describe("Node's built-in modules without a CommonJS require", () => {
  const bundle = [
    'import{createRequire as e}from"module";',
    'var A={1:A=>{A.exports=e(import.meta.url)("node:fs")},2:A=>{A.exports=e(import.meta.url)("path")},',
    '3:A=>{A.exports=e(import.meta.url)("left-pad")},4:A=>{A.exports=xe(import.meta.url)("node:os")}};'
  ].join('')

  it('rewrites a require of a built-in module, by either name, and nothing else', () => {
    const out = builtinsDirect(bundle, 'a.js')
    expect(out).toContain('1:A=>{A.exports=process.getBuiltinModule("node:fs")}')
    expect(out).toContain('2:A=>{A.exports=process.getBuiltinModule("path")}')
    // Not a built-in: still required as a package.
    expect(out).toContain('e(import.meta.url)("left-pad")')
    // Another function whose name ends like the import's.
    expect(out).toContain('xe(import.meta.url)("node:os")')
  })

  it('follows the name the bundle gives createRequire, as the action bundle spells it too', () => {
    const action = [
      'import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";',
      'module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");'
    ].join('\n')
    expect(builtinsDirect(action, 'a.js')).toContain('module.exports = process.getBuiltinModule("node:assert");')
  })

  it('leaves a script without the import as it is, and fails the build on an import that requires no built-in', () => {
    expect(builtinsDirect('export const chunk = 1', 'chunk.js')).toBe('export const chunk = 1')
    expect(() => builtinsDirect('import{createRequire as e}from"module";e(import.meta.url)("left-pad")', 'b.js')).toThrow(
      /b\.js: createRequire is imported, but no require of a built-in module was found/
    )
  })
})

describe('node:assert behind a stand-in', () => {
  /** The stand-in, and how often it asked Node for node:assert. */
  const standIn = () => {
    const loads = vi.spyOn(process, 'getBuiltinModule')
    const assert = evaluated(assertAtFirstUse('return process.getBuiltinModule("node:assert")', 'a.js')) as typeof import('node:assert')
    return { assert, loads: () => loads.mock.calls.filter(([id]) => id === 'node:assert').length }
  }

  it('a passing assertion returns without loading node:assert', () => {
    const { assert, loads } = standIn()
    expect(assert(true)).toBeUndefined()
    expect(assert(1, 'message')).toBeUndefined()
    expect(assert({})).toBeUndefined()
    expect(loads()).toBe(0)
  })

  it("a failing one throws node:assert's own error, with its message", () => {
    const { assert, loads } = standIn()
    expect(() => assert(false, 'the invariant')).toThrow(AssertionError)
    expect(() => assert(0, 'the invariant')).toThrow('the invariant')
    expect(() => assert(null)).toThrow(AssertionError)
    // As node:assert: a call without a value fails.
    expect(() => (assert as unknown as () => void)()).toThrow(AssertionError)
    expect(loads()).toBeGreaterThan(0)
  })

  it('every property is the module’s own', () => {
    const { assert } = standIn()
    expect(assert.AssertionError).toBe(AssertionError)
    expect(() => assert.strictEqual(1, 2)).toThrow(AssertionError)
    expect(() => assert.ok(false)).toThrow(AssertionError)
    expect('deepStrictEqual' in assert).toBe(true)
  })

  it('fails the build of a bundle that does not require node:assert', () => {
    expect(() => assertAtFirstUse('const a = 1', 'c.js')).toThrow(/c\.js: expected a require of node:assert/)
  })
})

describe("node:http where undici uses it (the command's bundle)", () => {
  const HTTP = '7067:A=>{A.exports=process.getBuiltinModule("node:http")}'
  const UTIL = '3440:(e,A,t)=>{const{IncomingMessage:a}=t(7067);function destroy(e,A){if(Object.getPrototypeOf(e).constructor===a){e.socket=null}}}'
  const CLIENT = '3701:(e,A,t)=>{const n=t(4589);const o=t(7067);class Client{constructor(e,{maxHeaderSize:t}={}){this.max=t||o.maxHeaderSize}}}'
  const bundle = `var A={${HTTP},${UTIL},${CLIENT}};`

  it('reads IncomingMessage and the default header limit from node:http at their use, and requires it nowhere else', () => {
    const out = httpAtUse(bundle, 'cli.js')
    expect(out).not.toMatch(/t\(7067\)/)
    expect(out).toContain('.constructor===process.getBuiltinModule("node:http").IncomingMessage)')
    expect(out).toContain('const o=new Proxy({},{get:(_,key)=>Reflect.get(process.getBuiltinModule("node:http"),key)});')
    // The proxy reads what node:http holds.
    const http = evaluated(`${out.slice(out.indexOf('const o='), out.indexOf(';class') + 1)}return o`) as { maxHeaderSize: number }
    expect(http.maxHeaderSize).toBe(process.getBuiltinModule('node:http').maxHeaderSize)
  })

  it('fails the build on any other shape', () => {
    expect(() => httpAtUse(`var A={${HTTP},${CLIENT}};`, 'a.js')).toThrow(/a\.js: expected one destructuring of IncomingMessage/)
    expect(() => httpAtUse(`var A={${HTTP},${UTIL}};`, 'b.js')).toThrow(/b\.js: expected one require of node:http as a whole/)
    expect(() => httpAtUse(`var A={${UTIL},${CLIENT}};`, 'c.js')).toThrow(/c\.js: module 7067, .* is not node:http/)
    const another = '9:(e,A,t)=>{const{request:r}=t(7067)}'
    expect(() => httpAtUse(`var A={${HTTP},${UTIL},${CLIENT},${another}};`, 'd.js')).toThrow(/d\.js: node:http is required elsewhere too/)
    const twice = UTIL.replace('{e.socket=null}', '{e.socket=null}if(e.constructor===a){}')
    expect(() => httpAtUse(`var A={${HTTP},${twice},${CLIENT}};`, 'e.js')).toThrow(/e\.js: expected undici's core\/util\.js to compare/)
  })
})

describe('the command as built', () => {
  // What a plain run loads of Node's own modules, read by a preload at exit (NODE_OPTIONS).
  const PRELOAD = `process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_FILE, process.moduleLoadList.join('\\n')))`

  it('a plain run loads neither node:http, nor node:assert, nor node:crypto, nor node:dns at an IP address, and a report still gets its temp name', async () => {
    const sim = await simulator()
    // One request, as the bench's start-up runs: an update already deployed.
    sim.script('update', 'done', [{ json: { status: 'success', endedAt: '2026-01-01T00:00:00Z' } }])
    const dir = reportDir()
    const preload = path.join(dir, 'loaded.cjs')
    writeFileSync(preload, PRELOAD)
    const plain = await runCommand(() => ['--base-url', sim.url, '--status-id', 'done', '--json'], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, NODE_OPTIONS: `--require ${preload}`, LOADED_FILE: path.join(dir, 'plain.txt') }
    })
    expect(plain.code, plain.stderr).toBe(0)
    const loaded = readFileSync(path.join(dir, 'plain.txt'), 'utf8').split('\n')
    // The reading sees what it means to: a module every run loads.
    expect(loaded).toContain('NativeModule net')
    // node:dns is loaded by the first name to look up: the simulator is at an IP address.
    for (const name of ['http', '_http_client', 'assert', 'crypto', 'http2', 'dns', 'dns/promises'])
      expect(loaded, `a plain run loads node:${name}`).not.toContain(`NativeModule ${name}`)
    // A report file is written through a temp file named with node:crypto's random bytes.
    const reported = await runCommand(() => ['--base-url', sim.url, '--status-id', 'done', '--output-file', 'out.json'], {
      env: { WAIT_FOR_DOCS_ADMIN_KEY: ADMIN_KEY, NODE_OPTIONS: `--require ${preload}`, LOADED_FILE: path.join(dir, 'reported.txt') }
    })
    expect(reported.code, reported.stderr).toBe(0)
    expect(JSON.parse(reported.file('out.json') ?? '{}')).toMatchObject({ result: 'success' })
    expect(readFileSync(path.join(dir, 'reported.txt'), 'utf8').split('\n')).toContain('NativeModule crypto')
  })
})
