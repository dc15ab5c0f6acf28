#!/usr/bin/env bash
# End to end: a noisy line gives the same counts, and a
# slow line is not a lost one.
# Usage: pmuctl_noisy.sh PMUCTL VBOARD FIRMWARE.elf
# - A serial line that flips one bit in NOISE_RATE of the bytes each way
#   (tests/e2e/noisy_relay.py between a pty pmuctl opens and vboard's
#   serial socket, seed NOISE_SEED): pmuctl measures the instructions of
#   region_begin..region_end, which must equal QEMU's count of the same
#   ELF in every iteration (qemu_program_log, the independent oracle); the
#   relay must have flipped bits both ways and pmuctl must have resent or
#   asked again (its --rsp-stats), so that the test cannot pass on a clean
#   line.
# - vboard's UART paced at 2400 baud (240 bytes a second), pmuctl's
#   timeout 3 s: the target description comes in replies of up to 1024
#   bytes (the stub's PacketSize), four seconds each, byte after byte;
#   pmuctl waits for a line that keeps delivering, and answers as on a
#   fast one. (The timeout stays well above the scheduling hiccups of a
#   loaded machine: 1 s was seen to fail at a load average of 16, 2 s at 15.)
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3
NOISE_RATE=0.003
NOISE_SEED=10
ITERATIONS=20

main() {
OUT=$E2E_TMP/out
pm_region_count "$ELF"

start_vboard() { # start_vboard [VBOARD OPTION...]
    pm_pick_port VPORT
    # The last vboard's log says "waiting" until this one truncates it
    # (seen at a load average of 7: pmuctl's connection refused).
    rm -f "$E2E_TMP/vboard.log"
    "$VBOARD" --cpu 34k --no-reboot --kernel "$ELF" "$@" \
        --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
    VBOARD_PID=$!
    E2E_PIDS+=($VBOARD_PID)
    for _ in $(seq 1200); do grep -q "waiting" "$E2E_TMP/vboard.log" && break; sleep 0.05; done
}

# ---- The noisy line.
start_vboard
pm_relay "$VPORT" "$NOISE_RATE" "$NOISE_SEED"
"$PMUCTL" -t "$PTY@115200" measure --elf "$ELF" --from region_begin \
    --to region_end -e instructions,cycles -r $ITERATIONS -x , --rsp-stats \
    >"$OUT" 2>"$E2E_TMP/err"
RC=$?
kill $RELAY; wait $RELAY 2>/dev/null
read -r B_OUT F_OUT B_IN F_IN <"$E2E_TMP/noise"
echo "# noise: $F_OUT of $B_OUT bytes to the board, $F_IN of $B_IN to pmuctl flipped (rate $NOISE_RATE, seed $NOISE_SEED)"
sed 's/^/# /' "$E2E_TMP/err"
echo "# pmuctl: $(tr '\n' ' ' <"$OUT")"
check "a noisy line: status 0, instructions = QEMU's $QEMU_COUNT in all $ITERATIONS iterations" \
    test "$RC" = 0 -a "$(grep -cx "$QEMU_COUNT,,instructions,0.00%,$ITERATIONS,100.00,,,exact," "$OUT")" = 1
check "... cycles counted in every iteration too" \
    grep -qE "^[0-9.]+,,cycles,[0-9.]+%,$ITERATIONS,100.00,,,model,$" "$OUT"
check "... the relay flipped bits both ways" \
    test "${F_OUT:-0}" -gt 0 -a "${F_IN:-0}" -gt 0
check "... and pmuctl resent packets or asked for replies again" \
    python3 - "$E2E_TMP/err" <<'PY'
import re, sys
m = re.search(r"rsp: (\d+) resent, (\d+) bad checksums, (\d+) asked again", open(sys.argv[1]).read())
assert m and sum(int(x) for x in m.groups()) > 0, m
PY
kill "$VBOARD_PID"; wait "$VBOARD_PID" 2>/dev/null

# ---- The slow line.
start_vboard --baud 2400
# No description kept from the noisy run: this run is about its long replies.
PMUCTL_CACHE_DIR= "$PMUCTL" -T 3 -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from region_begin \
    --to region_end -e instructions -r 2 -x , --rsp-stats >"$OUT" 2>"$E2E_TMP/err"
RC=$?
sed 's/^/# /' "$E2E_TMP/err"
check "a slow line (2400 baud, -T 3): status 0 and QEMU's count" \
    test "$RC" = 0 -a "$(grep -cx "$QEMU_COUNT,,instructions,0.00%,2,100.00,,,exact," "$OUT")" = 1
check "... though a reply was longer than the line carries in the 3 s timeout (720 bytes)" \
    python3 - "$E2E_TMP/err" <<'PY'
import re, sys
m = re.search(r"the longest (\d+) bytes", open(sys.argv[1]).read())
assert m and int(m.group(1)) > 720, m
PY
kill "$VBOARD_PID"; wait "$VBOARD_PID" 2>/dev/null
finish
}
main
