// Loader hook of bench/trace-register.mjs: notes each file: URL that is loaded.
import { appendFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export async function load(url, context, nextLoad) {
  const out = process.env.BENCH_TRACE_FILE
  if (out && url.startsWith('file:')) appendFileSync(out, `${fileURLToPath(url)}\n`)
  return nextLoad(url, context)
}
