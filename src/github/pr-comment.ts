// The sticky pull request comment (pr-comment) as GitHub's port of the shared message record
// (records/message-record.ts): where it goes, its calls, its bodies and its words. What is
// written when is the message record's; for how long, and what a cancel does, the lifecycle's.
import { commentOf, commentWithoutToken, type RawInputs } from '../inputs/parse.js'
import type { CommentSettings, RunOutcome, SearchSettings, TargetRef } from '../model.js'
import { type RecordPort, RecordSkipped, withinBudget, type WriteSignals } from '../records/lifecycle.js'
import { type KeptRecordOptions, keptRecord, type RunRecord } from '../records/run-record.js'
import { statusOf } from '../records/failure.js'
import { PageTally } from '../records/listing.js'
import { type MessageIo, messageRecordPort } from '../records/message-record.js'
import { commentMarker, earlierMarkers, renderComment, renderInProgressComment, renderLeftToNewerHead } from '../report/comment.js'
import { describeWork } from '../report/titles.js'
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
  refusedByGitHub,
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
  if ('skip' in target) throw new RecordSkipped(`pr-comment is set, but ${target.skip}. No comment was written.`, 'comment.skipped')
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

/** The pull request comment as a record (records/message-record.ts): its id is where it is. */
export function pullRequestCommentPort(
  settings: CommentSettings,
  clean: (text: string) => string,
  opening: () => CommentOpening | undefined
): RecordPort<number, RunOutcome> {
  const known: { place?: Promise<Place>; login?: string; number?: number } = {}
  const placeOnce = () => {
    const place = known.place ?? commentPlace(settings)
    known.place = place
    // Asked again if it failed (a chunk that did not load).
    place.catch(() => {
      if (known.place === place) known.place = undefined
    })
    return place.then((found) => {
      known.number = found.target.number
      return found
    })
  }
  /** The token's login, asked once per run; again only if asking failed. */
  const loginOf = async (octokit: Octokit, signals: WriteSignals) => {
    known.login ??= await withinBudget(tokenLogin(octokit), signals.lookup)
    return known.login
  }
  const pr = () => `pull request #${known.number ?? '?'}`
  const connect = async (signals: WriteSignals): Promise<MessageIo> => {
    const found = await placeOnce()
    const octokit = clientFor(found, settings.githubToken, signals, clean)
    const listed = async <T>(list: (login: string, tally: PageTally) => Promise<T>) => {
      const login = await loginOf(octokit, signals)
      const tally = new PageTally(COMMENTS)
      const result = await withinBudget(list(login, tally), signals.lookup).catch((error: unknown) => {
        throw tally.cut(error)
      })
      if (signals.lookup.aborted) throw signals.lookup.reason
      return result
    }
    return {
      find: () =>
        listed((login, tally) => findCommentAndTwins(octokit, found.target, { marker: found.marker, legacyMarker: found.legacyMarker, login }, tally)),
      ours: () => listed((login, tally) => stepComments(octokit, found.target, { marker: found.marker, login }, tally)),
      bodyOf: (id) => withinBudget(commentBody(octokit, found.target, id), signals.lookup),
      head: () => withinBudget(pullRequestHead(octokit, found.target), signals.lookup),
      write: async (id, body) => {
        const written = await withinBudget(writeComment(octokit, found.target, id, body), signals.write)
        return { where: written.id, done: written.done }
      },
      remove: (id) => withinBudget(deleteComment(octokit, found.target, id), signals.write),
      // A merge queue's run is never held to the head (its commit never is the pull request's).
      ownCommit: found.source.mergeQueue ? undefined : found.source.sha,
      inProgress: () => {
        const { targets = [], search } = opening() ?? {}
        return clean(renderInProgressComment(found.marker, targets, found.source, describeWork({ targets: targets.map((ref) => ({ ref })), search })))
      },
      outcome: (outcome) => {
        // expect-sha as the merge commit of a pull request's event is said so, as in the summary and the step's error.
        const source = { ...found.source, expectedCommit: expectedCommitAdvice(opening()?.expectSha, found.github.context) }
        return clean(renderComment(outcome, found.marker, source))
      },
      leftTo: (head, result) => clean(renderLeftToNewerHead(found.marker, found.source, head, result, { what: 'comment', on: 'pull request' }))
    }
  }
  return messageRecordPort({
    api: 'GitHub API',
    what: 'comment',
    on: 'pull request',
    connect,
    refused: refusedByGitHub,
    gone: (error) => statusOf(error) === 404,
    explain: explainCommentError,
    retryAfterMs: (error) => retryAfterMs(error),
    words: {
      named: () => `The comment on ${pr()}`,
      opened: () => `Posted "in progress" on ${pr()}.`,
      closed: (_where, done) => `${done === 'created' ? 'Commented' : 'Updated the comment'} on ${pr()}.`,
      openFailed: (why) => `The "in progress" comment could not be written (${why}); the outcome will still be commented.`,
      closeFailed: (why) => `The pull request comment could not be written: ${why}. The step's result does not depend on it.`,
      deleted: (id) =>
        `The comment on ${pr()} was deleted during the run (GitHub answered 404 to its update of comment ${id}); writing the outcome in a new comment.`,
      mayNotHold: (why) => `The pull request comment holds the outcome, but ${why}. The step's result does not depend on it.`
    }
  })
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
        level: 'warning',
        code: 'comment.no-token'
      }
    return undefined
  }, options)
}
