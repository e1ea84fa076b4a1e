#!/bin/sh
# The pull-request gate replayed on the game's own vault commits: for each
# of the last N commits touching dat/des, a checkout of it and
# 'run --changed-since C^' as harness/ci/github-workflow.yml runs it. Says,
# per commit, the maps the change made fail (what fails the gate) and those
# failing before it already; then how many commits the gate fails, and how
# many a gate failing on every error in the files touched would.
# Not part of make check: it needs the game's git history and minutes.
#
#   harness/gate-replay.sh GIT_DIR [N] [COUNT]
set -eu
[ $# -ge 1 ] || { echo "usage: $0 GIT_DIR [N] [COUNT]" >&2; exit 2; }
git_dir=$1 n=${2:-26} count=${3:-20}
vf=${VAULTFUZZ:-./vaultfuzz}
vf=$(cd "$(dirname "$vf")" && pwd)/$(basename "$vf")
tmp=$(mktemp -d)
git --git-dir="$git_dir" worktree add -q --detach "$tmp/wt" HEAD
trap 'git --git-dir="$git_dir" worktree remove --force "$tmp/wt"
      rm -rf "$tmp"' EXIT
gate=0 old=0 total=0
for c in $(git --git-dir="$git_dir" log --no-merges --format=%h -n "$n" \
           -- crawl-ref/source/dat/des); do
    git -C "$tmp/wt" checkout -q --detach "$c"
    "$vf" run --crawl-dir "$tmp/wt/crawl-ref/source" --changed-since "$c^" \
        --count "$count" --explain none --out "$tmp/out-$c" \
        >"$tmp/log-$c" 2>&1 && rc=0 || rc=$?
    sum=$tmp/out-$c/summary.txt
    new=$(sed -n 's/^failing because of this change (\([0-9]*\)).*/\1/p' \
          "$sum" 2>/dev/null)
    before=$(sed -n \
             's/^already failing before this change.*(\([0-9]*\)).*/\1/p' \
             "$sum" 2>/dev/null)
    echo "$c exit $rc: ${new:-?} failing because of it," \
         "${before:-?} failing before it"
    sed -n '/^failing because of this change/,/^already/{/^  /p}' "$sum" \
        2>/dev/null
    total=$((total + 1))
    [ "$rc" = 1 ] && gate=$((gate + 1))
    [ "$((${new:-0} + ${before:-0}))" -gt 0 ] && old=$((old + 1))
done
echo "gate-replay: $total commits; the gate fails $gate; failing on every" \
     "error in the files touched would fail $old"
