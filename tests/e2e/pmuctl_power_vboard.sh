#!/usr/bin/env bash
# End to end: pmuctl measuring on Power, on vboard's e200z7 or
# e500v2 running pmuctl's Power firmware (host/firmware/ppc_bench_loop.S)
# linked with the real ppce500 stub.
# Usage: pmuctl_power_vboard.sh PMUCTL VBOARD FIRMWARE.elf CPU TOP_SRC_DIR
# Oracles: QEMU's execution of the same ELF (-M ppce500 -cpu e500v2 exec
# log, tests/vboard/ppc/qemu_count_ppc.py) for the instructions of
# region_begin..region_end; the firmware runs in supervisor mode
# (stub/board/ppce500/start.S enters main with MSR = 0x1000: PR = 0) and,
# resumed by the stub, marked (MSR[PMM] = 1: docs/pmu.md), so user-mode
# and unmarked counts are 0; PMLCa values by arithmetic (e200z7 RM 8.3.4:
# FCS 0x40000000, EVENT << 16).
# Addresses from the ELF (--elf, checked by qCRC against the target: the
# stub's vectors, which it writes at start-up, are a writable section that
# the check leaves out); the oracle's from nm.
. "$(dirname "$0")/ppc_lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3 CPU=$4 TOP=$5
OUT=$E2E_TMP/out

