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
 * the stub and the program's data and stack cache-inhibited from SRAM.
 */
#include "../../arch/ppc32/booke.h"
#include "../ppc_start.inc"

/* The reset configuration half word and the entry address, at flash 0,
 * the first place the BAM looks (CM2350 emulator bam.py, after MPC5674F
 * RM Table 3-4; MPC5644A RM Fig. 21-4 for the fields): boot ID 0x5A in
 * bits 8-15, SWT = 0 (the BAM leaves the watchdog off), WTE = 0, VLE = 0
 * (Book E code); RTEMS start.S writes the same 0x005A0000. A VLE build
 * would set VLE, 0x01000000. */
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
    RUN_PROGRAM

    .section .note.GNU-stack, "", @progbits
