import { describe, expect, it } from 'vitest'
import { commandRecords, type RecordMaker } from '../src/cli/records.js'
import type { NoteContext } from '../src/gitlab/context.js'
import { readRawInputs } from '../src/inputs/parse.js'
import type { RunOutcome } from '../src/model.js'
import type { RunRecord } from '../src/records/run-record.js'

// The command's GitLab records (--mr-comment, --commit-status), each loaded only when its flag
// asks for it: code that cannot be loaded costs the record, never the run.
const raw = readRawInputs((name) => ({ 'status-id': 'st_1', 'commit-status': 'docs' })[name as string] ?? '')
const outcome = { result: 'success', headline: 'ok', problems: [], targets: [], search: undefined, elapsedMs: 1 } as RunOutcome

function context(clean: (text: string) => string = (text) => text) {
  const said: string[] = []
  const log: NoteContext['log'] = {
    info: (line) => said.push(`info: ${line}`),
    warning: (line, code) => said.push(`warning: ${line} [${[code].flat().join(', ')}]`)
  }
  const made: NoteContext = { token: '', env: {}, log, clean, signal: new AbortController().signal, startedAt: Date.now(), exitBy: () => undefined }
  return { context: made, said }
}

const BOTH = { note: true, commitStatus: true }
const closed = (): RunRecord => ({ open: () => undefined, close: async () => undefined })

describe('commandRecords', () => {
  it('loads only the code its flags ask for, and makes each record with the run’s context and inputs', async () => {
    const loaded: string[] = []
    const { context: ctx } = context()
    const seen: unknown[] = []
    const maker =
      (name: string): RecordMaker =>
      (given, inputs) => {
        seen.push([name, given === ctx, inputs['status-id']])
        return closed()
      }
    const load = (name: string) => async () => {
      loaded.push(name)
      return maker(name)
    }
    const code = { note: load('note'), commitStatus: load('commit-status') }
    expect(await commandRecords(ctx, raw, { note: false, commitStatus: false }, code)).toEqual([])
    expect(loaded).toEqual([])
    expect(await commandRecords(ctx, raw, { note: false, commitStatus: true }, code)).toHaveLength(1)
    expect(loaded).toEqual(['commit-status'])
    expect(await commandRecords(ctx, raw, BOTH, code)).toHaveLength(2)
    expect(seen).toEqual([
      ['commit-status', true, 'st_1'],
      ['note', true, 'st_1'],
      ['commit-status', true, 'st_1']
    ])
  })

  it('code that cannot be loaded (a copy without the files beside index.js): nothing written, one warning each at the close, keys cut out', async () => {
    const { context: ctx, said } = context((text) => text.replaceAll('glpat-secret', '***'))
    const records = await commandRecords(ctx, raw, BOTH, {
      note: () => Promise.reject(new Error("Cannot find module '/opt/wait-for-docs/354.index.js' glpat-secret")),
      commitStatus: () => {
        throw new Error('no such chunk\nRequire stack: index.js')
      }
    })
    expect(records).toHaveLength(2)
    // Nothing is said before the close: the warning stands beside the other records' last words.
    for (const record of records) record.open([], {} as never)
    expect(said).toEqual([])
    await Promise.all(records.map((record) => record.close(outcome, undefined)))
    expect(said).toEqual([
      "warning: The merge request note could not be written: the code for it could not be loaded (Cannot find module '/opt/wait-for-docs/354.index.js' ***). Check that this copy of wait-for-docs is complete (every file beside its index.js); the result does not depend on it. [note.not-loaded]",
      'warning: The commit status could not be written: the code for it could not be loaded (no such chunk Require stack: index.js). Check that this copy of wait-for-docs is complete (every file beside its index.js); the result does not depend on it. [commit-status.not-loaded]'
    ])
  })

  it('a build without a record’s code at all says so at once', async () => {
    const { context: ctx, said } = context()
    expect(await commandRecords(ctx, raw, BOTH, {})).toEqual([])
    expect(said).toEqual([
      'warning: --mr-comment is set, but this build of wait-for-docs has no merge request note. No merge request note was written. [note.not-loaded]',
      'warning: commit-status is set, but this build of wait-for-docs has no commit status. No commit status was written. [commit-status.not-loaded]'
    ])
  })
})