main() {
FROM=$(ppc_sym_addr "$ELF" region_begin)
TO=$(ppc_sym_addr "$ELF" region_end)
qemu_program_log "$ELF" "$(dirname "$ELF")/../ppce500/libpmustub.a" "set var fw_rounds = 2"
QEMU_COUNT=$(python3 "$TOP/tests/vboard/ppc/qemu_count_ppc.py" "$E2E_TMP/program.log" "$FROM" "$TO")
echo "# QEMU: $QEMU_COUNT instructions from region_begin to region_end"
check "QEMU counted the region" test "${QEMU_COUNT:-0}" -gt 100

pm_pick_port VPORT
rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
"$VBOARD" --cpu "$CPU" --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting" "$E2E_TMP/vboard.log" && break; sleep 0.05; done
sleep 0.3
T="127.0.0.1:$VPORT"
M=("$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end)

# The stub's entry and exit count nothing (docs/pmu.md): the bracket is
# QEMU's count in every iteration, and --calibrate's empty bracket is 0.
"${M[@]}" -e instructions -r 4 -x , >"$OUT" 2>&1
echo "# pmuctl: $(cat "$OUT")"
check "$CPU: instructions of the bracket equal QEMU's ($QEMU_COUNT) in 4 of 4, uncalibrated" \
    grep -qE "^$QEMU_COUNT,,instructions,0.00%,4,100.00,,,exact,$" "$OUT"
"${M[@]}" -e instructions -r 3 --calibrate --json -o "$E2E_TMP/cal.json" >"$OUT" 2>&1
check "$CPU: --calibrate's empty bracket counts 0 and changes nothing" \
    python3 - "$E2E_TMP/cal.json" "$QEMU_COUNT" <<'PY'
import json, sys
e, q = json.load(open(sys.argv[1]))["events"][0], int(sys.argv[2])
ok = (e["calibration-value"] == 0 and e["raw-value"] == q and e["min"] == q
      and e["max"] == q and e["iterations"] == 3)
sys.exit(0 if ok else print(e) or 1)
PY

# Modes: the program runs in supervisor mode, marked (the stub's PMM = 1).
"${M[@]}" -e '{instructions:u,instructions:s,instructions:s,marked,instructions:s,unmarked}' \
    -r 2 --calibrate --json -o "$E2E_TMP/modes.json" >"$OUT" 2>&1
check "$CPU: u counts 0, s and s,marked QEMU's count, s,unmarked 0 (FCU, FCS, FCM0, FCM1)" \
    python3 - "$E2E_TMP/modes.json" "$QEMU_COUNT" <<'PY'
import json, sys
d, q = json.load(open(sys.argv[1])), int(sys.argv[2])
got = {e["label"].split("[")[0]: e["counter-value"] for e in d["events"]}
want = {"instructions:u": 0, "instructions:s": q, "instructions:s,marked": q,
        "instructions:s,unmarked": 0}
sys.exit(0 if got == want else print(got) or 1)
PY
check "$CPU: a warning that u leaves out the supervisor mode the bracket ran in, none for s" \
    python3 - "$OUT" <<'PY'
import sys
w = [l for l in open(sys.argv[1]) if "but at --to the program was in supervisor mode" in l]
assert len(w) == 1 and w[0].startswith("pmuctl: instructions counts in modes u,"), w
PY

# Eight events in two groups, generic names; JSON and CSV.
"${M[@]}" -r 6 --calibrate --json -o "$E2E_TMP/m.json" \
    -e '{instructions,cycles,branches,loads},{instructions,stores,dcache_misses,icache_misses}' >"$OUT" 2>&1
check "$CPU: eight events in two groups: each in 3 of 6 iterations, instructions = QEMU's in both" \
    python3 - "$E2E_TMP/m.json" "$QEMU_COUNT" "$CPU" <<'PY'
import json, sys
d, q, cpu = json.load(open(sys.argv[1])), int(sys.argv[2]), sys.argv[3]
ev = d["events"]
assert d["iterations"] == 6 and d["groups"] == 2 and len(ev) == 8, d
assert d["core"] == cpu and d["simulator"] == "vboard", d
assert all(e["iterations"] == 3 for e in ev), ev
assert [e["counter-value"] for e in ev if e["event"] == "instructions"] == [q, q], ev
assert any(m["metric"] == "IPC" for m in d["metrics"]), d["metrics"]
PY
# -x , in perf stat's field order: ten fields on every line, the e200z7
# note's metric "D-cache linefills, of cycles" (a comma in its name) one
# quoted field, the labels of how vboard counts each.
"${M[@]}" -r 2 -e instructions,cycles,dcache_misses -x , >"$OUT" 2>"$E2E_TMP/err"
check "$CPU: -x ,: ten fields a line, instructions QEMU's and exact, IPC and the D-cache metrics in the metric fields" \
    python3 - "$OUT" "$QEMU_COUNT" "$CPU" <<'PY'
import csv, sys
rows, q, cpu = list(csv.reader(open(sys.argv[1]))), sys.argv[2], sys.argv[3]
assert rows and all(len(r) == 10 for r in rows), rows
ev = {r[2]: r for r in rows}
assert ev["instructions"][:6] == [q, "", "instructions", "0.00%", "2", "100.00"], rows
assert ev["instructions"][8] == "exact" and ev["cycles"][8] == "model", rows
assert ev["IPC"][7] == "insn per cycle" and float(ev["IPC"][6]) > 0, rows
if cpu == "e200z7":
    m = ev["D-cache linefills, of cycles"]
    assert m[0] == "" and m[7] == "%" and float(m[6]) >= 0, m
PY

# The seed's events by number (e200z7 note: 39 stalls, 57 and 72 linefills;
# on the e500v2 the numbers mean other events and are taken as they are).
"${M[@]}" -r 2 -e cycles,instructions,39,57,72 >"$OUT" 2>&1
check "$CPU: raw event numbers are accepted" test $? = 0

# Errors, before the target is changed.
"${M[@]}" -e instructons >"$OUT" 2>&1
check "$CPU: an unknown event: status 2 and the nearest name" \
    test $? = 2 -a "$(grep -c "unknown event 'instructons' for $CPU; did you mean instructions" "$OUT")" = 1
"${M[@]}" -e instructions:k >"$OUT" 2>&1
check "$CPU: a mode Book E has not (k): status 2" \
    test $? = 2 -a "$(grep -c "unknown mode 'k'" "$OUT")" = 1
"${M[@]}" -e '{cycles,instructions,branches,loads,stores}' >"$OUT" 2>&1
check "$CPU: five events in one group on four counters: status 2" test $? = 2
if [ "$CPU" = e200z7 ]; then
    "${M[@]}" -e '{dload_miss_threshold,ifetch_miss_threshold,ext_latency_threshold}' >"$OUT" 2>&1
    check "e200z7: three threshold events in one group (PMC0/PMC1 only): status 2" \
        test $? = 2 -a "$(grep -c "finds no free counter" "$OUT")" = 1
fi

# Counts preloaded just below 2^32: the brackets cross bit 32 of pmcN_64
# (the stub's 64-bit counts) and still count QEMU's number, the one that
# crosses too: the hardware counter's bit 31 raises the performance-monitor
# interrupt there, which counts none of the stub's instructions
# (docs/pmu.md). The counts are put back after.
# With breakpoints (--no-trace): every bracket from the first FROM is
# measured, so the crossing falls in the third. (With tracepoints the run
# begins by stepping over FROM, and the crossing falls before the first
# bracket traced.)
PRE=(); for n in 0 1 2 3; do PRE+=("set \$pmc${n}_64 = 0xffffff00"); done
gdb_batch "set endian big" "target remote $T" "${PRE[@]}" "disconnect" >/dev/null
"${M[@]}" -e instructions -r 3 --calibrate --no-trace --json -o "$E2E_TMP/wrap.json" >"$OUT" 2>&1
gdb_batch "set endian big" "target remote $T" "printf \"PMC0_64=%llx\\n\", \$pmc0_64" \
    "disconnect" >>"$OUT"
check "$CPU: from 2^32 - 256: QEMU's $QEMU_COUNT per bracket, the crossing one too; put back" \
    python3 - "$E2E_TMP/wrap.json" "$QEMU_COUNT" "$OUT" <<'PY'
import json, sys
e, q = json.load(open(sys.argv[1]))["events"][0], int(sys.argv[2])
assert e["calibration-value"] == 0 and e["min"] == q and e["max"] == q, e
assert e["median"] == q and e["counter-value"] == q and e["iterations"] == 3, e
assert "PMC0_64=ffffff00" in open(sys.argv[3]).read()
PY

# GDB alone, as a user would: two breakpoints, continue from the first
# (the stub steps over it): the bracket is QEMU's count, and an empty one
# (resumed onto its own breakpoint) is 0.
gdb_batch "set endian big" "target remote $T" "break *0x$FROM" "break *0x$TO" \
    "set \$pmlca1 = 0x00020000" "continue" "set \$pmc1 = 0" "continue" \
    "printf \"BRACKET=%u\\n\", \$pmc1" "set \$pmc1 = 0" "jump *0x$TO" \
    "printf \"EMPTY=%u\\n\", \$pmc1" "delete" "disconnect" >"$OUT"
check "$CPU: GDB, two breakpoints, continue from the first: QEMU's $QEMU_COUNT; an empty bracket 0" \
    bash -c "grep -qx 'BRACKET=$QEMU_COUNT' '$OUT' && grep -qx 'EMPTY=0' '$OUT'"

# set, and the target left as found by measure. (GDB disconnects: a
# detach would let the program run.)
"$PMUCTL" -t "$T" set instructions:u,marked >"$OUT" 2>&1
"${M[@]}" -e cycles,branches -r 2 >/dev/null 2>&1
gdb_batch "set endian big" "target remote $T" "printf \"PMLCA=%x,%x\\n\", \$pmlca0, \$pmlca1" \
    "disconnect" >"$OUT"
check "$CPU: set instructions:u,marked is PMLCa0 = FCS | FCM0 | 2 << 16, the others off (FC), after a measure too" \
    grep -q "PMLCA=48020000,80000000" "$OUT"
finish
}
main
