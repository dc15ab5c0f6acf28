#!/usr/bin/env bash
# End to end: a program that runs with interrupts disabled when Ctrl-C
# comes (tests/firmware/common/masked_ctrlc.c) is not stopped while they
# are off, and the 0x03 is not lost: it stops with SIGINT as soon as the program enables
# them again. On QEMU's and vboard's Malta and ppce500.
# Usage: masked_ctrlc.sh MALTA.elf PPCE500.elf VBOARD
. "$(dirname "$0")/ppc_lib.sh"
MELF=$1 PELF=$2 VBOARD=$3
OUT=$E2E_TMP/gdb.out

masked_checks() { # masked_checks BOARD
    check "$1: Ctrl-C stops the program with SIGINT" \
        has "Program received signal SIGINT, Interrupt."
    check "$1: only after its interrupts were on again (masked_done = 1)" \
        grep -qx "MASKED=1" "$OUT"
    check "$1: the program then runs to its end" has "exited with code 07]"
}

session() { # session ELF
    ctrl_c_session "$1" "printf \"MASKED=%u\\n\", masked_done" \
        "set var after_spin = 1" "set var after_spin = 0"
}

start_qemu "$MELF"
session "$MELF"
masked_checks "QEMU Malta"
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
start_vboard_serving "$VBOARD" 34k "$MELF"
session "$MELF"
masked_checks "vboard 34k"
kill "$QEMU_PID" 2>/dev/null; wait "$QEMU_PID" 2>/dev/null
start_qemu_ppc "$PELF"
session "$PELF"
masked_checks "QEMU ppce500"
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
start_vboard_serving "$VBOARD" e500v2 "$PELF"
session "$PELF"
masked_checks "vboard e500v2"
finish
