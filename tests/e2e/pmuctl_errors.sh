#!/usr/bin/env bash
# End to end: how pmuctl ends when the target cannot serve it.
# Usage: pmuctl_errors.sh PMUCTL FIRMWARE.elf
# A target with no PMU (QEMU's 34Kf: Config1.PC = 0) gets one sentence and
# status 1, and is left usable; a port nobody listens on, a peer that
# hangs up and a peer that never answers get statuses 3, 3 and 4
# (docs/pmuctl.md, "Exit status"), the last with what a silence on an
# accepted connection can be, as a second client on QEMU's serial server; PMUCTL_TARGET names the target when -t
# does not.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 ELF=$2
OUT=$E2E_TMP/out

# The whole test is one function, read by bash before any of it runs: bash
# reads a plain script piece by piece, so a change to this file during a
# run (the tree is shared) showed up once as a spurious syntax error.
main() {

start_qemu "$ELF"
pm_refuses_no_pmu "$PMUCTL"
gdb_batch "target remote 127.0.0.1:$QEMU_PORT" "continue" >"$OUT"
check "QEMU: after pmuctl, GDB still runs the program to its end" grep -q "exited with code" "$OUT"

# Fake peers on the loopback: one closes at once, one never answers.
fake_peer() { # fake_peer close|silent -> prints the port
    python3 - "$1" <<'PY' &
import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 0)); s.listen(1)
print(s.getsockname()[1], flush=True)
c, _ = s.accept()
if sys.argv[1] == "silent":
    c.settimeout(20)
    try:
        while c.recv(4096):  # read, never answer, until pmuctl hangs up
            pass
    except OSError:
        pass
c.close()
PY
}
exec 3< <(fake_peer close)
E2E_PIDS+=($!)
read -r CLOSE_PORT <&3
exec 4< <(fake_peer silent)
E2E_PIDS+=($!)
read -r SILENT_PORT <&4

"$PMUCTL" -t "127.0.0.1:$CLOSE_PORT" read >"$OUT" 2>&1
RC=$?
check "a peer that hangs up: status 3, 'connection ... lost'" \
    test "$RC" = 3 -a "$(grep -c "connection to the target was lost" "$OUT")" = 1
START=$(date +%s)
"$PMUCTL" -t "127.0.0.1:$SILENT_PORT" -T 1 read >"$OUT" 2>&1
RC=$?
END=$(date +%s)
check "a peer that never answers: status 4, 'did not answer in time'" \
    test "$RC" = 4 -a "$(grep -c "did not answer in time" "$OUT")" = 1
# -T 1 is the bound on each wait; 30 s is far above any count of them pmuctl
# makes, so only a pmuctl that ignores -T (waits for ever) fails here.
check "... and it gives up rather than waiting for ever (took $((END - START)) s)" \
    test $((END - START)) -le 30
check "... and says what a silence on an accepted connection can be" \
    has "target busy? another client may be connected"
# A second client while GDB is connected: QEMU's serial server leaves it
# in the backlog and passes it nothing (no byte, not even an ack); GDB's
# session goes on. A fresh board: the one above ran its program to the end.
start_qemu "$ELF"
gdb_batch "target remote 127.0.0.1:$QEMU_PORT" "shell sleep 8" "printf \"FIRST=%x\\n\", \$pc" \
    >"$E2E_TMP/first.out" &
HOLDER=$!
E2E_PIDS+=($HOLDER)
sleep 3
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" -T 1 read >"$OUT" 2>&1
RC=$?
wait "$HOLDER"
check "a second client on QEMU's serial server: status 4, 'target busy? another client may be connected'" \
    test "$RC" = 4 -a "$(grep -c "target busy? another client may be connected" "$OUT")" = 1
check "... and the first client's session goes on" grep -q "^FIRST=" "$E2E_TMP/first.out"
pm_pick_port FREE
"$PMUCTL" -t "127.0.0.1:$FREE" read >"$OUT" 2>&1
RC=$?
check "nobody listens: status 3, 'cannot connect'" \
    test "$RC" = 3 -a "$(grep -c "cannot connect" "$OUT")" = 1
PMUCTL_TARGET="127.0.0.1:$FREE" "$PMUCTL" read >"$OUT" 2>&1
RC=$?
check "PMUCTL_TARGET stands for -t: the same status 3, 'cannot connect'" \
    test "$RC" = 3 -a "$(grep -c "cannot connect" "$OUT")" = 1
PMUCTL_TARGET=/dev/null@115200 "$PMUCTL" -t "127.0.0.1:$FREE" read >"$OUT" 2>&1
RC=$?
check "-t wins over PMUCTL_TARGET: 'cannot connect' to -t's port" \
    test "$RC" = 3 -a "$(grep -c "cannot connect" "$OUT")" = 1
"$PMUCTL" -t /dev/null@115200 read >"$OUT" 2>&1
check "a device that is no serial line: status 3 and why" \
    test $? = 3 -a "$(grep -c "not a serial line" "$OUT")" = 1
finish
}
main
