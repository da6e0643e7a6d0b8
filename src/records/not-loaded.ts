// A record whose code could not be loaded: each adapter loads a record's code only when its inputs
// ask for it (a chunk beside the bundle's index.js), and a copy of the bundle without that chunk
// must cost the record, never the run. Nothing here loads a record's own code.
import type { RecordLog } from './lifecycle.js'
import type { RunRecord } from './run-record.js'
import { oneLine } from '../text.js'
import type { RecordName } from '../warnings.js'

export interface NotLoadedWords {
  /** What could not be loaded, before "for it": "the action's code". */
  code: string
  /** What to check, and that the result stands: one sentence, without its full stop. */
  check: string
}

/** A record that writes nothing and says at the close why (`<record>.not-loaded`); the result does not depend on it. */
export function notLoadedRecord(
  what: string,
  record: RecordName,
  error: unknown,
  { log, clean }: { log: RecordLog; clean: (text: string) => string },
  words: NotLoadedWords
): RunRecord {
  const why = oneLine(clean(error instanceof Error ? error.message : String(error)), 300)
  return {
    open: () => undefined,
    close: async () =>
      log.warning(`The ${what} could not be written: ${words.code} for it could not be loaded (${why}). ${words.check}.`, `${record}.not-loaded`)
  }
}
