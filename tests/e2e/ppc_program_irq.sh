#!/usr/bin/env bash
# A Power program's own interrupt under the stub (pmustub/program.h): five
# decrementer interrupts reach its handler on QEMU's ppce500 (the stub's
# Ctrl-C poll, which uses the decrementer too, is off).
# Usage: ppc_program_irq.sh TOP_SRC_DIR TARGET_DIR(build/target/ppce500)
. "$(dirname "$0")/ppc_lib.sh"
TOP=$1 TDIR=$(readlink -f "$2")
OUT=$E2E_TMP/gdb.out
ELF=$E2E_TMP/ppc_program_irq.elf
# The README's flags, plus the include directory for program.h.
powerpc-linux-gnu-gcc -mcpu=8548 -msoft-float -msdata=none -O2 -g -ffreestanding \
    -nostdlib -static -fno-pic -I "$TOP/stub/include" -T "$TDIR/ppce500.ld" \
    "$TOP/tests/e2e/ppc_program_irq.c" "$TDIR/libpmustub.a" -lgcc -o "$ELF" >"$OUT" 2>&1
check "ppc_program_irq.c links with the stub" test -s "$ELF"

start_qemu_ppc "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "monitor ctrlc off" \
    "continue" >"$OUT"
check "the program's handler saw its 5 decrementer interrupts" has "exited with code 05]"
finish
