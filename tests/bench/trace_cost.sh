#!/usr/bin/env bash
# The stub's instructions per traced bracket: pmuctl measures the region
# region_begin..region_end of its bench firmware (host/firmware) with
# tracepoints (its default) on vboard, N1 and then N2 iterations, each on
# a fresh board with --profile (every instruction address counted). The
# instructions the board ran outside the firmware's own functions (the
# stub, the board's start-up code, libgcc's helpers) in the first run are
# subtracted from the second's and divided by N2 - N1, so that what every
# run costs once (the boot, the session's packets) drops out. The same
# for the program's own instructions per iteration, a check that the
# difference holds brackets only. Then where the stub's instructions per
# bracket go, by function (the largest first).
# TRACE_COST_KEEP=DIR keeps the profiles (CPU.p1, CPU.p2) and the ELF's
# function addresses (CPU.syms) in DIR.
# Usage: trace_cost.sh BUILD_DIR [N1 [N2 [PMUCTL_OPTION...]]]
#   (defaults 1000 and 3000; e.g. --no-native for the agent-expression
#   path on a stub that offers the native bracket)
# Prints, per board (34k, e200z7):
#   CPU: STUB stub instructions per bracket (PROGRAM program instructions
#   per iteration), then "  COUNT  FUNCTION" lines
set -u
# Every pmuctl reads the target description, as the first of a series
# would: runs compared or subtracted here cost the same (no description
# kept between them, host/session/tdesc_cache.c).
export PMUCTL_CACHE_DIR=
BUILD=$(cd "$1" && pwd)
N1=${2:-1000}
N2=${3:-3000}
shift $(($# < 3 ? $# : 3))
PMUCTL=$BUILD/bin/pmuctl VBOARD=$BUILD/bin/vboard
TMP=$(mktemp -d)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; [ -n "${TRACE_COST_KEEP:-}" ] && cp "$TMP"/*.p? "$TMP"/*.syms "$TMP"/*.files "$TRACE_COST_KEEP"/; rm -rf "$TMP"' EXIT

. "$(dirname "$0")/profiled.sh"

# profile CPU ELF N OUT: pmuctl measures N iterations on a fresh vboard
# --cpu CPU; vboard's profile goes to OUT.
profile() {
    profiled_measure "$1" "$2" "$4" --from region_begin --to region_end -r "$3" \
        -e instructions --no-progress "${EXTRA[@]}"
}

measure() { # measure CPU ELF BINUTILS_PREFIX
    local cpu=$1 elf=$2
    symbols "$cpu" "$elf" "$3"
    profile "$cpu" "$elf" "$N1" "$TMP/$cpu.p1"
    profile "$cpu" "$elf" "$N2" "$TMP/$cpu.p2"
    python3 "$(dirname "$0")/stub_cost.py" "$TMP/$cpu.syms" "$TMP/$cpu.files" \
        "$TMP/$cpu.p1" "$TMP/$cpu.p2" "$N1" "$N2" "$cpu" bracket /host/firmware/
}

EXTRA=("$@")
measure 34k "$BUILD/target/pmuctl/pmuctl-bench.elf" mips-linux-gnu-
measure e200z7 "$BUILD/target/pmuctl/pmuctl-bench-ppce500.elf" powerpc-linux-gnu-
