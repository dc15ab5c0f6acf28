#!/usr/bin/env bash
# End to end: pmuctl record of two events at once on vboard (34K, e200z7),
# record_prog between region_begin and region_end:
#  - -e instructions:997,DCACHE:PERIOD: both events reach samples, and the
#    instructions' samples give each function its share of the
#    instructions QEMU executes of the same ELF in those brackets within 5
#    points (record_shares.py, as record.sh); report prints a table per
#    event, --json an object per event under "events", --folded each
#    stack under its event's name, the counts adding up to each event's
#    samples;
#  - events that do not fit the counters together (the 34K's counters 0
#    and 2 only count dcache_accesses, branches and icache_accesses) are
#    refused with the reason, as an event vboard does not model is;
#  - -F on a core whose clock the registry does not know is refused,
#    saying what is missing; with --mhz it records cycles at
#    MHZ x 10^6 / FREQ.
# Usage: record_multi.sh PMUCTL VBOARD mips|ppc CPU ELF LIBPMUSTUB.a DCACHE
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 ARCH=$3 CPU=$4 ELF=$5 LIB=$6 DCACHE=$7
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/record_lib.sh"
OUT=$E2E_TMP/out

main() {
record_oracle

start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$ELF" \
    -e "instructions:997,$DCACHE" --from region_begin --to region_end \
    -o "$E2E_TMP/rec.data" >"$OUT" 2>&1
RC=$?
echo "# pmuctl record: $(cat "$OUT")"
check "record of two events ends with the program, exit status 0 ($RC)" test "$RC" -eq 0
"$PMUCTL" report -i "$E2E_TMP/rec.data" | sed 's/^/#   /'
"$PMUCTL" report -i "$E2E_TMP/rec.data" >"$E2E_TMP/table" 2>>"$OUT"
check "report prints a table per event" test \
    "$(grep -c "^# Samples: [0-9]* of event '" "$E2E_TMP/table")" -eq 2
"$PMUCTL" report -i "$E2E_TMP/rec.data" --json >"$E2E_TMP/rec.json" 2>>"$OUT"
"$PMUCTL" report -i "$E2E_TMP/rec.data" --folded >"$E2E_TMP/folded" 2>>"$OUT"
check "both events sampled; instructions' function shares within 5 points of QEMU's" \
    python3 - "$E2E_TMP/oracle" "$E2E_TMP/rec.json" "${DCACHE%%:*}" <<'PY'
import json, sys
oracle = {l.split()[0]: float(l.split()[1]) for l in open(sys.argv[1])}
evs = json.load(open(sys.argv[2]))["events"]
assert [e["event"] for e in evs] == ["instructions", sys.argv[3]], evs
ins, dc = evs
assert ins["period"] == 997 and ins["samples"] > 500 and ins["lost"] == 0, ins
assert dc["samples"] >= 50, dc["samples"]
got = {f["name"]: f["percent"] for f in ins["functions"]}
for n in sorted(set(oracle) | set(got)):
    print(f"# {n}: QEMU {oracle.get(n, 0.0):.2f}%, instructions' samples {got.get(n, 0.0):.2f}%")
print("# " + sys.argv[3] + ": " + ", ".join(f'{f["name"]} {f["percent"]:.2f}%'
                                            for f in dc["functions"]))
sys.exit(1 if any(abs(oracle.get(n, 0.0) - got.get(n, 0.0)) > 5.0
                  for n in set(oracle) | set(got)) else 0)
PY
check "--folded: each stack under its event's name, the counts adding up per event" \
    python3 - "$E2E_TMP/folded" "$E2E_TMP/rec.json" <<'PY'
import json, re, sys
evs = {e["event"]: e["samples"] for e in json.load(open(sys.argv[2]))["events"]}
total, line_re = {}, re.compile(r"^([^; \n]+(?:;[^; \n]+)+) ([1-9][0-9]*)$")
for line in open(sys.argv[1]).read().splitlines():
    m = line_re.match(line)
    assert m, f"not folded under an event: {line!r}"
    root = m.group(1).split(";")[0]
    total[root] = total.get(root, 0) + int(m.group(2))
assert total == evs, (total, evs)
PY

if [ "$ARCH" = mips ]; then
    "$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$ELF" \
        -e dcache_accesses:101,branches:101,icache_accesses:101 \
        -o "$E2E_TMP/no.data" >"$OUT" 2>&1
    RC=$?
    echo "# $(cat "$OUT")"
    check "three events of counters 0 and 2 refused together (status $RC), saying so" \
        test "$RC" -ne 0 -a ! -e "$E2E_TMP/no.data"
    check "... with the reason" has "do not fit the 34k's counters together"
fi
# An event vboard does not model: refused as with one event.
UNMODELED=$(awk -F, '$5 == "none" { print $3; exit }' \
    "$HERE/../../target-xml/events/$CPU.csv")
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$ELF" \
    -e "instructions:997,$UNMODELED:101" -o "$E2E_TMP/no.data" >"$OUT" 2>&1
RC=$?
check "instructions with $UNMODELED (not modelled) refused (status $RC)" \
    test "$RC" -eq 1 -a ! -e "$E2E_TMP/no.data"
check "... saying vboard does not model it" has "does not model $UNMODELED"

"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$ELF" -F 1000 \
    -o "$E2E_TMP/f.data" >"$OUT" 2>&1
RC=$?
echo "# $(cat "$OUT")"
check "-F without a known clock refused (status $RC)" test "$RC" -eq 2
check "... saying what is missing" has "the registry has none for the $CPU: give --mhz"
# The program ran to its end in the first record: a fresh one.
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$ELF" -F 10000 --mhz 100 \
    --from region_begin --to region_end -o "$E2E_TMP/f.data" >"$OUT" 2>&1
RC=$?
echo "# $(cat "$OUT")"
check "-F 10000 --mhz 100: cycles every 100 x 10^6 / 10000 = 10000 (status $RC)" \
    test "$RC" -eq 0 -a "$(awk '$1 == "period" { print $2 }' "$E2E_TMP/f.data")" = 10000
finish
}
main "$@"
