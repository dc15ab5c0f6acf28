#!/usr/bin/env bash
# The installed bash completion for pmuctl, sourced in bash and called as
# bash calls it (COMP_WORDS, COMP_CWORD; the completion function that
# `complete -p pmuctl` names), with the installed pmuctl first on PATH.
# Expected words come from the README and the docs: the commands `list`
# and `measure`, measure's --from and --to, the 34K's event dcache_misses
# (README, "A first measurement"), the core names of `list --cpu`.
# Usage: completion.sh PREFIX
PREFIX=$(readlink -f "$1")
export PATH=$PREFIX/bin:$PATH
unset PMUCTL_TARGET
FAILS=0 PASSES=0
check() { # check NAME CONDITION-COMMAND...
    local name=$1; shift
    if "$@"; then PASSES=$((PASSES + 1)); echo "ok - $name"
    else FAILS=$((FAILS + 1)); echo "FAIL - $name"; fi
}
. "$PREFIX/share/bash-completion/completions/pmuctl"
FUNC=$(complete -p pmuctl | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
check "sourcing it registers a completion function for pmuctl" test -n "$FUNC"

# complete WORD... : COMPREPLY for the line WORD... (the last one is the
# word under the cursor), one a line in $REPLY_LINES.
complete_line() {
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    "$FUNC" pmuctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    REPLY_LINES=$(printf '%s\n' "${COMPREPLY[@]}")
}
has() { for w; do grep -qx -- "$w" <<<"$REPLY_LINES" || return 1; done; }

complete_line pmuctl ""
check "pmuctl <TAB>: the commands (list, measure, record; ${#COMPREPLY[@]} words)" \
    has list measure record
complete_line pmuctl mea
check "pmuctl mea<TAB>: measure alone" test "$REPLY_LINES" = measure
complete_line pmuctl measure --fr
check "pmuctl measure --fr<TAB>: --from" test "$REPLY_LINES" = --from
complete_line pmuctl -t 127.0.0.1:1234 measure --
check "pmuctl -t T measure --<TAB>: measure's --from, --to, --elf and the general --target" \
    has --from --to --elf --target
complete_line pmuctl list --cpu ""
check "pmuctl list --cpu <TAB>: the cores (34k, e200z7 among them)" \
    has 34k e200z7
complete_line pmuctl list --cpu 3
check "pmuctl list --cpu 3<TAB>: 34k alone" test "$REPLY_LINES" = 34k
complete_line pmuctl measure -e dcache_m
check "pmuctl measure -e dcache_m<TAB>: dcache_misses" \
    has dcache_misses
complete_line pmuctl measure -e cycles,instr
check "pmuctl measure -e cycles,instr<TAB>: cycles,instructions (the list's last name)" \
    has cycles,instructions
echo "$PASSES passed, $FAILS failed"
[ "$FAILS" = 0 ]
