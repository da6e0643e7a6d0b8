// Generated from action.yml by `npm run docs` (dev/cli-help.js); do not edit.
import type { InputName } from '../inputs/parse.js'

/** What each input does, in the words of action.yml. */
export const INPUT_HELP = {
  'base-url':
    'API base URL of the docs platform, e.g. https://api.example.com. Must be https:// (http:// only for localhost, 127.0.0.0/8 and [::1]); no credentials, query or fragment.',
  'admin-key': 'Admin API key. Required with status-id or job-id. Store it as a secret; it is masked and never printed.',
  'status-id': 'One or more update status ids to wait on (newline- or comma-separated).',
  'job-id': 'One or more agent job ids to wait on (newline- or comma-separated). Requires project-id.',
  'project-id': 'Project id of the agent jobs.',
  timeout: 'Total time budget for all waiting, e.g. 90s, 15m, 1h30m (plain numbers are seconds).',
  'min-interval': 'First and smallest delay between two polls of one target (the defaults are tuned by the benchmark, bench/results.md).',
  'max-interval': 'Largest delay between two polls of one target.',
  'request-timeout':
    'Limit for one HTTP request, every phase included (name lookup, proxy CONNECT, TLS, the answer), never far beyond the deadline; also the limit for writing the PR comment.',
  'fail-on-timeout':
    'If false, running out of time (in a wait or in the search check) sets result=timeout but the step passes, unless a target or a query also failed.',
  'accept-archived': 'If true, an archived agent job counts as success; otherwise as failure.',
  'require-pr': 'If true, a completed agent job without a pull request counts as failure.',
  'fail-fast':
    'If true, the first target that fails or errors ends the wait; the others are reported as cancelled. A timeout stops nothing (all targets share the deadline).',
  'stream-logs': 'Print new update log lines as they appear.',
  summary: 'Write the job summary.',
  'assistant-key': 'Assistant API key, for search-query. A different key from admin-key. Masked and never printed.',
  'search-query':
    'One or more documentation searches to run as a smoke check, one query per line (commas are part of a query). They run after every wait has succeeded, or on their own when no status-id or job-id is given.',
  'search-domain': 'Domain identifier of the documentation site (the last segment of its dashboard URL). Required with search-query.',
  'search-page-size': "Results per query, an integer from 1 to 50. Empty sends none, and the server's default (10) applies.",
  'search-score-threshold': 'Only results whose score is at or above this number (0 to 1) are returned.',
  'search-version': 'Search only this version of the docs.',
  'search-language': 'Search only this language of the docs.',
  'search-tag': 'Search only docs with this tag.',
  'search-min-results': 'Each query must return at least this many results (0 to 50).',
  'search-expect-path': 'If set, each query must return a result whose path contains this text.',
  'pr-comment':
    'If true, create or update one comment with the outcome on the pull request of the run (pull_request, pull_request_target, or pr-number-target). Never fails the step for it.',
  'github-token': 'Token for the PR comment; needs permissions pull-requests write.',
  'pr-number-target': 'Pull request number to comment on when the run is not for a pull request (workflow_run, push).',
  trigger:
    'Start the work, then wait on it: update (deploy the deployment branch), preview (deploy preview-branch as a preview) or agent (start an agent job with agent-prompt). One POST, never repeated unless the platform proves it was not acted on (429, 503 with Retry-After, connection refused). Requires project-id and admin-key; combines with status-id and job-id.',
  'preview-branch': 'Git branch to deploy as a preview. Required with trigger preview, not allowed otherwise.',
  'agent-prompt': 'Instruction for the agent. Required with trigger agent, not allowed otherwise.',
  'expect-sha':
    'The commit every update must deploy, 7 to 40 hex characters, e.g. the workflow expression for github.sha. A success update whose commit.sha does not start with it (or names no commit) ends result=failure, naming both. Applies to every update target, triggered or given.'
} as const satisfies Record<InputName, string>
