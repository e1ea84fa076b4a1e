#!/bin/sh
# Runs the examples of README.md and checks that each does what the text
# beside it says, so that every example works as written.
#
#   harness/check-readme.sh [README]        (make check runs it)
#   CRAWL_DIR=~/crawl/crawl-ref/source harness/check-readme.sh
#
# A code block is annotated by an HTML comment on one line above it
# (GitHub does not show it). The comment is for the next code block below
# it, so it may also stand above a heading (a section kept word for word):
#
#   <!-- check: exit=1 out="error in" -->   run the block's commands; each
#           must exit 1 (exit="0 1": the first 0, the second 1; no exit=:
#           0), and their output (stdout and stderr) must hold each
#           out="..." text
#   <!-- check: file=my_vault.des -->       the block is that file's text:
#           write it for the blocks below
#   <!-- check: skip reason="why" -->       not run, and the reason said:
#           a run over the whole game, a command that installs...
#   <!-- check: text -->                    not commands: a synopsis, output
#
# The blocks run in order, each as one shell script (a command per line,
# '\' continues a line) in one temporary directory that stands for the top
# of the tree: links to ./vaultfuzz, corpus/, dlua/ and harness/, and
# ./vaultfuzz first on PATH. So a block may use what one above it wrote.
# A block naming the placeholder ~/crawl/crawl-ref/source runs with
# $CRAWL_DIR in its place, and without CRAWL_DIR is counted as skipped,
# never as passed. A code block with a line starting with a command
# (vaultfuzz, make, harness/...) but no annotation fails the check, so no
# new example goes unchecked; a fenced block of another language
# (```yaml) is a file, not commands.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
readme=${1:-$top/README.md}
name=$(basename "$readme")
place='~/crawl/crawl-ref/source'
crawl=${CRAWL_DIR:-}
# The blocks run elsewhere: a relative CRAWL_DIR would name nothing there.
if [ -n "$crawl" ]; then crawl=$(cd "$crawl" && pwd); fi
if [ ! -x "$top/vaultfuzz" ]; then
    echo "check-readme: build ./vaultfuzz first (make vaultfuzz)" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
run=$work/top
blocks=$work/blocks
mkdir "$run" "$blocks"
for f in vaultfuzz corpus dlua harness; do ln -s "$top/$f" "$run/$f"; done

