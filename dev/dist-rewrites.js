// What `npm run package` changes in the scripts ncc writes (dev/write-dist-package.js), one
// function each, so that the bench can build its floors the same way (bench/floors.ts).
import { isBuiltin } from 'node:module'
import { asciiOnly } from './ascii-bundle.js'

// undici's HTTP/2 client (lib/dispatcher/client-h2.js) requires node:http2 as it loads, for its
// constants, and takes `{ constants: {} }` in its place when Node has none. Neither bundle ever
// speaks HTTP/2: no dispatcher of src/ sets `allowH2` (a test in __tests__/layers.test.ts keeps it
// so), and without it undici offers only http/1.1. Loading node:http2 is most of what undici
// costs at start-up beyond node:http (bench/results.md), so both bundles get undici's own
// fallback. A bundle in which the require is not found once fails the build.
const HTTP2 = /(?:__WEBPACK_EXTERNAL_createRequire|\b[A-Za-z_$][\w$]*)\(import\.meta\.url\)\("node:http2"\)/g

/**
 * An entry's script with undici's fallback in place of its require of node:http2.
 * @param {string} code @param {string} name the file's name, for the error
 */
export function http2Fallback(code, name) {
  const found = code.match(HTTP2) ?? []
  if (found.length !== 1) throw new Error(`${name}: expected one require of node:http2 (undici's client-h2.js), found ${found.length}`)
  return code.replace(HTTP2, '{ constants: {} }')
}

/**
 * Any script of a bundle in ASCII alone, so that Node reads it as a one-byte string
 * (dev/ascii-bundle.js says why, and what would fail the build).
 * @param {string} code @param {string} name
 */
export const inAscii = (code, name) => asciiOnly(code, name).code

// ncc writes each of Node's built-in modules a bundle requires as `createRequire(import.meta.url)(name)`,
// which sets up a CommonJS require, its module paths and its loader for each one; Node's own
// `process.getBuiltinModule(name)` returns the same module object without any of it (Node 20.16 and
// 22.3 and later: package.json's `engines` asks for more). Only names `isBuiltin` knows are rewritten.
const CREATE_REQUIRE_IMPORT = /import\s*\{\s*createRequire\s+as\s+([A-Za-z_$][\w$]*)\s*\}\s*from\s*"module"/g

/**
 * A bundle's requires of Node's built-in modules as `process.getBuiltinModule`. A bundle with no
 * import of createRequire is left as it is; one that imports it and requires no built-in fails the build.
 * @param {string} code @param {string} name
 */
export function builtinsDirect(code, name) {
  const imports = [...code.matchAll(CREATE_REQUIRE_IMPORT)]
  if (imports.length === 0) return code
  if (imports.length > 1) throw new Error(`${name}: expected one import of createRequire, found ${imports.length}`)
  const alias = (imports[0]?.[1] ?? '').replace(/\$/g, '\\$')
  const call = new RegExp(`(?<![\\w$.])${alias}\\(import\\.meta\\.url\\)\\("([^"]+)"\\)`, 'g')
  let rewritten = 0
  const out = code.replace(call, (whole, id) => {
    if (!isBuiltin(id)) return whole
    rewritten++
    return `process.getBuiltinModule(${JSON.stringify(id)})`
  })
  if (rewritten === 0) throw new Error(`${name}: createRequire is imported, but no require of a built-in module was found`)
  return out
}

// undici asserts its own invariants with node:assert, called as a function on every request, and
// only a failed assertion needs what node:assert loads (its error class, the diff of two values,
// the inspection of source code): node:assert alone takes longer to load than most of undici's
// own modules (bench/results.md). Each bundle gets node:assert behind a stand-in: a call whose
// first argument is truthy returns, as node:assert's own does; any other call, and any property
// read (`assert.ok`, `assert.AssertionError`), loads node:assert and is passed on to it.
const ASSERT = /process\.getBuiltinModule\("(?:node:)?assert"\)/g
const LAZY_ASSERT =
  '(()=>{let loaded;const assert=()=>loaded??=process.getBuiltinModule("node:assert");' +
  'return new Proxy(()=>{},{apply:(_,self,args)=>args.length>0&&args[0]?undefined:Reflect.apply(assert(),self,args),get:(_,key)=>Reflect.get(assert(),key),has:(_,key)=>key in assert()})})()'

/**
 * node:assert loaded when an assertion fails or the module is read (after `builtinsDirect`).
 * @param {string} code @param {string} name
 */
