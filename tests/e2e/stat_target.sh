#!/usr/bin/env bash
# End to end: pmuctl stat -I timed on the target (stub/core/stat/interval.c)
# on vboard. stat_prog (record_prog.c, 16 rounds, some 4 million
# instructions) from the stub's start-up stop to its end, -I 10 with the
# core's clock given (--mhz 10: an interval is 100,000 cycles, some
# forty intervals in the run), over TCP:
#  - the output says the intervals were timed on the target, with no halt;
#  - one record per whole interval of the run's cycles (the records and
#    the intervals merged into them: total cycles / period, rounded down),
#    none merged on a line that keeps up, plus the last, partial one;
#  - each record's cycles are its intervals' period (the clock is the
#    target's: the copy comes in the overflow interrupt, a few cycles
#    late, never 1 % off);
#  - the intervals' instructions add up exactly to the total, which is
#    QEMU's count of the same ELF from the start-up break to pmustub_exit;
#  - the program's exit status is reported;
#  - -I 10 without --mhz (the 34K's clock is not in the registry): pmuctl
#    halts the program to read, and says why.
# Usage: stat_target.sh PMUCTL VBOARD mips|ppc CPU ELF LIBPMUSTUB.a
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 ARCH=$3 CPU=$4 ELF=$5 LIB=$6
HERE=$(cd "$(dirname "$0")" && pwd)
if [ "$ARCH" = ppc ]; then
    . "$HERE/ppc_lib.sh"
fi
OUT=$E2E_TMP/out
MHZ=10 MS=10

main() {
expect_whole_run "$ELF" "$LIB" "$ARCH"

start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e instructions,cycles \
    -I "$MS" --mhz "$MHZ" --json -o "$E2E_TMP/stat.json" >"$OUT" 2>&1
RC=$?
echo "# pmuctl stat: status $RC; $(grep -c interval "$E2E_TMP/stat.json") interval lines; $(tail -1 "$E2E_TMP/stat.json")"
check "stat ends with the program, status 0 ($RC)" test "$RC" -eq 0
check "on the target: records per interval of cycles, deltas add up, total = QEMU ($EXPECT), exit status" \
    python3 - "$E2E_TMP/stat.json" "$EXPECT" "$((MS * MHZ * 1000))" "$MS" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
want, period, ms = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
iv = [r for r in rows if "interval" in r]
tot = {r["event"]: int(r["counter-value"]) for r in rows
       if "event" in r and "interval" not in r}
run = [r for r in rows if "program" in r][-1]
assert run["intervals"] == "target" and run["halts"] == 0, run
assert run["program"] == "exited" and run["exit-status"] == 0, run
assert tot["instructions"] == want, (tot, want)
cyc = [r for r in iv if r["event"] == "cycles"]
ins = [r for r in iv if r["event"] == "instructions"]
whole = tot["cycles"] // period
records, merged = run["interval-records"], run["intervals-merged"]
print("# cycles %d, period %d: %d whole intervals; %d records, %d merged"
      % (tot["cycles"], period, whole, records, merged))
assert records + merged == whole, (records, merged, whole)
assert merged == 0, merged
assert len(cyc) == records + 1 and len(ins) == records + 1, (len(cyc), records)
for k, r in enumerate(cyc[:-1]):
    assert abs(float(r["interval"]) - (k + 1) * ms / 1e3) < 1e-9, r
    assert abs(int(r["counter-value"]) - period) < period // 100, r
for ev, lines in (("instructions", ins), ("cycles", cyc)):
    s = sum(int(r["counter-value"]) for r in lines)
    assert s == tot[ev], (ev, s, tot[ev])
PY

kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e instructions,cycles \
    -I "$MS" >"$OUT.h" 2>&1
RC=$?
sed 's/^/#   /' "$OUT.h"
check "without the clock: status 0 ($RC), halted to read, and why" \
    bash -c "[ $RC -eq 0 ] && grep -q 'halted the program' '$OUT.h' && grep -q -- '-I read by halting the program: .*--mhz' '$OUT.h'"
finish
}
main "$@"
