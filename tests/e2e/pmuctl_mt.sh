#!/usr/bin/env bash
# End to end: per-TC and per-VPE counting (-e EVENT:tc=N, :vpe=N) on
# vboard's 34K, and its refusals.
# Usage: pmuctl_mt.sh PMUCTL VBOARD FIRMWARE.elf TOP_SRC_DIR
# Oracles: the PerfCtl bits of MD00548 Table 1 written here as numbers
# (EVENT << 5, K 0x2, U 0x8, VPEID 19:16, MT_EN 21:20 = 1 one VPE, 2 one
# TC, TCID 29:22, M 0x80000000), read back by GDB; QEMU's count of
# region_begin..region_end (pm_region_count) for TC 0 and VPE 0; and
# vboard's model, one VPE with one TC (docs/vboard.md): what another TC or
# VPE counts is 0.
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

# ---- set, then GDB reads PerfCtl back
"$PMUCTL" -t "$T" set instructions:tc=1 branches:u,vpe=0 >"$OUT" 2>&1
check "set: status 0, the filter said back" \
    test $? = 0 -a "$(grep -c "^counter 0: instructions, modes u,k, tc=1$\|^counter 2: branches, modes u, vpe=0$" "$OUT")" = 2
gdb_batch "set remote noack-packet off" "file $ELF" "target remote $T" \
    'p/x $perfctl0' 'p/x $perfctl2' 'p $perfctl0' 'p $perfctl2' "disconnect" >"$E2E_TMP/gdb.out"
grep '^\$' "$E2E_TMP/gdb.out"
# instructions (1) on counter 0: M | TCID 1 | MT_EN 2 | EVENT 1 | U | K
check "GDB: perfctl0 = 0x8060002a (M, TCID=1, MT_EN=2, EVENT=1, U, K)" \
    grep -qx '\$1 = 0x8060002a' "$E2E_TMP/gdb.out"
# branches (2) on counter 2: M | VPEID 0 | MT_EN 1 | EVENT 2 | U
check "GDB: perfctl2 = 0x80100048 (M, VPEID=0, MT_EN=1, EVENT=2, U)" \
    grep -qx '\$2 = 0x80100048' "$E2E_TMP/gdb.out"
check "GDB decodes them: MT_EN=tc TCID=1, MT_EN=vpe VPEID=0" \
    test "$(grep -cx '\$3 = \[ K U EVENT=instructions VPEID=0 MT_EN=tc TCID=1 M \]\|\$4 = \[ U EVENT=branches VPEID=0 MT_EN=vpe TCID=0 M \]' "$E2E_TMP/gdb.out")" = 2
"$PMUCTL" -t "$T" info >"$OUT" 2>&1
check "info: the filter on each counter" \
    test "$(grep -c "^counter 0: instructions (code 1), modes u,k, tc=1 only\|^counter 2: branches (code 2), modes u, vpe=0 only" "$OUT")" = 2

# ---- counts: TC 0 and VPE 0 are the whole program, TC 1 and VPE 1 nothing
"$PMUCTL" -t "$T" "${M[@]}" -e instructions:tc=0,instructions:tc=1,instructions:vpe=0,instructions:vpe=1 \
    -r 4 -x , >"$OUT" 2>&1
cat "$OUT"
check "tc=0 and vpe=0 count QEMU's $QEMU_COUNT, tc=1 and vpe=1 count 0" \
    test "$(grep -cx "$QEMU_COUNT,,instructions:tc=0,0.00%,4,100.00,,,exact,\|0,,instructions:tc=1,0.00%,4,100.00,,,exact,\|$QEMU_COUNT,,instructions:vpe=0,0.00%,4,100.00,,,exact,\|0,,instructions:vpe=1,0.00%,4,100.00,,,exact," "$OUT")" = 4
"$PMUCTL" -t "$T" "${M[@]}" -e instructions:tc=0,instructions -r 2 --no-trace --json -o "$E2E_TMP/mt.json" >"$OUT" 2>&1
check "breakpoints: tc=0 the same as no filter, labels keep the filter" \
    python3 - "$E2E_TMP/mt.json" "$QEMU_COUNT" <<'PY'
import json, sys
d, q = json.load(open(sys.argv[1])), int(sys.argv[2])
assert [e["label"] for e in d["events"]] == ["instructions:tc=0", "instructions"], d
assert all(e["min"] == e["max"] == q for e in d["events"]), d
PY

# ---- refused, nothing on the target changed
"$PMUCTL" -t "$T" "${M[@]}" -e cycles:tc=0 >"$OUT" 2>&1
RC=$?
check "cycles:tc=0: status 2, cycles is processor-wide (P)" \
    test "$RC" = 2 -a "$(grep -c "'cycles' is counted processor-wide (P): it cannot be counted per TC" "$OUT")" = 1
"$PMUCTL" -t "$T" "${M[@]}" -e relax_bubbles:tc=0 >"$OUT" 2>&1
RC=$?
check "relax_bubbles:tc=0: status 2, a per-VPE (V) event" \
    test "$RC" = 2 -a "$(grep -c "'relax_bubbles' is counted per VPE (V): it cannot be counted per TC" "$OUT")" = 1
kill "$VBOARD_PID" 2>/dev/null; wait "$VBOARD_PID" 2>/dev/null
pm_pick_port VPORT
"$VBOARD" --cpu 24k --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting\|listening" "$E2E_TMP/vboard.log" && break; sleep 0.05; done
sleep 0.3
"$PMUCTL" -t "127.0.0.1:$VPORT" "${M[@]}" -e instructions:tc=0 >"$OUT" 2>&1
RC=$?
check "24K (no MT ASE): status 2, said so" \
    test "$RC" = 2 -a "$(grep -c "needs the MT ASE's PerfCtl filter (MT_EN, TCID, VPEID); the 24k has none" "$OUT")" = 1
finish
}
main "$@"
