#!/bin/sh
# The nightly job: run the vaults with the night's seed, then say what
# changed since the previous night.
#
#   harness/nightly.sh --crawl-dir ~/crawl/crawl-ref/source --count 100
#
# Runs 'vaultfuzz run --seed nightly' with the options given (do not give
# --out: reports go to reports/<UTC time>-<seed>/ under the current
# directory, and reports/latest points at the newest), then
# 'vaultfuzz compare' between the report reports/latest pointed at before
# and the new one: new failures, fixed vaults, failure rates that moved
# (each on evidence: Fisher's exact test, see vaultfuzz compare --help).
# A night whose .des files partly fail to load still reports, compares and
# moves reports/latest, and says what was broken.
#
# Exit status: 0 when nothing new fails, 1 when something does (on the
# first night: when anything fails), 2 when the run could not be done, 3
# when it ran but some input did not load (listed above the comparison).
# VAULTFUZZ names the binary (default: vaultfuzz on PATH, else ./vaultfuzz).
set -u

vf=${VAULTFUZZ:-}
if [ -z "$vf" ]; then
    if command -v vaultfuzz >/dev/null 2>&1; then vf=vaultfuzz
    else vf=./vaultfuzz
    fi
fi

prev=$(readlink reports/latest 2>/dev/null || true)
# report.html marks what is worse than the previous night as new.
if [ -n "$prev" ] && [ -d "reports/$prev" ]; then
    set -- --baseline "reports/$prev" "$@"
fi
status=0
"$vf" run --seed nightly "$@" || status=$?
if [ "$status" = 2 ] || [ "$status" -gt 3 ]; then
    echo "nightly: the run did not complete (exit status $status)" >&2
    exit 2
fi
broken=0
if [ "$status" = 3 ]; then
    broken=1
    echo "nightly: some input did not load: see 'input:' in the summary" \
         "above (the rest ran and is compared)" >&2
fi
new=$(readlink reports/latest 2>/dev/null || true)
if [ -z "$new" ]; then
    echo "nightly: no reports/latest (was --out given?)" >&2
    exit 2
fi
if [ -z "$prev" ] || [ "$prev" = "$new" ]; then
    echo "nightly: no previous report to compare with"
    exit "$status"
fi
echo
cmp=0
"$vf" compare "reports/$prev" "reports/$new" || cmp=$?
if [ "$cmp" -ge 2 ]; then exit 2; fi
if [ "$broken" = 1 ]; then exit 3; fi
exit "$cmp"
