#!/usr/bin/env bash
# vboard_vs_qemu.sh [BUILD_DIR] - runs the compute-bound firmware
# (tests/firmware/mips/bench.c, ~540 million instructions) to its end on
# QEMU 7.2 (-M malta -cpu 34Kf) and on vboard (34K counters programmed by the
# firmware, cache and timing model on), and prints both wall-clock times, the
# ratio, and vboard's simulated instructions per second. Target: ratio <= 5.
# The machine is shared: run it a few times and read the spread.
set -euo pipefail
build=${1:-$(cd "$(dirname "$0")/../.." && pwd)/build}
vboard=$build/bin/vboard
elf=$build/tests/firmware/mips/bench-O2.elf
for f in "$vboard" "$elf"; do
    [ -e "$f" ] || { echo "missing $f (build first: cmake --build $build)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
t0=$(now)
qemu-system-mips -M malta -cpu 34Kf -nographic -nic none -vga none -no-reboot -kernel "$elf" \
    </dev/null >"$tmp/qemu.out" 2>&1
t1=$(now)
"$vboard" --no-reboot --stats --kernel "$elf" </dev/null >"$tmp/vboard.out" 2>"$tmp/vboard.err"
t2=$(now)

cmp -s "$tmp/qemu.out" "$tmp/vboard.out" || { echo "outputs differ"; diff "$tmp/qemu.out" "$tmp/vboard.out"; exit 1; }
q=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')   # awk: no bc on a minimal Debian
v=$(awk -v a="$t1" -v b="$t2" 'BEGIN { print b - a }')
printf 'firmware:            %s (%s)\n' "$(basename "$elf")" "$(tr -d '\r' <"$tmp/vboard.out" | tr '\n' ' ')"
printf 'qemu-system-mips:    %.2f s (TCG, no performance counters)\n' "$q"
printf 'vboard:              %.2f s (counters on, cache and timing model on)\n' "$v"
printf 'ratio vboard/qemu:   %.1f (target <= 5)\n' "$(awk -v v="$v" -v q="$q" 'BEGIN { print v / q }')"
sed -n 's/^vboard (simulated): /vboard (simulated): /p' "$tmp/vboard.err"
