#!/usr/bin/env bash
# End to end: pmuctl stat on vboard (34K, e200z7 ...), a whole run.
#  - stat of record_prog (tests/firmware/common/record_prog.c, 16 rounds,
#    some 4 million instructions) from the stub's start-up stop to the
#    program's end, with -I 10 (no --mhz: pmuctl halts the program to read each
#    interval): the instructions total equals QEMU's execution of the
#    same ELF from the start-up break to pmustub_exit, the intervals add
#    up to the total exactly, and the exit status is the program's. The
#    program may end within one 10 ms interval on a fast host, so how many
#    intervals there are is checked on the program that runs on, below;
#  - --trace-json: a counter track per event, the intervals its points;
#  - -x , lines: every event line has the same number of fields;
#  - --duration 1 -I 10 on a program that runs on stops with status 0 and
#    says so, with more than one interval (host time bounds the run, not the
#    program's speed) adding up to the total; Ctrl-C stops with status 130, the totals so far printed, and the
#    counters put back (pmuctl read shows the counts found before).
# Usage: stat.sh PMUCTL VBOARD mips|ppc CPU ELF LONG_ELF LIBPMUSTUB.a
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 ARCH=$3 CPU=$4 ELF=$5 LONG_ELF=$6 LIB=$7
HERE=$(cd "$(dirname "$0")" && pwd)
if [ "$ARCH" = ppc ]; then
    . "$HERE/ppc_lib.sh"
fi
OUT=$E2E_TMP/out

main() {
expect_whole_run "$ELF" "$LIB" "$ARCH"

start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e instructions,cycles \
    -I 10 --json -o "$E2E_TMP/stat.json" --trace-json "$E2E_TMP/trace.json" >"$OUT" 2>&1
RC=$?
echo "# pmuctl stat: status $RC; $(grep -c interval "$E2E_TMP/stat.json") interval lines; $(tail -1 "$E2E_TMP/stat.json")"
check "stat ends with the program, status 0 ($RC)" test "$RC" -eq 0
check "the total, the intervals and the exit status agree with QEMU ($EXPECT)" \
    python3 - "$E2E_TMP/stat.json" "$EXPECT" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
iv = [r for r in rows if "interval" in r]
tot = {r["event"]: r for r in rows if "event" in r and "interval" not in r}
run = [r for r in rows if "program" in r][-1]
want = int(sys.argv[2])
assert int(tot["instructions"]["counter-value"]) == want, (tot, want)
assert tot["instructions"]["pcnt-running"] == 100, tot
assert tot["instructions"]["simulated"] == "exact", tot
for ev in ("instructions", "cycles"):
    s = sum(int(r["counter-value"]) for r in iv if r["event"] == ev)
    assert s == int(tot[ev]["counter-value"]), (ev, s, tot[ev])
assert run["program"] == "exited" and run["exit-status"] == 0, run
assert len(iv) >= 2, ("an interval per event", len(iv))
# No --mhz: the core's clock unknown, the output says pmuctl halted.
assert run["intervals"] == "halts" and "--mhz" in run["intervals-why"], run
PY
check "--trace-json: trace-event JSON, one counter track per event, its points the intervals" \
    python3 - "$E2E_TMP/trace.json" "$E2E_TMP/stat.json" <<'PY'
import json, sys
tr = json.load(open(sys.argv[1]))
rows = [json.loads(l) for l in open(sys.argv[2])]
iv = [r for r in rows if "interval" in r]
pts = [e for e in tr["traceEvents"] if e["ph"] == "C"]
assert {e["name"] for e in pts} == {"instructions", "cycles"}, pts[:3]
for ev in ("instructions", "cycles"):
    mine = [e for e in pts if e["name"] == ev]
    ts = [e["ts"] for e in mine]
    assert ts == sorted(ts), ts
    vals = [e["args"][ev] for e in mine]
    assert vals == [int(r["counter-value"]) for r in iv if r["event"] == ev], ev
PY

# The same run again (the board starts anew), as -x , lines.
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e instructions,cycles,branches \
    -x , >"$OUT.x" 2>&1
RC=$?
sed 's/^/#   /' "$OUT.x"
check "-x ,: status 0 ($RC), the instructions line is QEMU's count, every line 8 fields" \
    python3 - "$OUT.x" "$EXPECT" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if r]
assert all(len(r) == 8 for r in rows), rows
ins = [r for r in rows if r[2] == "instructions"]
assert ins and ins[0][0] == sys.argv[2], (ins, sys.argv[2])
PY

# A program that runs on: --duration, then Ctrl-C.
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
start_vboard_serving "$VBOARD" "$CPU" "$LONG_ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" read >"$E2E_TMP/before" 2>&1
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$LONG_ELF" -e instructions \
    --duration 1 -I 10 >"$OUT.d" 2>&1
RC=$?
sed 's/^/#   /' "$OUT.d"
check "--duration 1: status 0 ($RC), the end said" \
    bash -c "[ $RC -eq 0 ] && grep -q -- '--duration' '$OUT.d' && grep -qE '^ +[1-9][0-9]* +instructions' '$OUT.d'"
check "--duration 1 -I 10: several intervals, adding up to the total" \
    python3 - "$OUT.d" <<'PY'
import re, sys
txt = open(sys.argv[1]).read()
iv = [int(m) for m in re.findall(r"^ +[0-9]+\.[0-9]+ +([0-9]+) +instructions", txt, re.M)]
tot = [int(m) for m in re.findall(r"^ +([0-9]+) +instructions", txt, re.M)]
assert len(iv) >= 2, ("intervals", iv)
assert len(tot) == 1 and sum(iv) == tot[0], (sum(iv), tot)
PY
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$LONG_ELF" -e instructions \
    -I 100 >"$OUT.c" 2>&1 &
PM=$!
sleep 2
kill -INT "$PM"
for _ in $(seq 300); do kill -0 "$PM" 2>/dev/null || break; sleep 0.1; done
wait "$PM"; RC=$?
sed 's/^/#   /' "$OUT.c"
check "Ctrl-C: status 130 ($RC), the totals printed" \
    bash -c "[ $RC -eq 130 ] && grep -q 'Ctrl-C' '$OUT.c' && grep -qE '^ +[1-9][0-9]* +instructions' '$OUT.c'"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" read >"$E2E_TMP/after" 2>&1
check "the counters are put back as they were found" diff "$E2E_TMP/before" "$E2E_TMP/after"
finish
}
main "$@"
