/*
 * vectors.S - the Book E interrupt vectors, the context save and restore,
 * and the fault-safe probes.
 *
 * Book E has no fixed vector addresses: IVPR holds the upper 16 bits of
 * every handler's address and IVORn the lower 16 (word aligned, low 4 bits
 * ignored) (Power ISA Book E "Interrupt Vector Offset Registers"; e200z7 RM
 * 2.4). ppce500.ld aligns this section to 64 KiB and IVPR points at it.
 *
 * Each interrupt level has its own save/restore pair and return
 * instruction (ctx_layout.h) and its own scratch SPRG, so that a level
 * that interrupts another's entry code (a machine check, or on real cores
 * a critical or debug interrupt during the few instructions before the
 * entry masks MSR[CE, DE]) finds its scratch untouched:
 *   base  SRR0/1   rfi    SPRG0     critical  CSRR0/1   rfci   SPRG1
 *   debug DSRR0/1  rfdi   SPRG1     mcheck    MCSRR0/1  rfmci  SPRG2
 * Critical and debug share SPRG1: a critical interrupt clears MSR[DE] (Book
 * E; HID0[CICLRDE] on the e200z7) and a debug interrupt MSR[CE] (HID0
 * [DCLRCE]), so neither enters during the other.
 *
 * A program linked with the stub must leave SPRG0-SPRG2 to it, as a MIPS
 * program leaves k0/k1.
 *
 * The performance monitor (pmu.c, pmu_regs.c): the program runs marked
 * (MSR[PMM] = 1) with PMLCa[FCM0] on every counter, and every interrupt
 * clears MSR[PMM] as it enters its vector, so the events the mode bits
 * filter stop counting at the vector's first instruction and start again
 * with the program's first one after the return instruction. For the
 * events they do not filter, every vector also freezes all counters
 * (PMGC0[FAC]) early, keeping the program's PMGC0 in its level's scratch
 * block, and the return path writes that back as its last act before the
 * return instruction (docs/pmu.md). Those instructions are PMU_INSN
 * sites: nops in the image (mfpmr and mtpmr are illegal without the PMU,
 * as on QEMU's e500v2), written in by ppc_pmu_detect from the table this
 * file builds.
 */
#include "booke.h"
#include "ctx_layout.h"
#include "quick_layout.h"

/* r4, vector, CR, r5 of the interrupted code, its PMGC0 (offset 16);
 * aligned to its size, so that one @ha reaches every word. */
#define SCRATCH_BYTES 32
#define SCRATCH_PMGC0 16

/* A PMU instruction: a nop here, and a table entry (site, instruction)
 * that ppc_pmu_detect writes in on a core with the performance monitor. */
.macro PMU_INSN insn:vararg
0:  nop
    .pushsection .rodata.ppc_pmu_patch, "a"
    .long   0b
    \insn
    .popsection
.endm

    .pushsection .rodata.ppc_pmu_patch, "a"
    .balign 4
    .globl ppc_pmu_patch_start
ppc_pmu_patch_start:
    .popsection

    /* Writable as well as executable: ppc_pmu_detect writes the PMU_INSN
     * sites at start-up, so the vectors in memory are not the file's.
     * Marked so, GDB's "compare-sections -r" and pmuctl's --elf check
     * (which compare read-only sections) leave them out, instead of
     * finding .text changed. ppce500.ld gives them an output section of
     * their own, so .text stays read-only and checked. */
    .section .booke_vectors, "awx"
    .globl ppc_ivpr
ppc_ivpr:

/* One vector: free r3 into the level's SPRG, park r4 in the level's
 * scratch block, freeze the counters keeping the program's PMGC0 there,
 * and enter the level's code with r4 = the IVOR number. */
.macro VECTOR n, level, sprg, entry
    .balign 16
