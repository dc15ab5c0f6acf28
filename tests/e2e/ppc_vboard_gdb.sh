#!/usr/bin/env bash
# End to end: the real Power stub firmware (built for QEMU's
# ppce500) runs on vboard's Power machine as the CPU named, and the real
# gdb-multiarch debugs it through the stub: break, step (through the debug
# interrupt the core uses: CSRR0/1 + rfci on the e500v2, DSRR0/1 + rfdi on
# the e200z7 with HID0[DAPUEN], which QEMU cannot show), monitor pmu, exit.
# Usage: ppc_vboard_gdb.sh VBOARD FIRMWARE.elf CPU PVR
. "$(dirname "$0")/ppc_lib.sh"
VBOARD=$1 ELF=$2 CPU=$3 PVR=$4
OUT=$E2E_TMP/gdb.out

# Oracles, independent of the stub: addresses from nm, the exit code by
# arithmetic (demo.c: sum of i*i for i = 1..100, plus 3 + 1 + 2 + 4), the
# PVR from the registry (CMake passes it).
SUM=$(ppc_sym_addr "$ELF" sum_squares)
STEP=$(printf "%x" $((0x$SUM + 4)))
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')

VPORT=$(free_port)
rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
"$VBOARD" --cpu "$CPU" --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
# vboard says when it listens; a probe connection would be taken as GDB.
for _ in $(seq 1200); do grep -q "waiting for a serial client" "$E2E_TMP/vboard.log" && break; sleep 0.1; done

gdb_batch "file $ELF" "target remote 127.0.0.1:$VPORT" "break sum_squares" \
    "continue" "printf \"AT=%x\\n\", \$pc" "stepi" "printf \"STEPPED=%x\\n\", \$pc" \
    "monitor pmu" "continue" >"$OUT"

check "break at sum_squares and continue hits it" grep -qx "AT=$SUM" "$OUT"
check "stepi moves one instruction (the debug interrupt of the $CPU)" grep -qx "STEPPED=$STEP" "$OUT"
check "monitor pmu names the core by its PVR ($PVR)" grep -qi "PVR $PVR" "$OUT"
check "the exit code is reported" has "exited with code $EXIT_OCT]"
finish
