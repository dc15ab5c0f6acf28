/*
 * quick_run.h - what the ports' quick paths (stub/arch/mips32/quick.c,
 * stub/arch/ppc32/quick.c) share in C: the bracket they serve and the
 * book of entries their vectors fill, one per bracket, each counter's
 * count since FROM in word counter number of the entry.
 */
#ifndef PMUSTUB_QUICK_RUN_H
#define PMUSTUB_QUICK_RUN_H

#include <stdint.h>
#include "pmustub/quick.h"

#define QUICK_ENTRIES 8
#define QUICK_ENTRY_WORDS 4 /* a word per counter, by its number */

/* The words the vectors read and write: the next free entry, where the
 * core gets them (a full book, or the entry of the bracket the program
 * stops at), the entries. */
struct quick_book {
    uint32_t fill, fill_end;
    uint32_t buf[QUICK_ENTRIES][QUICK_ENTRY_WORDS];
};

/* The bracket, for C only: the traps, the counters of its registers, the
 * highest of them, the brackets to the one the program stops at (0:
 * none). */
struct quick_run {
    uint32_t from_pc, to_pc;
    unsigned n, top, left;
    uint8_t cnt[STUB_QUICK_COUNTERS];
};

/* sq into r and an empty book; 0 if the core has no counters or a
 * register of sq is none of theirs (PMU_REGNUM_COUNT, _COUNT64). */
int quick_run_set(struct quick_run *r, struct quick_book *b, const struct stub_quick *sq,
                  unsigned counters);
/* The book's brackets to the core; 1 if the last was the one the program
 * stops at. */
int quick_run_fold(struct quick_run *r, struct quick_book *b);

#endif
