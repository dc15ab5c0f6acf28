#!/usr/bin/env bash
# End to end: the stub leaves the program's cache lines where they were
# (docs/stub.md, "What the stub leaves in the caches"). On vboard's 34K,
# for the two cache-sized regions of perturb_loop.S (a sweep of the
# 32 KiB D-cache, one load per line; 30 KiB of straight-line code under
# the 32 KiB I-cache), the D- and I-cache misses pmuctl measures through
# the stub, with tracepoints and with breakpoints (--no-trace), equal
# vboard's own count of the same passes with no debugger (--count-events
# on the same ELF with its boot stop a no-op), within 2 per pass: the
# mean, the smallest and the largest pass.
# Usage: cache_perturbation.sh PMUCTL VBOARD PERTURB.elf TOP_SRC_DIR
# Fails on a stub linked in kseg0 (measured: 300-430 D-cache and 540-610
# I-cache misses a pass more than vboard's count), and on one that steps
# over its tracepoints with temporary traps (3 I-cache misses a pass more
# on the D-sweep: vboard models SYNCI's invalidation).
set -u
PMUCTL=$1 VBOARD=$2 ELF=$3 TOP=$4
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/pmuctl_lib.sh"
N=8

sym() { mips-linux-gnu-nm "$ELF" | awk -v s="$1" '$3 == s { print substr($1, length($1) - 7) }'; }

main() {
python3 "$TOP/tests/vboard/no_boot_stop.py" "$ELF" "$E2E_TMP/plain.elf" \
    "$(sym pmustub_boot_break)" 00000000
for r in "dsweep_begin dsweep_end" "icode_begin icode_end"; do
    set -- $r
    # The oracle: passes 1..N, one vboard run each.
    for p in $(seq $N); do
        "$VBOARD" --cpu 34k --kernel "$E2E_TMP/plain.elf" --count-events "$1:$2:$p" \
            </dev/null >/dev/null 2>"$E2E_TMP/ce-$1-$p"
    done
    cat "$E2E_TMP"/ce-"$1"-* >"$E2E_TMP/ce-$1"
    check "--count-events: $N passes of $1..$2" \
        test "$(grep -c "^dcache_misses " "$E2E_TMP/ce-$1")" = $N
    for mode in trace no-trace; do
        flags=()
        [ $mode = no-trace ] && flags=(--no-trace)
        pm_start_vboard "$ELF"
        "$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from "$1" --to "$2" \
            -e '{dcache_misses,icache_misses}' -r $N "${flags[@]}" --json \
            -o "$E2E_TMP/pm.json" >"$E2E_TMP/pm.out" 2>&1
        check "$1..$2, $mode: pmuctl measured $N passes" test $? = 0
        kill $VBOARD_PID 2>/dev/null
        wait $VBOARD_PID 2>/dev/null
        python3 - "$E2E_TMP/pm.json" "$E2E_TMP/ce-$1" "$1 $mode" <<'PY'
import json, sys
pm = {e["event"]: e for e in json.load(open(sys.argv[1]))["events"]}
ce = {}
for line in open(sys.argv[2]):
    f = line.split()
    if len(f) == 2 and f[0] in ("dcache_misses", "icache_misses"):
        ce.setdefault(f[0], []).append(int(f[1]))
bad = 0
for ev, passes in ce.items():
    got = pm[ev]
    want = (sum(passes) / len(passes), min(passes), max(passes))
    have = (got["counter-value"], got["min"], got["max"])
    ok = got["iterations"] == len(passes) and all(abs(h - w) <= 2 for h, w in zip(have, want))
    print(f"# {sys.argv[3]} {ev}: stub mean/min/max {have[0]:.2f}/{have[1]:.0f}/{have[2]:.0f},"
          f" vboard's own {want[0]:.2f}/{want[1]}/{want[2]} ({passes})")
    bad += not ok
sys.exit(1 if bad else 0)
PY
        check "$1..$2, $mode: D- and I-cache misses = vboard's own count within 2 a pass" \
            test $? = 0
    done
done
finish
}
main "$@"
