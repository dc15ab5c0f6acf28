#!/usr/bin/env bash
# End to end: perfex -y's time estimates (measure --cost) on vboard's
# R10000, and their refusal on the 34K.
# Usage: pmuctl_cost.sh PMUCTL VBOARD FIRMWARE.elf TOP_SRC_DIR
# Oracles: QEMU's count of region_begin..region_end as the R10000's
# graduated-instructions event counts it (oracle_instructions r10k), and
# arithmetic with perfex(1)'s costs (seed 002, COST ESTIMATE OPTIONS)
# written here: a cycle costs 1 cycle; graduated instructions, a summary
# event, 0 minimum and typical, 1 maximum; a time is count x cycles / MHz
# microseconds, 200 MHz unless --mhz.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3 TOP=$4
OUT=$E2E_TMP/out

# One function, read whole before it runs (see pmuctl_vboard.sh).
main() {
FROM=$(sym_addr "$ELF" region_begin)
TO=$(sym_addr "$ELF" region_end)
qemu_program_log "$ELF" "$(dirname "$ELF")/../malta/libpmustub.a" "set var fw_rounds = 2"
EXPECT=$(oracle_instructions r10k "$ELF" "$FROM" "$TO")
echo "# QEMU: region_begin..region_end counts $EXPECT graduated instructions on the R10000"

pm_start_vboard "$ELF" --cpu r10k
T="127.0.0.1:$VPORT"
M=(measure --elf "$ELF" --from region_begin --to region_end -e cycles,instructions,graduated_fp_instructions -r 4)
for mhz in 200 100; do
    args=()
    [ $mhz = 100 ] && args=(--mhz 100)
    "$PMUCTL" -t "$T" "${M[@]}" --cost "${args[@]}" -x , >"$OUT" 2>&1
    check "$mhz MHz: status 0" test $? = 0
    cat "$OUT"
    check "$mhz MHz: instructions QEMU's, times count x seed's costs / MHz, totals, FP not modelled" \
        python3 - "$OUT" "$EXPECT" "$mhz" <<'PY'
import sys
lines = [l.rstrip("\n").split(",") for l in open(sys.argv[1])]
q, mhz = int(sys.argv[2]), float(sys.argv[3])
counts = {l[2]: l[0] for l in lines if l[0] != "cost"}
cost = {l[1]: l[2:] for l in lines if l[0] == "cost"}
cyc = int(counts["cycles"])
assert int(counts["instructions"]) == q, counts
us = lambda v: "%.3f" % (v / mhz)
assert cost["cycles"] == [str(cyc), us(cyc), us(cyc), us(cyc), "us"], cost
assert cost["instructions"] == [str(q), us(0), us(0), us(q), "us"], cost
assert cost["graduated_fp_instructions"] == ["<not supported>", "-", "-", "-", "us"], cost
assert cost["total"] == ["", us(cyc), us(cyc), us(cyc + q), "us"], cost
# perfex's order: most costly (typical) first
assert [l[1] for l in lines if l[0] == "cost"] == ["cycles", "instructions",
                                                  "graduated_fp_instructions", "total"]
PY
done
"$PMUCTL" -t "$T" "${M[@]}" --cost >"$OUT" 2>&1
cat "$OUT"
check "table: the clock and the registry's table named, a total line" \
    test "$(grep -c "at 200 MHz (perfex -y): count x cost in cycles, the r10k's cost table (target-xml/costs/r10k.csv)\|^  total  " "$OUT")" = 2
"$PMUCTL" -t "$T" "${M[@]}" --cost --json >"$OUT" 2>&1
RC=$?
check "--cost --json: status 2" test "$RC" = 2 -a "$(grep -c "not JSON" "$OUT")" = 1

# ---- the 34K has no cost table
kill "$VBOARD_PID" 2>/dev/null; wait "$VBOARD_PID" 2>/dev/null
pm_start_vboard "$ELF"
"$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from region_begin --to region_end \
    -e cycles --cost >"$OUT" 2>&1
RC=$?
check "34K: status 2, the cores with a cost table named" \
    test "$RC" = 2 -a "$(grep -c "the registry has no cost table for the 34k (perfex -y's costs: r10k, r12k)" "$OUT")" = 1
finish
}
main "$@"
