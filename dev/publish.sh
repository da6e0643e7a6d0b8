#!/usr/bin/env bash
# Publishes the command line (the `wait-for-docs` package: dist/cli/) as version X.Y.Z. The
# release workflow runs it on a tag vX.Y.Z (with --provenance, through trusted publishing), and
# .ci/run runs the same script against a local registry. See docs/releasing.md.
#
#   dev/publish.sh X.Y.Z [npm publish options…]      e.g. --provenance
#
# It builds in a copy of the working tree, never in it: the copy gets the version X.Y.Z in its
# package.json, `npm run package` bundles it (so `wait-for-docs --version` says X.Y.Z), and
# `npm publish` sends it with the npm dist-tag the moving-tag rule gives (below). The registry is
# npm's own unless npm_config_registry (or .npmrc) says otherwise.
#
# The moving-tag rule, the same for the git major tag vN (.github/workflows/release.yml) and the
# npm dist-tags: a moving tag only ever moves forward. X.Y.Z gets
#   - `latest`     when it is higher than every published version;
#   - `latest-N`   (N its major) when it is the highest of its major but a higher major exists;
#   - `backport-N` otherwise (a fix to an older minor of its major): nothing that moves points
#                  at it, and `wait-for-docs@N` still resolves to the highest N.x.y.
# Only `npm publish` runs against the registry (trusted publishing allows nothing else), so each
# version gets exactly one dist-tag.
set -euo pipefail

die() {
  printf 'publish: %s\n' "$*" >&2
  exit 1
}

version="${1:-}"
[ -n "$version" ] || die "usage: dev/publish.sh X.Y.Z [npm publish options…]"
shift
version="${version#v}"
if ! [[ "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]]; then
  die "'$version' is not a version like 1.2.3 (three numbers, no leading zeros, no suffix): the tag must be vX.Y.Z"
fi
major="${BASH_REMATCH[1]}"

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
[ -d node_modules ] || die "node_modules/ is missing: run 'npm ci' first"
name="$(node -p 'require("./package.json").name')"

# With provenance, the registry checks that package.json names the repository the workflow runs
# in: say so here, before the build, rather than in a rejected publish.
if [ -n "${GITHUB_REPOSITORY:-}" ]; then
  repository="$(node -p 'const r = require("./package.json").repository; (typeof r === "string" ? r : r?.url) ?? ""')"
  case "$repository" in
    *"github.com/$GITHUB_REPOSITORY.git" | *"github.com/$GITHUB_REPOSITORY") ;;
    *) die "package.json's repository is '$repository', but this runs in $GITHUB_REPOSITORY: the registry refuses the provenance of a package whose repository is not the one that built it. Set repository, bugs and homepage in package.json to https://github.com/$GITHUB_REPOSITORY and release again." ;;
  esac
fi

# The registry's published versions ('[]' when the package is new: npm view answers E404).
view_errors="$(mktemp)"
if ! published="$(npm view "$name" versions --json 2>"$view_errors")"; then
  if grep -q E404 "$view_errors"; then
    published='[]'
  else
    cat "$view_errors" >&2
    rm -f "$view_errors"
    die "could not read the versions of $name from the registry (above); nothing was published"
  fi
fi
rm -f "$view_errors"
# A re-run of the whole release workflow after its publish job passed: say what to do instead.
if [ "${GITHUB_RUN_ATTEMPT:-1}" != 1 ] && node -e 'process.exit([JSON.parse(process.argv[1] || "[]")].flat().includes(process.argv[2]) ? 0 : 1)' "$published" "$version"; then
  die "$name@$version is published already (by an earlier attempt of this run): nothing is published again. Re-run only the failed jobs of the run (\"Re-run failed jobs\"): the release check and the major tag."
fi
dist_tag="$(node dev/dist-tag.js "$version" "$published")" || die "no dist-tag for $version (above); nothing was published"

stage="$(mktemp -d "${TMPDIR:-/tmp}/wait-for-docs-publish.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
# The files git knows of (tracked, and new ones it does not ignore), as they are in the tree.
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$stage"
ln -s "$root/node_modules" "$stage/node_modules"

cd "$stage"
npm version "$version" --no-git-tag-version --allow-same-version >/dev/null
npm run --silent package
said="$(node dist/cli/index.js --version)"
[ "$said" = "$version" ] || die "the bundle built for $version says its version is '$said'; nothing was published"
rm node_modules
printf 'Publishing %s@%s with the dist-tag %s\n' "$name" "$version" "$dist_tag"
npm publish --tag "$dist_tag" "$@"
