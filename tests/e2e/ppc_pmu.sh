#!/usr/bin/env bash
# End to end: the Power performance monitor registers in GDB, on
# the real ppce500 stub firmware under gdb-multiarch, on vboard as CPU.
# Usage: ppc_pmu.sh VBOARD FIRMWARE.elf CPU TOP_SRC_DIR
# Oracles: register names and numbers from the registry (cores.toml, by
# tdesc-free arithmetic below), the event code of "instructions" from the
# core's catalogue, instruction counts from QEMU's execution of the same
# ELF (-M ppce500 -cpu e500v2 exec log): the stub's own instructions are
# in no count (the program runs marked, the stub unmarked, FCM0 on every
# counter: docs/pmu.md).
. "$(dirname "$0")/ppc_lib.sh"
VBOARD=$1 ELF=$2 CPU=$3 TOP=$4
OUT=$E2E_TMP/gdb.out
OBJDUMP=powerpc-linux-gnu-objdump

code_of() { # code_of EVENT-NAME: its code in the core's catalogue
    python3 - "$TOP/target-xml/events/$CPU.csv" "$1" <<'PY'
import csv, sys
for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")):
    if r["name"] == sys.argv[2]:
        print(r["code"]); break
PY
}
ICODE=$(code_of instructions)
INTCODE=$(code_of interrupts)
# Region: sum_squares' first instruction up to the instruction after main's
# call to it (bl + 4).
FROM=$(ppc_sym_addr "$ELF" sum_squares)
BL=$($OBJDUMP -d "$ELF" | awk '/\tbl +[0-9a-f]+ <sum_squares>/ { sub(":", "", $1); print $1; exit }')
TO=$(printf "%x" $((0x$BL + 4)))
qemu_program_log "$ELF" "$(dirname "$ELF")/libpmustub.a"
QEMU_COUNT=$(python3 "$TOP/tests/vboard/ppc/qemu_count_ppc.py" "$E2E_TMP/program.log" "$FROM" "$TO")

VPORT=$(free_port)
rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
"$VBOARD" --cpu "$CPU" --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting for a serial client" "$E2E_TMP/vboard.log" && break; sleep 0.1; done

PMLCA_INSNS=$(printf "0x%x" $((ICODE << 16)))
cmds=("file $ELF" "target remote 127.0.0.1:$VPORT" "info registers pmu"
      # Decoding: every flag set once, then the program's values back.
      "set \$pmlca0 = $(printf 0x%x $((0xfc000000 | ICODE << 16)))" "p \$pmlca0" "p \$upmlca0"
      "set \$pmgc0 = 0xe0000900" "p \$pmgc0" "p \$upmgc0" "set \$pmgc0 = 0"
      # Read-only copies: the write is refused and nothing changes.
      "set \$pmc2 = 7" "set \$upmc2 = 9" "printf \"UPMC2=%u PMC2=%u\\n\", \$upmc2, \$pmc2"
      "maint packet P5d=80000000" "printf \"PMGC0=%x\\n\", \$pmgc0")
for n in 0 1 2 3; do cmds+=("set \$pmlca$n = $PMLCA_INSNS"); done
cmds+=("p \$pmlca1" "p \$pmlca3" "set \$pmlca2 = $(printf 0x%x $((INTCODE << 16)))"
       # The bracket: FROM's breakpoint gone before the resume (no step over).
       "break *0x$FROM" "continue" "delete" "monitor pmu reset"
       "set \$pmc0_64 = 0xffffffff" "break *0x$TO" "continue"
       "printf \"WHOLE=%u INTS=%u\\n\", \$pmc0_64 - 0xffffffff, \$pmc2"
       "printf \"WIDE=%lx LOW=%x PMC1=%u\\n\", \$pmc0_64, \$pmc0, \$pmc1"
       # The empty bracket: resumed onto TO's breakpoint, it traps at once.
       "set \$pmc1 = 0" "jump *0x$TO" "printf \"EMPTY=%u\\n\", \$pmc1"
       "set debug remote 1" "stepi" "set debug remote 0"
       "monitor pmu" "compare-sections -r" "delete" "continue")
gdb_batch "${cmds[@]}" >"$OUT"

check "$CPU: info registers pmu lists every PMR and UPMR (30 registers)" \
    test "$(grep -oE '^u?pm(gc0|lca[0-3]|lcb[0-3]|c[0-3](_64)?) ' "$OUT" | sort -u | wc -l)" -eq 30
