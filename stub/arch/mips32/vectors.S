/*
 * vectors.S - the exception vectors at EBase and the context save/restore.
 *
 * Layout (MD00090, "Exception Vector Locations", Status.BEV = 0):
 *   EBase + 0x000  TLB refill (EXL = 0)
 *   EBase + 0x180  everything else (TLB refill too when EXL = 1)
 *   EBase + 0x200  interrupts when Cause.IV = 1 (the start-up code leaves
 *                  IV = 0, so interrupts come through 0x180 as well)
 * The gap between 0x000 and 0x180 holds the fault-safe memory probes and
 * the way back from the stub to the program.
 *
 * k0/k1 are the kernel's scratch registers by the o32 convention; compiled
 * code never keeps values in them, so the entry code may use them freely.
 */
#include "regs_layout.h"
#include "quick_layout.h"

    .set noreorder
    .set noat
    /* EBase needs bits 11:0 zero (MD00090 EBase): malta.ld aligns this
     * section to 4 KiB. An .balign here would make gas pad the section
     * itself to 4 KiB. */
    .section .text.vectors, "ax"
    .globl mips_ebase
mips_ebase:
    /* 0x000: TLB refill */
    j       mips_exc_common
    nop

/*
 * int mips_probe_read(uint32_t addr, unsigned size, uint32_t *out)
 * int mips_probe_write(uint32_t addr, unsigned size, uint32_t val)
 * A fault inside them lands in the vector, which sees mips_probe_recover
 * set and jumps to the recovery label with every other register intact.
 * The stub runs with Status.EXL = 1, so such a fault leaves EPC alone.
 */
    .globl mips_probe_read
mips_probe_read:
    la      $t0, 9f
    la      $t1, mips_probe_recover
    sw      $t0, 0($t1)
    li      $t0, 1
    beq     $a1, $t0, 1f
    li      $t0, 2
    beq     $a1, $t0, 2f
    nop
    b       3f
    lw      $v1, 0($a0)
1:  b       3f
    lbu     $v1, 0($a0)
2:  lhu     $v1, 0($a0)
3:  sw      $v1, 0($a2)
    sw      $zero, 0($t1)
    jr      $ra
    move    $v0, $zero

    .globl mips_probe_write
mips_probe_write:
    la      $t0, 9f
    la      $t1, mips_probe_recover
    sw      $t0, 0($t1)
    li      $t0, 1
    beq     $a1, $t0, 1f
    li      $t0, 2
    beq     $a1, $t0, 2f
    nop
    b       3f
    sw      $a2, 0($a0)
1:  b       3f
    sb      $a2, 0($a0)
2:  sh      $a2, 0($a0)
3:  sync                    /* the store has reached the bus */
    sw      $zero, 0($t1)
    jr      $ra
    move    $v0, $zero

    /* Shared fault landing for both probes ($t1 still points at the flag). */
9:  sw      $zero, 0($t1)
    jr      $ra
    li      $v0, -1

    /* The way back from mips_trap (mips_exc_full branches here with
     * $k0's upper half loaded in its delay slot). It sits in the gap below
     * 0x180 rather than after the general vector: the gap is part of the
     * stub's image whether it holds code or padding, so this saves its
     * 176 bytes of ROM. ".org 0x180" below fails the build if the gap
     * ever overflows. */
mips_exc_restore:
    addiu   $k0, $k0, %lo(mips_ctx)
    lw      $k1, CTX_LO*4($k0)
    mtlo    $k1
    lw      $k1, CTX_HI*4($k0)
    mthi    $k1
    lw      $k1, CTX_PC*4($k0)
    mtc0    $k1, $14
    lw      $k1, CTX_CAUSE*4($k0)
    mtc0    $k1, $13            /* only the software bits IP1:0 take */
    lw      $k1, CTX_STATUS*4($k0)
    ori     $k1, $k1, 2         /* keep EXL until eret */
    mtc0    $k1, $12
    .irp    r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 28, 29, 30, 31
    lw      $\r, \r*4($k0)
    .endr
    ehb                         /* Status/EPC writes seen by eret */
    eret

    .org    0x180
    /* 0x180: general exception */
