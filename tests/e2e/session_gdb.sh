#!/usr/bin/env bash
# End to end: every debugging session works, whatever the last one
# left, and GDB's compare-sections works through qCRC. The real
# gdb-multiarch and the real stub firmware on QEMU's Malta (34Kf).
# Usage: session_gdb.sh FIRMWARE.elf VBOARD
# Oracles: symbol addresses and instruction words from binutils (nm,
# objdump), the exit code by arithmetic (demo.c), the CRC by GDB itself
# (compare-sections computes it over the ELF's section).
. "$(dirname "$0")/lib.sh"
ELF=$1 VBOARD=$2
OUT=$E2E_TMP/gdb.out
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')
SUM_SQUARES=$(sym_addr "$ELF" sum_squares)
BRANCH_DEMO=$(sym_addr "$ELF" branch_demo)
# The instruction word at an address, as the ELF has it.
elf_word() {
    mips-linux-gnu-objdump -d --start-address=0x$1 --stop-address=$((0x$1 + 4)) "$ELF" |
        awk -F'\t' '/^ *[0-9a-f]+:/ { gsub(/ /, "", $2); print $2; exit }'
}
# GDB with patience for a loaded machine: 20 s a reply instead of 2, so
# that a slow board reset is not taken for a protocol error.
gdb_slow() { gdb_batch "set remotetimeout 20" "$@"; }
no_protocol_trouble() { # the symptoms of a stub stuck in the last session
    local bad="Packet instead of Ack|vMustReplyEmpty|Remote replied unexpectedly|timeout|Ignoring packet error"
    ! grep -iE "$bad" "$OUT" >&2   # on failure, the offending lines are shown
}

# 1. A GDB that ends with "disconnect" leaves the stub in no-ack mode (no D):
#    the next GDB, in ack mode until it negotiates, must get its acks.
start_qemu "$ELF"
gdb_slow "file $ELF" "set debug remote 1" "target remote 127.0.0.1:$QEMU_PORT" \
    "set debug remote 0" "break sum_squares" "continue" "disconnect" >"$OUT"
check "premise: the first GDB switched the stub to no-ack mode" \
    bash -c "grep -A2 'Sending packet: \\\$QStartNoAckMode' '$OUT' | grep -q 'Packet received: OK'"
gdb_slow "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" \
    "printf \"SECOND pc=%x\\n\", \$pc" "continue" >"$OUT"
check "after disconnect, a second GDB connects with no protocol error" no_protocol_trouble
check "... and finds the program where the first left it" \
    grep -qE "^SECOND pc=${SUM_SQUARES:0:6}" "$OUT"
check "... and runs it to its end" has "exited with code $EXIT_OCT]"
# The program has ended; the stub now serves in the program's context.
gdb_slow "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "info program" >"$OUT"
check "after the exit, a third GDB connects with no protocol error" no_protocol_trouble
check "... and is told the program is not running" has "The target is not running"
kill "${E2E_PIDS[@]}"; wait 2>/dev/null; E2E_PIDS=()

# 2. A GDB killed (SIGKILL) while stopped, with its breakpoints inserted
#    (always-inserted): the next GDB works and the program runs past them.
#    In ack mode, so that only the breakpoints are left behind. (In a
#    subshell: the shell's "Killed" notice goes nowhere.)
start_qemu "$ELF"
(gdb_slow "file $ELF" "set remote noack-packet off" \
    "target remote 127.0.0.1:$QEMU_PORT" \
    "set breakpoint always-inserted on" "break sum_squares" \
    "set debug remote 1" "break *0x$BRANCH_DEMO" "set debug remote 0" \
    "continue" "printf \"FIRST pc=%x\\n\", \$pc" "shell kill -9 \$PPID" \
    "printf \"NOT KILLED\\n\"" >"$OUT") 2>/dev/null
check "premise: the first GDB stopped at sum_squares and was killed there" \
    bash -c "grep -qE '^FIRST pc=${SUM_SQUARES:0:6}' '$OUT' && ! grep -q 'NOT KILLED' '$OUT'"
check "premise: it had its breakpoint at branch_demo in the program" \
    bash -c "grep -A2 'Sending packet: \\\$Z0,$BRANCH_DEMO,4' '$OUT' | grep -q 'Packet received: OK'"
gdb_slow "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" \
    "printf \"AT_BD=%08x pc=%x\\n\", *(unsigned *)0x$BRANCH_DEMO, \$pc" \
    "printf \"AT_PC=%08x pc=%x\\n\", *(unsigned *)\$pc, \$pc" "continue" >"$OUT"
check "a second GDB connects with no protocol error" no_protocol_trouble
check "the first GDB's breakpoint at branch_demo is gone (the ELF's word is back)" \
    grep -qE "^AT_BD=$(elf_word "$BRANCH_DEMO") pc=${SUM_SQUARES:0:6}" "$OUT"
check "... and the one where the program stopped" \
    grep -qE "^AT_PC=$(elf_word "$(sed -n 's/^AT_PC=[0-9a-f]* pc=//p' "$OUT")") pc=${SUM_SQUARES:0:6}" "$OUT"
