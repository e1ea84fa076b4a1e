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
# beyond noise.
#
# Exit status: 0 when nothing new fails, 1 when something does (on the
# first night: when anything fails), 2 when the run could not be done.
# VAULTFUZZ names the binary (default: vaultfuzz on PATH, else ./vaultfuzz).
set -u

vf=${VAULTFUZZ:-}
if [ -z "$vf" ]; then
    if command -v vaultfuzz >/dev/null 2>&1; then vf=vaultfuzz
    else vf=./vaultfuzz
    fi
fi

prev=$(readlink reports/latest 2>/dev/null || true)
status=0
"$vf" run --seed nightly "$@" || status=$?
if [ "$status" -ge 2 ]; then
    echo "nightly: the run did not complete (exit status $status)" >&2
    exit 2
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
"$vf" compare "reports/$prev" "reports/$new"
