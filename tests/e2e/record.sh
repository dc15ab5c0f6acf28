#!/usr/bin/env bash
# End to end: pmuctl record and report on vboard (34K, e200z7 ...).
#  - record_prog (tests/firmware/common/record_prog.c) recorded with
#    -e instructions:997 between region_begin and region_end: each
#    function's share of the samples is within 3 percentage points of its
#    share of the instructions QEMU executes of the same ELF in those
#    brackets (record_shares.py over QEMU's exec log; ppce500's e500v2
#    for Power, the 34Kf for MIPS);
#  - report --sort addr (--json "addresses"): spin_long, a known loop,
#    against QEMU's instructions of the region (a branch's delay slot
#    counted as the branch, as the stub records it): on Power each
#    instruction within 1.5 points; on MIPS the loop's total within 1.5
#    points and every sample on an instruction QEMU ran, but not each
#    instruction: vboard's MIPS cores put the samples due after some
#    instructions one instruction later (docs/record.md, "Skid"), which
#    the table printed shows;
#  - report --folded checked line by line against the folded-stack
#    convention (FRAME;FRAME;... COUNT, what flamegraph.pl's
#    stackcollapse output is; no flame-graph tool is packaged in Debian 12),
#    its counts adding up to the samples;
#  - Ctrl-C (SIGINT) during a record of a long run: exit status 130, the
#    samples so far written, and a pmuctl measure right after counts
#    exactly QEMU's instructions of the region, in each of two iterations.
# Usage: record.sh PMUCTL VBOARD mips|ppc CPU ELF LONG_ELF LIBPMUSTUB.a
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 ARCH=$3 CPU=$4 ELF=$5 LONG_ELF=$6 LIB=$7
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/record_lib.sh"
OUT=$E2E_TMP/out

