#!/usr/bin/env bash
# Build another commit's library into bench/.previous/dist, so bench/cases/previous.js can time
# the hot paths of this build and that one in the same process (ratios, not lone times).
#   bash bench/previous-build.sh ef2583f && npm run bench -- --filter "vs previous"
set -euo pipefail
cd "$(dirname "$0")/.."
commit="${1:?usage: bench/previous-build.sh COMMIT}"
tree="$(mktemp -d)"
trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"' EXIT
git worktree add --detach -q "$tree" "$commit"
ln -s "$PWD/node_modules" "$tree/node_modules"
# Only the library is timed: an old CLI may import a package this checkout no longer installs
# (ef2583f's used cli-progress) and fail to compile; that is fine as long as the library did.
(cd "$tree" && npx tsc -p tsconfig.build.json) || echo "note: tsc reported errors in $commit; using the library it emitted"
test -f "$tree/dist/index.js" || { echo "no library built for $commit" >&2; exit 1; }
rm -rf bench/.previous
mkdir -p bench/.previous
cp -r "$tree/dist" bench/.previous/dist
git rev-parse --short "$commit" > bench/.previous/COMMIT
echo "built $(cat bench/.previous/COMMIT) into bench/.previous/dist"
