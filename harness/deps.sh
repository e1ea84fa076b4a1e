#!/bin/sh
# Makes sure the libraries vaultfuzz builds against are present, then writes
# the compiler and linker flags for them as a makefile fragment on stdout.
# Installs the Debian packages itself when it can (root with apt-get);
# otherwise it stops and prints the exact command to run.
#   deps.sh           install what is missing (make deps, make run, check)
#   deps.sh --check   only look: a fragment saying DEPS_MISSING if any is
#                     (plain make, which never installs)
set -eu
mode=${1:-install}

# Two interpreters: each checkout's vault Lua runs under the one its game
# uses (Lua 5.4 for trunk and 0.34 on, 5.1 before), in a binary of its own.
PKGS="lua5.1 lua5.4 check zlib"
DEBS="liblua5.1-0-dev liblua5.4-dev check zlib1g-dev pkg-config"

have_all() {
    command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $PKGS
}

if ! have_all && [ "$mode" = --check ]; then
    echo "DEPS_MISSING := $DEBS"
    exit 0
fi
if ! have_all; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "deps.sh: installing $DEBS" >&2
        export DEBIAN_FRONTEND=noninteractive
        log=$(mktemp)
        # apt's chatter goes to a log, shown only if the install fails.
        if ! { apt-get update -qq && apt-get install -y -qq $DEBS; } \
                >"$log" 2>&1; then
            cat "$log" >&2
        fi
        rm -f "$log"
    fi
fi
if ! have_all; then
    echo "deps.sh: missing libraries; install them with:" >&2
    echo "    sudo apt-get install -y $DEBS" >&2
    exit 1
fi

echo "DEP_CFLAGS := $(pkg-config --cflags check zlib)"
echo "DEP_LIBS := $(pkg-config --libs zlib) -lm"
echo "LUA51_CFLAGS := $(pkg-config --cflags lua5.1)"
echo "LUA51_LIBS := $(pkg-config --libs lua5.1)"
echo "LUA54_CFLAGS := $(pkg-config --cflags lua5.4)"
echo "LUA54_LIBS := $(pkg-config --libs lua5.4)"
echo "CHECK_LIBS := $(pkg-config --libs check)"
