#!/usr/bin/env bash
# End to end: LLDB (Debian 12's lldb, LLDB 14) follows a GDB session on the
# stub, on vboard (which has the counters QEMU lacks): a GDB ends with
# "disconnect" (the stub is left in no-ack mode), then LLDB with nothing
# but "target create --arch ARCH FILE" and "gdb-remote" connects, writes
# and reads a counter, stops at a breakpoint on sum_squares, detaches, and
# the program runs on to its end at once, with no client on the line.
# Usage: lldb_session.sh VBOARD FIRMWARE.elf mips|power
# Oracles: symbol addresses and sizes from binutils' nm, the byte order
# from readelf, the exit code by arithmetic (demo.c), the counter value the
# one written; "ran on" is vboard's own report that the program reached
# pmustub_exit (--count-insns), which involves no debugger.
. "$(dirname "$0")/lib.sh"
VBOARD=$1 ELF=$2 KIND=$3
OUT=$E2E_TMP/gdb.out
LLDB_OUT=$E2E_TMP/lldb.out
PACKETS=$E2E_TMP/packets.log
case $KIND in
mips) CPU=34k ARCH=mips TOOLS=mips-linux-gnu COUNTER=perfcnt0 TRIPLE=mips ;;
power) CPU=e200z7 ARCH=powerpc TOOLS=powerpc-linux-gnu COUNTER=pmc0 TRIPLE=powerpc ;;
*) echo "usage: $0 VBOARD ELF mips|power" >&2; exit 2 ;;
esac
if ! command -v lldb >/dev/null; then
    echo "lldb not found: install Debian package lldb (bash .ci/setup-debian.sh)"
    exit 1
fi

EXIT_CODE=$(python3 -c 'print((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff)')
# "ADDR SIZE" of a symbol, lower-case hex, the address's low 32 bits (MIPS
# nm prints kseg0 addresses sign-extended).
sym() {
    "$TOOLS-nm" -S "$ELF" | awk -v s="$1" '$4 == s { print substr($1, length($1) - 7), $2 }'
}
read -r SUM SUM_SIZE <<<"$(sym sum_squares)"
read -r EXIT_FN _ <<<"$(sym pmustub_exit)"
ENDIAN=$("$TOOLS-readelf" -h "$ELF" | sed -n 's/.*complement, \(big\|little\) endian.*/\1/p')

# vboard reports on stderr when the program first reaches pmustub_exit,
# i.e. when main has returned (start.S calls it after main).
VPORT=$(free_port)
rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
"$VBOARD" --cpu "$CPU" --kernel "$ELF" --count-insns main:pmustub_exit \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting for a serial client" "$E2E_TMP/vboard.log" && break; sleep 0.1; done
ran_on() { grep -q "instructions from 0x[0-9a-f]* to 0x$EXIT_FN" "$E2E_TMP/vboard.log"; }

# 1. GDB stops in main and disconnects: no D, the stub stays in no-ack mode.
gdb_batch "set remotetimeout 20" "file $ELF" "set debug remote 1" \
    "target remote 127.0.0.1:$VPORT" "set debug remote 0" "break main" \
    "continue" "disconnect" "info program" >"$OUT"
check "premise: the GDB switched the stub to no-ack mode" \
    bash -c "grep -A2 'Sending packet: \\\$QStartNoAckMode' '$OUT' | grep -q 'Packet received: OK'"
check "premise: the GDB stopped in main and disconnected" \
    bash -c "grep -q '^Breakpoint 1, main' '$OUT' && grep -q 'is not being run' '$OUT'"

# 2. LLDB, as a user would start it: no settings, no module commands.
# In batch mode LLDB stops at the first command that fails.
timeout 120 lldb --no-lldbinit --batch \
    -o "log enable -f $PACKETS gdb-remote packets" \
    -o "target create --arch $ARCH $ELF" -o "gdb-remote 127.0.0.1:$VPORT" \
    -o "register write $COUNTER 0x1234" -o "register read $COUNTER" \
    -o "breakpoint set --name sum_squares" -o "continue" \
    -o "register read pc" -o "process detach" >"$LLDB_OUT" 2>&1
OUT=$LLDB_OUT
check "LLDB's handshake: QStartNoAckMode first, acked, then OK" \
    bash -c "grep -m1 'send packet: \\\$[qQ]' '$PACKETS' | grep -q QStartNoAckMode &&
             grep -A2 'send packet: \\\$QStartNoAckMode' '$PACKETS' | tail -2 | tr -d '\\n' |
             grep -q 'read packet: +.*read packet: \\\$OK#'"
check "LLDB connects and finds the program stopped" grep -q "^Process 1 stopped" "$OUT"
check "qHostInfo says $TRIPLE, $ENDIAN-endian (the ELF's byte order), 4-byte pointers" \
    grep -q "read packet: \$triple:$(printf %s "$TRIPLE" | od -An -tx1 | tr -d ' \n');endian:$ENDIAN;ptrsize:4;#" "$PACKETS"
check "qOffsets: the program runs where it is linked" \
    grep -q 'read packet: \$Text=0;Data=0;Bss=0#' "$PACKETS"
check "LLDB writes and reads back $COUNTER" grep -qE "^ *$COUNTER = 0x00001234$" "$OUT"
check "the breakpoint on sum_squares resolves with no module command" \
    bash -c "grep -q 'Breakpoint 1: where = pmustub-demo.elf.sum_squares' '$OUT' && ! grep -q 'no locations' '$OUT'"
check "... and the program stops there" grep -q "stop reason = breakpoint 1.1" "$OUT"
PC=$(sed -n 's/^ *pc = 0x\([0-9a-f]*\).*/\1/p' "$OUT")
check "... with the pc in sum_squares (nm: 0x$SUM, 0x$SUM_SIZE bytes)" \
    test -n "$PC" -a $((0x${PC:-0} >= 0x$SUM && 0x${PC:-0} < 0x$SUM + 0x$SUM_SIZE)) -eq 1
check "LLDB detached" grep -q "Process 1 detached" "$OUT"

# 3. Nobody is on the line now. The program was stopped in sum_squares,
# before main returns; it must run on to pmustub_exit by itself (before
# the fix, D's OK waited for an ack LLDB never sends, until the next
# client). A deadline to fail, not a measure.
for _ in $(seq 100); do ran_on && break; sleep 0.1; done
check "after the detach the program runs to its end with no client" ran_on

# 4. A second client sees the exit code.
OUT=$E2E_TMP/second.out
python3 - "$VPORT" >"$OUT" 2>&1 <<'PY'
import re, socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"+$?#3f")
s.settimeout(1.0)
got, deadline = b"", time.time() + 60  # a deadline to fail, not a measure
while time.time() < deadline and not re.search(rb"\$[^#]*#..", got):
    try:
        got += s.recv(256)
    except socket.timeout:
        pass
print("REPLY=" + got.decode("latin-1"))
PY
check "a second client is told the program exited with code $EXIT_CODE" \
    grep -q "^REPLY=+\\?\$W$(printf %02x "$EXIT_CODE")#" "$OUT"
if [ "$FAILS" -ne 0 ]; then
    echo "---- lldb output ----"; cat "$LLDB_OUT"
    echo "---- lldb packets ----"; cut -c1-160 "$PACKETS"
    echo "---- vboard log ----"; cat "$E2E_TMP/vboard.log"
fi
finish
