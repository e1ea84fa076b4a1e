#!/bin/sh
# Holds the includes of src/ and include/ to the layer order in
# harness/layers.txt: a file may include headers of its own layer or a
# lower one. Prints each use that runs back up and exits 1 on any.
#
#   harness/check-layers.sh
set -eu
cd "$(dirname "$0")/.."
layers=harness/layers.txt

# "FILE HEADER" for every quoted include: HEADER is a public header's
# name (vf_x), a room's internal header (room/x_int.h -> room), or a
# header beside the file (-> the file's own room).
includes() {
    for f in src/*/*.c src/*/*.h include/*.h; do
        sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f" | while read -r h; do
            echo "$f $h"
        done
    done
}

includes | awk -v layers="$layers" '
BEGIN {
    while ((getline line < layers) > 0) {
        if (line ~ /^#/ || line ~ /^[ \t]*$/) continue
        if (line ~ /^except /) {
            split(line, w, " ")
            except[w[2] " " w[3]] = 1
            continue
        }
        n++
        split(line, side, ":")
        nf = split(side[1], folders, " ")
        for (i = 1; i <= nf; i++) level_of[folders[i]] = n
        nh = split(side[2], hdrs, " ")
        for (i = 1; i <= nh; i++) owner[hdrs[i]] = folders[1]
    }
    bad = 0
}
# The room a file belongs to: its src/ folder, or its public header owner.
function room_of(file,    p, name) {
    if (file ~ /^src\//) {
        split(file, p, "/")
        return p[2]
    }
    name = file
    sub(/^include\//, "", name)
    sub(/\.h$/, "", name)
    if (!(name in owner)) {
        print file ": not listed in " layers
        bad = 1
        return ""
    }
    return owner[name]
}
{
    file = $1; h = $2
    from = room_of(file)
    if (from == "") next
    if (!(from in level_of)) {
        print file ": folder " from " not listed in " layers
        bad = 1
        next
    }
    if (h ~ /^vf_.*\.h$/) {
        name = h; sub(/\.h$/, "", name)
        if (!(name in owner)) {
            print file ": includes " h ", not listed in " layers
            bad = 1
            next
        }
        to = owner[name]
    } else if (h ~ /\//) {
        split(h, p, "/"); to = p[1]
        name = h
    } else {
        next                # a header beside the file: its own room
    }
    if (!(to in level_of)) {
        print file ": includes " h " of " to ", not listed in " layers
        bad = 1
        next
    }
    key = substr(file, file ~ /^src\// ? 5 : 1) " " name
    if (level_of[to] > level_of[from] && !(key in except)) {
        print file " (" from ") includes " h " of " to ", a layer above"
        bad = 1
    }
}
END {
    if (bad) { print "check-layers: FAILED"; exit 1 }
    print "check-layers: ok"
}'
