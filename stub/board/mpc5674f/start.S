/*
 * start.S - MPC5674F start-up, from the state the Boot Assist Module
 * leaves after an internal-flash boot: the watchdog off, SRAM's ECC
 * written, the SRAM image (the stub, its vectors, the program's data)
 * copied from flash, then the C environment, the board and the stub, a
 * first stop before main, then main and its exit code to GDB
 * (../ppc_start.inc).
 *
 * What the BAM leaves (CM2350 emulator bam.py, after MPC5674F RM section
 * 8.5.2; RTEMS bsps/powerpc/mpc55xxevb start-config-mmu-early.c relies on
 * entries 0 and 4): TLB entries 0 (0xFFF00000, 1 MiB, I+G), 1 (flash at 0,
 * 16 MiB), 2 (external bus 0x20000000, 16 MiB), 3 (SRAM 0x40000000,
 * 256 KiB, I), 4 (0xC3F00000, 1 MiB, I+G), all Book E pages here since the
 * RCHW says VLE = 0; MSR = 0; the core jumps to the word after the RCHW.
 * This file keeps that map: the program's code runs cached from flash,
 * the stub and the program's data and stack cache-inhibited from SRAM;
 * only a program with VLE code (mpc5674f_vle.ld) has the flash entry cut
 * so that its VLE code is on a VLE page (FLASH_SPLIT below).
 */
#include "../../arch/ppc32/booke.h"
#include "../ppc_start.inc"

/* The reset configuration half word and the entry address, at flash 0,
 * the first place the BAM looks (CM2350 emulator bam.py, after MPC5674F
 * RM Table 3-4; MPC5644A RM Fig. 21-4 for the fields): boot ID 0x5A in
 * bits 8-15, SWT = 0 (the BAM leaves the watchdog off), WTE = 0, VLE = 0
 * (Book E code); RTEMS start.S writes the same 0x005A0000. A program with
 * VLE code keeps VLE = 0 too: with VLE = 1 the BAM would make entries 1-3
 * VLE pages, SRAM's (the stub's code and vectors, Book E) among them, and
 * start here in VLE, so that VLE code would have to rewrite entry 3 and
 * the flash entry before any of this file or the program's Book E code
 * could run; with VLE = 0 all of it runs as without VLE code, and one
 * Book E step, FLASH_SPLIT, gives the VLE code its page. */
#define RCHW 0x005A0000

/* The software watchdog (mpc5674f.h v1.04 struct SWT_tag at 0xFFF38000,
 * as RTEMS carries it in fsl-mpc567x.h): the keys 0xC520, 0xD928 to SR
 * (+0x10) unlock it, MCR (+0) = 0x8000010A then leaves it off (RTEMS
 * start-watchdog.c; the same sequence in Freescale's MPC560x start-up
 * code). The BAM already turns it off for SWT = 0; this is for a start
 * from a debugger or a boot that left it on. */
#define SWT 0xFFF38000
#define SWT_SR 0x10
#define SWT_MCR_OFF 0x8000010A

#define SRAM 0x40000000
#define SRAM_SIZE 0x40000

    .section .rchw, "a"
    .long   RCHW
    .long   _start

