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
#define TSIZE_16M 0x700
#define TSIZE_1M 0x500
#define MAS2_I 0x8
/* MAS2[VLE], IBM bit 26 (e200z7 RM Table 10-11). The TSIZE values above
 * are the e500's 4-bit field at MAS1 bits 20-23 (4^n KiB); read as the
 * e200z7's 5-bit field at bits 20-24 (2^n KiB, RM Table 10-10) they are
 * the same sizes, as every size here is a power of 4. */
#define MAS2_VLE 0x20

/* ppce500_vle.ld's VLE megabyte; 0 with ppce500.ld, which has none. */
    .weak __pmustub_vle_start, __pmustub_vle_size
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
    .balign 4
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
    /* VLE code (ppce500_vle.ld, only if there is any): its megabyte by
     * TLB1 entry 4 with MAS2[VLE], cached as the program's memory is, and
     * the program's entry 0 cut to the 16 MiB below it, so that no
     * address hits two entries (e200z7 RM 10.3). */
    lis     %r3, __pmustub_vle_size@ha
    addi    %r3, %r3, __pmustub_vle_size@l
    cmpwi   %r3, 0
    beq     1f
    TLB1_MAP 0, 0, 0, TSIZE_16M, 0
    TLB1_MAP 4, __pmustub_vle_start, __pmustub_vle_start, TSIZE_1M, MAS2_VLE
1:
    RUN_PROGRAM

    .section .note.GNU-stack, "", @progbits
