#!/usr/bin/env bash
# End to end: events chosen by name inside GDB ("monitor pmu set", "read")
# on vboard's Power core CPU, counted between two breakpoints.
# Usage: ppc_pmu_select.sh VBOARD FIRMWARE.elf CPU TOP_SRC_DIR
# Oracles: QEMU's execution log of the same ELF (-M ppce500 -cpu e500v2)
# for the region's instructions (the program runs in supervisor mode, so
# instructions:s counts all of them); the core's catalogue for the
# names; the PMLCa layout (e200z7 RM 8.3.3, docs/pmu.md) for the values
# set leaves: FCS 0x40000000, FCU 0x20000000, EVENT << 16.
. "$(dirname "$0")/ppc_lib.sh"
VBOARD=$1 ELF=$2 CPU=$3 TOP=$4
OUT=$E2E_TMP/gdb.out

ICODE=$(awk -F, '$3 == "instructions" { print $1; exit }' "$TOP/target-xml/events/$CPU.csv")
FROM=$(ppc_sym_addr "$ELF" sum_squares)
BL=$(powerpc-linux-gnu-objdump -d "$ELF" | awk '/\tbl +[0-9a-f]+ <sum_squares>/ { sub(":", "", $1); print $1; exit }')
TO=$(printf "%x" $((0x$BL + 4)))
qemu_program_log "$ELF" "$(dirname "$ELF")/libpmustub.a"
EXPECT=$(python3 "$TOP/tests/vboard/ppc/qemu_count_ppc.py" "$E2E_TMP/program.log" "$FROM" "$TO")

VPORT=$(free_port)
rm -f "$E2E_TMP/vboard.log"
"$VBOARD" --cpu "$CPU" --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting for a serial client" "$E2E_TMP/vboard.log" && break; sleep 0.1; done

gdb_batch "file $ELF" "target remote 127.0.0.1:$VPORT" "monitor ctrlc off" \
    "echo BAD1\n" "monitor pmu set instructions:k" \
    "echo BAD2\n" "monitor pmu set instruction" \
    "break *0x$FROM" "continue" "delete" \
    "monitor pmu set instructions:s instructions:u" \
    "printf \"CTL=%x %x %x %x\\n\", \$pmlca0, \$pmlca1, \$pmlca2, \$pmlca3" \
    "break *0x$TO" "continue" \
    "echo READ\n" "monitor pmu read" "delete" "continue" >"$OUT"

check "premise: QEMU's log counts the region ($EXPECT instructions)" test "${EXPECT:-0}" -gt 100
check "$CPU: monitor pmu read counts instructions:s as QEMU executes ($EXPECT)" \
    grep -qxF "  counter 0: instructions:s $EXPECT" "$OUT"
check "$CPU: ... and instructions:u none of them (the program runs in supervisor mode)" \
    grep -qxF "  counter 1: instructions:u 0" "$OUT"
check "$CPU: set froze user mode on counter 0, supervisor on 1, counters 2 and 3 off (FC)" \
    has "CTL=$(printf %x $((0x20000000 | ICODE << 16))) $(printf %x $((0x40000000 | ICODE << 16))) 80000000 80000000"
check "$CPU: a mode the core has not: refused, naming its modes" \
    has "pmu: unknown mode 'k' (modes: u,s, each once); nothing changed"
check "$CPU: a misspelt event: the close name" \
    has "pmu: 'instruction' is no event of the"
check "$CPU: ... naming instructions" grep -q "close names: .*instructions" "$OUT"
check "$CPU: the program still runs to its end" has "exited with code"
finish
