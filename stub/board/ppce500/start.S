/*
 * start.S - ppce500 start-up: a known MSR and the TLB, then the C
 * environment, the board and the stub, a first stop before main, then main
 * and its exit code to GDB (../ppc_start.inc).
 *
 * QEMU's -kernel enters here with MSR = 0 and TLB1 entry 0 mapping RAM at
 * 0 (hw/ppc/e500.c, ppce500_cpu_reset; docs/power.md, "QEMU 7.2
 * facts found on the way"); nothing else is
 * assumed. This file runs from the program's pages: the stub's own
 * (ppce500.ld, from 0x04000000) are mapped here before any of it runs.
 */
#include "../../arch/ppc32/booke.h"
#include "../ppc_start.inc"

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
    MSR_ME_ONLY
    /* The program's 64 MiB, cached, as QEMU maps them (QEMU sizes its
     * entry 0 to reach the device tree it places after the ELF's end,
     * which the stub's pages push past 64 MiB: rewritten, it no longer
     * overlaps entry 2). Then the stub's megabyte, cache-inhibited, and
     * the same 64 MiB again, cache-inhibited, at __pmustub_ram_alias: the
     * stub reads and writes the program's memory there (memory.c), so that
     * GDB's accesses and breakpoints bring none of it into the caches. */
    TLB1_MAP 0, 0, 0, TSIZE_64M, 0
    TLB1_MAP 2, __pmustub_start, __pmustub_start, TSIZE_1M, MAS2_I
    TLB1_MAP 3, __pmustub_ram_alias, 0, TSIZE_64M, MAS2_I
    RUN_PROGRAM

    .section .note.GNU-stack, "", @progbits
