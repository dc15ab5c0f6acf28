#!/usr/bin/env bash
# End to end: pmuctl straight to the stub on vboard (34K).
# Usage: pmuctl_vboard.sh PMUCTL VBOARD FIRMWARE.elf TOP_SRC_DIR
# Oracles: QEMU's execution log of the same ELF for the instruction count
# of region_begin..region_end (tests/vboard/qemu_count.py after
# tests/e2e/drop_stub_pcs.py), the objdump of the ELF for the instructions
# that breakpoints must leave in place, and GDB for the control registers.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3 TOP=$4
OUT=$E2E_TMP/out

# The whole test is one function, read by bash before any of it runs: bash
# reads a plain script piece by piece, so a change to this file during a
# run (the tree is shared) showed up once as a spurious syntax error.
main() {
# ---- QEMU's count of one pass of the region (two rounds, run to the end).
pm_region_count "$ELF"

# ---- vboard, the stub waiting at its boot stop.
start_vboard() {
    pm_pick_port VPORT
    rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
    "$VBOARD" --cpu 34k --no-reboot --kernel "$ELF" \
        --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
    VBOARD_PID=$!
    E2E_PIDS+=($VBOARD_PID)
    for _ in $(seq 1200); do grep -q "waiting\|listening" "$E2E_TMP/vboard.log" && break; sleep 0.05; done
    sleep 0.3
}
start_vboard
T="127.0.0.1:$VPORT"

"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end \
    -e instructions -r 5 -x , >"$OUT" 2>&1
echo "# pmuctl: $(cat "$OUT")"
check "instructions in the region equal QEMU's count ($QEMU_COUNT) in every iteration" \
    grep -qx "$QEMU_COUNT,,instructions,0.00%,5,100.00,,,exact," "$OUT"

# The stub offers tracepoints, so that was measured with them.
# 2000 iterations on the target: QEMU's count in each, under 0.1 packets
# per iteration, one continue per group; --no-trace (breakpoints, two
# stops each) the same; --per-iteration, each iteration's count read back
# from the frames: min, max and median QEMU's.
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end \
    -e instructions,branches -r 2000 --rsp-stats --json -o "$E2E_TMP/t.json" >"$OUT" 2>&1
check "tracepoints: 2000 iterations, instructions QEMU's in every one, < 0.1 packets and 1 continue in all" \
    python3 - "$E2E_TMP/t.json" "$QEMU_COUNT" "$OUT" <<'PY'
import json, re, sys
d, q = json.load(open(sys.argv[1])), int(sys.argv[2])
e = d["events"][0]
assert d["method"] == "tracepoints" and d["iterations"] == 2000, d
assert e["event"] == "instructions" and e["min"] == e["max"] == q and e["iterations"] == 2000, e
assert e["median"] is None, e  # sums only: no median was measured
m = re.search(r"(\d+) packets sent, (\d+) received.*, (\d+) continues", open(sys.argv[3]).read())
assert m and int(m.group(1)) < 200 and int(m.group(3)) == 1, m and m.groups()
PY
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end \
    -e instructions -r 20 --no-trace --json -o "$E2E_TMP/b.json" >"$OUT" 2>&1
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end \
    -e instructions -r 300 --per-iteration --json -o "$E2E_TMP/p.json" >>"$OUT" 2>&1
check "--no-trace: breakpoints, QEMU's count; --per-iteration: 300 frames read back, median QEMU's" \
    python3 - "$E2E_TMP/b.json" "$E2E_TMP/p.json" "$QEMU_COUNT" <<'PY'
import json, sys
b, p, q = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
assert b["method"] == "breakpoints" and b["events"][0]["median"] == q, b
e = p["events"][0]
assert p["method"] == "tracepoints" and e["iterations"] == 300, p
assert e["median"] == e["min"] == e["max"] == q and e["values"] == [q] * 300, e
PY

# One pass of the loop: --from = --to = region_begin (a step off the
# breakpoint each time). QEMU: region_begin..region_end plus
# region_end..region_begin (fw_rounds = 2 gave a second pass).
BACK=$(python3 "$TOP/tests/vboard/qemu_count.py" "$E2E_TMP/program.log" "$ELF" \
       mips-linux-gnu-objdump "$TO" "$FROM")
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_begin \
    -e instructions -r 3 -x , >"$OUT" 2>&1
check "--from = --to: one loop pass counts QEMU's $QEMU_COUNT + $BACK instructions" \
    grep -qx "$((QEMU_COUNT + BACK)),,instructions,0.00%,3,100.00,,,exact," "$OUT"

# Eight events in two groups, instructions in both; JSON parses. vboard
# does not model branch mispredictions (vboard/mips/pmu_bind.c binds no
# total to them): no number for them, and no metric from them.
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end -r 6 \
    -e '{instructions,cycles,branches,branch_mispredictions},{instructions,loads,stores,dcache_misses}' \
    --json -o "$E2E_TMP/m.json" >"$OUT" 2>&1
check "eight events: JSON parses, each group counted in 3 of 6 iterations, instructions = QEMU's in both" \
    python3 - "$E2E_TMP/m.json" "$QEMU_COUNT" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["events"]
assert d["iterations"] == 6 and d["groups"] == 2 and len(ev) == 8, d
assert all(e["iterations"] == 3 for e in ev if e["event"] != "branch_mispredictions"), ev
ins = [e for e in ev if e["event"] == "instructions"]
assert [e["group"] for e in ins] == [1, 2], ins
assert all(e["counter-value"] == e["min"] == e["max"] == int(sys.argv[2]) for e in ins), ins
assert any(m["metric"] == "IPC" for m in d["metrics"]), d["metrics"]
PY
check "no --vboard: pmuctl finds out itself that vboard simulates the counts, and says so" \
    python3 - "$E2E_TMP/m.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["simulator"] == "vboard" and "simulated by vboard (34k)" in d["counts-from"], d
sim = {e["event"]: e["simulated"] for e in d["events"]}
assert sim["instructions"] == "exact" and sim["cycles"] == "model", sim
PY
check "an event vboard does not model: null, with the reason, and no misprediction rate" \
    python3 - "$E2E_TMP/m.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bm = [e for e in d["events"] if e["event"] == "branch_mispredictions"]
assert len(bm) == 1 and bm[0]["counter-value"] is None and bm[0]["iterations"] == 0, bm
assert "does not model" in bm[0]["not-supported"], bm
assert not any("mispredict" in m["metric"] for m in d["metrics"]), d["metrics"]
PY
# The 34K counts events of one table on even counters and of the other on
# odd ones (MD00548 Table 3): placement in JSON.
check "34K: branches on an even counter, branch_mispredictions and stores on odd ones" \
    python3 - "$E2E_TMP/m.json" <<'PY'
import json, sys
ev = {e["event"]: e["counter"] for e in json.load(open(sys.argv[1]))["events"]}
assert ev["branches"] % 2 == 0 and ev["branch_mispredictions"] % 2 == 1 and ev["stores"] % 2 == 1, ev
PY

# CSV with a separator: fields parse (perf stat's order, then how vboard
# counts each, then the raw mean: ten fields on every line).
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end -r 3 \
    -e cycles,instructions,loads,stores --calibrate -x ';' >"$OUT" 2>"$E2E_TMP/err"
check "-x ';' --calibrate: one line per event, 10 fields, calibration of instructions is 0" \
    python3 - "$OUT" "$QEMU_COUNT" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1]), delimiter=";")]