ppc_vec_\n\()_\level:
    mtspr   \sprg, %r3
    lis     %r3, ppc_scratch_\level@ha
    stw     %r4, ppc_scratch_\level@l(%r3)
    PMU_INSN mfpmr %r4, PMR_PMGC0
    PMU_INSN stw %r4, (ppc_scratch_\level + SCRATCH_PMGC0)@l(%r3)
    PMU_INSN oris %r4, %r4, PMGC0_FAC >> 16
    PMU_INSN mtpmr PMR_PMGC0, %r4
    li      %r4, \n
.ifb \entry
    b       ppc_entry_\level
.else
    b       \entry
.endif
.endm

    VECTOR 0, crit, SPR_SPRG1      /* critical input */
    VECTOR 1, mchk, SPR_SPRG2      /* machine check */
    VECTOR 2, base, SPR_SPRG0      /* data storage */
    VECTOR 3, base, SPR_SPRG0      /* instruction storage */
    VECTOR 4, base, SPR_SPRG0      /* external input */
    VECTOR 5, base, SPR_SPRG0      /* alignment */
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
    VECTOR 6, base, SPR_SPRG0, ppc_quick_vec /* program: a trap of the quick path? */
#else
    VECTOR 6, base, SPR_SPRG0      /* program */
#endif
    VECTOR 7, base, SPR_SPRG0      /* floating-point unavailable */
    VECTOR 8, base, SPR_SPRG0      /* system call */
    VECTOR 9, base, SPR_SPRG0      /* auxiliary processor unavailable */
    VECTOR 10, base, SPR_SPRG0     /* decrementer */
    VECTOR 11, base, SPR_SPRG0     /* fixed-interval timer */
    VECTOR 12, crit, SPR_SPRG1     /* watchdog */
    VECTOR 13, base, SPR_SPRG0     /* data TLB error */
    VECTOR 14, base, SPR_SPRG0     /* instruction TLB error */
    VECTOR 15, crit, SPR_SPRG1     /* debug, on cores without a debug level */
    VECTOR 15, debug, SPR_SPRG1    /* debug, with the debug APU on */
    VECTOR 32, base, SPR_SPRG0     /* SPE/EFPU unavailable */
    VECTOR 33, base, SPR_SPRG0     /* EFPU data */
    VECTOR 34, base, SPR_SPRG0     /* EFPU round */
    VECTOR 35, base, SPR_SPRG0     /* performance monitor */

#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
/*
 * The native bracket's quick path (quick.c). IVOR6's vector comes here
 * with the counters frozen (PMGC0[FAC]; the program's PMGC0 in the base
 * scratch block, as for the full path) and r4 in that block, r3 in SPRG0.
 * r3 = &ppc_quick; r5 and CR go into the scratch block as the entry puts
 * them there (S()), r6 into Q_R6. It lies before ppc_entry_masked: a
 * critical or debug interrupt that strikes it returns at once with
 * MSR[CE, DE] off and is taken when the program runs again. Where the
 * trap is none of the quick path's, on to ppc_entry_base as the vector
 * would have gone, every register as it came.
 */
#define S(o) (ppc_scratch_base - ppc_quick + (o))
ppc_quick_vec:
    lis     %r3, ppc_quick@ha
    addi    %r3, %r3, ppc_quick@l
    stw     %r5, S(12)(%r3)
    mfcr    %r5
    stw     %r5, S(8)(%r3)
    lwz     %r5, Q_ON(%r3)
    cmpwi   %r5, 0
    beq     ppc_quick_decline
    mfspr   %r4, SPR_SRR0
    lwz     %r5, Q_FROM(%r3)
    cmplw   %r4, %r5
    beq     ppc_quick_from
    lwz     %r5, Q_TO(%r3)
    cmplw   %r4, %r5
    beq     ppc_quick_to
    /* A trap in a slot: a word of a half's first 16 bytes whose resume
     * address (16 bytes on) is set. */
    subf    %r5, %r3, %r4
    cmplwi  %r5, 2 * H_BYTES
    bge     ppc_quick_decline
    andi.   %r5, %r5, H_BYTES - 16
    bne     ppc_quick_decline
    lwz     %r5, H_RESUME(%r4)
    cmpwi   %r5, 0
    beq     ppc_quick_decline
    mtspr   SPR_SRR0, %r5
    rlwinm  %r4, %r4, 0, 0, 31 - 6  /* the half (H_BYTES-aligned) */
    /* LR or CTR back as the program had it, then LK's LR. */
    lwz     %r5, H_KIND(%r4)
    cmpwi   %r5, H_LR
    cmpwi   %cr1, %r5, H_CTR
    lwz     %r5, H_SAVED(%r4)
    bne     1f
    mtlr    %r5
