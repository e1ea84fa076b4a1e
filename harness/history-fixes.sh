#!/bin/sh
# Real connectivity bugs from the game's history, before and after their
# fixes (tests/history-fixes.txt): each map run as its commit's parent
# had it and as the commit left it, on the checkout given, and ranked.
# A real bug should be a warning or an error before its fix and lower
# after it. Not part of make check: it needs the game's git history.
#
#   harness/history-fixes.sh GIT_DIR CRAWL_SOURCE [COUNT]
#
# GIT_DIR is a clone of crawl/crawl (a bare one will do); CRAWL_SOURCE
# the checkout whose rules rank them (trunk masks teleport closets; 0.34.1
# does not, as the game did when most of these were fixed).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 GIT_DIR CRAWL_SOURCE [COUNT]" >&2; exit 2; }
git_dir=$1 crawl=$2 count=${3:-40}
vf=${VAULTFUZZ:-./vaultfuzz}
list=$(dirname "$0")/../tests/history-fixes.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
order() {
    case $1 in
    error) echo 3 ;; warning) echo 2 ;; note) echo 1 ;; *) echo 0 ;;
    esac
}

# The severity of map in the .des text of rev:path.
rank_at() {   # rank_at REV PATH MAP
    rm -rf "$tmp/d" "$tmp/out"; mkdir -p "$tmp/d"
    git --git-dir="$git_dir" show "$1:$2" \
        >"$tmp/d/$(basename "$2")" 2>/dev/null || { echo absent; return; }
    "$vf" run "$3" --des "$tmp/d" --crawl-dir "$crawl" --count "$count" \
        -j 2 --explain none --out "$tmp/out" >/dev/null 2>&1 || true
    sev=$(awk -F, -v m="$3" 'NR > 1 && $1 == m { print $5 }' \
          "$tmp/out/vaults.csv" 2>/dev/null)
    echo "${sev:-not-run}"
}

n=0 flagged=0 fixed=0
grep -v '^#' "$list" | while read -r commit map why; do
    path=$(git --git-dir="$git_dir" grep -l -E "^NAME: *$map\$" "$commit" \
           -- crawl-ref/source/dat/des 2>/dev/null | head -n 1 | cut -d: -f2-)
    [ -n "$path" ] || { echo "$commit $map: no file holds it"; continue; }
    before=$(rank_at "$commit^" "$path" "$map")
    after=$(rank_at "$commit" "$path" "$map")
    n=$((n + 1))
    verdict=missed
    if [ "$(order "$before")" -ge 2 ]; then
        flagged=$((flagged + 1)) verdict=flagged
        if [ "$(order "$after")" -lt "$(order "$before")" ]; then
            fixed=$((fixed + 1)) verdict="flagged, lower after"
        fi
    fi
    printf '%s %-40s before %-8s after %-8s %s\n' "$commit" "$map" \
        "$before" "$after" "$verdict"
    echo "$n $flagged $fixed" >"$tmp/count"
done
[ -f "$tmp/count" ] && read -r n flagged fixed <"$tmp/count" \
    && echo "history-fixes: $n fixes; $flagged warning or error before," \
            "$fixed of them lower after"
