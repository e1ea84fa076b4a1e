#!/bin/sh
# make check-install: installs into a temporary DESTDIR with PREFIX=/usr,
# then, from another directory, the installed binary lints and runs its
# installed corpus (not the source tree's), man shows the page, the
# completions load; make uninstall must leave no file behind.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
elsewhere=$(mktemp -d)
trap 'rm -rf "$tmp" "$elsewhere"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

make -s install DESTDIR="$tmp" PREFIX=/usr
bin=$tmp/usr/bin/vaultfuzz
share=$tmp/usr/share/vaultfuzz
[ -x "$bin" ] || fail "no $bin"

[ -x "$tmp/usr/bin/vaultfuzz-lua5.4" ] \
    || fail "no $tmp/usr/bin/vaultfuzz-lua5.4"

cd "$elsewhere"
version=$("$bin" --version)
lint=$("$bin" lint | tail -n 1)
case $lint in
*", 0 errors, 0 warnings") ;;
*) fail "lint of the installed corpus: $lint" ;;
esac
# Read as trunk (no checkout), whose game runs Lua 5.4: vaultfuzz (5.1)
# hands the command to the installed vaultfuzz-lua5.4 beside it, and back
# with --lua 5.1.
"$bin" lint | grep -q "^interpreter: Lua 5\.4" \
    || fail "the installed lint did not run under Lua 5.4"
"$tmp/usr/bin/vaultfuzz-lua5.4" lint --lua 5.1 \
    | grep -q "^interpreter: Lua 5\.1" \
    || fail "the installed lint --lua 5.1 did not run under Lua 5.1"
"$bin" run --count 2 --layouts empty,rooms -j 2 --out "$elsewhere/r" \
    >"$elsewhere/run.log" 2>&1 \
    || fail "run exited $? ($(tail -n 3 "$elsewhere/run.log"))"
# The default corpus is the installed one: the run's command names it.
grep -q -- "--des $share/corpus\$" "$elsewhere/r/summary.txt" \
    || fail "the run did not use $share/corpus:" \
            "$(grep command: "$elsewhere/r/summary.txt")"
[ -s "$elsewhere/r/report.sarif" ] || fail "no report.sarif"
cd - >/dev/null

# The page renders, names this version, and man finds it by MANPATH.
man -l "$tmp/usr/share/man/man1/vaultfuzz.1" 2>/dev/null | grep -q "^NAME" \
    || fail "man -l does not render the page"
grep -q "\"$version\"" "$tmp/usr/share/man/man1/vaultfuzz.1" \
    || fail "the man page does not say '$version'"
MANPATH=$tmp/usr/share/man man -P cat vaultfuzz 2>/dev/null \
    | grep -q -- "--changed-since" \
    || fail "man vaultfuzz does not show the page"
if command -v groff >/dev/null 2>&1; then
    warn=$(groff -man -Tutf8 -ww "$tmp/usr/share/man/man1/vaultfuzz.1" \
           2>&1 >/dev/null)
    [ -z "$warn" ] || fail "groff warns: $warn"
fi
bash -c ". '$tmp/usr/share/bash-completion/completions/vaultfuzz' &&
         complete -p vaultfuzz" >/dev/null || fail "bash completion"
# The installed script and binary complete a map of the installed corpus
# (called as bash calls it: the command, the word, the word before).
maps=$(bash -c ". '$tmp/usr/share/bash-completion/completions/vaultfuzz' &&
         COMP_WORDS=('$bin' show vf_bad_sea) COMP_CWORD=2 &&
         _vaultfuzz '$bin' vf_bad_sea show && echo \"\${COMPREPLY[*]}\"")
[ "$maps" = vf_bad_sealed_room ] || fail "bash completion of a map: '$maps'"
[ -s "$tmp/usr/share/zsh/site-functions/_vaultfuzz" ] || fail "zsh completion"
if command -v zsh >/dev/null 2>&1; then
    zsh -n "$tmp/usr/share/zsh/site-functions/_vaultfuzz" || fail "zsh -n"
fi

make -s uninstall DESTDIR="$tmp" PREFIX=/usr
left=$(find "$tmp" ! -type d)
[ -z "$left" ] || fail "uninstall left: $left"
echo "check-install: installed, ran from $elsewhere ($version, $lint)," \
     "uninstalled clean"