# Splits the README into $blocks/NNN.* for each annotated block: .line,
# .kind, .exit, .out (a text a line), .reason, .file, .txt (the block),
# .sh (the commands, each followed by a line writing its status to fd 9).
# Prints each problem (a command block without annotation, a bad one)
# and exits 1 on any.
awk -v dir="$blocks" -v name="$name" '
function bad(msg) { printf "check-readme: %s:%d: %s\n", name, NR, msg; err = 1 }
# Reads "key=value key=\"a value\" word" into A[] (outs into OUT[]).
function attrs(s,    k, v) {
    split("", A); nout = 0
    while (s != "") {
        sub(/^[ \t]+/, "", s)
        if (s == "") break
        if (!match(s, /^[a-z]+/)) {
            bad("cannot read the annotation at: " s); return
        }
        k = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1)
        if (substr(s, 1, 2) == "=\"") {
            s = substr(s, 3)
            if (!match(s, /"/)) {
                bad("unclosed quote in the annotation"); return
            }
            v = substr(s, 1, RSTART - 1); s = substr(s, RSTART + 1)
        } else if (substr(s, 1, 1) == "=") {
            match(s, /^=[^ \t]*/); v = substr(s, 2, RLENGTH - 1)
            s = substr(s, RLENGTH + 1)
        } else v = 1
        if (k == "out") OUT[++nout] = v
        else if (k ~ /^(exit|file|skip|reason|text)$/) A[k] = v
        else bad("unknown key \"" k "\" in the annotation")
    }
}
function is_command(line) {
    sub(/^\$ /, "", line)
    return line ~ /^(\.\/)?vaultfuzz([ \t]|$)/ || \
           line ~ /^(make|sh|sudo|apt-get|man)([ \t]|$)/ || \
           line ~ /^(harness|build|tests)\//
}
function end_block(    i, f, cmds, cont, line, nexit, ncmd) {
    inblock = 0
    while (nb > 0 && body[nb] ~ /^[ \t]*$/) nb--     # trailing blank lines
    cmds = 0
    for (i = 1; i <= nb; i++) if (is_command(body[i])) cmds = 1
    # A fenced block of another language is a file (```yaml), not commands.
    if (fenced && lang !~ /^(|sh|shell|console|bash)$/) cmds = 0
    if (!pending) {
        if (cmds) {
            printf "check-readme: %s:%d: a code block of commands with no " \
                   "<!-- check: ... --> above it\n", name, start
            err = 1
        }
        return
    }
    pending = 0
    nblock++
    f = sprintf("%s/%03d", dir, nblock)
    printf "%d\n", start > (f ".line")
    for (i = 1; i <= nb; i++) print body[i] > (f ".txt")
    close(f ".txt")
    if ("text" in P) { print "text" > (f ".kind"); return }
    if ("skip" in P) {
        if (P["reason"] == "")
            bad("skip needs reason=\"...\" (block at line " start ")")
        print "skip" > (f ".kind"); print P["reason"] > (f ".reason"); return
    }
    if ("file" in P) {
        if (P["file"] !~ /^[A-Za-z0-9_][A-Za-z0-9._-]*$/)
            bad("file=" P["file"] ": a plain file name, please")
        print "file" > (f ".kind"); print P["file"] > (f ".file"); return
    }
    print "check" > (f ".kind")
    for (i = 1; i <= PN; i++) print POUT[i] > (f ".out")
    # The commands: a status line after each, continuation lines joined.
    ncmd = 0; cont = 0
    for (i = 1; i <= nb; i++) {
        line = body[i]
        print line > (f ".sh")
        if (line ~ /^[ \t]*(#.*)?$/ && !cont) continue
        cont = line ~ /\\$/
        if (!cont) { print "echo $? >&9" > (f ".sh"); ncmd++ }
    }
    close(f ".sh")
    nexit = split(("exit" in P) ? P["exit"] : "0", E, " ")
    if (nexit != 1 && nexit != ncmd)
        bad("exit=\"" P["exit"] "\" gives " nexit " statuses for " ncmd \
            " commands (block at line " start ")")
    print (("exit" in P) ? P["exit"] : "0") > (f ".exit")
}
{ line = $0 }
inblock && fenced {
    if (line ~ /^```/) { end_block(); prevblank = 1; next }
    body[++nb] = line; next
}
inblock {
    if (line ~ /^    / || line ~ /^[ \t]*$/) {
        body[++nb] = substr(line, 5); next
    }
    end_block()       # then this line is read as any other
}
/^<!-- check:.*-->[ \t]*$/ {
    if (pending) bad("two annotations with no code block between them")
    s = line; sub(/^<!-- check:/, "", s); sub(/-->[ \t]*$/, "", s)
    attrs(s)
    split("", P); for (k in A) P[k] = A[k]
    PN = nout; for (i = 1; i <= nout; i++) POUT[i] = OUT[i]
    pending = 1; start = NR; prevblank = 1; next
}
/^<!-- check/ { bad("an annotation is <!-- check: ... --> on one line"); next }
/^```/ {
    inblock = 1; fenced = 1; nb = 0; start = NR + 1
    lang = line; sub(/^```[ \t]*/, "", lang); next
}
/^    / && prevblank {
    inblock = 1; fenced = 0; nb = 0; start = NR
    body[++nb] = substr(line, 5); next
}
{ prevblank = line ~ /^[ \t]*$/ || line ~ /^#/ }
END {
    if (inblock) end_block()
    if (pending) bad("an annotation with no code block below it")
    exit err
}' "$readme" || exit 1

checked=0 needcrawl=0 marked=0 failed=0
for kindf in "$blocks"/*.kind; do
    [ -e "$kindf" ] || break
    b=${kindf%.kind}
    line=$(cat "$b.line")
    case $(cat "$kindf") in
    text) continue ;;
    file) cp "$b.txt" "$run/$(cat "$b.file")"; continue ;;
    skip)
        marked=$((marked + 1))
        echo "check-readme: $name:$line: not run: $(cat "$b.reason")"
        continue ;;
    esac
    if grep -q "$place" "$b.sh"; then
        if [ -z "$crawl" ]; then
            needcrawl=$((needcrawl + 1))
            echo "check-readme: $name:$line: not run: needs CRAWL_DIR"
            continue
        fi
        # sed's replacement: escape its own specials in the path.
        esc=$(printf '%s\n' "$crawl" | sed 's/[|&\\]/\\&/g')
        sed "s|$place|$esc|g" "$b.sh" > "$b.run"
    else
        cp "$b.sh" "$b.run"
    fi
    checked=$((checked + 1))
    # Each command's status goes to fd 9, its output to the log; the
    # block's own status is the last command's, already recorded.
    (cd "$run" && PATH="$run:$PATH" NO_COLOR=1 sh "$b.run" 9>"$b.status" \
        >"$b.log" 2>&1 </dev/null) || true
    why=
    want=$(cat "$b.exit")
    n=$(wc -l < "$b.status")
    ncmd=$(grep -c '^echo \$? >&9$' "$b.run")
    if [ "$n" -ne "$ncmd" ]; then
        why="ran $n of its $ncmd commands"
    else
        i=0
        for got in $(cat "$b.status"); do
            i=$((i + 1))
            set -- $want
            [ $# -eq 1 ] || shift $((i - 1))
            if [ "$got" != "$1" ]; then
                why="${why}command $i exited $got, the README says $1; "
            fi
        done
    fi
    if [ -e "$b.out" ]; then
        while IFS= read -r text; do
            grep -qF -- "$text" "$b.log" \
                || why="${why}no \"$text\" in its output; "
        done < "$b.out"
    fi
    if [ -n "$why" ]; then
        failed=$((failed + 1))
        echo "check-readme: $name:$line: FAILED: $why"
        sed 's/^/    | /' "$b.txt"
        echo "    output (last 15 lines):"
        tail -n 15 "$b.log" | sed 's/^/    > /'
    fi
done

echo "check-readme: $checked blocks checked, $needcrawl skipped" \
     "(need CRAWL_DIR), $marked marked skip, $failed failed"
[ "$failed" -eq 0 ]
