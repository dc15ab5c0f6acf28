#!/usr/bin/env bash
# A program's own interrupt under the stub (pmustub/program.h): five
# software interrupts reach its handler, on QEMU (no counters) and, when a
# vboard is given, on vboard's 34K (the stub's counter interrupt armed too).
# Usage: program_irq.sh TOP_SRC_DIR TARGET_DIR [VBOARD]
. "$(dirname "$0")/lib.sh"
TOP=$1 TDIR=$(readlink -f "$2") VBOARD=${3:-}
OUT=$E2E_TMP/gdb.out
ELF=$E2E_TMP/program_irq.elf
mips-linux-gnu-gcc -march=34kc -mno-dsp -EB -O2 -g -ffreestanding -nostdlib -static \
    -fno-pic -mno-abicalls -I "$TOP/stub/include" -T "$TDIR/malta.ld" \
    "$TOP/tests/e2e/program_irq.c" "$TDIR/libpmustub.a" -o "$ELF" >"$OUT" 2>&1
check "program_irq.c links with the stub" test -s "$ELF"

start_qemu "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "continue" >"$OUT"
check "QEMU: the program's handler saw its 5 interrupts" has "exited with code 05]"

if [ -n "$VBOARD" ]; then
    VPORT=$(free_port)
    "$VBOARD" --cpu 34k --no-reboot --kernel "$ELF" \
        --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
    E2E_PIDS+=($!)
    sleep 0.5
    gdb_batch "file $ELF" "target remote 127.0.0.1:$VPORT" \
        "set \$perfctl1 = (1 << 5) | 0xa" "continue" >"$OUT"
    check "vboard 34K, counters armed: the handler saw its 5 interrupts" \
        has "exited with code 05]"
fi
finish
