/*
 * quick_layout.h - the Power quick path's state (quick.c), shared by C and
 * the vector's assembly (vectors.S): byte offsets into struct ppc_quick.
 */
#ifndef PMUSTUB_PPC_QUICK_LAYOUT_H
#define PMUSTUB_PPC_QUICK_LAYOUT_H

/* Two halves first (FROM's, TO's), each 64 bytes and 64-aligned, so that
 * a trap in a slot finds its half by clearing the address's low bits. */
#define H_BYTES 64
#define H_SLOT 0      /* 4 words: the instruction, then traps */
#define H_TAKEN 8     /* the trap a branch taken goes to (PPC_W_TAKEN) */
#define H_RESUME 16   /* 4 words: where a trap at slot word w goes on (0: not ours) */
#define H_KIND 32     /* H_NONE, H_LR, H_CTR: what the instruction branches through */
#define H_SAVED 36    /* LR or CTR at the hit, the program's again after the slot */
#define H_LINK 40     /* LK set: LR's value after the slot (pc + 4), else 0 */
#define H_NONE 0
#define H_LR 1
#define H_CTR 2

#define Q_ON 128        /* nonzero: traps at Q_FROM / Q_TO are served here */
#define Q_FROM 132      /* FROM's trap; 1 (no pc) when FROM is TO */
#define Q_TO 136        /* TO's trap */
#define Q_ARMED 140     /* a bracket is open: Q_HW holds its start */
#define Q_FROM_HITS 144 /* quick hits at FROM the core has not heard of */
#define Q_TOP 148       /* the highest counter the bracket reads */
#define Q_REARM 152     /* Q_ARMED after TO: 1 when FROM is TO */
#define Q_R6 156        /* the program's r6 in the TO path */
#define Q_MSR 160       /* MSR of the vector, around the C call */
#define Q_HW 164        /* 4 words: PMC0..3 at FROM */
#define Q_REGS 180      /* 11 words: r0, XER, r7-r12, LR, CTR, r1 */
#define Q_FILL 224      /* the book (quick_run.h): the next free entry, */
#define Q_FILL_END 228  /* a full book, or the entry of the last bracket, */
#define Q_BUF 232       /* Q_ENTRIES x 4 words: each bracket's counts */
#define Q_ENTRIES 8
#define Q_ENTRY_BYTES 16
#define Q_WORDS 90
#define Q_BYTES 384     /* with the words only C uses (vectors.S reserves it) */

#endif
