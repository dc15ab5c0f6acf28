#!/usr/bin/env bash
# A program's own interrupt under the stub (pmustub/program.h): five
# software interrupts reach its handler, on QEMU (no counters) and, when a
# vboard is given, on vboard's 34K (the stub's counter interrupt armed too).
# Usage: program_irq.sh PROGRAM_IRQ.elf [VBOARD]
# (program_irq.c linked with the Malta stub by pmustub_firmware.)
. "$(dirname "$0")/lib.sh"
ELF=$1 VBOARD=${2:-}
OUT=$E2E_TMP/gdb.out

start_qemu "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "continue" >"$OUT"
check "QEMU: the program's handler saw its 5 interrupts" has "exited with code 05]"

if [ -n "$VBOARD" ]; then
    VPORT=$(free_port)
    rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
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
