// The one rule for the runs that share a commit status (the table of docs/usage/required-check.md
// and docs/ci/gitlab.md, "Runs that share a commit"): matrix legs, steps of one job, re-runs and
// retries write on one commit and one context, and the platform shows the newest. Who wrote a
// status, and what its own run came to, travels in a tag in the fragment of the link each status
// of the step carries; what the check shows is a function of every writer's latest own state.
// Both platforms' commit status ports use it; this file knows no HTTP client and no CI system.
import type { Result } from '../model.js'
import { oneLine } from '../text.js'
import { LookupAroundWriteFailed, type ReadBack } from './lifecycle.js'

/** A status as listed, newest first: its id (ours are known by it), and where it links. */
export interface ListedStatus {
  id: number
  state: string
  context: string
  description: string | undefined
  targetUrl: string | undefined
  /** Untagged statuses only: the run (attempt) that wrote it, as the platform tells it (GitHub: the link without its fragment; GitLab: `pipeline N`). */
  run: string | undefined
}

/** What one writer's own run of the step came to, whatever the check shows. */
export type OwnState = 'pending' | 'success' | 'failure' | 'error' | 'cancelled'
const OWN_STATES: readonly OwnState[] = ['pending', 'success', 'failure', 'error', 'cancelled']

/** The own state of a run's result: a timeout and an error are one (the wait could not tell). */
export const ownStateOf = (result: Result): OwnState =>
  result === 'success' ? 'success' : result === 'failure' ? 'failure' : result === 'cancelled' ? 'cancelled' : 'error'

/**
 * The table's order: the check shows the state of the writer that ranks highest. A failure of
 * the docs outranks a wait that could not tell (a timeout, an error), which outranks a cancel (a
 * fail-fast matrix cancels the other legs); any of them outranks a writer still waiting; the
 * check is success only when every writer's own latest state is.
 */
const RANK: Record<OwnState, number> = { failure: 4, error: 3, cancelled: 2, pending: 1, success: 0 }

/** Who writes, as the tag names it: the run (every attempt or retry of it), and the writer in it. */
export interface Writer {
  /** GitHub: the workflow run's id; GitLab: the pipeline's. A re-run or a retry stays in it. */
  run: string
  /** The writer's whole identity, hashed (GitHub: workflow, job, matrix leg, step; GitLab: job name with its leg, and the command's inputs). */
  key: string
  /** How the words name it: the job and its leg. */
  label: string
  /** This run of the step alone (a re-run of the writer has another): tells its own writes from a retry's. */
  mark: string
  /**
   * Which run of the writer this is, growing (GitHub: the run attempt; GitLab: the job's id, which
   * a retry makes anew): a later one replaces the earlier; two of one identity in the same one (two
   * jobs the runner names alike: callers of one reusable workflow) are two writers.
   */
  attempt: number
  /** Untagged statuses count when they link this (GitHub: the run attempt; GitLab: `pipeline N`): an earlier version's failure stands. */
  legacyRun: string | undefined
}

/** A writer of the identity `parts` in `run`, labelled `label`, with a mark of its own. */
export function writer(run: string, parts: readonly string[], label: string, legacyRun: string | undefined, attempt = 1): Writer {
  const mark = Math.floor(Math.random() * 2 ** 32)
    .toString(16)
    .padStart(8, '0')
  return { run, key: identityHash(parts.join('\u0000')), label: label.slice(0, 60), mark, legacyRun, attempt }
}

/**
 * 48 bits of an identity's text, as 12 hex digits: the same text gives the same key in every run
 * (cyrb53, a small non-cryptographic hash: a key tells writers apart, it guards nothing).
 */
function identityHash(text: string): string {
  const [a, b] = Array.from(text, (ch) => ch.charCodeAt(0)).reduce(
    ([h1, h2], c) => [Math.imul(h1 ^ c, 2654435761), Math.imul(h2 ^ c, 1597334677)],
    [0xdeadbeef, 0x41c6ce57]
  )
  const h1 = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909)
  const h2 = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return ((h2 >>> 0) % 0x10000).toString(16).padStart(4, '0') + (h1 >>> 0).toString(16).padStart(8, '0')
}

const TAG = 'wait-for-docs'

/** A status's tag, as read back. */
export interface Tag {
  run: string
  key: string
  own: OwnState
  mark: string
  attempt: number
  label: string | undefined
}

/**
 * `url` with the tag of `writer` and its own state in the fragment (any fragment it had is
 * replaced); the tag changes nothing of where the link goes. Longer than `max` (GitLab takes 255
 * characters), the label is left out; still longer, undefined (the port links elsewhere).
 */
