#!/usr/bin/env bash
# End to end: stat -I timed on the target over a line paced like a real
# UART (vboard --baud 115200). stat_prog (some 3.6 to 4.3 million
# instructions) at -I 10 --mhz 10 has 35 to 43 intervals of 100,000
# cycles; the line carries one 36-byte record in 3.1 ms of host time, and
# vboard runs the program in some 60 ms, so most intervals merge, and
# pmuctl says how many. What must hold: the records keep coming through
# the whole run, each merging a few intervals, so no record spans more
# than half of the run (the transmit interrupts that stopped after a few
# records on ppce500 left one record of some 80 % of it), and the
# intervals' instructions add up to the total.
# Usage: stat_line_paced.sh PMUCTL VBOARD CPU ELF
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 CPU=$3 ELF=$4
OUT=$E2E_TMP/out

main() {
start_vboard_serving "$VBOARD" "$CPU" "$ELF" --baud 115200
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e instructions,cycles -I 10 --mhz 10 \
    --json -o "$E2E_TMP/stat.json" >"$OUT" 2>&1
RC=$?
echo "# $(tail -1 "$E2E_TMP/stat.json")"
check "stat -I 10 --mhz 10 at 115200 baud ends with the program, status 0 ($RC)" test "$RC" -eq 0
check "records through the whole run, none of more than half of it; the intervals add up" \
    python3 - "$E2E_TMP/stat.json" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
run = [r for r in rows if "program" in r][-1]
assert run["intervals"] == "target", run
ends = sorted({r["interval"] for r in rows if "interval" in r})
spans = [b - a for a, b in zip([0.0] + ends, ends)]
print("# %d records, the longest %.3f s of %.3f s" % (len(ends), max(spans), ends[-1]))
assert max(spans) <= ends[-1] / 2, spans
tot = {r["event"]: int(r["counter-value"]) for r in rows if "event" in r and "interval" not in r}
for ev in ("instructions", "cycles"):
    assert sum(int(r["counter-value"]) for r in rows
               if r.get("event") == ev and "interval" in r) == tot[ev], ev
PY
finish
}
main "$@"
