// Preloaded with `node --import ./bench/trace-register.mjs …` by bench part 2: records every
// JavaScript file the process loads (ES modules through a loader hook, CommonJS through
// Module.prototype._compile) into the file named by BENCH_TRACE_FILE, one path per line.
import { appendFileSync } from 'node:fs'
import Module, { register } from 'node:module'

const out = process.env.BENCH_TRACE_FILE
if (out) {
  register('./trace-hooks.mjs', import.meta.url)
  const compile = Module.prototype._compile
  Module.prototype._compile = function (content, filename) {
    appendFileSync(out, `${filename}\n`)
    return compile.call(this, content, filename)
  }
}
