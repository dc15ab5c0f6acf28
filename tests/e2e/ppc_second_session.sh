#!/usr/bin/env bash
# End to end on QEMU's ppce500: a GDB that dies (SIGKILL, no detach) while
# the program is stopped leaves the stub ready for the next GDB, which
# debugs the program to its end.
# Usage: ppc_second_session.sh FIRMWARE.elf
. "$(dirname "$0")/ppc_lib.sh"
ELF=$1
OUT=$E2E_TMP/gdb.out
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')

start_qemu_ppc "$ELF"
# The first GDB stays at its prompt until killed: its stdin is a FIFO
# this script holds open.
mkfifo "$E2E_TMP/stdin"
stdbuf -oL gdb-multiarch -q -nx "${GDB_WAIT[@]}" -ex "file $ELF" \
    -ex "target remote 127.0.0.1:$QEMU_PORT" \
    -ex "printf \"FIRST pc=%x\\n\", \$pc" <"$E2E_TMP/stdin" >"$E2E_TMP/first.out" 2>&1 &
GDB1=$!
E2E_PIDS+=($GDB1)
exec 9>"$E2E_TMP/stdin"
for _ in $(seq 600); do grep -q "^FIRST pc=" "$E2E_TMP/first.out" && break; sleep 0.1; done
OUT=$E2E_TMP/first.out
check "the first GDB is connected and stopped at the start" has "FIRST pc="
kill -KILL "$GDB1"; wait "$GDB1" 2>/dev/null
exec 9>&-

OUT=$E2E_TMP/gdb.out
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" \
    "printf \"SECOND pc=%x\\n\", \$pc" "break sum_squares" "continue" \
    "continue" >"$OUT"
check "a second GDB connects and reads registers" grep -qE "^SECOND pc=[0-9a-f]+$" "$OUT"
check "it stops at its breakpoint" has "Breakpoint 1, sum_squares"
check "and sees the exit code" has "exited with code $EXIT_OCT]"
finish
