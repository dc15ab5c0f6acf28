#!/usr/bin/env bash
# End to end: pmuctl on Power where the performance monitor is
# not there. QEMU's ppce500 (e500v2) has no PMRs (mfpmr is illegal there:
# docs/power.md, "QEMU 7.2 facts found on the way"), so the Power stub
# publishes no PMU feature: pmuctl says so in one line with status 1 and
# leaves the board usable; GDB then runs the program to its end. The Power catalogues are listed without a target.
# Usage: pmuctl_power.sh PMUCTL PPCE500-FIRMWARE.elf
. "$(dirname "$0")/ppc_lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 ELF=$2
OUT=$E2E_TMP/out

main() {

start_qemu_ppc "$ELF"
pm_refuses_no_pmu "$PMUCTL"
gdb_batch "set endian big" "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" \
    "continue" >"$OUT"
check "after pmuctl, GDB still runs the program to its end" grep -q "exited with code" "$OUT"
kill "$QEMU_PID" 2>/dev/null; wait "$QEMU_PID" 2>/dev/null

# The catalogues, as the registry has them (target-xml/events/*.csv).
"$PMUCTL" list --cpu e200z7 >"$OUT" 2>&1
check "list --cpu e200z7: the threshold events on PMC0/PMC1 only" \
    grep -qE '^dload_miss_threshold +152  0,1 ' "$OUT"
check "list --cpu e200z7: its generic names" \
    has "generic names: dcache_misses = dcache_linefills, icache_misses = icache_linefills"
"$PMUCTL" list --cpu e500v2 >"$OUT" 2>&1
check "list --cpu e500v2: instructions are event 2 on every counter" \
    grep -qE '^instructions +2  0,1,2,3 ' "$OUT"
# A filter, as perf list's: a substring, or a glob; without --cpu or -t
# every core, and the first line says so.
"$PMUCTL" list --cpu e200z7 '*cache_linefills' >"$OUT" 2>&1
check "list --cpu e200z7 '*cache_linefills': the two linefill events (57, 72), nothing else" \
    test "$(grep -cE '^[a-z0-9_]+ +[0-9]+  ' "$OUT")" = 2 -a \
         "$(grep -cE '^(dcache_linefills +57|icache_linefills +72)  ' "$OUT")" = 2
env -u PMUCTL_TARGET "$PMUCTL" list 'dcache_l*' >"$OUT" 2>&1
check "list 'dcache_l*': every core named on the first line, only dcache_l* events, e200z7's among them" \
    python3 - "$OUT" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
assert lines[0].startswith("every core of the registry, ") and "e200z7" in lines[0], lines[0]
rows = [l.split()[0] for l in lines if re.match(r"^[a-z0-9_]+ +\d+  ", l)]
assert rows and all(r.startswith("dcache_l") for r in rows), rows
assert any(l.startswith("e200z7: ") for l in lines) and "dcache_linefills" in rows, lines
assert not any(l.startswith("r10k: ") for l in lines), lines  # no match there: not shown
PY
finish
}
main
