#!/usr/bin/env bash
# perturbation.sh - what a debugger leaves in the caches of vboard's 34K
# and e200z7 (docs/stub.md, "What the stub leaves in the caches"): for the
# two cache-sized regions of tests/firmware/mips/perturb_loop.S (34K: a
# sweep of the 32 KiB D-cache, 30 KiB of straight-line code under the
# 32 KiB I-cache) and of tests/firmware/ppc/ppc_cache_sweep.S (e200z7: the
# same for its 16 KiB caches), the D- and I-cache misses per pass
#   - by vboard's own count, no debugger (--count-events of passes 1 to
#     ITER, the passes pmuctl measures: pass 1 is the cold one),
#   - through the stub with pmuctl, tracepoints (the default),
#   - through the stub with pmuctl, breakpoints (--no-trace),
#   - through stock OpenOCD over vboard's EJTAG port (hardware breakpoints,
#     no stub entered: the same ELF with its boot stop a no-op; 34K only:
#     OpenOCD has no Power target),
# and the stub's own instructions per traced bracket on the 34K (below;
# tests/bench/trace_cost.sh gives both cores' by function).
#
# Usage: tests/bench/perturbation.sh BUILD_DIR [ELF [PPC_ELF]]
#   ELF: a perturb_loop firmware (default BUILD_DIR/tests/e2e/perturb.elf),
#   PPC_ELF: a ppc_cache_sweep one (default
#   BUILD_DIR/tests/e2e/ppc_cache_sweep.elf); link others against an older
#   libpmustub.a to compare stubs.
# Environment: ITER (brackets per measurement, default 20), STATS_N (N of
# the instruction count, default 100).
set -u
# Every pmuctl reads the target description, as the first of a series
# would: runs compared or subtracted here cost the same (no description
# kept between them, host/session/tdesc_cache.c).
export PMUCTL_CACHE_DIR=
BUILD=$(cd "$1" && pwd)
ELF=${2:-$BUILD/tests/e2e/perturb.elf}
PPC_ELF=${3:-$BUILD/tests/e2e/ppc_cache_sweep.elf}
TOP=$(cd "$(dirname "$0")/../.." && pwd)
VBOARD=$BUILD/bin/vboard PMUCTL=$BUILD/bin/pmuctl
CFG=$TOP/tests/vboard/openocd/vboard-34k.cfg
ITER=${ITER:-20} STATS_N=${STATS_N:-100}
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/pmuctl_lib.sh"
. "$TOP/tests/e2e/openocd_lib.sh"
trap 'oo_cleanup; e2e_cleanup' EXIT
T=$E2E_TMP

sym() { mips-linux-gnu-nm "$1" | awk -v s="$2" '$3 == s { print substr($1, length($1) - 7) }'; }

# plain ELF: the boot stop a no-op, so the program runs with no debugger;
# rounds ELF (pt_rounds = $2): the program ends after that many rounds.
python3 "$TOP/tests/vboard/no_boot_stop.py" "$ELF" "$T/plain.elf" \
    "$(sym "$ELF" pmustub_boot_break)" 00000000
rounds_elf() {
    python3 "$TOP/tests/vboard/no_boot_stop.py" "$ELF" "$1" \
        "$(sym "$ELF" pt_rounds)" "$(printf %08x "$2")"
}

start_vboard() { pm_start_vboard "$@"; VB_PID=$VBOARD_PID; }

stop_vboard() {
    kill "$VB_PID" 2>/dev/null
    wait "$VB_PID" 2>/dev/null
}

# misses_of FILE: "D I" per pass, the mean (smallest-largest), from
# pmuctl's JSON.
misses_of() {
    python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
# in -e's order: the D-cache's, then the I-cache's (under the core's names)
ev = dict(zip(("dcache_misses", "icache_misses"), d["events"]))
def f(e):
    e = ev[e]
    lo, hi = e.get("min"), e.get("max")
    rng = f" ({lo:.0f}-{hi:.0f})" if lo is not None and hi is not None else ""
    return f"{e['counter-value']:.1f}{rng}"
print(f"{f('dcache_misses'):>18} {f('icache_misses'):>18}")
PY
}

EVENTS='{dcache_misses,icache_misses}'
REGIONS=("dsweep_begin dsweep_end" "icode_begin icode_end")

# own_counts CPU PLAIN_ELF "FROM TO"...: vboard's own count of passes 1 to
# ITER of each region, the mean (smallest-largest).
own_counts() {
    local cpu=$1 plain=$2; shift 2
    for r in "$@"; do
        set -- $r
        for p in $(seq "$ITER"); do
            "$VBOARD" --cpu "$cpu" --kernel "$plain" --count-events "$1:$2:$p" \
                </dev/null 2>&1 >/dev/null | awk '{ print }' >>"$T/ce.raw"
        done
        "$PMUCTL" list --cpu "$cpu" 2>/dev/null >"$T/list"
        printf '%-34s %-6s %s\n' "vboard --count-events, passes 1-$ITER" "${1%_begin}" \
            "$(python3 - "$T/ce.raw" "$T/list" <<'PY'
import re, sys
# the core's names behind the generic ones (pmuctl list: "generic names: a = b, ...")
gen = dict(re.findall(r"(\w+) = (\w+)", open(sys.argv[2]).read().split("generic names:")[-1]))
names = {g: gen.get(g, g) for g in ("dcache_misses", "icache_misses")}
v = {}
for line in open(sys.argv[1]):
    k, _, n = line.strip().partition(" ")
    if k in names.values() and n.isdigit():
        v.setdefault(k, []).append(int(n))
f = lambda g: (lambda x: f"{sum(x) / len(x):.1f} ({min(x)}-{max(x)})")(v[names[g]])
print(f"{f('dcache_misses'):>18} {f('icache_misses'):>18}")
PY
)"
        rm -f "$T/ce.raw"
    done
}

