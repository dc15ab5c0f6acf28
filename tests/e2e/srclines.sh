#!/usr/bin/env bash
# End to end: pmuctl measure with source locations and --function on
# vboard's 34K, against QEMU's exec log of the same ELF
# (tests/firmware/common/srclines_prog.c at -O2):
#  - --from FILE:LINE --to FILE:LINE counts QEMU's instructions between
#    the addresses GDB's break sets for those lines;
#  - --function fib counts, in each iteration, QEMU's instructions of the
#    outermost call of the recursive fib (its 177 calls), from its entry
#    to the instruction its call in main returns to;
#  - --from fib --to fib says what it measures and points to --function;
#  - a line with two addresses (an inlined function) is refused, naming
#    both, before the target is touched.
# Usage: srclines.sh PMUCTL VBOARD SOURCE ELF LIBPMUSTUB.a TOP_SRC_DIR
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 SRC=$3 ELF=$4 LIB=$5 TOP=$6
OUT=$E2E_TMP/out
F=$(basename "$SRC")
line_of() { grep -n "@$1" "$SRC" | head -1 | cut -d: -f1; }
# GDB's address for "break LOC", as lower-case hex without 0x.
gdb_addr() {
    gdb_batch "file $ELF" "break $1" | sed -n 's/^Breakpoint 1 at 0x\([0-9a-f]*\):.*/\1/p' | head -1
}

main() {
L_FROM=$(line_of from) L_TO=$(line_of to) L_MIX=$(line_of mix)
FROM=$(gdb_addr "$F:$L_FROM") TO=$(gdb_addr "$F:$L_TO")
FIB=$(sym_addr "$ELF" fib)
# The return address of main's call of fib: after the jal and its delay
# slot (MIPS32 Vol. II, JAL).
JAL=$(mips-linux-gnu-objdump -d "$ELF" --disassemble=main |
      awk '/\tjal\t[0-9a-f]+ <fib>/ { sub(":", "", $1); print $1 }')
RET=$(printf '%x' $((0x${JAL:-0} + 8)))
echo "# GDB: $F:$L_FROM at $FROM, $F:$L_TO at $TO; fib at $FIB, returns to $RET"

qemu_program_log "$ELF" "$LIB"
LINES=$(oracle_instructions 34k "$ELF" "$FROM" "$TO")
python3 "$TOP/tests/vboard/qemu_count.py" --each "$E2E_TMP/program.log" "$ELF" \
    mips-linux-gnu-objdump "$FIB" "$RET" >"$E2E_TMP/fib"
FIBN=$(head -1 "$E2E_TMP/fib")
echo "# QEMU: $LINES instructions from line $L_FROM to line $L_TO; fib(10)'s calls: $(tr '\n' ' ' <"$E2E_TMP/fib")"
check "QEMU ran fib(10) in each of the 3 rounds with one count" \
    test "$(sort -u "$E2E_TMP/fib" | wc -l)" -eq 1 -a "$(wc -l <"$E2E_TMP/fib")" -eq 3

# The program runs its rounds once: a new board for each measurement.
fresh() {
    if [ -n "${QEMU_PID:-}" ]; then kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null; fi
    start_vboard_serving "$VBOARD" 34k "$ELF"
    T="127.0.0.1:$QEMU_PORT"
}
fresh

"$PMUCTL" -t "$T" measure --elf "$ELF" --from "$F:$L_FROM" --to "$F:$L_TO" \
    -e instructions -r 3 -x , >"$OUT" 2>"$OUT.err"
echo "# pmuctl: $(cat "$OUT" "$OUT.err" | tr '\n' ' ')"
check "--from $F:$L_FROM --to $F:$L_TO: QEMU's $LINES instructions in every iteration" \
    grep -qx "$LINES,,instructions,0.00%,3,100.00,,,exact," "$OUT"
check "it says which addresses the lines are (GDB's $FROM and $TO)" \
    grep -q "is 0x$FROM (main, $F:$L_FROM)" "$OUT.err"

fresh
"$PMUCTL" -t "$T" measure --elf "$ELF" --function fib -e instructions -r 3 -x , \
    >"$OUT" 2>&1
echo "# pmuctl --function fib: $(tr '\n' ' ' <"$OUT")"
check "--function fib: QEMU's $FIBN instructions of each outermost call, every iteration" \
    grep -qx "$FIBN,,instructions,0.00%,3,100.00,,,exact," "$OUT"
fresh
"$PMUCTL" -t "$T" measure --elf "$ELF" --function fib -e instructions >"$OUT" 2>&1
check "its table says what it measured" \
    grep -q "each outermost call of fib (0x$FIB) to its return" "$OUT"

"$PMUCTL" -t "$T" measure --elf "$ELF" --from fib --to fib -e instructions \
    >"$OUT" 2>&1
check "--from fib --to fib: says it counts from one arrival to the next, and names --function" \
    grep -q "from one arrival there to the next.*use --function NAME" "$OUT"

"$PMUCTL" -t "$T" measure --elf "$ELF" --from "$F:$L_MIX" --to "$F:$L_TO" \
    -e instructions >"$OUT" 2>&1
RC=$?
echo "# pmuctl --from $F:$L_MIX: $(cat "$OUT")"
check "a line inlined twice is refused (status $RC), both addresses named" \
    test "$RC" -eq 2 -a "$(grep -o "$F:$L_MIX in mix (inlined) at 0x" "$OUT" | wc -l)" -eq 2
finish
}
main "$@"
