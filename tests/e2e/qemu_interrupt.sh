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
# No timeout(1) wrapper: it would pass the SIGINT on to its whole process
# group as well, and GDB takes a second Ctrl-C as "target not responding".
# stdbuf -oL: GDB's output to a file is otherwise block-buffered, and the
# wait below reads it while GDB runs.
stdbuf -oL gdb-multiarch -q -nx -batch -ex "file $ELF" \
    -ex "target remote 127.0.0.1:$QEMU_PORT" \
    -ex "monitor ctrlc off" -ex "monitor ctrlc on" \
    -ex "set var demo_spin = 1" -ex "echo CONTINUING\\n" -ex "continue" \
    -ex "printf \"STOPPED pc=%x status=%x\\n\", \$pc, \$status" \
    -ex "set var demo_spin = 0" -ex "continue" >"$OUT" 2>&1 &
GDB=$!
E2E_PIDS+=($GDB)
# Ctrl-C only once GDB is in the foreground "continue": a SIGINT before it
# just quits the command at hand (a loaded machine can take seconds to get
# there, so wait for GDB's mark just before it rather than a fixed time;
# batch GDB does not print "Continuing.").
for _ in $(seq 600); do grep -q "^CONTINUING" "$OUT" && break; sleep 0.1; done
sleep 2 # main is spinning by now
kill -INT "$GDB"
for _ in $(seq 600); do kill -0 "$GDB" 2>/dev/null || break; sleep 0.1; done

check "Ctrl-C stops the running program with SIGINT" \
    has "Program received signal SIGINT, Interrupt."
check "it stopped in main's spin loop" grep -qE "^STOPPED pc=${MAIN:0:5}" "$OUT"
check "the program's own Status is shown (IE still 0)" \
    grep -qE "^STOPPED pc=[0-9a-f]+ status=[0-9a-f]*[02468ace]$" "$OUT"
check "the program then runs to its end" has "exited with code $EXIT_OCT]"
check "monitor ctrlc off/on answer" \
    bash -c "grep -q 'ctrlc: off: GDB cannot interrupt' '$OUT' && grep -q 'ctrlc: on: polled' '$OUT'"
finish
