#!/usr/bin/env bash
# idle_cpu.sh [BUILD_DIR] [SECONDS] - how much of a host core an idle vboard
# takes (docs/vboard.md, "Idle loops"): the stub demo firmware of each
# machine (Malta 34K, ppce500 e200z7, MPC5674F), the stub waiting for GDB
# in its UART poll, for SECONDS (default 10) each: first with no client
# (--serial ...,nowait), then with a GDB connected and idle (after
# `target remote`, it sleeps); each with the idle skip and with
# --no-idle-skip. Prints vboard's CPU time (utime + stime of
# /proc/PID/stat) in percent of the wall-clock time. Goal: at most 5 %
# with the skip. The machine is shared: other load shows in the figures.
set -euo pipefail
build=${1:-$(cd "$(dirname "$0")/../.." && pwd)/build}
secs=${2:-10}
vboard=$build/bin/vboard
tmp=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
hz=$(getconf CLK_TCK)

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# measure NAME ELF GDB_ARCH VBOARD_OPTION...: one line per mode and client
measure() {
    local name=$1 elf=$2 arch=$3
    shift 3
    [ -e "$elf" ] || { echo "missing $elf (build first: cmake --build $build)"; exit 1; }
    for skip in on off; do
        local flag=()
        [ $skip = off ] && flag=(--no-idle-skip)
        for client in none gdb; do
            local port t0 t1 w0 w1 pid
            port=$(free_port)
            local serial="tcp:127.0.0.1:$port,server"
            [ $client = none ] && serial="$serial,nowait"
            "$vboard" "$@" "${flag[@]}" --kernel "$elf" --serial "$serial" \
                >"$tmp/vb.out" 2>&1 &
            pid=$!
            pids+=("$pid")
            sleep 0.5
            if [ $client = gdb ]; then
                gdb-multiarch -batch -nx -ex "set architecture $arch" \
                    -ex "target remote 127.0.0.1:$port" -ex "shell sleep $((secs + 2))" \
                    "$elf" >"$tmp/gdb.out" 2>&1 &
                pids+=("$!")
                sleep 1.5 # connected, the first exchanges over
            fi
            t0=$(ticks "$pid") w0=$(date +%s.%N)
            sleep "$secs"
            t1=$(ticks "$pid") w1=$(date +%s.%N)
            kill "$pid"
            wait "$pid" 2>/dev/null || true
            awk -v n="$name" -v s="$skip" -v c="$client" -v t="$((t1 - t0))" -v hz="$hz" \
                -v a="$w0" -v b="$w1" 'BEGIN {
                    printf "%-22s idle skip %-3s  %-14s %5.1f %% of a core (%d ticks in %.1f s)\n",
                        n, s, c == "gdb" ? "GDB connected" : "no client", 100 * t / hz / (b - a), t, b - a }'
        done
    done
}

measure "Malta 34K" "$build/target/malta/pmustub-demo.elf" mips --cpu 34k
measure "ppce500 e200z7" "$build/target/ppce500/pmustub-demo.elf" powerpc:common --cpu e200z7
measure "MPC5674F e200z7" "$build/target/mpc5674f/pmustub-demo.elf" powerpc:common \
    --machine mpc5674f
