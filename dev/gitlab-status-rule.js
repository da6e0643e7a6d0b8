// GitLab's rule for a commit status written through its API (its CreateCommitStatusService and the
// CommitStatus state machine), once for both stand-ins that keep it: the tests' GitLab
// (dev/gitlab-api.js) and the explorer's (explore/standins.ts). The open status of a name is moved
// in place; a move the state machine has no transition for is refused with 400; a write after a
// finished status (or none) is a status of its own.

/** The states GitLab may still move: its open ones (`created` is never written through the API). */
const OPEN = new Set(['created', 'pending', 'running'])
/** The event GitLab's state machine runs for each state written, as its 400 names it. */
const EVENTS = { pending: 'enqueue', running: 'run', success: 'success', failed: 'drop', canceled: 'cancel', skipped: 'skip' }
/** The open states each event moves a status from (running is enqueued first, then run). */
const TRANSITIONS = {
  pending: ['created'],
  running: ['created', 'pending'],
  success: ['created', 'pending', 'running'],
  failed: ['created', 'pending', 'running'],
  canceled: ['created', 'pending', 'running'],
  skipped: ['created', 'pending']
}

/** @param {string} state a state a write asks for @returns {boolean} whether GitLab takes it at all */
export const writableState = (state) => Object.hasOwn(EVENTS, state)

/** @param {string} state a status's state @returns {boolean} whether GitLab moves it in place */
export const openState = (state) => OPEN.has(state)

/**
 * GitLab's words when the open status in `from` cannot move to `state`; undefined when it can.
 * @param {string} state @param {string} from @returns {string | undefined}
 */
export const refusedMove = (state, from) => (TRANSITIONS[state]?.includes(from) ? undefined : `Cannot transition status via :${EVENTS[state]} from :${from}`)
