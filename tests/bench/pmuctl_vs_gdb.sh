#!/usr/bin/env bash
# Figures: the same N-iteration measurement of the region
# region_begin..region_end (host/firmware) on vboard (34k), made by pmuctl
# and by gdb-multiarch with breakpoint `commands` that read and reset
# $perfcnt*, over TCP and over vboard's --baud 115200 serial pacing.
# Prints iterations per second for each, the ratios to the GDB script,
# and pmuctl's RSP packets and continues per iteration.
# pmuctl with tracepoints (the default where the stub offers
# them: no exchange per iteration) and with --no-trace (breakpoints).
# Usage: pmuctl_vs_gdb.sh BUILD_DIR [N [N_TRACE]]
#   N: iterations for breakpoints and the GDB script (default 200);
#   N_TRACE: for tracepoints (default 5000: the run's fixed cost of some
#   60 packets is spread over them)
set -u
# Every pmuctl reads the target description, as the first of a series
# would: runs compared or subtracted here cost the same (no description
# kept between them, host/session/tdesc_cache.c).
export PMUCTL_CACHE_DIR=
BUILD=$(cd "$1" && pwd)
N=${2:-200}
NT=${3:-5000}
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

# pmuctl_run NAME ITERATIONS [options]: pmuctl on a fresh vboard; prints
# "iterations/s packets-sent packets-received continues" and keeps the
# counts in $TMP/NAME.out.
pmuctl_run() {
    local name=$1 n=$2 t0 t1; shift 2
    start_vboard "${VBOPTS[@]}"
    t0=$(now)
    "$PMUCTL" -t "127.0.0.1:$PORT" measure --elf "$ELF" --from region_begin \
        --to region_end -r "$n" -e cycles,instructions --no-progress --rsp-stats \
        -x , "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
    t1=$(now)
    kill "$VB"; wait "$VB" 2>/dev/null
    read -r sent recvd conts < <(sed -n 's/.*rsp: \([0-9]*\) packets sent, \([0-9]*\) received.*, \([0-9]*\) continues.*/\1 \2 \3/p' "$TMP/$name.err")
    python3 -c "import sys; n,t0,t1=int(sys.argv[1]),float(sys.argv[2]),float(sys.argv[3]); print(n/(t1-t0), *sys.argv[4:])" \
        "$n" "$t0" "$t1" "${sent:-0}" "${recvd:-0}" "${conts:-0}"
}

bench() { # bench LABEL [vboard options...]
    local label=$1; shift
    VBOPTS=("$@")
    local tr bp t2 t3 got
    tr=$(pmuctl_run trace "$NT")
    bp=$(pmuctl_run bkpt "$N" --no-trace)
    start_vboard "$@"
    t2=$(now)
    gdb_run
    t3=$(now)
    kill "$VB"; wait "$VB" 2>/dev/null
    got=$(grep -cE '^[0-9]+ [0-9]+$' "$TMP/gdb.out")
    python3 - "$label" "$NT" "$N" "$tr" "$bp" "$t2" "$t3" "$got" <<'PY'
import sys
label, nt, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
tr, bp = [list(map(float, a.split())) for a in sys.argv[4:6]]
t2, t3, got = float(sys.argv[6]), float(sys.argv[7]), int(sys.argv[8])
g = got / (t3 - t2) if got else float("nan")
def per(v, k): return f"{v[1] / k:.3f} packets sent, {v[2] / k:.3f} received, {v[3] / k:.4f} continues"
print(f"{label}:")
print(f"  tracepoints  {nt:6d} iterations: {tr[0]:9.1f} it/s ({tr[0] / g:7.1f}x the GDB script); per iteration {per(tr, nt)}")
print(f"  breakpoints  {n:6d} iterations: {bp[0]:9.1f} it/s ({bp[0] / g:7.1f}x); per iteration {per(bp, n)}")
print(f"  GDB script   {got:6d} brackets:   {g:9.1f} it/s")
PY
    echo "  counts, tracepoints: $(tr '\n' ' ' <"$TMP/trace.out")"
    echo "  counts, breakpoints: $(tr '\n' ' ' <"$TMP/bkpt.out")"
    echo "  counts, GDB (first): $(grep -m1 -E '^[0-9]+ [0-9]+$' "$TMP/gdb.out")"
}

bench "vboard TCP"
bench "vboard --baud 115200" --baud 115200