check "the program runs past both, to its end" \
    bash -c "grep -q 'exited with code $EXIT_OCT]' '$OUT' && ! grep -q SIGTRAP '$OUT'"
kill "${E2E_PIDS[@]}"; wait 2>/dev/null; E2E_PIDS=()

# 3. target extended-remote: run starts the program again (a board reset
#    reloads the image), with the exit code of each run; kill, then run.
#    On QEMU (a reset that reloads the -kernel ELF) and on vboard.
extended_runs() { # extended_runs PORT BOARD
    gdb_slow "file $ELF" "target extended-remote 127.0.0.1:$1" \
        "set var demo_scratch = 5" "continue" "run" "break sum_squares" "run" \
        "printf \"SCRATCH=%x\\n\", demo_scratch" "continue" "run" "kill" "run" \
        "printf \"AFTER_KILL pc=%x\\n\", \$pc" "delete" "continue" >"$OUT"
    check "$2 extended-remote: no protocol error" no_protocol_trouble
    check "$2 extended-remote: the attached run and three runs report their exit code" \
        test "$(grep -c "exited with code $EXIT_OCT]" "$OUT")" -eq 4
    check "$2: a run starts from the image: data written in the last run is back" \
        has "SCRATCH=12345678"
    check "$2: kill, then run: the new run stops at the breakpoint" \
        grep -qE "^AFTER_KILL pc=${SUM_SQUARES:0:6}" "$OUT"
}
start_qemu "$ELF" --reboot
extended_runs "$QEMU_PORT" QEMU
kill "${E2E_PIDS[@]}"; wait 2>/dev/null; E2E_PIDS=()
# vboard without --no-reboot: a reset reloads the ELF and boots again.
VPORT=$(free_port)
rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
"$VBOARD" --cpu 34k --kernel "$ELF" --serial "tcp:127.0.0.1:$VPORT,server" \
    >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting for a serial client" "$E2E_TMP/vboard.log" && break; sleep 0.1; done
extended_runs "$VPORT" vboard
kill "${E2E_PIDS[@]}"; wait 2>/dev/null; E2E_PIDS=()

# 4. compare-sections: the stub's qCRC against GDB's CRC of the ELF. -r:
#    the read-only sections (.data holds the stub's own state, which has
#    changed since the image was loaded).
RO_SECTIONS=$(mips-linux-gnu-objdump -h "$ELF" | awk '/LOAD/ && /READONLY/ { n++ } END { print n }')
start_qemu "$ELF"
gdb_slow "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" \
    "set debug remote 1" "compare-sections -r" "set debug remote 0" \
    "printf \"PATCHED\\n\"" "set {char}0x$BRANCH_DEMO = 0x5a" "compare-sections -r" \
    "maint packet qCRC:0,4" >"$OUT"
sed '/^PATCHED$/q' "$OUT" >"$E2E_TMP/before"
sed -n '/^PATCHED$/,$p' "$OUT" >"$E2E_TMP/after"
check "compare-sections asks the stub (qCRC) and gets a CRC" \
    grep -qE 'Packet received: C[0-9a-f]{8}$' "$E2E_TMP/before"
check "all $RO_SECTIONS read-only sections match the ELF" \
    test "$(grep -c ': matched\.$' "$E2E_TMP/before")" -eq "$RO_SECTIONS" -a \
         "$(grep -c MIS-MATCHED "$E2E_TMP/before")" -eq 0
check "after one byte of .text is patched, .text mismatches" \
    grep -qE '^Section \.text, range .*: MIS-MATCHED!' "$E2E_TMP/after"
check "... and only .text" \
    test "$(grep -c MIS-MATCHED "$E2E_TMP/after")" -eq 1 -a \
         "$(grep -c ': matched\.$' "$E2E_TMP/after")" -eq $((RO_SECTIONS - 1))
check "qCRC of unreadable memory is an error reply" \
    grep -qE 'received: "E[0-9a-f]{2}"' "$E2E_TMP/after"
kill "${E2E_PIDS[@]}"; wait 2>/dev/null; E2E_PIDS=()

# 5. After a detach the program runs and nobody waits; a 0x03 from a new
#    client stops it and gets the stop reply (SIGINT) at once, not only
#    after a '?'.
start_qemu "$ELF"
gdb_slow "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" \
    "set var demo_spin = 1" "detach" >"$OUT"
check "premise: the first GDB detached" has "(Remote target) detached]"
python3 - "$QEMU_PORT" >"$OUT" 2>&1 <<'PY'
import re, socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"\x03")
s.settimeout(1.0)
got, deadline = b"", time.time() + 60  # a deadline to fail, not a measure
while time.time() < deadline and not re.search(rb"\$[^#]*#..", got):
    try:
        got += s.recv(256)
    except socket.timeout:
        pass
print("REPLY=" + got.decode("latin-1"))
PY
check "0x03 after a detach gets a stop reply with SIGINT" grep -qE '^REPLY=\$T02' "$OUT"
finish
