// The records the action keeps on GitHub, each loaded only when the step's inputs ask for it: a
// run that keeps none (no pr-comment, deployment-environment or commit-status) loads none of
// their code, nor the lifecycle they share.
import type { RecordName } from '../warnings.js'
import { dryRunAskedFor, recordsAskedFor, type RawInputs } from '../inputs/parse.js'
import { notLoadedRecord } from '../records/not-loaded.js'
import type { KeptRecordOptions, RunRecord } from '../records/run-record.js'

export interface GitHubRecords {
  /** In the order they are opened and closed: the comment, the deployment, the commit status. */
  records: RunRecord[]
  /** The deployment this run created, once it is known. */
  deploymentId(): string | undefined
}

/** The records `raw` asks for, even with invalid inputs (each then says why, or closes with `error`). */
export async function githubRecords(kept: KeptRecordOptions & { raw: RawInputs }, setOutputNow: (name: string, value: string) => void): Promise<GitHubRecords> {
  // A dry run (check) keeps no record: none is opened, written or closed.
  if (dryRunAskedFor(kept.raw)) return { records: [], deploymentId: () => undefined }
  const asked = recordsAskedFor(kept.raw)
  // A record whose code cannot be loaded (a dist/ folder copied without its chunks) is one warning, never a crash.
  const unloadable = (what: string, record: RecordName) => (error: unknown) => notLoaded(what, record, error, kept)
  // The toolkit the records write with is loaded now, before waiting begins: loaded by a record's
  // first write, it took that write's request-timeout (found under load: "did not answer within
  // 400ms" of an API never asked). Missing, each record says so when it writes.
  const toolkit = asked.comment || asked.deployment || asked.commitStatus ? import('@actions/github').catch(() => undefined) : undefined
  const [comment, deployment, status] = await Promise.all([
    asked.comment ? import('./pr-comment.js').then((m) => m.recordPullRequestComment(kept), unloadable('pull request comment', 'comment')) : undefined,
    asked.deployment ? import('./deployment.js').then((m) => m.recordDeployment({ ...kept, setOutputNow }), unloadable('deployment', 'deployment')) : undefined,
    asked.commitStatus ? import('./commit-status.js').then((m) => m.recordCommitStatus(kept), unloadable('commit status', 'commit-status')) : undefined,
    toolkit
  ])
  return {
    records: [comment, deployment, status].filter((record): record is RunRecord => record !== undefined),
    deploymentId: () => (deployment && 'id' in deployment ? deployment.id() : undefined)
  }
}

/** A record whose code could not be loaded: nothing is written, and the step says so at the close. */
function notLoaded(what: string, record: RecordName, error: unknown, kept: KeptRecordOptions): RunRecord {
  return notLoadedRecord(what, record, error, kept, {
    code: "the action's code",
    check: "Check that the action's dist/ folder is complete (every file beside dist/index.js); the step's result does not depend on it"
  })
}
