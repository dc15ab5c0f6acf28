#!/usr/bin/env bash
# End to end: a pmuctl killed (SIGKILL) while it measures through OpenOCD
# 0.12 with a configuration as its manual has a user write one
# (oo_stock_cfg: breakpoints are SDBBPs written into the program) leaves
# SDBBPs in the program: OpenOCD cannot take them out of a running core.
# The next pmuctl session with --elf puts the ELF's instructions back,
# names the addresses, and measures. The program (oo_slow_prog) loops in
# slow for minutes, so that the killed session is killed while the core
# runs and the next client comes before the program reaches a breakpoint
# (a halted core's breakpoints OpenOCD does take out); the next session
# measures inner..inner_next inside the loop: one instruction (arithmetic
# on the program).
# Then a second such kill, and a GDB through pmuctl proxy --elf, which
# puts the SDBBP back before GDB meets it (below).
# Usage: openocd_killed.sh PMUCTL VBOARD TOP_SRC_DIR
PMUCTL=$1 VBOARD=$2 TOP=$3
. "$(dirname "$0")/openocd_lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
trap 'oo_cleanup; e2e_cleanup' EXIT

# words ADDR...: the program's words there as GDB reads them through OpenOCD.
words() {
    oo_gdb_idle "$OO_TMP/openocd.log"
    local a ex=()
    for a in "$@"; do ex+=("x/wx 0x$a"); done
    gdb_batch "file $FW" "target remote $T" "${ex[@]}" "detach" 2>&1 |
        sed -n 's/^0x[0-9a-f]*[^:]*:[[:space:]]*0x\([0-9a-f]*\)$/\1/p' | tr '\n' ' '
}

# A pmuctl measuring slow..slow_end, killed (SIGKILL) while it waits for
# slow: the program is in slow's loop, for minutes.
kill_measuring() {
    oo_gdb_idle "$OO_TMP/openocd.log"
    "$PMUCTL" -t "$T" measure --elf "$FW" --from slow --to slow_end -r 1000 \
        -e instructions --no-progress >"$OUT" 2>&1 &
    local pm=$!
    oo_track $pm
    sleep 8
    kill -9 $pm
    wait $pm 2>/dev/null
}

main() {
OUT=$OO_TMP/out
FW=$OO_TMP/prog.elf
oo_slow_prog "$FW"
SLOW=$(sym_addr "$FW" slow) END=$(sym_addr "$FW" slow_end)
ELF_WORDS=$(for a in "$SLOW" "$END"; do
    mips-linux-gnu-objdump -d --start-address=0x$a --stop-address=$((0x$a + 4)) "$FW" |
        awk '/^ *[0-9a-f]+:/ { print $2 }'; done | tr '\n' ' ')
oo_stock_serve "$FW"
kill_measuring
LEFT=$(words "$SLOW" "$END")
echo "# slow, slow_end after the SIGKILL: $LEFT (the ELF: $ELF_WORDS)"
check "the killed session left an SDBBP in the program" \
    grep -q 7000003f <<<"$LEFT"
oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" measure --elf "$FW" --from inner --to inner_next -e instructions \
    -r 2 -x , >"$OUT" 2>"$OO_TMP/err"
RC=$?
echo "# next session ($RC): $(cat "$OUT") $(cat "$OO_TMP/err")"
check "the next session names what it put back" \
    grep -q "^pmuctl: put back the ELF's instruction at 0x" "$OO_TMP/err"
check "... and measures inner..inner_next: 1 instruction in each of 2 brackets" \
    test "$RC" = 0 -a "$(cat "$OUT")" = "1,,instructions,0.00%,2,100.00,,,exact,"
NOW=$(words "$SLOW" "$END")
echo "# slow, slow_end now: $NOW"
check "the program's words are the ELF's again" test "$NOW" = "$ELF_WORDS"

# Killed again, the same way: the SDBBP at slow is back. A GDB through
# pmuctl proxy --elf meets the ELF's word there (the proxy puts it back
# when the GDB connects, and says so), and its own breakpoint at
# inner_next is reached as a breakpoint.
kill_measuring
LEFT=$(words "$SLOW")
echo "# slow after the second SIGKILL: $LEFT"
check "the second killed session left an SDBBP at slow" grep -q 7000003f <<<"$LEFT"
oo_gdb_idle "$OO_TMP/openocd.log"
pm_pick_port PP
"$PMUCTL" -t "$T" proxy --elf "$FW" --listen "127.0.0.1:$PP" 2>"$OO_TMP/proxy.log" &
PROXY=$!
oo_track $PROXY
for _ in $(seq 300); do grep -q "listening for GDB" "$OO_TMP/proxy.log" && break; sleep 0.1; done
NEXT=$(sym_addr "$FW" inner_next)
gdb_batch "file $FW" "target remote 127.0.0.1:$PP" "x/wx 0x$SLOW" "break *0x$NEXT" \
    "continue" 'printf "AT=%08x\n", $pc' "delete" "detach" >"$OO_TMP/gdb2"
sed 's/^/#   /' "$OO_TMP/proxy.log"
WORD=$(sed -n 's/^0x[0-9a-f]*[^:]*:[[:space:]]*0x\([0-9a-f]*\)$/\1/p' "$OO_TMP/gdb2")
AT=$(sed -n 's/^AT=//p' "$OO_TMP/gdb2")
echo "# through the proxy: slow holds $WORD, stopped at $AT (inner_next $NEXT)"
check "the proxy names what it put back" \
    grep -q "put back the ELF's instruction at 0x$SLOW (MIPS32 SDBBP)" "$OO_TMP/proxy.log"
check "GDB through the proxy reads the ELF's word at slow" \
    test "$WORD" = "$(echo "$ELF_WORDS" | cut -d' ' -f1)"
check "... and stops at its breakpoint at inner_next" \
    bash -c "[ '$AT' = '$NEXT' ] && grep -q '^Breakpoint 1, ' '$OO_TMP/gdb2'"
}
main
finish
