#!/usr/bin/env bash
# End to end: pmuctl through stock OpenOCD 0.12 (mips_m4k) on
# vboard's EJTAG port, whose target description has no counter registers:
# pmuctl recognises OpenOCD and uses "monitor mips32 cp0 25 SEL [VALUE]".
# Usage: pmuctl_openocd.sh PMUCTL VBOARD CFG EJTAG_LOOP.elf TOP_SRC_DIR
# Oracles: QEMU's execution of the same ELF (its own gdbstub stops it after
# two passes; tests/vboard/qemu_count.py counts loop..after_tick), the
# 34K's counter layout (MD00548: even/odd tables), and OpenOCD's own Tcl
# port for the control registers and breakpoints after a SIGINT.
PMUCTL=$1 VBOARD=$2 CFG=$3 FW=$4 TOP=$5
. "$(dirname "$0")/openocd_lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
trap 'oo_cleanup; e2e_cleanup' EXIT

main() {
OUT=$OO_TMP/out

oo_qemu_loop_count "$FW" "$TOP"

# ---- vboard + OpenOCD (gdb and Tcl ports).
oo_start_server RBB "$OO_TMP/vboard.log" "$VBOARD" --kernel "$FW" --serial stdio \
    --remote-bitbang @PORT || exit 1
oo_pick_port TCL
oo_start_server GDBP "$OO_TMP/openocd.log" openocd -c "set VBOARD_RBB_PORT $RBB" \
    -f "$CFG" -c "gdb_port @PORT; telnet_port disabled; tcl_port $TCL" || exit 1
T="127.0.0.1:$GDBP"
tcl() { # tcl CMD...: OpenOCD's Tcl RPC (commands end with 0x1a)
    python3 - "$TCL" "$@" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=20)
for cmd in sys.argv[2:]:
    s.sendall(cmd.encode() + b"\x1a")
    buf = b""
    while not buf.endswith(b"\x1a"):
        buf += s.recv(4096)
    print(buf[:-1].decode().strip())
PY
}

"$PMUCTL" -t "$T" info >"$OUT" 2>&1
check "OpenOCD: info finds the 34K and its 4 counters through mips32 cp0" \
    grep -q "^core: 34k, 4 counters" "$OUT"
oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" measure --elf "$FW" --from loop --to after_tick -e instructions \
    -r 4 -x , >"$OUT" 2>&1
echo "# pmuctl: $(cat "$OUT")"
check "OpenOCD: instructions from loop to after_tick equal QEMU's count ($QEMU_COUNT)" \
    grep -qx "$QEMU_COUNT,,instructions,0.00%,4,100.00,,,exact," "$OUT"
oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" measure --elf "$FW" --from loop --to after_tick -r 4 \
    -e '{instructions,cycles,branches,branch_mispredictions},{instructions,loads,stores,dcache_misses}' \
    --json >"$OUT" 2>"$OO_TMP/err"
check "OpenOCD: eight events in two groups, JSON parses, instructions = QEMU's in both" \
    python3 - "$OUT" "$QEMU_COUNT" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ins = [e for e in d["events"] if e["event"] == "instructions"]
assert d["groups"] == 2 and len(d["events"]) == 8, d
assert [e["iterations"] for e in ins] == [2, 2], ins
assert all(e["counter-value"] == int(sys.argv[2]) for e in ins), ins
ev = {e["event"]: e["counter-value"] for e in d["events"]}
assert ev["loads"] == 1 and ev["stores"] == 1, ev   # tick: one lw, one sw
PY
check "OpenOCD: vboard's TAP IDCODE labels the counts simulated; mispredictions <not supported>" \
    python3 - "$OUT" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["simulator"] == "vboard" and "simulated by vboard" in d["counts-from"], d
bm = [e for e in d["events"] if e["event"] == "branch_mispredictions"]
assert bm[0]["counter-value"] is None and "does not model" in bm[0]["not-supported"], bm
PY
check "OpenOCD answers qCRC: the right ELF is checked without a word" \
    test ! -s "$OO_TMP/err"

# ---- record: with no stub, record samples by halting the core at the
# counter interrupt's vector (record_openocd.sh records a program that
# takes it); this firmware never opens interrupts (Status as vboard's
# reset left it: IE 0), so no sample can come: refused, naming Status,
# no file written.
"$PMUCTL" -t "$T" record --elf "$FW" -e instructions:997 -o "$OO_TMP/rec.data" \
    >"$OUT" 2>"$OO_TMP/err"
RC=$?
echo "# $(cat "$OO_TMP/err")"
check "OpenOCD: record is refused, status 1, one line: the counter's interrupt masked, with Status" \
    test "$RC" = 1 -a "$(wc -l <"$OO_TMP/err")" = 1 \
         -a "$(grep -c "keeps the counter's interrupt masked (Status 0x[0-9a-f]\{8\}: IE 0" "$OO_TMP/err")" = 1 \
         -a ! -e "$OO_TMP/rec.data"

