#!/usr/bin/env bash
# End to end: pmuctl record through OpenOCD 0.12 (a configuration as its
# manual has a user write one: oo_stock_cfg, no gdb_breakpoint_override)
# on vboard's 34K, with no stub on the target: the samples are taken at
# halts on a hardware breakpoint at the counter interrupt's vector
# (docs/record.md, "Through OpenOCD"). The program is bare metal, written
# here from the MIPS32 PRA (MD00090): its own vectors (EBase, Cause.IV:
# interrupts at EBase + 0x200), its own timer interrupt on IP7 (the line
# the 34K's counter interrupt shares, IntCtl.IPPCI = IPTI = 7), and three
# functions of 4,003, 8,003 and 12,003 instructions a call.
#  - record -e instructions:9973 --samples 200: exactly 200 samples; each
#    function's share within 5 points of its share of the instructions QEMU
#    executes of the same ELF between round and round_end (record_shares.py
#    over QEMU's exec log); the program's own timer interrupts went on to
#    its handler (its tick count moved, read by GDB afterwards);
#  - the same program with Status.IE = 0: record refuses, naming the
#    Status value, and writes nothing, within 30 s (a hang bound: pmuctl
#    looks after 2 s without a sample).
# Usage: record_openocd.sh PMUCTL VBOARD TOP_SRC_DIR
PMUCTL=$1 VBOARD=$2 TOP=$3
. "$(dirname "$0")/openocd_lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
trap 'oo_cleanup; e2e_cleanup' EXIT
OBJDUMP=mips-linux-gnu-objdump

# prog.S with STATUS the Status value it runs with.
build() {
    cat >"$OO_TMP/prog.S" <<'S'
    .set noreorder
    .set noat
    .text
    .globl __start
__start:
    la      $sp, stack_top
    # EBase (CP0 15.1, bits 29:12) = vectors; Cause.IV (bit 23) = 1: an
    # interrupt enters at EBase + 0x200 (MD00090 6.2.1, 9.22, 9.29).
    la      $t0, vectors
    mtc0    $t0, $15, 1
    li      $t0, 0x00800000
    mtc0    $t0, $13
    # The timer: Count (9) reaching Compare (11) interrupts (MD00090 9.14).
    mfc0    $t0, $9
    li      $t1, 0x80000
    addu    $t0, $t0, $t1
    mtc0    $t0, $11
    # Status (12): IM7 (bit 15), IE (bit 0) as the build says; BEV, EXL,
    # ERL 0, kernel mode (MD00090 9.18).
    li      $t0, STATUS
    mtc0    $t0, $12
    ehb
    .globl round
round:
    jal     f_one
    nop
    jal     f_two
    nop
    jal     f_three
    nop
    .globl round_end
round_end:
    b       round
    nop

    .macro loop name, n
    .globl \name
    .type \name, @function
\name:
    li      $t0, \n
1:  addiu   $t0, $t0, -1
    nop
    bnez    $t0, 1b
    nop
    jr      $ra
    nop
    .size \name, .-\name
    .endm
    loop    f_one, 1000
    loop    f_two, 2000
    loop    f_three, 3000

    .align  12
vectors:
    .space  0x200
    # The next tick, and one more in ticks; Compare's write clears the
    # interrupt (MD00090 9.14).
    .globl timer_irq
    .type timer_irq, @function
timer_irq:
    mfc0    $k0, $9
    li      $k1, 0x80000
    addu    $k0, $k0, $k1
    mtc0    $k0, $11
    la      $k1, ticks
    lw      $k0, 0($k1)
    addiu   $k0, $k0, 1
    sw      $k0, 0($k1)
    eret
    .size timer_irq, .-timer_irq

    .data
    .globl ticks
ticks:
    .word   0
    .bss
    .align  3
    .space  4096
stack_top:
S
    mips-linux-gnu-gcc -march=34kc -mno-dsp -mno-abicalls -fno-pic -nostdlib -static \
        -DSTATUS="$1" -Wl,-Ttext=0x80100000 -x assembler-with-cpp \
        -o "$2" "$OO_TMP/prog.S"
}

