/*
 * start.S - Malta start-up: CP0 into a known state, C environment, the
 * stub, a first stop before main, then main and its exit code to GDB.
 *
 * QEMU's -kernel enters here with the reset state of Status (ERL = 1,
 * BEV = 1; MD00090 "Reset Exception"), so nothing is assumed of it.
 */
    .set noreorder
    .section .text.start, "ax"
    .balign 4
    .globl _start
    .ent _start
_start:
    /* EBase is written while BEV = 1 (MD00090 EBase: changing it with
     * BEV = 0 is UNDEFINED); then Status = kernel mode, EXL = ERL = 0,
     * interrupts off, BEV = 0, and CU1 only if Config1.FP says an FPU
     * exists, so that hard-float programs run. */
    la      $t0, mips_ebase
    mtc0    $t0, $15, 1
    ehb
    mfc0    $t1, $16, 1
    andi    $t1, $t1, 1
    sll     $t1, $t1, 29
    mtc0    $t1, $12
    mtc0    $zero, $13          /* Cause.IV = 0: interrupts via 0x180 */
    ehb
    la      $sp, _stack_top
    la      $gp, _gp            /* for programs built without -G0 */
    la      $a0, __bss_start    /* the program's bss (kseg0) */
    la      $a1, __bss_end
    jal     zero_words
    nop
    la      $a0, __stub_bss_start /* the stub's (kseg1, malta.ld) */
    la      $a1, __stub_bss_end
    jal     zero_words
    nop
    jal     pmustub_board_init
    nop
    /* The first stop: GDB attaches here, before any user code runs. The
     * port steps over this instruction when GDB resumes. */
    .globl pmustub_boot_break
pmustub_boot_break:
    break   0x3ff
    /* main is in kseg0, this code in kseg1 (malta.ld): a jal would keep
     * the top four bits of this pc (MD00086 JAL), so through a register. */
    la      $t9, main
    jalr    $t9
    nop
    jal     pmustub_exit
    move    $a0, $v0
3:  b       3b
    nop
    .end _start

/* zero_words(a0 = start, a1 = end): zeroes the words in [start, end). */
    .ent zero_words
zero_words:
1:  beq     $a0, $a1, 2f
    nop
    sw      $zero, 0($a0)
    b       1b
    addiu   $a0, $a0, 4
2:  jr      $ra
    nop
    .end zero_words
