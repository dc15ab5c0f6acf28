/*
 * exc_vec.S - exception handler and triggers for exceptions.c. The vectors
 * at EBase + 0x000 (TLB refill) and + 0x180 (general) load their offset
 * into k1 and jump here (fw_vectors.c).
 */
#include "exc_log.inc"
        .set    noreorder
        .set    noat
        .text
        .globl  exc_common
exc_common:
        EXC_LOG
        /* resume after the faulting instruction, or after branch + slot */
        mfc0    $k0, $13
        mfc0    $k1, $14
        bltz    $k0, 1f                 /* Cause.BD */
        addiu   $k1, $k1, 4
        b       2f
        nop
1:      addiu   $k1, $k1, 4
2:      mtc0    $k1, $14
        ehb
        eret

        .globl  exc_trigger_all
exc_trigger_all:
        syscall
        break   7
        li      $t0, 3
        teq     $t0, $t0
        tnei    $t0, 4
        li      $t0, 0x7fffffff
        addi    $t1, $t0, 1             /* Ov */
        li      $t0, 0x80100001
        lw      $t1, 0($t0)             /* AdEL */
        sh      $t1, 0($t0)             /* AdES */
        li      $t0, 0x7fff0000
        lw      $t1, 0($t0)             /* kuseg: TLB refill (TLBL) */
        li      $t0, 0xc0001000
        sw      $t1, 8($t0)             /* kseg2: TLB refill (TLBS) */
        .word   0xfc000000              /* opcode 63: RI */
        .word   0x44094000              /* mfc1 $t1, $f0: CU1 = 0 -> CpU, CE = 1 */
        b       3f
        lw      $t1, 2($zero)           /* AdEL in a delay slot: BD */
3:      jr      $ra
        nop

        EXC_LOG_DATA
