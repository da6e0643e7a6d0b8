// The commit status as a record (records/lifecycle.ts), one algorithm for GitHub and GitLab: the
// waiting state when the wait starts (`pending`, `running`), the outcome at the end written by
// the rule for the runs that share a commit (records/gate.ts), what a lost write may still do
// read back, and its words. Each platform is a small port (`StatusPlatform`): where the status
// goes and how it is written and listed, its states, and its nouns. Knows no HTTP client.
import type { RunOutcome, TargetRef } from '../model.js'
import {
  type Answered,
  type Decision,
  decidedWords,
  heldDescription,
  keptDescription,
  landingsOf,
  type ListedStatus,
  OtherJobsUnread,
  type OwnState,
  ownStateOf,
  shownOwn,
  statusStands,
  tagOf,
  untagged,
  type Writer,
  writeByTheRule
} from './gate.js'
import { refusedForGood, statusOf } from './failure.js'
import type { RecordPort } from './lifecycle.js'

/** A status as the record writes it; the platform adds its name, context or pipeline. */
export interface StatusBody {
  state: string
  description: string
  targetUrl: string | undefined
}

/** Where the status goes, once known: the writer, its links, its writes and the listing of the commit's statuses. */
export interface StatusIo {
  /** The commit, short, as the log names it. */
  sha: string
  me: Writer
  /** The run's or job's page: where a status links when it has no link of its own. */
  runUrl: string | undefined
  /** `url` tagged with this writer and `own` (records/gate.ts), as the platform takes it (GitLab: 255 characters at the most). */
  link(url: string | undefined, own: OwnState): string | undefined
  /** Writes a status; resolves with its id when the answer names one. */
  send(body: StatusBody, signal: AbortSignal): Promise<number | undefined>
  /** Every status of the commit on the context, newest first; throws when they could not be read. */
  list(signal: AbortSignal): Promise<ListedStatus[]>
  /** No other writer can share the status (GitLab without the pipeline's id): nothing to read. */
  alone?: boolean
}

/** What a status says (report/commit-status.ts, `statusTexts`): the record knows no report. */
export interface StatusTexts {
  /** The step's verdict lets this outcome through (a timeout with fail-on-timeout false): the status is success, saying so. */
  letThrough(outcome: RunOutcome): boolean
  /** The waiting state's description. */
  waiting(targets: readonly TargetRef[]): string
  /** The outcome's description. */
  outcome(outcome: RunOutcome, letThrough: boolean): string
  /** Where the outcome links: the preview on success, commit-status-url, else `run`. */
  link(outcome: RunOutcome, run: string | undefined): string | undefined
  /** The rule's words (another job's failure kept, a hold), cleaned and cut to what a status takes. */
  fit(text: string): string
  /** Text in the log, its workflow commands made inert. */
  inert(text: string, max: number): string
}

/** How the words of one platform name things. */
export interface StatusNouns {
  /** What a reader requires: the `check` (GitHub), the `status` (GitLab). */
  thing: 'check' | 'status'
  /** The run the jobs belong to: `run`, `pipeline`. */
  unit: 'run' | 'pipeline'
  /** Running one job again: `re-run`, `retry`. */
  again: 're-run' | 'retry'
  /** What the other jobs were still doing when this one held the status: `waiting`, `running`. */
  othersStill: string
  /** Whose result does not depend on the status: "The step's result", "The result". */
  result: string
  /** The platform, for "once GitHub answers". */
  host: 'GitHub' | 'GitLab'
  /** The log line of a written status names its link. */
  namesLink: boolean
  /** A reason as the warnings show it (GitHub's log: workflow commands made inert). */
  quote(text: string, max: number): string
}