1:  bne     %cr1, 2f
    mtctr   %r5
2:  lwz     %r5, H_LINK(%r4)
    cmpwi   %r5, 0
    beq     ppc_quick_out
    mtlr    %r5
/* Back to the program at SRR0: CR, r5, r4, then the program's PMGC0 (the
 * last PMU act, as the full path's return) and r3. */
ppc_quick_out:
    lwz     %r5, S(8)(%r3)
    mtcr    %r5
    lwz     %r5, S(12)(%r3)
    lwz     %r4, S(0)(%r3)
    lwz     %r3, S(SCRATCH_PMGC0)(%r3)
    mtpmr   PMR_PMGC0, %r3
    mfspr   %r3, SPR_SPRG0
    rfi

ppc_quick_decline:
    lwz     %r5, S(8)(%r3)
    mtcr    %r5
    lwz     %r5, S(12)(%r3)
    lis     %r3, ppc_scratch_base@ha
    li      %r4, 6
    b       ppc_entry_base

/* Into the unrolled reads of PMC3..0 (PMR 16-19, e200z7 RM Table 8-1) at
 * the highest counter the bracket uses: Q_TOP. */
.macro QUICK_TOP l2, l1, l0
    lwz     %r5, Q_TOP(%r3)
    cmpwi   %r5, 1
    blt     \l0
    beq     \l1
    cmpwi   %r5, 3
    blt     \l2
.endm

/* A trap at FROM: the counters' values into Q_HW, then the program runs
 * FROM's instruction in its slot. */
ppc_quick_from:
    QUICK_TOP 2f, 1f, 0f
    .irp    n, 3, 2, 1, 0
\n:  mfpmr   %r5, 16 + \n
    stw     %r5, Q_HW + 4 * \n(%r3)
    .endr
    li      %r5, 1
    stw     %r5, Q_ARMED(%r3)
    lwz     %r5, Q_FROM_HITS(%r3)
    addi    %r5, %r5, 1
    stw     %r5, Q_FROM_HITS(%r3)
    addi    %r4, %r3, 0             /* FROM's half */
/* Into the slot of the half at r4. An instruction through LR or CTR goes
 * to the slot's taken trap, which hands the register's value back and
 * goes on there. */
ppc_quick_enter:
    mtspr   SPR_SRR0, %r4
    lwz     %r5, H_KIND(%r4)
    cmpwi   %r5, H_LR
    cmpwi   %cr1, %r5, H_CTR
    mflr    %r5
    beq     1f
    bne     %cr1, ppc_quick_out
    mfctr   %r5
1:  stw     %r5, H_SAVED(%r4)
    stw     %r5, H_RESUME + H_TAKEN(%r4)
    addi    %r5, %r4, H_TAKEN
    bne     2f                      /* through CTR */
    mtlr    %r5
    b       ppc_quick_out
2:  mtctr   %r5
    b       ppc_quick_out

/* A trap at TO: each counter's count since FROM into the next entry of
 * Q_BUF, which counts only if a bracket was open, and the reading into
 * Q_HW, the next bracket's start when FROM is TO. The core adds the
 * entries up when they fill Q_BUF or the last one is the bracket the
 * program stops at (ppc_quick_fold), and before the full path
 * (ppc_quick_retire). Then the program runs TO's instruction in its slot. */