evs = {r[2]: r for r in rows if len(r) > 2 and r[2] in ("cycles", "instructions", "loads", "stores")}
assert len(evs) == 4 and all(len(r) == 10 for r in rows), rows
i = evs["instructions"]
assert i[0] == i[9] == sys.argv[2] and i[4] == "3" and i[5] == "100.00", i   # corrected == raw: the empty bracket counts 0
assert i[8] == "exact" and evs["cycles"][8] == "model", rows
assert float(evs["cycles"][0]) > 0
PY
# -x , with a label that holds a comma (its modes) and metrics: quoted as
# CSV quotes, every line ten fields; --per-iteration: each iteration's
# count on a line of its own (the iteration first), QEMU's in each, and
# in JSON "values".
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end -r 3 \
    -e 'cycles,instructions:k,s,dcache_accesses,dcache_misses' -x , >"$OUT" 2>"$E2E_TMP/err"
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end -r 3 \
    -e instructions,cycles --per-iteration -x , >"$E2E_TMP/pi.csv" 2>>"$E2E_TMP/err"
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end -r 3 \
    -e instructions,cycles --per-iteration --no-trace --json -o "$E2E_TMP/pi.json" 2>>"$E2E_TMP/err"
check "-x ,: ten fields a line, \"instructions:s,k\" one field, IPC in the metric fields; --per-iteration: 3 counts each" \
    python3 - "$OUT" "$E2E_TMP/pi.csv" "$E2E_TMP/pi.json" "$QEMU_COUNT" <<'PY'
