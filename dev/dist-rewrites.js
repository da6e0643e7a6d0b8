// What `npm run package` changes in the scripts ncc writes (dev/write-dist-package.js), one
// function each, so that the bench can build its floors the same way (bench/floors.ts).
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
