#!/usr/bin/env bash
# End to end: gdb-multiarch through pmuctl proxy to stock OpenOCD
# 0.12 (mips_m4k) on vboard's EJTAG port (remote_bitbang).
# Usage: pmuctl_proxy.sh PMUCTL VBOARD CFG EJTAG_LOOP.elf TOP_SRC_DIR
# Oracles: the 34K's four counters (MD00548; cores.toml: 4, the M chain);
# QEMU's execution of the same ELF for the bracket loop..after_tick
# (oo_qemu_loop_count); nm for the addresses a step and a reset reach;
# OpenOCD's own "mips32 cp0 25 SEL" for a value written through GDB.
PMUCTL=$1 VBOARD=$2 CFG=$3 FW=$4 TOP=$5
. "$(dirname "$0")/openocd_lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
trap 'oo_cleanup; e2e_cleanup' EXIT

main() {
OUT=$OO_TMP/gdb.out
oo_qemu_loop_count "$FW" "$TOP"
TICK=$(sym_addr "$FW" tick)
START=$(sym_addr "$FW" _start)

oo_start_server RBB "$OO_TMP/vboard.log" "$VBOARD" --kernel "$FW" --serial stdio \
    --remote-bitbang @PORT || exit 1
oo_start_server GDBP "$OO_TMP/openocd.log" openocd -c "set VBOARD_RBB_PORT $RBB" \
    -f "$CFG" -c "gdb_port @PORT; telnet_port disabled; tcl_port disabled" || exit 1
OO_PID=$OO_LAST_PID
# The proxy: ready when it says so (a probe of its port would be a session).
pm_pick_port PP
"$PMUCTL" -t "127.0.0.1:$GDBP" proxy --listen "127.0.0.1:$PP" 2>"$OO_TMP/proxy.log" &
PROXY=$!
oo_track $PROXY
for _ in $(seq 100); do grep -q "listening for GDB" "$OO_TMP/proxy.log" && break; sleep 0.1; done
check "the proxy starts: 34K, 4 counters as GDB registers 72..79" \
    grep -q "core 34k: 4 counters as GDB registers 72..79" "$OO_TMP/proxy.log"
P="target remote 127.0.0.1:$PP"

# ---- Session 1: the registers, a write, a bracket, a step, a reset.
gdb_batch "file $FW" "$P" "echo @@PMU\\n" "info registers pmu" "echo @@END\\n" \
    'set $perfctl0 = 0x2a' 'set $perfctl1 = 0x2a' 'set $perfctl2 = 0x2a' \
    'set $perfctl3 = 0x2a' 'p $perfctl0' 'p $perfctl1' 'p $perfctl2' 'p $perfctl3' \
    'set $perfcnt0 = 12345' 'printf "CNT0=%u\n", $perfcnt0' 'monitor mips32 cp0 25 1' \
    "break *0x$LOOP" "continue" 'set $perfcnt1 = 0' "break *0x$AFTER" "continue" \
    'printf "BRACKET=%u\n", $perfcnt1' 'printf "AT2=%08x\n", $pc' "continue" \
    'printf "AT1=%08x\n", $pc' "delete 2" "stepi" \
    'printf "STEP=%08x\n", $pc' "monitor reset halt" "maint flush register-cache" \
    'printf "RESET=%08x\n", $pc' >"$OUT"
echo "# $(grep -E '^(CNT0|BRACKET|AT2|AT1|STEP|RESET)=' "$OUT" | tr '\n' ' ')"
sed -n '/^@@PMU/,/^@@END/p' "$OUT" | awk 'NF > 1 { print $1 }' >"$OO_TMP/names"
check "info registers pmu lists exactly perfctl0..3 and perfcnt0..3" \
    test "$(tr '\n' ' ' <"$OO_TMP/names")" = \
         "perfctl0: perfcnt0: perfctl1: perfcnt1: perfctl2: perfcnt2: perfctl3: perfcnt3: "
check "every perfctlN decodes: K U EVENT=instructions, M on 0..2, not on 3 (the chain's end)" \
    test "$(grep '^\$[0-9]* = \[ K U EVENT=instructions ' "$OUT" | grep -o ' M \]$' |
            wc -l)/$(grep -c '^\$[0-9]* = \[ K U EVENT=instructions ' "$OUT")" = 3/4
check "a count written through GDB reads back" grep -q "^CNT0=12345$" "$OUT"
check "... and OpenOCD's own mips32 cp0 25 1 agrees" \
    grep -q "cp0 reg 25, select 1: 00003039" "$OUT"
# Both breakpoints stay in: each continue starts from a breakpoint, which
# GDB steps over (a software single step: a breakpoint at the branch's
# target, through gdb_breakpoint_override hard an instruction breakpoint).
check "continue from the breakpoint at loop stops at the one at after_tick" \
    grep -q "^AT2=$AFTER$" "$OUT"
