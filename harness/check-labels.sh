#!/bin/sh
# The share of real bugs among trunk's error and warning maps, by the
# labels in tests/labels-trunk.tsv, in the two reports they were read
# from: the empty level at 100 iterations and every default layout at 5.
# The goal is 85% of error maps and 50% of warning maps in both; the
# floors below hold what has been reached (90% and 19% on the empty level,
# 93% and 66% in the layouts, 2026-11-27), so a change that loses ground
# fails. The empty level's warnings are short of the goal: closets and
# pockets holding items, which the labels call design nine times in ten.
#
#   harness/check-labels.sh CRAWL_DIR
set -eu
crawl=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
./vaultfuzz run --crawl-dir "$crawl" --layouts empty --count 100 -j 2 \
    --explain none --out "$dir/empty" >/dev/null 2>&1 || true
./vaultfuzz run --crawl-dir "$crawl" --count 5 -j 2 --explain none \
    --out "$dir/layouts" >/dev/null 2>&1 || true
echo "labels: empty level, 100 iterations"
harness/label-share.sh tests/labels-trunk.tsv "$dir/empty/vaults.csv" 85 60
echo "labels: every default layout, 5 iterations"
harness/label-share.sh tests/labels-trunk.tsv "$dir/layouts/vaults.csv" 85 60