/* The flash entry's split for VLE code. The BAM's TLB entry 1 maps 16
 * MiB from 0 (the 4 MiB of flash, then the shadow flash, CM2350 emulator
 * memory map, unverified) as one Book E page. A program with VLE code
 * (mpc5674f_vle.ld) has it at VLE_PAGE, a megabyte of flash of its own,
 * which must be a page with MAS2[VLE]; the VLE attribute is per TLB
 * entry (e200z7 RM 10.3, Table 10-2), and an address that hits two
 * entries is a programming error with an undefined result (RM 10.3: "A
 * hit to multiple TLB entries is considered to be a programming error"),
 * so the 16 MiB become seven pages that do not overlap:
 *   entry 1: 0x00000000, 1 MiB, Book E (the RCHW, this code, the
 *            program's Book E code and read-only data, the SRAM image;
 *            the linker script asserts they end below VLE_PAGE),
 *   entry 5: 0x00100000, 1 MiB, VLE (the program's VLE code),
 *   entries 6, 7: 0x00200000, 0x00300000, 1 MiB each, Book E,
 *   entries 8, 9, 10: 0x00400000, 0x00800000, 0x00C00000, 4 MiB each.
 * Entries 5-10 are free: reset invalidates every entry but 0 (RM 10.6.7)
 * and the BAM writes 0-4 (the header of this file).
 * Page sizes: the e200z7's TLB takes every power of 2 from 1 KiB to 4
 * GiB, MAS1[TSIZE] = n for 2^n KiB (RM 10.1 and Table 10-1, TLB1CFG
 * AVAIL = P2PSA = 1 in Table 10-5; the Book E MMU's encoding, Linux
 * arch/powerpc/include/asm/mmu-book3e.h BOOK3E_PAGESZ_1M = 10, _4M =
 * 12). Only the even powers of 2 are used here (1 and 4 MiB), as 2 MiB
 * for 0x00200000 would have done on the chip, because those are the
 * sizes the e500's 4-bit TSIZE shares with the e200z7's 5-bit one (4^n
 * KiB), the form vboard's MMU reads.
 * Entry 1 is rewritten first, while this code runs from it: with its own
 * EPN, RPN and attributes and a smaller size that still holds this code,
 * so the translation of every instruction here is the same before and
 * after, and no address is in two entries at any time (0x00100000 and up
 * is unmapped until the next tlbwe). Every piece keeps entry 1's MAS1
 * (V, IPROT, TID, TS), WIMGE and permissions, read back with tlbre (RM
 * 10.5.1); isync after each tlbwe makes the new entry the one the next
 * instruction fetch uses (Power ISA Book III-E, "Synchronization
 * Requirements for Context Alterations": tlbwe, then a context
 * synchronizing instruction before the fetch it affects).
 * Uses r3, r4, r7-r9. */
#define VLE_PAGE 0x00100000
#define MAS0_TLB1 0x10000000 /* TLBSEL = 01: MAS0 bits 2-3 (RM Table 10-9) */
#define MAS0_ESEL_SHIFT 16   /* ESEL: MAS0 bits 10-15 (RM Table 10-9) */
#define MAS1_TSIZE 0x0F80    /* TSIZE: MAS1 bits 20-24 (RM Table 10-10) */
#define TSIZE_1M (10 << 7)   /* 2^10 KiB (RM Table 10-1) */
#define TSIZE_4M (12 << 7)   /* 2^12 KiB */
#define MAS2_WIMGE 0x1F      /* MAS2 bits 27-31 (RM Table 10-11) */
#define MAS2_VLE 0x20        /* MAS2[VLE], bit 26 (RM Table 10-11) */
#define MAS3_UBITS_PERMS 0x3FF /* U0-U3, UX SX UW SW UR SR: MAS3 bits
                                * 22-31, under RPN 0-21 (RM Table 10-12) */
#define FLASH_ENTRY 1

/* Writes TLB entry esel: ea onto the same real address, tsize, entry 1's
 * MAS1 (r7, TSIZE cleared), WIMGE (r8) and MAS3 bits (r9), plus vle. */
.macro FLASH_PAGE esel, ea, tsize, vle
    lis     %r3, (MAS0_TLB1 | (\esel << MAS0_ESEL_SHIFT))@h
    mtspr   SPR_MAS0, %r3
    ori     %r3, %r7, \tsize
    mtspr   SPR_MAS1, %r3
    lis     %r3, \ea@h
    or      %r3, %r3, %r8
    ori     %r3, %r3, \vle
    mtspr   SPR_MAS2, %r3
    lis     %r3, \ea@h
    or      %r3, %r3, %r9
    mtspr   SPR_MAS3, %r3
    tlbwe
    isync
.endm

