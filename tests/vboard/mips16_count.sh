#!/usr/bin/env bash
# mips16_count.sh VBOARD mips16-Os.elf QEMU OBJDUMP NM
# Counts of MIPS16e code against arithmetic and against QEMU's execution of
# the same ELF. m16_loop(n) (tests/firmware/mips/mips16_forms.S) runs
# `li` once, then n iterations of 5 instructions, one of them EXTENDed
# (one instruction: MD00076 "Extended Instructions"); mips16.c calls it
# with n = 1000. So:
# - from m16_loop to m16_loop_end: 1 + 5 * 1000 instructions, by vboard's
#   --count-insns and by QEMU's -singlestep exec log (qemu_count.py);
# - one pass of the loop (--count-events m16_loop_top:m16_loop_top:3) on
#   each core with MIPS16e (34k, 24k, 74k): 5 instructions, 5 MIPS16
#   instructions, 1 branch, no loads or stores, 5 I-cache accesses (one per
#   instruction: the loop lies in one line), 5 cycles (warm caches);
# - --profile: m16_loop_top and the EXTENDed li after it were each about
#   to execute 1000 times, listed at their even addresses;
# - the whole program's UART output on vboard's 24k and 74k equals QEMU
#   34Kf's (vboard_diff_qemu_mips16_Os compares the 34k).
set -euo pipefail
vboard=$1 elf=$2 qemu=$3 objdump=$4 nm=$5
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
N=1000
fail=0
check() { # what expected got
    if [ "$2" = "$3" ]; then echo "ok: $1 = $3"; else echo "FAIL: $1: expected $2, got $3"; fail=1; fi
}
addr() { "$nm" "$elf" | awk -v s="$1" '$3 == s { print substr($1, length($1) - 7) }'; }
from=$(addr m16_loop) to=$(addr m16_loop_end) top=$(addr m16_loop_top)
[ -n "$from" ] && [ -n "$to" ] && [ -n "$top" ] || { echo "FAIL: symbols missing"; exit 1; }

timeout 120 "$vboard" --no-reboot --kernel "$elf" --count-insns m16_loop:m16_loop_end \
    --profile "$tmp/profile" </dev/null >/dev/null 2>"$tmp/v.err"
v=$(sed -n 's/^vboard (simulated): \([0-9]*\) instructions from .*/\1/p' "$tmp/v.err")
check "vboard --count-insns m16_loop..m16_loop_end (1 + 5 * $N)" $((1 + 5 * N)) "$v"

timeout 120 "$qemu" -M malta -cpu 34Kf -nographic -nic none -vga none -no-reboot -kernel "$elf" \
    -singlestep -d exec,nochain -D "$tmp/qemu.log" </dev/null >"$tmp/qemu.out" 2>&1
q=$(python3 "$here/qemu_count.py" "$tmp/qemu.log" "$elf" "$objdump" "$from" "$to")
check "QEMU 34Kf exec log, m16_loop..m16_loop_end" $((1 + 5 * N)) "$q"

li=$(printf '%08x' $((0x$top + 2)))
for a in "$top" "$li"; do
    check "--profile count at 0x$a" "$N" "$(awk -v a="0x$a" '$1 == a { print $2 }' "$tmp/profile")"
done

for cpu in 24k 74k; do
    timeout 120 "$vboard" --cpu "$cpu" --no-reboot --kernel "$elf" </dev/null >"$tmp/$cpu.out" 2>/dev/null
    check "$cpu UART output = QEMU 34Kf's ($(wc -l <"$tmp/qemu.out") lines)" same \
        "$(cmp -s "$tmp/qemu.out" "$tmp/$cpu.out" && echo same || echo different)"
done

for cpu in 34k 24k 74k; do
    timeout 120 "$vboard" --cpu "$cpu" --kernel "$elf" \
        --count-events m16_loop_top:m16_loop_top:3 </dev/null >/dev/null 2>"$tmp/$cpu.ev"
    get() { awk -v e="$1" '$1 == e { print $2 }' "$tmp/$cpu.ev"; }
    for e in instructions mips16_instructions icache_accesses cycles; do
        check "$cpu one loop pass: $e" 5 "$(get $e)"
    done
    check "$cpu one loop pass: branches" 1 "$(get branches)"
    check "$cpu one loop pass: loads" 0 "$(get loads)"
    check "$cpu one loop pass: stores" 0 "$(get stores)"
done
exit $fail