# ---- Another program with the same symbols: refused before anything on
# the target changes (OpenOCD's qCRC reads the memory through EJTAG).
pm_other_elf "$FW" "$OO_TMP/other.elf"
oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" measure --elf "$OO_TMP/other.elf" --from loop --to after_tick \
    -e instructions >"$OUT" 2>"$OO_TMP/err"
RC=$?
check "OpenOCD: an ELF that is not the program: status 2, one line naming .text" \
    test "$RC" = 2 -a "$(wc -l <"$OO_TMP/err")" = 1 \
         -a "$(grep -c "is not the program on the target: section .text (0x" "$OO_TMP/err")" = 1
echo "# $(cat "$OO_TMP/err")"
tcl halt "capture bp" resume >"$OO_TMP/bp"
check "OpenOCD: ... and no breakpoint was set" \
    test "$(grep -ci "breakpoint" "$OO_TMP/bp")" = 0

# ---- SIGINT: known controls in, a long run interrupted, then OpenOCD's
# Tcl port reads the controls and lists the breakpoints.
tcl halt "mips32 cp0 25 0 0x2a" "mips32 cp0 25 2 0x162" "mips32 cp0 25 3 777" resume >/dev/null
tcl halt "capture {mips32 cp0 25 0}" "capture {mips32 cp0 25 2}" \
    "capture {mips32 cp0 25 4}" resume >"$OO_TMP/before"
oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" measure --elf "$FW" --from loop --to after_tick -r 10000000 \
    -e branches,loads,stores,cycles --no-progress >"$OUT" 2>&1 &
PM=$!
sleep 3
kill -INT $PM
wait $PM
RC=$?
check "OpenOCD: SIGINT ends pmuctl with status 130" test "$RC" = 130
tcl halt "capture {mips32 cp0 25 0}" "capture {mips32 cp0 25 2}" \
    "capture {mips32 cp0 25 4}" "capture bp" resume >"$OO_TMP/after"
check "OpenOCD: the controls read back as before the run" \
    test "$(head -4 "$OO_TMP/before")" = "$(head -4 "$OO_TMP/after")"
check "OpenOCD: ... and they were really set (0x2a with M = 0x8000002a)" \
    grep -q "select 0: 8000002a" "$OO_TMP/before"
check "OpenOCD: no breakpoint left (bp lists none)" \
    test "$(tail -n +5 "$OO_TMP/after" | grep -ci "breakpoint")" = 0
echo "# before: $(tr '\n' '|' <"$OO_TMP/before")"
echo "# after: $(tr '\n' '|' <"$OO_TMP/after")"
# ---- GDB straight on OpenOCD: two breakpoints, each continue starts from
# one (GDB steps over it: a breakpoint at the branch's target, an
# instruction breakpoint through gdb_breakpoint_override hard). Counter 1
# counts instructions (PerfCtl1 = 0x2a: K, U, event 1) from loop to
# after_tick, zeroed at the first stop through OpenOCD's mips32 cp0.
LOOP=$(sym_addr "$FW" loop) AFTER=$(sym_addr "$FW" after_tick)
oo_gdb_idle "$OO_TMP/openocd.log"
gdb_batch "file $FW" "target extended-remote $T" "break *0x$LOOP" "continue" \
    "monitor mips32 cp0 25 2 0x2a" "monitor mips32 cp0 25 3 0" "break *0x$AFTER" \
    "continue" 'printf "AT2=%08x\n", $pc' "monitor mips32 cp0 25 3" "continue" \
    'printf "AT1=%08x\n", $pc' "delete" "monitor mips32 cp0 25 2 0" \
    "monitor resume" "detach" >"$OO_TMP/gdb2" 2>&1
# (OpenOCD prints the register after a write too: the read is the last.)
N=$(sed -n 's/^cp0 reg 25, select 3: \([0-9a-f]*\)$/\1/p' "$OO_TMP/gdb2" | tail -1)
echo "# gdb on OpenOCD: $(grep -E '^AT[12]=' "$OO_TMP/gdb2" | tr '\n' ' ')count 0x$N"
check "gdb on OpenOCD: continue from the breakpoint at loop stops at after_tick" \
    grep -q "^AT2=$AFTER$" "$OO_TMP/gdb2"
check "gdb on OpenOCD: ... counter 1 counted QEMU's $QEMU_COUNT instructions" \
    test -n "$N" -a "$((0x${N:-0}))" = "$QEMU_COUNT"
check "gdb on OpenOCD: continue from the breakpoint at after_tick stops at loop" \
    grep -q "^AT1=$LOOP$" "$OO_TMP/gdb2"
OUT=$OO_TMP/gdb2
finish
}
main
