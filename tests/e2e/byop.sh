#!/usr/bin/env bash
# A page's link command for one board (the README's; docs/linking.md's for
# VLE), run as written there: a user's main() links with libpmustub.a,
# boots with the page's QEMU line (vboard's for a chip QEMU has not), and
# GDB debugs it.
# With "vle": the page's command for VLE code on that board, on a VLE
# counted loop between two labels (prog.S), booted on vboard's e200z7 as
# the page says (ppce500: --cpu e200z7; mpc5674f: the chip's machine);
# pmuctl counts each bracket with tracepoints and with breakpoints
# (oracles: arithmetic, 2 + 2 * 50 instructions, and vboard's own count
# of the same ELF with no debugger) and GDB, told the architecture first,
# debugs it.
# Usage: byop.sh PAGE.md TARGET_DIR(build/target/<board>) [vle]
. "$(dirname "$0")/lib.sh"
PAGE=$1
TDIR=$(readlink -f "$2")
BOARD=$(basename "$TDIR")
VLE=${3:-}
OUT=$E2E_TMP/gdb.out

# Per board: its compiler (which starts its link command) and QEMU.
SERIAL=-serial
case $BOARD in
malta) CC=mips-linux-gnu-gcc QEMU=qemu-system-mips ;;
ppce500) CC=powerpc-linux-gnu-gcc QEMU=qemu-system-ppc ;;
mpc5674f) CC=powerpc-linux-gnu-gcc QEMU="build/bin/vboard --machine mpc5674f" SERIAL=--serial ;;
*) echo "FAIL - byop.sh knows no board $BOARD"; exit 1 ;;
esac
NM=${CC%gcc}nm
GDB_ARCH=()
if [ -n "$VLE" ]; then
    # The VLE command (its script's name says it), vboard's e200z7 (for
    # ppce500, which QEMU runs with no VLE; the chip's machine for a
    # chip); GDB must be told the architecture before it reads a VLE ELF
    # (docs/linking.md).
    LINE="^$CC .*build/target/$BOARD/${BOARD}_vle\\.ld .*build/target/$BOARD/libpmustub\\.a"
    [ "$BOARD" = ppce500 ] && QEMU="build/bin/vboard --cpu e200z7" SERIAL=--serial
    GDB_ARCH=("set architecture powerpc:e500")
else
    LINE="^$CC .*build/target/$BOARD/libpmustub\\.a"
fi

cmd=$(grep -E "$LINE" "$PAGE" | head -1)
check "the page shows a link command" test -n "$cmd"
cat >"$E2E_TMP/prog.c" <<'C'
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) { return fib(11); } /* 89 */
C
# VLE: main runs the bracket mark_begin..mark_end 5 times, each 2 + 2 * 50
# instructions (e_li, se_mtctr, 50 times se_addi and e_bdnz), and
# returns 89.
cat >"$E2E_TMP/prog.S" <<'S'
    .text
    .globl main
main:
    e_li    %r6, 5
1:
    .globl mark_begin
mark_begin:
    e_li    %r4, 50
    se_mtctr %r4
2:  se_addi %r3, 1
    e_bdnz  2b
    .globl mark_end
mark_end:
    se_subi %r6, 1
    se_cmpi %r6, 0
    se_bne  1b
    se_li   %r3, 89
    se_blr
    .section .note.GNU-stack, "", @progbits
S
cmd=${cmd//build\/target\/$BOARD/$TDIR}
(cd "$E2E_TMP" && eval "$cmd") >"$OUT" 2>&1
check "the page's command links prog.$([ -n "$VLE" ] && echo S || echo c) without a warning" \
    bash -c "test -s '$E2E_TMP/prog.elf' && ! grep -q . '$OUT'"
head -20 "$OUT"
[ -z "$VLE" ] || check "its main is VLE code (readelf flag v)" \
    bash -c "${CC%gcc}readelf -SW '$E2E_TMP/prog.elf' | grep -qE ' AXv '"

# The page's boot line; qemu_serving gives its -serial the real port.
boot=$(grep -oE "\`$QEMU [^\`]* $SERIAL tcp:127.0.0.1:PORT,server[^\`]*\`" "$PAGE" | head -1)
check "the page shows how it boots" test -n "$boot"
boot=${boot//\`/}
boot=${boot% $SERIAL *}
boot=${boot//prog.elf/$E2E_TMP/prog.elf}
# boot_it: the board as the page boots it, its line on QEMU_PORT.
boot_it() {
    if [ "${QEMU%% *}" = build/bin/vboard ]; then
        # vboard in the build tree (TARGET_DIR's ../../bin), serving its
        # line as qemu_serving does QEMU's.
        QEMU_PORT=$(free_port)
        rm -f "$E2E_TMP/vboard.log"
        ${boot/build\/bin\/vboard/$TDIR/../../bin/vboard} --no-reboot \
            --serial "tcp:127.0.0.1:$QEMU_PORT,server" >"$E2E_TMP/vboard.log" 2>&1 </dev/null &
        E2E_PIDS+=($!)
        wait_log "waiting for a serial client" "$E2E_TMP/vboard.log" vboard
    else
        qemu_serving $boot </dev/null
    fi
}
if [ -n "$VLE" ]; then
    # vboard's own count of the second bracket, no debugger: the page's
    # boot line on a copy whose boot stop is a no-op.
    sym() { $NM "$E2E_TMP/prog.elf" | awk -v s="$1" '$3 == s { print $1 }'; }
    python3 "$(dirname "$0")/../vboard/no_boot_stop.py" "$E2E_TMP/prog.elf" "$E2E_TMP/plain.elf" \
        "$(sym pmustub_boot_break)" 60000000
    plain=${boot/prog.elf/plain.elf}
    ${plain/build\/bin\/vboard/$TDIR/../../bin/vboard} --count-events \
        "0x$(sym mark_begin):0x$(sym mark_end):2" </dev/null >/dev/null 2>"$OUT"
    check "vboard's own count, no debugger: 102 instructions (2 + 2 * 50)" \
        grep -qx "instructions 102" "$OUT"
fi
boot_it
if [ -n "$VLE" ]; then
    for how in "" --no-trace; do
        "$TDIR/../../bin/pmuctl" -t "127.0.0.1:$QEMU_PORT" measure $how --elf "$E2E_TMP/prog.elf" \
            --from mark_begin --to mark_end -e instructions -r 2 -x , >"$OUT" 2>&1
        cat "$OUT"
        check "pmuctl ${how:-(tracepoints)}: 102 instructions (2 + 2 * 50) in each of 2 brackets" \
            grep -qx "102,,instructions,0.00%,2,100.00,,,exact," "$OUT"
    done
    boot_it
fi
gdb_batch "${GDB_ARCH[@]}" "file $E2E_TMP/prog.elf" "target remote 127.0.0.1:$QEMU_PORT" \
    "printf \"FIRST pc=%x\\n\", \$pc" "break main" "continue" "continue" >"$OUT"
# nm's address, its low 32 bits as GDB's %x prints them (MIPS nm prints
# kseg0 sign-extended to 64 bits).
BOOT=$($NM "$E2E_TMP/prog.elf" |
    awk '$3 == "pmustub_boot_break" { a = substr($1, length($1) - 7); sub(/^0+/, "", a); print a }')
check "the first stop is before main, at the start-up code's break" \
    has "FIRST pc=$BOOT"
check "a breakpoint on the user's main is hit" has "Breakpoint 1, "
check "main's return value reaches GDB as the exit code (fib(11) = 89)" \
    has "exited with code $(printf '0%o' 89)]"
finish
