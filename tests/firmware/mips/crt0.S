/*
 * crt0.S - start-up code for vboard's differential-test firmware. Runs the
 * same way under QEMU's Malta -kernel and under vboard: saves the registers
 * the boot loader left (boot_regs, for the boot-state test), sets up a
 * stack, clears .bss, then calls setup(), work() and report(). The labels
 * work_begin/work_end bracket the measured part (--count-insns and QEMU's
 * execution log count the instructions between them). Ends by writing 0x42
 * to the Malta FPGA SOFTRES register (physical 0x1f000500), which resets the
 * board; run with -no-reboot / --no-reboot that ends the simulation.
 */
        .set    noreorder
        .set    nomips16        /* MIPS32 even when built with -mips16 (mips16.c) */
        .section .text.start, "ax"
        .globl  _start
        .ent    _start
_start:
        la      $t8, boot_regs
        sw      $sp, 0($t8)
        sw      $a0, 4($t8)
        sw      $a1, 8($t8)
        sw      $a2, 12($t8)
        sw      $a3, 16($t8)
        sw      $t9, 20($t8)
        sw      $k0, 24($t8)
        sw      $k1, 28($t8)
        sw      $ra, 32($t8)
        mfc0    $t0, $12
        sw      $t0, 36($t8)
        la      $sp, _stack_top
        la      $t0, __bss_start
        la      $t1, _end
1:      beq     $t0, $t1, 2f
        nop
        sw      $zero, 0($t0)
        b       1b
        addiu   $t0, $t0, 4
2:      jal     setup
        nop
        .globl  work_begin
work_begin:
        jal     work
        nop
        .globl  work_end
work_end:
        jal     report
        nop
        li      $t0, 0xbf000500
        li      $t1, 0x42
        sw      $t1, 0($t0)
3:      b       3b
        nop
        .end    _start

        .data
        .globl  boot_regs
        .align  2
boot_regs:
        .space  40
