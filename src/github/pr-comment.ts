// The sticky pull request comment (pr-comment) as a port of the record lifecycle
// (records/lifecycle.ts): where it goes, how it is written, and its words. When it is written,
// for how long, and what a cancel does are the lifecycle's.
import { commentOf, commentWithoutToken, type RawInputs } from '../inputs/parse.js'
import type { CommentSettings, RunOutcome, SearchSettings, TargetRef } from '../model.js'
import { NotFoundYet, type RecordPort, RecordSkipped, withinBudget, type WriteSignals } from '../records/lifecycle.js'
import { type KeptRecordOptions, keptRecord, type RunRecord } from '../records/run-record.js'
import { PageTally } from '../records/listing.js'
import { leftToNewerHead, newerHeadSaid, shownCommit } from '../records/heads.js'
import { twinStory } from '../records/twins.js'
import { commentMarker, earlierMarkers, renderComment, renderInProgressComment } from '../report/comment.js'
import { describeWork } from '../report/explain.js'
import {
  commentBody,
  commentCommit,
  commentTarget,
  deleteComment,
  explainCommentError,
  COMMENTS,
  findCommentAndTwins,
  guardedClient,
  pullRequestHead,
  type Octokit,
  retryAfterMs,
  runUrlOf,
  stepComments,
  tokenLogin,
  workflowFileOf,
  writeComment
} from './comment-api.js'
import { expectedCommitAdvice } from './run-commit.js'

/** Where the comment goes and what it says it reflects; throws `RecordSkipped` when it has nowhere to go. */
async function commentPlace(settings: CommentSettings) {
  // Loaded only when a comment is asked for, to keep start-up fast.
  const github = await import('@actions/github')
  const { context } = github
  const target = commentTarget(context, settings.prNumberTarget)
  if ('skip' in target) throw new RecordSkipped(`pr-comment is set, but ${target.skip}. No comment was written.`)
  // The workflow is named by its file (GITHUB_WORKFLOW_REF); by its name only where the file is unknown.
  const place = {
    workflow: context.workflow,
    workflowFile: workflowFileOf(process.env.GITHUB_WORKFLOW_REF),
    job: context.job,
    step: context.action,
    key: settings.key
  }
  return {
    github,
    target,
    marker: commentMarker(settings.kinds, place),
    // The earlier versions' comment this step is the one heir of, if any.
    legacyMarker: earlierMarkers(settings.kinds, place),
    source: { runUrl: runUrlOf(context, target.owner, target.repo), sha: commentCommit(context), mergeQueue: target.mergeQueue }
  } as const
}

type Place = Awaited<ReturnType<typeof commentPlace>>

/**
 * A client whose lookups (GETs and the GraphQL query of who the token is, which change nothing)
 * end with `signals.lookup`, and whose writes end only with `signals.write`.
 */
function clientFor(place: Place, token: string, signals: WriteSignals, clean: (text: string) => string): Octokit {
  const octokit = guardedClient(place.github.getOctokit(token), token, clean)
  // Set in a hook, the signal reaches every request, pages of the listing included, and the
  // proxy-aware fetch of the defaults stays in place (a `request` option would replace it).
  octokit.hook.before('request', (options) => {
    const changesNothing = options.method === 'GET' || /\/graphql$/.test(options.url)
    options.request = { ...options.request, signal: changesNothing ? signals.lookup : signals.write }
  })
  return octokit
}

/** What the "in progress" comment names: the work waited on; and the commit expect-sha names, for the outcome's advice. */
export interface CommentOpening {
  targets: readonly TargetRef[]
  search: SearchSettings | undefined
  expectSha?: string | undefined
}

