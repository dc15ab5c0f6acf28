#!/usr/bin/env bash
# End to end on QEMU's ppce500: Ctrl-C in GDB stops a running program (the
# stub polls the line from the decrementer), the program gets its own MSR
# back, runs on to its end; and GDB's "kill" resets the board.
# Usage: ppc_interrupt.sh FIRMWARE.elf
. "$(dirname "$0")/ppc_lib.sh"
ELF=$1
OUT=$E2E_TMP/gdb.out
MAIN=$(ppc_sym_addr "$ELF" main)
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')

start_qemu_ppc "$ELF"
ctrl_c_session "$ELF" "printf \"STOPPED pc=%x msr=%x\\n\", \$pc, \$msr"

check "Ctrl-C stops the running program with SIGINT" \
    has "Program received signal SIGINT, Interrupt."
check "it stopped in main's spin loop" \
    grep -qE "^STOPPED pc=${MAIN:0:4}[0-9a-f]{2} " "$OUT"
check "the program's own MSR is shown: ME as start.S set it, EE still 0" \
    grep -qE "^STOPPED pc=[0-9a-f]+ msr=1000$" "$OUT"
check "the program then runs to its end" has "exited with code $EXIT_OCT]"
check "monitor ctrlc off/on answer" \
    bash -c "grep -q 'ctrlc: off: GDB cannot interrupt' '$OUT' && grep -q 'ctrlc: on: polled from the decrementer' '$OUT'"
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null

# 'k': the stub resets the board through GUTS RSTCR, which with -no-reboot
# ends QEMU.
start_qemu_ppc "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "kill" >"$OUT"
for _ in $(seq 300); do kill -0 "$QEMU_PID" 2>/dev/null || break; sleep 0.1; done
check "GDB's kill resets the board (QEMU ends, -no-reboot)" \
    bash -c "! kill -0 $QEMU_PID 2>/dev/null"
finish