/** One platform's commit status, as the shared record drives it. */
export interface StatusPlatform {
  readonly api: string
  readonly nouns: StatusNouns
  /** The context (GitHub) or name (GitLab) the status is written under. */
  readonly context: string
  /** The same, as the log shows it. */
  readonly shown: string
  /** A second waiting write is the same write: one that failed on the way is sent again. */
  readonly openAgain?: boolean
  readonly texts: StatusTexts
  /** Where the status goes; may throw `RecordSkipped` (the first call, at the open). */
  connect(): Promise<StatusIo>
  /** The platform's state for an own state. */
  stateOf(own: OwnState): string
  /** Why a write or a listing failed, in the user's words. */
  explain(error: unknown): string
  /**
   * The platform answered that it did not write it, and would refuse it again; default: the one
   * rule (records/failure.ts, `refusedForGood`). A platform narrows it only by a fact no type carries.
   */
  refused?(error: unknown): boolean
  retryAfterMs(error: unknown): number | undefined
  /** GitLab refuses to move its open status to the state it has (`state`): the write is done. */
  alreadySo?(error: unknown, state: string): boolean
}

/**
 * The story of one run's commit status, one value (`story`): what the open was refused with; what
 * the last close decided, and the most it sent of its own success (its answer may have been
 * lost): nothing, a hold for the other jobs, or the success.
 */
interface StatusStory {
  refusal?: unknown
  /** The close gave up on the open's refusal (the same token asked again adds nothing). */
  refusedAtOpen: boolean
  own: OwnState
  decided: Decision | undefined
  sent: 'nothing' | 'hold' | 'success'
  /** Where the last write linked. */
  linked: string | undefined
  /** The last close failed reading the other jobs' statuses: whether its write was sent before (records/gate.ts `OtherJobsUnread`). */
  unconfirmed: boolean | undefined
  /** The commit, short, once the status's place is known ('' before). */
  sha: string
}

/**
 * The refusals of the token or of the place (the repository or project, the commit): they hold for
 * any write of the status. Another refusal of the "in progress" write (a 422 of its words) says
 * nothing of the outcome's, which is another request (its state, its words, its link).
 */
const TOKEN_OR_PLACE_REFUSED = new Set([401, 403, 404])

