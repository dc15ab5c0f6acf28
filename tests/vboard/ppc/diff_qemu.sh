#!/usr/bin/env bash
# diff_qemu.sh VBOARD FIRMWARE.elf NM [output-only]
# Differential test of vboard's Power machine: the firmware's UART output
# and exit status must be identical on vboard (--cpu e500v2) and on QEMU 7.2
# (-M ppce500 -cpu e500v2 -no-reboot), and the instructions executed from
# work_begin up to work_end must be the same count on both: vboard's
# --count-insns (independent of its PMU) against QEMU's single-step
# execution log (qemu_count_ppc.py). output-only: firmware whose count
# depends on time (QEMU's decrementer follows the host clock, vboard's the
# timing model) is compared on its output and status alone.
set -euo pipefail
vboard=$1 elf=$2 nm=$3 mode=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

from=$("$nm" "$elf" | awk '$3 == "work_begin" { print $1 }')
to=$("$nm" "$elf" | awk '$3 == "work_end" { print $1 }')
[ -n "$from" ] && [ -n "$to" ] || { echo "FAIL: no work_begin/work_end in $elf"; exit 1; }

qlog=()
[ "$mode" = output-only ] || qlog=(-singlestep -d exec,nochain -D "$tmp/qemu.log")
qs=0
timeout 300 qemu-system-ppc -M ppce500 -cpu e500v2 -m 256 -nographic -nic none -vga none \
    -no-reboot -kernel "$elf" "${qlog[@]}" </dev/null >"$tmp/qemu.out" 2>"$tmp/qemu.err" || qs=$?
vs=0
timeout 300 "$vboard" --cpu e500v2 --no-reboot --kernel "$elf" --serial stdio \
    --count-insns "0x$from:0x$to" </dev/null >"$tmp/vboard.out" 2>"$tmp/vboard.err" || vs=$?

if [ ! -s "$tmp/qemu.out" ]; then
    echo "FAIL: QEMU printed nothing (status $qs)"; cat "$tmp/qemu.err"; exit 1
fi
if ! cmp -s "$tmp/qemu.out" "$tmp/vboard.out"; then
    echo "FAIL: UART output differs (< qemu, > vboard)"
    diff "$tmp/qemu.out" "$tmp/vboard.out" | head -40
    exit 1
fi
if [ "$qs" != "$vs" ]; then
    echo "FAIL: exit status differs: qemu $qs, vboard $vs"; cat "$tmp/vboard.err"; exit 1
fi
lines=$(wc -l <"$tmp/qemu.out")
if [ "$mode" = output-only ]; then
    echo "$(basename "$elf"): UART output ($lines lines) and exit status $qs identical"
    exit 0
fi
q=$(python3 "$here/qemu_count_ppc.py" "$tmp/qemu.log" "$from" "$to")
v=$(sed -n 's/^vboard (simulated): \([0-9]*\) instructions from .*/\1/p' "$tmp/vboard.err")
echo "$(basename "$elf"): UART output ($lines lines) and exit status $qs identical;" \
     "instructions work_begin..work_end: qemu $q, vboard $v"
if [ -z "$v" ] || [ "$q" != "$v" ]; then
    echo "FAIL: instruction counts differ"; cat "$tmp/vboard.err"; exit 1
fi