export function tagged(url: string | undefined, who: Writer, own: OwnState, max = 2000): string | undefined {
  if (url === undefined) return undefined
  const base = url.split('#')[0] ?? url
  const fields = { run: who.run, w: who.key, own, m: who.mark, a: String(who.attempt) }
  const withLabel = `${base}#${TAG}&${new URLSearchParams({ ...fields, l: who.label })}`
  if (withLabel.length <= max) return withLabel
  const bare = `${base}#${TAG}&${new URLSearchParams(fields)}`
  return bare.length <= max ? bare : undefined
}

/** The tag of a status's link, or undefined (no tag, an earlier version's, one that does not read as a tag). */
export function tagOf(url: string | undefined): Tag | undefined {
  const at = url?.indexOf(`#${TAG}&`) ?? -1
  if (url === undefined || at === -1) return undefined
  const params = new URLSearchParams(url.slice(at + TAG.length + 2))
  const run = params.get('run') ?? ''
  const key = params.get('w') ?? ''
  const own = params.get('own') as OwnState
  const mark = params.get('m') ?? ''
  const attempt = Number(params.get('a') ?? '1')
  if (!/^[\w-]{1,40}$/.test(run) || !/^[0-9a-f]{12}$/.test(key) || !OWN_STATES.includes(own) || !/^[0-9a-f]{8}$/.test(mark)) return undefined
  if (!Number.isSafeInteger(attempt) || attempt < 0) return undefined
  // Server text: one line, short; the words that show it make it inert for the log.
  const label = oneLine(params.get('l') ?? '', 60)
  return { run, key, own, mark, attempt, label: label || undefined }
}

/** A link as the words may show it: without the tag. */
export const untagged = (url: string | undefined): string | undefined => (url === undefined ? undefined : (url.split(`#${TAG}&`)[0] ?? url))

/** A writer of the run as the listing shows it: its latest status, and the own state that status tells. */
export interface Standing {
  key: string
  own: OwnState
  label: string | undefined
  /** Its latest status; none for the writer deciding (its own state is what it is about to write). */
  status?: ListedStatus
}

const FAILED_STATES = new Set(['failure', 'error', 'failed', 'canceled'])

/**
 * Every writer of `me`'s run on `context`, each with its latest status (`listed` is newest first):
 * a tagged status of the run is its writer's, from the writer's latest attempt only (a re-run or
 * a retry replaces what the earlier one wrote), each run of the step in that attempt a writer of
 * its own (two jobs the runner names alike); an untagged failure linking this attempt (an
 * earlier version of the step, a job that tags nothing) stands as a writer of its own that
 * failed, as it did before the tags.
 */
export function writersOf(listed: readonly ListedStatus[], context: string, me: Writer): Map<string, Standing> {
  const writers = new Map<string, Standing>()
  const newestFirst = [...listed].sort((a, b) => b.id - a.id).filter((status) => status.context === context)
  // Per identity, its latest run (attempt) counts, this writer's own included: an earlier one is replaced.
  const latest = new Map<string, number>([[me.key, me.attempt]])
  for (const status of newestFirst) {
    const tag = tagOf(status.targetUrl)
    if (tag?.run === me.run) latest.set(tag.key, Math.max(latest.get(tag.key) ?? 0, tag.attempt))
  }
  for (const status of newestFirst) {
    const tag = tagOf(status.targetUrl)
    if (tag) {
      if (tag.run !== me.run || tag.attempt !== latest.get(tag.key)) continue
      // In that attempt, each run of the step is a writer (two jobs the runner names alike are two).
      const key = `${tag.key}.${tag.mark}`
      if (!writers.has(key)) writers.set(key, { key, own: tag.own, label: tag.label, status })
    } else if (me.legacyRun !== undefined && status.run === me.legacyRun && FAILED_STATES.has(status.state)) {
      const key = `untagged ${status.id}`
      writers.set(key, { key, own: status.state === 'canceled' ? 'cancelled' : status.state === 'error' ? 'error' : 'failure', label: undefined, status })
    }
  }
  return writers
}

/** What this writer writes at its close, by the table. */
export type Decision =
  /** Its own outcome: the check shows it. */
  | { kind: 'own'; own: OwnState }
  /** Another writer's failure (or error, or cancel) that outranks its own: written again in this writer's name, in that writer's words. */
  | { kind: 'keep'; own: OwnState; by: Standing }
  /** Its own success while other writers of the run still wait: `pending`, naming them. */
  | { kind: 'hold'; own: OwnState; waitingOn: Standing[] }