.macro FLASH_SPLIT
    lis     %r3, (MAS0_TLB1 | (FLASH_ENTRY << MAS0_ESEL_SHIFT))@h
    mtspr   SPR_MAS0, %r3
    tlbre
    isync                       /* as vle_page.c after its tlbsx */
    mfspr   %r7, SPR_MAS1
    li      %r4, MAS1_TSIZE
    andc    %r7, %r7, %r4
    mfspr   %r8, SPR_MAS2
    andi.   %r8, %r8, MAS2_WIMGE
    mfspr   %r9, SPR_MAS3
    andi.   %r9, %r9, MAS3_UBITS_PERMS
    FLASH_PAGE FLASH_ENTRY, 0x00000000, TSIZE_1M, 0
    FLASH_PAGE 5, VLE_PAGE, TSIZE_1M, MAS2_VLE
    FLASH_PAGE 6, 0x00200000, TSIZE_1M, 0
    FLASH_PAGE 7, 0x00300000, TSIZE_1M, 0
    FLASH_PAGE 8, 0x00400000, TSIZE_4M, 0
    FLASH_PAGE 9, 0x00800000, TSIZE_4M, 0
    FLASH_PAGE 10, 0x00C00000, TSIZE_4M, 0
.endm

/* mpc5674f_vle.ld's VLE code; 0 with mpc5674f.ld, which has none. */
    .weak __pmustub_vle_start, __pmustub_vle_size

/* Copies words [dst, end) from src (uses r3-r6). */
.macro COPY_WORDS dst, end, src
    lis     %r3, \dst@ha
    addi    %r3, %r3, \dst@l
    lis     %r4, \end@ha
    addi    %r4, %r4, \end@l
    lis     %r5, \src@ha
    addi    %r5, %r5, \src@l
1:  cmplw   %r3, %r4
    bge     2f
    lwz     %r6, 0(%r5)
    stw     %r6, 0(%r3)
    addi    %r3, %r3, 4
    addi    %r5, %r5, 4
    b       1b
2:
.endm

    .section .text.start, "ax"
    .balign 4
    .globl _start
_start:
    lis     %r3, SWT@h
    li      %r4, 0
    ori     %r4, %r4, 0xC520
    stw     %r4, SWT_SR(%r3)
    li      %r4, 0
    ori     %r4, %r4, 0xD928
    stw     %r4, SWT_SR(%r3)
    lis     %r4, SWT_MCR_OFF@h
    ori     %r4, %r4, SWT_MCR_OFF@l
    stw     %r4, 0(%r3)
    MSR_ME_ONLY
    /* SRAM's ECC: after power-on the check bits are random, and a read
     * of a word never written is an ECC error; each 64-bit word must be
     * written whole once (RTEMS start.S does it with SPE's evstdd; the
     * MPC5644A RM, ch. 21, says the BAM does it only for a serial boot).
     * stmw of all 32 GPRs at a doubleword-aligned address writes 128
     * bytes as 64-bit bus writes on the e200: Freescale's own RAppID
     * ecc_init.s (MPC5643L, SPC560P) clears its SRAM this way, 128 bytes
     * a time, and it needs neither SPE (MSR[SPV]) nor an instruction
     * vboard lacks. vboard's SRAM has no ECC model, so there it only
     * costs the loop. The values stored do not matter. */
    lis     %r11, SRAM@h
    li      %r12, SRAM_SIZE / 128
    mtctr   %r12
3:  stmw    %r0, 0(%r11)
    addi    %r11, %r11, 128
    bdnz    3b
    /* The SRAM image: the stub's vectors, code and data and the program's
     * data, linked for SRAM and stored in flash after the program's code
     * (mpc5674f.ld). */
    COPY_WORDS __sram_image_start, __sram_image_end, __sram_image_load
    /* VLE code (mpc5674f_vle.ld, only if there is any): its flash
     * megabyte becomes a VLE page, the rest of the BAM's flash entry
     * stays Book E (see FLASH_SPLIT). */
    lis     %r3, __pmustub_vle_size@ha
    addi    %r3, %r3, __pmustub_vle_size@l
    cmpwi   %r3, 0
    beq     4f
    FLASH_SPLIT
4:
    RUN_PROGRAM

    .section .note.GNU-stack, "", @progbits
