#!/usr/bin/env bash
# End to end: pmuctl stat on QEMU (Malta 34Kf, ppce500 e500v2), whose
# cores have no performance counters (the stub's description has no PMU
# feature): everything but counts, as perf stat works on a machine
# without counters. stat_prog (record_prog.c, 16 rounds) from the stub's
# start-up stop:
#  - stat: status 0, the program's exit status 0, each event asked for
#    <not supported> (a group's braces and a modifier kept in the label),
#    and the header says there are no counts and why;
#  - stat -I 10 --json: one line per event per interval, each
#    <not supported>, the intervals' times increasing, as many intervals
#    as halts and the last partial one; the run object:
#    exited, status 0, intervals by halting, and why.
# Usage: stat_qemu.sh PMUCTL mips|ppc ELF
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 ARCH=$2 ELF=$3
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$E2E_TMP/out
if [ "$ARCH" = ppc ]; then
    . "$HERE/ppc_lib.sh"
fi
start() {
    if [ "$ARCH" = ppc ]; then
        start_qemu_ppc "$ELF"
    else
        QEMU_CPU=34Kf start_qemu "$ELF"
    fi
}

main() {
start
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e 'instructions,{cycles,branches:u}' \
    >"$OUT" 2>&1
RC=$?
sed 's/^/#   /' "$OUT"
check "stat on QEMU: status 0 ($RC), the program's exit status 0" \
    bash -c "[ $RC -eq 0 ] && grep -q 'to its end (exit status 0)' '$OUT'"
check "... every event <not supported>, labelled as asked" \
    bash -c "[ \$(grep -c '<not supported>      \(instructions\|cycles\|branches:u\) .*(no counters)' '$OUT') = 3 ]"
check "... and the header says there are no counts, and why" \
    grep -q '^ no counts: the target publishes no performance counters' "$OUT"
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null

start
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -I 10 --json \
    -o "$E2E_TMP/stat.json" >"$OUT" 2>&1
RC=$?
echo "# stat -I 10: status $RC; $(tail -1 "$E2E_TMP/stat.json")"
check "stat -I 10 on QEMU: status 0, records of <not supported> per interval, exit status" \
    python3 - "$E2E_TMP/stat.json" "$RC" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert sys.argv[2] == "0", sys.argv[2]
run = [r for r in rows if "program" in r][-1]
assert run["program"] == "exited" and run["exit-status"] == 0, run
assert run["intervals"] == "halts" and "no performance counters" in run["intervals-why"], run
iv = [r for r in rows if "interval" in r]
tot = [r for r in rows if "event" in r and "interval" not in r]
assert sorted(r["event"] for r in tot) == ["cycles", "instructions"], tot
assert all(r["counter-value"] == "<not supported>" for r in iv + tot), iv + tot
times = sorted({float(r["interval"]) for r in iv})
assert len(iv) == 2 * len(times), (len(iv), len(times))
assert len(times) == run["halts"] + 1, (len(times), run["halts"])
# A halt that comes late ends every 10 ms step it passed (the next ends
# on the step after it): the times increase, and the run (0.24 s of the
# program on its own) takes several.
assert len(times) >= 3 and all(b > a for a, b in zip(times, times[1:])), times
print("# %d intervals, %d halts, %.3f s" % (len(times), run["halts"], run["seconds"]))
PY
finish
}
main "$@"
