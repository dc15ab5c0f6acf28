/*
 * start.S - ppce500 start-up: a known MSR, the C environment, the board
 * and the stub, a first stop before main, then main and its exit code to
 * GDB.
 *
 * QEMU's -kernel enters here with MSR = 0 and TLB1 entry 0 mapping RAM at
 * 0 (hw/ppc/e500.c, ppce500_cpu_reset; docs/power.md, "QEMU 7.2
 * facts found on the way"); nothing else is
 * assumed. This file runs from the program's pages: the stub's own
 * (ppce500.ld, from 0x04000000) are mapped here before any of it runs.
 */
#include "../../arch/ppc32/booke.h"

/* TLB1 entries (e500 core RM "MMU Assist Registers"; Linux
 * arch/powerpc/include/asm/mmu-book3e.h: MAS0_TLBSEL(1) 0x10000000,
 * MAS0_ESEL(n) n << 16, MAS1_VALID 0x80000000, MAS1_IPROT 0x40000000,
 * MAS1_TSIZE(BOOK3E_PAGESZ_64M = 8, _1M = 5) << 8, MAS2_I 0x8, MAS3_SX
 * 0x10, MAS3_SW 0x4, MAS3_SR 0x1). */
#define MAS1_V_IPROT 0xc0000000
#define TSIZE_64M 0x800
#define TSIZE_1M 0x500
#define MAS2_I 0x8
#define MAS3_SX_SW_SR 0x15

/* Zeroes the words from start to end (r0 = 0; uses r3, r4). */
.macro ZERO_WORDS start, end
    lis     %r3, \start@ha
    addi    %r3, %r3, \start@l
    lis     %r4, \end@ha
    addi    %r4, %r4, \end@l
1:  cmplw   %r3, %r4
    bge     2f
    stw     %r0, 0(%r3)
    addi    %r3, %r3, 4
    b       1b
2:
.endm

/* Writes TLB1 entry esel: va onto pa, tsize, MAS2 attribute bits wimge. */
.macro TLB1_MAP esel, va, pa, tsize, wimge
    lis     %r3, (0x10000000 | (\esel << 16))@h
    mtspr   SPR_MAS0, %r3
    lis     %r3, MAS1_V_IPROT@h
    ori     %r3, %r3, \tsize
    mtspr   SPR_MAS1, %r3
    lis     %r3, \va@h
    ori     %r3, %r3, \wimge
    mtspr   SPR_MAS2, %r3
    lis     %r3, \pa@h
    ori     %r3, %r3, MAS3_SX_SW_SR
    mtspr   SPR_MAS3, %r3
    li      %r3, 0
    mtspr   SPR_MAS7, %r3
    tlbwe
    isync
.endm

    .section .text.start, "ax"
    .globl _start
_start:
    /* Machine checks on (MSR[ME]): a bus error is then an interrupt the
     * stub reports, not a checkstop. Everything else off. Through rfi:
     * QEMU's mtmsr leaves ME alone (target/ppc/translate.c gen_mtmsr,
     * "mtmsr does not alter S, ME, or LE"); rfi sets all of MSR. */
    lis     %r3, 1f@ha
    addi    %r3, %r3, 1f@l
    mtspr   SPR_SRR0, %r3
    li      %r3, MSR_ME
    mtspr   SPR_SRR1, %r3
    rfi
    /* The program's 64 MiB, cached, as QEMU maps them (QEMU sizes its
     * entry 0 to reach the device tree it places after the ELF's end,
     * which the stub's pages push past 64 MiB: rewritten, it no longer
     * overlaps entry 2). Then the stub's megabyte, cache-inhibited, and
     * the same 64 MiB again, cache-inhibited, at __pmustub_ram_alias: the
     * stub reads and writes the program's memory there (memory.c), so that
     * GDB's accesses and breakpoints bring none of it into the caches. */
1:  TLB1_MAP 0, 0, 0, TSIZE_64M, 0
    TLB1_MAP 2, __pmustub_start, __pmustub_start, TSIZE_1M, MAS2_I
    TLB1_MAP 3, __pmustub_ram_alias, 0, TSIZE_64M, MAS2_I
    lis     %r1, _stack_top@ha
    addi    %r1, %r1, _stack_top@l
    li      %r0, 0
    stwu    %r0, -16(%r1)       /* ABI: the first frame's back chain is 0 */
    lis     %r13, _SDA_BASE_@ha /* for programs built with small data */
    addi    %r13, %r13, _SDA_BASE_@l
    ZERO_WORDS __bss_start, __bss_end                 /* the program's */
    ZERO_WORDS __pmustub_bss_start, __pmustub_bss_end /* the stub's, uncached */
    bl      pmustub_board_init
    /* The first stop: GDB attaches here, before any user code runs. The
     * port steps over this trap when GDB resumes. */
    .globl pmustub_boot_break
pmustub_boot_break:
    trap
    bl      main
    bl      pmustub_exit
4:  b       4b

    .section .note.GNU-stack, "", @progbits
