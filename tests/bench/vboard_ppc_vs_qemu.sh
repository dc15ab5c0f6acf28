#!/usr/bin/env bash
# vboard_ppc_vs_qemu.sh [BUILD_DIR] [CPU] - runs the compute-bound Power
# firmware (tests/firmware/ppc/bench.c, ~380 million instructions)
# to its end on QEMU 7.2 (-M ppce500 -cpu e500v2) and on vboard (--cpu
# e200z7 by default; the firmware programs all four counters, cache and
# timing model on), checks that both print the same, and prints both
# wall-clock times, the ratio and vboard's simulated instructions per
# second. Target: ratio <= 5. The machine is shared: run it a few times and
# read the spread.
set -euo pipefail
build=${1:-$(cd "$(dirname "$0")/../.." && pwd)/build}
cpu=${2:-e200z7}
vboard=$build/bin/vboard
elf=$build/tests/firmware/ppc/bench-O2.elf
for f in "$vboard" "$elf"; do
    [ -e "$f" ] || { echo "missing $f (build first: cmake --build $build)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
t0=$(now)
qemu-system-ppc -M ppce500 -cpu e500v2 -m 256 -nographic -nic none -vga none -no-reboot \
    -kernel "$elf" </dev/null >"$tmp/qemu.out" 2>&1
t1=$(now)
"$vboard" --cpu "$cpu" --no-reboot --stats --kernel "$elf" </dev/null >"$tmp/vboard.out" 2>"$tmp/vboard.err"
t2=$(now)

cmp -s "$tmp/qemu.out" "$tmp/vboard.out" || { echo "outputs differ"; diff "$tmp/qemu.out" "$tmp/vboard.out"; exit 1; }
q=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')   # awk: no bc on a minimal Debian
v=$(awk -v a="$t1" -v b="$t2" 'BEGIN { print b - a }')
printf 'firmware:            %s (%s)\n' "$(basename "$elf")" "$(tr -d '\r' <"$tmp/vboard.out" | tr '\n' ' ')"
printf 'qemu-system-ppc:     %.2f s (TCG, e500v2, no performance monitor)\n' "$q"
printf 'vboard --cpu %s: %.2f s (counters on, cache and timing model on)\n' "$cpu" "$v"
printf 'ratio vboard/qemu:   %.1f (target <= 5)\n' "$(awk -v v="$v" -v q="$q" 'BEGIN { print v / q }')"
sed -n 's/^vboard (simulated): /vboard (simulated): /p' "$tmp/vboard.err"
