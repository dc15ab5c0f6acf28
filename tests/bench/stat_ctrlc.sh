#!/usr/bin/env bash
# Ctrl-C latency of pmuctl stat: the time from the SIGINT (a user's Ctrl-C)
# to pmuctl's exit, with its status, on vboard's 34K and e200z7 running
# record_long (a program that runs on for minutes). Three ways a stat run
# waits: no -I (pmuctl waits for a stop), -I 100 by halting (pmuctl
# halts every interval), and -I 10 timed on the target (--mhz 10: the
# stub's records arrive while the program runs). The issue's goal: within
# 2 s, status 130, the totals printed (e2e_stat_* assert the status and
# the totals; this prints how fast, which depends on the machine's load).
# Usage: stat_ctrlc.sh BUILD_DIR [RUNS]   (default 3 runs each)
# Prints: CORE WAY: MS MS MS (median MS), statuses
set -u
BUILD=$(cd "$1" && pwd)
RUNS=${2:-3}
. "$(dirname "$0")/../e2e/lib.sh"
PMUCTL=$BUILD/bin/pmuctl VBOARD=$BUILD/bin/vboard

median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# one CPU ELF ARGS...: a stat run, Ctrl-C after 2 s; prints "MS STATUS".
one() {
    local cpu=$1 elf=$2 rc
    shift 2
    start_vboard_serving "$VBOARD" "$cpu" "$elf"
    "$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$elf" -e instructions,cycles "$@" \
        >"$E2E_TMP/out" 2>&1 &
    sigint_after 2 $!
    rc=$SIGINT_RC
    grep -qE '^ +[0-9]+ +instructions' "$E2E_TMP/out" || rc="$rc(no totals)"
    kill "$QEMU_PID" 2>/dev/null; wait "$QEMU_PID" 2>/dev/null
    echo "$SIGINT_MS $rc"
}

for spec in 34k:malta e200z7:ppce500; do
    cpu=${spec%%:*} board=${spec#*:}
    elf=$BUILD/tests/e2e/record_long-$board.elf
    for way in "none" "-I 100" "-I 10 --mhz 10"; do
        all="" st=""
        for _ in $(seq "$RUNS"); do
            if [ "$way" = none ]; then r=$(one "$cpu" "$elf"); else r=$(one "$cpu" "$elf" $way); fi
            all="$all ${r%% *}" st="$st ${r#* }"
        done
        printf '%-7s %-16s %s ms (median %s ms); status%s\n' "$cpu" "$way" "$all" \
            "$(echo "$all" | median)" "$st"
    done
done
