#!/bin/sh
# make fuzz's helper.
#   fuzz.sh check            clang with libFuzzer present, or installed
#                            (apt-get, as root), or a message saying how
#   fuzz.sh run SECONDS T... each target T for SECONDS, from its seeds
#                            (lua54, pipeline54: under Lua 5.4);
#                            T=S: target T for S seconds instead
# A target's inputs grow in build/fuzz/corpus/T; what crashes it is kept
# in build/fuzz/crashes/ and makes this script fail. VF_FUZZ_CRAWL_DIR
# (a crawl checkout) runs them with the game's own Lua library.
set -eu

CC=${FUZZ_CC:-clang}
DEBS="clang libclang-rt-dev"

fuzzer_works() {
    dir=$(mktemp -d)
    printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n)\n'\
'{ (void)d; (void)n; return 0; }\n' > "$dir/t.c"
    ok=0
    "$CC" -fsanitize=fuzzer,address,undefined "$dir/t.c" -o "$dir/t" \
        >/dev/null 2>&1 && ok=1
    rm -rf "$dir"
    [ "$ok" = 1 ]
}

check() {
    fuzzer_works && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "fuzz.sh: installing $DEBS" >&2
        log=$(mktemp)
        if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
               DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $DEBS; } \
               >"$log" 2>&1; then
            cat "$log" >&2
        fi
        rm -f "$log"
    fi
    fuzzer_works && return 0
    echo "fuzz.sh: $CC cannot build libFuzzer targets" \
         "(-fsanitize=fuzzer); install them with:" >&2
    echo "    sudo apt-get install -y $DEBS" >&2
    exit 1
}

# The seeds of target t (read only; new inputs go to build/fuzz/corpus/t);
# a target ending in 54 is the same one under Lua 5.4, with its seeds.
seeds() {
    case "${1%54}" in
        des) echo corpus ;;
        pipeline) echo "fuzz/seeds/pipeline corpus" ;;
        *) echo "fuzz/seeds/${1%54}" ;;
    esac
}

# The binary of target t.
binary() {
    case "$1" in
        *54) echo "build/fuzz54/fuzz_${1%54}" ;;
        *) echo "build/fuzz/fuzz_$1" ;;
    esac
}

run() {
    seconds=$1
    shift
    mkdir -p build/fuzz/crashes
    for arg in "$@"; do
        t=${arg%%=*}
        secs=$seconds
        [ "$t" = "$arg" ] || secs=${arg#*=}
        mkdir -p "build/fuzz/corpus/$t"
        dirs=""
        for d in $(seeds "$t"); do [ -d "$d" ] && dirs="$dirs $d"; done
        echo "fuzz: $t for ${secs}s"
        # -timeout: one input may take this long (the Lua budget is far
        # less); -rss_limit_mb: what a leak or bomb may reach.
        # shellcheck disable=SC2086
        "$(binary "$t")" -max_total_time="$secs" -timeout=20 \
            -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
            -artifact_prefix="build/fuzz/crashes/$t-" \
            "build/fuzz/corpus/$t" $dirs 2>"build/fuzz/$t.log" || {
            tail -n 60 "build/fuzz/$t.log" >&2
            echo "fuzz: $t failed; the input is in build/fuzz/crashes/" >&2
            exit 1
        }
        grep -e '^stat::number_of_executed_units' \
             -e '^stat::average_exec_per_sec' -e '^stat::peak_rss_mb' \
            "build/fuzz/$t.log" | tr '\n' ' '
        echo
    done
}

case "${1:-}" in
    check) check ;;
    run) shift; run "$@" ;;
    *) echo "usage: fuzz.sh check | run SECONDS TARGET[=SECONDS]..." >&2
       exit 2 ;;
esac
