#!/usr/bin/env bash
# What pmuctl stat -I costs the program: the same run (stat_prog, some 4
# million instructions to its end; the long record_prog for a second of
# host time) counted without -I and with -I 10 and -I 100, on vboard's 34K
# and e200z7 over TCP. Each read halts the program (docs/pmuctl.md,
# "stat"): the counters freeze in the stub, so the program's instructions
# and cycles must not change; what it costs is host time. Prints, per
# core and interval: instructions, cycles, cycles over the run without -I
# (the issue's goal: at most 1 % more), halts, and host milliseconds
# halted in all.
# Usage: stat_interval.sh BUILD_DIR
set -u
BUILD=$(cd "$1" && pwd)
. "$(dirname "$0")/../e2e/lib.sh"
PMUCTL=$BUILD/bin/pmuctl
VBOARD=$BUILD/bin/vboard

one() { # one CPU ELF [-I MS]: "instructions cycles halts halted_ms"
    local cpu=$1 elf=$2
    shift 2
    start_vboard_serving "$VBOARD" "$cpu" "$elf"
    "$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$elf" -e instructions,cycles \
        "$@" --json -o "$E2E_TMP/s.json" >/dev/null 2>&1
    kill "$QEMU_PID" 2>/dev/null; wait "$QEMU_PID" 2>/dev/null
    python3 - "$E2E_TMP/s.json" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
tot = {r["event"]: int(r["counter-value"]) for r in rows
       if "event" in r and "interval" not in r}
run = rows[-1]
print(tot["instructions"], tot["cycles"], run["halts"], round(run["halted-seconds"] * 1e3, 2))
PY
}

printf '%-8s %-6s %12s %12s %8s %7s %10s\n' core -I instructions cycles "cycles+" halts halted_ms
for pair in 34k:malta e200z7:ppce500; do
    cpu=${pair%%:*} board=${pair#*:}
    elf=$BUILD/tests/e2e/stat_prog-$board.elf
    read -r i0 c0 h0 m0 <<<"$(one "$cpu" "$elf")"
    printf '%-8s %-6s %12s %12s %8s %7s %10s\n' "$cpu" none "$i0" "$c0" "" "$h0" "$m0"
    for ms in 10 100; do
        read -r i c h m <<<"$(one "$cpu" "$elf" -I "$ms")"
        pct=$(python3 -c 'import sys; a, b = map(int, sys.argv[1:]); print(f"{(b - a) * 100 / a:+.3f}%")' "$c0" "$c")
        printf '%-8s %-6s %12s %12s %8s %7s %10s\n' "$cpu" "$ms" "$i" "$c" "$pct" "$h" "$m"
    done
done
