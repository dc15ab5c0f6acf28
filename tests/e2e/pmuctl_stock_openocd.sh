#!/usr/bin/env bash
# End to end: pmuctl measure, record and proxy, and plain GDB, through
# OpenOCD 0.12 with a configuration as its manual has a user write one
# (oo_stock_cfg: no gdb_breakpoint_override, so GDB's breakpoints are
# SDBBPs, whose halt OpenOCD reports with signal 0), on vboard's 34K, on
# a program of our own with LIKWID-style marker functions and plain
# labels, linked one of two ways:
#   readme: the README's MIPS command (with the stub; its boot stop made a
#           no-op, as docs/vboard.md says, since no GDB is on its UART);
#   ttext:  -Wl,-Ttext=0x80100000 and the default linker script, which
#           puts .MIPS.abiflags and .reginfo in a segment at 0x00400118,
#           where the board has no memory.
# Usage: pmuctl_stock_openocd.sh PMUCTL VBOARD MALTA_DIR README TOP_SRC_DIR readme|ttext
# Oracles: QEMU's execution of the same ELF (qemu_count.py) for every
# count; nm for the addresses GDB stops at.
PMUCTL=$1 VBOARD=$2 MALTA=$(readlink -f "$3") README=$4 TOP=$5 LINK=$6
. "$(dirname "$0")/openocd_lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
trap 'oo_cleanup; e2e_cleanup' EXIT