mips_exc_common:
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
    /* While the quick path is on: the break at the end of one of its
     * slots, or one of the native bracket's traps (quick.c). Q_ON is 0
     * whenever the stub itself runs, so a fault of its memory probes,
     * which leaves EPC as it was (EXL = 1), is never taken for either. */
    lui     $k0, %hi(mips_quick)
    addiu   $k0, $k0, %lo(mips_quick)
    lw      $k1, Q_ON($k0)
    beqz    $k1, mips_exc_full
    mfc0    $k1, $14                /* EPC */
    sw      $1, Q_AT($k0)
    /* In a slot? Only a break word has a resume address: an interrupt
     * taken there goes on after the trap as the break would, and is
     * taken again there. */
    addiu   $1, $k0, Q_SLOT
    subu    $1, $k1, $1             /* EPC's offset in the slots */
    sltiu   $k1, $1, Q_SLOT_BYTES
    beqz    $k1, 1f
    addu    $1, $1, $k0
    lw      $1, Q_RESUME($1)
    bnez    $1, 2f
1:  mfc0    $k1, $14                /* (also bnez's delay slot) */
    /* At a trap: Cause.ExcCode 9 = Bp (MD00090 Table "Cause Register
     * ExcCode Field"); an interrupt taken at FROM or TO is not a hit. */
    mfc0    $1, $13
    andi    $1, $1, 0x7c
    xori    $1, $1, 9 << 2
    bnez    $1, 3f
    /* A program in user mode (Status.KSU != 0) cannot fetch the slots
     * (kseg1): the full path, whose steps run in place. */
    mfc0    $1, $12
    andi    $1, $1, 0x18
    bnez    $1, 3f
    lw      $1, Q_FROM($k0)
    beq     $k1, $1, mips_quick_from
    lw      $1, Q_TO($k0)
    beq     $k1, $1, mips_quick_to
    nop
3:  b       mips_exc_full
    lw      $1, Q_AT($k0)
2:  mtc0    $1, $14
    lw      $1, Q_AT($k0)
    ehb                             /* EPC written before eret reads it */
    eret

#endif
mips_exc_full:
    lui     $k0, %hi(mips_probe_recover)
    lw      $k0, %lo(mips_probe_recover)($k0)
    bnez    $k0, mips_probe_fault
    nop
    lui     $k0, %hi(mips_ctx)
    addiu   $k0, $k0, %lo(mips_ctx)
    sw      $zero, 0*4($k0)
    .irp    r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25
    sw      $\r, \r*4($k0)
    .endr
    sw      $zero, 26*4($k0)    /* k0, k1: clobbered by any exception */
    sw      $zero, 27*4($k0)
    .irp    r, 28, 29, 30, 31
    sw      $\r, \r*4($k0)
    .endr
    mfc0    $k1, $12
    sw      $k1, CTX_STATUS*4($k0)
    mflo    $k1
    sw      $k1, CTX_LO*4($k0)
    mfhi    $k1
    sw      $k1, CTX_HI*4($k0)
    mfc0    $k1, $8
    sw      $k1, CTX_BADVADDR*4($k0)
    mfc0    $k1, $13
    sw      $k1, CTX_CAUSE*4($k0)
    mfc0    $k1, $14
    sw      $k1, CTX_PC*4($k0)

    la      $sp, mips_stub_stack + STUB_STACK_BYTES
    jal     mips_trap           /* C, with EXL = 1: interrupts masked */
    nop

    b       mips_exc_restore
    lui     $k0, %hi(mips_ctx)

mips_probe_fault:
    jr      $k0
    nop

#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
/*
 * The quick path (quick.c), $k0 = &mips_quick, EXL = 1. Only the
 * registers it uses are saved, into mips_quick (uncached, as the rest of
 * the stub). Where the pc is none of the quick path's, on
 * to the full path with every register as it came.
 */
/* A break at FROM: the counters' values (PerfCnt3..0, up to the highest
 * the bracket uses: Q_SNAP enters the reads there) into Q_HW, $31 set if
 * FROM's instruction links, then the program runs FROM's instruction in
 * its slot. */
mips_quick_from:
    lw      $1, Q_SNAP($k0)
    jr      $1
    nop
    .globl  mips_quick_snap_4, mips_quick_snap_3, mips_quick_snap_2, mips_quick_snap_1
    .macro  QUICK_SNAP n
    mfc0    $1, $25, 2 * \n + 1
    sw      $1, Q_HW + 4 * \n($k0)
    .endm
mips_quick_snap_4:
    QUICK_SNAP 3
mips_quick_snap_3:
    QUICK_SNAP 2
mips_quick_snap_2:
    QUICK_SNAP 1
