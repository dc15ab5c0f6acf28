#!/usr/bin/env bash
# Ctrl-C latency: the time from GDB's SIGINT (a user's Ctrl-C during
# "continue") to GDB's "Program received signal SIGINT" on the stub's demo
# firmware, on QEMU's and vboard's boards of both families. The end-to-end
# tests (e2e_qemu_interrupt, e2e_ppc_interrupt) assert that the stop comes;
# this prints how fast, which depends on the machine's load.
# Usage: ctrlc_latency.sh BUILD_DIR [RUNS]   (default 3 runs a board)
# Prints: BOARD: MS MS MS (median MS)
set -u
BUILD=$(cd "$1" && pwd)
RUNS=${2:-3}
. "$(dirname "$0")/../e2e/ppc_lib.sh"
MIPS_ELF=$BUILD/target/malta/pmustub-demo.elf
PPC_ELF=$BUILD/target/ppce500/pmustub-demo.elf
VBOARD=$BUILD/bin/vboard
OUT=$E2E_TMP/gdb.out

median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# runs BOARD START-COMMAND...: RUNS Ctrl-C sessions, a fresh board each.
runs() {
    local name=$1 all="" elf
    shift
    case $name in *ppce500*|*e500v2*|*e200z7*) elf=$PPC_ELF ;; *) elf=$MIPS_ELF ;; esac
    for _ in $(seq "$RUNS"); do
        "$@"
        ctrl_c_session "$elf" 'printf "STOPPED pc=%x\n", $pc' >/dev/null
        all="$all $CTRLC_MS"
        kill "$QEMU_PID" 2>/dev/null; wait "$QEMU_PID" 2>/dev/null
    done
    echo "$name:$all ms (median $(echo "$all" | median) ms; -1: no stop seen)"
}

runs "QEMU Malta 34Kf" start_qemu "$MIPS_ELF"
runs "vboard 34k" start_vboard_serving "$VBOARD" 34k "$MIPS_ELF"
runs "QEMU ppce500 e500v2" start_qemu_ppc "$PPC_ELF"
runs "vboard e200z7" start_vboard_serving "$VBOARD" e200z7 "$PPC_ELF"
