#!/usr/bin/env bash
# The Power stub leaves the program's caches as it found them
# (docs/stub.md): the cache misses of a region measured through the stub
# equal vboard's own count of the same pass with no debugger attached
# (vboard --count-events on the same ELF with its boot stop a no-op),
# within 2 per iteration, with tracepoints and with breakpoints.
# Program: ppc_cache_sweep.S (a D-cache-sized sweep and an I-cache-sized
# run of straight-line code), on vboard as CPU.
# Usage: ppc_perturbation.sh VBOARD PMUCTL SWEEP.elf CPU TOP_SRC_DIR
. "$(dirname "$0")/ppc_lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
VBOARD=$1 PMUCTL=$2 ELF=$3 CPU=$4 TOP=$5
OUT=$E2E_TMP/out
python3 "$TOP/tests/vboard/no_boot_stop.py" "$ELF" "$E2E_TMP/plain.elf" \
    "$(ppc_sym_addr "$ELF" pmustub_boot_break)" 60000000

# The core's events behind pmuctl's generic names (pmuctl list --cpu:
# "generic names: dcache_misses = X, icache_misses = Y").
generic_of() {
    "$PMUCTL" list --cpu "$CPU" 2>/dev/null |
        sed -n "s/.*[ ,]$1 = \([a-z0-9_]*\).*/\1/p" | head -n 1
}
DNAME=$(generic_of dcache_misses) INAME=$(generic_of icache_misses)
check "$CPU: pmuctl names the core's D and I miss events ($DNAME, $INAME)" \
    test -n "$DNAME" -a -n "$INAME"

# own R N: vboard's own count of pass N of region R ("name count" lines).
own() {
    "$VBOARD" --cpu "$CPU" --kernel "$E2E_TMP/plain.elf" --count-events \
        "0x$(ppc_sym_addr "$ELF" "$1region_begin"):0x$(ppc_sym_addr "$ELF" "$1region_end"):$2" \
        </dev/null 2>&1 >/dev/null
}

# within OWN MEASURE.json: every iteration of the measure is within 2 of
# vboard's own count OWN ("name count" lines) of the same event.
within() {
    python3 - "$1" "$2" <<'PY'
import json, sys
own = dict(l.split()[:2] for l in sys.argv[1].splitlines() if l and not l.startswith("#"))
ok = True
for e in json.load(open(sys.argv[2]))["events"]:
    w = int(own[e["event"]])
    if not (w - 2 <= e["min"] and e["max"] <= w + 2):
        print(e["event"], "own", w, "through the stub", e["min"], "..", e["max"]); ok = False
sys.exit(0 if ok else 1)
PY
}

for r in d i; do
    for how in trace no-trace; do
        X=(); [ $how = no-trace ] && X=(--no-trace)
        pm_start_vboard "$ELF" --cpu "$CPU" # (the last --cpu counts)
        M=("$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from "${r}region_begin"
           --to "${r}region_end" -e "$DNAME,$INAME" --no-progress "${X[@]}")
        # Pass 1 (cold, and after the start-up's writes), then passes 2-11.
        "${M[@]}" -r 1 --json -o "$E2E_TMP/p1.json" >"$OUT" 2>&1
        check "$CPU ${r}region $how: pass 1 through the stub = vboard's own pass 1 +-2" \
            within "$(own $r 1)" "$E2E_TMP/p1.json"
        "${M[@]}" -r 10 --json -o "$E2E_TMP/p2.json" >"$OUT" 2>&1
        # (From pass 2 on every pass is the same: pass 5 stands for them.)
        check "$CPU ${r}region $how: passes 2-11 through the stub = vboard's own pass 5 +-2" \
            within "$(own $r 5)" "$E2E_TMP/p2.json"
        kill "${E2E_PIDS[-1]}" 2>/dev/null; wait "${E2E_PIDS[-1]}" 2>/dev/null
    done
done
finish
