# bash completion for vaultfuzz: commands, each command's options (read
# from its --help, so they stay in step with the binary), map names for
# the commands that take one (from 'vaultfuzz list', with the --des
# paths already on the line), files and directories elsewhere.

_vaultfuzz_maps()
{
    local des=() i
    for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do
        [[ ${COMP_WORDS[i]} == --des ]] && des+=(--des "${COMP_WORDS[i+1]}")
    done
    "$1" list "${des[@]}" 2>/dev/null | cut -f1
}

_vaultfuzz()
{
    local cur prev cmd
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local commands="lint list chunks show check run repro explain test merge
        compare anchors help"
    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W "$commands --version --help" -- "$cur"))
        return
    fi
    cmd=${COMP_WORDS[1]}
    case $prev in
    --des|--crawl-dir|--out|--resume|--accept|--dump)
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    --mode|--layouts)
        COMPREPLY=($(compgen -W "empty fill rooms caves city open cross" \
                     -- "$cur"))
        return ;;
    --fail-on)
        COMPREPLY=($(compgen -W "error warning note" -- "$cur"))
        return ;;
    --format)
        COMPREPLY=($(compgen -W "text json gnu sarif" -- "$cur"))
        return ;;
    --color)
        COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
        return ;;
    --explain)
        COMPREPLY=($(compgen -W "first none" -- "$cur"))
        return ;;
    esac
    if [[ $cur == -* ]]; then
        local opts
        opts=$("${COMP_WORDS[0]}" "$cmd" --help 2>/dev/null |
               grep -o -- '--[a-z][a-z-]*' | sort -u)
        opts+=" --color"   # every command's, not in their --help
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    case $cmd in
    show|check|chunks|run|repro|explain)
        # Names as they are (compgen -W would read quotes in them).
        local m
        COMPREPLY=($(compgen -f -- "$cur"))
        while IFS= read -r m; do
            [[ $m == "$cur"* ]] && COMPREPLY+=("$m")
        done < <(_vaultfuzz_maps "${COMP_WORDS[0]}")
        ;;
    help)
        COMPREPLY=($(compgen -W "$commands" -- "$cur")) ;;
    *)
        COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -o filenames -F _vaultfuzz vaultfuzz
