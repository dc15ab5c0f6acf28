/*
 * quick_layout.h - the quick path's state (quick.c), shared by C and the
 * vector's assembly (vectors.S): byte offsets into struct mips_quick.
 */
#ifndef PMUSTUB_MIPS_QUICK_LAYOUT_H
#define PMUSTUB_MIPS_QUICK_LAYOUT_H

#define Q_ON 0         /* nonzero: traps at Q_FROM / Q_TO are served here */
#define Q_FROM 4       /* FROM's trap; 1 (no pc) when FROM is TO */
#define Q_TO 8         /* TO's trap */
#define Q_FROM_LINK 12 /* FROM's instruction links: $31's value, else 0 */
#define Q_ARMED 16     /* a bracket is open: Q_HW holds its start */
#define Q_FROM_HITS 20 /* quick hits at FROM the core has not heard of */
#define Q_SNAP 24      /* FROM: entry into the unrolled counter reads */
#define Q_AT 28        /* the program's $1 */
#define Q_HW 32        /* 4 words: PerfCnt0..3 at FROM */
#define Q_SLOT 48      /* 2 x 8 words: FROM's slot, TO's slot */
#define Q_SLOT_BYTES 64
#define Q_RESUME 112   /* 16 words: where a break at each slot word goes on */
#define Q_REGS 176     /* 20 words: $2-$15, $24, $25, $29, $31, lo, hi */
#define Q_REG_RA 17    /* $31's index in Q_REGS */
#define Q_T2 256       /* the program's $2 and $3 in the TO path */
#define Q_T3 260
#define Q_REARM 264    /* Q_ARMED after TO: 1 when FROM is TO */
#define Q_TO_LINK 268  /* TO's instruction links: $31's value, else 0 */
#define Q_END 272      /* TO: entry into the unrolled counter reads */
#define Q_FILL 276     /* the book (quick_run.h): the next free entry, */
#define Q_FILL_END 280 /* a full Q_BUF, or the entry of the last bracket, */
#define Q_BUF 284      /* Q_ENTRIES x 4 words: each bracket's counts */
#define Q_ENTRIES 8
#define Q_ENTRY_BYTES 16
#define Q_WORDS 103

#endif