/** The pull request comment as a record: its id is where it is. */
export function pullRequestCommentPort(
  settings: CommentSettings,
  clean: (text: string) => string,
  opening: () => CommentOpening | undefined
): RecordPort<number, RunOutcome> {
  let place: Promise<Place> | undefined
  let login: string | undefined
  let number: number | undefined
  const placeOnce = () => {
    place ??= commentPlace(settings)
    // Asked again if it failed (a chunk that did not load).
    place.catch(() => {
      place = undefined
    })
    return place.then((known) => {
      number = known.target.number
      return known
    })
  }
  async function findWithTwins(found: Place, octokit: Octokit, signals: WriteSignals) {
    // Asked once per run; again only if asking failed.
    login ??= await withinBudget(tokenLogin(octokit), signals.lookup)
    const tally = new PageTally(COMMENTS)
    const listed = await withinBudget(
      findCommentAndTwins(octokit, found.target, { marker: found.marker, legacyMarker: found.legacyMarker, login }, tally),
      signals.lookup
    ).catch((error: unknown) => {
      throw tally.cut(error)
    })
    if (signals.lookup.aborted) throw signals.lookup.reason
    return listed
  }
  /** The step's own comments with the current marker, oldest first (lookups only). */
  async function ours(found: Place, octokit: Octokit, signals: WriteSignals): Promise<{ id: number; body: string }[]> {
    login ??= await withinBudget(tokenLogin(octokit), signals.lookup)
    const tally = new PageTally(COMMENTS)
    const listed = await withinBudget(stepComments(octokit, found.target, { marker: found.marker, login }, tally), signals.lookup).catch((error: unknown) => {
      throw tally.cut(error)
    })
    if (signals.lookup.aborted) throw signals.lookup.reason
    return listed
  }
  const remove = (found: Place, octokit: Octokit, id: number, signals: WriteSignals) => withinBudget(deleteComment(octokit, found.target, id), signals.write)
  // What this run sent and saw of its comment, for the read back of an "in progress" write whose answer was lost.
  const story = twinStory()
  /** After this run created the comment `created`, the oldest of the step's comments is kept (twins.ts `keepOldest`). */
  const oldestKept = (found: Place, octokit: Octokit, created: number, body: string, signals: WriteSignals, at: ((id: number) => void) | undefined) =>
    story.keepOldest(
      created,
      body,
      {
        list: () => {
          const after = { ...signals, lookup: signals.nextLookup() }
          return ours(found, clientFor(found, settings.githubToken, after, clean), after)
        },
        remove: (id) => remove(found, octokit, id, signals),
        write: (id, text) => withinBudget(writeComment(octokit, found.target, id, text), signals.write)
      },
      at
    )
  const pr = () => `pull request #${number ?? '?'}`
  /**
   * Throws `RecordSkipped` when the comment, showing `shown`, is a newer head's to write: this
   * run's commit is no longer the pull request's head (never in the merge queue, whose commit is
   * never the head).
   */
  const leaveToNewerHead = async (found: Place, octokit: Octokit, signals: WriteSignals, shown: string | undefined) => {
    const own = found.source.mergeQueue ? undefined : found.source.sha
    const head = await leftToNewerHead(own, shownCommit(shown), () => withinBudget(pullRequestHead(octokit, found.target), signals.lookup))
    if (head) throw new RecordSkipped(newerHeadSaid(`The comment on ${pr()}`, shownCommit(shown) ?? '', own ?? '', head, 'pull request'), 'info')
  }
  return {
    api: 'GitHub API',
    async open(signals, at) {
      const found = await placeOnce()
      const octokit = clientFor(found, settings.githubToken, signals, clean)
      const { id, twins, body: shown } = await findWithTwins(found, octokit, signals)
      // The comment of a newer head's run is left to it (records/heads.ts).
      if (id !== undefined) await leaveToNewerHead(found, octokit, signals, shown)
      // An earlier run's comment is where this one goes: a close after a cancel need not wait on the PATCH.
      if (id !== undefined) at(id)
      // A second one of the step that an earlier run's lost creation left after it ended: removed (best effort).
      for (const twin of twins) await remove(found, octokit, twin, signals).catch(() => undefined)
      const { targets = [], search } = opening() ?? {}
      const body = story.own(
        clean(renderInProgressComment(found.marker, targets, found.source, describeWork({ targets: targets.map((ref) => ({ ref })), search })))
      )
      story.opening(id === undefined ? 'creation' : 'update', body)
      const written = await withinBudget(writeComment(octokit, found.target, id, body), signals.write)
      if (written.done === 'updated') return written.id
      // The write that may be lost from here on is the one to the oldest comment.
      return oldestKept(found, octokit, written.id, body, signals, (older) => {
        story.opening('update', body)
        at(older)
      })
    },
    async close(outcome, where, opened, signals, foundAt) {
      const found = await placeOnce()
      const octokit = clientFor(found, settings.githubToken, signals, clean)
      // Where the open went; else the comment of an earlier run, or of an open whose answer was lost.
      const known = where === undefined ? await findWithTwins(found, octokit, signals) : undefined
      const id = where ?? known?.id
      if (id === undefined && opened === 'unanswered') throw new NotFoundYet()
      // The comment of a newer head's run is left to it (records/heads.ts): what it shows now is read first.
      if (id !== undefined)
        await leaveToNewerHead(
          found,
          octokit,
          signals,
          known?.body ?? (await withinBudget(commentBody(octokit, found.target, id), signals.lookup).catch(() => undefined))
        )
      if (where === undefined && id !== undefined) {
        story.closeFound(known?.body)
        foundAt?.(id)
      }
      // expect-sha as the merge commit of a pull request's event is said so, as in the summary and the step's error.
      const source = { ...found.source, expectedCommit: expectedCommitAdvice(opening()?.expectSha, found.github.context) }
      const body = clean(renderComment(outcome, found.marker, source))
      story.closing(body, id === undefined ? 'creation' : 'update')
      const written = await withinBudget(writeComment(octokit, found.target, id, body), signals.write)
      // The outcome went to this run's comment, made beside an older one of the step that the open
      // could not look for or remove: the oldest is kept now, so that one comment stands.
      if (written.done === 'updated' && story.leftBeside(written.id))
        return { where: await oldestKept(found, octokit, written.id, body, signals, foundAt), done: written.done }
      if (written.done === 'updated') return { where: written.id, done: written.done }
      story.created()
      const kept = await oldestKept(found, octokit, written.id, body, signals, foundAt)
      return { where: kept, done: kept === written.id ? 'created' : 'updated' }
    },
    async readBack(where, signals, lost) {
      const found = await placeOnce()
      const octokit = clientFor(found, settings.githubToken, signals, clean)
      return story.readBack(where, await ours(found, octokit, signals), (twin) => remove(found, octokit, twin, signals), lost)
    },
    gone: (error) => typeof error === 'object' && error !== null && 'status' in error && Number(error.status) === 404,
    explain: explainCommentError,
    retryAfterMs: (error) => retryAfterMs(error),
    words: {
      opened: () => `Posted "in progress" on ${pr()}.`,
      closed: (_where, done) => `${done === 'created' ? 'Commented' : 'Updated the comment'} on ${pr()}.`,
      openFailed: (why) => `The "in progress" comment could not be written (${why}); the outcome will still be commented.`,
      closeFailed: (why, _where, opened) =>
        `The pull request comment could not be written: ${why}${story.twinStands('comment', opened)}. The step's result does not depend on it.`,
      deleted: (id) =>
        `The comment on ${pr()} was deleted during the run (GitHub answered 404 to its update of comment ${id}); writing the outcome in a new comment.`,
      mayNotHold: (why) => `The pull request comment holds the outcome, but ${why}. The step's result does not depend on it.`,
      lateOpen: () => story.lateOpen('comment'),
      lateCreation: () => story.lateCreation('comment')
    }
  }
}

export interface PullRequestCommentOptions extends KeptRecordOptions {
  /** The inputs as given: pr-comment with an empty github-token is said, once. */
  raw: RawInputs
}

/**
 * The step's pull request comment (pr-comment): "in progress" while the wait runs, then the
 * outcome in its place; also when the other inputs are invalid, if the comment's own are sound.
 */
export function recordPullRequestComment(options: PullRequestCommentOptions): RunRecord {
  return keptRecord<number>(({ settings, targets }) => {
    const comment = settings ? settings.comment : commentOf(options.raw)
    if (comment)
      return {
        port: pullRequestCommentPort(comment, options.clean, () => ({ targets, search: settings?.search, expectSha: settings?.expectSha })),
        requestTimeoutMs: comment.requestTimeoutMs
      }
    if (commentWithoutToken(options.raw))
      return {
        say: "pr-comment is set, but github-token is empty (a secret that is not set?). No comment was written; the step's result does not depend on it.",
        level: 'warning'
      }
    return undefined
  }, options)
}
