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
#  - -I 10 without --mhz: where the registry has no clock for the core
#    (34K, 24K, 74K, e200z7, e500v2: IP cores, clocked by their SoC)
#    pmuctl halts the program to read, and says why; where it has one
#    (R10000, R12000: the clock their costs are priced at) it times the
#    intervals at that clock and says the clock was assumed.
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
# Without --mhz: the registry's clock for the core, if it has one
# (costs.mhz, the clock perfex -y's costs are priced at: R10000, R12000),
# assumed and said so; else pmuctl halts to read, and says why.
REG_MHZ=$(python3 - "$HERE/../../target-xml/cores.toml" "$CPU" <<'PY'
import sys, tomllib
reg = tomllib.load(open(sys.argv[1], "rb"))
core = [c for c in reg["cores"] if c["key"] == sys.argv[2]][0]
print(core.get("costs", {}).get("mhz", ""))
PY
)
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e instructions,cycles \
    -I "$MS" --json -o "$E2E_TMP/stat2.json" >"$OUT.h" 2>&1
RC=$?
sed 's/^/#   /' "$OUT.h"
if [ -z "$REG_MHZ" ]; then
    check "without the clock: status 0 ($RC), halted to read, and why" \
        python3 - "$E2E_TMP/stat2.json" "$RC" <<'PY'
import json, sys
run = [json.loads(l) for l in open(sys.argv[1]) if '"program"' in l][-1]
assert sys.argv[2] == "0", sys.argv[2]
assert run["intervals"] == "halts" and run["halts"] > 0, run
assert "--mhz" in run["intervals-why"], run
PY
else
    check "without --mhz: status 0 ($RC), timed on the target at the registry's $REG_MHZ MHz, said to be assumed" \
        python3 - "$E2E_TMP/stat2.json" "$RC" "$REG_MHZ" "$MS" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
run = [r for r in rows if "program" in r][-1]
mhz, ms = float(sys.argv[3]), int(sys.argv[4])
assert sys.argv[2] == "0", sys.argv[2]
assert run["intervals"] == "target" and run["halts"] == 0, run
assert run["interval-mhz"] == mhz and run["interval-mhz-from"] != "--mhz", run
cyc = [r for r in rows if "interval" in r and r["event"] == "cycles"]
for r in cyc[:-1]:
    assert abs(int(r["counter-value"]) - ms * mhz * 1e3) < ms * mhz * 10, r
PY
fi
finish
}
main "$@"
