#!/usr/bin/env bash
# Figures for issue 5: the same N-iteration measurement of the region
# region_begin..region_end (host/firmware) on vboard (34k), made by pmuctl
# and by gdb-multiarch with breakpoint `commands` that read and reset
# $perfcnt*, over TCP and over vboard's --baud 115200 serial pacing.
# Prints iterations per second for both, their ratio, and pmuctl's RSP
# packets and continues per iteration.
# Usage: pmuctl_vs_gdb.sh BUILD_DIR [N]
set -u
BUILD=$(cd "$1" && pwd)
N=${2:-200}
PMUCTL=$BUILD/bin/pmuctl VBOARD=$BUILD/bin/vboard
ELF=$BUILD/target/pmuctl/pmuctl-bench.elf
TMP=$(mktemp -d)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$TMP"' EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
start_vboard() { # start_vboard [vboard options...] -> $PORT
    PORT=$(free_port)
    "$VBOARD" --cpu 34k --no-reboot --kernel "$ELF" "$@" \
        --serial "tcp:127.0.0.1:$PORT,server" >"$TMP/vboard.log" 2>&1 &
    VB=$!
    PIDS+=($VB)
    sleep 0.5
}
now() { date +%s.%N; }

# cycles on counter 0, instructions on counter 1, user and kernel modes
# (EVENT << 5 | U 0x8 | K 0x2; MD00548 Table 2, events 0 and 1).
gdb_run() {
    cat >"$TMP/cmds.gdb" <<GDB
set remote noack-packet off
file $ELF
target remote 127.0.0.1:$PORT
set var fw_rounds = $N
set \$perfctl0 = 0xa
set \$perfctl1 = 0x2a
break *region_begin
commands
silent
set \$perfcnt0 = 0
set \$perfcnt1 = 0
continue
end
break *region_end
commands
silent
printf "%u %u\n", \$perfcnt0, \$perfcnt1
continue
end
continue
GDB
    timeout 600 gdb-multiarch -q -nx -batch -x "$TMP/cmds.gdb" >"$TMP/gdb.out" 2>&1
}

bench() { # bench LABEL [vboard options...]
    local label=$1; shift
    start_vboard "$@"
    local t0 t1 t2 t3
    t0=$(now)
    "$PMUCTL" -t "127.0.0.1:$PORT" measure --elf "$ELF" --from region_begin \
        --to region_end -r "$N" -e cycles,instructions --no-progress --rsp-stats \
        -x , >"$TMP/pmuctl.out" 2>"$TMP/pmuctl.err"
    t1=$(now)
    kill "$VB"; wait "$VB" 2>/dev/null
    start_vboard "$@"
    t2=$(now)
    gdb_run
    t3=$(now)
    kill "$VB"; wait "$VB" 2>/dev/null
    local got
    got=$(grep -cE '^[0-9]+ [0-9]+$' "$TMP/gdb.out")
    read -r sent recvd conts < <(sed -n 's/.*rsp: \([0-9]*\) packets sent, \([0-9]*\) received, \([0-9]*\) continues.*/\1 \2 \3/p' "$TMP/pmuctl.err")
    python3 - "$label" "$N" "$t0" "$t1" "$t2" "$t3" "$got" "${sent:-0}" "${recvd:-0}" "${conts:-0}" <<'PY'
import sys
label, n = sys.argv[1], int(sys.argv[2])
t0, t1, t2, t3 = map(float, sys.argv[3:7])
got, sent, recvd, conts = map(int, sys.argv[7:11])
p, g = n / (t1 - t0), got / (t3 - t2) if got else 0.0
print(f"{label}: {n} iterations; pmuctl {p:.1f} it/s, gdb {g:.1f} it/s ({got} brackets), "
      f"ratio {p / g if g else float('nan'):.1f}x; pmuctl per iteration: "
      f"{sent / n:.1f} packets sent, {recvd / n:.1f} received, {conts / n:.2f} continues")
PY
    echo "  pmuctl: $(tr '\n' ' ' <"$TMP/pmuctl.out")"
}

bench "vboard TCP"
bench "vboard --baud 115200" --baud 115200