/** What the check shows for `own`, beside every other writer of the run `listed` holds. */
export function decide(listed: readonly ListedStatus[], context: string, me: Writer, own: OwnState): Decision {
  const others = [...writersOf(listed, context, me).values()].filter((w) => w.key !== `${me.key}.${me.mark}`)
  // The highest-ranked other writer; among equals the newest (they are listed newest first).
  const worst = others.reduce<Standing | undefined>((top, w) => (top === undefined || RANK[w.own] > RANK[top.own] ? w : top), undefined)
  if (worst === undefined || RANK[worst.own] <= RANK[own]) return { kind: 'own', own }
  if (worst.own === 'pending') return { kind: 'hold', own, waitingOn: others.filter((w) => w.own === 'pending') }
  return { kind: 'keep', own, by: worst }
}

/** The own state the check shows for a decision: the writer's own, another's it keeps, or pending while others wait. */
export const shownOwn = (decision: Decision): OwnState => (decision.kind === 'own' ? decision.own : decision.kind === 'keep' ? decision.by.own : 'pending')

/**
 * Whether what stands is what the table says: the newest status of this run on the context is in
 * the state `decision` shows (`stateOf` maps an own state to the platform's). A newer status of
 * another run (another workflow, another pipeline) is that run's to set: the last written stands.
 */
export function standsRight(listed: readonly ListedStatus[], context: string, me: Writer, decision: Decision, stateOf: (own: OwnState) => string): boolean {
  const newest = [...listed]
    .sort((a, b) => b.id - a.id)
    .find((status) => status.context === context && (tagOf(status.targetUrl)?.run === me.run || (me.legacyRun !== undefined && status.run === me.legacyRun)))
  return newest === undefined || newest.state === stateOf(shownOwn(decision))
}

/** The statuses other writers of the run wrote could not be read around this writer's write (`written`: after it was sent). */
export class OtherJobsUnread extends LookupAroundWriteFailed {
  constructor(
    override readonly cause: unknown,
    readonly written: boolean
  ) {
    super('the statuses of the other jobs could not be read')
    this.name = 'OtherJobsUnread'
  }
}

/** What writing by the rule takes of a platform: its listing, its write, and the body of a decision. */
export interface GateWrites<Body> {
  /** Lists the statuses of the commit, every page (lookups only); throws when they could not be read. After the write, with a lookup's time of its own. */
  list(afterWrite: boolean): Promise<readonly ListedStatus[]>
  context: string
  me: Writer
  /** The platform's state for an own state (GitHub: `error` for a cancel; GitLab: `running` for pending). */
  stateOf(own: OwnState): string
  /** Writes a status. */
  send(body: Body): Promise<void>
  /** The status a decision writes, tagged with this writer and its own state. */
  body(decision: Decision): Body
  /** No other writer can share the status (GitLab without the pipeline's id): nothing to read. */
  alone?: boolean
}

/**
 * Writes this writer's close (`own`, its outcome) by the table. The statuses are read first, so
 * that a success is never written over another writer's failure nor while another still waits
 * (it holds `pending`), and a cancel or a timeout never hides another's failure (a failure of its
 * own outranks all, and is written without reading). After a success or a hold they are read
 * again, and written once more if what stands is no longer what the table says: two writers
 * ending at once each read the other as waiting, and the second read sees them both ended.
 * Unread before a success, nothing is written (`OtherJobsUnread`, not written); unread before a
 * cancel or an error, its own state is written (it is never success); unread after, the write
 * stands unconfirmed (`OtherJobsUnread`, written).
 */
export async function writeByTheRule<Body>(own: OwnState, io: GateWrites<Body>): Promise<Decision> {
  const read = async (afterWrite: boolean) => {
    try {
      return await io.list(afterWrite)
    } catch (error) {
      throw new OtherJobsUnread(error, afterWrite)
    }
  }
  // Alone, or its own failure (which outranks all): written as it is. A success is never written
  // over what was not read; a timeout or a cancel unread is its own state (never success).
  const first: Decision =
    io.alone || own === 'failure' || own === 'pending'
      ? { kind: 'own', own }
      : decide(own === 'success' ? await read(false) : await read(false).catch(() => []), io.context, io.me, own)
  await io.send(io.body(first))
  if (io.alone || own !== 'success') return first
  const after = await read(true)
  const now = decide(after, io.context, io.me, own)
  // What stands is what the table says: said as it stands (another's failure may have landed after this write).
  if (standsRight(after, io.context, io.me, now, io.stateOf)) return now
  await io.send(io.body(now))
  return now
}

/** What an answered write wrote: the state, and the own state its link was tagged with. */
export interface Answered {
  state: string
  own: OwnState | undefined
}

/** What a read back knows of this run of the step: its writer, its answered writes, where its lost writes were seen landed. */
export interface ReadBackIo {
  context: string
  me: Writer
  stateOf(own: OwnState): string
  /** The statuses answered writes made or moved, by id, with the state written and the own state its link was tagged with. */
  own: ReadonlyMap<number, Answered>
  /** Where lost writes were seen landed in earlier listings (`landingsOf`): GitLab may have moved them since. */
  landed?: ReadonlySet<string>
}

