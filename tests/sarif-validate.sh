#!/bin/sh
# Validates SARIF logs against the SARIF 2.1.0 schema kept in
# tests/data (OASIS, sarif-spec Schemata) with python3-jsonschema,
# installing it as harness/deps.sh installs libraries (root with apt-get)
# when no python3 has it. Exit status 0 when every file validates.
#   tests/sarif-validate.sh FILE.sarif...
set -eu
schema="$(dirname "$0")/data/sarif-schema-2.1.0.json"

# The first python3 that has jsonschema: the one on PATH, else Debian's.
find_python() {
    for py in python3 /usr/bin/python3; do
        if "$py" -c 'import jsonschema' >/dev/null 2>&1; then
            echo "$py"
            return 0
        fi
    done
    return 1
}

if ! py=$(find_python); then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "sarif-validate: installing python3-jsonschema" >&2
        log=$(mktemp)
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            python3-jsonschema >"$log" 2>&1 || cat "$log" >&2
        rm -f "$log"
    fi
    if ! py=$(find_python); then
        echo "sarif-validate: no python3 with jsonschema; install it with:" >&2
        echo "    sudo apt-get install -y python3-jsonschema" >&2
        exit 2
    fi
fi

exec "$py" - "$schema" "$@" <<'PY'
import json, sys
import jsonschema

with open(sys.argv[1]) as f:
    schema = json.load(f)
validator = jsonschema.Draft4Validator(schema)
bad = 0
for path in sys.argv[2:]:
    with open(path) as f:
        log = json.load(f)
    for e in validator.iter_errors(log):
        bad += 1
        where = "/".join(str(p) for p in e.absolute_path)
        print(f"{path}: {where}: {e.message}", file=sys.stderr)
sys.exit(1 if bad else 0)
PY
