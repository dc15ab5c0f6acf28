#!/usr/bin/env bash
# End to end: what record between two markers promises, whatever the
# bracket's length against the period, and what it refuses.
#  - record_brackets (tests/firmware/common/record_brackets.c) built with
#    brackets shorter than, near, and much longer than the period (997
#    instructions; each bracket's length is QEMU's, checked first): the
#    --samples asked for are reached, and each function's share of the
#    samples is within 5 points of its share of the instructions QEMU
#    executes of the same ELF in the brackets (record_shares.py; QEMU runs
#    the program with record_rounds set to a few through GDB, every bracket
#    being the same code on the same data);
#  - an event the board does not model (its registry row's vboard column
#    is "none", target-xml/events/CPU.csv) is refused, status 1, before the
#    program runs (which would run for hours: a bound only a hang exceeds);
#  - a record with no sample in the whole run (a period longer than the
#    program) is an error, status 1, and writes no file;
#  - report refuses the ELF of another program (status 2) and takes it
#    with --force; by build ID, and by the code's CRC where the ELF has no
#    build ID (objcopy --remove-section .note.gnu.build-id).
# Usage: record_brackets.sh PMUCTL VBOARD mips|ppc CPU LIBPMUSTUB.a EVENTS.csv
#                           OTHER_ELF SHORT_ELF NEAR_ELF LONG_ELF
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 ARCH=$3 CPU=$4 LIB=$5 CSV=$6 OTHER=$7
shift 7
HERE=$(cd "$(dirname "$0")" && pwd)
if [ "$ARCH" = ppc ]; then
    . "$HERE/ppc_lib.sh"
    CROSS=powerpc-linux-gnu
else
    CROSS=mips-linux-gnu
fi
PERIOD=997 SAMPLES=1000 OUT=$E2E_TMP/out
addr() { $ORACLE_NM "$1" | awk -v s="$2" '$3 == s { print substr($1, length($1) - 7) }'; }

# bracket ELF WHAT MIN MAX: QEMU's bracket between MIN and MAX
# instructions, then record's shares against QEMU's.
bracket() {
    local elf=$1 what=$2 min=$3 max=$4 from to len rc n
    from=$(addr "$elf" region_begin) to=$(addr "$elf" region_end)
    qemu_program_log "$elf" "$LIB" "set var record_rounds = 6"
    len=$(python3 "$HERE/record_shares.py" --length "$ARCH" "$E2E_TMP/program.log" \
          "$elf" "$ORACLE_NM" "$CROSS-objdump" "$from" "$to")
    check "$what: QEMU's brackets are $len instructions (from $min to $max)" \
        test "${len% *}" -ge "$min" -a "${len#* }" -le "$max"
    python3 "$HERE/record_shares.py" "$ARCH" "$E2E_TMP/program.log" "$elf" \
        "$ORACLE_NM" "$CROSS-objdump" "$from" "$to" >"$E2E_TMP/oracle.$what"
    echo "# $what: QEMU's shares: $(tr '\n' ' ' <"$E2E_TMP/oracle.$what")"
    start_vboard_serving "$VBOARD" "$CPU" "$elf"
    "$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$elf" -e "instructions:$PERIOD" \
        --from region_begin --to region_end --samples "$SAMPLES" \
        -o "$E2E_TMP/$what.data" >"$OUT" 2>&1
    rc=$?
    kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
    n=$(awk '$1 == "samples" { print $2 }' "$E2E_TMP/$what.data" 2>/dev/null)
    echo "# $what: $(cat "$OUT")"
    check "$what: record --samples $SAMPLES: status 0 ($rc), $SAMPLES samples (${n:-none})" \
        test "$rc" -eq 0 -a "${n:-0}" -eq "$SAMPLES"
    "$PMUCTL" report -i "$E2E_TMP/$what.data" --json >"$E2E_TMP/$what.json"
    check "$what: each function's share of the samples is within 5 points of QEMU's" \
        python3 - "$E2E_TMP/oracle.$what" "$E2E_TMP/$what.json" <<'PY'
import json, sys
oracle = {l.split()[0]: float(l.split()[1]) for l in open(sys.argv[1])}
rep = json.load(open(sys.argv[2]))
got = {f["name"]: f["percent"] for f in rep["functions"]}
for n in sorted(set(oracle) | set(got), key=lambda n: -oracle.get(n, 0.0)):
    print(f"#   {n}: QEMU {oracle.get(n, 0.0):.2f}%, pmuctl {got.get(n, 0.0):.2f}%")
sys.exit(any(abs(oracle.get(n, 0.0) - got.get(n, 0.0)) > 5.0
             for n in set(oracle) | set(got)))
PY
}

