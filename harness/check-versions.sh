#!/bin/sh
# The game's checkouts at several versions (../shared/crawl/TREE), each
# read as its own version: `lint --crawl-dir` may report only the maps
# tests/versions-known.txt lists (and at most 1 in 1000), and
# `run --layouts empty --count 2` may have Lua errors in at most 3 maps in
# 1000, each listed, and no crash or timeout. With trunk and 0.34.1 both
# present, maps whose text is the same on the two get the same verdicts
# except those tests/versions-same-text.txt lists (harness/same-text.sh).
#
#   harness/check-versions.sh [CRAWL_TREES_DIR] [TREE]...
set -eu
cd "$(dirname "$0")/.."
root=${1:-../shared/crawl}
[ $# -gt 0 ] && shift
trees=${*:-trunk 0.34.1 0.30.0}
known=tests/versions-known.txt
vf=./vaultfuzz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# The maps known for tree and where (lint or run), one a line.
known_maps() {
    awk -v t="$1" -v w="$2" \
        '!/^#/ && NF >= 3 && $1 == t && $3 == w {print $2}' "$known" \
        | sort -u
}

# Compares found (a file of map names) with the known list; prints both
# kinds of difference. Returns 1 on an unlisted map.
compare() {
    tree=$1 where=$2 found=$3
    known_maps "$tree" "$where" > "$tmp/known"
    sort -u "$found" > "$tmp/found"
    new=$(comm -23 "$tmp/found" "$tmp/known")
    stale=$(comm -13 "$tmp/found" "$tmp/known")
    [ -z "$stale" ] || echo "  $where: stale in $known: $stale"
    if [ -n "$new" ]; then
        echo "  $where: not in $known:" $new
        return 1
    fi
    return 0
}

for tree in $trees; do
    src=$root/$tree/crawl-ref/source
    if [ ! -d "$src/dat/des" ]; then
        echo "$tree: $src not present, skipped"
        continue
    fi
    echo "$tree:"
    # lint: every error a listed map, at most one map in 1000.
    $vf lint --crawl-dir "$src" > "$tmp/lint" 2>&1 || true
    grep '^game version:\|^interpreter:' "$tmp/lint" | sed 's/^/  /'
    tail -n 1 "$tmp/lint" | sed 's/^/  /'
    maps=$(tail -n 1 "$tmp/lint" | sed -n 's/.* \([0-9]*\) maps,.*/\1/p')
    sed -n 's/^[^ ]*: map \([^:]*\): .*/\1/p' "$tmp/lint" > "$tmp/lintmaps"
    nlint=$(sort -u "$tmp/lintmaps" | wc -l)
    compare "$tree" lint "$tmp/lintmaps" || fail=1
    if [ $((nlint * 1000)) -gt "${maps:-0}" ] && [ "$nlint" -gt 0 ]; then
        echo "  lint: $nlint maps of $maps fail (more than 1 in 1000)"
        fail=1
    fi
    # run: Lua errors in at most 3 maps in 1000, no crash.
    rc=0
    $vf run --crawl-dir "$src" --layouts empty --count 2 -j 2 \
        --out "$tmp/run-$tree" > "$tmp/run" 2>&1 || rc=$?
    if [ "$rc" -gt 1 ]; then
        echo "  run: exit status $rc"
        tail -n 5 "$tmp/run"
        fail=1
        continue
    fi
    sed -n 's/^maps: .* \([0-9]*\) run,.*/\1/p' "$tmp/run-$tree/summary.txt" \
        > "$tmp/nrun"
    nrun=$(cat "$tmp/nrun")
    jl=$tmp/run-$tree/failures.jsonl
    grep '"lua_error"' "$jl" | sed 's/^{"map": "\([^"]*\)".*/\1/' \
        > "$tmp/luamaps" || true
    nlua=$(sort -u "$tmp/luamaps" | wc -l)
    echo "  run: $nrun maps run, Lua errors in $nlua"
    compare "$tree" run "$tmp/luamaps" || fail=1
    if [ $((nlua * 1000)) -gt $((3 * ${nrun:-0})) ]; then
        echo "  run: Lua errors in $nlua maps of $nrun (more than 3 in 1000)"
        fail=1
    fi
    if grep -q '"crash"\|"timeout"' "$jl"; then
        echo "  run: a case crashed or timed out"
        fail=1
    fi
done
# Maps with the same text on trunk and 0.34.1: the same verdicts, except
# those tests/versions-same-text.txt lists with the rule that differs.
case " $trees " in *" trunk "*) case " $trees " in *" 0.34.1 "*)
    if [ -d "$root/trunk/crawl-ref/source/dat/des" ] &&
       [ -d "$root/0.34.1/crawl-ref/source/dat/des" ]; then
        echo "trunk and 0.34.1:"
        harness/same-text.sh "$root/trunk/crawl-ref/source" \
            "$root/0.34.1/crawl-ref/source" trunk 0.34.1 || fail=1
    fi ;;
esac ;; esac
[ "$fail" = 0 ] && echo "check-versions: ok" || echo "check-versions: FAILED"
exit "$fail"