ppc_quick_to:
    stw     %r6, Q_R6(%r3)
    lwz     %r4, Q_FILL(%r3)
    QUICK_TOP 2f, 1f, 0f
    .irp    n, 3, 2, 1, 0
\n:  mfpmr   %r5, 16 + \n
    lwz     %r6, Q_HW + 4 * \n(%r3)
    stw     %r5, Q_HW + 4 * \n(%r3)
    subf    %r5, %r6, %r5
    stw     %r5, 4 * \n(%r4)
    .endr
    lwz     %r5, Q_ARMED(%r3)
    cmpwi   %r5, 0
    lwz     %r5, Q_REARM(%r3)
    stw     %r5, Q_ARMED(%r3)
    beq     5f                      /* no bracket was open: no entry */
    addi    %r4, %r4, Q_ENTRY_BYTES
    stw     %r4, Q_FILL(%r3)
    lwz     %r5, Q_FILL_END(%r3)
    cmplw   %r4, %r5
    beq     ppc_quick_fold_call
5:  lwz     %r6, Q_R6(%r3)
    addi    %r4, %r3, H_BYTES       /* TO's half */
    b       ppc_quick_enter

/* Q_BUF is due: ppc_quick_fold, on the stub's stack with MSR = ME (as the
 * full path calls C), the registers a call may change saved. 1: on into
 * TO's slot; 0: the full path, every register as it came, at TO. */
/* QUICK_REGS stw saves them into Q_REGS, QUICK_REGS lwz loads them back
 * (r5 the carrier of LR, CTR, XER): the words r0, XER, r7-r12, LR, CTR,
 * r1 (XER, LR and CTR at their SPR numbers). */
.macro QUICK_REGS op
    \op    %r0, Q_REGS(%r3)
    \op    %r1, Q_REGS + 40(%r3)
    .irp    r, 7, 8, 9, 10, 11, 12
    \op    %r\r, Q_REGS + 4 * (\r - 5)(%r3)
    .endr
    .irp    s, SPR_LR, SPR_CTR, SPR_XER
.ifc \op, stw
    mfspr   %r5, \s
.endif
    \op    %r5, Q_REGS + 4 * \s(%r3)
.ifc \op, lwz
    mtspr   \s, %r5
.endif
    .endr
.endm
ppc_quick_fold_call:
    QUICK_REGS stw
    mfmsr   %r5
    stw     %r5, Q_MSR(%r3)
    li      %r5, MSR_ME
    mtmsr   %r5
    isync
    lis     %r1, (ppc_stub_stack + STUB_STACK_BYTES)@ha
    addi    %r1, %r1, (ppc_stub_stack + STUB_STACK_BYTES)@l
    li      %r0, 0
    stwu    %r0, -16(%r1)
    bl      ppc_quick_fold
    mr      %r4, %r3
    lis     %r3, ppc_quick@ha
    addi    %r3, %r3, ppc_quick@l
    lwz     %r5, Q_MSR(%r3)
    mtmsr   %r5
    isync
    QUICK_REGS lwz
    lwz     %r6, Q_R6(%r3)
    cmpwi   %r4, 0
    addi    %r4, %r3, H_BYTES
    bne     ppc_quick_enter
    b       ppc_quick_decline
#undef S
#endif

/*
 * One level's entry: r3 = the scratch block's @ha, r4 = IVOR number,
 * scratch[0] = the interrupted r4, the level's SPRG = the interrupted r3.
 *  - a fault inside a probe (ppc_probe_recover set) resumes at the
 *    probe's recovery label at the same level;
 *  - critical and debug (window = 1): an interrupt that struck the entry
 *    code before it masked MSR (ppc_vectors .. ppc_entry_masked) returns at
 *    once with MSR[CE, DE] off, so it waits until the program runs again;
 *    a debug event there is the instruction-complete event of the entry's
 *    own first instruction (Linux head_booke.h, DEBUG_CRIT_EXCEPTION, does
 *    the same). QEMU clears every MSR bit but ME on any interrupt, so this
 *    path is for real cores;
 *  - otherwise the context goes into ppc_ctx.
 */
