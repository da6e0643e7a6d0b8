// Preloaded with `node --import ./bench/cpu-register.mjs …` by bench part 1: when the process
// exits, writes the CPU time it used (user + system, in µs) to the file named by BENCH_CPU_FILE.
import { writeFileSync } from 'node:fs'

const out = process.env.BENCH_CPU_FILE
if (out) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage()
    writeFileSync(out, String(user + system))
  })
}