check "perfcnt1 counts loop..after_tick as QEMU executes it ($QEMU_COUNT)" \
    grep -q "^BRACKET=$QEMU_COUNT$" "$OUT"
check "continue from the breakpoint at after_tick ('b loop') stops at loop" \
    grep -q "^AT1=$LOOP$" "$OUT"
check "stepi at loop passes through: jal and its delay slot, at tick" \
    grep -q "^STEP=$TICK$" "$OUT"
check "monitor reset halt passes through: the core at _start" \
    grep -q "^RESET=$START$" "$OUT"

# ---- Ctrl-C in GDB (0x03) and kill (k) pass through. No timeout(1): it
# would pass the SIGINT on to GDB's whole group (lib.sh, ctrl_c_session).
stdbuf -oL gdb-multiarch -q -nx "${GDB_WAIT[@]}" -batch -ex "file $FW" -ex "$P" -ex "echo CONTINUING\\n" \
    -ex "continue" -ex 'printf "PC=%08x\n", $pc' -ex "kill" >"$OUT" 2>&1 &
G=$!
oo_track $G
for _ in $(seq 600); do grep -q "^CONTINUING" "$OUT" && break; sleep 0.1; done
sleep 2
kill -INT $G
for _ in $(seq 300); do kill -0 $G 2>/dev/null || break; sleep 0.1; done
PC=$(sed -n 's/^PC=//p' "$OUT")
check "Ctrl-C in GDB stops the program through the proxy (SIGINT, pc $PC in the loop)" \
    test "$(grep -c "Program received signal SIGINT" "$OUT")" = 1 \
         -a $((0x${PC:-0} >= 0x$LOOP && 0x${PC:-0} < 0x$TICK + 0x18)) = 1
check "... and kill passes through, without the proxy taking it for OpenOCD gone" \
    test "$(grep -c "Remote target) killed" "$OUT")" = 1 \
         -a "$(grep -c "closed the connection" "$OO_TMP/proxy.log")" = 0

# ---- A GDB that vanishes while the program runs; then a second session.
gdb-multiarch -q -nx "${GDB_WAIT[@]}" -batch -ex "file $FW" -ex "$P" -ex "continue" >"$OO_TMP/gone.out" 2>&1 &
G=$!
N=$(grep -c "GDB connected" "$OO_TMP/proxy.log")
for _ in $(seq 100); do
    [ "$(grep -c "GDB connected" "$OO_TMP/proxy.log")" -gt "$N" ] && break; sleep 0.1
done
sleep 2
kill -9 $G; wait $G 2>/dev/null
"$PMUCTL" -t "127.0.0.1:$PP" info >"$OO_TMP/info" 2>&1
check "after a GDB vanished: pmuctl info through the proxy: 34K, 4 counters" \
    grep -q "^core: 34k, 4 counters" "$OO_TMP/info"
check "... which says the counts are 32 bit" \
    grep -q "^counts are 32 bit: they wrap at 2^32" "$OO_TMP/info"
check "... and that vboard simulates them (the TAP's IDCODE through the proxy)" \
    grep -q "^simulator: vboard" "$OO_TMP/info"
# This one keeps acks on its side (the proxy's OpenOCD side has none).
gdb_batch "set remote noack-packet off" "file $FW" "$P" "echo @@PMU\\n" \
    "info registers pmu" "echo @@END\\n" 'set $perfcnt2 = 777' \
    'printf "CNT2=%u\n", $perfcnt2' >"$OUT"
check "a second GDB session, in ack mode, lists the counters again and writes one" \
    test "$(sed -n '/^@@PMU/,/^@@END/p' "$OUT" | grep -c '^perfc')" = 8 \
         -a "$(grep -c '^CNT2=777$' "$OUT")" = 1

# ---- OpenOCD goes away while GDB waits for the program.
timeout 60 gdb-multiarch -q -nx "${GDB_WAIT[@]}" -batch -ex "file $FW" -ex "$P" -ex "continue" \
    -ex 'echo AFTER\n' >"$OUT" 2>&1 &
G=$!
sleep 3
kill $OO_PID; wait $OO_PID 2>/dev/null
wait $G
check "GDB is told why: the proxy's line, then an error reply" \
    grep -q "pmuctl proxy: OpenOCD closed the connection" "$OUT"
check "... and its session ends (Remote connection closed)" \
    grep -q "Remote connection closed" "$OUT"
check "the proxy says so on stderr" \
    grep -q "OpenOCD (127.0.0.1:$GDBP) closed the connection while the program ran" \
    "$OO_TMP/proxy.log"
kill -INT $PROXY
wait $PROXY
RC=$?
check "Ctrl-C ends the proxy: status 130, one line" \
    test "$RC" = 130 -a "$(grep -c "proxy: interrupted; closed" "$OO_TMP/proxy.log")" = 1
cat "$OO_TMP/proxy.log"
finish
}
main
