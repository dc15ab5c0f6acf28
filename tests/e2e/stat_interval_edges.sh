#!/usr/bin/env bash
# End to end: an interval timed on the target ends where the target's
# clock says, also where the program stalls. stat -I 10 --mhz 100 of
# phases_prog (tests/firmware/common/phases_prog.c: a compute loop, then a
# walk that misses the D-cache at every load, some eight cycles an
# instruction on vboard, then random branches) times each interval by a
# counter of cycles that overflows every 1,000,000 (stub/core/stat/
# interval.c). So each interval but the last (cut by the program's end)
# holds 1,000,000 cycles, give or take what the counter interrupt's
# entry skids (a core takes it at the next instruction: one cache miss,
# at most tens of cycles, here a bound of 1,000); the instructions of
# the intervals add up to the total. A vboard that took the interrupt
# only when its slice of instructions ended put 976,650 or 1,139,450
# cycles in the walk's intervals.
# Usage: stat_interval_edges.sh PMUCTL VBOARD CPU ELF
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 CPU=$3 ELF=$4
OUT=$E2E_TMP/out

main() {
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e instructions,cycles -I 10 --mhz 100 \
    --json -o "$E2E_TMP/stat.json" >"$OUT" 2>&1
RC=$?
sed 's/^/#   /' "$OUT"
echo "# $(tail -1 "$E2E_TMP/stat.json")"
check "stat -I 10 --mhz 100 ends with the program, status 0 ($RC)" test "$RC" -eq 0
check "every interval but the last holds 1,000,000 cycles within 1,000; the intervals add up" \
    python3 - "$E2E_TMP/stat.json" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
run = [r for r in rows if "program" in r][-1]
assert run["intervals"] == "target" and run["intervals-merged"] == 0, run
iv = {}
for r in rows:
    if "interval" in r:
        iv.setdefault(r["interval"], {})[r["event"]] = int(r["counter-value"])
times = sorted(iv)
cyc = [iv[t]["cycles"] for t in times]
print("# cycles an interval: min %d, max %d over %d intervals" % (min(cyc[:-1]), max(cyc[:-1]), len(cyc)))
assert len(times) >= 20, len(times)
off = [(t, c) for t, c in zip(times[:-1], cyc[:-1]) if abs(c - 1000000) > 1000]
assert not off, off[:5]
tot = {r["event"]: int(r["counter-value"]) for r in rows if "event" in r and "interval" not in r}
for ev in ("instructions", "cycles"):
    assert sum(iv[t][ev] for t in times) == tot[ev], ev
PY
finish
}
main "$@"
