#!/usr/bin/env bash
# vle_count.sh VBOARD VLE.elf NM
# Counts of a VLE loop on vboard's e200z7 against arithmetic on its shape
# (tests/firmware/ppc/vle_loop.S): vle_loop(5) runs 5 passes from
# vle_loop_top, each e_li, then 10 times se_addi, e_add16i, se_subi,
# se_cmpi, se_bne, then e_bdnz: 16- and 32-bit instructions mixed, each
# one instruction. The code runs where vle_start.S maps it: effective
# address 0x10000000 + (symbol & 0x3FFF).
# - one pass (--count-events vle_loop_top:vle_loop_top:3, the third):
#   2 + 5 * 10 = 52 instructions, 11 branches, all conditional, 10 taken
#   (9 se_bne and the e_bdnz), no branch and link, no loads or stores;
# - --count-insns from vle_loop to vle_loop_done (after the last e_bdnz):
#   2 + 5 * 52 = 262.
set -euo pipefail
vboard=$1 elf=$2 nm=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # what expected got
    if [ "$2" = "$3" ]; then echo "ok: $1 = $3"; else echo "FAIL: $1: expected $2, got $3"; fail=1; fi
}
ea() { # symbol -> the effective address it runs at
    local a
    a=$("$nm" "$elf" | awk -v s="$1" '$3 == s { print $1 }')
    [ -n "$a" ] || { echo "FAIL: no symbol $1" >&2; exit 1; }
    printf '0x%08x' $((0x10000000 + (0x$a & 0x3fff)))
}
top=$(ea vle_loop_top)
timeout 120 "$vboard" --cpu e200z7 --kernel "$elf" --count-events "$top:$top:3" \
    </dev/null >/dev/null 2>"$tmp/ev"
get() { awk -v e="$1" '$1 == e { print $2 }' "$tmp/ev"; }
check "one pass: instructions (2 + 5 * 10)" 52 "$(get instructions)"
check "one pass: branches" 11 "$(get branches)"
check "one pass: conditional_branches" 11 "$(get conditional_branches)"
check "one pass: taken_branches" 10 "$(get taken_branches)"
check "one pass: taken_conditional_branches" 10 "$(get taken_conditional_branches)"
check "one pass: branch_and_link" 0 "$(get branch_and_link)"
check "one pass: loads" 0 "$(get loads)"
check "one pass: stores" 0 "$(get stores)"

from=$(ea vle_loop) to=$(ea vle_loop_done)
timeout 120 "$vboard" --cpu e200z7 --no-reboot --kernel "$elf" --count-insns "$from:$to" \
    </dev/null >/dev/null 2>"$tmp/ci"
v=$(sed -n 's/^vboard (simulated): \([0-9]*\) instructions from .*/\1/p' "$tmp/ci")
check "--count-insns vle_loop..vle_loop_done (2 + 5 * 52)" 262 "$v"
[ "$fail" = 0 ] || cat "$tmp/ev" "$tmp/ci"
exit $fail