/** The commit status of one run, as a port of the lifecycle, over `platform`. Its writes are keyed by commit and context, so it is where it goes (`true`) as soon as the open starts. */
export function statusRecordPort(platform: StatusPlatform, targets: readonly TargetRef[]): RecordPort<true, RunOutcome> {
  const { nouns, shown, texts } = platform
  const refused = platform.refused ?? refusedForGood
  const inert = texts.inert
  const quote = nouns.quote
  // The statuses this record's answered writes made or moved, by id, with what each wrote: any
  // other on the context, or one showing something else since, is another run's or job's, or a lost write's.
  const own = new Map<number, Answered>()
  // Where this record's lost writes were seen landed, in any listing (records/gate.ts `landingsOf`):
  // GitLab may move one in place later (the outcome written over a late running), and it cannot land again.
  const landed = new Set<string>()
  let story: StatusStory = {
    refusedAtOpen: false,
    own: 'pending',
    decided: undefined,
    sent: 'nothing',
    linked: undefined,
    unconfirmed: undefined,
    sha: ''
  }
  const connect = async () => {
    const io = await platform.connect()
    story = { ...story, sha: io.sha }
    return io
  }
  const successSent = () => story.sent === 'success'
  const readBackIo = (io: StatusIo) => ({ context: platform.context, me: io.me, stateOf: platform.stateOf, own, landed })
  const list = async (io: StatusIo, signal: AbortSignal) => {
    const listed = await io.list(signal)
    for (const landing of landingsOf(listed, readBackIo(io))) landed.add(landing)
    return listed
  }
  const send = async (io: StatusIo, body: StatusBody, signal: AbortSignal) => {
    const id = await io.send(body, signal)
    if (id !== undefined) own.set(id, { state: body.state, own: tagOf(body.targetUrl)?.own })
  }
  /**
   * Whether a write of the close stands unread after it: this try's (`written`), or an earlier
   * try's that no later one read after its own write (a try that fails before it writes leaves
   * that success on the commit, unconfirmed: it is no success "not written").
   */
  const unconfirmedBy = (error: OtherJobsUnread) => error.written || story.unconfirmed === true
  const closeFailedUnconfirmed = (why: string) => {
    const unit = nouns.unit
    return successSent()
      ? `Commit status ${shown}: success was written on commit ${story.sha}, but ${why}: if another job of this ${unit} failed at the same moment, its failure may be hidden under this success, so look at the ${unit}’s jobs before you merge. ${nouns.result} does not depend on it.`
      : `Commit status ${shown}: ${platform.stateOf('pending')} (this job’s docs are ready; other jobs of this ${unit} were still ${nouns.othersStill}) was written on commit ${story.sha}, but ${why}: the ${nouns.thing} may stay ${platform.stateOf('pending')} once they end; ${nouns.again} this job then. ${nouns.result} does not depend on it.`
  }

  return {
    api: platform.api,
    record: 'commit-status',
    ...(platform.openAgain ? { openAgain: true } : {}),
    async open(signals, at) {
      const io = await connect()
      at(true)
      try {
        const body = { state: platform.stateOf('pending'), description: texts.waiting(targets), targetUrl: io.link(io.runUrl, 'pending') }
        await send(io, body, signals.write)
      } catch (error) {
        // Already so (another job of the pipeline, or an earlier step of this one, wrote it): the status shows what the open asked.
        if (platform.alreadySo?.(error, platform.stateOf('pending'))) return true
        // Refused for the token or the place, the outcome's write would be refused the same way.
        if (refused(error) && TOKEN_OR_PLACE_REFUSED.has(statusOf(error) ?? 0)) story = { ...story, refusal: error }
        throw error
      }
      return true
    },
    async close(outcome, _where, opened, signals) {
      // The status follows the step's verdict: a timeout that fail-on-timeout: false lets through is success, saying so.
      const letThrough = texts.letThrough(outcome)
      const ownState: OwnState = letThrough ? 'success' : ownStateOf(outcome.result)
      story = { ...story, own: ownState, decided: { kind: 'own', own: ownState } }
      // Refused on the open (a token without the permission): the same answer again would add nothing.
      if (opened === 'refused' && story.refusal !== undefined) {
        story = { ...story, refusedAtOpen: true }
        throw story.refusal
      }
      const io = await connect()
      // A lost open lands as a status the outcome may move in place (GitLab), after which no read
      // back can tell it landed: where no other job shares the status (no listing before the
      // write), it is looked for first.
      if (io.alone && (opened === 'lost' || opened === 'unanswered')) await list(io, signals.lookup).catch(() => undefined)
      const ownLink = texts.link(outcome, io.runUrl)
      const body = (decision: Decision): StatusBody => {
        if (decision.kind === 'keep')
          return {
            state: platform.stateOf(decision.by.own),
            description: texts.fit(keptDescription(decision.by, nouns.unit)),
            targetUrl: io.link(untagged(decision.by.status?.targetUrl) ?? io.runUrl, decision.own)
          }
        if (decision.kind === 'hold')
          return {
            state: platform.stateOf('pending'),
            description: texts.fit(heldDescription(decision.waitingOn, nouns.unit)),
            targetUrl: io.link(io.runUrl, decision.own)
          }
        return {
          state: platform.stateOf(ownState),
          description: texts.outcome(outcome, letThrough),
          targetUrl: io.link(ownLink, ownState)
        }
      }
      // Matrix legs, steps, re-runs and retries share the context: the one rule of records/gate.ts.
      const decided = await writeByTheRule(ownState, {
        list: (afterWrite) => list(io, afterWrite ? signals.nextLookup() : signals.lookup),
        context: platform.context,
        me: io.me,
        stateOf: platform.stateOf,
        ...(io.alone ? { alone: true } : {}),
        send: async (written) => {
          const sent = written.state === 'success' ? 'success' : written.state === platform.stateOf('pending') && story.sent === 'nothing' ? 'hold' : story.sent
          story = { ...story, decided: undefined, sent, linked: untagged(written.targetUrl) }
          try {
            await send(io, written, signals.write)
          } catch (error) {
            // Refused as already so (a hold's waiting state over the open one another job or a late write of this one left): done, not failed.
            if (!platform.alreadySo?.(error, written.state)) throw error
          }
        },
        body
      })
      // Read after its write: nothing of an earlier try stands unconfirmed.
      story = { ...story, decided, unconfirmed: undefined }
      return { where: true, done: 'updated' }
    },
    async readBack(_where, signals, lost, tries) {
      const io = await connect()
      return statusStands(await list(io, signals.lookup), readBackIo(io), story.own, lost, story.sent !== 'nothing', tries)
    },
    // A success may land over another job's failure written meanwhile; a held waiting state, over the others' ends.
    closeMayTurn: () => story.sent === 'hold' || story.sent === 'success',
    // A write sent, the other jobs' statuses unread after it: written all the same, in doubt.
    appliedDespite: (error) => error instanceof OtherJobsUnread && unconfirmedBy(error),
    codeOf: (error) => (error instanceof OtherJobsUnread ? (unconfirmedBy(error) ? 'commit-status.unconfirmed' : 'commit-status.others-unread') : undefined),
    explain: (error) => {
      if (!(error instanceof OtherJobsUnread)) return platform.explain(error)
      const written = unconfirmedBy(error)
      story = { ...story, unconfirmed: written }
      const waiting = platform.stateOf('pending')
      return `the statuses the other jobs of this ${nouns.unit} wrote on ${shown} could not be read (${platform.explain(error.cause)}), and this job's success must not replace another job's failure${written ? '' : `, so it was not written: the ${nouns.thing} keeps the state it had (${waiting}, if the ${waiting} status was written); ${nouns.again} the job once ${nouns.host} answers`}`
    },
    refused,
    retryAfterMs: platform.retryAfterMs,
    words: {
      opened: () => `Commit status ${shown}: ${platform.stateOf('pending')} on commit ${story.sha}.`,
      closed: () => {
        const state = story.decided === undefined ? platform.stateOf(story.own) : platform.stateOf(shownOwn(story.decided))
        const why = decidedWords(story.decided, nouns.unit)
        const linked = nouns.namesLink && story.linked ? `, linking ${inert(story.linked, 300)}` : ''
        return `Commit status ${shown}: ${state} on commit ${story.sha}${linked}${why ? ` ${inert(why, 400)}` : ''}.`
      },
      openFailed: (why) => `The ${platform.stateOf('pending')} commit status ${shown} could not be written: ${quote(why, 400)}.`,
      lateClose: () =>
        successSent()
          ? `the ${nouns.thing} may show success over another job's failure: look at the ${nouns.unit}'s jobs before you merge`
          : `the ${nouns.thing} may show ${platform.stateOf('pending')} after the other jobs ended: ${nouns.again} this job then`,
      lateCloseCode: () => (successSent() ? 'commit-status.late-success' : 'commit-status.late-pending'),
      lateOpen: () => `the ${nouns.thing} shows ${platform.stateOf('pending')} until the job runs again`,
      mayNotHold: (why) =>
        `Commit status ${shown} holds the outcome (${platform.stateOf(story.own)}) on commit ${story.sha}, but ${quote(why, 400)}. ${nouns.result} does not depend on it.`,
      closeFailed: (why) =>
        story.unconfirmed
          ? closeFailedUnconfirmed(quote(why, 400))
          : `${!story.refusedAtOpen && story.own !== 'pending' ? `The last commit status (${platform.stateOf(story.own)}) of ${shown}` : `The commit status ${shown}`} could not be written: ${quote(why, 400)}. ${nouns.result} does not depend on it.`
    }
  }
}
