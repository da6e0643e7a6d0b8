#!/usr/bin/env bash
# Tags a release of wait-for-docs. See docs/releasing.md for the whole procedure.
#
#   dev/release.sh [--push] X.Y.Z
#
# Checks, in order, and stops at the first problem:
#   1. X.Y.Z is a plain semantic version (no leading "v", no pre-release suffix);
#   2. the working tree is clean and on main, and main is the commit of <remote>/main when
#      that remote exists (so the tag points at a published commit);
#   3. the tag vX.Y.Z exists neither here nor on the remote;
#   4. CHANGELOG.md has a "## [X.Y.Z]" section;
#   5. `npm run package` leaves dist/ unchanged (no diff, no new files): the committed bundle
#      is the build of the committed sources.
# Then creates the annotated tag vX.Y.Z (its message is the CHANGELOG section) and prints the
# `git push` command. Nothing is pushed unless --push is given. The pushed tag starts the release
# workflow (.github/workflows/release.yml): it publishes the package to the npm registry, checks
# that it installs, and only then moves the major tag vX.
#
# Environment: RELEASE_REMOTE (default: origin).
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: dev/release.sh [--push] X.Y.Z

Checks the tree, the CHANGELOG and dist/, then creates the tag vX.Y.Z. Prints the git push
command; with --push, runs it. The release workflow then publishes the package and moves vX.
EOF
}

die() {
  printf 'release: %s\n' "$*" >&2
  exit 1
}

step() {
  printf '== %s\n' "$*"
}

push=false
version=''
for arg in "$@"; do
  case "$arg" in
    --push) push=true ;;
    -h | --help)
      usage
      exit 0
      ;;
    -*) die "unknown option '$arg' (see --help)" ;;
    *)
      [ -z "$version" ] || die "give exactly one version (got '$version' and '$arg')"
      version="$arg"
      ;;
  esac
done
if [ -z "$version" ]; then
  usage >&2
  exit 2
fi

case "$version" in
  v[0-9]*) die "give the version without the leading v: dev/release.sh ${version#v}" ;;
esac
if ! [[ "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]]; then
  die "'$version' is not a version like 1.2.3 (three numbers, no leading zeros, no suffix)"
fi
major="${BASH_REMATCH[1]}"
tag="v$version"
major_tag="v$major"
remote="${RELEASE_REMOTE:-origin}"

top="$(git rev-parse --show-toplevel 2>/dev/null)" || die "not inside a git repository"
cd "$top"

step "working tree and branch"
branch="$(git symbolic-ref --quiet --short HEAD || true)"
[ "$branch" = main ] || die "releases are tagged on main; the current branch is '${branch:-(detached HEAD)}'"
if [ -n "$(git status --porcelain --untracked-files=all)" ]; then
  git status --short >&2
  die "the working tree is not clean: commit or stash the changes above first"
fi

has_remote=false
if git remote get-url "$remote" >/dev/null 2>&1; then
  has_remote=true
  git fetch --quiet "$remote" main || die "could not fetch main from $remote"
  head="$(git rev-parse HEAD)"
  published="$(git rev-parse "refs/remotes/$remote/main")"
  if [ "$head" != "$published" ]; then
    die "main ($(git rev-parse --short HEAD)) is not $remote/main ($(git rev-parse --short "$published")): push or pull main first, so that the tag points at the published commit"
  fi
else
  printf 'note: no remote named %s; skipping the check against %s/main\n' "$remote" "$remote"
fi

step "tag $tag is new"
if git rev-parse --quiet --verify "refs/tags/$tag" >/dev/null; then
  die "the tag $tag already exists here; a released version is never re-tagged (use a new version)"
fi
if $has_remote && [ -n "$(git ls-remote --tags "$remote" "refs/tags/$tag")" ]; then
  die "the tag $tag already exists on $remote"
fi

step "CHANGELOG.md has a section for $version"
[ -f CHANGELOG.md ] || die "CHANGELOG.md not found"
version_re="${version//./\\.}"
if ! grep -Eq "^## \[$version_re\]([[:space:]]|$)" CHANGELOG.md; then
  die "CHANGELOG.md has no '## [$version]' section: move the Unreleased entries under '## [$version] - $(date -u +%Y-%m-%d)', commit, and run this again"
fi
# The section's text, for the tag message: from its heading to the next "## " heading.
notes="$(awk -v heading="## [$version]" '
  index($0, heading) == 1 { inside = 1; next }
  inside && /^## / { exit }
  inside { print }
' CHANGELOG.md | sed -e '/./,$!d')"

step "dist/ is the bundle of the sources (npm run package)"
[ -d node_modules ] || die "node_modules/ is missing: run 'npm ci' first"
npm run --silent package
if [ -n "$(git status --porcelain --untracked-files=all -- dist)" ]; then
  git status --short -- dist >&2
  git --no-pager diff --stat --text -- dist >&2
  die "npm run package changed dist/: commit the rebuilt dist/ (through a pull request) and release that commit"
fi

step "tagging"
git tag --annotate --cleanup=whitespace "$tag" --message "wait-for-docs $tag" --message "${notes:-See CHANGELOG.md.}"
printf 'Created %s at %s. The major tag %s moves once the release workflow has published it.\n' "$tag" "$(git rev-parse --short HEAD)" "$major_tag"

if $push; then
  $has_remote || die "--push given, but there is no remote named $remote"
  step "pushing"
  git push "$remote" "refs/tags/$tag"
  printf '\nPushed. The release workflow publishes %s to the npm registry and moves %s; then create the GitHub release (docs/releasing.md).\n' "$tag" "$major_tag"
else
  printf '\nNothing was pushed. To release, run:\n\n  git push %s refs/tags/%s\n\n' "$remote" "$tag"
  printf 'The release workflow then publishes the package and moves %s; then create the GitHub release (docs/releasing.md).\n' "$major_tag"
  printf 'To undo instead: git tag -d %s\n' "$tag"
fi