.macro ENTRY level, id, s0, s1, sprg, ret, window
ppc_entry_\level:
    addi    %r3, %r3, ppc_scratch_\level@l
    stw     %r4, 4(%r3)
    mfcr    %r4
    stw     %r4, 8(%r3)
    stw     %r5, 12(%r3)
    lis     %r4, ppc_probe_recover@ha
    lwz     %r4, ppc_probe_recover@l(%r4)
    cmpwi   %r4, 0
    bne     9f
.if \window
    mfspr   %r4, \s0
    lis     %r5, ppc_entry_masked@ha
    addi    %r5, %r5, ppc_entry_masked@l
    cmplw   %r4, %r5
    bge     1f
    lis     %r5, ppc_ivpr@ha
    addi    %r5, %r5, ppc_ivpr@l
    cmplw   %r4, %r5
    blt     1f
    mfspr   %r4, \s1
    li      %r5, (MSR_CE | MSR_DE)@l
    oris    %r5, %r5, (MSR_CE | MSR_DE)@h
    andc    %r4, %r4, %r5
    mtspr   \s1, %r4
    lis     %r5, DBSR_IC@h
    mtspr   SPR_DBSR, %r5
    b       8f
1:
.endif
    lis     %r4, ppc_ctx@ha
    addi    %r4, %r4, ppc_ctx@l
    mfspr   %r5, \s0
    stw     %r5, CTX_PC*4(%r4)
    mfspr   %r5, \s1
    stw     %r5, CTX_MSR*4(%r4)
    li      %r5, \id
    stw     %r5, CTX_LEVEL*4(%r4)
    mfspr   %r5, \sprg
    stw     %r5, 3*4(%r4)
    lwz     %r5, 0(%r3)
    stw     %r5, 4*4(%r4)
    lwz     %r5, 12(%r3)
    stw     %r5, 5*4(%r4)
    lwz     %r5, 4(%r3)
    stw     %r5, CTX_VECTOR*4(%r4)
    lwz     %r5, 8(%r3)
    stw     %r5, CTX_CR*4(%r4)
    lwz     %r5, SCRATCH_PMGC0(%r3)
    stw     %r5, CTX_PMGC0*4(%r4)
    b       ppc_save_common

    /* A probe's fault: back to its recovery label, noting the save
     * register's MSR (ppc_probe_msr) for the start-up measurement. */
9:  mtspr   \s0, %r4
    mfspr   %r4, \s1
    lis     %r5, ppc_probe_msr@ha
    stw     %r4, ppc_probe_msr@l(%r5)
8:  PMU_INSN lwz %r4, SCRATCH_PMGC0(%r3)
    PMU_INSN mtpmr PMR_PMGC0, %r4   /* PMGC0 as this entry found it */
    lwz     %r4, 8(%r3)
    mtcr    %r4
    lwz     %r5, 12(%r3)
    lwz     %r4, 0(%r3)
    mfspr   %r3, \sprg
    \ret
.endm

    ENTRY base, PPC_LEVEL_BASE, SPR_SRR0, SPR_SRR1, SPR_SPRG0, rfi, 0
    ENTRY crit, PPC_LEVEL_CRIT, SPR_CSRR0, SPR_CSRR1, SPR_SPRG1, rfci, 1
    /* rfdi: gas takes it for -mcpu=8548, whose e500v2 lacks it; only the
     * e200z7 (cores.toml booke.debug_apu) points IVOR15 here. */
    ENTRY debug, PPC_LEVEL_DEBUG, SPR_DSRR0, SPR_DSRR1, SPR_SPRG1, rfdi, 1
    ENTRY mchk, PPC_LEVEL_MCHK, SPR_MCSRR0, SPR_MCSRR1, SPR_SPRG2, rfmci, 0