check "$CPU: p \$pmlca0 decodes the flags and EVENT=instructions" \
    grep -qE '^\$1 = \[ FC FCS FCU FCM1 FCM0 CE EVENT=instructions' "$OUT"
check "$CPU: upmlca0 reads as pmlca0" grep -qE '^\$2 = \[ FC FCS FCU FCM1 FCM0 CE EVENT=instructions' "$OUT"
check "$CPU: p \$pmgc0 decodes FAC PMIE FCECE TBSEL TBEE" \
    grep -qE '^\$3 = \[ FAC PMIE FCECE TBSEL=tbl23 TBEE \]' "$OUT"
check "$CPU: upmgc0 reads as pmgc0" grep -qE '^\$4 = \[ FAC PMIE FCECE TBSEL=tbl23 TBEE \]' "$OUT"
check "$CPU: a UPMR write is refused (E reply)" grep -q 'Could not write register "upmc2"; remote failure reply .E' "$OUT"
check "$CPU: ... and changes nothing" has "UPMC2=7 PMC2=7"
check "$CPU: P to upmgc0 by hand gets an error reply and pmgc0 stays" \
    bash -c "grep -q 'received: \"E' '$OUT' && grep -qx 'PMGC0=0' '$OUT'"
check "$CPU: pmlca1 and pmlca3 decode their event too" \
    test "$(grep -cE '^\$[56] = \[ EVENT=instructions' "$OUT")" -eq 2
# The Ctrl-C poll (on) runs the program with MSR[EE] set, so pmc0's crossing
# of bit 31 at the region's first instruction raises the overflow interrupt
# (IVOR35): a stop of the stub's own, which counts none of its
# instructions. The region is far shorter than the poll's 2^20 ticks, so
# no poll tick comes. The interrupts event on pmc2: the e200z7's is not
# filtered by the mode bits (RM Table 8-10), so it counts the overflow
# interrupt and the closing breakpoint's trap; vboard's e500v2 counts an
# interrupt in the state it enters (unmarked), which FCM0 freezes: none
# (docs/pmu.md, the table of limits).
TOTAL=$QEMU_COUNT
INTS=2; [ "$CPU" = e500v2 ] && INTS=0
check "$CPU: the sum_squares call counts QEMU's $QEMU_COUNT exactly, across the overflow interrupt and the closing breakpoint ($INTS interrupts counted)" \
    has "WHOLE=$TOTAL INTS=$INTS"
check "$CPU: pmc0_64 preloaded at 2^32-1 crosses into bit 32 (pmc0 its low half)" \
    has "WIDE=$(printf %x $((0xffffffff + TOTAL))) LOW=$(printf %x $(((0xffffffff + TOTAL) & 0xffffffff)))"
check "$CPU: the other counters counted the same" has "PMC1=$TOTAL"
check "$CPU: an empty bracket counts 0 instructions" has "EMPTY=0"
check "$CPU: the step's stop reply carries pmc0..3 and pmc0_64..3_64 (59..5c, 6a..6d)" \
    bash -c "grep 'Packet received: T05' '$OUT' | grep -E '59:[0-9a-f]{8};6a:[0-9a-f]{16};' | grep -E '5a:[0-9a-f]{8};6b:[0-9a-f]{16};' | grep -E '5b:[0-9a-f]{8};6c:[0-9a-f]{16};' | grep -qE '5c:[0-9a-f]{8};6d:[0-9a-f]{16};'"
check "$CPU: monitor pmu names the core, each counter's event and how the stub stays out of the counts" \
    bash -c "grep -qE '^pmu: Power $CPU, PVR 0x[0-9a-f]+, 4 counters' '$OUT' && test \$(grep -c 'event $ICODE instructions' '$OUT') -eq 3 && grep -q 'counter 2: event $INTCODE interrupts' '$OUT' && grep -q 'the program runs marked (MSR.PMM. = 1), the stub unmarked' '$OUT'"
check "$CPU: compare-sections -r: every read-only section matches (the vectors the stub writes are not one)" \
    bash -c "grep -q 'Section .text, range.*matched' '$OUT' && ! grep -q 'MIS-MATCHED' '$OUT'"
check "$CPU: the program exits" has "exited with code"
finish
