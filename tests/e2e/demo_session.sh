#!/usr/bin/env bash
# The main job until pmuctl exists: boot the demo firmware on QEMU's Malta
# (34Kf) and drive the stub with a scripted gdb-multiarch session, printing
# the transcript.
. "$(dirname "$0")/lib.sh"
ELF=$1
start_qemu "$ELF"
echo "== QEMU Malta 34Kf running $ELF; stub on 127.0.0.1:$QEMU_PORT =="
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" \
    "echo \n== first stop, before main ==\n" "info registers" \
    "echo \n== monitor pmu ==\n" "monitor pmu" \
    "echo \n== break in sum_squares ==\n" "break sum_squares" "continue" \
    "backtrace" "finish" \
    "echo \n== step over a taken branch and its delay slot ==\n" \
    "break br_taken" "continue" "x/3i \$pc" "stepi" "x/i \$pc" \
    "echo \n== run to the end ==\n" "delete" "continue"
