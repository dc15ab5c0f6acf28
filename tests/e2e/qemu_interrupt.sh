#!/usr/bin/env bash
# End to end: Ctrl-C in GDB stops a running program, on QEMU's Malta and on
# vboard's. GDB gets SIGINT in the foreground "continue", as when a user
# presses Ctrl-C, and sends 0x03; COM1's receive interrupt (the i8259 on
# IP2) must bring it to the stub, which reports SIGINT where the program
# was.
# Usage: qemu_interrupt.sh FIRMWARE.elf VBOARD
. "$(dirname "$0")/lib.sh"
ELF=$1 VBOARD=$2
OUT=$E2E_TMP/gdb.out
MAIN=$(sym_addr "$ELF" main)
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')

ctrl_c_checks() { # ctrl_c_checks BOARD
    check "$1: Ctrl-C stops the running program with SIGINT" \
        has "Program received signal SIGINT, Interrupt."
    # That it stops is asserted; how fast (a second, typically far less)
    # is a figure, printed by tests/bench/ctrlc_latency.sh.
    check "$1: GDB reports the stop after Ctrl-C ($CTRLC_MS ms)" \
        test "$CTRLC_MS" -ge 0
    check "$1: it stopped in main's spin loop" grep -qE "^STOPPED pc=${MAIN:0:5}" "$OUT"
    local st
    st=$(sed -n 's/^STOPPED pc=[0-9a-f]* status=\([0-9a-f]*\)$/\1/p' "$OUT")
    check "$1: the program's own Status is shown (IE and IM2 still 0: $st)" \
        test -n "$st" -a "$(( 0x${st:-1} & 0x401 ))" = 0
    check "$1: the program then runs to its end" has "exited with code $EXIT_OCT]"
    check "$1: monitor ctrlc off/on answer" \
        bash -c "grep -q 'ctrlc: off: GDB cannot interrupt' '$OUT' &&
                 grep -q 'ctrlc: on: by the UART.s receive interrupt (IP2)' '$OUT'"
}

start_qemu "$ELF"
ctrl_c_session "$ELF" "printf \"STOPPED pc=%x status=%x\\n\", \$pc, \$status"
ctrl_c_checks QEMU
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null

start_vboard_serving "$VBOARD" 34k "$ELF"
ctrl_c_session "$ELF" "printf \"STOPPED pc=%x status=%x\\n\", \$pc, \$status"
ctrl_c_checks vboard
finish