main() {
bracket "$1" short 100 $((PERIOD / 2))
bracket "$2" near $((PERIOD * 8 / 10)) $((PERIOD * 12 / 10))
bracket "$3" long $((PERIOD * 40)) $((PERIOD * 1000))
LONG=$3 SHORT=$1

# An event vboard does not model: refused before the program runs.
EV=$(awk -F, '$5 == "none" { print $3; exit }' "$CSV")
start_vboard_serving "$VBOARD" "$CPU" "$LONG"
T0=$(date +%s)
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$LONG" -e "$EV:$PERIOD" \
    --from region_begin --to region_end -o "$E2E_TMP/none.data" >"$OUT" 2>&1
RC=$? T=$(($(date +%s) - T0))
echo "# record -e $EV: $(cat "$OUT")"
check "an unmodelled event ($EV): status 1 ($RC) after $T s (< 60), <not supported>" \
    test "$RC" -eq 1 -a "$T" -lt 60 -a ! -e "$E2E_TMP/none.data"
check "... and the message says vboard does not model it" \
    grep -q "vboard does not model $EV" "$OUT"
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null

# No sample in the whole run: the program's own instructions are fewer
# than the period.
start_vboard_serving "$VBOARD" "$CPU" "$OTHER"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$OTHER" -e instructions:2147483647 \
    -o "$E2E_TMP/zero.data" >"$OUT" 2>&1
RC=$?
echo "# record with no sample: $(cat "$OUT")"
check "no sample in the whole run: status 1 ($RC), no file, and says so" \
    test "$RC" -eq 1 -a ! -e "$E2E_TMP/zero.data"
check "... the message names the cause" grep -q "no sample in the whole run" "$OUT"
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null

# report with another program's ELF.
"$PMUCTL" report -i "$E2E_TMP/short.data" --elf "$OTHER" >"$OUT" 2>&1
RC=$?
echo "# report --elf OTHER: $(cat "$OUT")"
check "report with another program's ELF: status 2 ($RC)" test "$RC" -eq 2
check "... the message compares their build IDs" \
    grep -q "is not the program recorded in .*build-id" "$OUT"
"$PMUCTL" report -i "$E2E_TMP/short.data" --elf "$OTHER" --force >"$OUT" 2>&1
RC=$?
check "report --force takes it: status 0 ($RC)" test "$RC" -eq 0
check "... and says that it is another program" grep -q "as --force asks" "$OUT"
"$CROSS-objcopy" --remove-section .note.gnu.build-id "$SHORT" "$E2E_TMP/short-noid.elf"
"$CROSS-objcopy" --remove-section .note.gnu.build-id "$OTHER" "$E2E_TMP/other-noid.elf"
"$PMUCTL" report -i "$E2E_TMP/short.data" --elf "$E2E_TMP/short-noid.elf" >"$OUT" 2>&1
RC=$?
check "the recorded program without its build ID: the same code, taken ($RC)" \
    test "$RC" -eq 0
"$PMUCTL" report -i "$E2E_TMP/short.data" --elf "$E2E_TMP/other-noid.elf" >"$OUT" 2>&1
RC=$?
check "another program without a build ID: refused by its code's CRC ($RC)" \
    test "$RC" -eq 2
check "... and the message says so" \
    grep -q "is not the program recorded in .*code-crc32" "$OUT"
finish
}
main "$@"
