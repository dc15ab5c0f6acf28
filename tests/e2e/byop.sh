#!/usr/bin/env bash
# The README's "Bring your own program" command, run as written there:
# a user's main() links with libpmustub.a and GDB debugs it on QEMU.
# Usage: byop.sh README.md TARGET_DIR(build/target/malta)
. "$(dirname "$0")/lib.sh"
README=$1
TDIR=$(readlink -f "$2")
OUT=$E2E_TMP/gdb.out

cmd=$(grep -E '^mips-linux-gnu-gcc .*libpmustub\.a' "$README" | head -1)
check "the README shows a link command" test -n "$cmd"
cat >"$E2E_TMP/prog.c" <<'C'
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) { return fib(11); } /* 89 */
C
cmd=${cmd//build\/target\/malta/$TDIR}
(cd "$E2E_TMP" && eval "$cmd") >"$OUT" 2>&1
check "the README's command links prog.c without a warning" \
    bash -c "test -s '$E2E_TMP/prog.elf' && ! grep -q . '$OUT'"
head -20 "$OUT"

start_qemu "$E2E_TMP/prog.elf"
gdb_batch "file $E2E_TMP/prog.elf" "target remote 127.0.0.1:$QEMU_PORT" \
    "printf \"FIRST pc=%x\\n\", \$pc" "break main" "continue" "continue" >"$OUT"
BOOT=$(sym_addr "$E2E_TMP/prog.elf" pmustub_boot_break)
check "the first stop is before main, at the start-up code's break" \
    has "FIRST pc=$BOOT"
check "a breakpoint on the user's main is hit" has "Breakpoint 1, "
check "main's return value reaches GDB as the exit code (fib(11) = 89)" \
    has "exited with code $(printf '0%o' 89)]"
finish
