// The answers of the fake GitHub API (github-api.js) in GitHub's full shape: every field GitHub's
// REST API always sends for a user, an app, a repository, an issue comment, a commit status, a
// check run, a deployment, a deployment status, a commit and a pull request, so that a client reading any
// of them reads what it would read from GitHub. __tests__/github-conformance.test.ts checks these
// answers against GitHub's published OpenAPI description.

const API = 'https://api.github.com'
const WEB = 'https://github.com'
const EPOCH = '2026-01-01T00:00:00Z'

/** A stable number for a name (an id GitHub would give it). */
const idOf = (text) => {
  let hash = 7
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_007
  return hash
}
const nodeId = (kind, id) => Buffer.from(`${kind}${id}`).toString('base64')
const iso = (at) => (typeof at === 'number' ? new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z') : EPOCH)

/** A simple-user: a user (`User`), or an app's bot (a login ending in [bot], `Bot`). */
export function userShape(login) {
  const id = idOf(login)
  const path = `${API}/users/${encodeURIComponent(login)}`
  return {
    login,
    id,
    node_id: nodeId('User', id),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: path,
    html_url: `${WEB}/${login.endsWith('[bot]') ? `apps/${login.slice(0, -5)}` : login}`,
    followers_url: `${path}/followers`,
    following_url: `${path}/following{/other_user}`,
    gists_url: `${path}/gists{/gist_id}`,
    starred_url: `${path}/starred{/owner}{/repo}`,
    subscriptions_url: `${path}/subscriptions`,
    organizations_url: `${path}/orgs`,
    repos_url: `${path}/repos`,
    events_url: `${path}/events{/privacy}`,
    received_events_url: `${path}/received_events`,
    type: login.endsWith('[bot]') ? 'Bot' : 'User',
    user_view_type: 'public',
    site_admin: false
  }
}

/** GET /user: the token's user, as GitHub shows it to the user itself. */
export function authenticatedUserShape(login) {
  return {
    ...userShape(login),
    name: null,
    company: null,
    blog: '',
    location: null,
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: 1,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: EPOCH,
    updated_at: EPOCH
  }
}

/** A GitHub App (an `integration`), by its slug. */
export function appShape(slug) {
  const id = idOf(`app:${slug}`)
  return {
    id,
    slug,
    node_id: nodeId('Integration', id),
    client_id: `Iv1.${id}`,
    owner: userShape('acme'),
    name: slug,
    description: null,
    external_url: `https://${slug}.example`,
    html_url: `${WEB}/apps/${slug}`,
    created_at: EPOCH,
    updated_at: EPOCH,
    permissions: { checks: 'write', metadata: 'read', statuses: 'write' },
    events: ['check_run']
  }
}

/** A repository, as GitHub shows it within a pull request's head and base. */
export function repositoryShape(owner, repo) {
  const id = idOf(`${owner}/${repo}`)
  const path = `${API}/repos/${owner}/${repo}`
  // Each *_url: the repository's address and this suffix, as GitHub writes them (URI templates).
  const suffixes = {
    archive_url: '{archive_format}{/ref}',
    assignees_url: 'assignees{/user}',
    blobs_url: 'git/blobs{/sha}',
    branches_url: 'branches{/branch}',
    collaborators_url: 'collaborators{/collaborator}',
    comments_url: 'comments{/number}',
    commits_url: 'commits{/sha}',
    compare_url: 'compare/{base}...{head}',
    contents_url: 'contents/{+path}',
    contributors_url: 'contributors',
    deployments_url: 'deployments',
    downloads_url: 'downloads',
    events_url: 'events',
    forks_url: 'forks',
    git_commits_url: 'git/commits{/sha}',
    git_refs_url: 'git/refs{/sha}',
    git_tags_url: 'git/tags{/sha}',
    hooks_url: 'hooks',
    issue_comment_url: 'issues/comments{/number}',
    issue_events_url: 'issues/events{/number}',
    issues_url: 'issues{/number}',
    keys_url: 'keys{/key_id}',
    labels_url: 'labels{/name}',
    languages_url: 'languages',
    merges_url: 'merges',
    milestones_url: 'milestones{/number}',
    notifications_url: 'notifications{?since,all,participating}',
    pulls_url: 'pulls{/number}',
    releases_url: 'releases{/id}',
    stargazers_url: 'stargazers',
    statuses_url: 'statuses/{sha}',
    subscribers_url: 'subscribers',
    subscription_url: 'subscription',
    tags_url: 'tags',
    teams_url: 'teams',
    trees_url: 'git/trees{/sha}'
  }
  const urls = Object.fromEntries(Object.entries(suffixes).map(([field, suffix]) => [field, `${path}/${suffix}`]))
  return {
    id,
    node_id: nodeId('Repository', id),
    name: repo,
    full_name: `${owner}/${repo}`,
    owner: userShape(owner),
    private: false,
    html_url: `${WEB}/${owner}/${repo}`,
    description: null,
    fork: false,
    url: path,
    ...urls,
    git_url: `git://github.com/${owner}/${repo}.git`,
    ssh_url: `git@github.com:${owner}/${repo}.git`,
    clone_url: `${WEB}/${owner}/${repo}.git`,
    svn_url: `${WEB}/${owner}/${repo}`,
    mirror_url: null,
    homepage: null,
    language: null,
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    size: 1,
    default_branch: 'main',
    open_issues: 1,
    open_issues_count: 1,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: EPOCH,
    created_at: EPOCH,
    updated_at: EPOCH
  }
}

/** An issue comment (`{ id, issue, body, user }` of the stand-in) of owner/repo. */
export function commentShape(comment, owner = 'acme', repo = 'docs') {
  const at = iso(comment.at)
  return {
    id: comment.id,
    node_id: nodeId('IssueComment', comment.id),
    url: `${API}/repos/${owner}/${repo}/issues/comments/${comment.id}`,
    html_url: `${WEB}/${owner}/${repo}/pull/${comment.issue}#issuecomment-${comment.id}`,
    issue_url: `${API}/repos/${owner}/${repo}/issues/${comment.issue}`,
    body: comment.body,
    user: userShape(comment.user),
    created_at: at,
    updated_at: at,
    author_association: comment.user.endsWith('[bot]') ? 'NONE' : 'MEMBER'
  }
}

/** A commit status (`{ id, sha, state, context, description?, target_url?, at }` of the stand-in). */
export function statusShape(status, owner = 'acme', repo = 'docs', creator = 'github-actions[bot]') {
  const at = iso(status.at)
  return {
    url: `${API}/repos/${owner}/${repo}/statuses/${status.sha}`,
    avatar_url: null,
    id: status.id,
    node_id: nodeId('StatusContext', status.id),
    state: status.state,
    description: status.description ?? null,
    target_url: status.target_url ?? null,
    context: status.context ?? 'default',
    created_at: at,
    updated_at: at,
    creator: userShape(creator)
  }
}

/** A commit as GET /repos/:owner/:repo/commits lists it (`sha`, its message). */
export function commitShape(sha, message, owner = 'acme', repo = 'docs', author = 'docs-maintainer') {
  const person = { name: author, email: `${author}@users.noreply.github.com`, date: EPOCH }
  return {
    url: `${API}/repos/${owner}/${repo}/commits/${sha}`,
    sha,
    node_id: nodeId('Commit', idOf(sha)),
    html_url: `${WEB}/${owner}/${repo}/commit/${sha}`,
    comments_url: `${API}/repos/${owner}/${repo}/commits/${sha}/comments`,
    commit: {
      url: `${API}/repos/${owner}/${repo}/git/commits/${sha}`,
      author: person,
      committer: person,
      message,
      comment_count: 0,
      tree: { sha: sha.split('').reverse().join(''), url: `${API}/repos/${owner}/${repo}/git/trees/${sha.split('').reverse().join('')}` }
    },
    author: userShape(author),
    committer: userShape(author),
    parents: []
  }
}

/** A check run (`{ id, sha, name, status, conclusion?, details_url?, html_url?, app? }` of the stand-in). */
export function checkRunShape(run, owner = 'acme', repo = 'docs') {
  const completed = run.status === 'completed'
  return {
    id: run.id,
    node_id: nodeId('CheckRun', run.id),
    head_sha: run.sha,
    external_id: null,
    url: `${API}/repos/${owner}/${repo}/check-runs/${run.id}`,
    html_url: run.html_url ?? `${WEB}/${owner}/${repo}/runs/${run.id}`,
    details_url: run.details_url ?? null,
    name: run.name,
    status: run.status,
    conclusion: run.conclusion ?? null,
    started_at: EPOCH,
    completed_at: completed ? EPOCH : null,
    output: { title: null, summary: null, text: null, annotations_count: 0, annotations_url: `${API}/repos/${owner}/${repo}/check-runs/${run.id}/annotations` },
    check_suite: { id: run.id + 1_000_000 },
    app: run.app === null ? null : appShape(run.app?.slug ?? 'docs-platform'),
    pull_requests: []
  }
}

/** A deployment (the stand-in's record: the POST's fields, `id`, `at`), without its statuses. */
export function deploymentShape(deployment, owner = 'acme', repo = 'docs', creator = 'github-actions[bot]') {
  const path = `${API}/repos/${owner}/${repo}/deployments/${deployment.id}`
  const at = iso(deployment.at)
  return {
    url: path,
    id: deployment.id,
    node_id: nodeId('Deployment', deployment.id),
    sha: deployment.sha ?? deployment.ref,
    ref: deployment.ref,
    task: deployment.task ?? 'deploy',
    payload: deployment.payload ?? {},
    original_environment: deployment.environment,
    environment: deployment.environment,
    description: deployment.description ?? null,
    creator: userShape(creator),
    created_at: at,
    updated_at: at,
    statuses_url: `${path}/statuses`,
    repository_url: `${API}/repos/${owner}/${repo}`,
    transient_environment: deployment.transient_environment ?? false,
    production_environment: deployment.production_environment ?? false
  }
}

/** A deployment status (the stand-in's record: the POST's fields, `id`, `at`) of deployment `deploymentId`. */
export function deploymentStatusShape(status, deploymentId, environment, owner = 'acme', repo = 'docs', creator = 'github-actions[bot]') {
  const deployment = `${API}/repos/${owner}/${repo}/deployments/${deploymentId}`
  const at = iso(status.at)
  // As GitHub does: log_url sets target_url to the same address.
  const logUrl = status.log_url ?? status.target_url ?? ''
  return {
    url: `${deployment}/statuses/${status.id}`,
    id: status.id,
    node_id: nodeId('DeploymentStatus', status.id),
    state: status.state,
    creator: userShape(creator),
    description: status.description ?? '',
    environment: status.environment ?? environment,
    target_url: logUrl,
    log_url: logUrl,
    environment_url: status.environment_url ?? '',
    created_at: at,
    updated_at: at,
    deployment_url: deployment,
    repository_url: `${API}/repos/${owner}/${repo}`
  }
}

/** An open pull request `number` whose head is commit `head`, from branch `docs-${number}` into main. */
export function pullRequestShape(number, head, owner = 'acme', repo = 'docs') {
  const id = idOf(`${owner}/${repo}#${number}`)
  const path = `${API}/repos/${owner}/${repo}/pulls/${number}`
  const issue = `${API}/repos/${owner}/${repo}/issues/${number}`
  const html = `${WEB}/${owner}/${repo}/pull/${number}`
  const side = (ref, sha) => ({ label: `${owner}:${ref}`, ref, sha, user: userShape(owner), repo: repositoryShape(owner, repo) })
  return {
    url: path,
    id,
    node_id: nodeId('PullRequest', id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issue,
    commits_url: `${path}/commits`,
    review_comments_url: `${path}/comments`,
    review_comment_url: `${API}/repos/${owner}/${repo}/pulls/comments{/number}`,
    comments_url: `${issue}/comments`,
    statuses_url: `${API}/repos/${owner}/${repo}/statuses/${head}`,
    number,
    state: 'open',
    locked: false,
    title: `Docs change ${number}`,
    user: userShape('docs-maintainer'),
    body: null,
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: EPOCH,
    updated_at: EPOCH,
    closed_at: null,
    merged_at: null,
    merge_commit_sha: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: side(`docs-${number}`, head),
    base: side('main', '0'.repeat(40)),
    _links: {
      self: { href: path },
      html: { href: html },
      issue: { href: issue },
      comments: { href: `${issue}/comments` },
      review_comments: { href: `${path}/comments` },
      review_comment: { href: `${API}/repos/${owner}/${repo}/pulls/comments{/number}` },
      commits: { href: `${path}/commits` },
      statuses: { href: `${API}/repos/${owner}/${repo}/statuses/${head}` }
    },
    author_association: 'MEMBER',
    auto_merge: null,
    draft: false,
    merged: false,
    mergeable: true,
    rebaseable: true,
    mergeable_state: 'clean',
    merged_by: null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 1,
    deletions: 0,
    changed_files: 1
  }
}
