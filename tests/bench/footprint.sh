#!/usr/bin/env bash
# Prints what the stub adds to a small program (footprint_prog.c) linked
# with the README's link command: ROM (text + rodata
# + data) and RAM (data + bss) of libpmustub.a's objects, read from the
# linker map (footprint_map.py), plus the libgcc.a helpers the stub pulls
# in. For each board's default build (every core the board can meet) and
# one-core builds (-DPMUSTUB_CORES), each with neither tracepoints nor
# sampling (the smallest stub), with tracepoints without agent
# expressions (trace-noagent: -DPMUSTUB_TRACE_AGENT=OFF), without them
# and without the native bracket's quick path (trace-lean: also
# -DPMUSTUB_TRACE_QUICK=OFF), with tracepoints, and with both (the
# default build; sampling's buffer is PMUSTUB_SAMPLE_ENTRIES);
# the trace buffer, part of the RAM with tracepoints, on its own column
# (its size is the build option PMUSTUB_TRACE_BUFFER_BYTES, which
# footprint.sh's builds leave at its default).
# Each variant is the stub's CMake project (stub/) configured as the top
# level configures it, in a scratch folder, and linked by the README's
# command (tests/options/stub_link.sh).
# Usage: footprint.sh [--objects] [--only BOARD:NAME[:FEATURES]]... [SCRATCH_DIR]
#   (run from the top of the tree)
#   --objects: also each build's bytes per object, biggest first
#   --only: only that variant (e.g. malta:34k-small, or malta:34k-small:none
#   for one row of it); may be given more than once
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
objects=
only=()
while [ $# -gt 0 ]; do
    case $1 in
    --objects) objects=--objects; shift ;;
    --only) only+=("$2"); shift 2 ;;
    *) break ;;
    esac
done
# Whether board:name (and features) was asked for; all without --only.
wanted() {
    [ ${#only[@]} -eq 0 ] && return 0
    local o
    for o in "${only[@]}"; do
        [ "$o" = "$1:$2" ] || [ "$o" = "$1:$2:$3" ] && return 0
    done
    return 1
}
scratch=${1:-$(mktemp -d)}
mkdir -p "$scratch"
buffer=6912 # PMUSTUB_TRACE_BUFFER_BYTES, the default

# board:name:cores[:features[:options]]: features "none trace-lean
# trace-noagent trace trace+sample"
# unless given; options, the stub's -D options of a build that trades RAM
# and "monitor pmu"'s summary for size (docs/stub.md, "Footprint": what a
# user gives up), the same for both rows that use them.
small="-DPMUSTUB_PACKET_SIZE=512 -DPMUSTUB_BREAKPOINTS=8 -DPMUSTUB_STACK_BYTES=576 -DPMUSTUB_PMU_SUMMARY=OFF -DPMUSTUB_DELAY_SLOTS=OFF -DPMUSTUB_STAT_INTERVALS=OFF"
variants=(
    "malta:default:"
    "malta:34k:34k"
    "malta:34k-small:34k:none trace-lean:$small"
    "malta:r12k:r12k"
    "ppce500:default:"
    "ppce500:e200z7:e200z7"
    "ppce500:e200z7-small:e200z7:none trace-lean:$small"
)
printf "%-8s %-12s %-14s %-8s %9s %9s %13s %7s\n" board cores features isa "ROM (B)" \
    "RAM (B)" "trace buf (B)" "libgcc"
for v in "${variants[@]}"; do
    IFS=: read -r board name cores featureset options <<<"$v"
    for features in ${featureset:-none trace-lean trace-noagent trace trace+sample trace+sample+iv}; do
        # iv: pmuctl stat's intervals on the target (PMUSTUB_STAT_INTERVALS),
        # on in the default builds: trace+sample+iv is one of them.
        trace=OFF sample=OFF agent=ON quick=ON iv=OFF
        [ "$features" != none ] && trace=ON
        [ "${features#trace+sample}" != "$features" ] && sample=ON
        [ "$features" = trace+sample+iv ] && iv=ON
        [ "$features" = trace-noagent ] && agent=OFF
        [ "$features" = trace-lean ] && agent=OFF quick=OFF
        wanted "$board" "$name" "$features" || continue
        dir=$scratch/$board-$name-$features
        # shellcheck disable=SC2086 # $options: words, one -D option each
        bash "$top/tests/options/stub_link.sh" "$board" "$dir" \
            -DPMUSTUB_TRACEPOINTS=$trace -DPMUSTUB_TRACE_BUFFER_BYTES=$buffer \
            -DPMUSTUB_SAMPLING=$sample -DPMUSTUB_TRACE_AGENT=$agent \
            -DPMUSTUB_TRACE_QUICK=$quick -DPMUSTUB_STAT_INTERVALS=$iv \
            -DPMUSTUB_CORES="$cores" $options \
            -- -Wl,-Map="$dir/prog.map"
        read -r text rodata data bss libgcc tbuf < <(python3 "$top/tests/bench/footprint_map.py" "$dir/prog.map")
        # The instruction set the stub's C code is in (stub/CMakeLists.txt
        # says so at configure time): MIPS16e where every core has it.
        isa=$(sed -n 's/.*compressed ISA: \([a-z0-9]*\).*/\1/p' "$dir.log" | tail -1)
        printf "%-8s %-12s %-14s %-8s %9d %9d %13d %7d\n" "$board" "$name" "$features" "${isa:-base}" \
            $((text + rodata + data)) $((data + bss)) $tbuf "$libgcc"
        if [ -n "$objects" ]; then
            python3 "$top/tests/bench/footprint_map.py" --objects "$dir/prog.map" | tail -n +2
        fi
    done
done
echo "RAM includes the trace buffer where it is not 0; ROM and RAM are libpmustub.a's objects (libgcc apart)"
echo "*-small: $small"
echo "targets for a one-core 34K build: ROM 16384 B (24576 with tracepoints), RAM 2048 B (+ the buffer)"
