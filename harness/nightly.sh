#!/bin/sh
# The nightly job: run the vaults with the night's seed, then say what
# changed since the previous night.
#
#   harness/nightly.sh --crawl-dir ~/crawl/crawl-ref/source --count 100
#
# Runs 'vaultfuzz run' with the night's seed (the UTC date YYYYMMDD, as
# --seed nightly gives) and the options given (do not give --out or
# --seed). The nights keep their own history, apart from ad-hoc runs:
# each report goes to reports/nightly/<UTC time>-<seed>/ under the
# current directory, and reports/nightly/latest points at the newest
# night that ran (reports/latest, an ad-hoc run's, is never read nor
# moved). Then 'vaultfuzz compare' between the previous night's report
# and the new one: new failures (vaults added that fail included), fixed
# vaults, failure rates that moved (each on evidence: Fisher's exact
# test, see vaultfuzz compare --help). A night whose options changed
# what the cases are (.des files, maps, layouts) is not compared: compare
# says what changed, and the next night compares with this one. A night
# whose .des files partly fail to load still reports, compares and moves
# reports/nightly/latest, and says what was broken. A run that does not
# complete leaves its directory (vaultfuzz run --resume finishes it) and
# reports/nightly/latest where it was.
#
# Exit status: 0 when nothing new fails, 1 when something does (on the
# first night: when anything fails), 2 when the run could not be done or
# the nights cannot be compared, 3 when it ran but some input did not
# load (listed above the comparison).
# VAULTFUZZ names the binary (default: vaultfuzz on PATH, else ./vaultfuzz).
set -u

vf=${VAULTFUZZ:-}
if [ -z "$vf" ]; then
    if command -v vaultfuzz >/dev/null 2>&1; then vf=vaultfuzz
    else vf=./vaultfuzz
    fi
fi

for arg in "$@"; do
    case $arg in
    --out|--out=*|--seed|--seed=*|--resume|--resume=*)
        echo "nightly: give neither --out, --seed nor --resume: the night" \
             "chooses them" >&2
        exit 2 ;;
    esac
done

hist=reports/nightly
# One reading of the clock names the directory and gives the seed (two
# readings could fall either side of midnight).
stamp=$(date -u +%Y%m%dT%H%M%SZ)
seed=${stamp%%T*}
name=$stamp-$seed
n=2
while [ -e "$hist/$name" ]; do   # two nights in one second
    name=$stamp-$seed-$n
    n=$((n + 1))
done

prev=$(readlink "$hist/latest" 2>/dev/null || true)
# report.html marks what is worse than the previous night as new.
if [ -n "$prev" ] && [ -d "$hist/$prev" ]; then
    set -- --baseline "$hist/$prev" "$@"
fi
mkdir -p "$hist" || exit 2
status=0
"$vf" run --seed "$seed" --out "$hist/$name" "$@" || status=$?
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
# Not atomic, but a night lost between the two leaves no latest: the
# next night then says it has nothing to compare with.
rm -f "$hist/latest"
ln -s "$name" "$hist/latest" || exit 2
if [ -z "$prev" ] || [ ! -d "$hist/$prev" ]; then
    echo "nightly: no previous report to compare with"
    exit "$status"
fi
echo
cmp=0
"$vf" compare "$hist/$prev" "$hist/$name" || cmp=$?
if [ "$cmp" -ge 2 ]; then exit 2; fi
if [ "$broken" = 1 ]; then exit 3; fi
exit "$cmp"
