#!/usr/bin/env bash
# vboard_vs_qemu.sh [BUILD_DIR] - runs the compute-bound firmware
# (tests/vboard/firmware/bench.c, ~540 million instructions) to its end on
# QEMU 7.2 (-M malta -cpu 34Kf) and on vboard (34K counters programmed by the
# firmware, cache and timing model on), and prints both wall-clock times, the
# ratio, and vboard's simulated instructions per second. Target: ratio <= 5.
# The machine is shared: run it a few times and read the spread.
set -euo pipefail
build=${1:-$(cd "$(dirname "$0")/../.." && pwd)/build}
vboard=$build/bin/vboard
elf=$build/tests/vboard/firmware/bench-O2.elf
for f in "$vboard" "$elf"; do
    [ -e "$f" ] || { echo "missing $f (build first: cmake --build $build)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
t0=$(now)
qemu-system-mips -M malta -cpu 34Kf -nographic -no-reboot -kernel "$elf" \
    </dev/null >"$tmp/qemu.out" 2>&1
t1=$(now)
"$vboard" --no-reboot --stats --kernel "$elf" </dev/null >"$tmp/vboard.out" 2>"$tmp/vboard.err"
t2=$(now)

cmp -s "$tmp/qemu.out" "$tmp/vboard.out" || { echo "outputs differ"; diff "$tmp/qemu.out" "$tmp/vboard.out"; exit 1; }
q=$(echo "$t1 - $t0" | bc -l)
v=$(echo "$t2 - $t1" | bc -l)
printf 'firmware:            %s (%s)\n' "$(basename "$elf")" "$(tr -d '\r' <"$tmp/vboard.out" | tr '\n' ' ')"
printf 'qemu-system-mips:    %.2f s (TCG, no performance counters)\n' "$q"
printf 'vboard:              %.2f s (counters on, cache and timing model on)\n' "$v"
printf 'ratio vboard/qemu:   %.1f (target <= 5)\n' "$(echo "$v / $q" | bc -l)"
sed -n 's/^vboard (simulated): /vboard (simulated): /p' "$tmp/vboard.err"