import csv, json, sys
q = sys.argv[4]
rows = list(csv.reader(open(sys.argv[1])))
assert rows and all(len(r) == 10 for r in rows), rows
ev = {r[2]: r for r in rows}
assert ev["instructions:s,k"][0] == q and ev["instructions:s,k"][8] == "exact", rows
ipc = ev["IPC"]
assert ipc[0] == "" and float(ipc[6]) > 0 and ipc[7] == "insn per cycle" and ipc[8] == "model", ipc
pi = list(csv.reader(open(sys.argv[2])))
assert pi and all(len(r) == 11 for r in pi), pi
each = [r for r in pi if r[0] != "all" and r[3] == "instructions"]
assert [r[0] for r in each] == ["1", "2", "3"] and all(r[1] == q for r in each), pi
assert [r[1] for r in pi if r[0] == "all" and r[3] == "instructions"] == [q], pi
assert len([r for r in pi if r[0] != "all" and r[3] == "cycles"]) == 3, pi
for e in json.load(open(sys.argv[3]))["events"]:
    assert len(e["values"]) == 3 and e["median"] == sorted(e["values"])[1], e
    assert e["event"] != "instructions" or e["values"] == [int(q)] * 3, e
PY
# ALU stalls, which vboard does not model, are perf's "<not supported>"
# (the main job's table once read 0 for them).
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end -r 2 \
    -e instructions,alu_stalls -x , >"$OUT" 2>"$E2E_TMP/err"
check "-x: alu_stalls is <not supported>, counted in 0 iterations" \
    grep -qx "<not supported>,,alu_stalls,,0,0.00,,,none," "$OUT"
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end -r 2 \
    -e instructions,alu_stalls >"$OUT" 2>"$E2E_TMP/err"
check "table: <not supported> for alu_stalls" \
    test "$(grep -cE "^ +<not supported>  alu_stalls " "$OUT")" = 1

