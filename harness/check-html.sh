#!/bin/sh
# The browser test of report.html (make check-html; .ci/run): a run on
# corpus/ writes its report, then
#   - the page validates: HTML Tidy (Debian's tidy, HTML5) reports no error
#     and no warning (tidy -errors -q exits 0);
#   - headless Chromium renders it: the screenshot is not blank (many
#     colours, a good share of pixels off the background; read with
#     libpng by build/pngstat);
#   - in the DOM Chromium builds, the inline script ran (the filters are
#     shown) and every failing map -- each map in failures.jsonl -- has
#     its section, and each section a picture of its level (an <svg> in
#     <figure class="level">) unless it says why not (a Lua error at
#     load: no case ran);
#   - each vault picture is the size of the vault its dump says placed.
# Chromium, tidy and libpng-dev are installed when missing, as
# harness/deps.sh does for the build's libraries (root with apt-get);
# otherwise it stops and says how. vaultfuzz itself needs none of them.
set -eu
cd "$(dirname "$0")/.."

# Installs a Debian package (root with apt-get) unless the command after
# it succeeds already; else stops with the command to run.
need() {   # need PACKAGE HAVE...
    pkg=$1
    shift
    "$@" >/dev/null 2>&1 && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "check-html: installing $pkg" >&2
        log=$(mktemp)
        if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
               DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$pkg"; } \
                >"$log" 2>&1; then
            cat "$log" >&2
        fi
        rm -f "$log"
    fi
    "$@" >/dev/null 2>&1 && return 0
    echo "check-html: $pkg missing; install it with:" \
         "sudo apt-get install -y $pkg" >&2
    exit 1
}
need chromium command -v chromium
need tidy command -v tidy
need libpng-dev pkg-config --exists libpng
mkdir -p build
# shellcheck disable=SC2046 # pkg-config's words are meant to split
"${CC:-cc}" -std=c11 -Wall -Wextra -Werror -O2 $(pkg-config --cflags libpng) \
    -o build/pngstat tests/tools/pngstat.c $(pkg-config --libs libpng)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-html: $*" >&2; exit 1; }

./vaultfuzz run --count 3 --seed 7 -j 2 --out "$tmp/run" >"$tmp/run.log" \
    || fail "the run failed: $(tail -n 3 "$tmp/run.log")"
page="$tmp/run/report.html"
[ -s "$page" ] || fail "no report.html"
echo "check-html: report.html, $(wc -c <"$page") bytes"

tidy -errors -q "$page" >"$tmp/tidy.txt" 2>&1 \
    || fail "tidy finds problems: $(head -n 5 "$tmp/tidy.txt")"
echo "check-html: tidy: no errors, no warnings"

# The GPU, the sandbox and the dbus session a desktop has are not here.
browse() {
    timeout 120 chromium --headless --disable-gpu --no-sandbox \
        --hide-scrollbars "$@" "file://$page" 2>"$tmp/chromium.log"
}
browse --screenshot="$tmp/shot.png" --window-size=1200,1600 >/dev/null \
    || fail "chromium: $(tail -n 3 "$tmp/chromium.log")"
set -- $(build/pngstat "$tmp/shot.png")
[ "$1" = 1200 ] && [ "$2" = 1600 ] || fail "screenshot is $1x$2"
[ "$3" -ge 16 ] || fail "screenshot has $3 colours: blank?"
[ "$4" -ge 50 ] || fail "screenshot: $4 per mille off the background"
echo "check-html: screenshot $1x$2, $3+ colours, $4 per mille drawn"

browse --dump-dom >"$tmp/dom.html" || fail "chromium --dump-dom failed"
grep -q '<form id="filters">' "$tmp/dom.html" \
    || fail "the inline script did not run (filters still hidden)"
maps=$(grep -o '"map": "[^"]*"' "$tmp/run/failures.jsonl" | sort -u | wc -l)
# One section per line, to count those with a picture.
tr '\n' ' ' <"$tmp/dom.html" | sed 's/<section class="map"/\n&/g' \
    | grep '^<section class="map"' >"$tmp/sections" || true
sections=$(wc -l <"$tmp/sections")
level='<figure class="level"><svg'
pictures=$(grep -c "$level" "$tmp/sections" || true)
nopic=$(grep -v "$level" "$tmp/sections" \
        | grep -c 'data-nopic="load_error"' || true)
loaderr=$(grep -c '"layout": "load"' "$tmp/run/failures.jsonl" || true)
[ "$maps" -gt 0 ] || fail "the corpus run found no failing map"
[ "$sections" = "$maps" ] \
    || fail "$sections map sections for $maps failing maps"
[ $((pictures + nopic)) = "$sections" ] \
    || fail "$pictures pictures, $nopic load errors, $sections sections"
[ "$nopic" = "$loaderr" ] \
    || fail "$nopic sections without picture, $loaderr maps failing at load"
echo "check-html: $sections failing maps, $pictures with a picture," \
     "$nopic failing at load"

# The page opens on what to fix: a note's section keeps its body folded.
notes=$(grep -c 'class="sev note"' "$tmp/sections" || true)
folded=$(grep 'class="sev note"' "$tmp/sections" | grep -c '<details>' || true)
[ "$notes" = "$folded" ] || fail "$folded of $notes note sections folded"
echo "check-html: $notes note sections, each folded"

# Each vault picture is the size of the vault its case placed, as the
# dump the section names says ("placed: WxH", or the resolved vault's
# heading when it was not placed): a picture read from the wrong lines of
# the dump (the why section, the MAP view) is wider.
vaults=0
while IFS= read -r sec; do
    drawn=$(printf '%s\n' "$sec" \
        | grep -o '<figure class="vault"><svg[^>]*viewBox="0 0 [0-9]* [0-9]*"' \
        | head -n 1 | sed 's/.*viewBox="0 0 \([0-9]*\) \([0-9]*\)"/\1x\2/')
    [ -n "$drawn" ] || continue
    dump=$(printf '%s\n' "$sec" | grep -o 'dump <code>[^<]*</code>' \
        | head -n 1 | sed 's/^dump <code>//; s/<\/code>$//')
    # Placed: the rectangle it took; not placed (validate failed): the
    # size the resolved vault's heading gives.
    placed=$(gzip -dc "$tmp/run/$dump" \
        | sed -n 's/^placed: \([0-9]*x[0-9]*\) .*/\1/p
                  s/^resolved vault [^ ]* (\([0-9]*x[0-9]*\),.*/\1/p' \
        | head -n 1)
    [ "$drawn" = "$placed" ] \
        || fail "the vault picture of $dump is $drawn cells, the vault $placed"
    vaults=$((vaults + 1))
done <"$tmp/sections"
[ "$vaults" -gt 0 ] || fail "no vault picture to check"
echo "check-html: $vaults vault pictures, each the size of its vault"
echo "check-html: ok"