export function assertAtFirstUse(code, name) {
  const found = code.match(ASSERT) ?? []
  if (found.length === 0) throw new Error(`${name}: expected a require of node:assert (undici's), found none`)
  return code.replace(ASSERT, LAZY_ASSERT)
}

// undici loads node:http for two things: Node's default limit on the size of an answer's headers
// (lib/dispatcher/client.js, read only when a client is made without `maxHeaderSize`: src/api/
// connections.ts always passes one), and IncomingMessage, to compare a stream's class with it when
// undici destroys a body before its end (lib/core/util.js; a poll whose socket the server closed,
// say). The command's bundle, which loads node:http for nothing else, gets both behind a read at
// the moment of use: a run loads node:http only when undici uses it, and gets the same values.
// Any other shape of these two modules fails the build, and so does any other require of
// node:http in the command's bundle.
const HTTP = 'process.getBuiltinModule("node:http")'

/**
 * The command's bundle with node:http read where undici uses it (after `builtinsDirect`).
 * @param {string} code @param {string} name
 */
export function httpAtUse(code, name) {
  // lib/core/util.js: `const { IncomingMessage } = require('node:http')`, compared in destroy().
  const incoming = [...code.matchAll(/const\{IncomingMessage:([A-Za-z_$][\w$]*)\}=([A-Za-z_$][\w$]*)\((\d+)\);/g)]
  if (incoming.length !== 1) throw new Error(`${name}: expected one destructuring of IncomingMessage (undici's core/util.js), found ${incoming.length}`)
  const [declaration, local, , httpId] = /** @type {RegExpMatchArray} */ (incoming[0])
  const moduleOfHttp = new RegExp(`[,{]${httpId}:([A-Za-z_$][\\w$]*)=>\\{\\1\\.exports=process\\.getBuiltinModule\\("node:http"\\)\\}`)
  if (!moduleOfHttp.test(code)) throw new Error(`${name}: module ${httpId}, which undici's core/util.js takes IncomingMessage from, is not node:http`)
  const compared = new RegExp(`\\.constructor===${local.replace(/\$/g, '\\$')}\\)`, 'g')
  const uses = code.slice(code.indexOf(declaration)).match(compared) ?? []
  if (uses.length !== 1) throw new Error(`${name}: expected undici's core/util.js to compare a body's class with IncomingMessage once, found ${uses.length}`)
  let out = code.replace(declaration, '')
  const at = out.indexOf(uses[0] ?? '', code.indexOf(declaration))
  out = `${out.slice(0, at)}.constructor===${HTTP}.IncomingMessage)${out.slice(at + (uses[0] ?? '').length)}`
  // lib/dispatcher/client.js: `const http = require('node:http')`, read as `http.maxHeaderSize`;
  // any property read is passed on to node:http itself.
  const whole = new RegExp(`const ([A-Za-z_$][\\w$]*)=[A-Za-z_$][\\w$]*\\(${httpId}\\);`, 'g')
  const clients = [...out.matchAll(whole)]
  if (clients.length !== 1) throw new Error(`${name}: expected one require of node:http as a whole (undici's client.js), found ${clients.length}`)
  const [clientDeclaration, http] = /** @type {RegExpMatchArray} */ (clients[0])
  out = out.replace(clientDeclaration, `const ${http}=new Proxy({},{get:(_,key)=>Reflect.get(${HTTP},key)});`)
  const left = new RegExp(`[A-Za-z_$][\\w$]*\\(${httpId}\\)`, 'g')
  const others = out.match(left) ?? []
  if (others.length > 0) throw new Error(`${name}: node:http is required elsewhere too (${others.slice(0, 3).join(', ')}): it would load at start-up anyway`)
  return out
}

/**
 * What `npm run package` does to the action's entry (dist/index.js), and to a floor of the bench
 * built like it: undici's fallback for node:http2, the built-in modules without a CommonJS
 * require, node:assert behind its stand-in.
 * @param {string} code @param {string} name
 */
export const actionEntry = (code, name) => assertAtFirstUse(builtinsDirect(http2Fallback(code, name), name), name)

/**
 * What `npm run package` does to the command's entry (dist/cli/index.js): as to the action's, and
 * node:http read where undici uses it.
 * @param {string} code @param {string} name
 */
export const commandEntry = (code, name) => httpAtUse(actionEntry(code, name), name)
