// The first code the command runs, before the rest of it loads (src/cli/index.ts imports it
// first): from here on a SIGINT or SIGTERM is heard instead of ending the process at once, as
// Node does by default (SIGHUP too). It only keeps the signal: the cancel (step/cancel.ts), listening by the
// time the loading is done, gets it as any other and writes every report, cancelled. Where no one
// else listens when it comes (once the run stopped listening), the process ends by that signal,
// as Node's default would. What it cannot cover: Node's own start and the reading of the bundle,
// before any of it runs (tens of milliseconds); and a run with nothing left to wait on (`--help`,
// invalid input) may end, with its own exit code, before the signal is delivered.

// SIGHUP too: a closed terminal, a dropped ssh session, a PTY-driven agent that stops.
const SIGNALS: readonly NodeJS.Signals[] = process.platform === 'win32' ? ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] : ['SIGINT', 'SIGTERM', 'SIGHUP']

for (const name of SIGNALS) {
  const early = (signal: NodeJS.Signals) => {
    // The cancel listens: the signal is its to answer.
    if (process.listenerCount(signal) > 1) return
    process.off(signal, early)
    process.kill(process.pid, signal)
  }
  process.on(name, early)
}

export {}