# stub_counts CPU ELF "FROM TO"...: through the stub, tracepoints and
# breakpoints.
stub_counts() {
    local cpu=$1 elf=$2; shift 2
    local regions=("$@")
    for mode in trace no-trace; do
        for r in "${regions[@]}"; do
            set -- $r
            flags=()
            [ $mode = no-trace ] && flags=(--no-trace)
            start_vboard "$elf" --cpu "$cpu"
            "$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$elf" --from "$1" --to "$2" \
                -e "$EVENTS" -r "$ITER" "${flags[@]}" --json -o "$T/pm.json" >"$T/pm.out" 2>&1 ||
                { cat "$T/pm.out"; exit 1; }
            stop_vboard
            label="stub, tracepoints"
            [ $mode = no-trace ] && label="stub, breakpoints (--no-trace)"
            printf '%-34s %-6s %s\n' "$label" "${1%_begin}" "$(misses_of "$T/pm.json")"
        done
    done
}

printf '%-34s %-6s %18s %18s\n' "# misses per pass, vboard 34k" region D-cache I-cache
own_counts 34k "$T/plain.elf" "${REGIONS[@]}"
stub_counts 34k "$ELF" "${REGIONS[@]}"

if command -v openocd >/dev/null; then
    for r in "${REGIONS[@]}"; do
        set -- $r
        oo_start_server RBB "$T/vboard-oo.log" "$VBOARD" --cpu 34k --kernel "$T/plain.elf" \
            --serial stdio --remote-bitbang @PORT || exit 1
        oo_start_server GDBP "$T/openocd.log" openocd -c "set VBOARD_RBB_PORT $RBB" \
            -f "$CFG" -c "gdb_port @PORT; telnet_port disabled; tcl_port disabled" || exit 1
        "$PMUCTL" -t "127.0.0.1:$GDBP" -T 120 measure --elf "$T/plain.elf" --from "$1" --to "$2" \
            -e "$EVENTS" -r "$ITER" --json -o "$T/oo.json" >"$T/oo.out" 2>&1 ||
            { cat "$T/oo.out"; exit 1; }
        printf '%-34s %-6s %s\n' "OpenOCD over EJTAG (no stub)" "${1%_begin}" "$(misses_of "$T/oo.json")"
        oo_cleanup
    done
else
    echo "# OpenOCD: not installed, not measured"
fi

if [ -f "$PPC_ELF" ]; then
    python3 "$TOP/tests/vboard/no_boot_stop.py" "$PPC_ELF" "$T/ppc_plain.elf" \
        "$(powerpc-linux-gnu-nm "$PPC_ELF" | awk '$3 == "pmustub_boot_break" { print $1 }')" 60000000
    PPC_REGIONS=("dregion_begin dregion_end" "iregion_begin iregion_end")
    printf '%-34s %-6s %18s %18s\n' "# misses per pass, vboard e200z7" region D-cache I-cache
    own_counts e200z7 "$T/ppc_plain.elf" "${PPC_REGIONS[@]}"
    stub_counts e200z7 "$PPC_ELF" "${PPC_REGIONS[@]}"
else
    echo "# e200z7: no $PPC_ELF, not measured"
fi

# The stub's instructions per traced bracket of the D-region: vboard's
# count of every instruction the board executes (--count-insns: program
# and stub) from main to the program's end (pmustub_exit), in two runs of
# N and 3N rounds, each round a traced bracket (pmuctl asks for more, so
# nothing stops the run: it ends with the program, status 6); the
# difference less the program's own 2N rounds (one round: --count-events
# dsweep_begin:dsweep_begin, pass 3), over 2N. Between main and the end
# the stub never waits for the host, so the count is the same in every run.
"$VBOARD" --cpu 34k --kernel "$T/plain.elf" --count-events dsweep_begin:dsweep_begin:3 \
    </dev/null >/dev/null 2>"$T/round"
ROUND=$(awk '$1 == "instructions" { print $2 }' "$T/round")
total_run() { # total_run ROUNDS: the board's instructions, main to the end
    rounds_elf "$T/r.elf" "$1"
    start_vboard "$T/r.elf" --count-insns main:pmustub_exit
    "$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$T/r.elf" --from dsweep_begin \
        --to dsweep_end -e instructions -r $(($1 + 5)) >"$T/pm.out" 2>&1
    for _ in $(seq 100); do
        grep -q "instructions from" "$T/vboard.log" && break
        sleep 0.1
    done
    stop_vboard
    awk '/instructions from/ { print $3 }' "$T/vboard.log"
}
A=$(total_run "$STATS_N")
B=$(total_run $((3 * STATS_N)))
echo "# stub instructions per traced bracket: (($B - $A) - 2 x $STATS_N x $ROUND) / (2 x $STATS_N) =" \
    "$(python3 -c "print(round((($B - $A) - 2 * $STATS_N * $ROUND) / (2 * $STATS_N), 1))")"
