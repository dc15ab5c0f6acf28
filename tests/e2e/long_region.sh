#!/usr/bin/env bash
# End to end: a region far longer than the stub's old Ctrl-C poll period
# (2^20 Count ticks, one tick every two cycles on the 34K) measured with
# pmuctl on vboard's 34K counts exactly the instructions QEMU executes of
# the same ELF, in every iteration, and the same measurement again counts
# the same: nothing of the stub's interrupts the program while it runs (a
# timer interrupt in a delay slot would re-run the branch and add to the
# count, by host timing).
# Usage: QEMU_CPU=34Kf long_region.sh PMUCTL VBOARD long_region.elf
# Oracle: QEMU's execution log of the same ELF (lib.sh qemu_program_log,
# oracle_instructions), region_begin..region_end of long_region.S.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3
OUT=$E2E_TMP/out
POLL_CYCLES=$((2 * (1 << 20)))

# One function, read whole before it runs (see pmuctl_vboard.sh).
main() {
FROM=$(sym_addr "$ELF" region_begin)
TO=$(sym_addr "$ELF" region_end)
qemu_program_log "$ELF" "$(dirname "$ELF")/../../target/malta/libpmustub.a" \
    "set var long_rounds = 1"
EXPECT=$(oracle_instructions 34k "$ELF" "$FROM" "$TO")
echo "# QEMU $QEMU_CPU: region_begin..region_end counts $EXPECT"

start_vboard_serving "$VBOARD" 34k "$ELF"
for run in 1 2; do
    "$PMUCTL" -t "127.0.0.1:$QEMU_PORT" measure --elf "$ELF" --from region_begin \
        --to region_end -e instructions,cycles -r 3 -x , >"$OUT.$run" 2>&1
    echo "# pmuctl, measurement $run: $(tr '\n' ' ' <"$OUT.$run")"
done
check "pmuctl counts QEMU's $EXPECT instructions in every iteration" \
    grep -qx "$EXPECT,,instructions,0.00%,3,100.00,,,exact," "$OUT.1"
CYCLES=$(awk -F, '$3 == "cycles" { print $1 }' "$OUT.1")
CYCLES=${CYCLES:-0}
check "the region is well over the old poll period: ${CYCLES:-?} cycles > 4 x $POLL_CYCLES" \
    test "${CYCLES%%.*}" -gt $((4 * POLL_CYCLES)) # (a mean: its integer part)
check "the same measurement again counts the same" \
    grep -qx "$EXPECT,,instructions,0.00%,3,100.00,,,exact," "$OUT.2"
finish
}
main "$@"
