#!/usr/bin/env bash
# The stub's instructions per sample of pmuctl record: record_prog (the
# end-to-end test's program, build/tests/e2e/record_prog-BOARD.elf) is
# recorded between region_begin and region_end with -e instructions at two
# periods, each on a fresh vboard with --profile; the instructions outside
# the program's own functions, second run minus first over the difference
# in samples, are the stub's per sample: the overflow interrupt's entry,
# the sample, the reload and the return, plus its share of the stops that
# drain the buffer (one per PMUSTUB_SAMPLE_ENTRIES samples) and of their
# packets. The stub's wait for the host's bytes (uart16550_getc) is left
# out (tests/bench/stub_cost.py), as in trace_cost.sh.
# Usage: sample_cost.sh BUILD_DIR [PERIOD1 [PERIOD2]]  (default 9973, 997)
# Environment: RECORD_ARGS, more options of record for both runs
# (--call-graph dwarf: the cost of a sample with its stack copy).
# Prints, per board (34k, e200z7): CPU: STUB stub instructions per sample
# (PROGRAM program instructions per sample: about 0, the check that only
# samples differ), then "  COUNT  PART  FUNCTION" lines.
set -u
export PMUCTL_CACHE_DIR=
BUILD=$(cd "$1" && pwd)
P1=${2:-9973}
P2=${3:-997}
PMUCTL=$BUILD/bin/pmuctl VBOARD=$BUILD/bin/vboard
TMP=$(mktemp -d)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$TMP"' EXIT

. "$(dirname "$0")/profiled.sh"

# profile CPU ELF PERIOD OUT: prints the samples taken; the profile to OUT.
profile() {
    local elf=$2 period=$3
    profiled_vboard "$1" "$elf" "$4"
    if ! "$PMUCTL" -t "127.0.0.1:$PORT" record --elf "$elf" -e "instructions:$period" \
        --from region_begin --to region_end ${RECORD_ARGS:-} -o "$TMP/rec.data" \
        2>"$TMP/pmuctl.err"; then
        echo "pmuctl failed:" >&2
        cat "$TMP/pmuctl.err" >&2
        exit 1
    fi
    kill "$VB"
    wait "$VB" 2>/dev/null
    awk '$1 == "samples" { print $2 }' "$TMP/rec.data"
}

measure() { # measure CPU ELF BINUTILS_PREFIX
    local cpu=$1 elf=$2 n1 n2
    symbols "$cpu" "$elf" "$3"
    n1=$(profile "$cpu" "$elf" "$P1" "$TMP/$cpu.p1")
    n2=$(profile "$cpu" "$elf" "$P2" "$TMP/$cpu.p2")
    echo "$cpu: $n1 samples at period $P1, $n2 at $P2"
    python3 "$(dirname "$0")/stub_cost.py" "$TMP/$cpu.syms" "$TMP/$cpu.files" \
        "$TMP/$cpu.p1" "$TMP/$cpu.p2" "$n1" "$n2" "$cpu" sample /tests/firmware/common/
}

measure 34k "$BUILD/tests/e2e/record_prog-malta.elf" mips-linux-gnu-
measure e200z7 "$BUILD/tests/e2e/record_prog-ppce500.elf" powerpc-linux-gnu-
