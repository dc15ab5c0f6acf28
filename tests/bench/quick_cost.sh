#!/usr/bin/env bash
# The stub's instructions per traced bracket where users put FROM and TO:
# markers.c's pairs (tests/firmware/common/markers.c; which instruction
# each sits on: tests/e2e/marker_points.py) on every core vboard has,
# measured as trace_cost.sh measures its region: pmuctl measures N1 and
# then N2 brackets (one counter, instructions; the native bracket, its
# quick path where the stub has one) on fresh boards with --profile, and
# the instructions outside the program's own functions, second run minus
# first over N2 - N1, are the stub's per bracket.
# QUICK_COST_CORES / QUICK_COST_PAIRS narrow the runs (space-separated);
# QUICK_COST_DETAIL=1 prints where each bracket's instructions go.
# Usage: quick_cost.sh BUILD_DIR [N1 [N2 [PMUCTL_OPTION...]]]  (200, 600)
# Prints one line per core and pair:
#   CPU PAIR: STUB stub instructions per bracket (core, port, other;
#   program instructions per bracket)
set -u
export PMUCTL_CACHE_DIR= # every run reads the description (trace_cost.sh)
BUILD=$(cd "$1" && pwd)
N1=${2:-200}
N2=${3:-600}
shift $(($# < 3 ? $# : 3))
EXTRA=("$@")
PMUCTL=$BUILD/bin/pmuctl VBOARD=$BUILD/bin/vboard
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$TMP"' EXIT
. "$HERE/profiled.sh"

CORES=${QUICK_COST_CORES:-34k 24k 74k r10k r12k e200z7 e500v2}
PAIRS=${QUICK_COST_PAIRS:-markers statements branches jumps calls loop}

# profile CPU ELF N FROM TO OUT: pmuctl measures N brackets FROM..TO on a
# fresh vboard --cpu CPU; vboard's profile goes to OUT.
profile() {
    profiled_measure "$1" "$2" "$6" --from "0x$4" --to "0x$5" -r "$3" -e instructions \
        --no-progress "${EXTRA[@]}"
}

for cpu in $CORES; do
    case $cpu in
    e200z7|e500v2) elf=$BUILD/tests/e2e/markers-ppce500.elf binutils=powerpc-linux-gnu- ;;
    *) elf=$BUILD/tests/e2e/markers.elf binutils=mips-linux-gnu- ;;
    esac
    symbols "$cpu" "$elf" "$binutils"
    for pair in $PAIRS; do
        read -r from to < <(python3 "$HERE/../e2e/marker_points.py" "$elf" "${binutils}objdump" "$pair")
        profile "$cpu" "$elf" "$N1" "$from" "$to" "$TMP/p1"
        profile "$cpu" "$elf" "$N2" "$from" "$to" "$TMP/p2"
        python3 "$HERE/stub_cost.py" "$TMP/$cpu.syms" "$TMP/$cpu.files" "$TMP/p1" "$TMP/p2" \
            "$N1" "$N2" "$cpu $pair" bracket /tests/firmware/common/ >"$TMP/cost"
        if [ "${QUICK_COST_DETAIL:-0}" = 1 ]; then cat "$TMP/cost"; else head -1 "$TMP/cost"; fi
    done
done
