#!/bin/sh
# Hostile vaults (tests/hostile/) beside the game's own: each run with
# them finishes with a report; every other map's row of vaults.csv is
# byte for byte the row of a run without them, at -j 2 and at -j 1; every
# JSON and SARIF file written parses as strict UTF-8 JSON; no output, on
# the terminal or in a report, holds an ESC byte or a line starting with
# "::" (a GitHub Actions workflow command).
#
#   harness/check-hostile.sh CRAWL_DIR
set -eu
crawl=$1
des=$crawl/dat/des
[ -d "$des" ] || des=$crawl/crawl-ref/source/dat/des
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0

run() {
    name=$1
    shift
    ./vaultfuzz run --crawl-dir "$crawl" --layouts empty --count 2 \
        --explain none "$@" --out "$dir/$name" >"$dir/$name.term" 2>&1 || true
    if ! grep -q '^status: complete' "$dir/$name/summary.txt" 2>/dev/null; then
        echo "check-hostile: $name: no complete report" >&2
        tail -5 "$dir/$name.term" >&2
        fail=1
    fi
}

# The rows of the maps that are not hostile, in the order written.
innocent() {
    grep -v '^hostile_' "$1/vaults.csv"
}

run plain -j 2 --des "$des"
# What the hostile maps write comes first; the name theft after the
# name's owner.
hostile="--des tests/hostile/hostile.des --des $des"
hostile="$hostile --des tests/hostile/name_theft.des"
run hostile2 -j 2 $hostile
run hostile1 -j 1 $hostile
# The hostile maps alone, each failing case explained.
./vaultfuzz run --des tests/hostile --count 2 --explain all \
    --out "$dir/alone" >"$dir/alone.term" 2>&1 || true

innocent "$dir/plain" >"$dir/plain.rows"
for r in hostile2 hostile1; do
    innocent "$dir/$r" >"$dir/$r.rows"
    if cmp -s "$dir/plain.rows" "$dir/$r.rows"; then
        echo "check-hostile: $r: $(wc -l <"$dir/$r.rows") other rows as" \
             "without the hostile file"
    else
        echo "check-hostile: $r: other maps' verdicts changed:" >&2
        diff "$dir/plain.rows" "$dir/$r.rows" | head -10 >&2
        fail=1
    fi
done

# Strict JSON: every .json and .sarif file and every line of each .jsonl.
if ! python3 - "$dir" <<'PY'
import json, pathlib, sys
bad = 0
for p in pathlib.Path(sys.argv[1]).rglob("*"):
    if p.suffix not in (".json", ".sarif", ".jsonl"):
        continue
    try:
        text = p.read_bytes().decode("utf-8", errors="strict")
        docs = text.splitlines() if p.suffix == ".jsonl" else [text]
        for d in docs:
            if d.strip():
                json.loads(d)
    except (UnicodeDecodeError, ValueError) as e:
        print(f"check-hostile: {p}: {e}", file=sys.stderr)
        bad = 1
sys.exit(bad)
PY
then
    fail=1
fi

# No ESC byte and no workflow command anywhere we print or write text.
esc=$(printf '\033')
for f in "$dir"/*.term $(find "$dir" -name '*.txt' -o -name '*.csv' \
        -o -name '*.jsonl' -o -name '*.sarif' -o -name '*.xml'); do
    if grep -q "$esc" "$f" || grep -q '^::' "$f"; then
        echo "check-hostile: $f holds an ESC byte or a line starting" \
             "with ::" >&2
        fail=1
    fi
done

if [ "$fail" = 0 ]; then
    echo "check-hostile: ok" \
         "($(grep -c '^hostile_' "$dir/alone/vaults.csv") hostile maps)"
fi
exit "$fail"