main() {
record_oracle

start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$ELF" -e instructions:997 \
    --from region_begin --to region_end -o "$E2E_TMP/rec.data" >"$OUT" 2>&1
RC=$?
echo "# pmuctl record: $(cat "$OUT")"
check "record ends with the program, exit status 0 ($RC)" test "$RC" -eq 0
"$PMUCTL" report -i "$E2E_TMP/rec.data" --json >"$E2E_TMP/rec.json" 2>>"$OUT"
"$PMUCTL" report -i "$E2E_TMP/rec.data" | sed 's/^/#   /'
check "each function's share of the samples is within 3 points of QEMU's" \
    python3 "$HERE/record_shares_check.py" "$E2E_TMP/oracle" "$E2E_TMP/rec.json" \
        instructions 997 501 3
python3 "$HERE/record_shares.py" --addresses spin_long "$ARCH" "$E2E_TMP/program.log" \
    "$ELF" "$ORACLE_NM" "$OBJDUMP" "$FROM" "$TO" >"$E2E_TMP/oracle_addr"
"$PMUCTL" report -i "$E2E_TMP/rec.data" --sort addr | grep spin_long | sed 's/^/#   /'
if [ "$ARCH" = ppc ]; then what="each instruction"; else what="the loop's total"; fi
check "--sort addr: $what of spin_long within 1.5 points of QEMU's share" \
    python3 - "$E2E_TMP/oracle_addr" "$E2E_TMP/rec.json" "$ARCH" <<'PY'
import json, sys
oracle = {l.split()[0]: float(l.split()[1]) for l in open(sys.argv[1])}
rep = json.load(open(sys.argv[2]))
got = {a["address"]: a["percent"] for a in rep["addresses"]
       if a["symbol"].startswith("spin_long+")}
assert len(oracle) >= 4, oracle  # a loop of several instructions
for a in sorted(set(oracle) | set(got)):
    print(f"# {a}: QEMU {oracle.get(a, 0.0):.2f}%, pmuctl {got.get(a, 0.0):.2f}%")
assert set(got) <= {a for a, v in oracle.items() if v > 0}, "a sample QEMU never ran"
if sys.argv[3] == "ppc":
    bad = [a for a in set(oracle) | set(got)
           if abs(oracle.get(a, 0.0) - got.get(a, 0.0)) > 1.5]
else:
    bad = abs(sum(oracle.values()) - sum(got.values())) > 1.5
sys.exit(1 if bad else 0)
PY
"$PMUCTL" report -i "$E2E_TMP/rec.data" --folded >"$E2E_TMP/folded" 2>>"$OUT"
check "--folded: every line is FRAME[;FRAME]... COUNT, the counts add up to the samples" \
    python3 - "$E2E_TMP/folded" "$E2E_TMP/rec.json" <<'PY'
import json, re, sys
rep = json.load(open(sys.argv[2]))
names = {f["name"] for f in rep["functions"]}
total, line_re = 0, re.compile(r"^([^; \n]+(?:;[^; \n]+)*) ([1-9][0-9]*)$")
for line in open(sys.argv[1]).read().splitlines():
    m = line_re.match(line)
    assert m, f"not folded: {line!r}"
    assert m.group(1).split(";")[-1] in names, line  # the sampled function last
    total += int(m.group(2))
assert total == rep["samples"], (total, rep["samples"])
PY

# Ctrl-C in the middle of a long record; then measure.
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
check "the long program's region is the same code" test \
    "$(addr "$LONG_ELF" region_begin) $(addr "$LONG_ELF" region_end)" = "$FROM $TO"
start_vboard_serving "$VBOARD" "$CPU" "$LONG_ELF"
# --samples and --duration end a record of a program that would run on.
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$LONG_ELF" -e instructions:997 \
    --samples 300 -o "$E2E_TMP/n.data" >"$OUT.n" 2>&1
RC=$?
N=$(awk '$1 == "samples" { print $2 }' "$E2E_TMP/n.data")
check "--samples 300: status 0 ($RC), 300 samples kept (${N:-none})" \
    test "$RC" -eq 0 -a "${N:-0}" -eq 300
T0=$(date +%s)
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$LONG_ELF" -e instructions:997 \
    --duration 1 -o "$E2E_TMP/d.data" >"$OUT.d" 2>&1
RC=$? T=$(($(date +%s) - T0))
N=$(awk '$1 == "samples" { print $2 }' "$E2E_TMP/d.data")
check "--duration 1: status 0 ($RC) after ${T} s (< 15), samples kept (${N:-none})" \
    test "$RC" -eq 0 -a "$T" -lt 15 -a "${N:-0}" -gt 0
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$LONG_ELF" -e instructions:997 \
    -o "$E2E_TMP/long.data" >"$OUT.int" 2>&1 &
PM=$!
sleep 2 # several buffer-fulls (the file is written at the end)
kill -INT "$PM"
wait "$PM"; RC=$?
echo "# interrupted record: $(tr '\n' ' ' <"$OUT.int")"
check "Ctrl-C: exit status 130 ($RC)" test "$RC" -eq 130
N=$(awk '$1 == "samples" { print $2 }' "$E2E_TMP/long.data")
check "Ctrl-C: the samples taken are kept (${N:-none})" test "${N:-0}" -gt 128
if [ "$ARCH" = ppc ]; then
    EXPECT=$(python3 "$HERE/../vboard/ppc/qemu_count_ppc.py" "$E2E_TMP/program.log" "$FROM" "$TO")
else
    EXPECT=$(oracle_instructions "$CPU" "$ELF" "$FROM" "$TO")
fi
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" measure --elf "$LONG_ELF" --from region_begin \
    --to region_end -e instructions -r 2 -x , >"$OUT.m" 2>&1
echo "# measure after it: $(tr '\n' ' ' <"$OUT.m")"
check "measure after the interrupted record counts QEMU's $EXPECT in each iteration" \
    grep -qx "$EXPECT,,instructions,0.00%,2,100.00,,,exact," "$OUT.m"
# And GDB: instructions on counter 0 (pmuctl set), zeroed at region_begin,
# read at region_end.
CNT=perfcnt0
[ "$ARCH" = ppc ] && CNT=pmc0
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" set instructions >>"$OUT.m" 2>&1
gdb_batch "file $LONG_ELF" "set endian big" "target remote 127.0.0.1:$QEMU_PORT" \
    "break region_begin" "continue" "set \$$CNT = 0" "break region_end" \
    "continue" "printf \"COUNT=%u\\n\", \$$CNT" >"$OUT.g"
echo "# GDB after it: $(grep COUNT= "$OUT.g")"
check "a GDB session after it counts QEMU's $EXPECT too" grep -qx "COUNT=$EXPECT" "$OUT.g"
finish
}
main "$@"
