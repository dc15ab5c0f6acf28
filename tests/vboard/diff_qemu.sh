#!/usr/bin/env bash
# diff_qemu.sh VBOARD FIRMWARE.elf QEMU OBJDUMP NM [output-only]
# Differential test: the firmware's UART output must be identical on vboard
# (--serial stdio) and on QEMU 7.2 (-M malta -cpu 34Kf -no-reboot), and the
# instructions executed from work_begin up to work_end must be the same count
# on both: vboard's --count-insns (independent of its PMU) against QEMU's
# single-step execution log (qemu_count.py). output-only: firmware whose
# instruction count depends on time (QEMU's Count follows the host clock,
# vboard's the timing model) is compared on its output alone.
set -euo pipefail
vboard=$1 elf=$2 qemu=$3 objdump=$4 nm=$5 mode=${6:-}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

from=$("$nm" "$elf" | awk '$3 == "work_begin" { print $1 }')
to=$("$nm" "$elf" | awk '$3 == "work_end" { print $1 }')
[ -n "$from" ] && [ -n "$to" ] || { echo "FAIL: no work_begin/work_end in $elf"; exit 1; }
from=${from: -8} to=${to: -8}

timeout 300 "$qemu" -M malta -cpu 34Kf -nographic -nic none -vga none -no-reboot -kernel "$elf" \
    -singlestep -d exec,nochain -D "$tmp/qemu.log" </dev/null >"$tmp/qemu.out" 2>"$tmp/qemu.err"
timeout 300 "$vboard" --no-reboot --kernel "$elf" --serial stdio \
    --count-insns "0x$from:0x$to" </dev/null >"$tmp/vboard.out" 2>"$tmp/vboard.err"

if [ ! -s "$tmp/qemu.out" ]; then
    echo "FAIL: QEMU printed nothing"; cat "$tmp/qemu.err"; exit 1
fi
if ! cmp -s "$tmp/qemu.out" "$tmp/vboard.out"; then
    echo "FAIL: UART output differs (< qemu, > vboard)"
    diff "$tmp/qemu.out" "$tmp/vboard.out" | head -40
    exit 1
fi
if [ "$mode" = output-only ]; then
    echo "$(basename "$elf"): UART output identical ($(wc -l <"$tmp/qemu.out") lines)"
    exit 0
fi
q=$(python3 "$here/qemu_count.py" "$tmp/qemu.log" "$elf" "$objdump" "$from" "$to")
v=$(sed -n 's/^vboard (simulated): \([0-9]*\) instructions from .*/\1/p' "$tmp/vboard.err")
echo "$(basename "$elf"): UART output identical ($(wc -l <"$tmp/qemu.out") lines);" \
     "instructions work_begin..work_end: qemu $q, vboard $v"
if [ -z "$v" ] || [ "$q" != "$v" ]; then
    echo "FAIL: instruction counts differ"; cat "$tmp/vboard.err"; exit 1
fi
