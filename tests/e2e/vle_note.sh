#!/usr/bin/env bash
# The e200z7 note's PMU example as the VLE program it is
# (tests/firmware/ppc/vle_note_pmu.S, the note's mistakes corrected), on
# vboard's e200z7 under GDB, which is told the architecture before it
# reads the VLE ELF (README): at note_read, after the program has frozen
# and read its counters, PMLCa0-2 decode as events 39, 57 and 72
# (0x00270000, 0x00390000, 0x00480000: EVENT << 16), and PMC0-2 hold what
# the program's own mfpmr read into r3-r5.
# Oracles: arithmetic (32 KiB read a 32-byte line at a time: 1024 data
# linefills) and vboard's own count of note_begin..note_read with no
# debugger (--count-events, the boot stop a no-op); event 39 is one
# vboard does not model (its count stays 0).
# Usage: vle_note.sh VBOARD NOTE.elf TOP_SRC_DIR
. "$(dirname "$0")/ppc_lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
VBOARD=$1 ELF=$2 TOP=$3
OUT=$E2E_TMP/gdb.out

python3 "$TOP/tests/vboard/no_boot_stop.py" "$ELF" "$E2E_TMP/plain.elf" \
    "$(ppc_sym_addr "$ELF" pmustub_boot_break)" 60000000
"$VBOARD" --cpu e200z7 --kernel "$E2E_TMP/plain.elf" --count-events \
    "0x$(ppc_sym_addr "$ELF" note_begin):0x$(ppc_sym_addr "$ELF" note_read)" \
    </dev/null >/dev/null 2>"$E2E_TMP/own"
own() { awk -v e="$1" '$1 == e { print $2 }' "$E2E_TMP/own"; }
D=$(own dcache_linefills) I=$(own icache_linefills)
echo "# vboard's own count: dcache_linefills $D, icache_linefills $I, branch_issue_stall_cycles $(own branch_issue_stall_cycles)"
check "vboard's own count, no debugger: 1024 data linefills, some instruction linefills" \
    test "$D" = 1024 -a "${I:-0}" -gt 0
check "event 39 is not modelled by vboard" test "$(own branch_issue_stall_cycles)" = "<not"

pm_pick_port VPORT
"$VBOARD" --cpu e200z7 --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 </dev/null &
E2E_PIDS+=($!)
wait_log "waiting for a serial client" "$E2E_TMP/vboard.log" vboard
gdb_batch "set architecture powerpc:e500" "file $ELF" "target remote 127.0.0.1:$VPORT" \
    "break note_read" "continue" \
    'echo A0 ' 'p $pmlca0' 'echo A1 ' 'p $pmlca1' 'echo A2 ' 'p $pmlca2' \
    'printf "X %x %x %x\n", $pmlca0, $pmlca1, $pmlca2' \
    'printf "PMC %u %u %u\n", $pmc0, $pmc1, $pmc2' \
    'printf "R %u %u %u\n", $r3, $r4, $r5' "monitor pmu" >"$OUT"
cat "$OUT"
check "GDB loads the VLE ELF after 'set architecture powerpc:e500' and stops at note_read" \
    grep -q "Breakpoint 1, main () at .*vle_note_pmu.S" "$OUT"
# decoded: GDB's 'p $pmlcaN' lines (each after "echo AN") show events 39,
# 57 and 72 by their names.
decoded() {
    grep -qE '^A0\$[0-9]+ = \[ EVENT=branch_issue_stall_cycles ' "$OUT" &&
        grep -qE '^A1\$[0-9]+ = \[ EVENT=dcache_linefills ' "$OUT" &&
        grep -qE '^A2\$[0-9]+ = \[ EVENT=icache_linefills ' "$OUT"
}
check "PMLCa0-2 decode as events 39, 57 and 72" decoded
check "PMLCa0-2 hold event << 16: 0x270000 0x390000 0x480000" grep -qx "X 270000 390000 480000" "$OUT"
check "PMC0-2: 0 (not modelled), $D data and $I instruction linefills, vboard's own counts" \
    grep -qx "PMC 0 $D $I" "$OUT"
check "the program's own mfpmr read the same into r3-r5" grep -qx "R 0 $D $I" "$OUT"
listed() {
    has "counter 0: event 39 branch_issue_stall_cycles, count 0" &&
        has "counter 1: event 57 dcache_linefills, count $D" &&
        has "counter 2: event 72 icache_linefills, count $I"
}
check "monitor pmu names the three events with their numbers and counts" listed
finish
