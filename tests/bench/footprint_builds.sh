#!/usr/bin/env bash
# Prints the stub's ROM (text + rodata + data) and RAM (data + bss) in the
# demo firmware for each board's default build and for one-core builds
# (-DPMUSTUB_CORES), with and without tracepoints; the trace buffer (part
# of the RAM with tracepoints) is also printed on its own. Each variant is
# the stub's own CMake project (stub/) configured as the top level does,
# in a scratch folder; the figures come from footprint.sh's reading of the
# linker map (libpmustub.a only).
# Usage: footprint_builds.sh [SCRATCH_DIR]   (run from the top of the tree)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
scratch=${1:-$(mktemp -d)}
mkdir -p "$scratch"
buffer=4096 # PMUSTUB_TRACE_BUFFER_BYTES, the default

variants=(
    "malta:default:"
    "malta:34k:34k"
    "malta:r12k:r12k"
    "ppce500:default:"
    "ppce500:e200z7:e200z7"
)
printf "%-8s %-8s %-11s %9s %9s\n" board cores tracepoints "ROM (B)" "RAM (B)"
for v in "${variants[@]}"; do
    IFS=: read -r board name cores <<<"$v"
    toolchain=$(sed -n 's/^set(PMUSTUB_BOARD_TOOLCHAIN \(.*\))$/\1/p' \
        "$top/stub/board/$board/board.cmake")
    for trace in ON OFF; do
        dir=$scratch/$board-$name-$trace
        cmake -S "$top/stub" -B "$dir" -DCMAKE_BUILD_TYPE=MinSizeRel \
            -DCMAKE_TOOLCHAIN_FILE="$top/cmake/$toolchain" \
            -DPMUSTUB_TRACEPOINTS=$trace -DPMUSTUB_TRACE_BUFFER_BYTES=$buffer \
            -DPMUSTUB_BOARD="$board" -DPMUSTUB_STUB_CORES="$cores" \
            -DPMUSTUB_OUT_DIR="$dir/out" -DPMUSTUB_TOP="$top" >"$dir.log" 2>&1
        cmake --build "$dir" -j2 >>"$dir.log" 2>&1
        read -r rom ram < <(bash "$top/tests/bench/footprint.sh" "$dir/out/pmustub-demo.map" |
            awk '$1 == "text" || $1 == "rodata" { rom += $2 } $1 == "data" { rom += $2; ram += $2 }
                 $1 == "bss" { ram += $2 } END { print rom, ram }')
        printf "%-8s %-8s %-11s %9d %9d\n" "$board" "$name" "$trace" "$rom" "$ram"
    done
done
echo "trace buffer (in the RAM of the tracepoint builds): $buffer B (-DPMUSTUB_TRACE_BUFFER_BYTES)"
echo "targets for a one-core 34K build: ROM 16384 B (24576 with tracepoints), RAM 2048 B (+ the buffer)"