/* r4 = ppc_ctx; r3..r5 and CR are saved; the rest is the program's. */
ppc_save_common:
    stw     %r0, 0*4(%r4)
    stw     %r1, 1*4(%r4)
    stw     %r2, 2*4(%r4)
    stmw    %r6, 6*4(%r4)
    mflr    %r5
    stw     %r5, CTX_LR*4(%r4)
    mfctr   %r5
    stw     %r5, CTX_CTR*4(%r4)
    mfxer   %r5
    stw     %r5, CTX_XER*4(%r4)
    mfspr   %r5, SPR_SRR0
    stw     %r5, CTX_SRR0*4(%r4)
    mfspr   %r5, SPR_SRR1
    stw     %r5, CTX_SRR1*4(%r4)
    /* The stub runs with every interrupt off but machine check: a base
     * interrupt leaves MSR[CE, DE] as they were on real cores (Book E
     * "Interrupt Processing"). */
    li      %r5, MSR_ME
    mtmsr   %r5
    isync
    .globl ppc_entry_masked
ppc_entry_masked:
    lis     %r1, (ppc_stub_stack + STUB_STACK_BYTES)@ha
    addi    %r1, %r1, (ppc_stub_stack + STUB_STACK_BYTES)@l
    li      %r0, 0
    stwu    %r0, -16(%r1)       /* ABI: a frame whose back chain ends */
    bl      ppc_trap

    lis     %r4, ppc_ctx@ha
    addi    %r4, %r4, ppc_ctx@l
    lwz     %r5, CTX_LR*4(%r4)
    mtlr    %r5
    lwz     %r5, CTX_CTR*4(%r4)
    mtctr   %r5
    lwz     %r5, CTX_XER*4(%r4)
    mtxer   %r5
    lwz     %r5, CTX_SRR0*4(%r4)
    mtspr   SPR_SRR0, %r5
    lwz     %r5, CTX_SRR1*4(%r4)
    mtspr   SPR_SRR1, %r5
    lwz     %r0, 0*4(%r4)
    lwz     %r1, 1*4(%r4)
    lwz     %r2, 2*4(%r4)
    lmw     %r6, 6*4(%r4)
    lwz     %r5, CTX_LEVEL*4(%r4)
    cmpwi   %r5, PPC_LEVEL_CRIT
    beq     ppc_return_crit
    cmpwi   %r5, PPC_LEVEL_DEBUG
    beq     ppc_return_debug
    cmpwi   %r5, PPC_LEVEL_MCHK
    beq     ppc_return_mchk

/* r4 = ppc_ctx: pc and MSR into the level's pair, then CR, r5, r4, the
 * program's PMGC0 (the last PMU act) and r3 from the level's SPRG. */
.macro RETURN level, s0, s1, sprg, ret
ppc_return_\level:
    lwz     %r5, CTX_PC*4(%r4)
    mtspr   \s0, %r5
    lwz     %r5, CTX_MSR*4(%r4)
    mtspr   \s1, %r5
    lwz     %r5, CTX_CR*4(%r4)
    mtcr    %r5
    lwz     %r3, 3*4(%r4)
    mtspr   \sprg, %r3
    lwz     %r3, CTX_PMGC0*4(%r4)
    lwz     %r5, 5*4(%r4)
    lwz     %r4, 4*4(%r4)
    PMU_INSN mtpmr PMR_PMGC0, %r3
    mfspr   %r3, \sprg
    \ret
.endm

    RETURN base, SPR_SRR0, SPR_SRR1, SPR_SPRG0, rfi
    RETURN crit, SPR_CSRR0, SPR_CSRR1, SPR_SPRG1, rfci
    RETURN debug, SPR_DSRR0, SPR_DSRR1, SPR_SPRG1, rfdi
    RETURN mchk, SPR_MCSRR0, SPR_MCSRR1, SPR_SPRG2, rfmci

/*
 * void ppc_set_vectors(int debug_level)
 * IVPR and every IVOR; IVOR15 to the debug level's entry when debug_level
 * is PPC_LEVEL_DEBUG, else to the critical one's.
 */
