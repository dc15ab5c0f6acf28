#!/usr/bin/env bash
# The README's "Bring your own program" command for one board, run as
# written there: a user's main() links with libpmustub.a, boots with the
# README's QEMU line (vboard's for a chip QEMU has not), and GDB debugs it.
# Usage: byop.sh README.md TARGET_DIR(build/target/<board>)
. "$(dirname "$0")/lib.sh"
README=$1
TDIR=$(readlink -f "$2")
BOARD=$(basename "$TDIR")
OUT=$E2E_TMP/gdb.out

# Per board: its compiler (which starts its README command) and QEMU.
SERIAL=-serial
case $BOARD in
malta) CC=mips-linux-gnu-gcc QEMU=qemu-system-mips ;;
ppce500) CC=powerpc-linux-gnu-gcc QEMU=qemu-system-ppc ;;
mpc5674f) CC=powerpc-linux-gnu-gcc QEMU=build/bin/vboard SERIAL=--serial ;;
*) echo "FAIL - byop.sh knows no board $BOARD"; exit 1 ;;
esac
NM=${CC%gcc}nm

cmd=$(grep -E "^$CC .*build/target/$BOARD/libpmustub\\.a" "$README" | head -1)
check "the README shows a link command" test -n "$cmd"
cat >"$E2E_TMP/prog.c" <<'C'
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) { return fib(11); } /* 89 */
C
cmd=${cmd//build\/target\/$BOARD/$TDIR}
(cd "$E2E_TMP" && eval "$cmd") >"$OUT" 2>&1
check "the README's command links prog.c without a warning" \
    bash -c "test -s '$E2E_TMP/prog.elf' && ! grep -q . '$OUT'"
head -20 "$OUT"

# The README's boot line; qemu_serving gives its -serial the real port.
boot=$(grep -oE "\`$QEMU [^\`]* $SERIAL tcp:127.0.0.1:PORT,server\`" "$README" | head -1)
check "the README shows how it boots" test -n "$boot"
boot=${boot//\`/}
boot=${boot% $SERIAL *}
boot=${boot//prog.elf/$E2E_TMP/prog.elf}
if [ "$QEMU" = build/bin/vboard ]; then
    # vboard in the build tree (TARGET_DIR's ../../bin), serving its line
    # as qemu_serving does QEMU's.
    QEMU_PORT=$(free_port)
    rm -f "$E2E_TMP/vboard.log"
    ${boot/build\/bin\/vboard/$TDIR/../../bin/vboard} --no-reboot \
        --serial "tcp:127.0.0.1:$QEMU_PORT,server" >"$E2E_TMP/vboard.log" 2>&1 </dev/null &
    E2E_PIDS+=($!)
    wait_log "waiting for a serial client" "$E2E_TMP/vboard.log" vboard
else
    qemu_serving $boot </dev/null
fi
gdb_batch "file $E2E_TMP/prog.elf" "target remote 127.0.0.1:$QEMU_PORT" \
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
