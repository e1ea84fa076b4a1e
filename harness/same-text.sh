#!/bin/sh
# Maps whose text is the same on two versions of the game get the same
# verdicts, except where the two games' rules differ. Runs both
# checkouts (empty layout, no rotation, 20 cases a map, one seed), takes
# the maps whose chunks (`vaultfuzz chunks`: the Lua the game builds from
# the map's text, its line numbers left out) are the same on both, and
# compares their verdicts: status, severity and the count of each kind of
# finding. Every difference must be listed in tests/versions-same-text.txt
# with its reason; exits 1 on an unlisted one (stale entries are only
# reported).
#
#   harness/same-text.sh [--print] NEW_SOURCE OLD_SOURCE [NEW_NAME OLD_NAME]
#   (each a checkout's crawl-ref/source; names as in the list: trunk
#   0.34.1). --print writes the differences found as lines for the list
#   (reason "?") instead of checking.
set -eu
cd "$(dirname "$0")/.."
print=0
[ "${1:-}" = --print ] && { print=1; shift; }
new=$1 old=$2
new_name=${3:-trunk} old_name=${4:-0.34.1}
list=tests/versions-same-text.txt
vf=./vaultfuzz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')

# "map<TAB>its chunks on one line", sorted by map.
map_text() {
    $vf chunks --des "$1/dat/des" 2>/dev/null | awk '
    /^@@ map /     { if (name != "") print name "\t" text
                     name = $3; text = ""; inmap = 1; next }
    /^@@ prelude / { if (name != "") print name "\t" text
                     name = ""; inmap = 0; next }
    /^@@ chunk /   { if (inmap) text = text "\001@@" $3; next }
    /^@@ end/      { next }
                   { if (inmap) text = text "\001" $0 }
    END            { if (name != "") print name "\t" text }' |
        sort -t "$tab" -k1,1
}

# "map<TAB>severity (or status)<TAB>status and finding counts", sorted.
verdicts() {
    awk -F, 'NR > 1 {
        v = $5 == "" ? $4 : $5
        k = $4; for (i = 11; i <= 25; i++) k = k "," $i
        print $1 "\t" v "\t" k }' "$1/vaults.csv" | sort -t "$tab" -k1,1
}

for side in new old; do
    eval src=\$$side
    map_text "$src" > "$tmp/text-$side"
    $vf run --crawl-dir "$src" --layouts empty --no-rotate --count 20 \
        --seed 1000 -j 2 --explain none --out "$tmp/run-$side" \
        > "$tmp/log-$side" 2>&1 || [ $? -eq 1 ] || {
        echo "  same text: run on $src failed"; tail -n 5 "$tmp/log-$side"
        exit 1; }
    verdicts "$tmp/run-$side" > "$tmp/verdicts-$side"
done

join -t "$tab" "$tmp/text-new" "$tmp/text-old" |
    awk -F'\t' '$2 == $3 { print $1 }' > "$tmp/same"
join -t "$tab" "$tmp/verdicts-new" "$tmp/verdicts-old" |
    join -t "$tab" - "$tmp/same" |
    awk -F'\t' '$2 != $4 || $3 != $5 { print $1, $2, $4 }' |
    sort > "$tmp/found"
if [ "$print" = 1 ]; then
    sed 's/$/ ?/' "$tmp/found"
    exit 0
fi
awk '!/^#/ && $1 != "reason" && NF >= 4 { print $1, $2, $3 }' "$list" |
    sort > "$tmp/listed"
# Every entry's reason is one the list explains.
awk '$1 == "reason" { r[$2] = 1; next }
     !/^#/ && NF >= 4 && !($4 in r) { print "  " FILENAME ": " $1 \
         ": no reason \"" $4 "\""; bad = 1 }
     END { exit bad }' "$list" || exit 1

nsame=$(wc -l < "$tmp/same")
ndiff=$(wc -l < "$tmp/found")
echo "  same text on $new_name and $old_name: $nsame maps, verdicts differ" \
     "for $ndiff (listed in $list)"
stale=$(comm -13 "$tmp/found" "$tmp/listed")
[ -z "$stale" ] || echo "  stale in $list:" "$stale"
new_diffs=$(comm -23 "$tmp/found" "$tmp/listed")
if [ -n "$new_diffs" ]; then
    echo "  not in $list (map, $new_name verdict, $old_name verdict):"
    echo "$new_diffs" | sed 's/^/    /'
    exit 1
fi
exit 0
