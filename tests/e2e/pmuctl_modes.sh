#!/usr/bin/env bash
# End to end: pmuctl measure --modes sweep on vboard's 34K, each counting
# mode (PerfCtl U, S, K, EXL) measured apart.
# Usage: pmuctl_modes.sh PMUCTL VBOARD FIRMWARE.elf TOP_SRC_DIR
# Oracles: QEMU's count of region_begin..region_end (pm_region_count); GDB
# for the mode the program runs in (Status at region_begin: KSU, bits 4:3,
# is 0, kernel; ERL, bit 2, is 0; MIPS32 PRA, MD00090 9.30), so the region
# counts in k alone and u and s count nothing; the empty bracket
# (--calibrate) for exl: what the exl column counts is the stub's own
# window between the breakpoint exception and its freeze (and between its
# thaw and the eret), which an empty bracket counts as much of; and the
# counts of u, s and k at once, which their columns must add up to.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3 TOP=$4
OUT=$E2E_TMP/out

# One function, read whole before it runs (see pmuctl_vboard.sh).
main() {
pm_region_count "$ELF"
pm_start_vboard "$ELF"
T="127.0.0.1:$VPORT"
M=(measure --elf "$ELF" --from region_begin --to region_end)

# ---- the program's mode, from GDB at region_begin
gdb_batch "set remote noack-packet off" "file $ELF" "target remote $T" \
    "tbreak region_begin" "continue" 'p/x $sr' "disconnect" >"$E2E_TMP/gdb.out"
SR=$(awk '/^\$1 = / { print $3 }' "$E2E_TMP/gdb.out")
echo "# Status at region_begin: $SR"
# (Status as the stub reports it is the exception's: EXL reads 1 there,
# the program's KSU and ERL unchanged; MD00090 9.30, an exception sets EXL.)
check "GDB: the region runs in kernel mode (Status KSU = 0, ERL = 0)" \
    test -n "$SR" -a $(( SR & 0x1c )) = 0

# ---- breakpoints, calibrated: two events in four modes, one JSON
"$PMUCTL" -t "$T" "${M[@]}" -e instructions,cycles --modes sweep --no-trace \
    --calibrate -r 8 --json -o "$E2E_TMP/s.json" >"$OUT" 2>&1
check "sweep (breakpoints): status 0" test $? = 0
check "sweep: u, s 0; k QEMU's $QEMU_COUNT; exl only the stub's window (raw = the empty bracket's, corrected 0); cycles in k and exl only" \
    python3 - "$E2E_TMP/s.json" "$QEMU_COUNT" <<'PY'
import json, sys
d, q = json.load(open(sys.argv[1])), int(sys.argv[2])
ev = {(e["event"], e["mode"]): e for e in d["events"]}
assert len(ev) == 8 and d["calibrated"], d
for name in ("instructions", "cycles"):
    for m in ("u", "s"):
        assert ev[name, m]["raw-value"] == 0 and ev[name, m]["min"] == ev[name, m]["max"] == 0, ev[name, m]
    x = ev[name, "exl"]
    assert x["raw-value"] > 0 and x["raw-value"] == x["calibration-value"] and x["counter-value"] == 0, x
assert ev["instructions", "k"]["min"] == ev["instructions", "k"]["max"] == q, ev["instructions", "k"]
assert ev["instructions", "k"]["calibration-value"] == 0, ev["instructions", "k"]
assert ev["cycles", "k"]["counter-value"] >= q, ev["cycles", "k"]
assert all(e["label"] == "%s:%s" % (e["event"], e["mode"]) for e in d["events"]), d
assert d["metrics"] == [], d["metrics"]
PY
# The program's modes only: what exl adds is the stub's window, whose
# length depends on the counter's index (docs/pmu.md, "The stub does not
# count itself": the later the counter, the more of the freeze loop it
# sees), so it adds up only counter for counter; the calibrated sweep
# above checks it against its own empty bracket.
"$PMUCTL" -t "$T" "${M[@]}" -e instructions --modes u,s,k --no-trace -r 4 -x , >"$OUT" 2>&1
ALL=$(awk -F, '$3 == "instructions" { print $1 }' "$OUT")
"$PMUCTL" -t "$T" "${M[@]}" -e instructions --modes sweep=u,s,k --no-trace -r 4 -x , >"$E2E_TMP/sw" 2>&1
SUM=$(awk -F, '$3 ~ /^instructions:/ { s += $1 } END { print s }' "$E2E_TMP/sw")
echo "# u,s,k at once: $ALL; the sweep's three columns add up to $SUM"
check "the u, s and k columns add up to the count in u,s,k at once ($ALL = QEMU's $QEMU_COUNT)" \
    test -n "$ALL" -a "$SUM" = "$ALL" -a "$ALL" = "$QEMU_COUNT"

# ---- tracepoints (the default), the table: a column per mode
"$PMUCTL" -t "$T" "${M[@]}" -e instructions --modes sweep -r 4 >"$OUT" 2>&1
cat "$OUT"
check "table: header with one column per mode" \
    grep -qE '^  event +u +s +k +exl$' "$OUT"
check "table (tracepoints): instructions 0 0 $QEMU_COUNT and the stub's exl window" \
    grep -qE "^  instructions +0 +0 +$QEMU_COUNT +[1-9][0-9]* +\(exact\)$" "$OUT"
"$PMUCTL" -t "$T" "${M[@]}" -e instructions --modes sweep=k -r 2 -x , >"$OUT" 2>&1
check "sweep=k: one column, QEMU's count" grep -qx "$QEMU_COUNT,,instructions:k,0.00%,2,100.00,,,exact," "$OUT"

# ---- refused: a mode the core lacks, an event with its own modes
"$PMUCTL" -t "$T" "${M[@]}" -e instructions --modes sweep=u,marked >"$OUT" 2>&1
RC=$?
check "sweep=u,marked on the 34K: status 2, the core's modes named" \
    test "$RC" = 2 -a "$(grep -c "the core has no mode 'marked' (modes of the 34k are u,s,k,exl" "$OUT")" = 1
"$PMUCTL" -t "$T" "${M[@]}" -e instructions:u --modes sweep >"$OUT" 2>&1
RC=$?
check "an event with its own modes: status 2" \
    test "$RC" = 2 -a "$(grep -c "names its own modes" "$OUT")" = 1
finish
}
main "$@"
