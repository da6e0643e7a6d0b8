// The records the command keeps on GitLab, each loaded only when its flag asks for it, as the
// action loads its own (github/records.ts): a run without --mr-comment or --commit-status loads
// none of their code, nor records/ and the comment's Markdown they bring with them.
import type { NoteContext } from '../gitlab/context.js'
import { dryRunAskedFor, type RawInputs } from '../inputs/parse.js'
import type { DryRunPort, Settings } from '../model.js'
import { notLoadedRecord } from '../records/not-loaded.js'
import type { RunRecord } from '../records/run-record.js'
import type { RecordName } from '../warnings.js'

/** Makes a record for this run; `raw` holds every input as given. */
export type RecordMaker = (context: NoteContext, raw: RawInputs) => RunRecord
/** Loads a record's code: in the bundle, a chunk beside index.js (src/cli/index.ts). */
export type RecordCode = () => Promise<RecordMaker>

export interface RecordsCode {
  /** The merge request note's (`createMergeRequestNote` of gitlab/mr-note.ts). */
  note?: RecordCode | undefined
  /** The GitLab commit status's (`createPipelineCommitStatus` of gitlab/commit-status.ts); it takes the note's token. */
  commitStatus?: RecordCode | undefined
  /** The dry run's reads on GitLab (`gitlabDryRun` of gitlab/dry-run.ts), loaded only for a dry run. */
  dryRun?: (() => Promise<DryRunMaker>) | undefined
}

/** Makes the dry run's reads of the records asked for (gitlab/dry-run.ts). */
export type DryRunMaker = (context: NoteContext, raw: RawInputs, asked: { note: boolean; commitStatus: boolean }, settings: Settings) => DryRunPort

/** The dry run's reads on GitLab, their code loaded on the first check; undefined when this build has none. */
export function commandDryRun(
  context: NoteContext,
  raw: RawInputs,
  asked: { note: boolean; commitStatus: boolean },
  code: RecordsCode
): ((settings: Settings) => DryRunPort) | undefined {
  const load = code.dryRun
  if (!load) return undefined
  return (settings) => ({ check: async (signal, timeoutMs) => (await load())(context, raw, asked, settings).check(signal, timeoutMs) })
}

/**
 * The records the flags ask for, their code loaded now, before waiting begins. Code that cannot be
 * loaded (a copy of the command without the files beside its index.js) is one warning at the
 * close (`<record>.not-loaded`), and nothing is written; the result and the exit code stand.
 */
export async function commandRecords(
  context: NoteContext,
  raw: RawInputs,
  asked: { note: boolean; commitStatus: boolean },
  code: RecordsCode
): Promise<RunRecord[]> {
  const { log } = context
  // A dry run (--check) keeps no record: none is opened, written or closed.
  if (dryRunAskedFor(raw)) return []
  const recordOf = async (load: RecordCode | undefined, record: RecordName, input: string, what: string): Promise<RunRecord | undefined> => {
    if (!load) {
      log.warning(`${input} is set, but this build of wait-for-docs has no ${what}. No ${what} was written.`, `${record}.not-loaded`)
      return undefined
    }
    return Promise.resolve()
      .then(load)
      .then(
        (make) => make(context, raw),
        (error: unknown) =>
          notLoadedRecord(what, record, error, context, {
            code: 'the code',
            check: 'Check that this copy of wait-for-docs is complete (every file beside its index.js); the result does not depend on it'
          })
      )
  }
  const records = await Promise.all([
    asked.note ? recordOf(code.note, 'note', '--mr-comment', 'merge request note') : undefined,
    asked.commitStatus ? recordOf(code.commitStatus, 'commit-status', 'commit-status', 'commit status') : undefined
  ])
  return records.filter((record): record is RunRecord => record !== undefined)
}
