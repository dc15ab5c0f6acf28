# pmuctl_lib.sh - sourced by pmuctl's end-to-end scripts (pmuctl_*.sh).
#
# Ports come from 29000-29999, below Linux's ephemeral range (32768 and
# up), so that no other test's free_port (a bind to port 0) can be handed
# the port of one of our servers between our pick and its bind; the start
# is offset by the PID so that our own scripts, run in parallel, rarely
# meet. A port is taken only if a bind to it succeeds now; it is never
# probed with a connect, which a server would take for its first client.

PM_NEXT=$((29000 + $$ % 1000))

# pm_pick_port VAR: the next free port of the range into VAR.
pm_pick_port() {
    local tries=0 p
    while [ $tries -lt 1000 ]; do
        p=$PM_NEXT
        PM_NEXT=$((29000 + (PM_NEXT - 29000 + 1) % 1000))
        tries=$((tries + 1))
        if python3 -c 'import socket, sys
s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1])))' "$p" 2>/dev/null; then
            printf -v "$1" '%s' "$p"
            return 0
        fi
    done
    echo "no free port in 29000-29999" >&2
    return 1
}

# pm_other_elf IN OUT: OUT is IN with one byte in the middle of .text
# changed: another program with the same symbols.
pm_other_elf() {
    mips-linux-gnu-objcopy -O binary --only-section=.text "$1" "$2.text" &&
    python3 -c 'import sys
p = sys.argv[1]; b = bytearray(open(p, "rb").read()); b[len(b) // 2] ^= 1
open(p, "wb").write(b)' "$2.text" &&
    mips-linux-gnu-objcopy --update-section .text="$2.text" "$1" "$2"
}

# pm_region_count ELF: QEMU's count of one pass of region_begin..region_end
# of a pmuctl firmware ELF (two rounds, run to the end: qemu_program_log)
# into QEMU_COUNT; FROM and TO get the two addresses.
pm_region_count() {
    FROM=$(sym_addr "$1" region_begin)
    TO=$(sym_addr "$1" region_end)
    qemu_program_log "$1" "$(dirname "$1")/../malta/libpmustub.a" "set var fw_rounds = 2"
    QEMU_COUNT=$(oracle_instructions 34k "$1" "$FROM" "$TO")
    echo "# QEMU: $QEMU_COUNT instructions from region_begin to region_end"
}

# pm_relayed NAME OUTFILE STRIP PMUCTL-ARGS...: one $PMUCTL through a new
# tests/e2e/feature_relay.py to vboard's serial socket $VPORT (STRIP: a
# feature the relay takes out of the stub's qSupported reply, or ""):
# what pmuctl sent in $E2E_TMP/NAME.log, its output in OUTFILE, its status
# in RC.
pm_relayed() {
    local name=$1 out=$2 strip=() relay
    [ -n "$3" ] && strip=("$3")
    shift 3
    pm_pick_port RPORT
    : >"$E2E_TMP/$name.log"
    # An earlier relay's "listening" must not be taken for this one's: the
    # background job's redirection may empty the file only after the first
    # look (as qemu_serving's log, lib.sh).
    rm -f "$E2E_TMP/relay.out"
    python3 "$(dirname "${BASH_SOURCE[0]}")/feature_relay.py" "$RPORT" "$VPORT" \
        "$E2E_TMP/$name.log" "${strip[@]}" >"$E2E_TMP/relay.out" 2>&1 &
    relay=$!
    E2E_PIDS+=($relay)
    wait_log listening "$E2E_TMP/relay.out" "the relay"
    "$PMUCTL" -t "127.0.0.1:$RPORT" "$@" >"$out" 2>&1
    RC=$?
    wait "$relay" 2>/dev/null
}

# pm_relay PORT RATE SEED: a pty relayed to vboard's serial socket PORT
# by tests/e2e/noisy_relay.py, flipping a bit in RATE of the bytes (0: a
# clean line); sets PTY (the device's path) and RELAY (the relay's pid,
# which writes its byte and flip counts to $E2E_TMP/noise when killed).
pm_relay() {
    rm -f "$E2E_TMP/pty"
    python3 "$(dirname "${BASH_SOURCE[0]}")/noisy_relay.py" "$1" "$E2E_TMP/pty" \
        "$E2E_TMP/noise" "$2" "$3" &
    RELAY=$!
    E2E_PIDS+=($RELAY)
    for _ in $(seq 100); do [ -e "$E2E_TMP/pty" ] && break; sleep 0.1; done
    PTY=$(cat "$E2E_TMP/pty")
}

# pm_refuses_no_pmu PMUCTL: pmuctl info on the QEMU board at $QEMU_PORT,
# which has no performance counters: status 1 and one line that says so.
pm_refuses_no_pmu() {
    "$1" -t "127.0.0.1:$QEMU_PORT" info >"$OUT" 2>&1
    local rc=$?
    check "QEMU (no PMU): status 1" test "$rc" = 1
    check "QEMU (no PMU): one line that says there are no counters" \
        test "$(wc -l <"$OUT")" = 1 -a "$(grep -c "publishes no performance counters" "$OUT")" = 1
}

# pm_wait_writes PID N: waits (up to 120 s) until process PID has made N
# write calls (/proc/PID/io syscw): a sign of progress that does not
# depend on how loaded the machine is.
pm_wait_writes() {
    local w
    for _ in $(seq 1200); do
        w=$(awk '/^syscw:/ { print $2 }' "/proc/$1/io" 2>/dev/null)
        [ "${w:-0}" -ge "$2" ] && return 0
        kill -0 "$1" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# pm_wait_settled PID: waits (up to 120 s) until process PID has made
# some write calls and then none for a second: a traced run is under way
# (pmuctl sends its definitions and one continue, then waits).
pm_wait_settled() {
    local w last=-1
    for _ in $(seq 120); do
        w=$(awk '/^syscw:/ { print $2 }' "/proc/$1/io" 2>/dev/null)
        kill -0 "$1" 2>/dev/null || return 1
        [ "${w:-0}" -gt 20 ] && [ "$w" = "$last" ] && return 0
        last=${w:-0}
        sleep 1
    done
    return 1
}

# pm_start_vboard ELF [VBOARD OPTION...]: $VBOARD's 34k running ELF, the
# stub waiting on its serial line at a fresh port (VPORT); VBOARD_PID.
pm_start_vboard() {
    local elf=$1
    shift
    pm_pick_port VPORT
    rm -f "$E2E_TMP/vboard.log" # an earlier vboard's "waiting" (qemu_serving's)
    "$VBOARD" --cpu 34k --no-reboot --kernel "$elf" "$@" \
        --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
    VBOARD_PID=$!
    E2E_PIDS+=($VBOARD_PID)
    for _ in $(seq 1200); do
        grep -q "waiting\|listening" "$E2E_TMP/vboard.log" 2>/dev/null && break
        sleep 0.05
    done
    sleep 0.3
}