mips_quick_snap_1:
    QUICK_SNAP 0
    li      $1, 1
    sw      $1, Q_ARMED($k0)
    lw      $1, Q_FROM_HITS($k0)
    addiu   $1, $1, 1
    sw      $1, Q_FROM_HITS($k0)
    lw      $1, Q_FROM_LINK($k0)
    beqz    $1, 2b
    addiu   $1, $k0, Q_SLOT
    lw      $31, Q_FROM_LINK($k0)
    b       2b
    nop

/* A break at TO: each counter's count since FROM (PerfCnt3..0, up to the
 * highest the bracket uses: Q_END enters the reads there) into the next
 * entry of Q_BUF, which counts only if a bracket was open, and the
 * reading into Q_HW, the next bracket's start when FROM is TO. The core adds the entries up when they fill Q_BUF or the
 * last one is the bracket the program stops at (mips_quick_fold), and
 * before the full path (mips_quick_retire). Then the program runs TO's
 * instruction in its slot. */
mips_quick_to:
    sw      $2, Q_T2($k0)
    sw      $3, Q_T3($k0)
    lw      $2, Q_FILL($k0)
    lw      $1, Q_END($k0)
    jr      $1
    nop
    .globl  mips_quick_end_4, mips_quick_end_3, mips_quick_end_2, mips_quick_end_1
    .macro  QUICK_END n
    mfc0    $1, $25, 2 * \n + 1
    lw      $3, Q_HW + 4 * \n($k0)
    sw      $1, Q_HW + 4 * \n($k0)
    subu    $1, $1, $3
    sw      $1, 4 * \n($2)
    .endm
mips_quick_end_4:
    QUICK_END 3
mips_quick_end_3:
    QUICK_END 2
mips_quick_end_2:
    QUICK_END 1
mips_quick_end_1:
    QUICK_END 0
    lw      $1, Q_ARMED($k0)
    beqz    $1, 5f                  /* no bracket was open: no entry */
    lw      $1, Q_REARM($k0)
    addiu   $2, $2, Q_ENTRY_BYTES
    sw      $2, Q_FILL($k0)
    sw      $1, Q_ARMED($k0)
    lw      $3, Q_FILL_END($k0)
    bne     $2, $3, 6f
    lw      $3, Q_T3($k0)
    b       mips_quick_fold_call
    lw      $2, Q_T2($k0)
5:  sw      $1, Q_ARMED($k0)       /* FROM is TO: the first bracket starts */
6:  lw      $1, Q_TO_LINK($k0)
    beqz    $1, 7f
    lw      $2, Q_T2($k0)
    move    $31, $1
7:  lw      $3, Q_T3($k0)
    b       2b
    addiu   $1, $k0, Q_SLOT + Q_SLOT_BYTES / 2

/* Q_BUF is due: mips_quick_fold, on the stub's stack, with the registers
 * a C call may change saved, returns the slot to go on in, or 0 for the
 * full path. $k0 survives the call: compiled code never uses $k0/$k1
 * (o32). */
mips_quick_fold_call:
    .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    sw      $\r, Q_REGS + 4 * (\r - 2)($k0)
    .endr
    sw      $24, Q_REGS + 56($k0)
    sw      $25, Q_REGS + 60($k0)
    sw      $29, Q_REGS + 64($k0)
    sw      $31, Q_REGS + 68($k0)
    mflo    $1
    sw      $1, Q_REGS + 72($k0)
    mfhi    $1
    la      $sp, mips_stub_stack + STUB_STACK_BYTES
    jal     mips_quick_fold
    sw      $1, Q_REGS + 76($k0)
    beqz    $2, 4f
    lw      $1, Q_REGS + 72($k0)
    mtc0    $2, $14                 /* go on in TO's slot */
4:  mtlo    $1
    lw      $1, Q_REGS + 76($k0)
    mthi    $1
    .irp    r, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    lw      $\r, Q_REGS + 4 * (\r - 2)($k0)
    .endr
    lw      $24, Q_REGS + 56($k0)
    lw      $25, Q_REGS + 60($k0)
    lw      $29, Q_REGS + 64($k0)
    lw      $31, Q_REGS + 68($k0)
    beqz    $2, 3b                  /* the full path, registers as they came */
    lw      $2, Q_REGS + 0($k0)
    lw      $1, Q_AT($k0)
    ehb
    eret
#endif

    .section .bss.mips_stub_stack, "aw", @nobits
    .balign 8
    .globl mips_stub_stack
mips_stub_stack:
    .space  STUB_STACK_BYTES