main() {
OUT=$OO_TMP/out
# ---- The program: two brackets, one between marker functions (calls
# kept: GCC -O2 deletes calls to an empty function it sees, noinline or
# not, so they are noipa too), one between plain labels.
cat >"$OO_TMP/prog.c" <<'C'
void __attribute__((noinline, noipa)) region_begin(void) {}
void __attribute__((noinline, noipa)) region_end(void) {}
volatile int sink;
static void __attribute__((noinline)) work(int n)
{
    for (int i = 0; i < n; i++)
        sink += i;
}
int main(void)
{
    for (;;) {
        region_begin();
        work(100);
        region_end();
        __asm__ volatile(".globl mark_begin\nmark_begin:" ::: "memory");
        work(7);
        __asm__ volatile(".globl mark_end\nmark_end:" ::: "memory");
    }
}
C
cmd=$(grep -E "^mips-linux-gnu-gcc .*build/target/malta/libpmustub\.a" "$README" | head -1)
check "the README shows the MIPS command" test -n "$cmd"
if [ "$LINK" = readme ]; then
    cmd=${cmd//build\/target\/malta/$MALTA}
    (cd "$OO_TMP" && eval "$cmd") >"$OUT" 2>&1
    python3 "$TOP/tests/vboard/no_boot_stop.py" "$OO_TMP/prog.elf" "$OO_TMP/p.elf" \
        "$(sym_addr "$OO_TMP/prog.elf" pmustub_boot_break)" 00000000
else
    # The same flags, the default linker script, a start-up of our own.
    cat >"$OO_TMP/start.S" <<'S'
    .set noreorder
    .text
    .globl __start
__start:
    la      $gp, _gp
    la      $sp, stack_top
    jal     main
    nop
1:  b       1b
    nop
    .bss
    .align  3
    .space  4096
stack_top:
S
    cmd=${cmd/-T build\/target\/malta\/malta.ld/-Wl,-Ttext=0x80100000 start.S}
    cmd=${cmd/ build\/target\/malta\/libpmustub.a/}
    cmd=${cmd/-o prog.elf/-o p.elf}
    (cd "$OO_TMP" && eval "$cmd") >"$OUT" 2>&1
    check "-Ttext with the default script: metadata in a segment at 0x00400118" \
        bash -c "mips-linux-gnu-readelf -lW '$OO_TMP/p.elf' | grep -qE 'LOAD +0x[0-9a-f]+ 0x00400000'"
fi
P=$OO_TMP/p.elf
check "the program links ($LINK)" test -s "$P"
cat "$OUT"
RB=$(sym_addr "$P" region_begin) RE=$(sym_addr "$P" region_end)
MB=$(sym_addr "$P" mark_begin) ME=$(sym_addr "$P" mark_end)

oo_qemu_exec_log "$P" "$ME"
Q_REGION=$(oo_qemu_count "$P" "$RB" "$RE" "$TOP")
Q_MARK=$(oo_qemu_count "$P" "$MB" "$ME" "$TOP")
echo "# QEMU: region_begin..region_end $Q_REGION, mark_begin..mark_end $Q_MARK"
check "QEMU's counts are there" test -n "$Q_REGION" -a -n "$Q_MARK"

# ---- vboard, OpenOCD with the stock configuration.
oo_stock_serve "$P"

for b in "region_begin region_end $Q_REGION" "mark_begin mark_end $Q_MARK"; do
    set -- $b
    oo_gdb_idle "$OO_TMP/openocd.log"
    "$PMUCTL" -t "$T" measure --elf "$P" --from "$1" --to "$2" -e instructions -r 3 \
        -x , >"$OUT" 2>"$OO_TMP/err"
    echo "# pmuctl $1..$2: $(cat "$OUT") $(cat "$OO_TMP/err")"
    check "measure $1..$2: QEMU's $3 in each of 3 brackets, without a word on stderr" \
        test "$(cat "$OUT")" = "$3,,instructions,0.00%,3,100.00,,,exact," -a ! -s "$OO_TMP/err"
done
# ---- record: with no stub taking the counter's interrupt, record samples
# by halting at its vector (record_openocd.sh); this program runs with
# interrupts off (Status.IE 0: the stub's start-up does not open them
# without a GDB), so no sample can come: refused, naming Status; the next
# measure still works.
oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" record --elf "$P" -e instructions:997 -o "$OO_TMP/rec.data" \
    >"$OUT" 2>"$OO_TMP/err"
RC=$?
echo "# record: $(cat "$OO_TMP/err")"
check "record: refused, status 1, one line: the counter's interrupt masked, with Status" \
    test "$RC" = 1 -a "$(wc -l <"$OO_TMP/err")" = 1 \
         -a "$(grep -c "keeps the counter's interrupt masked (Status 0x[0-9a-f]\{8\}: IE 0" "$OO_TMP/err")" = 1
check "record: no sample taken, no file written, nothing on stdout" \
    test ! -e "$OO_TMP/rec.data" -a ! -s "$OUT"
oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" measure --elf "$P" --from region_begin --to region_end -e instructions \
    -r 2 -x , >"$OUT" 2>"$OO_TMP/err"
check "measure after the refused record: QEMU's $Q_REGION in each of 2 brackets" \
    test "$(cat "$OUT")" = "$Q_REGION,,instructions,0.00%,2,100.00,,,exact," -a ! -s "$OO_TMP/err"

# ---- GDB through the proxy: every breakpoint hit is a breakpoint, each
# continue reaches the next one, with more breakpoints than the core's
# four instruction breakpoints (the rest are OpenOCD's SDBBPs).
pm_pick_port PP
"$PMUCTL" -t "$T" proxy --listen "127.0.0.1:$PP" 2>"$OO_TMP/proxy.log" &
oo_track $!
for _ in $(seq 100); do grep -q "listening for GDB" "$OO_TMP/proxy.log" && break; sleep 0.1; done
oo_gdb_idle "$OO_TMP/openocd.log"
# (The core halts wherever GDB finds it: region_end's breakpoint goes in
# once the program is at region_begin.)
gdb_batch "file $P" "target remote 127.0.0.1:$PP" "break region_begin" \
    "continue" 'printf "AT=%08x\n", $pc' "break region_end" 'set $perfctl1 = 0x2a' 'set $perfcnt1 = 0' \
    "continue" 'printf "AT=%08x CNT=%u\n", $pc, $perfcnt1' \
    "break *0x$MB" "break *0x$ME" "break work" "break main" \
    "continue" 'printf "AT=%08x\n", $pc' 'set $perfcnt1 = 0' "stepi" 'printf "AT=%08x\n", $pc' \
    "continue" 'printf "AT=%08x CNT=%u\n", $pc, $perfcnt1' \
    "continue" 'printf "AT=%08x\n", $pc' "delete" "detach" >"$OO_TMP/gdb" 2>&1
WORK=$(sym_addr "$P" work)
echo "# proxy: $(grep -E '^AT=' "$OO_TMP/gdb" | tr '\n' ' ')"
check "proxy: the stops, in order: region_begin, region_end, mark_begin, work (stepi: jal and its slot), mark_end, region_begin" \
    test "$(grep -E '^AT=' "$OO_TMP/gdb" | cut -c4-11 | tr '\n' ' ')" = "$RB $RE $MB $WORK $ME $RB "
check "proxy: perfcnt1 counted region_begin..region_end as QEMU ($Q_REGION)" \
    grep -q "^AT=$RE CNT=$Q_REGION$" "$OO_TMP/gdb"
check "proxy: ... and mark_begin..mark_end ($Q_MARK), through the breakpoint at work" \
    grep -q "^AT=$ME CNT=$Q_MARK$" "$OO_TMP/gdb"
check "proxy: each continue stopped at a breakpoint hit, never 'Program stopped.'" \
    test "$(grep -cE '^Breakpoint [0-9]+, ' "$OO_TMP/gdb")" -ge 5 \
         -a "$(grep -c 'Program stopped' "$OO_TMP/gdb")" = 0

# ---- monitor pmuctl inside GDB through the proxy (docs/proxy.md, "pmuctl
# inside GDB"): a breakpoint set before the measure, the measure's table
# in GDB's console, then GDB reads the new stop and the breakpoint stops
# the next continue.
oo_gdb_idle "$OO_TMP/openocd.log"
gdb_batch "file $P" "target remote 127.0.0.1:$PP" "break region_begin" \
    "echo @@MEASURE\\n" \
    "monitor pmuctl measure --elf $P --from mark_begin --to mark_end -e instructions -r 3 -x ," \
    "echo @@FLUSH\\n" "maint flush register-cache" 'printf "AT=%08x\n", $pc' \
    "continue" 'printf "AT=%08x\n", $pc' "echo @@PMU\\n" "info registers pmu" \
    "echo @@END\\n" "delete" "detach" >"$OO_TMP/gdb" 2>&1
echo "# monitor pmuctl: $(sed -n '/@@MEASURE/,/@@FLUSH/p' "$OO_TMP/gdb" | tr '\n' ' ')"
check "monitor pmuctl measure mark_begin..mark_end in GDB: QEMU's $Q_MARK in each of 3 brackets" \
    bash -c "sed -n '/@@MEASURE/,/@@FLUSH/p' '$OO_TMP/gdb' | grep -qx '$Q_MARK,,instructions,0.00%,3,100.00,,,exact,'"
check "... says the program is stopped at mark_end, where GDB finds it after the flush" \
    bash -c "grep -q 'stopped at pc 0x$ME' '$OO_TMP/gdb' && test \"\$(grep -E '^AT=' '$OO_TMP/gdb' | cut -c4-11 | tr '\n' ' ')\" = '$ME $RB '"
check "... the breakpoint set before stops the next continue (Breakpoint 1), info registers pmu after" \
    bash -c "grep -q '^Breakpoint 1, ' '$OO_TMP/gdb' && sed -n '/@@PMU/,/@@END/p' '$OO_TMP/gdb' | grep -q '^perfcnt0'"

# ---- Plain GDB on OpenOCD (what the proxy does better): an SDBBP halt
# is signal 0, "Program stopped."; told "set osabi none", GDB steps off a
# breakpoint with vCont;s (OpenOCD: Debug.SSt, SIGTRAP) and continue
# reaches the next breakpoint.
oo_gdb_idle "$OO_TMP/openocd.log"
gdb_batch "file $P" "target extended-remote $T" "break region_begin" "continue" \
    "break region_end" "continue" 'printf "AT=%08x\n", $pc' "delete" "detach" >"$OO_TMP/plain" 2>&1
echo "# plain GDB: $(grep -E '^AT=' "$OO_TMP/plain") $(grep -c 'Program stopped' "$OO_TMP/plain") x 'Program stopped.'"
check "plain OpenOCD: the breakpoint hit at region_begin is 'Program stopped.' (signal 0)" \
    grep -q "Program stopped" "$OO_TMP/plain"
oo_gdb_idle "$OO_TMP/openocd.log"
gdb_batch "file $P" "set osabi none" "target extended-remote $T" "break region_begin" \
    "continue" "break region_end" "continue" 'printf "AT=%08x\n", $pc' "delete" \
    "detach" >"$OO_TMP/plain" 2>&1
check "plain OpenOCD, osabi none: continue from region_begin reaches region_end" \
    grep -q "^AT=$RE$" "$OO_TMP/plain"

check "OpenOCD never lost a processor access" \
    test "$(grep -cE 'No memory access in progress|couldn.t access reg' "$OO_TMP/openocd.log")" = 0
OUT=$OO_TMP/gdb
finish
}
main