# A --to the program does not reach in time (bench_loop's return, after
# 10^6 rounds): status 4, and the target is put back (GDB reads the ELF's
# instruction there, not a breakpoint).
NEVER=$(mips-linux-gnu-objdump -d "$ELF" | awk '/<region_end>:/ { on = 1 }
    on && $3 == "jr" { sub(":", "", $1); print $1; exit }')
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to "0x$NEVER" \
    --run-timeout 2 -e instructions >"$OUT" 2>&1
RC=$?
check "a --to never reached: status 4 after --run-timeout, saying so" \
    test "$RC" = 4 -a "$(grep -c "did not stop at a breakpoint within 2 s" "$OUT")" = 1
WORD=$(mips-linux-gnu-objdump -d "$ELF" | awk -v a="$NEVER:" '$1 == a { print $2 }')
gdb_batch "set remote noack-packet off" "file $ELF" "target remote $T" \
    "x/xw 0x$NEVER" "disconnect" >"$E2E_TMP/never.out"
check "... and no breakpoint is left there (memory reads 0x$WORD)" \
    grep -qE "^0x$NEVER <[^>]*>:\s+0x$WORD\$" "$E2E_TMP/never.out"

# Bad input changes nothing; say so with status 2.
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end -e instructons >"$OUT" 2>&1
RC=$?
check "an unknown event: status 2 and the nearest name" \
    test "$RC" = 2 -a "$(grep -c "did you mean instructions" "$OUT")" = 1
"$PMUCTL" -t "$T" measure --elf "$ELF" --from no_such_symbol --to region_end >"$OUT" 2>&1
check "a symbol not in the ELF: status 2" test $? = 2
"$PMUCTL" -t "$T" measure --elf "$ELF" --from fw_data --to region_end >"$OUT" 2>&1
check "data is no place for a breakpoint: status 2" \
    grep -q "not in the program's code" "$OUT"

# ---- A program found running is left running: on a fresh board GDB
# detaches from the boot stop (the program runs its 10^6 rounds); pmuctl
# interrupts it, measures and detaches; then a plain RSP client sends 0x03
# and '?': a program left running stops with SIGINT (T02), or has ended
# (W); one left stopped would still report its stop at region_end (T05).
kill "$VBOARD_PID"; wait "$VBOARD_PID" 2>/dev/null
start_vboard
T="127.0.0.1:$VPORT"
gdb_batch "set remote noack-packet off" "file $ELF" "target remote $T" \
    "detach" >"$E2E_TMP/detach.out"
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end \
    -e instructions -r 3 -x , >"$OUT" 2>&1
check "a running program: measured ($QEMU_COUNT instructions) ..." \
    grep -qx "$QEMU_COUNT,,instructions,0.00%,3,100.00,,,exact," "$OUT"
check "... and left running (0x03 then '?' gets SIGINT or an exit)" \
    python3 - "$VPORT" <<'PY'
import re, socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
s.sendall(b"\x03")
time.sleep(1)
s.sendall(b"$?#3f")
buf, end = b"", time.time() + 10
while time.time() < end and not re.search(rb"\$[TSW][0-9a-f]{2}", buf):
    buf += s.recv(4096)
s.sendall(b"+$D#44")   # detach: the program runs on for the tests below
time.sleep(0.3)
m = re.findall(rb"\$([TSW][0-9a-f]{2})", buf)
assert m and (m[-1] in (b"T02", b"S02") or m[-1].startswith(b"W")), buf
PY
# The next tests want a fresh board stopped at its boot stop.
kill "$VBOARD_PID"; wait "$VBOARD_PID" 2>/dev/null
start_vboard
T="127.0.0.1:$VPORT"

# ---- A serial line: a pseudo-terminal relayed to vboard's socket, so
# that pmuctl opens a tty and sets it up with termios.
pm_relay "$VPORT" 0 0
"$PMUCTL" -t "$PTY@115200" measure --elf "$ELF" --from region_begin \
    --to region_end -e instructions -r 2 --json >"$OUT" 2>"$E2E_TMP/err"
check "over a serial line (DEVICE@115200, a pty): the same count, labelled simulated" \
    python3 - "$OUT" "$QEMU_COUNT" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["simulator"] == "vboard" and d["events"][0]["counter-value"] == int(sys.argv[2]), d
PY
kill $RELAY 2>/dev/null; wait $RELAY 2>/dev/null
sleep 0.2

# ---- SIGINT: put known controls in with GDB (acks kept, as pmuctl will
# find them), interrupt a long run, then GDB finds them and no breakpoint.
gdb_batch "set remote noack-packet off" "file $ELF" "target remote $T" \
    'set $perfctl0 = 0x2a' 'set $perfctl1 = 0xb' 'set $perfctl2 = 0x162' \
    'set $perfcnt3 = 12345' 'set $perfcnt0_64 = 0x1fffffff0' "info registers pmu" \
    "disconnect" >"$E2E_TMP/before.out"
grep -E '^perf(ctl|cnt)[0-9]+(_64)?[: ]' "$E2E_TMP/before.out" >"$E2E_TMP/before.regs"
"$PMUCTL" -t "$T" read >"$OUT" 2>&1
check "read: the 64-bit count GDB wrote (0x1fffffff0) and the event perfctl0 selects" \
    grep -qx "8589934576 instructions counter0 (vboard: exact)" "$OUT"
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end \
    -r 10000000 -e branches,loads,stores,instructions --no-progress >"$OUT" 2>&1 &
sigint_after 3 $!
RC=$SIGINT_RC
echo "# SIGINT to pmuctl's exit during a traced run: $SIGINT_MS ms"
check "SIGINT: pmuctl ends with status 130 and reports the iterations done" \
    test "$RC" = 130 -a "$(grep -c "[0-9] of 10000000 iterations completed" "$OUT")" = 1
gdb_batch "set remote noack-packet off" "file $ELF" "target remote $T" \
    "info registers pmu" "x/2xw region_begin" "x/xw region_end" "disconnect" >"$E2E_TMP/after.out"
grep -E '^perf(ctl|cnt)[0-9]+(_64)?[: ]' "$E2E_TMP/after.out" >"$E2E_TMP/after.regs"
check "SIGINT: GDB finds the control registers and counts as before" \
    diff "$E2E_TMP/before.regs" "$E2E_TMP/after.regs"
check "SIGINT: the control registers were really set (the oracle is not empty)" \
    grep -qE "perfctl0:? +0x8000002a" "$E2E_TMP/before.regs"
check "SIGINT: no breakpoint left at region_begin or region_end (memory = the ELF's words)" \
    python3 - "$E2E_TMP/after.out" "$ELF" "$FROM" "$TO" <<'PY'
import re, subprocess, sys
out, elf = sys.argv[1], sys.argv[2]
a, b = (int(x, 16) for x in sys.argv[3:5])
mem = {}
for line in open(out):
    m = re.match(r"^0x([0-9a-f]+) <[^>]*>:\s+(.*)$", line)
    if m:
        for k, w in enumerate(re.findall(r"0x([0-9a-f]{8})", m.group(2))):
            mem[int(m.group(1), 16) + 4 * k] = w
dump = subprocess.run(["mips-linux-gnu-objdump", "-d", elf], capture_output=True, text=True).stdout
want = {}
for line in dump.splitlines():
    m = re.match(r"^\s*([0-9a-f]+):\s+([0-9a-f]{8})\s", line)
    if m:
        want[int(m.group(1), 16)] = m.group(2)
assert a in mem and b in mem, mem
assert all(mem[x] == want[x] for x in mem), (mem, {x: want[x] for x in mem})
PY

# ---- pmuctl killed (SIGKILL) in a traced run, three times: the next
# pmuctl info works at its first try and removes the killed run's
# tracepoints (saying so); then GDB finds no tracepoints to take over.
INFO_OK=0 REMOVED=0
for k in 1 2 3; do
    "$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end \
        -r 10000000 --no-progress >/dev/null 2>&1 &
    PM=$!
    pm_wait_settled "$PM"
    kill -9 "$PM"; wait "$PM" 2>/dev/null
    "$PMUCTL" -t "$T" info >"$E2E_TMP/info$k" 2>&1 && grep -q "^core: 34k" "$E2E_TMP/info$k" &&
        INFO_OK=$((INFO_OK + 1))
    grep -q "removed the tracepoints of an earlier pmuctl run" "$E2E_TMP/info$k" &&
        REMOVED=$((REMOVED + 1))
done
check "after kill -9 of a traced pmuctl: the next pmuctl info works at the first try, 3 times in 3" \
    test "$INFO_OK" = 3
check "... and says it removed the killed run's tracepoints, 3 times in 3" test "$REMOVED" = 3
gdb_batch "set remote noack-packet off" "file $ELF" "target remote $T" "tstatus" \
    "info tracepoints" "disconnect" >"$E2E_TMP/leftover.out"
check "... so the next GDB takes over no tracepoints" \
    bash -c "grep -q 'No tracepoints.' '$E2E_TMP/leftover.out' && ! grep -q 'Created tracepoint' '$E2E_TMP/leftover.out'"

# ---- The board goes away in the middle of a run: status 3, one line that
# says what could not be put back, and the iterations done.
kill "$VBOARD_PID"; wait "$VBOARD_PID" 2>/dev/null
start_vboard
T="127.0.0.1:$VPORT"
# (Breakpoints: with tracepoints the counts of the run under way are on
# the board, and go with it.)
"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end \
    -r 10000000 --no-progress --no-trace -x , >"$E2E_TMP/lost.out" 2>"$E2E_TMP/lost.err" &
PM=$!
# Iterations under way, however loaded the machine: pmuctl's write calls
# (a bracket is a few packets; connecting and setting up under 100).
pm_wait_writes "$PM" 400
kill "$VBOARD_PID"
wait "$PM"
RC=$?
check "a lost connection: status 3, one error line saying nothing could be put back" \
    test "$RC" = 3 -a "$(grep -c "could not be put back" "$E2E_TMP/lost.err")" = 1 \
         -a "$(grep -c "^pmuctl: .*lost" "$E2E_TMP/lost.err")" = 1
check "... and the complete iterations are still reported" \
    grep -qE "^$QEMU_COUNT,,instructions,0.00%,[1-9][0-9]*,100.00,,,exact," "$E2E_TMP/lost.out"

# ---- A program that runs its region 3 times (fw_rounds = 3, set by GDB
# at the boot stop), with tracepoints and with breakpoints: -r 5 reports
# the 3 passes (in CSV and JSON) and says 3 of 5, status 6; -r 3
# --calibrate measures all 3 (its empty brackets take no pass).
three_passes() { # three_passes OUTFILE PMUCTL-ARGS...: on a fresh board
    local out=$1; shift
    kill "$VBOARD_PID" 2>/dev/null; wait "$VBOARD_PID" 2>/dev/null
    start_vboard
    gdb_batch "set remote noack-packet off" "file $ELF" "target remote 127.0.0.1:$VPORT" \
        "set var fw_rounds = 3" "disconnect" >/dev/null
    "$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from region_begin \
        --to region_end -e instructions --no-progress "$@" >"$out" 2>"$out.err"
    echo $? >"$out.rc"
}
for how in trace no-trace; do
    X=(); [ $how = no-trace ] && X=(--no-trace)
    three_passes "$E2E_TMP/r5.$how" -r 5 -x , "${X[@]}"
    check "$how: -r 5 on a 3-pass program: status 6, '3 of 5', QEMU's count in all 3" \
        test "$(cat "$E2E_TMP/r5.$how.rc")" = 6 \
             -a "$(grep -c "3 of 5 iterations completed" "$E2E_TMP/r5.$how.err")" = 1 \
             -a "$(grep -cx "$QEMU_COUNT,,instructions,0.00%,3,100.00,,,exact," "$E2E_TMP/r5.$how")" = 1
    three_passes "$E2E_TMP/r5j.$how" -r 5 --json "${X[@]}"
    check "$how: ... and in JSON: 3 iterations, mean QEMU's count" \
        python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); e = [x for x in d["events"] if x["event"] == "instructions"][0]
assert d["iterations"] == 3 and d["iterations-requested"] == 5, d
assert e["iterations"] == 3 and e["counter-value"] == float(sys.argv[2]), e' \
        "$E2E_TMP/r5j.$how" "$QEMU_COUNT"
    three_passes "$E2E_TMP/r3c.$how" -r 3 --calibrate -x , "${X[@]}"
    check "$how: -r 3 --calibrate on it: status 0, all 3 passes, QEMU's count" \
        test "$(cat "$E2E_TMP/r3c.$how.rc")" = 0 \
             -a "$(grep -c "^$QEMU_COUNT,,instructions,0.00%,3,100.00,,,exact," "$E2E_TMP/r3c.$how")" = 1
done
OUT=$E2E_TMP/after.out
finish
}
main
