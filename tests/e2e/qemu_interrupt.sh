#!/usr/bin/env bash
# End to end: Ctrl-C in GDB stops a running program. GDB gets SIGINT in the
# foreground "continue", as when a user presses Ctrl-C, and sends 0x03; the
# stub's timer poll must find it and report SIGINT where the program was.
# Usage: qemu_interrupt.sh FIRMWARE.elf
. "$(dirname "$0")/lib.sh"
ELF=$1
OUT=$E2E_TMP/gdb.out
MAIN=$(sym_addr "$ELF" main)
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')

start_qemu "$ELF"
ctrl_c_session "$ELF" "printf \"STOPPED pc=%x status=%x\\n\", \$pc, \$status"

check "Ctrl-C stops the running program with SIGINT" \
    has "Program received signal SIGINT, Interrupt."
check "it stopped in main's spin loop" grep -qE "^STOPPED pc=${MAIN:0:5}" "$OUT"
check "the program's own Status is shown (IE still 0)" \
    grep -qE "^STOPPED pc=[0-9a-f]+ status=[0-9a-f]*[02468ace]$" "$OUT"
check "the program then runs to its end" has "exited with code $EXIT_OCT]"
check "monitor ctrlc off/on answer" \
    bash -c "grep -q 'ctrlc: off: GDB cannot interrupt' '$OUT' && grep -q 'ctrlc: on: polled' '$OUT'"
finish
