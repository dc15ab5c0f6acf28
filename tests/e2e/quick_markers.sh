#!/usr/bin/env bash
# End to end: the native bracket's quick path where users put FROM and TO
# (tests/firmware/common/markers.c): on the empty marker functions (MIPS
# "jr ra", Power "blr"), on ordinary statements, on conditional branches
# (taken in every other round), on tail calls through a register ("jr t9",
# "bctr"), on calls ("jal"/"bl" to "jalr"/"bctrl") and from a call through
# a pointer to the loop's closing branch. For each pair, on vboard's CPU,
# pmuctl measures N brackets through the stub (tracepoints, the native
# bracket): the minimum, maximum and mean of its instruction counts equal
# those of QEMU's execution log of the same ELF over its first N rounds
# (MIPS: QEMU's $QEMU_CPU, tests/vboard/qemu_count.py; Power: QEMU's
# e500v2, tests/vboard/ppc/qemu_count_ppc.py). vboard's profile says the
# quick path served every bracket (its TO code ran N times); then GDB
# lets the program run to its end, whose exit code 42 says every marker,
# statement and branch ran as often as it should.
# Usage: quick_markers.sh PMUCTL VBOARD MARKERS.elf CPU TOP_SRC_DIR
set -u
PMUCTL=$1 VBOARD=$2 ELF=$3 CPU=$4 TOP=$5
case $CPU in
e200z7|e500v2)
    . "$TOP/tests/e2e/ppc_lib.sh"
    BIN=powerpc-linux-gnu- LIB=ppce500 TO_CODE=ppc_quick_to
    count() { python3 "$TOP/tests/vboard/ppc/qemu_count_ppc.py" --each "$E2E_TMP/program.log" "$1" "$2"; } ;;
*)
    . "$TOP/tests/e2e/lib.sh"
    BIN=mips-linux-gnu- LIB=malta TO_CODE=mips_quick_to
    count() { python3 "$TOP/tests/vboard/qemu_count.py" --each "$E2E_TMP/program.log" "$ELF" \
                  "${BIN}objdump" "$1" "$2"; } ;;
esac
. "$TOP/tests/e2e/pmuctl_lib.sh"
N=20
OUT=$E2E_TMP/pm.out

# pair NAME: one pair's brackets, measured and checked.
pair() {
    local from to ran
    read -r from to < <(python3 "$TOP/tests/e2e/marker_points.py" "$ELF" "${BIN}objdump" "$1")
    count "$from" "$to" | head -n $N >"$E2E_TMP/qemu.counts"
    pm_start_vboard "$ELF" --cpu "$CPU" --profile "$E2E_TMP/profile"
    "$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from "0x$from" --to "0x$to" \
        -e instructions -r $N --json -o "$E2E_TMP/pm.json" >"$OUT" 2>&1
    check "$1 ($from..$to): pmuctl measured $N brackets" test $? = 0
    python3 - "$E2E_TMP/pm.json" "$E2E_TMP/qemu.counts" "$1" $N <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))["events"][0]
q = [int(l) for l in open(sys.argv[2])]
n = int(sys.argv[4])
print(f"# {sys.argv[3]}: pmuctl mean/min/max {e['counter-value']}/{e['min']}/{e['max']},"
      f" QEMU's {sum(q) / len(q)}/{min(q)}/{max(q)} over {len(q)} brackets")
sys.exit(not (len(q) == n and e["iterations"] == n and e["min"] == min(q) and
              e["max"] == max(q) and abs(e["counter-value"] * n - sum(q)) < 1e-6 * n))
PY
    check "$1: every bracket's count is QEMU's" test $? = 0
    gdb_batch "file $ELF" "target remote 127.0.0.1:$VPORT" "continue" >"$E2E_TMP/end" 2>&1
    check "$1: the program then ends with 42" grep -q "exited with code 052" "$E2E_TMP/end"
    kill "$VBOARD_PID" 2>/dev/null
    wait "$VBOARD_PID" 2>/dev/null
    ran=$(awk -v a="0x$(${BIN}nm "$ELF" | awk -v s=$TO_CODE '$3 == s { print substr($1, length($1) - 7) }')" \
          'tolower($1) == tolower(a) { print $2 }' "$E2E_TMP/profile")
    check "$1: the quick path served every bracket ($TO_CODE ran ${ran:-0} times)" \
        test "${ran:-0}" -ge $N
}

main() {
qemu_program_log "$ELF" "$(dirname "$ELF")/../../target/$LIB/libpmustub.a" "set var mk_rounds = $N"
for p in markers statements branches jumps calls loop; do
    pair $p
done
finish
}
main "$@"
