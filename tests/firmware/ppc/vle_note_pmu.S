/*
 * vle_note_pmu.S - the e200z7 note's example (seed 004, "Using the
 * Performance Monitor Unit on the e200z760n3", section 4 "Example: How to
 * set up the PMU") as VLE code, as the note writes it, with its mistakes
 * put right:
 *  - The event number goes in PMLCa's EVENT field, IBM bits 8-15, the
 *    upper halfword (event << 16; e200z7 RM 8.3.3, shared/reference/
 *    e200z7.md section 2; Linux reg_fsl_emb.h PMLCA_EVENT_SHIFT 16). The
 *    note writes `e_or2i 0x2700` (and 0x3900, 0x4800) after `e_lis 0`:
 *    that is 0x00002700, EVENT = 0 (the counter counts nothing) with
 *    PMP (0x7000) = 2 and reserved bits set. Here: `e_lis rD, 39` and
 *    `e_or2i rD, 0`, which is 0x00270000 (57: 0x00390000, 72: 0x00480000).
 *    The note's own text says "bits 8 to 15" and its code does not.
 *  - Operands: gas takes `e_lis rD, UI` (binutils ppc-opc.c: RD then
 *    UI); the note writes `e_lis 0x8000, r3`, and two of its `e_lis
 *    0x0000` lines name no register at all.
 *  - Its Table 1 gives PMLCa2 as PMR 145; it is 146 (RM Table 8-1; its
 *    code writes 146, rightly).
 *  - Order: the note unfreezes (4.3) before it chooses the events (4.4);
 *    the RM's sequence is freeze (PMGC0[FAC]), write the counters and
 *    controls, then clear FAC with the last mtpmr (RM 8.5).
 * Between note_begin and note_end the program reads 32 KiB it has never
 * touched (0x00800000 up, zero RAM inside the 16 MiB ppce500_vle.ld
 * gives the program), one word a 32-byte line: 1024 data-cache linefills
 * (e200z7 RM ch. 9: 32-byte lines), and runs code the I-cache has not
 * seen (instruction linefills). Then it freezes the counters and reads
 * PMC0-2 into r3-r5 (4.5) at note_read.
 */
#define PMGC0 400
#define PMLCA0 144
#define PMLCA1 145
#define PMLCA2 146
#define PMC0 16
#define PMC1 17
#define PMC2 18
#define BUF 0x0080 /* upper halfword of 0x00800000 */
#define LINES 1024

    .text
    .globl main
    .type main, @function
main:
    /* 4.2: freeze all counters (PMGC0[FAC], 0x80000000) */
    e_lis   %r3, 0x8000
    e_or2i  %r3, 0x0000
    mtpmr   PMGC0, %r3
    se_li   %r3, 0
    mtpmr   PMC0, %r3
    mtpmr   PMC1, %r3
    mtpmr   PMC2, %r3
    /* 4.4: the events, EVENT = PMLCa bits 8-15 */
    e_lis   %r3, 39             /* cycles branch issue stalled */
    e_or2i  %r3, 0x0000
    mtpmr   PMLCA0, %r3
    e_lis   %r3, 57             /* data cache linefills */
    e_or2i  %r3, 0x0000
    mtpmr   PMLCA1, %r3
    e_lis   %r3, 72             /* instruction cache linefills */
    e_or2i  %r3, 0x0000
    mtpmr   PMLCA2, %r3
    /* 4.3: unfreeze */
    e_lis   %r3, 0
    e_or2i  %r3, 0
    .globl note_begin
note_begin:
    mtpmr   PMGC0, %r3
    e_lis   %r6, BUF
    e_li    %r7, LINES
    se_mtctr %r7
1:  e_lwz   %r8, 0(%r6)
    e_addi  %r6, %r6, 32
    e_bdnz  1b
    .globl note_end
note_end:
    e_lis   %r3, 0x8000
    mtpmr   PMGC0, %r3          /* freeze all again */
    /* 4.5: read the counters */
    mfpmr   %r3, PMC0
    mfpmr   %r4, PMC1
    mfpmr   %r5, PMC2
    .globl note_read
note_read:
    se_li   %r3, 0
    se_blr
    .size main, . - main

    .section .note.GNU-stack, "", @progbits
