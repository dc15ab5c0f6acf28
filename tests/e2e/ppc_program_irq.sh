#!/usr/bin/env bash
# A Power program's own interrupt under the stub (pmustub/program.h): five
# decrementer interrupts reach its handler on QEMU's ppce500 (the stub's
# Ctrl-C poll, which uses the decrementer too, is off).
# Usage: ppc_program_irq.sh PPC_PROGRAM_IRQ.elf
# (ppc_program_irq.c linked with the ppce500 stub by pmustub_firmware.)
. "$(dirname "$0")/ppc_lib.sh"
ELF=$1
OUT=$E2E_TMP/gdb.out

start_qemu_ppc "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "monitor ctrlc off" \
    "continue" >"$OUT"
check "the program's handler saw its 5 decrementer interrupts" has "exited with code 05]"
finish