.macro SET_IVOR n, level, spr
    li      %r4, ppc_vec_\n\()_\level - ppc_ivpr
    mtspr   \spr, %r4
.endm
    .text
    .balign 4
    .globl ppc_set_vectors
ppc_set_vectors:
    lis     %r4, ppc_ivpr@ha
    addi    %r4, %r4, ppc_ivpr@l
    mtspr   SPR_IVPR, %r4
    SET_IVOR 0, crit, SPR_IVOR0
    SET_IVOR 1, mchk, SPR_IVOR0 + 1
    SET_IVOR 2, base, SPR_IVOR0 + 2
    SET_IVOR 3, base, SPR_IVOR0 + 3
    SET_IVOR 4, base, SPR_IVOR0 + 4
    SET_IVOR 5, base, SPR_IVOR0 + 5
    SET_IVOR 6, base, SPR_IVOR0 + 6
    SET_IVOR 7, base, SPR_IVOR0 + 7
    SET_IVOR 8, base, SPR_IVOR0 + 8
    SET_IVOR 9, base, SPR_IVOR0 + 9
    SET_IVOR 10, base, SPR_IVOR0 + 10
    SET_IVOR 11, base, SPR_IVOR0 + 11
    SET_IVOR 12, crit, SPR_IVOR0 + 12
    SET_IVOR 13, base, SPR_IVOR0 + 13
    SET_IVOR 14, base, SPR_IVOR0 + 14
    SET_IVOR 15, crit, SPR_IVOR0 + 15
    cmpwi   %r3, PPC_LEVEL_DEBUG
    bne     1f
    SET_IVOR 15, debug, SPR_IVOR0 + 15
1:  SET_IVOR 32, base, SPR_IVOR32
    SET_IVOR 33, base, SPR_IVOR32 + 1
    SET_IVOR 34, base, SPR_IVOR32 + 2
    SET_IVOR 35, base, SPR_IVOR32 + 3
    isync
    blr

/*
 * int ppc_probe_read(uint32_t addr, unsigned size, uint32_t *out)
 * int ppc_probe_write(uint32_t addr, unsigned size, uint32_t val)
 * int ppc_probe_pmgc0(uint32_t *out)
 * 0, or -1 if the access (or mfpmr) raised an interrupt: its entry sees
 * ppc_probe_recover set and resumes at label 9 with r3-r5 and CR as they
 * were, and the MSR of the save register, which on QEMU carries the
 * program interrupt's kind (port.c): the failure path puts the MSR of
 * the call back. Leaf functions: LR is intact.
 */
.macro PROBE_ARM
    mfmsr   %r9
    lis     %r6, 9f@ha
    addi    %r6, %r6, 9f@l
    lis     %r7, ppc_probe_recover@ha
    stw     %r6, ppc_probe_recover@l(%r7)
.endm

    .globl ppc_probe_read
ppc_probe_read:
    PROBE_ARM
    cmpwi   %r4, 1
    beq     1f
    cmpwi   %r4, 2
    beq     2f
    lwz     %r8, 0(%r3)
    b       3f
1:  lbz     %r8, 0(%r3)
    b       3f
2:  lhz     %r8, 0(%r3)
3:  stw     %r8, 0(%r5)
    b       ppc_probe_ok
9:  b       ppc_probe_failed

    .globl ppc_probe_write
ppc_probe_write:
    PROBE_ARM
    cmpwi   %r4, 1
    beq     1f
    cmpwi   %r4, 2
    beq     2f
    stw     %r5, 0(%r3)
    b       3f
1:  stb     %r5, 0(%r3)
    b       3f
2:  sth     %r5, 0(%r3)
3:  msync                       /* a fault of the store is taken here */
    b       ppc_probe_ok
9:  b       ppc_probe_failed

    /* PMGC0 is PMR 400 (e200z7 RM Table 8-1); an illegal instruction on a
     * core without a performance monitor (QEMU's e500 models). */
    .globl ppc_probe_pmgc0
