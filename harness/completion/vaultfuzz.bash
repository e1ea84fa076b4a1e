# bash completion for vaultfuzz. The binary gives the candidates:
# 'vaultfuzz complete INDEX WORD0 WORD1 ...' prints those for word INDEX
# of the line, one a line, from the tables its commands parse with
# (commands, options, their values, the map names of the line's own --des
# and --crawl-dir); ":files" there means file names, ":none" nothing.
# bash calls _vaultfuzz with the command, the word completed (what
# follows "=" in --des=PATH), the word before.

_vaultfuzz()
{
    local line n
    COMPREPLY=()
    while IFS= read -r line; do
        n=${#COMPREPLY[@]}
        case $line in
        :files) mapfile -t -O "$n" COMPREPLY < <(compgen -f -- "$2") ;;
        :none) ;;
        *) COMPREPLY[n]=$line ;;
        esac
    done < <("$1" complete "$COMP_CWORD" "${COMP_WORDS[@]}" 2>/dev/null)
}
complete -o filenames -F _vaultfuzz vaultfuzz
