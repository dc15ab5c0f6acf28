# bash completion for pmuctl (installed as
# share/bash-completion/completions/pmuctl). Everything comes from the
# installed pmuctl itself, so that it stays what that pmuctl takes:
#   the commands     from `pmuctl --help` (its Commands: list)
#   a command's options, and whether one takes an argument,
#                    from `pmuctl COMMAND --help` (with the general ones)
#   --cpu's cores    from the "(known: ...)" that `pmuctl list --cpu` with
#                    an unknown core prints
#   event names (-e, --events, a comma list)
#                    every core's, from `pmuctl list` with no target (the
#                    target's core is not known without asking it)
# Nothing contacts a target (no -t is passed on).

# _pmuctl_options HELP-TEXT: the long options of a --help text.
_pmuctl_options() {
    sed -nE 's/^  (-., |    )(--[a-z0-9-]+).*/\2/p' <<<"$1"
}

# _pmuctl_events PMUCTL: the event names of every core's catalogue, the
# first word of each line that names an event.
_pmuctl_events() {
    PMUCTL_TARGET= "$1" list 2>/dev/null |
        awk '/^[A-Za-z0-9_.]+ +[0-9]+ / { print $1 }' | sort -u
}

_pmuctl() {
    local cur prev words cword pmuctl=${COMP_WORDS[0]}
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]:-}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
    COMPREPLY=()

    # The command: the first word that is a command name.
    local commands cmd="" i
    commands=$(PMUCTL_TARGET= "$pmuctl" --help 2>/dev/null |
        sed -n '/^Commands:/,/^$/s/^  \([a-z]\+\)  .*/\1/p')
    for ((i = 1; i < cword; i++)); do
        if [ -z "$cmd" ] && grep -qx -- "${words[i]}" <<<"$commands"; then
            cmd=${words[i]}
        fi
    done

    case $prev in
    --cpu|-c)
        local known
        known=$(PMUCTL_TARGET= "$pmuctl" list --cpu '?' 2>&1 |
            sed -n 's/.*(known: \(.*\)).*/\1/p' | tr '|,' '  ')
        COMPREPLY=($(compgen -W "$known" -- "$cur"))
        return ;;
    --events|-e)
        # The comma list's last name is the word completed.
        local head=${cur%,*} last=${cur##*,}
        [ "$head" = "$cur" ] && head="" || head="$head,"
        COMPREPLY=($(compgen -P "$head" -W "$(_pmuctl_events "$pmuctl")" -- "$last"))
        compopt -o nospace 2>/dev/null
        return ;;
    esac

    if [ -z "$cmd" ] && [[ $cur != -* ]]; then
        COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        return
    fi
    if [[ $cur == -* ]]; then
        local help opts
        if [ -n "$cmd" ]; then
            help=$(PMUCTL_TARGET= "$pmuctl" "$cmd" --help 2>/dev/null)
        else
            help=$(PMUCTL_TARGET= "$pmuctl" --help 2>/dev/null)
        fi
        opts=$(_pmuctl_options "$help")
        COMPREPLY=($(compgen -W "$opts --help" -- "$cur"))
    fi
}
# Nothing completed (a file argument, --elf's): bash's file names.
complete -o default -F _pmuctl pmuctl
