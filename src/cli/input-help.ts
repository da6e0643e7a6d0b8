// Generated from action.yml by `npm run docs` (dev/cli-help.js); do not edit.
import type { InputName } from '../inputs/parse.js'

/** What each input does, in the words of action.yml. */
export const INPUT_HELP = {
  'base-url':
    'API base URL of the docs platform, e.g. https://api.example.com. Must be https:// (http:// only for localhost, 127.0.0.0/8 and [::1]); no credentials, query or fragment.',
  'admin-key': 'Admin API key. Required with status-id or job-id. Store it as a secret; it is masked and never printed.',
  'status-id': 'One or more update status ids to wait on (newline- or comma-separated).',
  'job-id': 'One or more agent job ids to wait on (newline- or comma-separated). Requires project-id.',
  'project-id': 'Project id on the platform. Required with job-id (the agent jobs are looked up in it) and with trigger (the work is started in it).',
  'platform-check':
    "The name of what the platform's app writes on the run's commit when it deploys by itself (a check run, a commit status, or a deployment's environment, e.g. docs-deploy), or a pattern where * matches any run of characters: wait until it completes, like any target. The newest of each name counts; with a pattern every matched name must succeed. Its address is the output platform-check-url. Reads the pull request's head commit (else github.sha) with github-token, which needs checks: read, statuses: read and deployments: read. The command line reads it in GitLab CI only, from the statuses of the pipeline's commit, with WAIT_FOR_DOCS_GITLAB_TOKEN (read_api scope, Reporter role). base-url and admin-key are not needed for it alone.",
  timeout: 'Total time budget for all waiting, e.g. 90s, 15m, 1h30m (plain numbers are seconds).',
  'min-interval': "First and smallest delay between two polls of one target (the defaults are tuned by the project's benchmark).",
  'max-interval': 'Largest delay between two polls of one target.',
  'request-timeout':
    "Limit for one HTTP request, every phase included (name lookup, proxy CONNECT, TLS, the answer), never far beyond the deadline; also the limit for the PR comment's lookups (a write that was sent is waited on within the step's time limit).",
  'fail-on-timeout':
    'If false, running out of time (in a wait or in the search check) sets result=timeout but the step passes, unless a target or a query also failed.',
  'accept-archived': 'If true, an archived agent job counts as success; otherwise as failure.',
  'require-pr': 'If true, a completed agent job without a pull request (a prLink that is an http(s) URL with a host) counts as failure.',
  'fail-fast':
    'If true, the first target that fails or errors ends the wait; the others are reported as cancelled. A timeout stops nothing (all targets share the deadline).',
  'stream-logs': 'Print new update log lines as they appear.',
  summary: 'Write the job summary.',
  'docs-root':
    "The folder of the repository that holds the docs (where the platform's docs.json is), relative to the repository root. The file paths in update logs are relative to it; annotations put it in front of them so they point at the repository's files.",
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
  'page-path':
    'One or more page paths (as search results give them), one per line or comma-separated, that must be published once every wait has succeeded: each is read through the discovery API (search-domain, assistant-key), or from site-url when it is given, until it is found (and holds page-contains), again on the poll schedule; at the deadline a page still missing or without the text ends result=failure, naming it. Nothing is read when a wait did not succeed.',
  'page-contains':
    'Text each page of page-path must contain (case, by Unicode case folding as in ß = ss, İ = i, ﬁ = fi, and runs of whitespace ignored). Requires page-path.',
  'site-url':
    'The address readers are served the docs from, e.g. https://docs.example.com (a path prefix allowed). With it, each page of page-path is read there as a reader gets it (GET site-url/page path) until it answers 200 and its text, markup removed, holds page-contains; search-domain and assistant-key are then not needed for it, and no key of the platform is sent to the site. Must be https:// (http:// only for localhost, 127.0.0.0/8 and [::1]); no credentials, query or fragment. With trigger: preview, `preview` reads the pages at the address the platform answered for the preview (held to the same rules). Requires page-path.',
  'page-header':
    'One header, as Name: value, sent with every read of a page from site-url, for a protected preview (e.g. a bypass token). Store it as a secret; it is masked and never printed. Requires site-url.',
  'pr-comment':
    'If true, create or update one comment with the outcome on the pull request of the run (pull_request, pull_request_target, or pr-number-target). Never fails the step for it.',
  'github-token':
    "Token for the PR comment and the deployment; needs permissions pull-requests write for the comment, deployments write for the deployment. Comments written by this token's identity only are the step's own. Empty (a secret that is not set) with pr-comment, a warning and no comment.",
  'pr-number-target': 'Pull request number to comment on when the run is not for a pull request (workflow_run, push).',
  'pr-comment-key':
    'Keeps the comments of matrix legs apart, one comment per value (e.g. the matrix value of the leg). Two steps of one job keep a comment each without it.',
  'deployment-environment':
    'Name of a GitHub environment (e.g. docs or docs-preview) to record the docs update in as a deployment, with the "View deployment" button on the pull request; its status follows the wait (in_progress, then success, failure or error). Needs an update to wait on (status-id, or trigger update or preview) and deployments write. Never fails the step for it.',
  'deployment-url':
    "The docs' https:// address to show on a successful deployment when the platform gives none (a preview's address is used by itself). Requires deployment-environment.",
  'commit-status':
    "A commit status context (e.g. docs) to post on the run's commit, for branch protection and the merge queue to require by name: pending when waiting starts, then success, failure or error (a timeout, an error or a cancel), linking the preview (else deployment-url) on success and the run otherwise, with the reason. It follows the step's verdict: a timeout that fail-on-timeout false lets through is success, saying so. Needs statuses write. Never fails the step for it. Off when empty. The command line writes it on GitLab as a commit status of that name on the pipeline's commit, with WAIT_FOR_DOCS_GITLAB_TOKEN.",
  matrix:
    "The job's matrix leg, which keeps each leg of a matrix its own writer of the commit status (a leg's success never turns the check green while another leg still waits or failed). Filled in by the runner; leave it as it is.",
  trigger:
    'Start the work, then wait on it: update (deploy the deployment branch), preview (deploy preview-branch as a preview), agent (start an agent job with agent-prompt) or automation (run the automation automation-id now; the platform publishes no status for a run, so the step succeeds once the run is accepted). One POST, never repeated unless the platform proves it was not acted on (429, 503 with Retry-After, connection refused). Requires project-id and admin-key; combines with status-id and job-id.',
  'preview-branch':
    "Git branch to deploy as a preview (given as a ref, refs/heads/<branch>, such as the merge queue's merge_group.head_ref, the branch it names). Required with trigger preview, not allowed otherwise.",
  'agent-prompt': 'Instruction for the agent. Required with trigger agent, not allowed otherwise.',
  'automation-id': 'The automation to run now with trigger automation (one with a custom schedule, active). Required with it, not allowed otherwise.',
  'agent-message':
    'A follow-up instruction for the one agent job in job-id (with project-id): sent once, under the same rules as a trigger, then the job is waited on for it. A state from before the message does not end the wait: a terminal state counts once the job has been seen active since the message, or after 30s without that (said in the log). Not combined with trigger.',
  'expect-sha':
    'The commit every update must deploy, 7 to 40 hex characters, e.g. the workflow expression for github.sha. A success update whose commit.sha does not start with it (or names no commit) ends result=failure, naming both. Applies to every update target, triggered or given.',
  check:
    'If true, a dry run: read what the step would need (the admin key and the project or id with one read the platform answers, github-token (on GitLab WAIT_FOR_DOCS_GITLAB_TOKEN) with a read for each record asked for, the platform-check name among the names on the run\'s commit and the last commits of its branch), start nothing and write no record; each check is a line of the log. result=success when every check passed, else result=error naming each problem (the command line exits 2 for a wrong input, 5 for a refusal, 4 when it could not tell). See "Check the setup first" in the README (More usages).'
} as const satisfies Record<InputName, string>
