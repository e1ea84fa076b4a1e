#!/bin/sh
# The share of real bugs among a report's error maps and warning maps, by
# the labels kept in tests/labels-trunk.tsv (map, label, class, where,
# reason; label real, harmless, rule or artefact).
#
#   harness/label-share.sh LABELS VAULTS_CSV [MIN_ERROR MIN_WARNING]
#
# Prints one line per severity: labelled maps, real ones, the share, and
# the maps at that severity with no label. With the two minimums (in
# percent), exits 1 when a share is under its minimum.
set -eu
labels=$1
csv=$2
min_err=${3:-}
min_warn=${4:-}
awk -F'\t' -v min_err="$min_err" -v min_warn="$min_warn" '
FNR == NR {
    if ($0 ~ /^#/ || NF < 2) next
    label[$1] = $2
    next
}
FNR == 1 {
    for (i = 1; i <= NF; i++) col[$i] = i
    next
}
{
    sev = $col["severity"]
    if (sev != "error" && sev != "warning") next
    map = $col["map"]
    if (map in label) {
        n[sev]++
        if (label[map] == "real") real[sev]++
    } else {
        unlabelled[sev]++
    }
}
END {
    bad = 0
    split("error warning", sevs, " ")
    for (k = 1; k <= 2; k++) {
        s = sevs[k]
        share = n[s] ? 100 * real[s] / n[s] : 0
        printf "labels: %s maps: %d labelled, %d real (%.0f%%), " \
               "%d without a label\n", s, n[s], real[s], share, unlabelled[s]
        want = s == "error" ? min_err : min_warn
        if (want != "" && share < want) {
            printf "labels: %s share %.0f%% is under %s%%\n", s, share, want
            bad = 1
        }
    }
    exit bad
}' "$labels" FS=, "$csv"