/**
 * This run of the step's statuses in `listed` that no answered write accounts for: where its lost
 * writes landed, each as `open <id>` (an "in progress") or `close <id>` (a success, or a pending
 * held for the others: its own state success). A status an answered write made shows that write,
 * unless a lost one moved it since (GitLab moves an open status in place: the id stays, the state
 * and the link are the later write's). Once seen, a landing stays one: it cannot land again.
 */
export function landingsOf(listed: readonly ListedStatus[], io: ReadBackIo): Set<string> {
  const found = new Set<string>()
  for (const status of listed) {
    const tag = tagOf(status.targetUrl)
    const answered = io.own.get(status.id)
    if (status.context !== io.context || tag === undefined || tag.mark !== io.me.mark) continue
    if (answered !== undefined && answered.state === status.state && answered.own === tag.own) continue
    if (tag.own === 'pending' && status.state === io.stateOf('pending')) found.add(`open ${status.id}`)
    else if (tag.own === 'success') found.add(`close ${status.id}`)
  }
  return found
}

/**
 * What stands after a write whose answer was lost (records/lifecycle.ts, `ReadBack`), by the same
 * table: the newest status of this run not in the state the table says (a late `pending` on top,
 * a success over another writer's failure) is stale. Otherwise a lost "in progress" is accounted
 * for when one of its landings (`landingsOf`, listed now or seen before) is known for each of its
 * `tries` that got no answer (each lands as a status of its own); a lost write of the outcome
 * matters only as a success or a held `pending` (landing later, it could cover another's failure,
 * or hold the check after the others ended; `successSent`): accounted for when one landing of it is known.
 */
export function statusStands(
  listed: readonly ListedStatus[],
  io: ReadBackIo,
  ownState: OwnState,
  lost: 'open' | 'close',
  successSent: boolean,
  tries = 1
): ReadBack {
  if (!standsRight(listed, io.context, io.me, decide(listed, io.context, io.me, ownState), io.stateOf)) return 'stale'
  const landed = [...new Set([...(io.landed ?? []), ...landingsOf(listed, io)])]
  // Each unanswered try of the "in progress" write is a status of its own once it lands: one seen does not account for the others.
  if (lost === 'open') return landed.filter((landing) => landing.startsWith('open ')).length >= tries ? 'outcome' : 'unseen'
  if (!successSent) return 'outcome'
  // A success, or a `pending` held for the others (its own state success): either, landing late, could stand over what came after.
  return landed.some((landing) => landing.startsWith('close ')) ? 'outcome' : 'unseen'
}

const labels = (writers: readonly Standing[]) => {
  const named = writers.map((w) => w.label ?? 'one unnamed').slice(0, 3)
  return `${named.join(', ')}${writers.length > 3 ? ` and ${writers.length - 3} more` : ''}`
}

/** The description of a held `pending`: this writer's docs are ready, the others it waits for (`unit`: run, pipeline). */
export function heldDescription(waitingOn: readonly Standing[], unit: 'run' | 'pipeline'): string {
  const n = waitingOn.length
  return `Docs ready in this job; waiting for ${n === 1 ? 'another job' : `${n} other jobs`} of this ${unit}: ${labels(waitingOn)}`
}

/** The description of another writer's state written again in this writer's name (`unit`: run, pipeline): it names that writer, and quotes its reason. */
export function keptDescription(by: Standing, unit: 'run' | 'pipeline'): string {
  const did = by.own === 'failure' ? 'failed' : by.own === 'cancelled' ? 'was cancelled' : 'could not tell'
  return `Another job of this ${unit}${by.label ? ` (${by.label})` : ''} ${did}${by.status?.description ? `: ${by.status.description}` : ''}`
}

/** What the log's line adds when the check shows another writer's state (`unit`: run, pipeline); '' for its own. */
export function decidedWords(decision: Decision | undefined, unit: 'run' | 'pipeline'): string {
  if (decision?.kind === 'keep') {
    const who = decision.by.label ? ` (${decision.by.label})` : ''
    const did = decision.by.own === 'failure' ? 'failed it' : decision.by.own === 'cancelled' ? 'was cancelled' : 'could not tell (a timeout or an error)'
    return `(another job of this ${unit}${who} ${did}; this job’s ${decision.own === 'success' ? 'success' : 'own state'} does not replace that)`
  }
  if (decision?.kind === 'hold')
    return `(this job’s docs are ready; the check waits for ${decision.waitingOn.length === 1 ? 'another job' : `${decision.waitingOn.length} other jobs`} of this ${unit}: ${labels(decision.waitingOn)})`
  return ''
}