ppc_probe_pmgc0:
    PROBE_ARM
    mfpmr   %r8, 400
    stw     %r8, 0(%r3)
    b       ppc_probe_ok
9:  b       ppc_probe_failed

    /* int ppc_probe_trap(void): a trap of the stub's own, always -1; the
     * program interrupt's save register is left in ppc_probe_msr. */
    .globl ppc_probe_trap
ppc_probe_trap:
    PROBE_ARM
    trap
9:  b       ppc_probe_failed

ppc_probe_ok:
    li      %r3, 0
    b       1f
ppc_probe_failed:
    mtmsr   %r9
    isync
    li      %r3, -1
1:  li      %r6, 0
    lis     %r7, ppc_probe_recover@ha
    stw     %r6, ppc_probe_recover@l(%r7)
    blr

/*
 * int ppc_call_counted(int (*fn)(uint32_t), uint32_t vector, uint32_t *pmgc0)
 * A program's own interrupt handler, counted as the program's code: fn runs
 * marked (MSR[PMM] = 1) with *pmgc0 (the program's PMGC0) in the
 * hardware; after it, PMM cleared (FCM0 freezes at once), the PMGC0 the
 * handler leaves goes back to *pmgc0 and FAC freezes the rest. Of the
 * stub's own instructions the counts see the bctrl and the mtmsr that ends
 * the call (the thawing mtpmr started frozen). Called with MSR = ME. In the
 * vectors' writable section: its PMU_INSN sites are written at start-up.
 */
    .section .booke_vectors, "awx"
    .globl ppc_call_counted
ppc_call_counted:
    mflr    %r0
    stwu    %r1, -16(%r1)
    stw     %r0, 20(%r1)
    stw     %r31, 12(%r1)
    stw     %r30, 8(%r1)
    mr      %r30, %r5
    mfmsr   %r31
    ori     %r6, %r31, MSR_PMM
    mtctr   %r3
    mr      %r3, %r4
    lwz     %r5, 0(%r30)
    mtmsr   %r6                 /* marked; FAC still freezes everything */
    isync
    PMU_INSN mtpmr PMR_PMGC0, %r5 /* the program's PMGC0: counting from here */
    bctrl
    mtmsr   %r31                /* unmarked: FCM0 freezes */
    isync
    PMU_INSN mfpmr %r5, PMR_PMGC0
    PMU_INSN stw %r5, 0(%r30)
    PMU_INSN oris %r5, %r5, PMGC0_FAC >> 16
    PMU_INSN mtpmr PMR_PMGC0, %r5
    lwz     %r30, 8(%r1)
    lwz     %r31, 12(%r1)
    lwz     %r0, 20(%r1)
    mtlr    %r0
    addi    %r1, %r1, 16
    blr

    .pushsection .rodata.ppc_pmu_patch, "a"
    .globl ppc_pmu_patch_end
ppc_pmu_patch_end:
    .popsection

    .section .bss.ppc_stub, "aw", @nobits
    .balign SCRATCH_BYTES
    .globl ppc_stub_stack
ppc_stub_stack:
    .space  STUB_STACK_BYTES
ppc_scratch_base:
    .space  SCRATCH_BYTES
ppc_scratch_crit:
    .space  SCRATCH_BYTES
ppc_scratch_debug:
    .space  SCRATCH_BYTES
ppc_scratch_mchk:
    .space  SCRATCH_BYTES
    .globl ppc_probe_recover
ppc_probe_recover:
    .space  4
    .globl ppc_probe_msr
ppc_probe_msr:
    .space  4
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
    /* quick.c's struct ppc_quick, here so that the quick path reaches the
     * base scratch block from it by a constant offset */
    .balign H_BYTES
    .globl ppc_quick
ppc_quick:
    .space  Q_BYTES
#endif

    .section .note.GNU-stack, "", @progbits
