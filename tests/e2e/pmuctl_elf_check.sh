#!/usr/bin/env bash
# End to end, through the stub: pmuctl refuses an ELF
# that is not the program on the target, before it changes anything there.
# Usage: pmuctl_elf_check.sh PMUCTL VBOARD FIRMWARE.elf
# The stub answers qCRC (GDB's compare-sections): the right ELF passes
# without a word; a copy with one byte of .text changed (the same symbols)
# is refused with status 2 and one line naming .text; GDB then finds the
# counter controls and the code at region_begin as they were.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3

main() {
OUT=$E2E_TMP/out
pm_pick_port VPORT
rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
"$VBOARD" --cpu 34k --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting" "$E2E_TMP/vboard.log" && break; sleep 0.05; done
T="127.0.0.1:$VPORT"

"$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end \
    -e instructions -x , >"$OUT" 2>"$E2E_TMP/err"
RC=$?
check "the program's own ELF: measured (status 0), the stub's qCRC agreeing without a word" \
    test "$RC" = 0 -a ! -s "$E2E_TMP/err"

gdb_batch "set remote noack-packet off" "file $ELF" "target remote $T" \
    'set $perfctl0 = 0x2a' "info registers pmu" "x/2xw region_begin" \
    "disconnect" >"$E2E_TMP/before.out"
pm_other_elf "$ELF" "$E2E_TMP/other.elf"
"$PMUCTL" -t "$T" measure --elf "$E2E_TMP/other.elf" --from region_begin \
    --to region_end -e instructions,cycles >"$OUT" 2>"$E2E_TMP/err"
RC=$?
echo "# $(cat "$E2E_TMP/err")"
check "another program with the same symbols: status 2, one line naming .text" \
    test "$RC" = 2 -a "$(wc -l <"$E2E_TMP/err")" = 1 \
         -a "$(grep -c "is not the program on the target: section .text (0x" "$E2E_TMP/err")" = 1
gdb_batch "set remote noack-packet off" "file $ELF" "target remote $T" \
    "info registers pmu" "x/2xw region_begin" "disconnect" >"$E2E_TMP/after.out"
check "... and nothing on the target changed (GDB: controls and code as before)" \
    diff <(grep -E '^(perf|0x)' "$E2E_TMP/before.out") <(grep -E '^(perf|0x)' "$E2E_TMP/after.out")
check "... where the oracle is not empty (perfctl0 was set)" \
    grep -qE "perfctl0:? +0x8000002a" "$E2E_TMP/after.out"

# The same code with a read-only section where the target has no memory,
# as a default linker script puts .MIPS.abiflags, .reginfo and notes
# (kuseg 0x00400118, unmapped on the bare board): measured without a word
# (only loaded code is compared; pmuctl_stock_openocd.sh shows through
# OpenOCD that nothing else is read).
printf 'metadata' >"$E2E_TMP/meta.bin"
mips-linux-gnu-objcopy --add-section .note.meta="$E2E_TMP/meta.bin" \
    --set-section-flags .note.meta=alloc,readonly,contents \
    --change-section-address .note.meta=0x00400118 "$ELF" "$E2E_TMP/meta.elf" 2>/dev/null
"$PMUCTL" -t "$T" measure --elf "$E2E_TMP/meta.elf" --from region_begin \
    --to region_end -e instructions -x , >"$OUT" 2>"$E2E_TMP/err"
RC=$?
echo "# $(cat "$E2E_TMP/err")"
check "an ELF whose code is the target's, with metadata the target cannot read: measured, no word" \
    test "$RC" = 0 -a ! -s "$E2E_TMP/err" -a "$(grep -c ",instructions,0.00%,1,100.00," "$OUT")" = 1

# A Power ELF against this MIPS target: refused by its machine type.
PPC_ELF=$(dirname "$ELF")/../ppce500/pmustub-demo.elf
"$PMUCTL" -t "$T" measure --elf "$PPC_ELF" --from main --to main \
    -e instructions >"$OUT" 2>"$E2E_TMP/err"
RC=$?
echo "# $(cat "$E2E_TMP/err")"
check "a Power ELF against a MIPS target: status 2, 'is a PowerPC ELF (e_machine 20), and the target is MIPS'" \
    test "$RC" = 2 -a "$(grep -c "is a PowerPC ELF (e_machine 20), and the target is MIPS" "$E2E_TMP/err")" = 1
OUT=$E2E_TMP/after.out
finish
}
main