# serve ELF: vboard running ELF behind OpenOCD, the last pair stopped.
serve() {
    for p in $OO_PIDS; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
    OO_PIDS=""
    oo_stock_serve "$1"
}

main() {
OUT=$OO_TMP/out
P=$OO_TMP/prog.elf M=$OO_TMP/masked.elf
build 0x8001 "$P"
build 0x8000 "$M"
check "the programs link" test -s "$P" -a -s "$M"
R=$(sym_addr "$P" round) RE=$(sym_addr "$P" round_end)
oo_qemu_exec_log "$P" "$RE"
python3 "$TOP/tests/e2e/record_shares.py" mips "$OO_TMP/exec.log" "$P" \
    mips-linux-gnu-nm "$OBJDUMP" "$R" "$RE" >"$OO_TMP/oracle"
echo "# QEMU's shares of round..round_end: $(tr '\n' ' ' <"$OO_TMP/oracle")"
check "QEMU's shares are there" grep -q "^f_three " "$OO_TMP/oracle"

serve "$P"
oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" record --elf "$P" -e instructions:9973 --samples 200 \
    -o "$OO_TMP/rec.data" >"$OUT" 2>"$OO_TMP/err"
RC=$?
echo "# record ($RC): $(cat "$OO_TMP/err")"
check "record: exit status 0, 200 samples written" \
    grep -q "^pmuctl record: 200 samples of instructions, one every 9973, simulated by vboard (0 lost), written to" "$OO_TMP/err"
test "$RC" = 0 || check "record's exit status is 0 ($RC)" false
check "record says the samples were taken by halting the core through OpenOCD, and what that costs" \
    grep -Eq "each sample halted the core through OpenOCD at the counter's interrupt vector 0x80101200 \(200 halts, .*ms of wall time a sample" "$OO_TMP/err"
"$PMUCTL" report -i "$OO_TMP/rec.data" --json >"$OO_TMP/rec.json" 2>>"$OUT"
"$PMUCTL" report -i "$OO_TMP/rec.data" | sed 's/^/#   /'
check "each function's share of the samples is within 5 points of QEMU's" \
    python3 "$TOP/tests/e2e/record_shares_check.py" "$OO_TMP/oracle" "$OO_TMP/rec.json" \
        instructions 9973 200 5
PASSED=$(sed -n "s/.*halts, and \([0-9]*\) of the program's own.*/\1/p" "$OO_TMP/err")
oo_gdb_idle "$OO_TMP/openocd.log"
gdb_batch "file $P" "target remote $T" 'printf "TICKS=%u\n", *(unsigned *)&ticks' "detach" \
    >"$OO_TMP/gdb" 2>&1
TICKS=$(sed -n 's/^TICKS=//p' "$OO_TMP/gdb")
test -n "$TICKS" || sed 's/^/#   /' "$OO_TMP/gdb"
echo "# the program's timer ticks: $TICKS; interrupts of the program's let through: $PASSED"
check "the program's own timer interrupts reached its handler during the record" \
    test "${PASSED:-0}" -gt 0 -a "${TICKS:-0}" -ge "${PASSED:-1}"

# ---- Status.IE = 0: the counter's interrupt is never taken.
serve "$M"
oo_gdb_idle "$OO_TMP/openocd.log"
T0=$SECONDS
"$PMUCTL" -t "$T" record --elf "$M" -e instructions:9973 --samples 200 \
    -o "$OO_TMP/masked.data" >"$OUT" 2>"$OO_TMP/err"
RC=$? TOOK=$((SECONDS - T0))
echo "# masked record ($RC, ${TOOK} s): $(cat "$OO_TMP/err")"
check "masked: over within 30 s, not waiting for samples that never come" test "$TOOK" -lt 30
check "masked: refused (status 1), naming Status 0x00008000 and IE 0" \
    test "$RC" = 1 -a "$(grep -c "keeps the counter's interrupt masked (Status 0x00008000: IE 0, EXL 0, ERL 0, IM7 1)" "$OO_TMP/err")" = 1
check "masked: no record file, nothing on stdout" test ! -e "$OO_TMP/masked.data" -a ! -s "$OUT"
}
main
finish
