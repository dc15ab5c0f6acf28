#!/usr/bin/env bash
# End to end on QEMU's ppce500 and vboard's (e500v2 and e200z7): Ctrl-C in
# GDB stops a running program (the DUART's receive
# interrupt through the MPIC to the external input), the program gets its
# own MSR back, runs on to its end; and GDB's "kill" resets the board.
# Usage: ppc_interrupt.sh FIRMWARE.elf VBOARD
. "$(dirname "$0")/ppc_lib.sh"
ELF=$1 VBOARD=$2
OUT=$E2E_TMP/gdb.out
MAIN=$(ppc_sym_addr "$ELF" main)
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')

ctrl_c_checks() { # ctrl_c_checks BOARD MSR: the MSR the stop shows (hex)
    check "$1: Ctrl-C stops the running program with SIGINT" \
        has "Program received signal SIGINT, Interrupt."
    # That it stops is asserted; how fast (a second, typically far less)
    # is a figure, printed by tests/bench/ctrlc_latency.sh.
    check "$1: GDB reports the stop after Ctrl-C ($CTRLC_MS ms)" \
        test "$CTRLC_MS" -ge 0
    check "$1: it stopped in main's spin loop" \
        grep -qE "^STOPPED pc=${MAIN:0:4}[0-9a-f]{2} " "$OUT"
    check "$1: the program's own MSR is shown: ME as start.S set it, EE still 0 (msr=$2)" \
        grep -qE "^STOPPED pc=[0-9a-f]+ msr=$2$" "$OUT"
    check "$1: the program then runs to its end" has "exited with code $EXIT_OCT]"
    check "$1: monitor ctrlc off/on answer" \
        bash -c "grep -q 'ctrlc: off: GDB cannot interrupt' '$OUT' &&
                 grep -q 'ctrlc: on: by the UART.s receive interrupt (external input)' '$OUT'"
}

start_qemu_ppc "$ELF"
ctrl_c_session "$ELF" "printf \"STOPPED pc=%x msr=%x\\n\", \$pc, \$msr"
ctrl_c_checks QEMU 1000
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null

for cpu in e500v2 e200z7; do
    start_vboard_serving "$VBOARD" "$cpu" "$ELF"
    ctrl_c_session "$ELF" "printf \"STOPPED pc=%x msr=%x\\n\", \$pc, \$msr"
    # With the performance monitor the stub runs the program marked,
    # MSR[PMM] = 0x4 (docs/pmu.md); QEMU's cores have none.
    ctrl_c_checks "vboard $cpu" 1004
    kill "$QEMU_PID" 2>/dev/null; wait "$QEMU_PID" 2>/dev/null
done

# 'k': the stub resets the board through GUTS RSTCR, which with -no-reboot
# ends QEMU.
start_qemu_ppc "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "kill" >"$OUT"
for _ in $(seq 300); do kill -0 "$QEMU_PID" 2>/dev/null || break; sleep 0.1; done
check "GDB's kill resets the board (QEMU ends, -no-reboot)" \
    bash -c "! kill -0 $QEMU_PID 2>/dev/null"
finish
